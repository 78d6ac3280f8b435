"""The engine stays pure: nothing outside the app package imports Qt."""

from __future__ import annotations

import ast
from pathlib import Path

import referee

PACKAGE = Path(referee.__file__).parent
UI_PACKAGES = {"app"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_engine_imports_no_qt() -> None:
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0] in UI_PACKAGES:
            continue
        if {"PySide6", "PyQt5", "PyQt6", "shiboken6"} & _imports(path):
            offenders.append(str(rel))
    assert offenders == []


def test_architecture_check_sees_a_qt_import(tmp_path: Path) -> None:
    sample = tmp_path / "x.py"
    sample.write_text("from PySide6.QtCore import QObject\n")
    assert "PySide6" in _imports(sample)
