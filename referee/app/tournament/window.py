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
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QSocketNotifier, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QFont, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from referee.app.tournament.awards_panel import AwardsPanel
from referee.app.tournament.event_reader import EventReader, Reading
from referee.app.tournament.reported_panel import ReportedPanel
from referee.app.tournament.result_entry import ResultEntry
from referee.app.tournament.serve_dialog import ServeDialog
from referee.app.tournament.tables import NumberText, fill, make_table
from referee.app.tournament.wall_view import WallView
from referee.app.widgets.plain_text import plain_message, plain_tip
from referee.app.widgets.save_dialog import ask_save_path
from referee.errors import RefereeError
from referee.paths import matches_dir, safe_file_name
from referee.tournament.checkin import army_cells, table_declarations
from referee.tournament.desk import (
    CorrectionReport,
    Desk,
    DeskError,
    ResultRefused,
    event_clock,
)
from referee.tournament.event import TIEBREAKERS, Event, TableResult
from referee.tournament.scoring import MatchResult, score_match
from referee.tournament.standings import Standings, standings
from referee.tournament.store import ChangeListener, Record
from referee.tournament.stores import short_name
from referee.tournament.table_match import SentMatch
from referee.tournament.targets import is_server_url
from referee.tournament.venue import VenueTable

T = TypeVar("T")


def door_cell(event: Event, name: str) -> str:
    """A player at the door for the next round: present, absent or not marked yet."""
    number = event.current_round + 1
    if number > event.rounds_planned or not event.players[name].plays_in(number):
        return ""
    shown = {True: "present", False: "ABSENT (dropped when paired)", None: ""}
    mark = shown[event.present(number, name)]
    return f"round {number}: {mark}" if mark else ""


def trail_row(r: Record) -> tuple[object, ...] | None:
    """A record's row in the correction trail, or None for a record the trail leaves out."""
    if r.kind in ("result", "correction"):
        a, b = score_match(MatchResult.from_json(r.data["result"]))
        why = r.why
        if r.data.get("override"):
            taken = f"taken with the reason: {r.data['override']}"
            why = f"{why}; {taken}" if why else taken
        score = f"{a.name} {a.mvp} - {b.mvp} {b.name}"
        return (r.id, r.at, r.who, r.kind, r.data["round"], r.data["table"], score, why)
    if r.kind == "withdraw":
        name = r.data["name"]
        return (r.id, r.at, r.who, "withdraw", "", "", f"{name} withdrawn", r.why)
    if r.kind in ("attendance", "penalty") or (r.kind == "drop" and "no_show" in r.data):
        from referee.tournament.event import trail_text

        rnd = r.data.get("round", r.data.get("no_show", ""))
        return (r.id, r.at, r.who, r.kind, rnd, "", trail_text(r), r.why)
    return None


