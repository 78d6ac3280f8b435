"""What a game system contributes to the one window: its map layers, its docks, its wizards
(the Wizards menu's actions) and how it redraws them from a change of its match
(:class:`~.shell.GameUi`). The window itself (the map view, the journal, undo and redo, the
File menu, the line-of-sight tool, the rules browser, the wizard dock) is written once for
every game system (:class:`~.shell.Shell`).

:func:`game_for` makes the contribution of a match's system, importing only that system's
part of the app (a match of written orders never imports the activation rules' wizards).
A new game system adds a line to :data:`GAMES`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, cast

from referee.app.session.shell import GameUi, Shell

if TYPE_CHECKING:
    from referee.app.session.orders import OrdersShell


def _orders(window: Shell) -> GameUi:
    from referee.app.session.orders import OrdersGame

    return OrdersGame(cast("OrdersShell", window))  # the window has the orders game's panels


def _activation(window: Shell) -> GameUi:
    from referee.app.session.activation import ActivationGame

    return ActivationGame(window)


GAMES: Mapping[str, Callable[[Shell], GameUi]] = MappingProxyType(
    {"orders": _orders, "activation": _activation}
)
"""Game system -> how to make its contribution to the window (imported when first used)."""


def game_for(system: str, window: Shell) -> GameUi:
    """The contribution of ``system`` to ``window`` (written orders for an unknown one: the
    match file has already refused what it cannot play)."""
    return GAMES.get(system, _orders)(window)
