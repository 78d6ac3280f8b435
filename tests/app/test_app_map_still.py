"""The map does not jump when a wizard opens or closes: the wizard's dock takes no room
from the map or the docks across it (the right column is laid out as wide as a wizard
opens), so the map keeps its place in the window, its scale and what it shows."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import QPoint, QRectF

from referee.app.window.main_window import MainWindow
from referee.rules.orders.commands import Advance


def where(window: MainWindow) -> tuple[QPoint, int, int, QRectF, float]:
    """The map's place and size in the window, the scene it shows and its scale."""
    view = window.view
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    return (
        view.mapTo(window, QPoint(0, 0)),
        view.width(),
        view.height(),
        shown,
        view.transform().m11(),
    )


def still(qtbot, window: MainWindow, before) -> None:
    qtbot.wait(300)  # the layout settles (a dock widened in one pass, the map in the next)
    now = where(window)
    assert now[:3] == before[:3]
    assert now[3].toAlignedRect() == before[3].toAlignedRect() and now[4] == before[4]


def test_a_wizard_opening_and_closing_leaves_the_map_where_it_was(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    driver = window.turn_driver
    for step, opener in (  # each at its step (ruling turn.step-outside-phase)
        ("gunnery-1", window.open_gunnery_wizard),
        ("gunnery-1", driver.open_orders),
        ("movement-1", driver.open_movement),
        ("agony-0", driver.open_agony),
        ("aftermath", driver.open_aftermath),
    ):
        if window.session.state.step != step:
            moved = window.run_step(f"To {step}", [Advance(to=step, unfired="pass")])
            assert moved is not None, window.last_error
        before = where(window)
        wizard = opener()
        assert wizard is not None
        qtbot.waitExposed(wizard)
        still(qtbot, window, before)
        wizard.reject()
        still(qtbot, window, before)


def test_a_zoomed_in_map_is_not_scrolled_by_a_wizard(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.view.zoom_in()
    window.view.zoom_in()
    window.view.horizontalScrollBar().setValue(window.view.horizontalScrollBar().maximum())
    window.view.verticalScrollBar().setValue(window.view.verticalScrollBar().minimum())
    qtbot.wait(300)  # the scroll bars the zoom brings are laid out
    before = where(window)
    wizard = window.open_gunnery_wizard()
    assert wizard is not None
    qtbot.waitExposed(wizard)
    still(qtbot, window, before)
    wizard.reject()
    still(qtbot, window, before)
