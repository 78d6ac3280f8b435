"""An operation on a user's SQLite file holds it against every other referee process, and
nothing else the process does with the file lets go of that hold (issue 23): SQLite's own
locks are dropped when any other handle on the file is closed; the hold is not."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from referee.sqlite_files import connect, hold, in_use

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock: POSIX systems")

HOLDER = """
import sys
from referee.sqlite_files import hold
with hold(sys.argv[1]):
    print("held", flush=True)
    sys.stdin.readline()
print("let go", flush=True)
"""

TRY = """
import sqlite3, sys
from referee.sqlite_files import hold
try:
    with hold(sys.argv[1], timeout=float(sys.argv[2])):
        print("had it")
except sqlite3.OperationalError as exc:
    print(f"busy: {exc}")
"""


def a_database(tmp_path: Path) -> Path:
    path = tmp_path / "event.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    return path


def other_process_tries(path: Path, seconds: float = 0.3) -> str:
    done = subprocess.run(
        [sys.executable, "-c", TRY, str(path), str(seconds)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return done.stdout.strip()


def test_another_process_waits_for_an_operation_and_is_told_the_file_is_busy(tmp_path):
    path = a_database(tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline().strip() == "held"
        with (
            pytest.raises(sqlite3.OperationalError, match="database is locked") as refused,
            hold(path, timeout=0.3),
        ):
            pass
        assert str(path) in str(refused.value)
        assert in_use(path)  # asked without waiting: a window looks again later
        holder.stdin.write("\n")
        holder.stdin.flush()
        assert holder.stdout.readline().strip() == "let go"
    finally:
        holder.communicate(timeout=300)
    with hold(path, timeout=0.3):  # free again
        pass
    assert not in_use(path)


def test_closing_another_handle_on_the_file_keeps_the_hold(tmp_path):
    path = a_database(tmp_path)
    with connect(path) as conn:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO t VALUES (1)")
        with open(path, "rb") as handle:  # what a file dialog does to guess the type
            handle.read(100)
        # SQLite's locks of this process are gone now; the hold is not
        assert other_process_tries(path).startswith("busy: database is locked")
        conn.execute("COMMIT")
    assert other_process_tries(path) == "had it"


def test_a_hold_is_taken_again_by_its_own_thread_and_waited_for_by_another(tmp_path):
    path = a_database(tmp_path)
    seen: list[str] = []
    with hold(path):
        with hold(path), connect(path) as conn:  # an operation calling another on the file
            assert conn.execute("SELECT COUNT(*) FROM t").fetchone() == (0,)

        def other() -> None:
            try:
                with hold(path, timeout=0.2):
                    seen.append("had it")
            except sqlite3.OperationalError:
                seen.append("busy")

        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        assert seen == ["busy"]
        assert not in_use(path)  # not to the thread that holds it
        asked: list[bool] = []
        thread = threading.Thread(target=lambda: asked.append(in_use(path)))
        thread.start()
        thread.join()
        assert asked == [True]
        assert other_process_tries(path).startswith("busy")
    assert other_process_tries(path) == "had it"


def test_a_missing_file_is_named_and_not_made(tmp_path):
    path = tmp_path / "gone.db"
    with pytest.raises(sqlite3.OperationalError, match="unable to open") as refused, connect(path):
        pass
    assert str(path) in str(refused.value)
    assert not in_use(path)  # nobody holds it: opening it says what is wrong
    assert not path.exists()
