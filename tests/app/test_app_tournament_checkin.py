"""The tournament window's army check-in (pick the file, see its problems, the organiser's
reason to accept one that is not valid, the checksum and huge units in the players list),
the table's match file from the pairings tab and its result taken back only for its table;
File > Tournament in the match window opens the tournament window on a new or an existing
event."""

from __future__ import annotations

from pathlib import Path

from army_fixture import write_armies
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from referee.app.tournament.new_event_dialog import NewEventDialog
from referee.app.tournament.window import TournamentWindow
from referee.app.window.main_window import MainWindow
from referee.match.games.orders_file import MatchFile
from referee.tournament.desk import Desk

# Three Talos (12 IP each, budget 24) and a unit of another nation.
BAD = """\
name = "Too much"
nation = "spartan"
game = "standard"

[[unit]]
type = "talos"
count = 3

[[unit]]
type = "ork-grunts"
"""


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def make_window(qtbot, tmp_path) -> TournamentWindow:
    window = TournamentWindow(Desk.create(tmp_path / "ev.db", name="Check Cup", seed=3))
    window.ask = lambda title, text: True  # Pair, Start, End ask first
    qtbot.addWidget(window)
    return window


def enter(qtbot, w: TournamentWindow, name: str, army: Path | None) -> None:
    if army is not None:
        w.players_tab.checkin_panel.set_file(army)
    qtbot.keyClicks(w.players_tab.new_name, name)
    qtbot.keyClick(w.players_tab.new_name, Qt.Key.Key_Return)


def test_a_player_checked_in_with_an_army_file_shows_its_checksum_and_huge_units(qtbot, tmp_path):
    armies = write_armies(tmp_path / "armies")
    w = make_window(qtbot, tmp_path)
    w.players_tab.checkin_panel.set_file(armies["Brin"])
    assert "valid" in w.players_tab.checkin_panel.verdict.text()
    assert "Talos, the bronze giant" in w.players_tab.checkin_panel.huge.text()
    enter(qtbot, w, "Brin", None)
    checksum = w.tournament.players["Brin"].army["checksum"]
    assert checksum[:16] in w.last_message
    row = [
        w.players_tab.players.item(0, c).text() for c in range(w.players_tab.players.columnCount())
    ]
    assert row[0] == "Brin" and row[1] == "spartan"
    assert row[5] == checksum[:16] and row[6] == "Talos, the bronze giant"
    assert row[7] == "valid"
    assert w.players_tab.checkin_panel.path is None  # ready for the next player


def test_an_army_that_is_not_valid_shows_its_problems_and_needs_the_organisers_reason(
    qtbot, tmp_path
):
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD, encoding="utf-8")
    w = make_window(qtbot, tmp_path)
    w.players_tab.checkin_panel.set_file(bad)
    shown = [
        w.players_tab.checkin_panel.problems.item(i).text()
        for i in range(w.players_tab.checkin_panel.problems.count())
    ]
    assert any("unit[1].type" in p and "army.building" in p for p in shown)
    assert any("cost.ip" in p and "36 IP" in p for p in shown)
    assert w.players_tab.checkin_panel.override.isVisibleTo(w)
    enter(qtbot, w, "Cato", None)
    assert "Refused" in w.last_message and "organiser's reason" in w.last_message
    assert w.players_tab.players.rowCount() == 0
    qtbot.keyClicks(w.players_tab.checkin_panel.override, "agreed with every player")
    click(qtbot, w.players_tab.players)  # the name field still holds Cato
    qtbot.keyClick(w.players_tab.new_name, Qt.Key.Key_Return)
    assert w.players_tab.players.rowCount() == 1
    assert w.players_tab.players.item(0, 7).text() == (
        "NOT valid, accepted by the organiser: agreed with every player"
    )


def test_a_players_army_is_checked_in_later_for_the_selected_row(qtbot, tmp_path):
    armies = write_armies(tmp_path / "armies")
    w = make_window(qtbot, tmp_path)
    enter(qtbot, w, "Ada", None)
    assert w.players_tab.players.item(0, 7).text() == "no army checked in"
    w.players_tab.players.selectRow(0)
    w.players_tab.checkin_panel.set_file(armies["Ada"])
    click(qtbot, w.players_tab.checkin_button)
    assert w.players_tab.players.item(0, 4).text() == "Ada's spartan host"
    assert "Ada checked in" in w.last_message


def test_the_tables_match_file_from_the_pairings_tab_and_its_result_back(
    qtbot, tmp_path, monkeypatch
):
    monkeypatch.setattr(QMessageBox, "information", lambda *a, **k: None)
    armies = write_armies(tmp_path / "armies")
    w = make_window(qtbot, tmp_path)
    for name in ("Ada", "Brin", "Cato", "Dora"):
        enter(qtbot, w, name, armies[name])
    w.desk.seed_players(["Ada", "Cato", "Brin", "Dora"])
    click(qtbot, w.pairings_tab.pair_button)
    assert (
        w.pairings_tab.pairing.item(0, 4).text()
        == "Ada: Brin's army has huge units: Talos, the bronze giant"
    )
    out = w.files.make_match_file(1, 1, tmp_path / "t1.referee")
    assert out is not None
    with MatchFile.open(out) as m:
        assert m.meta["settings"]["player-2"] == "Brin"
    w.results.result_from_match_file(1, 2, out)
    assert "made for round 1, table 1" in w.last_message and not w.tournament.round(1).results
    w.results.result_from_match_file(1, 1, out)
    # nothing played: Ada 60 MVP, Brin 88 + 16 = 104 (tests/tournament/table_play.py)
    assert "Ada 60 MVP" in w.last_message and "Brin 104 MVP" in w.last_message


def test_file_tournament_opens_a_new_event_and_an_existing_one(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path))
    main = MainWindow()
    qtbot.addWidget(main)
    titles = [a.text() for a in main.tournament_menu.actions()]
    assert titles == ["&New event…", "&Open event…", "Open event on a &server…"]
    dialog = main.tournament.new_event_dialog()
    assert isinstance(dialog, NewEventDialog)
    qtbot.keyClicks(dialog.name, "Spring Cup")
    assert dialog.file.text() == str(tmp_path / "tournaments" / "spring-cup.db")
    dialog.rounds.setValue(4)
    dialog.minutes.setValue(100)
    with qtbot.waitSignal(dialog.finished):
        dialog.accept()
    window = main.tournament.windows[-1]
    qtbot.addWidget(window)
    assert window.isVisible() and window.tournament.name == "Spring Cup"
    assert (window.tournament.rounds_planned, window.tournament.round_minutes) == (4, 100)
    assert window.tournament.scenario == "entrenched"
    window.close()
    again = main.tournament.open(tmp_path / "tournaments" / "spring-cup.db")
    assert again is not None
    qtbot.addWidget(again)
    assert again.tournament.name == "Spring Cup"
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: None)
    assert main.tournament.open(tmp_path / "nothing.db") is None
    assert "no such event file" in main.tournament.last_error
    again.close()


def test_a_new_event_never_replaces_an_existing_file(qtbot, tmp_path):
    dialog = NewEventDialog(folder=tmp_path)
    qtbot.addWidget(dialog)
    (tmp_path / "cup.db").write_text("mine", encoding="utf-8")
    qtbot.keyClicks(dialog.name, "Cup")
    dialog.accept()
    assert "already exists" in dialog.problem.text() and dialog.result() == 0
