"""The tournament window's Players tab: entering players, their army check-in, who is at
the door for the next round, dropping and withdrawing; every action is the desk's."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from referee.app.tournament.checkin_panel import CheckinPanel
from referee.app.tournament.desk_host import DeskHost
from referee.app.tournament.tables import fill, make_table
from referee.app.widgets.message_box import MessageBox
from referee.tournament.checkin import army_cells
from referee.tournament.desk import DeskError
from referee.tournament.event import Event
from referee.tournament.player_names import same_names_note, tidy_name


def door_cell(event: Event, name: str) -> str:
    """A player at the door for the next round: present, absent or not marked yet."""
    number = event.current_round + 1
    if number > event.rounds_planned or not event.players[name].plays_in(number):
        return ""
    shown = {True: "present", False: "ABSENT (dropped when paired)", None: ""}
    mark = shown[event.present(number, name)]
    return f"round {number}: {mark}" if mark else ""


class PlayersTab(QWidget):
    """The players of the event, and the desk's actions on them."""

    def __init__(self, host: DeskHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
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
        self.present_button = QPushButton("Prese&nt")
        self.present_button.setToolTip("the selected players are at the door for the next round")
        self.present_button.clicked.connect(lambda: self.door_selected(True))
        self.absent_button = QPushButton("A&bsent")
        self.absent_button.setToolTip(
            "the selected players are not at the door: dropped when the next round is paired"
        )
        self.absent_button.clicked.connect(lambda: self.door_selected(False))
        add = QPushButton("Enter pla&yer")
        add.clicked.connect(self.add_player)
        self.new_name.returnPressed.connect(self.add_player)
        drop = QPushButton("&Drop selected")
        drop.setToolTip("after pairing: the player plays no more rounds; results stay")
        drop.clicked.connect(self.drop_selected)
        self.withdraw_button = QPushButton("Wit&hdraw selected")
        self.withdraw_button.setToolTip(
            "a player entered by mistake, before their first round is paired: "
            "they disappear from every listing (the trail keeps the record)"
        )
        self.withdraw_button.clicked.connect(self.withdraw_selected)
        self.checkin_button = QPushButton("Chec&k in for selected")
        self.checkin_button.clicked.connect(self.check_in_selected)
        self.checkin_panel = CheckinPanel(lambda path, why: host.desk.check_army(path, why))
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
        self.same_names = QLabel()
        """Players entered twice under one name (an event written before names were
        compared as a desk reads them): shown for the desk to act on, never rewritten."""
        self.same_names.setTextFormat(Qt.TextFormat.PlainText)  # names as typed
        self.same_names.setWordWrap(True)
        self.same_names.setStyleSheet("color: #c62828")
        self.same_names.hide()
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.same_names)
        layout.addWidget(self.checkin_panel)
        layout.addWidget(self.players, 1)

    def show_event(self, e: Event) -> None:
        twice = same_names_note(e.players)
        self.same_names.setText(twice[:1].upper() + twice[1:])
        self.same_names.setVisible(bool(twice))
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

    def add_player(self) -> None:
        host, name = self.host, tidy_name(self.new_name.text())
        panel = self.checkin_panel
        entered = host.act(
            lambda: host.desk.add_player(
                name, self.new_nation.text().strip(), panel.checkin(), self.new_club.text()
            )
        )
        if entered is not None:
            late = f" (late entry: from round {entered})" if entered > 1 else ""
            army = self._checked_in(name)
            host.message(f"{name} entered{late}{army}")
            self.new_name.clear()
            self.new_nation.clear()
            self.new_club.clear()
            panel.clear()

    def _checked_in(self, name: str) -> str:
        checkin = self.host.tournament.players[name].army
        if checkin is None:
            return ""
        return f", army {checkin['army_name']} checked in, checksum {checkin['checksum'][:16]}"

    def _selected_names(self) -> list[str]:
        rows = sorted({i.row() for i in self.players.selectedIndexes()})
        return [it.text() for r in rows if (it := self.players.item(r, 0)) is not None]

    def check_in_selected(self) -> None:
        """Check the chosen army in for the selected player (before their first round)."""
        rows = sorted({i.row() for i in self.players.selectedIndexes()})
        item = self.players.item(rows[0], 0) if rows else None
        if item is None:
            self.host.message("Refused: select the player to check in", error=True)
            return
        name, panel, desk = item.text(), self.checkin_panel, self.host.desk

        def check_in() -> bool:
            desk.check_in_open(name)
            checkin = panel.checkin()
            if checkin is None:
                raise DeskError("choose the player's army file first")
            desk.check_in(name, checkin)
            return True

        if self.host.act(check_in):
            self.host.message(f"{name} checked in{self._checked_in(name)}")
            panel.clear()

    def drop_selected(self) -> None:
        for name in self._selected_names():
            self.host.act(partial(self.host.desk.drop, name), f"{name} dropped")

    def door_selected(self, present: bool) -> None:
        """The selected players at the door (or not) for the next round to pair."""
        names = self._selected_names()
        if not names:
            self.host.message("Refused: select the players at the door (or not)", error=True)
            return
        for name in names:
            number = self.host.act(partial(self.host.desk.mark_attendance, name, present))
            if number is not None:
                self.host.message(
                    f"{name}: present for round {number}"
                    if present
                    else f"{name}: absent for round {number}, dropped when it is paired"
                )

    def withdraw_selected(self) -> None:
        """Take back the selected player's entry (made by mistake), once the desk says yes."""
        rows = sorted({i.row() for i in self.players.selectedIndexes()})
        item = self.players.item(rows[0], 0) if rows else None
        if item is None:
            self.host.message("Refused: select the player entered by mistake", error=True)
            return
        name = item.text()
        ask = MessageBox(
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
            self.host.act(
                lambda: self.host.desk.withdraw(name, "entered by mistake"),
                f"{name} withdrawn (the trail keeps the record)",
            )
