"""Every file a user keeps is written whole or not at all (issue 23, referee.writing.write_whole):
a process killed while writing leaves the old file or the new one, never a piece of it; the
file keeps its permissions; a folder that is not there is named."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from referee.writing import WriteError, write_whole

ROOT = Path(__file__).resolve().parent.parent
SIZE = 20_000_000

WRITER = textwrap.dedent(f"""
    import sys
    from referee.writing import write_whole
    print("ready", flush=True)
    n = 0
    while True:
        write_whole(sys.argv[1], bytes([65 + n % 26]) * {SIZE})
        n += 1
""")


def test_a_writer_killed_at_any_moment_leaves_a_whole_file(tmp_path):
    path = tmp_path / "sheet.html"
    path.write_bytes(b"o" * 1000)
    for delay in (0.05, 0.2, 0.4, 0.7):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        data = path.read_bytes()
        assert data in (b"o" * 1000, data[:1] * SIZE), (len(data), data[:1])


def test_a_replaced_file_keeps_its_permissions_and_a_new_one_gets_the_usual(tmp_path):
    kept = tmp_path / "army.toml"
    kept.write_text("old", encoding="utf-8")
    kept.chmod(0o640)
    write_whole(kept, "new")
    assert kept.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640
    fresh = tmp_path / "sheet.html"
    write_whole(fresh, b"<p>")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~umask
    assert sorted(p.name for p in tmp_path.iterdir()) == ["army.toml", "sheet.html"]


def test_a_folder_that_is_not_there_is_named(tmp_path):
    with pytest.raises(WriteError, match="no folder") as info:
        write_whole(tmp_path / "nowhere" / "sheet.html", "x")
    assert str(tmp_path / "nowhere" / "sheet.html") in str(info.value)
    assert "nothing was written" in str(info.value)
