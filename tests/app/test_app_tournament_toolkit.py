"""The organiser's toolkit in the tournament window (issue 28): clubs entered, players
marked present or absent at the door (a no-show dropped when the round is paired),
penalties given and shown in the standings and the trail, and the Pairings and Results
tabs opening on the round being played."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt

from referee.app.tournament.window import TournamentWindow
from referee.tournament.desk import Desk
from referee.tournament.scoring import MatchResult, PlayerResult, Points


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def column(table, name: str) -> int:
    heads = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    return heads.index(name)


def select(w: TournamentWindow, name: str) -> None:
    w.players_tab.players.clearSelection()
    for row in range(w.players_tab.players.rowCount()):
        if w.players_tab.players.item(row, 0).text() == name:
            w.players_tab.players.selectionModel().select(
                w.players_tab.players.model().index(row, 0),
                QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
            )


def test_a_no_show_marked_in_the_window_is_dropped_when_the_round_is_paired(qtbot, tmp_path):
    w = TournamentWindow(Desk.create(tmp_path / "ev.db", name="Door Cup", seed=3, who="w"))
    w.ask = lambda title, text: True  # Pair, Start, End ask first
    qtbot.addWidget(w)
    for name, club in (("Ada", "Hex"), ("Brin", ""), ("Cato", "Hex"), ("Dora", "")):
        qtbot.keyClicks(w.players_tab.new_name, name)
        qtbot.keyClicks(w.players_tab.new_club, club)
        qtbot.keyClick(w.players_tab.new_name, Qt.Key.Key_Return)
    assert w.tournament.players["Ada"].club == "Hex"
    assert w.players_tab.players.item(0, column(w.players_tab.players, "club")).text() == "Hex"
    select(w, "Brin")
    click(qtbot, w.players_tab.absent_button)
    door = column(w.players_tab.players, "at the door")
    assert w.players_tab.players.item(1, door).text() == "round 1: ABSENT (dropped when paired)"
    select(w, "Ada")
    click(qtbot, w.players_tab.present_button)
    assert w.players_tab.players.item(0, door).text() == "round 1: present"
    click(qtbot, w.pairings_tab.pair_button)
    rnd = w.tournament.round(1)
    assert "Brin" not in {n for pair in rnd.tables for n in pair} and rnd.bye is not None
    assert frozenset(("Ada", "Cato")) not in {frozenset(t) for t in rnd.tables}  # one club
    trail = [w.trail.item(r, column(w.trail, "score")).text() for r in range(w.trail.rowCount())]
    assert "dropped Brin, a no-show for round 1" in trail
    assert "Brin absent at the door for round 1" in trail


def test_a_penalty_given_in_the_window_is_in_the_standings_and_the_trail(qtbot, tmp_path):
    desk = Desk.create(tmp_path / "ev.db", name="Fair Cup", seed=3, who="w")
    for name in ("Ada", "Brin"):
        desk.add_player(name)
    w = TournamentWindow(desk)
    w.ask = lambda title, text: True  # Pair, Start, End ask first
    qtbot.addWidget(w)
    w.standings_tab.penalty_player.setCurrentText("Brin")
    w.standings_tab.penalty_points.setValue(3)
    qtbot.keyClicks(w.standings_tab.penalty_why, "slow play")
    click(qtbot, w.standings_tab.penalty_button)
    rows = {
        w.standings_tab.standings_table.item(r, 1).text(): r
        for r in range(w.standings_tab.standings_table.rowCount())
    }
    cell = w.standings_tab.standings_table.item(
        rows["Brin"], column(w.standings_tab.standings_table, "penalties")
    )
    assert cell.text() == "-3 TVP"
    assert w.standings_tab.standings_table.item(rows["Brin"], 2).text() == "-3.00"
    assert w.standings_tab.penalty_points.value() == 0 and w.standings_tab.penalty_why.text() == ""
    trail = [w.trail.item(r, 7).text() for r in range(w.trail.rowCount())]
    assert "slow play" in trail


def test_the_pairings_and_results_tabs_open_on_the_round_being_played(qtbot, tmp_path):
    desk = Desk.create(tmp_path / "ev.db", name="Late Cup", seed=3, who="w")
    for name in ("Ada", "Brin", "Cato", "Dora"):
        desk.add_player(name)
    for number in (1, 2):
        for t, (a, b) in enumerate(desk.pair().tables, 1):
            sides = (
                PlayerResult(a, Points(ip=12), Points(ip=12)),
                PlayerResult(b, Points(), Points()),
            )
            desk.record_result(number, t, MatchResult(sides))
    desk.pair()
    w = TournamentWindow(desk)
    w.ask = lambda title, text: True  # Pair, Start, End ask first
    qtbot.addWidget(w)
    assert w.pairings_tab.round_pick.value() == 3 and w.entry.round.value() == 3
    assert w.pairings_tab.bye_label.text().startswith("Round 3")


def test_the_wall_view_pages_through_every_player_and_table(qtbot, tmp_path):
    """40 players: 20 tables and 40 places, 16 rows to a page, a page each 10 seconds."""
    from datetime import UTC, datetime, timedelta

    from referee.app.tournament.wall_view import WallView
    from referee.tournament.desk import event_clock

    desk = Desk.create(tmp_path / "ev.db", name="Big Cup", seed=3, who="w")
    names = [f"Player {i:02}" for i in range(1, 41)]
    for name in names:
        desk.add_player(name)
    desk.pair()
    event = desk.event()
    wall = WallView()
    qtbot.addWidget(wall)
    start = datetime(2027, 1, 1, 10, 0, 0, tzinfo=UTC)  # a multiple of 10 seconds
    seen_ranks, seen_tables, heads = "", "", set()
    for k in range(3):
        wall.show_event(event, event_clock(event), start + timedelta(seconds=10 * k))
        seen_ranks += wall.ranking.text()
        seen_tables += wall.tables.text()
        heads.add(wall.ranking.text().split("</b>")[0])
    assert all(name in seen_ranks for name in names)
    assert all(f"<b>{t}</b>" in seen_tables for t in range(1, 21))
    assert len(heads) == 3 and any("page 3 of 3" in h for h in heads)
    wall.close()
    desk.close()


def test_pair_start_and_end_ask_before_they_act(qtbot, tmp_path):
    """The real question box: Cancel leaves the round unpaired, Yes pairs it (naming the
    player absent at the door who will be dropped); Start asks the same way."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    desk = Desk.create(tmp_path / "ev.db", name="Ask Cup", seed=3, who="w")
    for name in ("Ada", "Brin", "Cato", "Dora", "Emil"):
        desk.add_player(name)
    desk.mark_attendance("Emil", present=False)
    w = TournamentWindow(desk)
    qtbot.addWidget(w)
    asked: list[str] = []

    def answer(button: QMessageBox.StandardButton) -> None:
        def press() -> None:
            box = QApplication.activeModalWidget()
            assert isinstance(box, QMessageBox)
            asked.append(box.text())
            box.button(button).click()

        QTimer.singleShot(50, press)

    answer(QMessageBox.StandardButton.Cancel)
    click(qtbot, w.pairings_tab.pair_button)
    assert w.tournament.current_round == 0 and "Emil (absent at the door)" in asked[0]
    answer(QMessageBox.StandardButton.Yes)
    click(qtbot, w.pairings_tab.pair_button)
    assert w.tournament.current_round == 1
    answer(QMessageBox.StandardButton.Cancel)
    click(qtbot, w.clock_buttons["start"])
    assert w.desk.clock().state == "not started" and asked[-1].startswith("Start the clock")
    answer(QMessageBox.StandardButton.Yes)
    click(qtbot, w.clock_buttons["start"])
    assert w.desk.clock().state == "running"
    click(qtbot, w.clock_buttons["pause"])  # no question: a pause is undone by Resume
    assert w.desk.clock().state == "paused" and len(asked) == 4
