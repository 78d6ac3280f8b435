"""``referee bench serve``: phones reading and tables reporting through a real server process;
the bench counts every request and checks the event after: each table's result once, each
table reported once (no figure of time is asserted: speed is measured, not tested)."""

from __future__ import annotations

import json

from referee.bench.serve_bench import _check
from referee.cli.main import main
from referee.tournament.desk import Desk
from referee.tournament.scoring import MatchResult, PlayerResult, Points


def test_a_small_load_keeps_every_result_once_and_every_request_answered(capsys):
    small = ["--phones", "4", "--every", "1", "--results", "3", "--seconds", "3"]
    code = main(["bench", "serve", *small, "--json"])
    figures = json.loads(capsys.readouterr().out)
    assert code == 0
    assert figures["check"] == {
        "results": 3,
        "lost": [],
        "doubled": [],
        "reports_not_one": [],
        "ok": True,
    }
    assert figures["reports"]["requests"] == figures["confirms"]["requests"] == 3
    assert figures["reads"]["requests"] >= 4
    assert [figures[k]["failed"] for k in ("reads", "reports", "confirms")] == [0, 0, 0]
    window = figures["window"]  # the desk's window was open on the event all along
    assert window["probes"] >= 1 and window["caught_up"]  # it drew the last result
    assert set(window) >= {"late_median_ms", "late_p95_ms", "late_max_ms"}


def test_the_window_can_be_left_out(capsys):
    small = ["--phones", "1", "--every", "1", "--results", "1", "--seconds", "1"]
    assert main(["bench", "serve", *small, "--json", "--no-window"]) == 0
    assert "window" not in json.loads(capsys.readouterr().out)


def test_the_check_names_a_table_lost_and_a_table_doubled(tmp_path):
    def result(a: str, b: str, keep: int) -> MatchResult:
        return MatchResult(
            (
                PlayerResult(a, Points(ip=keep), Points(ip=24 - keep)),
                PlayerResult(b, Points(ip=24), Points()),
            )
        )

    path = tmp_path / "ev.db"
    with Desk.create(path, name="Cup", seed=1, who="desk") as desk:
        for n in ("Ada", "Brin", "Cato", "Dora"):
            desk.add_player(n, "ork")
        (a, b), _ = desk.pair().tables
        desk.record_result(1, 1, result(a, b, 20))
        desk.correct(1, 1, result(a, b, 10), "miscounted")
    check = _check(path, 2)
    assert (check["lost"], check["doubled"], check["ok"]) == ([2], [1], False)
    assert check["reports_not_one"] == [1, 2]
