"""The tournament window: one tab per job of the desk, the clock always in view.

The window holds a :class:`~referee.tournament.desk.Desk` and redraws from the event the
desk folds. A timer shows the clock every second and looks for another desk's writes
(the store's revision); an event on a server also tells the window of every write as it
lands (``EventStore.listen``), so the window and its wall view redraw at once. Those looks
run on a thread of their own (:mod:`~referee.app.tournament.event_reader`): the window's
thread never waits on the event file's lock or a server, nor reads and folds the event
while the room's results land; it draws what the reader hands it, and a file another
program holds shows as busy until the next tick. Every action is the desk's (on the
window's thread: it happens, or says why not), refused actions become a message.

The window is the shell; each job is its own part, seeing the window only as a
:class:`~referee.app.tournament.desk_host.DeskHost`: ``players_tab``, ``pairings_tab``,
``standings_tab`` (a tab each, with its actions), ``results`` (the Results, Reported and
Awards tabs: :mod:`~referee.app.tournament.result_desk`), ``files`` (the File menu's
exports, slips, venue, top cut, serving and match files:
:mod:`~referee.app.tournament.desk_files`) and the correction trail's rows.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TypeVar

from PySide6.QtCore import QSocketNotifier, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from referee.app.tournament.correction_trail import TRAIL_COLUMNS, trail_row
from referee.app.tournament.desk_files import DeskFiles
from referee.app.tournament.event_reader import EventReader, Reading
from referee.app.tournament.pairings_tab import PairingsTab
from referee.app.tournament.players_tab import PlayersTab
from referee.app.tournament.result_desk import ResultDesk
from referee.app.tournament.standings_tab import StandingsTab
from referee.app.tournament.tables import fill, make_table
from referee.app.tournament.wall_view import WallView
from referee.app.widgets.message_box import MessageBox
from referee.errors import RefereeError
from referee.tournament.desk import Desk, event_clock
from referee.tournament.event import Event
from referee.tournament.standings import Standings, standings
from referee.tournament.store import ChangeListener
from referee.tournament.stores import short_name

T = TypeVar("T")
CLOCK_BUTTONS = {"start": "S&tart", "pause": "Pa&use", "resume": "Resu&me", "end": "&End"}
"""The clock's buttons, each with its own letter (Start and End ask first)."""
REPORTED = "Rep&orted"
"""The Reported tab's title (the number of tables waiting added while any wait)."""


