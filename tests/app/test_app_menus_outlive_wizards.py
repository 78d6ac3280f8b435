"""The main window's menus outlive the wizards the keyboard went through: Tab and Shift+Tab
in a wizard read the window's Tab chain, and PySide records each widget read that way as a
child of the one it was read from; when the wizard's widgets were deleted, every widget of
the window met on the way went "already deleted" for Python (the menus, File > Open
Recent, the window itself: s9 trial, defect 2). Qt moves the keyboard along the chain
itself now; the chain is not read from Python (:mod:`referee.app.wizards.common.tab_out`)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QSettings, Qt
from PySide6.QtWidgets import QApplication
from shiboken6 import isValid

from referee.app.window.main_window import MainWindow
from referee.match.setup.demo import create_demo_match


def remembering_window(qtbot, tmp_path) -> MainWindow:
    """The window on a demo match, remembering the matches opened (File > Open Recent)."""
    settings = QSettings(str(tmp_path / "referee.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    path = tmp_path / "demo.referee"
    create_demo_match(path).close()
    window.open_match(path)
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    return window


def lasting_parts(window) -> list[object]:
    """The window's parts that live as long as it does."""
    return [
        window,
        window.menuBar(),
        *window.menus.values(),
        window.recent_menu,
        window.tracker_dock,
        window.journal_dock,
        window.journal,
        window.view,
        window.wizard_host,
    ]


def test_tab_round_a_wizard_then_closing_it_leaves_the_menus_working(qtbot, tmp_path):
    window = remembering_window(qtbot, tmp_path)
    parts = lasting_parts(window)
    wizard = window.open_gunnery_wizard()
    assert wizard is not None
    qtbot.waitExposed(wizard)
    page = wizard.currentPage()
    page.setFocus()
    page.focusNextChild()
    for key in [Qt.Key.Key_Tab] * 12 + [Qt.Key.Key_Backtab] * 12:
        qtbot.keyClick(QApplication.focusWidget(), key)
    wizard.reject()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)  # its pages gone
    assert [type(p).__name__ for p in parts if not isValid(p)] == []
    other = tmp_path / "other.referee"
    create_demo_match(other).close()
    window.open_match(other)  # File > Open: Open Recent is filled again, the game attached
    assert window.session is not None and window.session.path == other
    recent = [a.text() for a in window.recent_menu.actions()]
    assert recent[:2] == ["&1 other.referee", "&2 demo.referee"], recent
    assert window.menus["&Wizards"].actions()
