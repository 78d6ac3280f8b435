"""Issue 26: the window is a shell of small parts with one job each, "none over ~400
lines". A module of the app over 400 lines is split by job (the tournament window into its
tabs, results desk and File menu's jobs; the army builder into its widgets; the wizard dock
into its keyboard and its width; the map scene into its layers; the main window into opening
a match and running its steps; the Setup dock into its roll, its blind screen, its unit list,
its map drawing and its steps). None is over it."""

from __future__ import annotations

from pathlib import Path

APP = Path(__file__).parent.parent.parent / "referee" / "app"
LIMIT = 400


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_module_of_the_app_is_over_400_lines():
    over = {p.relative_to(APP).as_posix(): lines(p) for p in APP.rglob("*.py") if lines(p) > LIMIT}
    assert over == {}


def test_the_split_windows_are_each_under_400_lines():
    for name in (
        "tournament/window.py",
        "army_builder/builder_window.py",
        "docks/wizard_host.py",
        "map/map_scene.py",
        "map_editor/window.py",
        "wizards/common/dice_entry.py",
        "wizards/orders/wizard.py",
        "wizards/new_match/armies_page.py",
        "docks/los_panel.py",
        "docks/rules_browser.py",
        "window/main_window.py",
        "setup/panel.py",
    ):
        assert lines(APP / name) <= LIMIT, name
