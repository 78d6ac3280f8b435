"""A long match: writing a step reads the journal's end, never the whole journal (its
number, the limit of steps, the steps undone to drop), so the 50,000th step costs what the
10th does (``referee bench journal-write`` times it); the index that finds the undone steps
is added by a write, never by a reading command, and a file without it (an older referee's)
is read and written the same."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from referee.errors import RefereeError
from referee.match.games.orders_file import MatchFile
from referee.match.journal import journal_file
from referee.match.journal.journal_file import MatchFileError
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.match.setup.demo import create_demo_match
from referee.paths import data_dir

FILES = Path(__file__).parent / "files"
OLD_FILE = FILES / "demo-format-1.referee"


def smoke(number: int) -> tuple[str, list[dict[str, object]]]:
    """A step a referee writes at the table: the smoke on C2 corrected, on then off."""
    return f"smoke {number}", [
        {"kind": "correct-hex", "hex": "C2", "marker": "smoke", "count": number % 2}
    ]


def fill(match: MatchFile, steps: int) -> None:
    with match.batch():
        for n in range(match.step_count(), steps):
            match.run(*smoke(n))


def sqlite_work(match: MatchFile, number: int) -> int:
    """SQLite's virtual machine instructions run while step ``number`` is written (every
    connection the step opens, each for one operation): the work the file does, whatever
    the machine's speed."""
    done = [0]

    def count() -> int:
        done[0] += 1
        return 0

    real = journal_file.connect

    @contextmanager
    def counted(*args: Any, **kwargs: Any) -> Iterator[sqlite3.Connection]:
        with real(*args, **kwargs) as conn:
            conn.set_progress_handler(count, 1)
            try:
                yield conn
            finally:
                conn.set_progress_handler(None, 1)

    journal_file.connect = counted  # type: ignore[assignment]
    try:
        match.run(*smoke(number))
    finally:
        journal_file.connect = real  # type: ignore[assignment]
    return done[0]


def indexes(path: Path) -> set[str]:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    finally:
        conn.close()


def test_a_step_written_to_a_long_journal_costs_the_file_no_more_work_than_to_a_short_one(
    tmp_path,
):
    with create_demo_match(tmp_path / "long.referee") as match:
        fill(match, 20)
        short = sqlite_work(match, 20)
        fill(match, 3000)
        long = sqlite_work(match, 3000)
    # before: two scans of the steps table per step, some 7 instructions a step each
    assert long <= short


def test_steps_undone_are_dropped_by_the_next_step_however_long_the_journal(tmp_path):
    with create_demo_match(tmp_path / "m.referee") as match:
        fill(match, 500)
        match.undo()
        match.undo()
        match.run("Smoke cleared by the referee", smoke(0)[1])
        names = [s.name for s in match.steps(include_undone=True)]
    assert len(names) == 499 and names[-1] == "Smoke cleared by the referee"
    assert names[-2] == "smoke 497"  # 498 and 499 were undone, and are gone


def test_a_redo_after_a_long_journal_carries_out_the_first_step_undone(tmp_path):
    with create_demo_match(tmp_path / "m.referee") as match:
        fill(match, 300)
        match.undo_back_to(200)
        again = match.redo()
        assert again is not None and (again.number, again.name) == (201, "smoke 200")
        assert match.step_count() == 201
        # step 201 ("smoke 200") took the smoke off C2; step 200 had put it on
        assert not match.state.smoke
        match.undo()
        assert match.state.smoke


def test_reading_commands_leave_an_older_match_file_byte_for_byte(tmp_path):
    path = tmp_path / "old.referee"
    shutil.copyfile(OLD_FILE, path)
    before = path.read_bytes()
    assert "idx_steps_undone" not in indexes(path)
    for argv in (
        ["match", "show", str(path)],
        ["match", "show", str(path), "--json"],
        ["match", "check", str(path)],
        ["match", "report", str(path), "-o", str(tmp_path / "report.html")],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "referee", *argv], capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr
    assert path.read_bytes() == before


def test_the_first_write_to_an_older_file_adds_the_index_and_the_file_still_replays(tmp_path):
    path = tmp_path / "old.referee"
    shutil.copyfile(OLD_FILE, path)
    with MatchFile.open(path) as match:
        steps = match.step_count()
        match.run("Smoke on C2", smoke(1)[1])
    assert "idx_steps_undone" in indexes(path)
    with MatchFile.open(path) as match:
        assert match.step_count() == steps + 1
        assert match.replay_check() == []


def test_a_failed_write_adds_no_index_either(tmp_path):
    path = tmp_path / "old.referee"
    shutil.copyfile(OLD_FILE, path)
    before = path.read_bytes()
    with MatchFile.open(path) as match, pytest.raises(RefereeError, match="Z99"):
        match.run(
            "Off the map", [{"kind": "correct-hex", "hex": "Z99", "marker": "smoke", "count": 1}]
        )
    assert path.read_bytes() == before


