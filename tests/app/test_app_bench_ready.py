"""``referee bench app``: the usable window (the match open, so Next step works) as a multiple
of an empty Qt main window started the same way in the same run, in CPU time (issue 26: the
budget is 4 times)."""

from __future__ import annotations

import json
from pathlib import Path

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


def test_the_timed_windows_open_on_a_laptop_s_screen_when_drawn_in_memory(tmp_path, monkeypatch):
    """Qt's offscreen screen is 800 x 800: a window there folds its docks, so the bench gives
    the timed processes a 1366 x 768 screen, and says so."""
    from referee.app.checks import app_bench

    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    env = app_bench._environment(tmp_path)
    platform, _, config = env["QT_QPA_PLATFORM"].partition(":configfile=")
    assert platform == "offscreen"
    screen = json.loads(Path(config).read_text())["screens"][0]
    assert (screen["width"], screen["height"]) == app_bench.LAPTOP_SCREEN == (1366, 768)
    assert app_bench.screen_name() == "offscreen 1366x768"
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    assert app_bench._environment(tmp_path)["QT_QPA_PLATFORM"] == "xcb"  # a real display's own
