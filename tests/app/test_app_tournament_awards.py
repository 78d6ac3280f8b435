"""The tournament window's Awards tab (issue 28): votes entered at the desk, best overall's
weights and formula; and two small fixes: File > Export CSV writes the one file named, and
a venue list the desk refuses keeps its dialog open with the edits."""

from __future__ import annotations

import csv

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

import referee.app.tournament.desk_files as desk_files
from referee.app.tournament.venue_dialog import VenueDialog
from referee.app.tournament.window import TournamentWindow
from referee.tournament.desk import Desk
from referee.tournament.scoring import MatchResult, PlayerResult, Points
from referee.tournament.venue import VenueTable


def tanks(a: str, b: str, a_kept: int, b_kept: int) -> MatchResult:
    return MatchResult(
        (
            PlayerResult(a, Points(ip=a_kept), Points(ip=24 - a_kept)),
            PlayerResult(b, Points(ip=b_kept), Points(ip=24 - b_kept)),
        )
    )


def window(qtbot, tmp_path) -> TournamentWindow:
    desk = Desk.create(tmp_path / "ev.db", name="Award Cup", seed=3, rounds=1, who="window")
    for name in ("Ada", "Brin", "Cato", "Dora"):
        desk.add_player(name, "ork")
    w = TournamentWindow(desk)
    w.ask = lambda title, text: True  # Pair, Start, End ask first
    qtbot.addWidget(w)
    return w


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def choose(combo, text: str) -> None:
    combo.setCurrentIndex(combo.findText(text))


def test_votes_entered_in_the_awards_tab_decide_the_awards_with_the_weights_set(qtbot, tmp_path):
    w = window(qtbot, tmp_path)
    w.pairings_tab.pair()
    w.desk.set_pairing(1, [("Ada", "Brin"), ("Cato", "Dora")], None)
    w.results.record_result(1, 1, tanks("Ada", "Brin", 24, 0))  # Ada 232 MVP, Brin 0
    w.results.record_result(1, 2, tanks("Cato", "Dora", 24, 24))  # 72 each
    panel = w.awards
    w.tabs.setCurrentWidget(panel)  # the awards are counted while their tab is open
    choose(panel.voter, "Brin")
    choose(panel.choice, "Dora")
    choose(panel.category, "Favourite opponent")
    click(qtbot, panel.vote_button)
    assert "never paired against Dora" in w.last_message  # Brin played Ada
    choose(panel.category, "Best painted army")
    click(qtbot, panel.vote_button)
    assert w.last_message == "Brin votes for Dora (painting)"
    choose(panel.voter, "Ada")
    click(qtbot, panel.vote_button)  # Ada: painting, for Dora too
    rows = {
        panel.table.item(r, 0).text(): panel.table.item(r, 1).text()
        for r in range(panel.table.rowCount())
    }
    assert rows["Best painted army"] == "Dora" and rows["Best general"] == "Ada"
    # 1 x 232^0.75 = 59.44 for Ada against Dora's 72^0.75 + 2 x 10 = 44.68
    assert rows["Best overall"] == "Ada"
    panel.weights["tvp"].setValue(0)
    click(qtbot, panel.weights_button)
    rows = {
        panel.table.item(r, 0).text(): panel.table.item(r, 1).text()
        for r in range(panel.table.rowCount())
    }
    assert rows["Best overall"] == "Dora"  # 2 x 10 painting votes, the others 0
    assert panel.formula.text() == (
        "Best overall = 10 x painting votes + 10 x sportsmanship votes + "
        "5 x favourite-opponent votes"
    )


def test_export_csv_writes_the_one_file_named(qtbot, tmp_path, monkeypatch):
    w = window(qtbot, tmp_path)
    named = tmp_path / "event results.txt"  # not *.csv: still the one file named

    def no_folder(*args, **kwargs):
        raise AssertionError("Export CSV asked for a folder")

    monkeypatch.setattr(desk_files, "ask_folder", no_folder)
    monkeypatch.setattr(desk_files, "ask_save_path", lambda *args: named)
    w.files.export_dialog("csv")
    assert named.is_file()
    with open(named, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert {r["table"] for r in rows} >= {"standings", "players"}
    assert sorted(r["name"] for r in rows if r["table"] == "players") == [
        "Ada",
        "Brin",
        "Cato",
        "Dora",
    ]


def test_a_venue_list_the_desk_refuses_keeps_the_dialog_open_with_the_edits(qtbot, tmp_path):
    w = window(qtbot, tmp_path)
    dialog = VenueDialog(w.tournament.venue, list(w.tournament.players), w, take=w.files.set_venue)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.add_row(VenueTable("Stream"))
    dialog.add_row(VenueTable("Stream"))
    dialog.grid.item(1, 1).setText("woods")
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    ok.click()
    assert dialog.isVisible() and dialog.result() != VenueDialog.DialogCode.Accepted
    assert dialog.problem.isVisible()
    assert "venue table(s) named twice: Stream" in dialog.problem.text()
    assert [t.terrain for t in dialog.tables()] == ["", "woods"]  # the edits kept
    assert w.tournament.venue == ()
    dialog.grid.item(1, 0).setText("Corner")
    ok.click()
    assert not dialog.isVisible() and dialog.result() == VenueDialog.DialogCode.Accepted
    assert [(t.name, t.terrain) for t in w.tournament.venue] == [
        ("Stream", ""),
        ("Corner", "woods"),
    ]
