"""The tournament window under the room's load (issue 28, "Load": the window stays
responsive): its timer never reads the event on the window's own thread, so neither
another program holding the event file's lock nor the reading and folding of the event
holds up its event loop; a busy file is said, and the window catches up when it is free."""

from __future__ import annotations

import subprocess
import sys
import threading

from PySide6.QtCore import Qt
from tournament_looks import caught_up

from referee.app.tournament.window import TournamentWindow
from referee.tournament.desk import Desk
from referee.tournament.sqlite_store import SqliteEventStore

HOLDER = (
    "import sys\n"
    "from referee.sqlite_files import hold\n"
    "with hold(sys.argv[1]):\n"
    "    print('held', flush=True)\n"
    "    sys.stdin.readline()\n"
)


def make_window(qtbot, path) -> TournamentWindow:
    window = TournamentWindow(Desk.create(path, name="Busy Cup", seed=3, who="window"))
    qtbot.addWidget(window)
    window.timer.stop()  # the test ticks
    return window


def test_a_file_another_program_holds_is_said_busy_and_the_window_catches_up_when_freed(
    qtbot, tmp_path
):
    path = tmp_path / "ev.db"
    w = make_window(qtbot, path)
    caught_up(qtbot, w)  # the window has looked at the event before the file turns busy
    with Desk.open(path, who="desk-2") as other:
        other.add_player("Zed")
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        w.tick()  # returns at once: the look runs on the reader's thread
        qtbot.waitUntil(lambda: "is busy" in w.last_message, timeout=15000)
        assert "shows revision 1" in w.last_message and w.players_tab.players.rowCount() == 0
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.flush()
        holder.wait(timeout=30)
    caught_up(qtbot, w)
    assert (
        w.players_tab.players.rowCount() == 1 and w.players_tab.players.item(0, 0).text() == "Zed"
    )
    assert w.last_message == "The event file is free again: the view is up to date"


def test_the_windows_tick_reads_the_event_on_the_readers_thread_never_its_own(
    qtbot, tmp_path, monkeypatch
):
    path = tmp_path / "ev.db"
    w = make_window(qtbot, path)
    readers: list[str] = []
    for name in ("busy", "revision", "records"):
        real = getattr(SqliteEventStore, name)

        def spy(self, *a, _real=real, **k):
            readers.append(threading.current_thread().name)
            return _real(self, *a, **k)

        monkeypatch.setattr(SqliteEventStore, name, spy)
    with Desk.open(path, who="desk-2") as other:
        other.add_player("Zed")
    readers.clear()
    w.tick()
    qtbot.waitUntil(lambda: w.players_tab.players.rowCount() == 1, timeout=15000)
    assert readers and set(readers) == {"event reader"}


def test_a_redraw_rewrites_only_the_cells_whose_text_changed(qtbot):
    from referee.app.tournament.tables import NumberText, fill, make_table

    table = make_table(["rank", "player", "TVP"])
    qtbot.addWidget(table)
    fill(table, [(1, "Ada", NumberText("59.4")), (2, "Brin", NumberText("10.0"))])
    kept, changed = table.item(0, 1), table.item(1, 2)
    fill(table, [(1, "Ada", NumberText("59.4")), (2, "Brin", NumberText("12.5")), (3, "Cato", "")])
    assert table.item(0, 1) is kept  # unchanged: the same cell, not measured again
    assert table.item(1, 2) is not changed and table.item(1, 2).text() == "12.5"
    assert table.item(2, 1).text() == "Cato" and table.rowCount() == 3
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    assert table.item(1, 2).textAlignment() == right
    fill(table, [(1, "Ada", "59.4")])  # the same text, no longer a number: aligned again
    assert table.rowCount() == 1 and table.item(0, 2).textAlignment() != right