def test_the_step_limit_still_refuses_the_step_past_it(tmp_path, monkeypatch):
    monkeypatch.setattr("referee.match.journal.journal_file.MATCH_MAX_STEPS", 6)
    with create_demo_match(tmp_path / "m.referee") as match:
        fill(match, 6)
        with pytest.raises(MatchFileError, match="6 steps, the limit of 6"):
            match.run(*smoke(6))


def test_the_step_limit_counts_steps_not_their_numbers(tmp_path, monkeypatch):
    # a journal whose step numbers pass the limit with fewer steps than it (two taken out by
    # hand): the steps are counted, and there is room for one more
    with create_demo_match(tmp_path / "m.referee") as match:
        fill(match, 8)
    conn = sqlite3.connect(tmp_path / "m.referee")
    with conn:
        conn.execute("DELETE FROM events WHERE step IN (3, 4)")
        conn.execute("DELETE FROM steps WHERE number IN (3, 4)")
    conn.close()
    monkeypatch.setattr("referee.match.journal.journal_file.MATCH_MAX_STEPS", 7)
    with MatchFile.open(tmp_path / "m.referee") as match:
        step = match.run(*smoke(8))
        assert step.number == 9 and match.step_count() == 7
        with pytest.raises(MatchFileError, match="7 steps, the limit of 7"):
            match.run(*smoke(9))


def test_the_activation_rules_keep_the_step_limit_too(tmp_path, monkeypatch):
    journal = read_journal(data_dir() / "journals" / "activation-crossroads.journal")
    match = replay_journal(journal, tmp_path / "a.referee")
    try:
        count = match.step_count()
        monkeypatch.setattr("referee.match.journal.journal_file.MATCH_MAX_STEPS", count)
        with pytest.raises(MatchFileError, match=f"{count} steps, the limit of {count}"):
            match.run("One more", [journal.steps[-1].commands[0]])
    finally:
        match.close()


def events_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The statements reading the events' data, on every connection opened from now on
    (the file's revision, ``MAX(id)``, is no reading of the journal)."""
    seen: list[str] = []
    real = journal_file.connect

    @contextmanager
    def traced(*args: Any, **kwargs: Any) -> Iterator[sqlite3.Connection]:
        with real(*args, **kwargs) as conn:
            conn.set_trace_callback(
                lambda sql: (
                    seen.append(sql)
                    if "FROM events" in sql and "SELECT" in sql and "data" in sql
                    else None
                )
            )
            yield conn

    monkeypatch.setattr(journal_file, "connect", traced)
    return seen


def test_the_journal_is_read_once_for_the_steps_undone_or_not_and_the_state(tmp_path, monkeypatch):
    with create_demo_match(tmp_path / "m.referee") as match:
        fill(match, 40)
        match.undo()
        with MatchFile.open(tmp_path / "m.referee") as again:
            reads = events_reads(monkeypatch)
            every = again.steps(include_undone=True)
            done = again.steps()
            state = again.state
            assert [s.number for s in done] == [s.number for s in every if not s.undone]
            assert len(done) == 39 and every[-1].undone
            # step 40 ("smoke 39", on) is undone: step 39 ("smoke 38") took the smoke off
            assert not state.smoke
            assert len(reads) == 1


def test_a_step_written_by_the_handle_is_in_its_next_reading(tmp_path):
    with create_demo_match(tmp_path / "m.referee") as match:
        before = match.steps()
        match.run(*smoke(1))
        after = match.steps(include_undone=True)
        assert len(after) == len(before) + 1 and after[-1].name == "smoke 1"
        match.undo()
        assert [s.undone for s in match.steps(include_undone=True)][-1] is True
        assert len(match.steps()) == len(before)
        match.redo()
        assert len(match.steps()) == len(before) + 1


def test_a_step_written_by_another_program_is_in_the_next_reading(tmp_path):
    path = tmp_path / "m.referee"
    create_demo_match(path).close()
    with MatchFile.open(path) as window, MatchFile.open(path) as terminal:
        seen = len(window.steps(include_undone=True))
        terminal.run(*smoke(1))
        assert len(window.steps(include_undone=True)) == seen + 1
        assert window.steps()[-1].name == "smoke 1"


def test_steps_read_inside_a_batch_follow_its_steps(tmp_path):
    with create_demo_match(tmp_path / "m.referee") as match, match.batch():
        first = len(match.steps())
        match.run(*smoke(1))
        assert len(match.steps()) == first + 1
        match.run(*smoke(2))
        assert [s.name for s in match.steps()][-2:] == ["smoke 1", "smoke 2"]
