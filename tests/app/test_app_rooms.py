"""The app's rooms, as a newcomer finds them: one folder per wizard, one place that makes and
opens a step's wizard, and a turn driver that works through the session and a narrow desk,
never the main window."""

from __future__ import annotations

import ast
from pathlib import Path

import referee.app

APP = Path(referee.app.__file__).parent
WIZARDS = APP / "wizards"
STEP_WIZARDS = {
    "OrdersWizard",
    "MovementWizard",
    "GunneryWizard",
    "AssaultWizard",
    "AgonyWizard",
    "HexEffectsWizard",
    "AftermathWizard",
}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def test_each_wizard_lives_in_a_folder_of_its_own() -> None:
    loose = sorted(p.name for p in WIZARDS.glob("*.py"))
    assert loose == ["__init__.py", "opener.py"]
    folders = {p.parent.name for p in WIZARDS.glob("*/wizard.py")}
    assert folders == {
        "aftermath",
        "agony",
        "assault",
        "gunnery",
        "hex_effects",
        "movement",
        "new_match",
        "orders",
    }


def test_a_step_wizard_is_made_in_one_place_only() -> None:
    makers = set()
    for path in APP.rglob("*.py"):
        for node in ast.walk(_tree(path)):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in STEP_WIZARDS
            ):
                makers.add(path.relative_to(APP).as_posix())
    assert makers == {"wizards/opener.py"}


def test_the_turn_driver_never_reaches_into_the_main_window() -> None:
    tree = _tree(APP / "session" / "turn_driver.py")
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "referee.app.window.main_window" not in imported
    reached = {
        n.attr
        for n in ast.walk(tree)
        if isinstance(n, ast.Attribute)
        and isinstance(n.value, ast.Attribute)
        and n.value.attr == "desk"
    }
    assert reached <= {"session", "run_step", "next_step", "say"}
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "window"]