class TournamentWindow(QMainWindow):
    """The shell: the clock row, the tabs (each its own part), the menus, the looks for
    other desks' writes, and running the desk's actions for every part (:class:`DeskHost`)."""

    looked = Signal()
    """A look of the event reader was drawn (or found nothing new, or the file busy)."""

    def __init__(self, desk: Desk, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.desk = desk
        self.tournament: Event = desk.event()
        self.file_busy = False
        self.combo_names: list[str] | None = None
        self.trail_rows: dict[int, tuple[object, ...] | None] = {}
        self.wall: WallView | None = None
        self.last_message = ""
        self.out_of_reach = False
        self.resize(1280, 700)

        self.clock_label = QLabel()
        self.clock_label.setTextFormat(Qt.TextFormat.PlainText)
        font = QFont(self.clock_label.font())
        font.setPointSize(16)
        font.setBold(True)
        self.clock_label.setFont(font)
        self.clock_buttons: dict[str, QPushButton] = {}
        clock_row = QHBoxLayout()
        clock_row.addWidget(self.clock_label, 1)
        for action, text in CLOCK_BUTTONS.items():
            b = QPushButton(text)
            b.clicked.connect(lambda _=False, a=action: self.clock_action(a))
            self.clock_buttons[action] = b
            clock_row.addWidget(b)
        wall = QPushButton("Wall view")
        wall.clicked.connect(self.show_wall)
        clock_row.addWidget(wall)

        self.players_tab = PlayersTab(self)
        self.pairings_tab = PairingsTab(self)
        self.standings_tab = StandingsTab(self)
        self.results = ResultDesk(self, self)
        self.files = DeskFiles(self, self, self.pairings_tab)
        self.pairings_tab.match_button.clicked.connect(self.files.match_file_dialog)
        self.entry, self.reported, self.awards = (
            self.results.entry,
            self.results.reported,
            self.results.awards,
        )
        self.tabs = QTabWidget()
        self.tabs.addTab(self.players_tab, "P&layers")
        self.tabs.addTab(self.pairings_tab, "Rounds and &pairings")
        self.tabs.addTab(self.entry, "&Results")
        self.reported_tab = self.tabs.addTab(self.reported, REPORTED)
        self.trail = make_table(TRAIL_COLUMNS)
        self.tabs.addTab(self.trail, "Correction tra&il")
        self.tabs.addTab(self.standings_tab, "&Standings")
        self.tabs.addTab(self.awards, "&Awards")
        self.tabs.currentChanged.connect(self.page_shown)

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addLayout(clock_row)
        layout.addWidget(self.tabs, 1)
        self.setCentralWidget(central)
        self._menus()
        # the keyboard starts in the first tab (a player's name), not on the clock's Start;
        # a tab picked by its letter then takes it into its own page (Qt's stacked pages)
        self.players_tab.new_name.setFocus()
        self.reader = EventReader(desk.store.name)
        self.reader.relay.delivered.connect(self.show_reading)
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        self.listener: ChangeListener | None = None
        self.notifier: QSocketNotifier | None = None
        self.listen()
        self.redraw()

    def page_shown(self) -> None:
        """A tab picked: the awards counted when looked at; a number the keyboard went to
        (a tab picked by its letter takes it into its page) selected, typed over as after
        Tab."""
        page = self.tabs.currentWidget()
        if page is self.awards:
            self.awards.show_event(self.tournament)
        focus = QApplication.focusWidget()
        if isinstance(focus, QAbstractSpinBox) and page.isAncestorOf(focus):
            focus.selectAll()

    def _menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        files = self.files
        for fmt, label in (
            ("csv", "Export &CSV..."),
            ("html", "Export printable &HTML..."),
            ("pdf", "Export &PDF..."),
            ("site", "Export &web pages..."),
        ):
            act = QAction(label, self)
            act.triggered.connect(lambda _=False, f=fmt: files.export_dialog(f))
            file_menu.addAction(act)
        file_menu.addSeparator()
        slips = QAction("Table &slips...", self)
        slips.triggered.connect(lambda _=False: files.slips_dialog())
        file_menu.addAction(slips)
        venue = QAction("&Venue tables...", self)
        venue.triggered.connect(lambda _=False: files.venue_dialog())
        file_menu.addAction(venue)
        cut = QAction("T&op cut...", self)
        cut.triggered.connect(lambda _=False: files.top_cut_dialog())
        file_menu.addAction(cut)
        file_menu.addSeparator()
        serve = QAction("Serve to the &room...", self)
        serve.triggered.connect(lambda _=False: files.serve_to_room())
        file_menu.addAction(serve)
        file_menu.addSeparator()
        close = QAction("C&lose", self)
        close.setShortcut(QKeySequence.StandardKey.Close)
        close.triggered.connect(self.close)
        file_menu.addAction(close)
        view = self.menuBar().addMenu("&View")
        act = QAction("&Wall view", self)
        act.setShortcut(QKeySequence("F11"))
        act.triggered.connect(self.show_wall)
        view.addAction(act)

    # --- acting (for every part: DeskHost) ------------------------------------------

    def act(self, what: Callable[[], T], done: str = "") -> T | None:
        """Run a desk action; a refusal becomes a message, and the window redraws."""
        try:
            answer = what()
        except (RefereeError, OSError) as exc:
            self.message(f"Refused: {exc}", error=True)
            self.catch_up()
            return None
        if done:
            self.message(done)
        self.catch_up()
        return answer

    def message(self, text: str, error: bool = False) -> None:
        self.last_message = text
        self.statusBar().showMessage(text, 20000 if error else 8000)

    def ask(self, title: str, text: str) -> bool:
        """Whether the desk says yes to ``text`` (a question before an action that the
        whole room sees: pairing a round, starting or ending its clock)."""
        box = MessageBox(
            QMessageBox.Icon.Question,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            self,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        return box.exec() == QMessageBox.StandardButton.Yes

    def clock_action(self, action: str) -> None:
        number = self.tournament.current_round
        if action in ("start", "end") and not self.ask(
            f"{action.capitalize()} round {number}?",
            f"{action.capitalize()} the clock of round {number} now? Every table and the "
            "wall view follow it.",
        ):
            return
        self.act(lambda: self.desk.clock_action(action))

    def show_wall(self) -> WallView:
        if self.wall is None:
            self.wall = WallView()
        self.wall.show()
        self.show_clock()
        return self.wall

    # --- showing -------------------------------------------------------------------

    def listen(self) -> None:
        """Hear the store's writes as they land, where it can tell (a server)."""
        try:
            self.listener = self.desk.store.listen()
        except RefereeError as exc:
            self.message(
                f"Not told of other desks' writes ({exc}); looking every second", error=True
            )
            return
        if self.listener is not None:
            self.notifier = QSocketNotifier(self.listener.fileno(), QSocketNotifier.Type.Read, self)
            self.notifier.activated.connect(self.heard)

    def heard(self) -> None:
        """A write landed (or the server went away): redraw, or fall back to looking."""
        if self.listener is None or self.notifier is None:
            return
        try:
            self.listener.drain()
        except RefereeError as exc:
            self.notifier.setEnabled(False)
            self.listener.close()
            self.listener = None
            self.message(f"{exc}; looking for changes every second", error=True)
        self.tick()

    def tick(self) -> None:
        """Every second: the clock, and a look for another desk's writes on the reader's
        thread (:meth:`show_reading` draws what it finds); returns at once."""
        self.reader.look(self.tournament.revision)
        self.show_clock()

    def show_reading(self, reading: Reading) -> None:
        """Draw what the event reader found: a newer event, a busy file (the last view
        stays, the next tick looks again) or a server out of reach (said, the last view
        stays)."""
        if reading.error:
            self.message(reading.error, error=True)
            self.out_of_reach = True
        elif self.out_of_reach:
            self.out_of_reach = False
            self.message("The event's server answers again: the view is up to date")
        if reading.busy:
            self.file_busy = True
            self.message(
                f"{short_name(self.desk.store.name)} is busy (another program is writing to "
                f"it): the view shows revision {self.tournament.revision} and looks again "
                "every second"
            )
        elif self.file_busy and not reading.error:
            self.file_busy = False
            self.message("The event file is free again: the view is up to date")
        if reading.event is not None and reading.event.revision > self.tournament.revision:
            self.redraw(reading.event, reading.standings)
        self.looked.emit()

    def catch_up(self) -> None:
        """After the desk's own action: draw the event as it is now, on this thread (the
        desk's own write has just waited for the file; a refusal is said)."""
        try:
            if self.desk.store.revision() != self.tournament.revision:
                self.redraw()
        except RefereeError as exc:
            self.message(str(exc), error=True)
        self.show_clock()

    def show_clock(self) -> None:
        """The round's clock, in the window and on the wall view."""
        now = datetime.now(UTC)
        clock = event_clock(self.tournament)
        self.clock_label.setText(
            clock.describe(now) if self.tournament.current_round else "No round paired yet"
        )
        self.clock_label.setStyleSheet("color: #c00;" if clock.warning(now) else "")
        if self.wall is not None and self.wall.isVisible():
            self.wall.show_event(self.tournament, clock, now)

    def redraw(self, event: Event | None = None, st: Standings | None = None) -> None:
        """Draw ``event`` (with its standings ``st``, else counted here), or the event as
        the desk reads it now."""
        self.tournament = e = event if event is not None else self.desk.event()
        self.setWindowTitle(f"{e.name} - tournament desk ({short_name(e.store_name)})")
        self.players_tab.show_event(e)
        self.pairings_tab.show_event(e)
        names = list(e.players)
        if names != self.combo_names:  # refilled when the players change, not each revision
            self.combo_names = names
            combos = (self.pairings_tab.swap_a, self.pairings_tab.swap_b)
            for combo in (*combos, self.standings_tab.penalty_player):
                keep = combo.currentText()
                combo.clear()
                combo.addItems(names)
                combo.setCurrentText(keep)
        self.pairings_tab.redraw_pairings()
        if self.tabs.currentWidget() is self.awards:  # counted when looked at, not each tick
            self.awards.show_event(e)
        waiting = self.reported.set_event(e)
        self.tabs.setTabText(self.reported_tab, f"{REPORTED} ({waiting})" if waiting else REPORTED)
        if self.entry.set_event(e):
            shown = f"Round {self.entry.round.value()}, table {self.entry.table.value()}"
            self.message(f"{shown}: the form shows its result as it is now")
        rows: list[tuple[object, ...]] = []
        for r in e.records:
            if r.id not in self.trail_rows:  # a record never changes: its row is made once
                self.trail_rows[r.id] = trail_row(r)
            row = self.trail_rows[r.id]
            if row is not None:
                rows.append(row)
        fill(self.trail, rows)
        self.standings_tab.show_standings(st if st is not None else standings(e))
        self.show_clock()

    def closeEvent(self, event: object) -> None:
        self.timer.stop()
        self.reader.stop()
        if self.notifier is not None:
            self.notifier.setEnabled(False)
        if self.listener is not None:
            self.listener.close()
        if self.wall is not None:
            self.wall.close()
        if self.files.serving is not None:
            self.files.serving.close()
        self.desk.close()
        super().closeEvent(event)  # type: ignore[arg-type]
