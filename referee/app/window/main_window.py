"""The main window, one for a match of either game system (written orders, the activation
rules): the same session and undo stack, journal, File menu, line-of-sight tool, rules
browser and wizard dock; the game system contributes its map layers, its Turn dock's panel,
its docks and its wizards (:mod:`referee.app.session.game_system`).

For written orders: the map in the middle, as tall as the window; the turn tracker above the
journal (left), the unit inspector, the line-of-sight tool, the rules browser and the wizard
of the step (right, tabbed) as docks. Every wizard opens in the wizard dock
(:class:`~referee.app.docks.wizard_host.WizardHost`), beside the map it draws on.

Menus: File > New match (the wizard, Ctrl+N) / New demo match / Open / Open Recent / Report /
Army builder (Ctrl+B, :mod:`referee.app.army_builder`) / Map editor
(:mod:`referee.app.map_editor`) (the window's size, its docks and the matches opened are
remembered, :mod:`referee.app.window.remembered`); Edit > Undo / Redo, named after the step
(Ctrl+Z, Ctrl+Shift+Z); View > Zoom in / out / Fit (F), the docks, the journal ten rows tall
(J); Turn > Next step (N: the step's wizard, then the clock moves on,
:mod:`referee.app.session.turn_driver`), Advance without the wizard (Shift+N); Tools > Line of sight
(L), Visibility; Wizards > Gunnery (G), Orders (O), Movement (M), Assault (A), Agony,
Aftermath; Help > About (versions, where files go, :mod:`referee.app.window.about_dialog`). There is
no Save: the match file writes every step as it happens. A click on a
token shows the unit in the inspector; a right-click on a hex offers the referee's
corrections (:mod:`referee.app.session.correction_menu`). View > Rules (Ctrl+F, F1) puts the cursor
in the rules browser's search box; every clause or ruling link of the window (the journal's
why, the inspector, the line of sight, a wizard's working)
opens there.

A match made with a scenario opens on the Setup dock (left, :mod:`referee.app.docks.setup_panel`)
until every unit is set up; View > Hide side 1's / side 2's hidden units shows that side's
hidden units as hidden tokens only, as the other side sees them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QUndoGroup
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow, QWidget

from referee.app.docks.wizard_host import IDLE_TEXT, WIZARD_CHARS, WizardHost
from referee.app.map.map_scene import MapScene
from referee.app.map.map_view import MapView
from referee.app.widgets.plain_text import plain_tip
from referee.app.window.remembered import Remembered, fill_recent_menu
from referee.board.hexgrid import Hex
from referee.errors import RefereeError
from referee.paths import matches_dir

if TYPE_CHECKING:  # each wizard and the map editor are imported when first opened; the
    # panels and the engine when the window is finished (build_panels), after a first start
    # has painted the map; so are the Qt classes of the menus' actions and of the dialogs
    # (PySide makes the enums of a class the first time it is named)
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
    from PySide6.QtWidgets import QDialog, QMenu, QWizard

    from referee.app.map_editor.window import MapEditorWindow
    from referee.app.session.correction_menu import Correction, CorrectionMenu
    from referee.app.session.match_session import MatchSession
    from referee.app.session.shell import GameUi
    from referee.app.session.unfired_question import UnfiredQuestion
    from referee.app.window.report_view import ReportWindow
    from referee.app.wizards.assault.wizard import AssaultWizard
    from referee.app.wizards.gunnery.wizard import GunneryWizard
    from referee.app.wizards.new_match.wizard import NewMatch, NewMatchWizard
    from referee.match.reports.phase_report import PhaseFold
    from referee.rules.events import Step
    from referee.rules.orders.state import MatchState


MENUS = ("&File", "&Edit", "&View", "&Turn", "T&ools", "&Wizards", "&Help")
"""The menu bar's titles, there from the first frame (their actions come with the panels)."""


