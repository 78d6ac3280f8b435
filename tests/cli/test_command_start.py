"""A command run as a process of its own imports its engine with the garbage collector
paused, then freezes what it imported and collects its own work as usual
(referee/cli/start.py); a caller in a longer-lived process keeps its collector as it is."""

from __future__ import annotations

import argparse
import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli.main import build_parser, main
from referee.cli.start import CommandParser, command_start, terminal_columns
from referee.match.journal.journal_text import read_journal, replay_journal

JOURNAL = Path(__file__).parent.parent / "match" / "journals" / "tank-and-grunts.journal"


def _match(tmp_path: Path) -> Path:
    path = tmp_path / "m.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    return path


def _referee_then(argv, then, tmp_path):
    """The lines printed by ``referee ARGV`` run as the ``referee`` program runs it (a process
    of its own, ``python -m referee``), then by the Python line ``then`` in that process;
    the command must end without an error."""
    code = (
        "import gc, runpy, sys\n"
        f"sys.argv = ['referee', *{argv!r}]\n"
        "try:\n"
        "    runpy.run_module('referee', run_name='__main__')\n"
        "except SystemExit as done:\n"
        "    assert not done.code, done.code\n"
        f"{then}\n"
    )
    env = {**os.environ, "REFEREE_HOME": str(tmp_path), "REFEREE_CACHE": str(tmp_path / "c")}
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=300,
    ).stdout.splitlines()


def test_a_command_in_its_own_process_freezes_its_engine_and_collects_after(tmp_path):
    path = _match(tmp_path)
    out = _referee_then(
        ["match", "check", str(path)],
        "print(gc.isenabled(), gc.get_freeze_count() > 10_000)",
        tmp_path,
    )
    assert out == [f"{path}: 10 steps replay exactly", "True True"]


SEEN_BY_COLLECTOR = (
    "import referee.rules.orders.agenda as a, referee.rules.orders.step as c\n"
    "print([any(o is f for o in gc.get_objects()) for f in (a.match_agenda, c.execute)])"
)
"""Whether the collector still goes over the agenda's and the step handlers' functions
(frozen objects are out of its sight)."""


def test_the_engine_a_match_file_asks_for_is_frozen_as_the_engine_at_the_start(tmp_path):
    # match show and match check import the written-orders engine once the file says its
    # system; in a process of their own it is frozen as what the start imports is
    path = _match(tmp_path)
    out = _referee_then(["match", "show", str(path)], SEEN_BY_COLLECTOR, tmp_path)
    assert out[-1] == "[False, True]"  # show never loaded the step handlers: imported after
    out = _referee_then(["match", "check", str(path)], SEEN_BY_COLLECTOR, tmp_path)
    assert out[-1] == "[True, False]"  # check runs the handlers, and needs no agenda


def test_a_caller_in_a_longer_lived_process_keeps_its_collector_as_it_is(tmp_path, capsys):
    path = _match(tmp_path)
    before = gc.get_freeze_count()
    assert main(["match", "check", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"{path}: 10 steps replay exactly"
    assert gc.isenabled() and gc.get_freeze_count() == before
    with command_start(own_process=True):  # a start in this process long ago
        pass
    gc.unfreeze()
    before = gc.get_freeze_count()
    assert main(["match", "check", str(path)]) == 0 and main(["match", "show", str(path)]) == 0
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


def test_a_command_collects_its_own_work_every_20000_new_objects(tmp_path):
    out = _referee_then(
        ["rules", "show", "los.blind-hexes"],
        "print(gc.get_threshold()[0], gc.isenabled())",
        tmp_path,
    )
    assert out[-1] == "20000 True"


@pytest.mark.parametrize("columns", [None, "120", "45", "0", "-3", "wide"])
def test_the_width_of_the_help_is_the_terminal_width_shutil_finds(monkeypatch, columns):
    import shutil

    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


@pytest.mark.parametrize("command", [None, "match", "los", "tournament"])
def test_the_help_is_laid_out_as_argparse_lays_it_out(monkeypatch, command):
    monkeypatch.setenv("COLUMNS", "72")
    ours = build_parser(command).format_help()
    # the same parser with argparse's own formatter (shutil asked for the width)
    monkeypatch.setattr(CommandParser, "_get_formatter", argparse.ArgumentParser._get_formatter)
    assert ours == build_parser(command).format_help()
    assert max(len(line) for line in ours.splitlines()) <= 72
