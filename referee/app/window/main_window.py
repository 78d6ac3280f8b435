"""The main window, one for a match of either game system (written orders, the activation
rules): the same session and undo stack, journal, File menu, line-of-sight tool, rules
browser and wizard dock; the game system contributes its map layers, its Turn dock's panel,
its docks and its wizards (:mod:`referee.app.session.game_system`).

For written orders: the map in the middle, as tall as the window; the turn tracker above the
journal (left), the unit inspector, the line-of-sight tool, the rules browser and the wizard
of the step (right, tabbed) as docks. Every wizard opens in the wizard dock
(:class:`~referee.app.docks.wizard_host.WizardHost`), beside the map it draws on.

The menus are :mod:`.menus`' (the same for both games), what File does :mod:`.file_actions`',
opening a match :mod:`.match_opening`', running, undoing and redoing its steps
:mod:`.step_running`', the written-orders game's panels :mod:`.orders_panels`' and the docks'
layout :mod:`.dock_layout`'.

A match made with a scenario opens on the Setup dock (left, :mod:`referee.app.setup.panel`)
until every unit is set up; View > Hide side 1's / side 2's hidden units shows that side's
hidden units as hidden tokens only, as the other side sees them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow, QWidget

from referee.app.docks.wizard_host import WizardHost
from referee.app.map.map_scene import MapScene
from referee.app.map.map_view import MapView
from referee.app.window.match_opening import MatchOpening
from referee.app.window.remembered import Remembered
from referee.board.hexgrid import Hex

if TYPE_CHECKING:
    # panels and the engine when the window is finished (build_panels), after a first start
    # has painted the map; so are the Qt classes of the menus' actions and of the dialogs
    # (PySide makes the enums of a class the first time it is named)
    from PySide6.QtGui import QShowEvent

    from referee.app.session.match_session import MatchSession
    from referee.app.session.shell import GameUi
    from referee.app.session.unfired_question import UnfiredQuestion
    from referee.app.window.report_view import ReportWindow
    from referee.match.reports.phase_report import PhaseFold


MENUS = ("&File", "&Edit", "&View", "&Turn", "T&ools", "&Wizards", "&Help")
"""The menu bar's titles, there from the first frame (their actions come with the panels)."""


