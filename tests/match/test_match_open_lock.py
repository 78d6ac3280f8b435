"""A match file open in one program is said to be open when a second opens it (s9-user
trial #6): a lock beside the file that names its holder and dies with its process. Two
real processes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from referee.match.journal.open_lock import HOLDER_MAX_CHARS, hold_open, lock_path

HOLDER = """
import sys
from referee.match.journal.open_lock import hold_open
lock, holder = hold_open(sys.argv[1])
print("held" if lock is not None else f"refused: {holder}", flush=True)
sys.stdin.readline()  # held until told to go
if lock is not None and sys.argv[2] == "release":
    lock.release()
    print("released", flush=True)
    sys.stdin.readline()
"""


def _holder(match: Path, end: str = "exit") -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(match), end],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "held"
    return process


def test_a_second_process_is_told_which_process_holds_the_match(tmp_path):
    match = tmp_path / "m.referee"
    match.write_bytes(b"")
    first = _holder(match)
    try:
        lock, holder = hold_open(match)
        assert lock is None
        assert holder is not None and holder.startswith(f"process {first.pid} on ")
    finally:
        first.kill()
        first.wait()
    # killed, not closed: the lock died with its process
    lock, holder = hold_open(match)
    assert lock is not None and holder is None
    lock.release()
    assert not lock_path(match).exists()  # the last opening takes the lock file away


def test_a_match_let_go_is_free_for_the_next_program(tmp_path):
    match = tmp_path / "m.referee"
    match.write_bytes(b"")
    first = _holder(match, "release")
    assert first.stdin is not None and first.stdout is not None
    first.stdin.write("\n")
    first.stdin.flush()
    assert first.stdout.readline().strip() == "released"
    lock, holder = hold_open(match)
    try:
        assert lock is not None and holder is None
    finally:
        if lock is not None:
            lock.release()
        first.kill()
        first.wait()


def test_one_process_opening_its_match_again_shares_its_lock(tmp_path):
    match = tmp_path / "m.referee"
    match.write_bytes(b"")
    lock, _ = hold_open(match)
    again, holder = hold_open(match)
    assert lock is not None and again is lock and holder is None
    again.release()
    assert lock_path(match).exists()  # the first opening still holds it
    lock.release()
    assert not lock_path(match).exists()


HOSTILE = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
os.write(fd, b"<b>x</b>\\x1b[2J\\n" + b"y" * 5000)
print("held", flush=True)
sys.stdin.readline()
"""


def test_the_lock_files_words_are_shown_as_plain_words_cut_short(tmp_path):
    # a lock held by anything, its file saying anything: shown as printable words, at
    # most HOLDER_MAX_CHARS of them, never obeyed
    match = tmp_path / "m.referee"
    match.write_bytes(b"")
    other = subprocess.Popen(
        [sys.executable, "-c", HOSTILE, str(lock_path(match))],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "held"
        lock, holder = hold_open(match)
        assert lock is None and holder is not None
        assert holder.startswith("<b>x</b> [2J") and len(holder) == HOLDER_MAX_CHARS
        assert holder.isprintable()
    finally:
        other.kill()
        other.wait()
