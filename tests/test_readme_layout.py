"""The README's layout section is the map a newcomer reads: every package of referee is in it,
on the floor ``tests/test_floors.py`` gives it, and every folder it names exists."""

from __future__ import annotations

import re
from pathlib import Path

import referee
from tests.test_floors import FLOORS

PACKAGE = Path(referee.__file__).parent
README = PACKAGE.parent / "README.md"


def _layout_rows() -> list[tuple[str, list[str]]]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Layout\n", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0].isdigit():
            rows.append((cells[0], re.findall(r"`referee/(\w+)/`", cells[1])))
    return rows


def test_every_package_of_referee_is_in_the_layout_on_its_floor() -> None:
    shown = {name: int(floor) for floor, names in _layout_rows() for name in names}
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert sorted(packages - shown.keys()) == []
    assert {name: FLOORS[name] for name in shown} == shown


def test_the_layout_names_only_folders_that_exist() -> None:
    section = README.read_text(encoding="utf-8").split("## Layout\n", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`(referee/[\w/]+/)`", section))
    assert sorted(n for n in named if not (PACKAGE.parent / n).is_dir()) == []