class TournamentWindow(QMainWindow):
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
        self.serving: ServeDialog | None = None
        self.venue_editor: QDialog | None = None
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
        for action in ("start", "pause", "resume", "end"):
            b = QPushButton(action.capitalize())
            b.clicked.connect(lambda _=False, a=action: self.clock_action(a))
            self.clock_buttons[action] = b
            clock_row.addWidget(b)
        wall = QPushButton("Wall view")
        wall.clicked.connect(self.show_wall)
        clock_row.addWidget(wall)

        self.tabs = QTabWidget()
        self.tabs.addTab(self._players_tab(), "Players")
        self.tabs.addTab(self._pairings_tab(), "Rounds and pairings")
        self.entry = ResultEntry()
        self.entry.record_requested.connect(self.record_result)
        self.entry.correct_requested.connect(self.correct_result)
        self.entry.match_file_requested.connect(self.result_from_match)
        self.tabs.addTab(self.entry, "Results")
        self.reported = ReportedPanel()
        self.reported.take_requested.connect(self.take_report)
        self.reported.dismiss_requested.connect(self.dismiss_reports)
        self.reported_tab = self.tabs.addTab(self.reported, "Reported")
        self.trail = make_table(["#", "when", "who", "kind", "round", "table", "score", "why"])
        self.tabs.addTab(self.trail, "Correction trail")
        self.tabs.addTab(self._standings_tab(), "Standings")
        self.awards = AwardsPanel()
        self.awards.vote_requested.connect(self.enter_vote)
        self.awards.weights_requested.connect(self.set_award_weights)
        self.tabs.addTab(self.awards, "Awards")
        self.tabs.currentChanged.connect(
            lambda _i: (
                self.awards.show_event(self.tournament)
                if self.tabs.currentWidget() is self.awards
                else None
            )
        )

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addLayout(clock_row)
        layout.addWidget(self.tabs, 1)
        self.setCentralWidget(central)
        self._menus()
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

    # --- building ------------------------------------------------------------------

    def _players_tab(self) -> QWidget:
        from referee.app.tournament.checkin_panel import CheckinPanel

        w = QWidget()
        self.players = make_table(
            [
                "name",
                "nation",
                "from round",
                "dropped after",
                "army",
                "checksum",
                "huge units",
                "check-in",
                "club",
                "at the door",
            ]
        )
        self.new_name = QLineEdit(placeholderText="name")
        self.new_name.setObjectName("player-name")
        self.new_nation = QLineEdit(placeholderText="nation")
        self.new_club = QLineEdit(placeholderText="club")
        self.new_club.setToolTip("kept apart from the club's other players in round 1")
        self.present_button = QPushButton("Present")
        self.present_button.setToolTip("the selected players are at the door for the next round")
        self.present_button.clicked.connect(lambda: self.door_selected(True))
        self.absent_button = QPushButton("Absent")
        self.absent_button.setToolTip(
            "the selected players are not at the door: dropped when the next round is paired"
        )
        self.absent_button.clicked.connect(lambda: self.door_selected(False))
        add = QPushButton("Enter player")
        add.clicked.connect(self.add_player)
        self.new_name.returnPressed.connect(self.add_player)
        drop = QPushButton("Drop selected")
        drop.setToolTip("after pairing: the player plays no more rounds; results stay")
        drop.clicked.connect(self.drop_selected)
        self.withdraw_button = QPushButton("Withdraw selected")
        self.withdraw_button.setToolTip(
            "a player entered by mistake, before their first round is paired: "
            "they disappear from every listing (the trail keeps the record)"
        )
        self.withdraw_button.clicked.connect(self.withdraw_selected)
        self.checkin_button = QPushButton("Check in for selected")
        self.checkin_button.clicked.connect(self.check_in_selected)
        self.checkin_panel = CheckinPanel(lambda path, why: self.desk.check_army(path, why))
        row = QHBoxLayout()
        for x in (
            self.new_name,
            self.new_nation,
            self.new_club,
            add,
            self.checkin_button,
            self.present_button,
            self.absent_button,
            drop,
            self.withdraw_button,
        ):
            row.addWidget(x)
        layout = QVBoxLayout(w)
        layout.addLayout(row)
        layout.addWidget(self.checkin_panel)
        layout.addWidget(self.players, 1)
        return w

    def _pairings_tab(self) -> QWidget:
        w = QWidget()
        self.round_pick = QSpinBox(minimum=1, maximum=99)
        self.round_pick.valueChanged.connect(self.redraw_pairings)
        self.pair_button = QPushButton("Pair next round")
        self.pair_button.clicked.connect(self.pair)
        self.pairing = make_table(
            [
                "table",
                "player 1",
                "player 2",
                "result",
                "tell the opponent (huge units)",
                "venue table",
            ]
        )
        self.match_button = QPushButton("Match file for the selected table…")
        self.match_button.clicked.connect(self.match_file_dialog)
        self.bye_label = QLabel()
        self.bye_label.setTextFormat(Qt.TextFormat.PlainText)
        self.pair_warnings = QLabel()
        self.pair_warnings.setTextFormat(Qt.TextFormat.PlainText)
        self.pair_warnings.setWordWrap(True)
        self.pair_warnings.setStyleSheet("color: #a00;")
        self.swap_a, self.swap_b = QComboBox(), QComboBox()
        swap = QPushButton("Swap seats")
        swap.clicked.connect(self.swap)
        top = QHBoxLayout()
        top.addWidget(QLabel("Round"))
        top.addWidget(self.round_pick)
        top.addWidget(self.pair_button)
        top.addWidget(self.match_button)
        top.addStretch(1)
        top.addWidget(QLabel("Swap"))
        top.addWidget(self.swap_a)
        top.addWidget(QLabel("with"))
        top.addWidget(self.swap_b)
        top.addWidget(swap)
        layout = QVBoxLayout(w)
        layout.addLayout(top)
        layout.addWidget(self.pairing, 1)
        layout.addWidget(self.bye_label)
        layout.addWidget(self.pair_warnings)
        return w

    def _standings_tab(self) -> QWidget:
        w = QWidget()
        self.standings_table = make_table([])
        self.standings_warnings = QLabel()
        self.standings_warnings.setTextFormat(Qt.TextFormat.PlainText)
        self.standings_warnings.setWordWrap(True)
        self.standings_warnings.setStyleSheet("color: #a00;")
        self.keys = QLineEdit()
        self.keys.setToolTip(plain_tip("tie-breakers in order: " + ", ".join(TIEBREAKERS)))
        apply = QPushButton("Use these tie-breakers")
        apply.clicked.connect(self.set_keys)
        form = QFormLayout()
        row = QHBoxLayout()
        row.addWidget(self.keys, 1)
        row.addWidget(apply)
        form.addRow("Order by", row)
        self.penalty_player = QComboBox()
        self.penalty_points = QSpinBox(minimum=0, maximum=10**6)
        self.penalty_points.setSpecialValueText("warning")
        self.penalty_of = QComboBox()
        self.penalty_of.addItems(["tvp", "mvp"])
        self.penalty_why = QLineEdit(placeholderText="why (kept in the trail)")
        self.penalty_button = QPushButton("Give penalty")
        self.penalty_button.clicked.connect(self.give_penalty)
        penalty = QHBoxLayout()
        penalty.addWidget(self.penalty_player)
        penalty.addWidget(QLabel("deduct"))
        penalty.addWidget(self.penalty_points)
        penalty.addWidget(self.penalty_of)
        penalty.addWidget(self.penalty_why, 1)
        penalty.addWidget(self.penalty_button)
        form.addRow("Penalty", penalty)
        layout = QVBoxLayout(w)
        layout.addLayout(form)
        layout.addWidget(self.standings_table, 1)
        layout.addWidget(self.standings_warnings)
        return w

    def _menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        for fmt, label in (
            ("csv", "Export CSV..."),
            ("html", "Export printable HTML..."),
            ("pdf", "Export PDF..."),
            ("site", "Export web pages..."),
        ):
            act = QAction(label, self)
            act.triggered.connect(lambda _=False, f=fmt: self.export_dialog(f))
            file_menu.addAction(act)
        file_menu.addSeparator()
        slips = QAction("Table slips...", self)
        slips.triggered.connect(lambda _=False: self.slips_dialog())
        file_menu.addAction(slips)
        venue = QAction("Venue tables...", self)
        venue.triggered.connect(lambda _=False: self.venue_dialog())
        file_menu.addAction(venue)
        cut = QAction("Top cut...", self)
        cut.triggered.connect(lambda _=False: self.top_cut_dialog())
        file_menu.addAction(cut)
        file_menu.addSeparator()
        serve = QAction("Serve to the room...", self)
        serve.triggered.connect(lambda _=False: self.serve_to_room())
        file_menu.addAction(serve)
        file_menu.addSeparator()
        close = QAction("Close", self)
        close.setShortcut(QKeySequence.StandardKey.Close)
        close.triggered.connect(self.close)
        file_menu.addAction(close)
        view = self.menuBar().addMenu("&View")
        act = QAction("Wall view", self)
        act.setShortcut(QKeySequence("F11"))
        act.triggered.connect(self.show_wall)
        view.addAction(act)

    # --- acting --------------------------------------------------------------------

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

    def add_player(self) -> None:
        name = self.new_name.text().strip()
        panel = self.checkin_panel
        entered = self.act(
            lambda: self.desk.add_player(
                name, self.new_nation.text().strip(), panel.checkin(), self.new_club.text()
            )
        )
        if entered is not None:
            late = f" (late entry: from round {entered})" if entered > 1 else ""
            army = self._checked_in(name)
            self.message(f"{name} entered{late}{army}")
            self.new_name.clear()
            self.new_nation.clear()
            self.new_club.clear()
            panel.clear()

    def _checked_in(self, name: str) -> str:
        checkin = self.tournament.players[name].army
        if checkin is None:
            return ""
        return f", army {checkin['army_name']} checked in, checksum {checkin['checksum'][:16]}"

    def check_in_selected(self) -> None:
        """Check the chosen army in for the selected player (before their first round)."""
        rows = sorted({i.row() for i in self.players.selectedIndexes()})
        item = self.players.item(rows[0], 0) if rows else None
        if item is None:
            self.message("Refused: select the player to check in", error=True)
            return
        name, panel = item.text(), self.checkin_panel

        def check_in() -> bool:
            self.desk.check_in_open(name)
            checkin = panel.checkin()
            if checkin is None:
                raise DeskError("choose the player's army file first")
            self.desk.check_in(name, checkin)
            return True

        if self.act(check_in):
            self.message(f"{name} checked in{self._checked_in(name)}")
            panel.clear()

    def drop_selected(self) -> None:
        rows = {i.row() for i in self.players.selectedIndexes()}
        for row in sorted(rows):
            item = self.players.item(row, 0)
            if item is not None:
                name = item.text()
                self.act(partial(self.desk.drop, name), f"{name} dropped")

    def door_selected(self, present: bool) -> None:
        """The selected players at the door (or not) for the next round to pair."""
        rows = sorted({i.row() for i in self.players.selectedIndexes()})
        names = [it.text() for r in rows if (it := self.players.item(r, 0)) is not None]
        if not names:
            self.message("Refused: select the players at the door (or not)", error=True)
            return
        for name in names:
            number = self.act(partial(self.desk.mark_attendance, name, present))
            if number is not None:
                self.message(
                    f"{name}: present for round {number}"
                    if present
                    else f"{name}: absent for round {number}, dropped when it is paired"
                )

    def give_penalty(self) -> None:
        """A penalty for the player chosen: a warning (0 points) or points deducted."""
        name = self.penalty_player.currentText()
        points, of = self.penalty_points.value(), self.penalty_of.currentText()
        why = self.penalty_why.text()
        record = self.act(lambda: self.desk.penalise(name, why, points, of))
        if record is not None:
            what = f"{points} {of.upper()} deducted" if points else "a warning"
            self.message(f"{name}: {what} ({why.strip()})")
            self.penalty_why.clear()
            self.penalty_points.setValue(0)

    def withdraw_selected(self) -> None:
        """Take back the selected player's entry (made by mistake), once the desk says yes."""
        rows = sorted({i.row() for i in self.players.selectedIndexes()})
        item = self.players.item(rows[0], 0) if rows else None
        if item is None:
            self.message("Refused: select the player entered by mistake", error=True)
            return
        name = item.text()
        ask = QMessageBox(
            QMessageBox.Icon.Question,
            "Withdraw a player?",
            f"Withdraw {name}? Use this for an entry made by mistake: {name} will be in no "
            "list, pairing, standings or export (the trail keeps the record). "
            "A player who has played is dropped instead.",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            self,
        )
        ask.setTextFormat(Qt.TextFormat.PlainText)  # the name was typed in
        ask.setDefaultButton(QMessageBox.StandardButton.Cancel)
        if ask.exec() == QMessageBox.StandardButton.Yes:
            self.act(
                lambda: self.desk.withdraw(name, "entered by mistake"),
                f"{name} withdrawn (the trail keeps the record)",
            )

    def ask(self, title: str, text: str) -> bool:
        """Whether the desk says yes to ``text`` (a question before an action that the
        whole room sees: pairing a round, starting or ending its clock)."""
        box = QMessageBox(
            QMessageBox.Icon.Question,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            self,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        return box.exec() == QMessageBox.StandardButton.Yes

    def pair(self) -> None:
        # the round this window shows as next: if another desk paired it, this one is told
        number = self.tournament.current_round + 1
        absent = self.tournament.absent(number) if number <= self.tournament.rounds_planned else []
        dropped = (
            f" {', '.join(absent)} (absent at the door) will be dropped first." if absent else ""
        )
        if not self.ask(
            f"Pair round {number}?",
            f"Pair round {number} of {self.tournament.name} now?{dropped} The pairing is "
            "written for every desk and the room to see.",
        ):
            return
        p = self.act(lambda: self.desk.pair(number))
        if p is not None:
            self.round_pick.setValue(p.round)
            self.message(f"Round {p.round} paired" + (f", bye {p.bye}" if p.bye else ""))

    def swap(self) -> None:
        a, b = self.swap_a.currentText(), self.swap_b.currentText()
        p = self.act(lambda: self.desk.swap(self.round_pick.value(), a, b))
        if p is not None:
            self.message(
                f"{a} and {b} swapped" + (f": {'; '.join(p.warnings)}" if p.warnings else "")
            )

    def take(
        self, action: Callable[[str], T], done: Callable[[T], None], override: str = ""
    ) -> None:
        """Run a desk action that takes a result, then ``done`` with its answer; a result
        refused for not adding up (or for its match file) opens the override box, which
        runs the same action on the same numbers again with the desk's reason."""
        try:
            answer = action(override)
        except ResultRefused as exc:
            self.catch_up()
            self.message(
                f"Refused: {exc.table_label}: {'; '.join(exc.problems)} (the reason to take it "
                "anyway goes in the box below the calculation)",
                error=True,
            )
            self.entry.override.ask(exc.problems, lambda reason: self.take(action, done, reason))
            return
        except (RefereeError, OSError) as exc:
            self.catch_up()  # what changed meanwhile shows first; the refusal says why
            self.message(f"Refused: {exc}", error=True)
            return
        self.catch_up()
        done(answer)

    def _sent(self, round_number: int, table: int) -> tuple[str, SentMatch | None]:
        """The source of the numbers in the form: the match file read, or typed."""
        sent = self.entry.from_match
        shown = self.entry.shown
        if sent is not None and shown is not None and shown[:2] == (round_number, table):
            return f"match file {sent.path}", sent
        return "by hand", None

    def record_result(self, round_number: int, table: int, result: MatchResult) -> None:
        source, sent = self._sent(round_number, table)

        def done(tr: TableResult) -> None:
            a, b = tr.scores
            reason = tr.record.data.get("override")
            self.message(
                f"Round {round_number}, table {table}: {a.name} {a.mvp} MVP, "
                f"{b.name} {b.mvp} MVP" + (f" (taken with the reason: {reason})" if reason else "")
            )

        self.take(
            lambda override: self.desk.record_result(
                round_number, table, result, source, override=override, match=sent
            ),
            done,
        )

    def correct_result(self, round_number: int, table: int, result: MatchResult, why: str) -> None:
        if not why.strip():
            self.message(
                "Refused: a correction needs a reason: type it in the box above "
                "Correct result (it is kept in the correction trail)",
                error=True,
            )
            self.entry.why.setFocus()
            return
        source, sent = self._sent(round_number, table)
        replaces = self.entry.counting_record or 0  # 0: the form showed no result

        def done(report: CorrectionReport) -> None:
            self.message(report.lines()[0])
            self.entry.why.clear()
            self.entry.show_report(report.lines())

        self.take(
            lambda override: self.desk.correct(
                round_number,
                table,
                result,
                why,
                source,
                override=override,
                match=sent,
                replaces=replaces,
            ),
            done,
        )

    def serve_to_room(self, host: str = "0.0.0.0", port: int = 8000) -> ServeDialog | None:
        """The event served to the players' phones while the dialog is open (its address, a
        QR code, who is connected); the one already serving when there is one."""
        if self.serving is not None and self.serving.isVisible():
            self.serving.raise_()
            return self.serving
        from referee.tournament.room import issue_codes

        if self.act(lambda: issue_codes(self.desk)) is None:  # a code for each player first
            return None
        try:
            self.serving = ServeDialog(self.desk.store.name, host, port, self)
        except (RefereeError, OSError) as exc:
            self.message(f"Not served: {exc}", error=True)
            return None
        self.serving.show()
        self.message(f"Served to the room at {self.serving.url}")
        return self.serving

    def slips_url(self) -> str:
        """The address the slips' QR codes lead to: the room being served, else this
        machine's address on port 8000 (where File > Serve to the room serves it first)."""
        if self.serving is not None and self.serving.isVisible():
            return self.serving.url
        from referee.tournament.room_server import lan_address

        return f"http://{lan_address()}:8000/"

    def slips_dialog(self) -> None:
        """Ask where, then write the slips of the round shown in the pairings tab."""
        number = self.round_pick.value()
        if self.tournament.round(number) is None:
            self.message(f"Round {number} is not paired: no table slips to print", error=True)
            return
        start = (
            Path(self.tournament.store_name).resolve().parent
            if not is_server_url(self.tournament.store_name)
            else matches_dir()
        )
        name = f"{safe_file_name(self.tournament.name, 'event')}-round-{number}-slips.pdf"
        path = ask_save_path(self, "Table slips", start / name, "PDF (*.pdf)", ".pdf")
        if path is not None:
            self.write_slips(number, path)

    def write_slips(self, round_number: int, path: Path) -> Path | None:
        """The round's table slips as the PDF ``path`` (a code issued to each player who
        has none first, as the slips print them)."""
        from referee.app.tournament.slips_pdf import write_slips
        from referee.tournament.room import issue_codes
        from referee.tournament.slips import table_slips

        url = self.slips_url()

        def write() -> Path:
            table_slips(self.desk.event(), round_number, url, {})  # refused before any code
            codes = issue_codes(self.desk)
            event = self.desk.event()
            slips = table_slips(event, round_number, url, codes)
            return write_slips(slips, path, f"{event.name}: round {round_number}, table slips")

        return self.act(write, f"Table slips of round {round_number} written to {path}")

    def venue_dialog(self) -> None:
        """Edit the venue's tables; the desk takes the list or says why not."""
        from referee.app.tournament.venue_dialog import VenueDialog

        dialog = VenueDialog(
            self.tournament.venue, list(self.tournament.players), self, take=self.set_venue
        )
        self.venue_editor = dialog
        dialog.exec()
        self.venue_editor = None

    def set_venue(self, tables: list[VenueTable]) -> str | None:
        """Hand the list to the desk; why it refused it (the dialog stays open with the
        edits and says so), or None when it took it."""
        try:
            self.desk.set_venue(tables)
        except RefereeError as exc:
            self.message(f"Refused: {exc}", error=True)
            self.catch_up()
            return str(exc)
        self.message(f"{len(tables)} venue table(s) listed: rounds paired from now on are placed")
        self.catch_up()
        return None

    def top_cut_dialog(self) -> None:
        """Ask the cut's size, then make it (the desk says why not, if it cannot)."""
        from PySide6.QtWidgets import QInputDialog

        size, ok = QInputDialog.getItem(
            self,
            "Top cut",
            "The best players of the standings after the Swiss rounds play single "
            "elimination, seeded as they stand.\nPlayers in the cut:",
            ["4", "8", "16"],
            1,
            False,
        )
        if ok:
            self.start_cut(int(size))

    def start_cut(self, size: int) -> None:
        cut = self.act(lambda: self.desk.start_cut(size))
        if cut is not None:
            self.message(
                f"Top cut of {size}: {', '.join(cut.seeds)}; Pair next round pairs its first round"
            )

    def enter_vote(self, voter: str, category: str, choice: str) -> None:
        """A vote entered at the desk (``awards.cast_vote``)."""
        from referee.tournament.awards import cast_vote

        self.act(
            lambda: cast_vote(self.desk, voter, category, choice),
            f"{voter} votes for {choice} ({category})",
        )

    def set_award_weights(self, weights: dict[str, int]) -> None:
        from referee.tournament.awards import set_weights

        done = self.act(lambda: set_weights(self.desk, weights))
        if done is not None:
            self.message(done.formula())

    def take_report(self, report_id: int) -> None:
        """A player's report from the phones taken as the table's result (``room``)."""
        from referee.tournament.room import take_report

        taken = self.act(lambda: take_report(self.desk, report_id))
        if taken is not None:
            a, b = taken.scores
            self.message(
                f"Round {taken.round}, table {taken.table}: report #{report_id} taken "
                f"({a.name} {a.mvp} MVP, {b.name} {b.mvp} MVP)"
            )

    def dismiss_reports(self, round_number: int, table: int, why: str) -> None:
        """A table's reports dismissed with the reason: its players report again."""
        from referee.tournament.room import dismiss

        done = f"Round {round_number}, table {table}: reports dismissed; the players report again"
        self.act(lambda: dismiss(self.desk, round_number, table, why), done)
        if self.last_message == done:
            self.reported.why.clear()

    def result_from_match(self, round_number: int, table: int, as_correction: bool) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Match file", str(matches_dir()), "Match files (*.referee)"
        )
        if path:
            self.result_from_match_file(round_number, table, Path(path), as_correction)

    def result_from_match_file(
        self, round_number: int, table: int, path: Path, as_correction: bool = False
    ) -> None:
        """Read the match file's result into the form, so that the desk sees the numbers it
        takes; a table without a result records it at once, a table with one keeps it in
        the form for the desk to check and press Correct result (with a reason)."""
        from referee.tournament.table_match import sent_match

        read = self.act(lambda: sent_match(path))
        if read is None:
            return
        result, sent = read
        self.entry.round.setValue(round_number)
        self.entry.table.setValue(table)
        sent = SentMatch(path.name, sent.origin)
        if not self.entry.show_result(result, sent):  # other players: the desk says so
            self.take(
                lambda override: self.desk.record_result(
                    round_number, table, result, override=override, match=sent
                ),
                lambda _tr: None,
            )
            return
        rnd = self.tournament.round(round_number)
        if rnd is not None and table in rnd.results:
            self.message(
                f"{path.name}: its result is in the form; round {round_number}, table "
                f"{table} has a result already: check the numbers, type the reason and "
                "press Correct result to make it the correction"
            )
            if not as_correction:
                self.entry.why.setFocus()
            return
        self.record_result(round_number, table, self.entry.result())

    def match_file_dialog(self) -> None:
        """The selected table's match file, written where the organiser says."""
        rows = sorted({i.row() for i in self.pairing.selectedIndexes()})
        rnd = self.tournament.round(self.round_pick.value())
        if not rows or rnd is None:
            self.message("Refused: select a table of a paired round first", error=True)
            return
        table = rows[0] + 1
        matches_dir().mkdir(parents=True, exist_ok=True)  # the suggested folder must exist
        suggested = matches_dir() / f"round{rnd.number}-table{table}.referee"
        out = ask_save_path(
            self, "The table's match file", suggested, "Match files (*.referee)", ".referee"
        )
        if out is not None:  # the dialog asked before replacing a file
            self.make_match_file(rnd.number, table, out, force=out.exists())

    def make_match_file(
        self, round_number: int, table: int, out: Path, force: bool = False
    ) -> Path | None:
        made = self.act(lambda: self.desk.make_match(round_number, table, out, force=force))
        if made is None:
            return None
        self.message(" ".join(made.lines()[:1]) + f"; {made.origin.minutes} minutes")
        return made.path

    def set_keys(self) -> None:
        keys = [k.strip() for k in self.keys.text().replace(",", " ").split() if k.strip()]
        self.act(lambda: self.desk.set_tiebreakers(keys), "Tie-breakers set")

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

    def export_dialog(self, fmt: str) -> None:
        """Ask where; a file export's dialog asks before replacing the file, a folder
        export asks before replacing the files of the folder it would write over."""
        if is_server_url(self.tournament.store_name):  # no folder of its own: the user's
            from referee.paths import tournaments_dir

            start = tournaments_dir()
        else:
            start = Path(self.tournament.store_name).resolve().parent
        if fmt == "site":
            folder = QFileDialog.getExistingDirectory(self, "Export to folder", str(start))
            if folder:
                self.export(fmt, Path(folder), self.may_replace)
            return
        suggested = start / f"{safe_file_name(self.tournament.name, 'event')}.{fmt}"
        path = ask_save_path(
            self, "Export to file", suggested, f"{fmt.upper()} (*.{fmt})", f".{fmt}"
        )
        if path is not None:
            self.export(fmt, path, lambda _files: True)  # the dialog asked already

    def may_replace(self, files: list[Path]) -> bool:
        """Whether the organiser lets an export replace ``files``."""
        shown = "\n".join(str(f) for f in files[:12]) + ("\n…" if len(files) > 12 else "")
        box = plain_message(  # the files are named after the event's players
            self,
            QMessageBox.Icon.Question,
            "Replace files?",
            f"The export would replace {len(files)} file(s):\n{shown}\n\nReplace them?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
        )
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is box.button(QMessageBox.StandardButton.Yes)

    def export(
        self, fmt: str, out: Path, may_replace: Callable[[list[Path]], bool] | None = None
    ) -> None:
        """Write the export at ``out``; files it would replace go to ``may_replace`` first
        (by default the question to the organiser); nothing is written if refused."""
        from referee.paths import write_asking
        from referee.tournament.export import export

        def write(staged: Path) -> list[Path]:
            if fmt == "pdf":
                from referee.app.tournament.pdf_export import write_pdf

                return write_pdf(self.tournament, staged)
            if fmt == "csv":  # the one file named, whatever its ending (tournament export)
                from referee.tournament.export.csv_export import write_csv_file

                return write_csv_file(self.tournament, staged)
            return export(self.tournament, fmt, staged)

        if fmt == "site" and out.is_file():
            self.message(f"{out}: is a file; this export writes a folder", error=True)
            return
        if fmt != "site" and out.is_dir():
            self.message(f"{out}: is a folder; this export writes one file", error=True)
            return
        ask = may_replace or self.may_replace
        written = self.act(lambda: write_asking(out, write, ask))
        if written:
            self.message(f"Exported {len(written)} file(s) to {out}")
        elif written is not None:
            self.message("Nothing exported: no file was replaced")

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
        fill(
            self.players,
            [
                (
                    p.name,
                    p.nation,
                    p.entered,
                    p.dropped_after if p.dropped_after is not None else "",
                    *army_cells(e, p.name),
                    p.club,
                    door_cell(e, p.name),
                )
                for p in e.players.values()
            ],
        )
        latest = self.round_pick.maximum() if self.round_pick.property("seen") else 0
        self.round_pick.setMaximum(max(1, e.current_round))
        if e.current_round > latest and self.round_pick.value() in (latest, 1):
            self.round_pick.setValue(max(1, e.current_round))  # the round being played
        self.round_pick.setProperty("seen", True)
        if e.cut is not None:  # the cut's rounds, until its final is paired
            from referee.tournament.top_cut import cut_rounds

            self.pair_button.setEnabled(e.current_round < e.cut.after + cut_rounds(e.cut.size))
        else:
            self.pair_button.setEnabled(e.current_round < e.rounds_planned)
        names = list(e.players)
        if names != self.combo_names:  # refilled when the players change, not each revision
            self.combo_names = names
            for combo in (self.swap_a, self.swap_b, self.penalty_player):
                keep = combo.currentText()
                combo.clear()
                combo.addItems(names)
                combo.setCurrentText(keep)
        self.redraw_pairings()
        if self.tabs.currentWidget() is self.awards:  # counted when looked at, not each tick
            self.awards.show_event(e)
        waiting = self.reported.set_event(e)
        self.tabs.setTabText(self.reported_tab, f"Reported ({waiting})" if waiting else "Reported")
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
        st = st if st is not None else standings(e)
        self.keys.setText(" ".join(st.keys))
        keys = [k for k in st.keys if k not in ("tvp", "mvp")]  # shown in their own columns
        self.standings_table.setColumnCount(6 + len(keys))
        self.standings_table.setHorizontalHeaderLabels(
            [
                "#",
                "player",
                "TVP",
                "MVP",
                *[TIEBREAKERS[k] for k in keys],
                "penalties",
                "ahead of next by",
            ]
        )
        fill(
            self.standings_table,
            [
                (
                    s.rank,
                    s.name + (" (dropped)" if s.dropped else ""),
                    NumberText(s.text("tvp")),
                    s.mvp,
                    *(NumberText(s.text(k)) if k in s.tiebreakers else "" for k in keys),
                    s.penalty_text(),
                    s.decided_by,
                )
                for s in st.standings
            ],
        )
        self.standings_warnings.setText("\n".join(st.warnings))
        self.show_clock()

    def redraw_pairings(self) -> None:
        rnd = self.tournament.round(self.round_pick.value())
        if rnd is None:
            fill(self.pairing, [])
            self.bye_label.setText("No round paired yet.")
            self.pair_warnings.setText("")
            return
        rows = []
        told = table_declarations(self.tournament, rnd.tables)
        places = self.tournament.places(rnd.number)
        for i, (a, b) in enumerate(rnd.tables, 1):
            res = ""
            if i in rnd.results:
                sa, sb = rnd.results[i].scores
                res = f"{sa.mvp} - {sb.mvp}" + (" (corrected)" if rnd.results[i].corrected else "")
            tell = "; ".join(f"{n}: {told[n]}" for n in (a, b) if n in told)
            place = places.get(i)
            where = ""
            if place is not None:
                where = place.name + (f" ({place.terrain})" if place.terrain else "")
            rows.append((i, a, b, res, tell, where))
        fill(self.pairing, rows)
        self.bye_label.setText(f"Round {rnd.number} ({rnd.how}); bye: {rnd.bye or 'none'}")
        self.pair_warnings.setText("\n".join(rnd.warnings))

    def closeEvent(self, event: object) -> None:
        self.timer.stop()
        self.reader.stop()
        if self.notifier is not None:
            self.notifier.setEnabled(False)
        if self.listener is not None:
            self.listener.close()
        if self.wall is not None:
            self.wall.close()
        if self.serving is not None:
            self.serving.close()
        self.desk.close()
        super().closeEvent(event)  # type: ignore[arg-type]
