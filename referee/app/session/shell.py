"""The one window as a game system's contribution sees it (:class:`Shell`: the parts written
once for every game system) and what the contribution does (:class:`GameUi`: its map
layers, its docks, its wizards, its redraw); :mod:`.game_system` picks the contribution of
a match's system."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from referee.board.hexgrid import Hex
from referee.rules.changes import ChangeFlag
from referee.rules.events import Step

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoGroup
    from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMenu

    from referee.app.docks.journal_view import JournalView
    from referee.app.docks.los_panel import LosPanel
    from referee.app.docks.wizard_host import WizardHost
    from referee.app.map.map_scene import MapScene
    from referee.app.map.map_view import MapView
    from referee.app.session.match_session import MatchSession
    from referee.rules.command import Command


class Shell(Protocol):
    """The window, as a game system's contribution sees it: the parts written once."""

    scene: MapScene
    view: MapView
    wizard_host: WizardHost
    journal: JournalView
    journal_dock: QDockWidget
    tracker_dock: QDockWidget
    inspector_dock: QDockWidget  # the Unit dock: each game system puts its own inspector in
    where: QLabel  # the status bar's line naming the rules and where the match stands
    menus: dict[str, QMenu]
    undo_group: QUndoGroup
    session: MatchSession | None

    @property
    def los_panel(self) -> LosPanel:
        """The line-of-sight tool (built when first asked for)."""

    def run_step(
        self,
        name: str,
        commands: Iterable[Command],
        typed: Iterable[int] = (),
        attempt: int | None = None,
    ) -> Step | None:
        """Play ``commands`` as the step ``name`` (None: refused, said, nothing written)."""
        ...

    def refuse(self, message: str) -> None:
        """Say that an action was refused for ``message``, nothing written (the status bar
        until the next action, and the game's :meth:`GameUi.refused`)."""
        ...

    def forget_refusal(self) -> None:
        """The next action taken: the refusal said before it goes (a message since stays)."""
        ...

    def session_to_change(self) -> MatchSession | None:
        """The open match's session for a wizard about to change it; None (said in the
        window's dialog) while its file no longer reads."""
        ...

    def qt_window(self) -> QMainWindow:
        """The window itself (its docks, its status bar)."""
        ...

    def next_in_game(self) -> None:
        """Turn > Next step (N), as the menu and the key do it."""
        ...


class GameUi(Protocol):
    """One game system's part of the window (see the module docstring)."""

    SYSTEM: str
    """The game system it plays (``orders``, ``activation``)."""
    idle_text: str
    """What the wizard dock says while no wizard is open."""

    def attach(self) -> None:
        """Show its docks and its wizards' actions (a match of its system was opened)."""

    def detach(self) -> None:
        """Hide them again (a match of another system was opened)."""

    def show(self, flags: ChangeFlag, steps: list[Step]) -> None:
        """Redraw what ``flags`` say changed of the open match (``steps``: its journal)."""

    def stepped(self, step: Step) -> None:
        """``step`` was written from this window."""

    def refused(self, message: str) -> None:
        """An action of this game was refused, for ``message``; nothing written (said by
        the window's :meth:`Shell.refuse`, in the status bar too)."""

    def forget_refusal(self) -> None:
        """The next action was taken: a refusal still shown in its panels goes."""

    def hex_clicked(self, h: Hex) -> None:
        """A click on ``h`` of the map (its own order of who takes it: the open wizard, the
        line-of-sight tool, its own tools)."""

    def next_step(self) -> None:
        """Turn > Next step (N): what the game asks now."""
