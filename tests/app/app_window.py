"""The main window on a fresh demo match, for the app's tests."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt

from referee.app.map.geometry import hex_centre
from referee.app.window.main_window import MainWindow
from referee.board.hexgrid import Hex
from referee.match.setup.demo import create_demo_match


def demo_window(qtbot, tmp_path: Path, ruleset: str | None = None) -> MainWindow:
    """The window on a new demo match: the current edition's, or ``ruleset``'s (a test
    of a first-draft rule says so)."""
    path = tmp_path / "demo.referee"
    (create_demo_match(path) if ruleset is None else create_demo_match(path, ruleset)).close()
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.open_match(path)
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    window.view.setFocus()
    window.view.fit()
    return window


def view_point(window: MainWindow, h: Hex) -> QPoint:
    """Where the centre of ``h`` is on the view's viewport."""
    return window.view.mapFromScene(hex_centre(h))


def click_hex(qtbot, window: MainWindow, h: Hex) -> None:
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=view_point(window, h))


def activation_window(qtbot, path: Path, size: tuple[int, int] = (1366, 768)) -> MainWindow:
    """The main window on the match of the activation rules at ``path``, shown."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(*size)
    window.open_match(path)
    assert window.session is not None and window.session.system == "activation", window.last_error
    window.show()
    return window
