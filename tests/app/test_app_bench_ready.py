"""``referee bench app``: the usable window (the match open, so Next step works) as a multiple
of an empty Qt main window started the same way in the same run, in CPU time (issue 26: the
budget is 4 times)."""

from __future__ import annotations

import json

import pytest


def test_bench_app_reports_the_usable_window_as_a_multiple_of_an_empty_one(capsys):
    from referee.cli.main import main

    assert main(["bench", "app", "--runs", "1", "--no-hover", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["ready_budget"] == 4
    assert result["cold_ready_cpu_ms"] > result["qt_floor_cpu_ms"] > 0
    assert result["ready_cpu_ratio"] == pytest.approx(
        result["cold_ready_cpu_ms"] / result["qt_floor_cpu_ms"], abs=0.01
    )