class MainWindow(QMainWindow):
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
            from referee.app.widgets.undo_keys import install_undo_keys
            from referee.app.widgets.wheel_guard import install_wheel_guard

            install_wheel_guard(app)  # the wheel changes a number box only with the focus
            install_undo_keys(app)  # Ctrl+Z from a field with nothing typed undoes the step
        self.moving_uid: str | None = None
        self.last_error = ""
        self.undo_group = QUndoGroup(self)
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
        self._dock_features(self.wizard_host)
        self.addDockWidget(right, self.wizard_host)
        self.tabifyDockWidget(self.rules_dock, self.wizard_host)
        self.inspector_dock.raise_()
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
        if not defer_panels:
            self.build_panels()

    def build_panels(self) -> None:
        """The panels in their docks, the menus' actions and the engine they work with (once;
        :meth:`__init__` does it unless told to defer it)."""
        if self.panels_built:
            return
        self.panels_built = True
        from referee.app.docks.journal_view import JournalView
        from referee.app.docks.los_panel import LosPanel
        from referee.app.docks.round_clock_badge import RoundClockBadge
        from referee.app.docks.rules_browser import RulesBrowser
        from referee.app.docks.setup_panel import SetupPanel
        from referee.app.docks.turn_tracker import TurnTracker
        from referee.app.docks.unit_inspector import UnitInspector
        from referee.app.session.turn_driver import TurnDriver
        from referee.app.wizards.opener import WizardOpener

        self.tracker = TurnTracker()
        self.tracker_dock.setWidget(self.tracker)
        self.journal = JournalView()
        self.journal_dock.setWidget(self.journal)
        self.setup_panel = SetupPanel(self.scene)
        self.setup_dock.setWidget(self.setup_panel)
        self.inspector = UnitInspector()
        self.inspector_dock.setWidget(self.inspector)
        self.los_panel = LosPanel(self.scene)
        self.los_dock.setWidget(self.los_panel)
        self.rules_browser = RulesBrowser()
        self.rules_dock.setWidget(self.rules_browser)
        self.round_clock = RoundClockBadge(self)  # a match made for a tournament's round
        self.round_clock.warned.connect(lambda text: self.statusBar().showMessage(text, 60000))
        self.round_clock.notice.connect(lambda text: self.statusBar().showMessage(text, 15000))
        self.wizards = WizardOpener(
            lambda: self.session,
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

        self.view.hexHovered.connect(self.los_panel.hover)
        self.tracker.nextRequested.connect(self.turn_driver.next)
        self.inspector.unitChosen.connect(self.scene.select_unit)
        self.los_panel.modeChanged.connect(self._tool_mode_changed)
        self.journal.whyRequested.connect(self.show_why)
        self.setup_panel.stepRequested.connect(self.run_step)
        self.setup_panel.enteringChanged.connect(self._other_side_entering)
        self.journal.undoBackRequested.connect(self.undo_back_to)
        self.journal.redoUpToRequested.connect(self.redo_up_to)
        self.inspector.ruleRequested.connect(self.show_rule)
        self.los_panel.ruleRequested.connect(self.show_rule)
        self.wizard_host.linkClicked.connect(self.show_rule)  # a written step's outcome
        self.los_dock.visibilityChanged.connect(
            lambda shown: None if shown else self.los_panel.put_away()
        )

    # --- building -------------------------------------------------------------------

    def _dock(self, title: str, area: Qt.DockWidgetArea) -> QDockWidget:
        """An empty dock (its panel comes with :meth:`build_panels`)."""
        dock = QDockWidget(title, self)
        dock.setObjectName(f"{title.lower().replace(' ', '-')}-dock")
        self._dock_features(dock)
        self.addDockWidget(area, dock)
        return dock

    @staticmethod
    def _dock_features(dock: QDockWidget) -> None:
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )

    def _size_docks(self) -> None:
        """Dock sizes in characters and lines, so they scale with the font (HiDPI)."""
        char = self.fontMetrics().averageCharWidth()
        line = self.fontMetrics().lineSpacing()
        self.resizeDocks(
            [self.tracker_dock, self.journal_dock],
            [60 * char, 60 * char],
            Qt.Orientation.Horizontal,
        )
        self.resizeDocks([self.inspector_dock], [52 * char], Qt.Orientation.Horizontal)
        self.resizeDocks(
            [self.tracker_dock, self.journal_dock], [16 * line, 20 * line], Qt.Orientation.Vertical
        )

    def show_journal_rows(self, rows: int = 10) -> None:
        """The journal shown and at least ``rows`` rows tall (the dock above it gives way)."""
        dock, table = self.journal_dock, self.journal.table
        dock.show()
        dock.raise_()
        chrome = dock.height() - table.viewport().height()
        wanted = chrome + rows * table.verticalHeader().defaultSectionSize() + 2
        if dock.isFloating():
            dock.resize(dock.width(), max(dock.height(), wanted))
        elif table.viewport().height() < rows * table.verticalHeader().defaultSectionSize():
            area = self.dockWidgetArea(dock)
            above = [
                d
                for d in self.findChildren(QDockWidget)
                if d is not dock
                and d.isVisible()
                and not d.isFloating()
                and self.dockWidgetArea(d) == area
                and d.geometry().left() == dock.geometry().left()
            ]
            total = dock.height() + sum(d.height() for d in above)
            rest = [max(0, total - wanted) // len(above)] * len(above) if above else []
            self.resizeDocks([dock, *above], [wanted, *rest], Qt.Orientation.Vertical)

    def fold_docks(self) -> None:
        """Fold the docks away, leaving the map (and an open wizard); again: unfold them."""
        if self.folded is not None:
            for dock in self.folded:
                dock.show()
            for dock in self.folded_in_front:  # each tab group as it was
                dock.raise_()
            self.folded = None
        else:
            self.folded = [
                d
                for d in self.findChildren(QDockWidget)
                if d.isVisible() and not (d is self.wizard_host and self.wizard_host.wizard)
            ]
            self.folded_in_front = [d for d in self.folded if not d.visibleRegion().isEmpty()]
            for dock in self.folded:
                dock.hide()
        self.fold_action.setChecked(self.folded is not None)

    def fit_docks(self) -> None:
        """Lay the docks out around a map as tall as the window: the map gets the width its
        hexes need at that height, the left column (turn, journal) and the right one (unit,
        line of sight, rules, wizard) share the rest; the journal gets most of the left.
        The right column is at least as wide as a wizard opens (:data:`WIZARD_CHARS`), so
        that a wizard opening or closing beside the map never moves the map."""
        char = self.fontMetrics().averageCharWidth()
        rect = self.scene.sceneRect()
        height = max(
            1,
            self.height()
            - self.menuBar().sizeHint().height()
            - self.statusBar().sizeHint().height(),
        )
        map_width = round(height * rect.width() / rect.height()) if rect.height() else 0
        spare = max(0, self.width() - map_width - 24)
        right = max(WIZARD_CHARS * char, spare * 40 // 100)
        left = max(40 * char, spare - right)
        self.resizeDocks(
            [self.tracker_dock, self.journal_dock], [left, left], Qt.Orientation.Horizontal
        )
        self.resizeDocks([self.inspector_dock], [right], Qt.Orientation.Horizontal)
        self.resizeDocks(
            [self.tracker_dock, self.journal_dock],
            [height * 42 // 100, height * 58 // 100],
            Qt.Orientation.Vertical,
        )

    def _action(
        self,
        menu: QMenu,
        text: str,
        slot: Any,
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    ) -> QAction:
        from PySide6.QtGui import QAction, QKeySequence

        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _make_actions(self) -> None:
        from PySide6.QtGui import QKeySequence

        from referee.app.tournament.launcher import TournamentLauncher

        menu = self.menus
        file = menu["&File"]
        keys = QKeySequence.StandardKey
        self.new_match_action = self._action(
            file, "&New match…", self.open_new_match_wizard, keys.New
        )
        self.new_action = self._action(file, "New &demo match", lambda: self.new_demo())
        self.new_first_draft_demo_action = self._action(
            file, "New demo match, &first draft", lambda: self.new_demo("first-draft")
        )
        self.new_activation_action = self._action(
            file, "New match of the &activation rules…", self.new_activation_match
        )
        self.open_action = self._action(file, "&Open…", self.choose_file, keys.Open)
        self.recent_menu = file.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self.fill_recent)
        self.fill_recent()
        self.report_action = self._action(file, "&Report…", lambda: self.show_report(), "Ctrl+R")
        self.save_report_action = self._action(
            file, "Save the report (HTML or &PDF)…", lambda: self.write_report()
        )
        file.addSeparator()
        self.army_builder_action = self._action(
            file, "&Army builder…", self.open_army_builder, "Ctrl+B"
        )
        self.map_editor_action = self._action(file, "&Map editor…", self.open_map_editor)
        self.tournament_menu = file.addMenu("&Tournament")  # the tournament desk's window
        self.tournament = TournamentLauncher(self)
        self._action(self.tournament_menu, "&New event…", self.tournament.new_event_dialog)
        self._action(self.tournament_menu, "&Open event…", self.tournament.open_dialog)
        self._action(
            self.tournament_menu, "Open event on a &server…", self.tournament.server_dialog
        )
        file.addSeparator()
        self._action(file, "&Quit", self.quit_program, keys.Quit)

        edit = menu["&Edit"]
        self.undo_action = self.undo_group.createUndoAction(self, "Undo")
        self.undo_action.setShortcut(QKeySequence("Ctrl+Z"))
        self.redo_action = self.undo_group.createRedoAction(self, "Redo")
        self.redo_action.setShortcut(QKeySequence("Ctrl+Shift+Z"))
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)

        view = menu["&View"]
        self.zoom_in_action = self._action(view, "Zoom &in", self.view.zoom_in, "Ctrl++")
        self.zoom_out_action = self._action(view, "Zoom &out", self.view.zoom_out, "Ctrl+-")
        self.fit_action = self._action(view, "&Fit the map", self.view.fit, "F")
        view.addSeparator()
        for dock in (
            self.tracker_dock,
            self.journal_dock,
            self.inspector_dock,
            self.los_dock,
            self.rules_dock,
            self.wizard_host,
        ):
            view.addAction(dock.toggleViewAction())
        view.addAction(self.setup_dock.toggleViewAction())
        self.journal_rows_action = self._action(
            view, "&Journal, ten rows tall", lambda: self.show_journal_rows(), "J"
        )
        self.fold_action = self._action(
            view, "Fold the &docks (the map alone)", self.fold_docks, "D"
        )
        self.fold_action.setCheckable(True)
        view.addSeparator()
        self.hide_actions = {}
        for side in (1, 2):
            action = self._action(view, f"Hide side {side}'s hidden units", self._conceal)
            action.setCheckable(True)
            action.setToolTip(
                plain_tip(
                    f"Show side {side}'s hidden units as hidden tokens only, as "
                    f"side {3 - side} sees them"
                )
            )
            self.hide_actions[side] = action
        self.rules_action = self._action(view, "&Rules (search)", self.focus_rules, "Ctrl+F")
        self.rules_action.setShortcuts([QKeySequence("Ctrl+F"), QKeySequence("F1")])

        turn = menu["&Turn"]
        self.next_action = self._action(turn, "&Next step", self.next_in_game, "N")
        self.advance_action = self._action(
            turn, "&Advance without the wizard", lambda: self.next_step(), "Shift+N"
        )

        tools = menu["T&ools"]
        self.los_action = self._action(tools, "&Line of sight", self.toggle_los, "L")
        self.visibility_action = self._action(
            tools, "&Visibility from a hex", self.toggle_visibility
        )
        self.cancel_action = self._action(
            tools, "&Cancel the tool or the wizard", self.cancel_tool, "Esc"
        )
        self.wizard_menu = menu["&Wizards"]
        self.gunnery_action = self._action(
            self.wizard_menu, "&Gunnery: one fire action…", self.open_gunnery_wizard, "G"
        )
        self.assault_action = self._action(
            self.wizard_menu, "&Assault…", self.open_assault_wizard, "A"
        )
        driver = self.turn_driver
        self.orders_action = self._action(
            self.wizard_menu, "&Orders for a turn…", driver.open_orders, "O"
        )
        self.movement_action = self._action(
            self.wizard_menu, "&Movement step…", driver.open_movement, "M"
        )
        self.agony_action = self._action(self.wizard_menu, "Agon&y step…", driver.open_agony)
        self.aftermath_action = self._action(self.wizard_menu, "A&ftermath…", driver.open_aftermath)
        self.wizard_actions = [
            self.gunnery_action,
            self.assault_action,
            self.orders_action,
            self.movement_action,
            self.agony_action,
            self.aftermath_action,
        ]
        """The written-orders game's wizards (shown while a match of it is open)."""
        help_menu = menu["&Help"]
        self.about_action = self._action(help_menu, "&About referee", self.show_about)

    # --- the match ------------------------------------------------------------------

    def open_match(self, path: Path | str) -> None:
        """Open a match file of any game system here (refused files are reported, the open
        match stays)."""
        from referee.app.session.match_session import MatchSession

        self.build_panels()
        try:
            session = MatchSession.open(path, self)
        except RefereeError as exc:
            self.report_error(str(exc))
            return
        self.set_session(session)
        self.show_match_file(session.path)
        self._remember(session.path)

    def show_match_file(self, path: Path, said: str = "") -> None:
        """Say in the status bar where the match is written, ``path`` elided in the middle
        so the message ends before the label on the right; the whole text is its tooltip."""
        bar = self.statusBar()
        whole = f"{said}Match file: {path} (every step is written as it happens)"
        metrics = bar.fontMetrics()
        width = bar.width() if bar.isVisible() else self.width()  # not laid out yet
        room = width - self.where.sizeHint().width() - 4 * metrics.averageCharWidth()
        rest = metrics.horizontalAdvance(whole) - metrics.horizontalAdvance(str(path))
        shown = metrics.elidedText(
            str(path),
            Qt.TextElideMode.ElideMiddle,
            max(room - rest, 12 * metrics.averageCharWidth()),
        )
        self._elided = f"{said}Match file: {shown} (every step is written as it happens)"
        bar.showMessage(self._elided)
        bar.setToolTip(plain_tip(whole))

    def _message_changed(self, message: str) -> None:
        if message != self._elided:
            self._elided = ""
            self.statusBar().setToolTip("")

    def _remember(self, path: Path) -> None:
        """``path`` first in File > Open Recent (a match of any game system)."""
        if self.remembered is not None:
            self.remembered.add_recent(path)
            self.fill_recent()

    def fill_recent(self) -> None:
        """File > Open Recent: the matches opened, the last first (a file gone, greyed)."""
        recent = self.remembered.recent() if self.remembered is not None else []
        fill_recent_menu(self.recent_menu, recent, self.open_match)

    def qt_window(self) -> QMainWindow:
        return self

    def tracker_widget(self) -> QWidget:
        """The written-orders game's panel of the Turn dock."""
        return self.tracker

    def set_session(self, session: MatchSession) -> None:
        from referee.app.session.game_system import game_for
        from referee.app.session.match_session import ALL_CHANGES

        self._outdate_wizard(f"{session.path.name} was opened")
        report = self.report_view
        if report is not None:  # the report of the match closed here goes with it
            report.close()
            self.report_view = None
        if self.session is not None:
            self.undo_group.removeStack(self.session.undo_stack)
            self.session.close()
        self.session = session
        self.undo_group.addStack(session.undo_stack)
        self.undo_group.setActiveStack(session.undo_stack)
        session.changed.connect(self.refresh)
        session.notice.connect(lambda text: self.statusBar().showMessage(text, 15000))
        self.los_panel.clear()
        if self.game is not None:
            self.game.detach()
        self.game = game_for(session.system, self)
        self.wizard_host.idle_text = self.game.idle_text or IDLE_TEXT
        self.game.attach()
        orders = self.game.SYSTEM == "orders"
        for action in (self.advance_action, *self.hide_actions.values()):
            action.setEnabled(orders)
        self.rules_browser.set_rules(session.match.rules)
        self.setup_panel.forget()  # another match: nothing of the last one stays picked
        from referee.match.games.orders_file import MatchFile

        if isinstance(session.match, MatchFile):
            self.scene.set_map(session.state.battle_map)
            self.setup_panel.set_victory(session.match.meta.get("victory"))
        self.round_clock.set_match(session.match if isinstance(session.match, MatchFile) else None)
        self.refresh(ALL_CHANGES)
        self.view.fit()
        # the platform adds " — referee" (the application's name) after it
        self.setWindowTitle(f"{session.path.name} — {session.match.rules.title}")

    def _app_state(self, state: Qt.ApplicationState) -> None:
        if state == Qt.ApplicationState.ApplicationActive and self.session is not None:
            self.session.sync()

    def new_activation_match(self) -> QDialog:
        """File > New match of the activation rules: the dialog; OK opens the match made
        here (returned for a test to fill; shown, not run)."""
        from referee.app.activation.new_dialog import NewActivationMatch
        from referee.app.session.match_session import MatchSession
        from referee.match.setup.demo import new_demo_path

        path = new_demo_path()
        dialog = NewActivationMatch(path.with_name(path.name.replace("demo-", "activation-")), self)

        def made() -> None:
            if dialog.match is not None:
                self.set_session(MatchSession(dialog.match, self))
                self.show_match_file(dialog.match.path)
                self._remember(dialog.match.path)

        dialog.accepted.connect(made)
        dialog.open()
        return dialog

    def quit_program(self) -> None:
        """File > Quit."""
        self.close()

    def new_demo(self, ruleset: str | None = None) -> None:
        """File > New demo match: under the current edition, or ``ruleset``."""
        from referee.match.setup.demo import DEMO_EDITION, create_demo_match, new_demo_path

        path = new_demo_path()
        create_demo_match(path, ruleset or DEMO_EDITION).close()
        self.open_match(path)
        self.statusBar().showMessage(f"New demo match: {path}", 8000)

    def open_army_builder(self) -> Any:
        """The army builder in its own window (one at a time; raised if already open)."""
        from referee.app.army_builder.builder_window import ArmyBuilderWindow

        builder = getattr(self, "army_builder", None)
        if builder is None or not builder.isVisible():
            builder = ArmyBuilderWindow(self)
            self.army_builder = builder
        builder.show()
        builder.raise_()
        builder.activateWindow()
        return builder

    def choose_file(self) -> None:
        from referee.app.widgets.file_dialogs import ask_open_path

        start = self.session.path.parent if self.session else matches_dir()
        path = ask_open_path(self, "Open a match", start, "Match files (*.referee);;All files (*)")
        if path is not None:
            self.open_match(path)

    def show_about(self) -> QDialog:
        """Help > About: the versions and where the app keeps files."""
        from referee.app.window.about_dialog import AboutDialog

        dialog = AboutDialog(self)
        dialog.open()
        return dialog

    def show_report(self) -> QMainWindow | None:
        """File > Report: the match's report in Qt's own HTML view, in a window of its
        own (:mod:`referee.app.window.report_view`), read again when it is opened again."""
        if self.session is None:
            return None
        from referee.app.window.report_view import ReportWindow

        view = self.report_view
        if view is None or view.match is not self.session.match:
            if view is not None:  # the report of a match no longer open
                view.close()
            view = ReportWindow(self.session.match, self)
            self.report_view = view
        else:
            view.show_match()
        view.show()
        view.raise_()
        view.activateWindow()
        return view

    def write_report(self, out: Path | None = None) -> Path | None:
        """File > Save the report: HTML or PDF (by the name's suffix), where the referee
        says (next to the match file by default; the save dialog asks before replacing a
        file); never over the match file."""
        if self.session is None:
            return None
        from referee.app.window.report_view import ask_report_path, save_report

        if out is None:
            out = ask_report_path(self, self.session.path)
        if out is None:
            return None
        try:
            out = save_report(self.session.match, out)
        except (RefereeError, OSError) as exc:
            self.report_error(str(exc))
            return None
        self.statusBar().showMessage(f"Report written: {out}", 8000)
        return out

    def refresh(self, flags: Iterable[str]) -> None:
        """Redraw what ``flags`` say changed (see
        :func:`referee.app.session.match_session.change_flags`): the game system's part."""
        if self.session is None or self.game is None:
            return
        changed = frozenset(flags)
        steps = self.session.steps()  # read once for the journal, the Turn dock and the wizard
        if self.wizard_host.wizard is not None:
            self._outdate_wizard(self._what_changed(set(changed), steps))
        self.game.show(changed, steps)

    def show_orders_match(self, changed: frozenset[str], steps: list[Step]) -> None:
        """Redraw the written-orders game's panels from what ``changed`` says changed."""
        assert self.session is not None
        state = self.session.state
        board_changed = bool(changed & {"units", "hexes", "terrain", "match"})
        if board_changed:
            self.scene.set_state(state)
            self.los_panel.set_state(self.seen(state))
        if changed != {"journal"} or state.step.startswith("gunnery"):
            self.show_tracker(state, steps)
        if changed & {"units", "orders", "pending", "turn", "step", "match"}:
            self.inspector.set_state(self.seen(state))
        self._show_setup(state, "match" in changed)
        self.show_journal(state, steps)
        self.where.setText(
            f"{state.rules.name} · {state.battle_map.name} · turn {state.turn}, "
            f"{self.tracker.current_step_label()}"
        )

    def _what_changed(self, flags: set[str], steps: list[Step]) -> str:
        """What a change of the match was, in words, for the wizard it made out of date."""
        if "external" in flags:
            return "another program wrote to the match file"
        if "undo" in flags:
            return "a step was undone"
        if "redo" in flags:
            return "a step was redone"
        done = [s for s in steps if not s.undone]
        return f"step {done[-1].number}, {done[-1].name}" if done else "the match changed"

    def _outdate_wizard(self, why: str) -> None:
        """Close the open wizard, which the match changed under (see
        :meth:`WizardHost.outdate`); the message shows in its dock and the status bar."""
        message = self.wizard_host.outdate(why)
        if message is not None:  # after the step's own message
            QTimer.singleShot(0, lambda: self.statusBar().showMessage(message, 20000))

    def run_step(
        self,
        name: str,
        commands: Iterable[Mapping[str, Any] | str],
        typed: Iterable[int] = (),
        attempt: int | None = None,
    ) -> Step | None:
        """Have the engine carry out a named step (``attempt``: the one whose app dice a
        wizard showed); a refusal is shown, nothing is written."""
        if self.session is None:
            return None
        try:
            step = self.session.run_step(name, commands, typed, attempt)
        except RefereeError as exc:
            self.report_error(str(exc))
            if self.game is not None:
                from referee.errors import one_line

                self.game.refused(one_line(exc))
            return None
        self.last_error = ""
        shown = step
        if self.session.system == "orders":
            from referee.rules.orders.concealment import conceal_steps

            shown = conceal_steps([step], self.session.state, self.hidden_from_view())[0]
        self.statusBar().showMessage(f"Step {step.number}: {shown.name}", 6000)
        if self.game is not None:
            self.game.stepped(step)
        return step

    def undo_back_to(self, number: int) -> list[Step]:
        """The journal's "Undo back to here": every step after step ``number``, as one user
        action (Edit > Redo brings them back one at a time)."""
        if self.session is None:
            return []
        try:
            undone = self.session.undo_back_to(number)
        except ValueError as exc:
            self.report_error(str(exc))
            return []
        if undone:
            self.statusBar().showMessage(
                f"Undone back to step {number}: {len(undone)} step(s) taken back "
                "(Edit > Redo brings them back)",
                8000,
            )
        return undone

    def redo_up_to(self, number: int) -> list[Step]:
        """The journal's "Redo up to here" on an undone step."""
        if self.session is None:
            return []
        try:
            return self.session.redo_up_to(number)
        except ValueError as exc:
            self.report_error(str(exc))
            return []

    def report_error(self, message: str) -> None:
        self.last_error = message
        self.statusBar().showMessage(f"Refused: {message}", 15000)

    def say(self, text: str, ms: int) -> None:
        """A sentence for the referee in the status bar, for ``ms`` milliseconds."""
        self.statusBar().showMessage(text, ms)

    def next_step(self, unfired: str | None = None) -> Step | None:
        """Move the match on to the next step of the turn with something in it, as one
        journal step (the ``advance skip=idle`` command); at the orders step the engine
        refuses while units lack orders, and the refusal is shown; at a gunnery step while
        units ordered to fire have not, the referee is asked once whether they hold their
        fire (:mod:`referee.app.session.unfired_question`; ``unfired="pass"``: they do)."""
        if self.session is None:
            return None
        from referee.rules.orders.advance import FirePendingError, OrdersMissingError, plan_advance

        try:
            plan = plan_advance(self.session.state, skip="idle", unfired=unfired)
        except OrdersMissingError as exc:  # the engine's sentence is for the command line
            self.report_error(
                f"orders missing for {', '.join(exc.uids)}: N opens the "
                "orders wizard (write them, or confirm none were given)"
            )
            return None
        except FirePendingError as exc:
            self.ask_unfired(exc.uids)
            return None
        except ValueError as exc:
            self.report_error(str(exc))
            return None
        command: dict[str, Any] = {"kind": "advance", "skip": "idle"}
        if unfired is not None:
            command["unfired"] = unfired
        return self.run_step(plan.name(), [command])

    def ask_unfired(self, uids: tuple[str, ...]) -> None:
        """Ask once whether the units ordered to fire that have not hold their fire; if they
        do, the clock moves on (an advance naming them), else it stays and Next step opens
        their gunnery wizard again."""
        from referee.app.session.unfired_question import UnfiredQuestion
        from referee.rules.turn.clock import TurnPosition

        if self.session is None:
            return
        state = self.session.state
        where = TurnPosition.at(state.rules, state.turn, state.step).step.label.split(":")[0]
        if self.unfired_question is None:
            self.unfired_question = UnfiredQuestion(self)
        self.say(f"Waiting to fire in {where}: {', '.join(uids)}", 15000)
        self.unfired_question.ask(
            uids,
            where,
            on_pass=lambda: self.next_step(unfired="pass"),
            on_stay=self.turn_driver.keep_waiting,
        )

    def open_wizard(self, wizard: QWizard, then: Callable[[], object] | None = None) -> bool:
        """Open ``wizard`` beside the map (every wizard of a step opens here); finishing it
        runs its chosen step, then ``then``. False if another wizard is open: that one is
        brought forward instead."""
        return self.wizards.open(wizard, then)

    def open_gunnery_wizard(self) -> GunneryWizard | None:
        """The gunnery wizard on the match now; finishing it runs the shot as one step."""
        return self.wizards.gunnery()

    def open_assault_wizard(self) -> AssaultWizard | None:
        """The assault wizard on the match now; finishing it runs the assault as one step."""
        return self.wizards.assault()

    # --- the map --------------------------------------------------------------------

    def on_hex_clicked(self, h: Hex) -> None:
        """A click on the map: the game system's to take (the orders game's when no match
        is open)."""
        if self.game is not None:
            self.game.hex_clicked(h)
        else:
            self.orders_hex_clicked(h)

    def next_in_game(self) -> None:
        """Turn > Next step (N): the game system's next thing to do."""
        if self.game is not None:
            self.game.next_step()
        else:
            self.turn_driver.next()

    def orders_next(self) -> None:
        self.turn_driver.next()

    def orders_hex_clicked(self, h: Hex) -> None:
        """A click on the map of a match of written orders: a move in progress, the open
        wizard, the setup, the line-of-sight tool, else the unit clicked."""
        if self.moving_uid is not None:
            uid, self.moving_uid = self.moving_uid, None
            self.view.viewport().unsetCursor()
            from referee.app.session.correction_menu import move_to

            correction = move_to(uid, h)
            self.run_step(correction.name, correction.commands)
            return
        if self.wizard_host.pick_hex(h):
            return
        if self.setup_panel.pick_hex(h):
            return
        if self.los_panel.mode:
            self.los_panel.pick(h)
            return
        units = [uid for uid in self.scene.units_at(h) if not self.scene.is_concealed(uid)]
        if units:  # the token clicked; a click on the hex's rim goes round its units
            at = self.view.clicked_at
            clicked = self.scene.token_at(at) if at is not None else None
            current = self.scene.selected_uid
            if clicked in units:
                uid = clicked
            else:
                uid = (
                    units[(units.index(current) + 1) % len(units)] if current in units else units[0]
                )
            self.select_unit(uid)

    def select_unit(self, uid: str | None) -> None:
        """Show ``uid`` in the inspector, brought to the front unless a wizard is open (a
        token clicked while a wizard asks nothing must not hide the wizard's tab)."""
        self.scene.select_unit(uid)
        self.inspector.show_unit(uid)
        if self.wizard_host.wizard is None:
            self.inspector_dock.raise_()

    def context_menu_for(self, h: Hex) -> CorrectionMenu | None:
        """The corrections menu of ``h``, connected to :meth:`apply_correction` (a match of
        written orders)."""
        if self.session is None or self.session.system != "orders":
            return None
        from referee.app.session.correction_menu import CorrectionMenu

        menu = CorrectionMenu(self.session.state, h, self)
        menu.chosen.connect(self.apply_correction)
        return menu

    def on_hex_menu(self, h: Hex, where: QPoint) -> None:
        menu = self.context_menu_for(h)
        if menu is not None:
            menu.exec(where)
            menu.deleteLater()

    def apply_correction(self, correction: Correction) -> Step | None:
        if correction.move_uid is not None:
            self.moving_uid = correction.move_uid
            self.view.viewport().setCursor(Qt.CursorShape.CrossCursor)
            self.statusBar().showMessage(
                f"Click the hex to move {correction.move_uid} to (Esc to cancel).", 15000
            )
            return None
        return self.run_step(correction.name, correction.commands)

    # --- setup and hidden units -------------------------------------------------------

    def _show_setup(self, state: MatchState, opened: bool) -> None:
        """The setup panel while the scenario's setup is not finished (raised when the match
        is opened, or when the setup has just begun); hidden once it is."""
        was_active = self.setup_panel.active
        self.setup_panel.set_state(state)
        if self.setup_panel.active:
            if opened or not was_active:
                self.raise_setup()
        elif was_active or opened:
            self.setup_dock.hide()
            self.tracker_dock.raise_()
            if was_active and self.isVisible():
                self.fit_docks()  # the turn and the journal take their room back

    def hide_setup(self, state: MatchState | None) -> None:
        """The Setup dock put away (a match of another game system opened)."""
        self.setup_dock.hide()

    def raise_setup(self) -> None:
        """The Setup dock in front of the Turn dock it shares a tab bar with."""
        self.setup_dock.show()
        # A dock shown again may be taken for the current tab already, and its raise
        # ignored: raising its neighbour first makes the switch real.
        self.tracker_dock.raise_()
        self.setup_dock.raise_()
        height = self.journal_dock.height() + self.setup_dock.height()
        if height > 0:  # room for the setup over the journal, which has little to say yet
            self.resizeDocks(
                [self.setup_dock, self.journal_dock],
                [height * 72 // 100, height * 28 // 100],
                Qt.Orientation.Vertical,
            )

    def show_tracker(self, state: MatchState, steps: list[Step] | None = None) -> None:
        """The Turn dock at ``state``; at a gunnery step, with the units that fired since the
        clock last moved (the journal's fire events, of ``steps`` when the caller has read
        them) said to have fired."""
        from referee.rules.events import fired_since_advance

        fired: set[str] = set()
        if self.session is not None and state.step.startswith("gunnery"):
            steps = self.session.steps() if steps is None else steps
            fired = fired_since_advance([s for s in steps if not s.undone])
        self.tracker.set_state(self.seen(state), fired)
        if self.session is not None:
            self.show_phase_report(state, self.session.steps() if steps is None else steps)

    def show_phase_report(self, state: MatchState, steps: list[Step]) -> None:
        """The Turn dock's report of what the step the clock last left did (read again only
        when the journal or what the window hides changed)."""
        assert self.session is not None
        from referee.match.reports.phase_report import PhaseFold
        from referee.rules.orders.concealment import concealed_uids

        concealed = concealed_uids(state, self.hidden_from_view())
        key = (tuple((s.number, s.undone) for s in steps), concealed)
        if key == self._phase_key:
            return
        self._phase_key = key
        fold = self._phase_fold
        if fold is None or fold.match is not self.session.match:  # folded once a match
            fold = PhaseFold(self.session.match.initial_state(), self.session.match)
            self._phase_fold = fold
        self.tracker.set_report(fold.report(steps, concealed))

    def seen(self, state: MatchState) -> MatchState:
        """``state`` less the hidden units of the sides hidden from view (View > Hide side
        N's hidden units), for the panels that name units."""
        from referee.rules.orders.concealment import seen_state

        return seen_state(state, self.scene.concealed_sides)

    def show_journal(self, state: MatchState, steps: list[Step] | None = None) -> None:
        """The journal (``steps``, when the caller has read them), each placement of a unit
        hidden from view masked (as ``referee match show --view`` prints it)."""
        assert self.session is not None
        from referee.rules.orders.concealment import conceal_steps

        steps = self.session.steps() if steps is None else steps
        self.journal.set_steps(conceal_steps(steps, state, self.hidden_from_view()), state.rules)

    def hidden_from_view(self) -> set[int]:
        """The sides whose secrets the window keeps: those of View > Hide side N's hidden
        units, and in a blind setup the side looking away."""
        hidden = set(self.scene.concealed_sides)
        away = self.setup_panel.looking_away()
        if away is not None:
            hidden.add(away)
        return hidden

    def _other_side_entering(self, side: int) -> None:
        """A blind setup turns to ``side``: the other's entries leave the journal and the
        status bar."""
        self.statusBar().showMessage(
            f"Blind setup: entering side {side}'s placements; side {3 - side}'s are hidden "
            "until the reveal.",
            8000,
        )
        if self.session is not None:
            self.show_journal(self.session.state)

    def _conceal(self) -> None:
        self.scene.set_concealed_sides(s for s, a in self.hide_actions.items() if a.isChecked())
        if self.scene.selected_uid and self.scene.is_concealed(self.scene.selected_uid):
            self.select_unit(None)
        if self.session is not None:
            seen = self.seen(self.session.state)  # no panel names a unit hidden from view
            self.inspector.set_state(seen)
            self.show_tracker(self.session.state)
            self.los_panel.set_state(seen)
            self.show_journal(self.session.state)
        self.statusBar().clearMessage()  # the last step's name may tell what is now hidden

    def open_map_editor(self) -> MapEditorWindow:
        """The map editor in its own window (File > Map editor)."""
        from referee.app.map_editor.window import MapEditorWindow

        editor = MapEditorWindow(self)
        editor.show()
        return editor

    # --- tools ----------------------------------------------------------------------

    def toggle_los(self) -> None:
        self.los_dock.raise_()
        self.los_panel.set_mode("" if self.los_panel.mode == "los" else "los")

    def toggle_visibility(self) -> None:
        self.los_dock.raise_()
        self.los_panel.set_mode("" if self.los_panel.mode == "visibility" else "visibility")

    def cancel_tool(self) -> None:
        """Esc: the open wizard is cancelled (nothing written) when the keyboard is in its
        dock, or when no map tool is on; otherwise the map tool stops (a move in progress,
        the line of sight or visibility)."""
        host = self.wizard_host
        focus = QApplication.focusWidget()
        if host.wizard is not None and focus is not None and host.isAncestorOf(focus):
            host.cancel()
        elif self.moving_uid is not None:
            self.moving_uid = None
            self.view.viewport().unsetCursor()
            self.statusBar().clearMessage()
        elif self.los_panel.mode:
            self.los_panel.set_mode("")
        elif host.wizard is not None:
            host.cancel()

    def _tool_mode_changed(self, mode: str) -> None:
        cursor = Qt.CursorShape.CrossCursor if mode else Qt.CursorShape.OpenHandCursor
        self.view.viewport().setCursor(cursor)
        if mode:
            self.statusBar().showMessage(self.los_panel.prompt.text(), 8000)

    # --- rules and new matches ----------------------------------------------------------

    def focus_rules(self) -> None:
        """Show the rules browser and put the cursor in its search box."""
        self.rules_dock.show()
        self.rules_dock.raise_()
        self.rules_browser.focus_search()

    def show_rule(self, link: str) -> None:
        """Open a ``clause:``/``ruling:`` link in the rules browser."""
        self.rules_dock.show()
        self.rules_dock.raise_()
        self.rules_browser.open_link(link)

    def show_why(
        self, title: str, clause_ids: Iterable[str], ruling_ids: Iterable[str], link: str = ""
    ) -> None:
        """The clauses and rulings an event applied, in the rules browser (``link`` first)."""
        self.rules_dock.show()
        self.rules_dock.raise_()
        self.rules_browser.show_why(title, list(clause_ids), list(ruling_ids), link or None)

    def open_new_match_wizard(self) -> NewMatchWizard:
        """The new-match wizard; finishing it creates the match file and opens it."""
        from PySide6.QtWidgets import QDialog

        from referee.app.wizards.new_match.wizard import NewMatchWizard

        wizard = NewMatchWizard(self)

        def finished(result: int) -> None:
            if result == QDialog.DialogCode.Accepted:
                self.create_match(wizard.chosen_match())
            wizard.deleteLater()

        wizard.finished.connect(finished)
        wizard.open()
        return wizard

    def create_match(self, choice: NewMatch) -> bool:
        """Write the match the wizard chose and open it (a refusal is shown)."""
        try:
            choice.create().close()
        except (RefereeError, OSError) as exc:
            self.report_error(str(exc))
            return False
        self.open_match(choice.path)
        self.statusBar().showMessage(f"New match: {choice.path}", 8000)
        return True

    def _question_settled(self, went_on: bool) -> None:
        if went_on:
            self.close()  # saved or discarded: go on quitting
        else:
            self.statusBar().showMessage("Not quitting: the changes are kept.", 8000)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self.docks_placed and self.scene.battle_map is not None:  # (a map to fit)
            self.docks_placed = True
            self.fit_docks()
        if self.panels_built and self.setup_panel.active:  # a match being set up: its setup
            QTimer.singleShot(0, self.raise_setup)  # once the dock's tabs exist

    def unsaved_windows(self) -> list[QMainWindow]:
        """The windows of this one (army builder, map editors) that ask before closing."""
        from referee.app.widgets.unsaved_changes import UnsavedChanges

        return [
            w
            for w in self.findChildren(QMainWindow)
            if isinstance(getattr(w, "unsaved", None), UnsavedChanges) and w.isVisible()
        ]

    def closeEvent(self, event: QCloseEvent) -> None:
        """Quit: the army builder and the map editors close first; one with unsaved changes
        asks, and the quitting goes on once it is saved or discarded (never blocked)."""
        asking = [w for w in self.unsaved_windows() if not w.close()]
        if asking:
            event.ignore()
            for w in asking:
                w.unsaved.settled.connect(  # type: ignore[attr-defined]
                    self._question_settled, Qt.ConnectionType.SingleShotConnection
                )
            self.statusBar().showMessage(
                "Quitting: answer the question about unsaved changes first.", 15000
            )
            return
        if self.remembered is not None:
            self.remembered.save_window(self)
        if self.panels_built:
            self.round_clock.stop()
        if self.session is not None:
            self.undo_group.removeStack(self.session.undo_stack)
            self.session.close()
            self.session = None
        super().closeEvent(event)
