"""``referee replay J --keep OUT`` (issue 23): OUT appears only once the whole journal is in
it. A replay interrupted (Ctrl+C) or killed part way leaves no OUT, so nothing at OUT can look
like a valid match of fewer steps; Ctrl+C leaves nothing at all."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from referee.match.games.orders_file import MatchFile
from referee.paths import data_dir

ROOT = Path(__file__).resolve().parent.parent.parent
JOURNAL = data_dir() / "journals" / "ten-turns.journal"


# SQLite's rollback journal of the file the steps are written into: the replay is then
# inside the transaction that writes every step (KEEP itself, or the file written aside for
# it; not the file of the set-up, ``.<name>.partial``, written before)
IN_THE_STEPS = re.compile(r"(kept\.referee|\.kept\.referee\.[0-9a-z_]+\.partial)-journal")


def interrupt_replay(folder: Path, how: signal.Signals) -> subprocess.Popen[bytes]:
    """Start ``referee replay JOURNAL --keep folder/kept.referee`` and send it ``how`` while
    it writes the journal's steps."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "REFEREE_HOME": str(folder.parent / "home")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "referee", "replay", str(JOURNAL), "--keep", "kept.referee"],
        cwd=folder,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    while proc.poll() is None and not any(IN_THE_STEPS.fullmatch(p.name) for p in folder.iterdir()):
        time.sleep(0.0005)
    if proc.poll() is not None:
        pytest.fail("the replay ended before its steps were seen written: nothing to interrupt")
    proc.send_signal(how)
    proc.wait(timeout=60)
    return proc


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["kill", "term"])
def test_a_replay_killed_part_way_leaves_no_match_at_keep(tmp_path, how):
    folder = tmp_path / "out"
    folder.mkdir()
    interrupt_replay(folder, how)
    assert not (folder / "kept.referee").exists()
    # what is left is hidden and named unfinished (with SQLite's journal), never at KEEP
    assert all(p.name.startswith(".") and ".partial" in p.name for p in folder.iterdir())


def test_a_replay_stopped_with_ctrl_c_leaves_nothing(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    proc = interrupt_replay(folder, signal.SIGINT)
    assert proc.returncode != 0
    assert list(folder.iterdir()) == []


def test_a_replay_kept_whole_holds_every_step(tmp_path, capsys):
    from referee.cli.main import main
    from referee.match.journal.journal_text import read_journal

    out = tmp_path / "kept.referee"
    assert main(["replay", str(JOURNAL), "--keep", str(out)]) == 0
    with MatchFile.open(out) as m:
        assert m.step_count() == len(read_journal(JOURNAL).steps)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.referee"]
    capsys.readouterr()
    assert main(["replay", str(JOURNAL), "--keep", str(out)]) == 2  # never replaced
    assert "already exists" in capsys.readouterr().err
