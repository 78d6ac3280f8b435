"""The match window's round clock and the place its match file names (issue 23, "A file
cannot steer the app"): a match edited to name any host makes the window connect nowhere
until the referee confirms that event at that host; once confirmed, the window connects off
its own thread, a desk out of reach says "desk unreachable", and a server that never
answers does not stop the window's event loop. The servers are real listeners in a process
of their own (tests/pg_listener.py)."""

from __future__ import annotations

import hashlib
import itertools
import json
import sqlite3
import time
from pathlib import Path

import pytest
from army_fixture import write_armies
from pg_listener import Listener
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QMessageBox

from referee.app.docks.confirmed_events import ConfirmedEvents
from referee.app.window.main_window import MainWindow
from referee.tournament.desk import Desk
from referee.tournament.table_match import make_table_match

SECRET = "desk-secret-0451"


def clock_cup(folder: Path, name: str = "Clock Cup") -> Desk:
    armies = write_armies(folder / "armies")
    desk = Desk.create(folder / f"{name.split()[0].lower()}.db", name=name, seed=3)
    for player in ("Ada", "Brin"):
        desk.add_player(player, "", desk.check_army(armies[player]))
    desk.pair()
    return desk


def edited_match(tmp_path: Path, store: str) -> Path:
    """A table's match made by the desk, then edited to name ``store`` as its event."""
    with clock_cup(tmp_path) as desk:
        path = make_table_match(desk.event(), 1, 1, tmp_path / "t1.referee").path
    conn = sqlite3.connect(path)
    with conn:
        row = conn.execute("SELECT value FROM meta WHERE key = 'settings'").fetchone()
        settings = json.loads(row[0])
        settings["tournament-store"] = store
        conn.execute("UPDATE meta SET value = ? WHERE key = 'settings'", (json.dumps(settings),))
    conn.close()
    return path


@pytest.fixture
def confirmed(tmp_path) -> ConfirmedEvents:
    """The referee's confirmations, in a settings file of this test's own."""
    return ConfirmedEvents(QSettings(str(tmp_path / "referee.ini"), QSettings.Format.IniFormat))


def open_window(qtbot, path: Path, confirmed: ConfirmedEvents) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.round_clock._confirmed = confirmed
    window.open_match(path)
    with qtbot.waitExposed(window):
        window.show()
    return window


def listener(tmp_path: Path, mode: str, monkeypatch) -> Listener:
    monkeypatch.setenv("PGPASSWORD", SECRET)
    return Listener(mode, tmp_path / f"{mode}.log")


def confirm_in_the_prompt(qtbot, window: MainWindow) -> QMessageBox:
    """Click the badge and answer the question it asks with its yes button."""
    badge = window.round_clock
    qtbot.mouseClick(badge, Qt.MouseButton.LeftButton)
    box = badge.prompt
    assert box is not None and box.isVisible()
    assert not box.isModal()  # the window stays usable while it is asked
    yes = next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.AcceptRole)
    qtbot.mouseClick(yes, Qt.MouseButton.LeftButton)
    return box


def test_an_edited_match_makes_the_window_connect_nowhere_until_confirmed(
    qtbot, tmp_path, monkeypatch, confirmed
):
    server = listener(tmp_path, "password", monkeypatch)
    try:
        path = edited_match(tmp_path, server.url())
        window = open_window(qtbot, path, confirmed)
        badge = window.round_clock
        qtbot.wait(3000)  # the clock ticks every second and looks at the event as it may
        assert server.saw() == []  # nothing connected, no password sent
        assert "table's clock; click to read the desk's" in badge.text()
        assert "Clock Cup" in window.statusBar().currentMessage()
        assert "127.0.0.1" in window.statusBar().currentMessage()
        box = confirm_in_the_prompt(qtbot, window)
        assert "Clock Cup" in box.text() and "127.0.0.1" in box.text()
        assert "password" in box.text()  # it says what confirming sends
        qtbot.waitUntil(lambda: "desk unreachable" in badge.text(), timeout=15000)
        assert server.passwords() == [SECRET]  # the referee chose this host
        assert "wants a password" in badge.toolTip()  # what the desk said, in the tooltip
    finally:
        server.stop()
    window.close()


