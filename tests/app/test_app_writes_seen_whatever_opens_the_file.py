"""A write from a window is seen by the command line and the command line's by the window,
whatever else the app's process does with the file, and nothing is ever written back from a
stale state (issue 23).

Qt's file dialog opens every file of the folder it lists to guess its type (File > Export
PDF… and Cancel is enough), and closing any descriptor on an SQLite file drops the locks
of every connection of the process: a window that kept its connection open then wrote to a
write-ahead log the next command deleted, unseen, and copied its stale pages back over the
others' records when it closed. Each test here does what the dialog does (``dialog_reads``:
open, read and close every file of the folder, in the window's process) between the window's
writes and those of ``referee`` run as a real second process, for the tournament window, the
main window's match and the activation window's match. A match file is written in rollback
mode, which the window's idle connection survived; one in WAL mode (SQLite's shell, a sync
tool: any program may switch a file to it) did not, so the match tests switch theirs. The
last tests do it while a window's write is under way (as a dialog's thread may): the command
line then waits for it instead of writing under it.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from app_window import activation_window
from PySide6.QtCore import QCoreApplication
from tournament_looks import caught_up

from referee.app.tournament.window import TournamentWindow
from referee.app.window.main_window import MainWindow
from referee.match.games.activation_file import ActivationMatch
from referee.match.journal import journal_file
from referee.match.journal.journal_text import read_journal
from referee.match.setup.demo import create_demo_match
from referee.rules.orders.commands import Correct
from referee.tournament import sqlite_store
from referee.tournament.desk import Desk

SAMPLE = Path(__file__).parents[2] / "data" / "journals" / "activation-crossroads.journal"


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "home" / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))


def dialog_reads(folder: Path) -> list[str]:
    """What a file dialog listing ``folder`` does in the app's process: open each file, read
    its first bytes (to guess its type) and close it. The names it read."""
    names = []
    for f in sorted(folder.iterdir()):
        if f.is_file():
            with open(f, "rb") as handle:
                handle.read(4096)
            names.append(f.name)
    return names


def referee_process(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "referee", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )


def referee(*args: str | Path) -> str:
    """``referee ARGS`` run as its own process; what it printed (it must succeed)."""
    done = referee_process(*map(str, args))
    out, err = done.communicate(timeout=300)
    assert done.returncode == 0, (args, err)
    return out


def integrity(path: Path) -> str:
    with sqlite3.connect(path) as conn:
        return str(conn.execute("PRAGMA integrity_check").fetchone()[0])


def to_wal(path: Path) -> None:
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal"
    finally:
        conn.close()


# --- the tournament window --------------------------------------------------------------------


def tournament_window(qtbot, path: Path) -> TournamentWindow:
    Desk.create(path, name="Cup", rounds=3, seed=1, who="setup").close()
    window = TournamentWindow(Desk.open(path, who="window"))
    window.ask = lambda title, text: True  # Pair, Start, End ask first
    qtbot.addWidget(window)
    window.timer.stop()  # the test looks (tick) when it means to
    window.show()
    return window


def enter(window: TournamentWindow, name: str) -> None:
    """Enter a player as the organiser does: the name typed, Enter player."""
    window.players_tab.new_name.setText(name)
    window.players_tab.add_player()
    assert window.last_message.startswith(f"{name} entered"), window.last_message


def players_on_the_command_line(path: Path) -> list[str]:
    return [p["name"] for p in json.loads(referee("tournament", "players", path, "--json"))]


def shown_players(window: TournamentWindow) -> list[str]:
    return [
        window.players_tab.players.item(r, 0).text()
        for r in range(window.players_tab.players.rowCount())
    ]


def test_the_tournament_window_and_the_command_line_see_each_others_writes_after_a_dialog(
    qtbot, tmp_path
):
    path = tmp_path / "ev.db"
    window = tournament_window(qtbot, path)
    enter(window, "Ada")
    assert "ev.db" in dialog_reads(tmp_path)
    referee("tournament", "add-player", path, "Brin")
    enter(window, "Cato")  # decided on the event as it is now: Brin's entry included
    assert players_on_the_command_line(path) == ["Ada", "Brin", "Cato"]
    window.standings_tab.keys.setText("sos mvp tvp")
    window.standings_tab.set_keys()
    assert window.last_message == "Tie-breakers set"
    dialog_reads(tmp_path)
    referee("tournament", "add-player", path, "Dora")
    caught_up(qtbot, window)  # the window's look runs on its event reader's thread
    assert shown_players(window) == ["Ada", "Brin", "Cato", "Dora"]
    standings = json.loads(referee("tournament", "standings", path, "--json"))
    assert standings["keys"][:3] == ["sos", "mvp", "tvp"]
    dialog_reads(tmp_path)
    window.close()  # nothing is written back when the window closes
    QCoreApplication.processEvents()
    referee("tournament", "add-player", path, "Eli")
    assert players_on_the_command_line(path) == ["Ada", "Brin", "Cato", "Dora", "Eli"]
    assert integrity(path) == "ok"


# --- the main window's match ------------------------------------------------------------------

SHAKEN = [Correct(uid="grunts", set={"shaken": 1})]


def main_window(qtbot, path: Path) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.open_match(path)
    assert window.session is not None
    window.session.timer.stop()  # the test looks (sync) when it means to
    window.show()
    return window


def steps_on_the_command_line(path: Path) -> list[str]:
    shown = json.loads(referee("match", "show", path, "--json"))
    return [s["name"] for s in shown["steps"] if not s["undone"]]


def test_the_main_windows_match_and_the_command_line_see_each_others_steps_after_a_dialog(
    qtbot, tmp_path
):
    path = tmp_path / "demo.referee"
    create_demo_match(path).close()
    to_wal(path)
    window = main_window(qtbot, path)
    session = window.session
    assert window.run_step("From the window 1", SHAKEN) is not None
    assert "demo.referee" in dialog_reads(tmp_path)
    referee("match", "step", path, "From the terminal 1", "-c", "correct uid=grunts shaken=2")
    assert session.sync()  # the window sees the terminal's step
    assert session.state.units["grunts"].shaken == 2
    assert window.run_step("From the window 2", SHAKEN) is not None
    assert steps_on_the_command_line(path)[-3:] == [
        "From the window 1",
        "From the terminal 1",
        "From the window 2",
    ]
    dialog_reads(tmp_path)
    referee("match", "step", path, "From the terminal 2", "-c", "correct uid=grunts shaken=2")
    assert session.sync()
    assert session.undo_stack.undoText() == "From the terminal 2"
    dialog_reads(tmp_path)
    window.close()  # the session closes; nothing is written back
    referee("match", "step", path, "From the terminal 3", "-c", "correct uid=grunts shaken=0")
    assert steps_on_the_command_line(path)[-5:] == [
        "From the window 1",
        "From the terminal 1",
        "From the window 2",
        "From the terminal 2",
        "From the terminal 3",
    ]
    referee("match", "check", path)
    assert integrity(path) == "ok"


# --- the activation window's match ------------------------------------------------------------


def test_the_activation_windows_match_and_the_command_line_see_each_others_steps_after_a_dialog(
    qtbot, tmp_path
):
    # the sample game's first steps, played in turn by the window and by the command line:
    # each is legal only on the match with the other's step before it
    journal = read_journal(SAMPLE)
    path = tmp_path / "sample.referee"
    ActivationMatch.create(path, units=journal.units, seed=journal.seed).close()
    to_wal(path)
    window = activation_window(qtbot, path)
    window.session.timer.stop()
    window.show()
    played = journal.steps[:8]
    for i, step in enumerate(played):
        if i % 2 == 0:
            assert window.run_step(step.name, step.commands, step.dice) is not None, step.name
            dialog_reads(tmp_path)
        else:
            texts = [c.text() for c in step.commands]  # read typed from the journal
            dice = [str(d) for d in step.dice]
            referee(
                "match",
                "step",
                path,
                step.name,
                *(a for t in texts for a in ("-c", t)),
                *(("--dice", *dice) if dice else ()),
            )
            window.session.sync()
            assert [s.name for s in window.session.match.steps()] == [
                s.name for s in played[: i + 1]
            ]
    assert steps_on_the_command_line(path) == [s.name for s in played]
    dialog_reads(tmp_path)
    window.close()
    assert steps_on_the_command_line(path) == [s.name for s in played]
    referee("match", "check", path)
    assert integrity(path) == "ok"


# --- while a window's write is under way ------------------------------------------------------


def opened_by(pid: int, path: Path) -> bool:
    """Whether process ``pid`` has ``path`` open (Linux: its /proc/PID/fd)."""
    try:
        fds = list(Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return False
    for fd in fds:
        try:
            if os.readlink(fd) == str(path):
                return True
        except OSError:
            continue
    return False


def at_the_door(process: subprocess.Popen[str], path: Path, seconds: float) -> None:
    """Wait until ``process`` has ``path`` open (it is about to write, or waiting to), then
    up to ``seconds`` more for it to finish: one that writes under the window's write
    finishes, one that waits for the window cannot."""
    deadline = time.monotonic() + 300
    while process.poll() is None and not opened_by(process.pid, path):
        assert time.monotonic() < deadline, "the command never opened the file"
        time.sleep(0.02)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=seconds)


needs_proc = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")


@needs_proc
def test_a_command_waits_for_the_main_windows_step_under_way_while_a_dialog_reads_the_file(
    qtbot, tmp_path, monkeypatch
):
    path = tmp_path / "demo.referee"
    create_demo_match(path).close()  # rollback mode, as referee writes it
    window = main_window(qtbot, path)
    session = window.session
    now = journal_file._now
    terminal: list[subprocess.Popen[str]] = []

    def meanwhile() -> str:
        """Inside the window's write: a dialog reads the folder, a command writes a step."""
        if not terminal:
            dialog_reads(tmp_path)
            terminal.append(
                referee_process(
                    "match", "step", path, "From the terminal", "-c", "correct uid=grunts shaken=2"
                )
            )
            at_the_door(terminal[0], path.resolve(), 3.0)
        return now()

    monkeypatch.setattr(journal_file, "_now", meanwhile)
    assert window.run_step("From the window", SHAKEN) is not None
    monkeypatch.setattr(journal_file, "_now", now)
    _out, err = terminal[0].communicate(timeout=300)
    assert terminal[0].returncode == 0, err
    assert steps_on_the_command_line(path)[-2:] == ["From the window", "From the terminal"]
    assert session.sync() and session.state.units["grunts"].shaken == 2
    window.close()
    assert steps_on_the_command_line(path)[-2:] == ["From the window", "From the terminal"]
    referee("match", "check", path)
    assert integrity(path) == "ok"


