"""``referee bench replay [JOURNAL] --json``: the keys the issue names, each figure from
real processes (``referee replay`` and ``referee match check``); ``referee bench journal``
writes a match the engine played; ``referee bench cli`` times the quick commands."""

from __future__ import annotations

import json
from pathlib import Path

from referee.cli.main import main
from referee.match.journal_text import read_journal

JOURNAL = Path(__file__).parent.parent / "match" / "journals" / "two-turns-orders-step.journal"


def test_bench_replay_reports_steps_replay_and_check_times(capsys):
    assert main(["bench", "replay", str(JOURNAL), "--runs", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["steps"] == len(read_journal(JOURNAL).steps) == 7
    assert result["replay_ms"] > 0 and result["check_ms"] > 0
    assert result["python_floor_ms"] > 0 and result["cpus"] >= 1
    assert result["imports_ms"] > 0 and result["imports_cpu_ms"] > 0  # in the same runs


def test_bench_journal_writes_a_journal_that_replays(tmp_path, capsys):
    out = tmp_path / "two.journal"
    assert main(["bench", "journal", str(out), "--turns", "2", "--seed", "5"]) == 0
    journal = read_journal(out)
    assert journal.seed == 5 and journal.steps
    assert main(["replay", str(out)]) == 0
    assert json.loads(capsys.readouterr().out.split("\n", 1)[1])["turn"] == 3
    written = out.read_text(encoding="utf-8")
    assert main(["bench", "journal", str(out), "--turns", "3"]) == 2  # never replaced silently
    assert "already exists" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == written


def test_bench_cli_times_shot_visible_and_rules_search_against_pythons_start(capsys):
    assert main(["bench", "cli", "--runs", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    for name in ("shot", "visible", "rules_search", "python_floor"):
        assert result[f"{name}_ms"] > 0 and result[f"{name}_cpu_ms"] > 0
