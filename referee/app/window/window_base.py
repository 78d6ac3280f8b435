"""What the parts of the main window (:mod:`.dock_layout`, :mod:`.file_actions`,
:mod:`.match_opening`, :mod:`.menus`, :mod:`.orders_panels`, :mod:`.step_running`) share: the
window's widgets and the few methods of the shell they call, declared once for the type
checker. At run time a part is a plain class mixed into
:class:`~referee.app.window.main_window.MainWindow`."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMainWindow

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QUndoGroup
    from PySide6.QtWidgets import QDockWidget, QLabel, QMenu

    from referee.app.docks.journal_view import JournalView
    from referee.app.docks.round_clock_badge import RoundClockBadge
    from referee.app.docks.turn_tracker import TurnTracker
    from referee.app.docks.unit_inspector import UnitInspector
    from referee.app.docks.wizard_host import WizardHost
    from referee.app.map.map_scene import MapScene
    from referee.app.map.map_view import MapView
    from referee.app.session.match_session import MatchSession
    from referee.app.session.shell import GameUi
    from referee.app.session.turn_driver import TurnDriver
    from referee.app.session.unfired_question import UnfiredQuestion
    from referee.app.tournament.launcher import TournamentLauncher
    from referee.app.widgets.eliding_status_bar import ElidingStatusBar
    from referee.app.window.docks_give_way import DocksGiveWay
    from referee.app.window.remembered import Remembered
    from referee.app.window.report_view import ReportWindow
    from referee.app.window.step_undo_actions import StepUndoActions
    from referee.app.wizards.opener import WizardOpener
    from referee.match.reports.phase_report import PhaseFold
    from referee.rules.command import Command
    from referee.rules.events import Step

    _Window = QMainWindow
else:
    _Window = object


class WindowParts(_Window):
    """The main window as its parts see it (see the module docstring)."""

    remembered: Remembered | None
    session: MatchSession | None
    game: GameUi | None
    report_view: ReportWindow | None
    scene: MapScene
    view: MapView
    where: QLabel
    menus: dict[str, QMenu]
    undo_group: QUndoGroup
    wizard_host: WizardHost
    tracker_dock: QDockWidget
    journal_dock: QDockWidget
    setup_dock: QDockWidget
    inspector_dock: QDockWidget
    los_dock: QDockWidget
    rules_dock: QDockWidget
    tracker: TurnTracker
    journal: JournalView
    inspector: UnitInspector
    round_clock: RoundClockBadge
    wizards: WizardOpener
    turn_driver: TurnDriver
    tournament: TournamentLauncher
    unfired_question: UnfiredQuestion | None
    moving_uid: str | None
    panels_built: bool
    _elided: str
    folded: list[QDockWidget] | None
    docks_give_way: DocksGiveWay
    folded_in_front: list[QDockWidget]
    fold_action: QAction
    step_undo: StepUndoActions
    """Edit > Undo and Redo (:mod:`.step_undo_actions`)."""
    hide_actions: dict[int, QAction]
    recent_menu: QMenu
    wizard_actions: list[QAction]
    _phase_key: object
    _phase_fold: PhaseFold | None

    _status_bar: ElidingStatusBar | None = None

    def statusBar(self) -> ElidingStatusBar:
        """The window's status bar, one whose message never runs under the label on its
        right (made at the first call, before Qt would make a plain one)."""
        bar = self._status_bar
        if bar is None:
            from PySide6.QtWidgets import QSizePolicy

            from referee.app.widgets.eliding_status_bar import ElidingStatusBar

            bar = self._status_bar = ElidingStatusBar(self)
            policy = QSizePolicy.Policy
            bar.setSizePolicy(policy.Ignored, policy.Fixed)  # as Qt's own: never widens the window
            self.setStatusBar(bar)
        return bar

    if TYPE_CHECKING:

        def build_panels(self) -> None: ...

        def open_match(self, path: Path | str, instead: str = "") -> None: ...

        def set_session(self, session: MatchSession) -> bool: ...

        def save_match_as(
            self, out: Path | None = None, *, replace: bool = False
        ) -> Path | None: ...

        def _remember(self, path: Path) -> None: ...

        def fill_recent(self) -> None: ...

        def report_error(self, message: str) -> None: ...

        def refuse(self, message: str) -> None: ...

        def screen_guard(self, redo: bool) -> str | None: ...

        def screen_words(self) -> str: ...

        def journal_refusal(self, number: int, redo: bool) -> str | None: ...

        def say(self, text: str, ms: int) -> None: ...

        def next_in_game(self) -> None: ...

        def run_step(
            self,
            name: str,
            commands: Iterable[Command],
            typed: Iterable[int] = (),
            attempt: int | None = None,
        ) -> Step | None: ...
