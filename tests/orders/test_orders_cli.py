"""`referee orders parse` and `referee orders check`: the JSON keys and exit statuses are an
interface (0 read, 1 refused notation, 2 bad unit, speed or option)."""

from __future__ import annotations

import json

from referee.cli.main import main


def run(capsys, *argv: str) -> tuple[int, dict]:
    status = main([*argv, "--json"])
    return status, json.loads(capsys.readouterr().out)


def test_parse_prints_the_steps(capsys):
    status, out = run(capsys, "orders", "parse", "360°,A + F + F", "--kind", "movement")
    assert status == 0
    assert out["ok"] is True
    assert out["steps"] == [["360", "A"], ["F"], ["F"]]
    assert out["text"] == "360,A + F + F"


def test_parse_a_gunnery_order_starting_with_nothing(capsys):
    status, out = run(capsys, "orders", "parse", "- + Load (still)", "--kind", "gunnery")
    assert status == 0 and out["steps"] == [["-"], ["Load"]]
    assert out["step_speeds"] == [None, "stand-still"]


def test_parse_refuses_with_the_position_and_what_was_expected(capsys):
    # "F + + -": the second '+' at 4, where movement 2 should have an action.
    status, out = run(capsys, "orders", "parse", "F + + -", "--kind", "movement")
    assert status == 1
    assert out["ok"] is False
    assert set(out["error"]) >= {"position", "expected", "message"}
    assert out["error"]["position"] == 4
    assert "movement code" in out["error"]["expected"]


def test_parse_without_json_shows_where(capsys):
    # "B[slow + F + -": B0 [1 slow2-5 ' '6 +7
    assert main(["orders", "parse", "B[slow + F + -"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "B[slow + F + -"
    assert lines[1] == " " * 7 + "^"
    assert "expected ']'" in lines[2]


def test_check_says_what_each_step_does(capsys):
    # standard-tank at fast (data/units/sample/spartan.toml): F, B (-> slow), -.
    status, out = run(
        capsys, "orders", "check", "F + B + -", "--unit", "standard-tank", "--speed", "fast"
    )
    assert status == 0 and out["ok"] is True and out["legal"] is True
    assert [s["speed"] for s in out["steps"]] == ["fast", "fast", "slow"]
    assert out["speed_end"] == "slow"


def test_check_an_illegal_step_per_edition(capsys):
    # standard-tank at fast may not Rev: current -> '-', first draft -> the default (F).
    _, current = run(
        capsys, "orders", "check", "Rev + F + -", "--unit", "standard-tank", "--speed", "fast"
    )
    assert current["legal"] is False
    assert current["steps"][0]["done"] == ["-"] and current["steps"][0]["outcome"] == "nothing"
    _, first = run(
        capsys,
        "orders",
        "check",
        "Rev + F + -",
        "--unit",
        "standard-tank",
        "--speed",
        "fast",
        "--edition",
        "first-draft",
    )
    assert first["steps"][0]["done"] == ["F"] and first["steps"][0]["outcome"] == "default"


def test_check_gunnery_after_braking_and_shaken(capsys):
    _, braked = run(
        capsys,
        "orders",
        "check",
        "Aim + Aim",
        "--kind",
        "gunnery",
        "--unit",
        "standard-tank",
        "--speed",
        "fast",
        "--end-speed",
        "slow",
    )
    assert [s["done"] for s in braked["steps"]] == [["-"], ["Aim"]]
    _, shaken = run(
        capsys,
        "orders",
        "check",
        "Fire + Fire",
        "--kind",
        "gunnery",
        "--unit",
        "standard-tank",
        "--speed",
        "fast",
        "--shaken",
    )
    assert [s["outcome"] for s in shaken["steps"]] == ["shaken", "shaken"]


def test_check_a_refused_notation_exits_1(capsys):
    status, out = run(
        capsys, "orders", "check", "F + L", "--unit", "standard-tank", "--speed", "fast"
    )
    assert status == 1 and out["error"]["position"] == 5


def test_check_a_bad_unit_or_speed_is_one_line_and_exit_2(capsys):
    assert main(["orders", "check", "F + F + -", "--unit", "no-such-unit", "--speed", "fast"]) == 2
    assert "no-such-unit" in capsys.readouterr().err
    assert (
        main(["orders", "check", "F + F + -", "--unit", "standard-tank", "--speed", "crawling"])
        == 2
    )
    assert "crawling" in capsys.readouterr().err
