"""The tournament window's File > Venue tables… and File > Table slips… (issue 28): the venue's
tables typed into the dialog, a round paired onto them (shown in the pairings tab), and the
round's slips written as a PDF with each player's code and the table's place."""

from __future__ import annotations

import subprocess

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialogButtonBox

from referee.app.tournament.venue_dialog import VenueDialog
from referee.app.tournament.window import TournamentWindow
from referee.tournament.desk import Desk
from referee.tournament.room import codes
from referee.tournament.venue import VenueTable


def test_venue_tables_typed_in_the_dialog_place_the_round_and_its_slips(qtbot, tmp_path):
    desk = Desk.create(tmp_path / "ev.db", name="Slip Cup", seed=3, who="window")
    for name in ("Ada", "Brin", "Cato", "Dora"):
        desk.add_player(name, "ork")
    w = TournamentWindow(desk)
    w.ask = lambda title, text: True  # Pair, Start, End ask first
    qtbot.addWidget(w)

    dialog = VenueDialog(w.tournament.venue, list(w.tournament.players), w)
    qtbot.addWidget(dialog)
    dialog.add_row(dialog_table("Stream"))
    dialog.add_row(dialog_table("Corner"))
    dialog.grid.item(0, 3).setCheckState(Qt.CheckState.Checked)
    dialog.grid.item(1, 1).setText("woods")
    fixed = dialog.grid.cellWidget(1, 2)
    assert isinstance(fixed, QComboBox)
    fixed.setCurrentIndex(fixed.findText("Dora"))
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    w.files.set_venue(dialog.tables())
    assert [t.name for t in w.tournament.venue] == ["Stream", "Corner"]

    w.pairings_tab.pair()
    rnd = w.tournament.round(1)
    assert rnd is not None
    dora = rnd.table_of("Dora")
    column = w.pairings_tab.pairing.columnCount() - 1
    assert w.pairings_tab.pairing.horizontalHeaderItem(column).text() == "venue table"
    assert w.pairings_tab.pairing.item(dora - 1, column).text() == "Corner (woods)"
    assert w.pairings_tab.pairing.item(2 - dora, column).text() == "Stream"

    out = tmp_path / "slips.pdf"
    assert w.files.write_slips(1, out) == out
    text = subprocess.run(
        ["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True
    ).stdout
    for name, code in codes(w.tournament).items():
        assert f"Code: {code}" in text and name in text
    assert "at Corner · terrain: woods" in text and "at Stream" in text
    assert "Table slips of round 1 written" in w.last_message

    assert w.files.write_slips(2, tmp_path / "none.pdf") is None  # round 2 is not paired
    assert not (tmp_path / "none.pdf").exists()
    assert "round 2 is not paired" in w.last_message


def dialog_table(name: str) -> VenueTable:
    return VenueTable(name)


def test_the_top_cut_from_the_window_pairs_its_first_round(qtbot, tmp_path):
    desk = Desk.create(tmp_path / "ev.db", name="Cut Cup", seed=3, rounds=1, who="window")
    for name in ("Ada", "Brin", "Cato", "Dora", "Emil", "Fay"):
        desk.add_player(name, "ork")
    w = TournamentWindow(desk)
    w.ask = lambda title, text: True  # Pair, Start, End ask first
    qtbot.addWidget(w)
    w.files.start_cut(4)
    assert "Refused: the top cut follows the 1 Swiss rounds" in w.last_message
    w.pairings_tab.pair()
    for t, (a, b) in enumerate(w.tournament.round(1).tables, start=1):
        w.results.record_result(1, t, level(a, b))
    assert not w.pairings_tab.pair_button.isEnabled()  # the one Swiss round is paired
    w.files.start_cut(4)
    assert w.last_message.startswith("Top cut of 4:")
    assert w.pairings_tab.pair_button.isEnabled()  # the cut's first round waits to be paired
    w.pairings_tab.pair_button.click()
    rnd = w.tournament.round(2)
    assert rnd is not None and rnd.how == "top cut of 4: semi-finals"
    assert w.pairings_tab.pairing.rowCount() == 2
    for t, (a, b) in enumerate(rnd.tables, start=1):
        w.results.record_result(2, t, level(a, b))
    w.pairings_tab.pair()
    assert w.tournament.round(3).how == "top cut of 4: final"
    assert not w.pairings_tab.pair_button.isEnabled()  # the final is the last round


def level(a: str, b: str):
    from referee.tournament.scoring import MatchResult, PlayerResult, Points

    return MatchResult(
        (
            PlayerResult(a, Points(ip=12), Points(ip=12)),
            PlayerResult(b, Points(ip=12), Points(ip=12)),
        )
    )