@needs_proc
def test_a_command_waits_for_the_tournament_windows_write_under_way_while_a_dialog_reads_the_file(
    qtbot, tmp_path, monkeypatch
):
    path = tmp_path / "ev.db"
    window = tournament_window(qtbot, path)
    enter(window, "Ada")
    now = sqlite_store.now_text
    terminal: list[subprocess.Popen[str]] = []

    def meanwhile() -> str:
        if not terminal:
            dialog_reads(tmp_path)
            terminal.append(referee_process("tournament", "add-player", path, "Brin"))
            at_the_door(terminal[0], path.resolve(), 3.0)
        return now()

    monkeypatch.setattr(sqlite_store, "now_text", meanwhile)
    enter(window, "Cato")
    monkeypatch.setattr(sqlite_store, "now_text", now)
    _out, err = terminal[0].communicate(timeout=300)
    assert terminal[0].returncode == 0, err
    assert players_on_the_command_line(path) == ["Ada", "Cato", "Brin"]
    caught_up(qtbot, window)
    assert shown_players(window) == ["Ada", "Cato", "Brin"]
    window.close()
    assert players_on_the_command_line(path) == ["Ada", "Cato", "Brin"]
    assert integrity(path) == "ok"


# --- while another program holds the file -----------------------------------------------------