def test_a_desk_that_never_answers_does_not_stop_the_window(
    qtbot, tmp_path, monkeypatch, confirmed
):
    server = listener(tmp_path, "silent", monkeypatch)
    try:
        path = edited_match(tmp_path, server.url(connect_timeout="4"))
        window = open_window(qtbot, path, confirmed)
        badge = window.round_clock
        turns: list[float] = []
        beat = QTimer(window)
        beat.setInterval(50)
        beat.timeout.connect(lambda: turns.append(time.monotonic()))
        beat.start()
        started = time.monotonic()
        confirm_in_the_prompt(qtbot, window)
        assert "reaching the desk" in badge.text()
        qtbot.waitUntil(lambda: [e["seen"] for e in server.saw()] == ["connect"], timeout=5000)
        # the connection waits its 4 s for an answer that never comes
        qtbot.waitUntil(lambda: "desk unreachable" in badge.text(), timeout=15000)
        ended = time.monotonic()
        assert "no answer within 4 s" in badge.toolTip()
        assert ended - started >= 3.5  # the whole wait is measured
        # from the click to "desk unreachable", the loop kept turning (50 ms beats): a loop
        # held by the connection leaves a gap of its 4 s, from the click or between beats
        marks = [started, *(t for t in turns if started <= t <= ended), ended]
        assert len(marks) >= 40
        assert max(b - a for a, b in itertools.pairwise(marks)) < 1.0
        beat.stop()
    finally:
        server.stop()
    window.close()


def test_another_sqlite_file_named_by_a_match_is_left_as_it_is(qtbot, tmp_path, confirmed):
    other = tmp_path / "other"
    other.mkdir()
    with clock_cup(other, "Other Open") as desk:
        victim = Path(desk.store.name)
    conn = sqlite3.connect(victim)
    conn.execute("PRAGMA journal_mode = DELETE")  # a file in rollback mode, closed
    conn.close()
    before = hashlib.sha256(victim.read_bytes()).hexdigest()
    window = open_window(qtbot, edited_match(tmp_path, str(victim)), confirmed)
    qtbot.wait(2500)
    assert hashlib.sha256(victim.read_bytes()).hexdigest() == before
    assert not Path(f"{victim}-wal").exists() and not Path(f"{victim}-shm").exists()
    badge = window.round_clock
    assert "table's clock; click to read the desk's" in badge.text()
    confirm_in_the_prompt(qtbot, window)  # confirmed: read, read only
    qtbot.waitUntil(lambda: "not this event's desk" in badge.text(), timeout=10000)
    assert hashlib.sha256(victim.read_bytes()).hexdigest() == before
    assert not Path(f"{victim}-wal").exists() and not Path(f"{victim}-shm").exists()
    window.close()


def test_a_confirmed_event_is_read_again_without_asking(qtbot, tmp_path, confirmed):
    with clock_cup(tmp_path) as desk:
        started = desk.clock_action("start").started
        path = make_table_match(desk.event(), 1, 1, tmp_path / "t1.referee").path
        window = open_window(qtbot, path, confirmed)
        confirm_in_the_prompt(qtbot, window)
        badge = window.round_clock
        qtbot.waitUntil(lambda: badge.shown is not None and badge.shown.from_event)
        window.close()
        again = open_window(qtbot, path, confirmed)  # remembered: no question this time
        assert again.round_clock.prompt is None
        qtbot.waitUntil(
            lambda: again.round_clock.shown is not None and again.round_clock.shown.from_event
        )
        assert "table's clock" not in again.round_clock.text()
        assert again.round_clock.shown.clock.started == started
        again.close()
