"""``referee bench replay [JOURNAL] --json``: the keys the issue names, each figure from
real processes (``referee replay`` and ``referee match check``); ``referee bench journal``
writes a match the engine played; ``referee bench cli`` times the quick commands."""

from __future__ import annotations

import json
from pathlib import Path

from referee.cli.main import main
from referee.match.journal.journal_text import read_journal

JOURNAL = Path(__file__).parent.parent / "match" / "journals" / "two-turns-orders-step.journal"


def test_bench_replay_reports_steps_replay_and_check_times(capsys):
    assert main(["bench", "replay", str(JOURNAL), "--runs", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["steps"] == len(read_journal(JOURNAL).steps) == 7
    assert result["replay_ms"] > 0 and result["check_ms"] > 0
    assert result["replay_cold_cpu_ms"] > 0 and result["check_cold_cpu_ms"] > 0
    assert result["python_floor_ms"] > 0 and result["cpus"] >= 1
    assert result["imports_ms"] > 0 and result["imports_cpu_ms"] > 0  # in the same runs


def test_bench_replay_reports_match_check_as_a_multiple_of_pythons_start(capsys):
    # issue 26: match check of the shipped ten-turn match within 12x python -c pass, in CPU
    # time measured in the same runs
    assert main(["bench", "replay", str(JOURNAL), "--runs", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["check_floor_budget"] == 12
    ratio = result["check_cpu_ms"] / result["python_floor_cpu_ms"]
    assert result["check_floor_ratio"] == round(ratio, 2) > 1


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
    for name in ("shot", "visible", "rules_search"):  # a first run on an empty cache too
        assert result[f"{name}_cold_ms"] > 0 and result[f"{name}_cold_cpu_ms"] > 0


def test_bench_pairing_reports_players_the_slowest_round_and_rematches(capsys):
    assert main(["bench", "pairing", "--players", "9", "--runs", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["players"] == 9 and result["rounds"] == 3
    rounds = [result[f"round_{n}_ms"] for n in (1, 2, 3)]
    assert result["round_ms"] == max(rounds) > 0
    assert all(result[f"round_{n}_cpu_ms"] > 0 for n in (1, 2, 3))
    slowest = [n for n in (1, 2, 3) if result[f"round_{n}_ms"] == result["round_ms"]]
    assert result["round_cpu_ms"] in [result[f"round_{n}_cpu_ms"] for n in slowest]
    # nine players, three rounds: a pairing without a rematch always exists
    assert result["rematches"] == 0
    assert len(result["load_average"]) == 3 and len(result["load_average_after"]) == 3


def test_bench_journal_write_reports_a_step_at_each_length(capsys):
    argv = ["bench", "journal-write", "--lengths", "10,60", "--runs", "3", "--json"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    for n in (10, 60):
        assert result[f"ms_per_step_at_{n}"] > 0 and result[f"ms_per_step_at_{n}_cpu"] >= 0
    assert result["steps_written"] == 60 + 3  # filled to 60, then three timed
    assert "ratio_60_to_10" in result and len(result["load_average"]) == 3
    assert main(["bench", "journal-write", "--lengths", "60,10"]) == 2
    assert "growing" in capsys.readouterr().err
