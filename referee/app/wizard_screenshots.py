"""The step wizards at a telling moment, for ``referee screenshots``: the orders wizard on a
unit whose next orders break a speed rule, the movement wizard with its arrows on the map as
an assault starts, the agony wizard with typed dice and their outcomes, and the aftermath
wizard listing what it will remove. Each is an image named for its PNG file; the match is
set up through named steps, as the referee would.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget

from referee.app.main_window import MainWindow
from referee.board.hexgrid import parse_label

WIZARD_SIZE = (1180, 720)
"""A wizard as the referee would size it on a 1366x768 screen (the offscreen platform's
screen is smaller than that, so the size is set)."""


def _settle(app: QApplication) -> None:
    for _ in range(3):
        app.processEvents()


def _step(window: MainWindow, name: str, commands: Sequence[Mapping[str, Any]]) -> None:
    if window.run_step(name, commands) is None:
        raise RuntimeError(f"screenshots: the step {name!r} was refused: {window.last_error}")


def _to(window: MainWindow, step: str) -> list[dict[str, Any]]:
    """The ``advance`` that takes the match on to ``step`` of this turn (none if it is
    there)."""
    state = window.session.state if window.session is not None else None
    return [] if state is not None and state.step == step else [{"kind": "advance", "to": step}]


def _side_by_side(window: MainWindow, wizard: QWidget, app: QApplication,
                  first: str, last: str) -> QPixmap:
    """The window and the wizard tiled side by side on a 1366x768 screen, as a referee
    keeps the movement wizard beside the map: the window narrowed to what the wizard leaves
    (its right-hand docks put away), the map zoomed on the hexes ``first`` to ``last``."""
    full = window.size()
    right = [d for d in window.findChildren(QDockWidget) if not d.isHidden()
             and window.dockWidgetArea(d) == Qt.DockWidgetArea.RightDockWidgetArea]
    for dock in right:
        dock.hide()
    wizard.resize(WIZARD_SIZE[0] // 2, full.height())
    window.resize(full.width() - wizard.width(), full.height())
    _settle(app)
    region = window.scene.hex_items[parse_label(first)].sceneBoundingRect().united(
        window.scene.hex_items[parse_label(last)].sceneBoundingRect()
    )
    window.view.zoom_to(region)
    _settle(app)
    image = QPixmap(full)
    image.fill(QColor("#303030"))
    painter = QPainter(image)
    painter.drawPixmap(QPoint(0, 0), window.grab())
    painter.drawPixmap(QPoint(window.width(), 0), wizard.grab())
    painter.end()
    for dock in right:
        dock.show()
    window.inspector_dock.raise_()
    window.resize(full)
    window.view.fit()
    return image


def wizard_shots(window: MainWindow, app: QApplication) -> Iterator[tuple[str, QPixmap]]:
    """Set the match up for each wizard and yield ``(file name, image)``."""
    driver = window.turn_driver

    orders = driver.open_orders()
    if orders is not None:
        orders.resize(*WIZARD_SIZE)
        orders.next()
        page = orders.orders_page
        page.list.setCurrentRow(0)  # the tank
        page.editor.fields["movement"].setText("A + F + F")
        page.editor.fields["gunnery"].setText("Fire + Load")
        _settle(app)
        yield "orders-wizard.png", orders.grab()
        orders.reject()

    _step(window, "Correction: boars to E3", [
        {"kind": "correct", "uid": "boars", "set": {"hex": "E3"}},
        *_to(window, "movement-1"),
    ])
    _step(window, "Movement 1", [{"kind": "movement", "step": 1}])
    _step(window, "To movement 2", [{"kind": "advance", "to": "movement-2"}])
    line = window.fontMetrics().lineSpacing()
    window.resizeDocks([window.journal_dock], [8 * line], Qt.Orientation.Vertical)
    movement = driver.open_movement()
    if movement is not None:
        movement.next()
        yield "movement-wizard.png", _side_by_side(window, movement, app, "A2", "G8")
        movement.reject()

    _step(window, "Correction: fire on the tank, poison on the grunts", [
        {"kind": "correct", "uid": "tank", "set": {"fire": 2}},
        {"kind": "correct", "uid": "grunts", "set": {"poison": [6, 4]}},
        {"kind": "advance", "to": "agony-3"},
    ])
    agony = driver.open_agony()
    if agony is not None:
        agony.resize(*WIZARD_SIZE)
        agony.next()
        dice = agony.rolls_page.dice
        dice.typed.setChecked(True)
        dice.type_values([2, 5, 1, 3])
        _settle(app)
        yield "agony-wizard.png", agony.grab()
        agony.reject()

    _step(window, "To the aftermath", [
        {"kind": "correct", "uid": "hoplites", "set": {"shaken": 2}},
        {"kind": "advance", "to": "aftermath"},
    ])
    aftermath = driver.open_aftermath()
    if aftermath is not None:
        aftermath.resize(WIZARD_SIZE[0] * 2 // 3, WIZARD_SIZE[1] * 2 // 3)
        _settle(app)
        yield "aftermath-wizard.png", aftermath.grab()
        aftermath.reject()
