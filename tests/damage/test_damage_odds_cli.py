"""`referee odds ...` as scripts use it: the command names, options and JSON keys."""

from __future__ import annotations

import json

import pytest

from referee.cli.main import main


def run_json(capsys, *argv):
    assert main(["odds", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_odds_armor_json_keys(capsys):
    out = run_json(capsys, "armor", "--armor", "4", "--ap", "1")
    # 3 dice at 5+: 7/27, 12/27, 8/27 (see test_damage_armor).
    assert out["blocked"] == pytest.approx(7 / 27)
    assert out["partial"] == pytest.approx(12 / 27)
    assert out["penetrated"] == pytest.approx(8 / 27)
    assert out["exact"] == {"blocked": "7/27", "partial": "4/9", "penetrated": "8/27"}


def test_odds_armor_edition_range_and_distance(capsys):
    out = run_json(
        capsys, "armor", "--armor", "3", "--ap", "2", "--edition", "first-draft", "--distance", "6"
    )
    # AP 2 decays to 0 at 6 hexes: 3 dice at 5+, never blocked; penetrated (2/3)^3.
    assert out["dice"] == 3 and out["blocked"] == 0
    assert out["exact"]["penetrated"] == "8/27"
    pb = run_json(capsys, "armor", "--armor", "4", "--ap", "1", "--range", "point-blank")
    assert pb["exact"]["blocked"] == "1/9"


def test_odds_hit_json(capsys):
    out = run_json(capsys, "hit", "--need", "7")
    assert out["p"] == pytest.approx(1 / 18) and out["exact"] == "1/18"
    assert run_json(capsys, "hit", "--need", "1")["p"] == 1


def test_odds_open_ended_json(capsys):
    out = run_json(capsys, "open-ended", "--sides", "6")
    assert out["distribution"]["1"] == pytest.approx(1 / 6)
    assert out["exact"]["7"] == "1/27"  # 1/6 * 1/3 * 2/3
    assert out["at_least"]["7"] == pytest.approx(1 / 18)
    total = sum(out["distribution"].values()) + out["tail"]["p"]
    assert total == pytest.approx(1)


def test_odds_damage_json(capsys):
    out = run_json(capsys, "damage", "--dice", "d6-1", "--armor", "4", "--ap", "1", "--tokens", "2")
    # Penetrated (8/27) with a 6: 6 - 1 + 2 = 7.
    assert out["exact"]["7"] == "4/81"
    assert out["blocked"] == pytest.approx(7 / 27)
    assert sum(out["distribution"].values()) + out["blocked"] == pytest.approx(1)


def test_odds_damage_with_need_counts_misses(capsys):
    out = run_json(capsys, "damage", "--dice", "d6", "--armor", "none", "--ap", "0", "--need", "4")
    assert out["miss"] == pytest.approx(1 / 2) and out["distribution"]["1"] == pytest.approx(1 / 12)


def test_odds_human_output_in_percent(capsys):
    assert main(["odds", "armor", "--armor", "4", "--ap", "1"]) == 0
    text = capsys.readouterr().out
    assert "25.93%" in text and "7/27" in text


def test_odds_bad_input_is_one_line(capsys):
    assert main(["odds", "damage", "--dice", "d7", "--armor", "4", "--ap", "1"]) == 2
    err = capsys.readouterr().err
    assert "d7" in err and "Traceback" not in err
    assert main(["odds", "armor", "--armor", "4", "--ap", "1", "--edition", "nope"]) == 2
    assert (
        main(
            ["odds", "armor", "--armor", "4", "--ap", "1", "--ruling", "damage.armor-success=seven"]
        )
        == 2
    )