class MainWindow(MatchOpening, QMainWindow):
    """The referee's window over one open match (see the module docstring)."""

    def __init__(
        self,
        parent: QWidget | None = None,
        settings: QSettings | None = None,
        defer_panels: bool = False,
    ) -> None:
        """``defer_panels``: build only the map, the docks' frames and the menu bar's titles
        now, and the panels, the menus and the rest with :meth:`build_panels` (a first start
        paints the map before the engine is loaded, :func:`referee.app.start.app.run_app`)."""
        super().__init__(parent)
        self.remembered = Remembered(settings) if settings is not None else None
        self.session: MatchSession | None = None
        self.game: GameUi | None = None
        """The open match's game system's part of the window (its panels, its wizards)."""
        self.report_view: ReportWindow | None = None
        """File > Report's window, on the open match."""
        self._phase_key: object = None
        """What the Turn dock's phase report was read from (:meth:`show_phase_report`)."""
        self._phase_fold: PhaseFold | None = None
        """The open match's journal folded for it (only new steps are read)."""
        app = QApplication.instance()
        if isinstance(app, QApplication):  # back to the front: a step written meanwhile shows
            app.applicationStateChanged.connect(self._app_state)
        self.moving_uid: str | None = None
        self.last_error = ""
        self.undo_group = QUndoGroup(self)
        self.undo_group.indexChanged.connect(lambda _index: self.forget_refusal())  # a step,
        # an undo, a redo, another match's stack: the refusal before it goes
        self.panels_built = False
        """Whether the panels, the menus' actions and the engine behind them are there."""

        self.scene = MapScene(self)
        self.view = MapView(self.scene)
        self.setCentralWidget(self.view)
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        self.tracker_dock = self._dock("Turn", left)
        self.journal_dock = self._dock("Journal", left)
        self.splitDockWidget(self.tracker_dock, self.journal_dock, Qt.Orientation.Vertical)
        self.setup_dock = self._dock("Setup", left)
        self.tabifyDockWidget(self.tracker_dock, self.setup_dock)
        self.setup_dock.hide()
        self.inspector_dock = self._dock("Unit", right)
        self.los_dock = self._dock("Line of sight", right)
        self.tabifyDockWidget(self.inspector_dock, self.los_dock)
        self.rules_dock = self._dock("Rules", right)
        self.tabifyDockWidget(self.los_dock, self.rules_dock)
        self.wizard_host = WizardHost(self.scene, self.run_step, self)
        self.wizard_host.opened.connect(self.wizard_opened)
        self._dock_features(self.wizard_host)
        self.addDockWidget(right, self.wizard_host)
        self.tabifyDockWidget(self.rules_dock, self.wizard_host)
        self.inspector_dock.raise_()
        from referee.app.window.docks_give_way import DocksGiveWay

        self.docks_give_way = DocksGiveWay(self, self.view, self.fold_for_room)
        """The map kept usable in a small window, the docks' widths given back."""
        self.where = QLabel()
        self.where.setTextFormat(Qt.TextFormat.PlainText)  # the map's name is from its file
        self.statusBar().addPermanentWidget(self.where)
        self._elided = ""  # the message shown elided; its whole text is the tooltip
        self.statusBar().messageChanged.connect(self._message_changed)
        bar = self.menuBar()
        self.menus = {name: bar.addMenu(name) for name in MENUS}
        """The menu bar's menus by title, filled by :meth:`build_panels`."""
        self._size_docks()
        self.folded: list[QDockWidget] | None = None
        """The docks folded away by View > Fold the docks, to show again."""
        self.folded_in_front: list[QDockWidget] = []
        """Those of them that were in front of their tab group."""
        self.docks_placed = False
        """Whether the docks have their places (fitted to the map at the first show, or
        restored from the settings): the first show fits them only when not."""
        self.view.hexClicked.connect(self.on_hex_clicked)
        self.view.hexMenu.connect(self.on_hex_menu)
        self.view.returnPressed.connect(self.on_map_return)
        self._lazy_docks()  # the line of sight, the rules, the setup: built when first seen
        if not defer_panels:
            self.build_panels()

    def build_panels(self) -> None:
        """The panels in their docks, the menus' actions and the engine they work with (once;
        :meth:`__init__` does it unless told to defer it)."""
        if self.panels_built:
            return
        self.panels_built = True
        from referee.app.docks.journal_view import JournalView
        from referee.app.docks.round_clock_badge import RoundClockBadge
        from referee.app.docks.turn_tracker import TurnTracker
        from referee.app.docks.unit_inspector import UnitInspector
        from referee.app.session.turn_driver import TurnDriver
        from referee.app.wizards.opener import WizardOpener

        self.tracker = TurnTracker()
        self.tracker_dock.setWidget(self.tracker)
        self.journal = JournalView()
        self.journal_dock.setWidget(self.journal)
        self.inspector = UnitInspector()
        self.inspector_dock.setWidget(self.inspector)
        self.round_clock = RoundClockBadge(self)  # a match made for a tournament's round
        self.round_clock.warned.connect(lambda text: self.statusBar().showMessage(text, 60000))
        self.round_clock.notice.connect(lambda text: self.statusBar().showMessage(text, 15000))
        self.wizards = WizardOpener(
            self.session_to_change,
            self.wizard_host,
            self,
            self.show_rule,
            self.report_error,
            self.hidden_from_view,
        )
        self.turn_driver = TurnDriver(self, self.wizards, self)
        self.unfired_question: UnfiredQuestion | None = None
        """The question before the clock passes units ordered to fire (while asked once)."""
        self._make_actions()
        from referee.app.session.game_system import game_for

        self.game = game_for("orders", self)  # the panels of no match yet: written orders'
        self.menuBar().setCornerWidget(self.round_clock, Qt.Corner.TopRightCorner)

        self.tracker.nextRequested.connect(self.turn_driver.next)
        self.inspector.unitChosen.connect(self.scene.select_unit)
        self.journal.whyRequested.connect(self.show_why)
        self.journal.undoBackRequested.connect(self.undo_back_to)
        self.journal.redoUpToRequested.connect(self.redo_up_to)
        self.inspector.ruleRequested.connect(self.show_rule)
        self.wizard_host.linkClicked.connect(self.show_rule)  # a written step's outcome
        self._build_seen_docks()
        # the wheel guard and the undo keys once the window is finished (and painted): they
        # filter every event of the application, which its building need not go through
        QTimer.singleShot(0, self, self._install_filters)

    def _install_filters(self) -> None:
        self.docks_give_way.watch()  # (shown: else at its show)
        from referee.app.start.qt_application import install_filters_at_first_touch

        app = QApplication.instance()
        if isinstance(app, QApplication):
            install_filters_at_first_touch(app, self)

    # --- the map --------------------------------------------------------------------

    def on_hex_clicked(self, h: Hex) -> None:
        """A click on the map: the game system's to take (the orders game's when no match
        is open)."""
        if self.game is not None:
            self.game.hex_clicked(h)
        else:
            self.orders_hex_clicked(h)

    def on_map_return(self) -> None:
        """Return on the map: the open wizard's Return (Next, or Finish on its last page)
        when its page is answered; else the keyboard goes to the page, which waits for its
        answer (said). The map has no keyboard cursor: Return picks no hex (the one under
        the mouse was not chosen by the keys). No wizard open: nothing (N is Next step)."""
        host = self.wizard_host
        if host.wizard is None or host.go_on():
            return
        host.focus.focus_page()
        self.say("Return: the wizard's page waits for its answer (the keyboard is on it)", 8000)

    def next_in_game(self) -> None:
        """Turn > Next step (N): the game system's next thing to do (refused while the
        match file no longer reads)."""
        self.forget_refusal()
        if self.session is not None and self.session.refuse_if_unreadable():
            return
        if self.game is not None:
            self.game.next_step()
        else:
            self.turn_driver.next()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.docks_placed and self.scene.battle_map is not None:  # (a map to fit)
            self.docks_placed = True
            self.fit_docks()
        if self.panels_built:  # (else once they are built)
            QTimer.singleShot(0, self.docks_give_way.watch)  # laid out at its first size
        setup = self.built_setup_panel()
        if setup is not None and setup.active:  # a match being set up: its setup
            QTimer.singleShot(0, self.raise_setup)  # once the dock's tabs exist
