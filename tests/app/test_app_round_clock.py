"""The match window shows the time left in a match made for a round (the badge in the menu
bar's corner) and warns ten minutes before the end; a match of no round shows none."""

from __future__ import annotations

from datetime import timedelta

from app_window import demo_window
from army_fixture import write_armies
from PySide6.QtCore import QCoreApplication

from referee.app.window.main_window import MainWindow
from referee.tournament.desk import Desk
from referee.tournament.table_match import make_table_match


def table_match(tmp_path, start_clock: bool = True):
    armies = write_armies(tmp_path / "armies")
    desk = Desk.create(tmp_path / "ev.db", name="Clock Cup", seed=3, round_minutes=90)
    for name in ("Ada", "Brin"):
        desk.add_player(name, "", desk.check_army(armies[name]))
    desk.pair()
    started = desk.clock_action("start").started if start_clock else None
    path = make_table_match(desk.event(), 1, 1, tmp_path / "t1.referee").path
    return desk, path, started


def open_window(qtbot, path, now) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.round_clock.now = now
    window.open_match(path)
    return window


def test_the_time_left_in_the_round_and_the_ten_minute_warning(qtbot, tmp_path):
    desk, path, started = table_match(tmp_path)
    at = [started + timedelta(minutes=30)]
    window = open_window(qtbot, path, lambda: at[0])
    with qtbot.waitExposed(window):
        window.show()
    badge = window.round_clock
    assert badge.isVisibleTo(window)
    badge.confirm()  # the referee confirms the event the match names (issue 23)
    qtbot.waitUntil(lambda: badge.shown is not None and badge.shown.from_event)
    assert badge.text() == "Round 1, table 1: 1:00:00 left"
    assert "round's clock at the desk" in badge.toolTip()
    assert "#c00" not in badge.styleSheet()
    at[0] = started + timedelta(minutes=80, seconds=1)  # 9:59 of 90 minutes left
    with qtbot.waitSignal(badge.warned) as warned:
        badge.tick()
    assert "round 1" in warned.args[0]
    assert badge.text() == "Round 1, table 1: 9:59 left — last ten minutes"
    assert "#c00" in badge.styleSheet()
    assert badge.width() >= badge.sizeHint().width()  # the longer text is not cut
    assert "Ten minutes or less left" in window.statusBar().currentMessage()
    emitted = []
    badge.warned.connect(emitted.append)
    badge.tick()
    QCoreApplication.processEvents()  # a second warning would be emitted by now
    assert emitted == []  # warned once
    desk.clock_action("pause")
    at[0] = started + timedelta(minutes=300)
    qtbot.waitUntil(lambda: badge.text().endswith("(paused)"))  # read off the window's thread
    desk.close()
    window.close()


def test_the_tables_own_clock_when_the_event_is_out_of_reach(qtbot, tmp_path):
    desk, path, started = table_match(tmp_path)
    desk.close()
    (tmp_path / "ev.db").rename(tmp_path / "moved.db")
    window = open_window(qtbot, path, lambda: started + timedelta(minutes=95))
    badge = window.round_clock
    badge.confirm()  # the referee confirms the event the match names (issue 23)
    qtbot.waitUntil(lambda: "desk unreachable" in badge.text())
    assert badge.text() == (
        "Round 1, table 1: time is up (5:00 over) (table's clock, desk unreachable)"
    )
    assert "table's own clock" in badge.toolTip() and "out of reach" in badge.toolTip()
    assert "#c00" in badge.styleSheet()
    window.close()


def test_a_match_of_no_round_shows_no_round_clock(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert not window.round_clock.isVisible()
    assert window.round_clock.reader is None
