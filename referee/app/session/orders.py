"""The written-orders game's part of the one window (:class:`~.shell.GameUi`): the
units, markers and moves on the map (:class:`~referee.app.map.map_scene.MapScene`), the Turn
dock's turn tracker, the Setup and Unit docks, and the wizards of the turn's steps (the
Wizards menu's Gunnery, Orders, Movement, Assault, Agony and Aftermath)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from referee.app.session.shell import Shell
from referee.board.hexgrid import Hex
from referee.rules.changes import ChangeFlag
from referee.rules.events import Step

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QDockWidget, QWidget

    from referee.rules.orders.state import MatchState


class OrdersShell(Shell, Protocol):
    """The window's parts that only the written-orders game uses (built by the window with
    its panels)."""

    inspector_dock: QDockWidget
    setup_dock: QDockWidget
    wizard_actions: list[QAction]

    def tracker_widget(self) -> QWidget: ...

    def show_orders_match(self, flags: ChangeFlag, steps: list[Step]) -> None: ...

    def orders_hex_clicked(self, h: Hex) -> None: ...

    def orders_next(self) -> None: ...

    def hide_setup(self, state: MatchState | None) -> None: ...


class OrdersGame:
    """The written-orders game's contribution to ``window`` (see the module docstring)."""

    SYSTEM = "orders"
    idle_text = ""  # the wizard dock's own (:data:`referee.app.docks.wizard_host.IDLE_TEXT`)

    def __init__(self, window: OrdersShell) -> None:
        self.window = window

    def attach(self) -> None:
        w = self.window
        if w.tracker_dock.widget() is not w.tracker_widget():
            w.tracker_dock.setWidget(w.tracker_widget())
        w.tracker_dock.show()
        for dock in (w.inspector_dock, w.setup_dock):
            dock.toggleViewAction().setEnabled(True)
        if w.inspector_dock.isHidden():  # put away by another game's match
            w.inspector_dock.show()
            w.inspector_dock.raise_()
        for action in w.wizard_actions:
            action.setVisible(True)

    def detach(self) -> None:
        w = self.window
        for action in w.wizard_actions:
            action.setVisible(False)
        w.inspector_dock.hide()
        w.hide_setup(None)
        for dock in (w.inspector_dock, w.setup_dock):  # they show a match of written
            dock.toggleViewAction().setEnabled(False)  # orders: greyed, never empty

    def show(self, flags: ChangeFlag, steps: list[Step]) -> None:
        self.window.show_orders_match(flags, steps)

    def stepped(self, step: Step) -> None:
        """Said in the status bar by the window."""

    def refused(self, message: str) -> None:
        """Said in the status bar by the window."""

    def forget_refusal(self) -> None:
        """Gone from the status bar with the window's."""

    def hex_clicked(self, h: Hex) -> None:
        self.window.orders_hex_clicked(h)

    def next_step(self) -> None:
        self.window.orders_next()
