"""The tournament window's Reported tab: results the players reported from their phones wait
there (unconfirmed or disputed); the desk takes one as the table's result, or dismisses a
table's reports with a reason, with clicks and typing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from tournament_looks import caught_up

from referee.app.tournament.window import TournamentWindow
from referee.tournament import room
from referee.tournament.desk import Desk
from referee.tournament.scoring import MatchResult, PlayerResult, Points


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def result(a: str, b: str, a_surv: int, b_surv: int) -> MatchResult:
    return MatchResult(
        (
            PlayerResult(a, Points(ip=a_surv), Points(ip=24 - a_surv)),
            PlayerResult(b, Points(ip=b_surv), Points(ip=24 - b_surv)),
        )
    )


def test_the_desk_takes_a_disputed_report_and_dismisses_another_tables(qtbot, tmp_path):
    path = tmp_path / "ev.db"
    with Desk.create(path, name="Phone Cup", seed=3, who="desk") as desk:
        for n in ("Ada", "Brin", "Cato", "Dora"):
            desk.add_player(n, "ork")
        (a, b), (c, d) = desk.pair().tables
        codes = room.issue_codes(desk)
        room.report(desk, 1, 1, codes[a], result(a, b, 20, 4))
        room.report(desk, 1, 1, codes[b], result(a, b, 4, 20))
        room.report(desk, 1, 2, codes[c], result(c, d, 10, 10))
    w = TournamentWindow(Desk.open(path, "TO Sam"))
    w.ask = lambda title, text: True  # Pair, Start, End ask first
    qtbot.addWidget(w)
    panel = w.reported
    assert w.tabs.tabText(w.reported_tab).replace("&", "") == "Reported (2)"
    assert panel.table.rowCount() == 3
    assert "disputed" in panel.table.item(0, 3).text()
    assert panel.table.item(2, 3).text().startswith(f"waiting for {d} to confirm")
    assert not panel.take_button.isEnabled()  # nothing chosen yet

    panel.table.selectRow(1)  # b's report
    assert panel.table.item(1, 5).text() == b
    click(qtbot, panel.take_button)
    assert "report #" in w.last_message and "taken" in w.last_message
    assert w.tabs.tabText(w.reported_tab).replace("&", "") == "Reported (1)"
    with Desk.open(path) as desk:
        taken = desk.event().round(1).results[1]
    assert (taken.record.who, taken.result) == ("TO Sam", result(a, b, 4, 20))

    panel.table.selectRow(0)
    click(qtbot, panel.dismiss_button)  # no reason typed: refused, nothing written
    assert w.last_message.startswith("Refused") and "reason" in w.last_message
    assert panel.table.rowCount() == 1
    qtbot.keyClicks(panel.why, "reported before the game ended")
    panel.table.selectRow(0)
    click(qtbot, panel.dismiss_button)
    assert panel.table.rowCount() == 0
    assert w.tabs.tabText(w.reported_tab).replace("&", "") == "Reported"
    assert panel.why.text() == ""
    w.desk.close()


def test_a_report_sent_from_a_phone_shows_in_the_open_window(qtbot, tmp_path):
    path = tmp_path / "ev.db"
    with Desk.create(path, name="Phone Cup", seed=3, who="desk") as desk:
        for n in ("Ada", "Brin"):
            desk.add_player(n, "ork")
        ((a, b),) = desk.pair().tables
        codes = room.issue_codes(desk)
    w = TournamentWindow(Desk.open(path, "TO Sam"))
    w.ask = lambda title, text: True  # Pair, Start, End ask first
    qtbot.addWidget(w)
    assert w.reported.table.rowCount() == 0
    with Desk.open(path) as phone_side:  # the server's desk writes the player's report
        room.report(phone_side, 1, 1, codes[a], result(a, b, 20, 4))
    caught_up(qtbot, w)
    assert w.reported.table.rowCount() == 1
    assert w.tabs.tabText(w.reported_tab).replace("&", "") == "Reported (1)"
    w.desk.close()


def test_serve_to_the_room_from_the_window_shows_the_address_and_who_is_connected(qtbot, tmp_path):
    import json
    import urllib.request

    path = tmp_path / "ev.db"
    with Desk.create(path, name="Phone Cup", seed=3, who="desk") as desk:
        for n in ("Ada", "Brin"):
            desk.add_player(n, "ork")
        desk.pair()
    w = TournamentWindow(Desk.open(path, "TO Sam"))
    w.ask = lambda title, text: True  # Pair, Start, End ask first
    qtbot.addWidget(w)
    [serve] = [a for a in w.menuBar().actions()[0].menu().actions() if "Serve" in a.text()]
    assert serve.text().replace("&", "") == "Serve to the room..."
    assert room.codes(w.desk.event()) == {}
    dialog = w.files.serve_to_room("127.0.0.1", 0)
    assert sorted(room.codes(w.desk.event())) == ["Ada", "Brin"]  # each player a code
    assert dialog is not None and dialog.url in w.last_message
    assert not dialog.qr.pixmap().isNull()  # the address's QR code
    assert dialog.connected.text().startswith("Connected: 0 device(s)")
    with urllib.request.urlopen(dialog.url + "api/round", timeout=30) as reply:
        data = json.load(reply)
    assert data["round"] == 1 and [t["table"] for t in data["tables"]] == [1]
    dialog.refresh()
    assert dialog.connected.text() == "Connected: 1 device(s) in the last minute (127.0.0.1)"
    url = dialog.url
    w.close()  # closing the window stops serving
    try:
        urllib.request.urlopen(url, timeout=5)
    except OSError:
        pass
    else:
        raise AssertionError("still served after the window closed")
