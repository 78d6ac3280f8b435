"""A command run as a process of its own imports its engine with the garbage collector
paused, then freezes what it imported and collects its own work as usual
(referee/cli/start.py); a caller in a longer-lived process keeps its collector as it is."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

from referee.cli.main import main
from referee.cli.start import command_start
from referee.match.journal_text import read_journal, replay_journal

JOURNAL = Path(__file__).parent.parent / "match" / "journals" / "tank-and-grunts.journal"


def _match(tmp_path: Path) -> Path:
    path = tmp_path / "m.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    return path


def test_a_command_in_its_own_process_freezes_its_engine_and_collects_after(tmp_path):
    path = _match(tmp_path)
    code = (
        "import gc, runpy, sys\n"
        f"sys.argv = ['referee', 'match', 'check', {str(path)!r}]\n"
        "try:\n"
        "    runpy.run_module('referee', run_name='__main__')\n"
        "except SystemExit as done:\n"
        "    assert not done.code, done.code\n"
        "print(gc.isenabled(), gc.get_freeze_count() > 10_000)\n"
    )
    env = {**os.environ, "REFEREE_HOME": str(tmp_path), "REFEREE_CACHE": str(tmp_path / "c")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True, timeout=300).stdout.splitlines()
    assert out == [f"{path}: 10 steps replay exactly", "True True"]


def test_a_caller_in_a_longer_lived_process_keeps_its_collector_as_it_is(tmp_path, capsys):
    path = _match(tmp_path)
    before = gc.get_freeze_count()
    assert main(["match", "check", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"{path}: 10 steps replay exactly"
    assert gc.isenabled() and gc.get_freeze_count() == before


def test_a_collector_the_process_switched_off_stays_off_and_nothing_is_frozen():
    before = gc.get_freeze_count()
    gc.disable()
    try:
        with command_start(own_process=True):
            assert not gc.isenabled()
        assert not gc.isenabled() and gc.get_freeze_count() == before
    finally:
        gc.enable()


def test_the_collector_is_paused_while_a_command_starts_and_back_after_a_failure():
    before = gc.get_freeze_count()
    try:
        with command_start(own_process=True):
            assert not gc.isenabled()
            raise ValueError("a command line that cannot be read")
    except ValueError:
        pass
    assert gc.isenabled() and gc.get_freeze_count() >= before
    gc.unfreeze()  # this test process's objects go back to the collector