HOLDER = """
import sys
from contextlib import ExitStack
from referee.sqlite_files import hold
with ExitStack() as stack:
    for path in sys.argv[1:]:
        stack.enter_context(hold(path))
    print("held", flush=True)
    sys.stdin.readline()
"""


@contextlib.contextmanager
def held_by_another_program(*paths: Path):
    """Another referee process in the middle of an operation on each of ``paths`` (one
    stopped there, say, by Ctrl+Z) until the block ends."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, *map(str, paths)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline().strip() == "held"
        yield
        holder.stdin.write("\n")
        holder.stdin.flush()
    finally:
        holder.communicate(timeout=300)
    assert holder.returncode == 0


def test_the_tournament_window_looks_again_later_at_an_event_file_another_program_holds(
    qtbot, tmp_path
):
    path = tmp_path / "ev.db"
    window = tournament_window(qtbot, path)
    enter(window, "Ada")
    referee("tournament", "add-player", path, "Brin")
    with held_by_another_program(path):
        window.tick()  # does not wait for the file: the look says it is busy
        qtbot.waitUntil(lambda: "is busy" in window.last_message, timeout=15000)
        assert shown_players(window) == ["Ada"]
    caught_up(qtbot, window)
    assert shown_players(window) == ["Ada", "Brin"]
    assert window.last_message == "The event file is free again: the view is up to date"


def test_the_match_windows_look_again_later_at_a_match_file_another_program_holds(qtbot, tmp_path):
    demo = tmp_path / "demo.referee"
    create_demo_match(demo).close()
    window = main_window(qtbot, demo)
    session = window.session
    notices: list[str] = []
    session.notice.connect(notices.append)
    journal = read_journal(SAMPLE)
    sample = tmp_path / "sample.referee"
    ActivationMatch.create(sample, units=journal.units, seed=journal.seed).close()
    activation = activation_window(qtbot, sample)
    activation.session.timer.stop()
    activation.show()
    first = journal.steps[0]
    referee("match", "step", demo, "From the terminal", "-c", "correct uid=grunts shaken=2")
    referee(
        "match",
        "step",
        sample,
        first.name,
        *(a for c in first.commands for a in ("-c", c.text())),
    )
    said = activation.statusBar().currentMessage()  # where the match is written
    with held_by_another_program(demo, sample):
        assert not session.sync()  # does not wait for the file, so says nothing about it
        activation.session.sync()
        assert notices == []
        assert activation.statusBar().currentMessage() == said
        assert session.state.units["grunts"].shaken != 2
    assert session.sync()
    assert session.state.units["grunts"].shaken == 2
    activation.session.sync()
    assert [s.name for s in activation.session.match.steps()] == [first.name]
    assert notices == ["Another program wrote to this match: now at step 2, From the terminal"]
