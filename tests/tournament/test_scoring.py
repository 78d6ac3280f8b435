"""MVP and TVP as draft 004's "Victory Condition" gives them (clauses victory.mvp,
victory.destroyed, victory.tvp), checked against matches worked out by hand below."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.main import main
from referee.match.games.orders_file import MatchFile
from referee.tournament.match_result import load_any_result, result_of_match
from referee.tournament.result_file import ResultFileError, load_result
from referee.tournament.scoring import (
    MatchResult,
    PlayerResult,
    Points,
    score_match,
    scored_cost,
    tvp,
)

ISSUE_RESULT = """\
[[players]]
name = "Ada"
surviving = { ip = 12, mp = 6, cp = 3, xp = 0 }
destroyed = { ip = 6, mp = 0, cp = 0, xp = 3 }

[[players]]
name = "Brin"
surviving = { ip = 0, mp = 10, cp = 8, xp = 8 }
destroyed = { ip = 24, mp = 2, cp = 4, xp = 0 }
"""


def result(a: tuple[dict[str, int], dict[str, int]], b: tuple[dict[str, int], dict[str, int]]):
    return MatchResult(
        (
            PlayerResult("A", Points.from_mapping(a[0]), Points.from_mapping(a[1])),
            PlayerResult("B", Points.from_mapping(b[0]), Points.from_mapping(b[1])),
        )
    )


def test_tvp_is_mvp_to_the_power_three_quarters():
    # 16^0.75 = 2^3, 81^0.75 = 3^3, 256^0.75 = 4^3, 625^0.75 = 5^3 (clause victory.tvp)
    assert [tvp(m) for m in (16, 81, 256, 625)] == pytest.approx([8, 27, 64, 125])


def test_tvp_of_no_points_is_zero_and_keeps_the_sign():
    assert tvp(0) == 0
    assert tvp(-16) == pytest.approx(-8)


def test_the_issues_example_worked_by_hand(tmp_path):
    # Ada: own surviving 12 IP x3 = 36, (6+3+0) x1 = 9; Brin's destroyed 24 IP x6 = 144,
    #      (2+4+0) x2 = 12: 201. Brin: own surviving 0 + (10+8+8) = 26; Ada's destroyed
    #      6 IP x6 = 36, (0+0+3) x2 = 6: 68. Ada has more: 201 + 16 = 217 MVP.
    path = tmp_path / "r.toml"
    path.write_text(ISSUE_RESULT, encoding="utf-8")
    ada, brin = score_match(load_result(path))
    assert (ada.name, ada.mvp, brin.name, brin.mvp) == ("Ada", 217, "Brin", 68)
    assert ada.tvp == pytest.approx(217**0.75)
    assert brin.tvp == pytest.approx(68**0.75)
    assert (ada.destroyed_enemy, brin.destroyed_enemy) == (156, 42)


def test_the_winner_scores_256_and_the_loser_81():
    # A: 20 surviving IP x3 = 60, B's 30 destroyed IP x6 = 180: 240, +16 = 256 MVP = 64 TVP.
    # B: 21 surviving MP x1 = 21, A's 10 destroyed IP x6 = 60: 81 MVP = 27 TVP, no bonus.
    a, b = score_match(result(({"ip": 20}, {"ip": 10}), ({"mp": 21}, {"ip": 30})))
    assert (a.mvp, b.mvp) == (256, 81)
    assert (a.tvp, b.tvp) == pytest.approx((64, 27))


def test_a_draw_gives_neither_player_the_bonus():
    # 6 surviving IP each: 18 points each, a draw: 18 MVP each.
    a, b = score_match(result(({"ip": 6}, {}), ({"ip": 6}, {})))
    assert (a.mvp, b.mvp) == (18, 18)
    assert any("draw" in line for line in a.lines)


def test_the_bonus_goes_to_more_points_before_the_bonus():
    # A: 1 surviving XP = 1; B: nothing survives, A destroyed nothing of B... B destroyed A's
    # 1 CP: 2. B has more: 2 + 16 = 18; A: 1.
    a, b = score_match(result(({"xp": 1}, {"cp": 1}), ({}, {})))
    assert (a.mvp, b.mvp) == (1, 18)


def test_lines_tell_the_calculation_in_words(tmp_path):
    path = tmp_path / "r.toml"
    path.write_text(ISSUE_RESULT, encoding="utf-8")
    ada, _ = score_match(load_result(path))
    text = "\n".join(ada.lines)
    for words in ("12 IP x 3 = 36", "24 IP x 6 = 144", "+16 bonus", "MVP = 201 + 16 = 217"):
        assert words in text


def test_score_command_prints_the_issues_json(tmp_path, capsys):
    path = tmp_path / "r.toml"
    path.write_text(ISSUE_RESULT, encoding="utf-8")
    assert main(["score", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(p["name"], p["mvp"]) for p in out["players"]] == [("Ada", 217), ("Brin", 68)]
    assert out["players"][0]["tvp"] == pytest.approx(217**0.75, abs=1e-4)
    assert all(isinstance(line, str) for p in out["players"] for line in p["lines"])


@pytest.mark.parametrize(
    ("text", "field"),
    [
        (ISSUE_RESULT.replace("ip = 12", "ip = -1"), "players[0].surviving.ip"),
        (ISSUE_RESULT.replace("ip = 12", 'ip = "x"'), "players[0].surviving.ip"),
        (ISSUE_RESULT.replace("xp = 8 }", "xp = 8, hp = 1 }"), "players[1].surviving.hp"),
        (ISSUE_RESULT.replace('name = "Brin"\n', ""), "players[1].name"),
        (ISSUE_RESULT.replace('name = "Brin"', 'name = "Ada"'), "players[1].name"),
        (ISSUE_RESULT.split("\n\n")[0], "players"),
        (
            ISSUE_RESULT.replace("destroyed = { ip = 6, mp = 0, cp = 0, xp = 3 }\n", ""),
            "players[0].destroyed",
        ),
        ("[[players]\n", "not valid TOML"),
    ],
)
def test_a_malformed_result_file_names_the_file_and_the_field(tmp_path, capsys, text, field):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ResultFileError) as err:
        load_result(path)
    assert str(path) in str(err.value) and field in str(err.value)
    assert main(["score", str(path)]) == 2
    assert field in capsys.readouterr().err


UNITS = [
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C7"},  # 6 IP
    {"uid": "hoplites", "unit": "hoplite-phalanx", "side": 1, "hex": "D8"},  # 4 MP 2 CP 1 XP
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "C2"},  # 3 MP 1 CP
    {"uid": "boars", "unit": "boar-riders", "side": 2, "hex": "E2"},  # 3 MP 2 XP
]


def finished_match(path: Path) -> MatchFile:
    """Grunts down to one model (they survive), hoplites wiped out, boar riders fled."""
    m = MatchFile.create(
        path,
        map_name="entrenched",
        units=UNITS,
        seed=3,
        settings={"player-1": "Ada", "player-2": "Brin"},
    )
    m.run(
        "the table",
        [
            {"kind": "correct", "uid": "grunts", "set": {"alive": 1}},
            {"kind": "correct", "uid": "hoplites", "set": {"alive": 0}},
            {"kind": "correct-remove", "uid": "boars"},
        ],
    )
    return m


def test_a_match_file_scores_surviving_destroyed_and_fled_units(tmp_path):
    # Ada (side 1): tank survives 6 IP x3 = 18; Brin's boar riders fled: (3 MP + 2 XP) x2 = 10:
    #   28, more than Brin: 44 MVP.
    # Brin (side 2): grunts with one model survive (3 MP + 1 CP) x1 = 4; Ada's hoplites
    #   destroyed (4 MP + 2 CP + 1 XP) x2 = 14: 18 MVP.
    with finished_match(tmp_path / "m.referee") as m:
        found = result_of_match(m)
    assert found.players[0] == PlayerResult("Ada", Points(ip=6), Points(mp=4, cp=2, xp=1))
    assert found.players[1] == PlayerResult("Brin", Points(mp=3, cp=1), Points(mp=3, xp=2))
    ada, brin = score_match(found)
    assert (ada.mvp, brin.mvp) == (44, 18)


def test_score_command_reads_a_match_file(tmp_path, capsys):
    finished_match(tmp_path / "m.referee").close()
    assert main(["score", str(tmp_path / "m.referee"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(p["name"], p["mvp"]) for p in out["players"]] == [("Ada", 44), ("Brin", 18)]
    assert load_any_result(tmp_path / "m.referee").players[0].name == "Ada"


def test_a_unit_paid_in_several_kinds_scores_each_kind_at_its_rate_by_default():
    # Talos: 12 IP + 2 CP. Destroyed: 12 x6 + 2 x2 = 76 (victory.mixed-cost, each-kind);
    # read as its main kind: 14 IP x6 = 84.
    talos = {"ip": 12, "cp": 2}
    a, _ = score_match(result(({}, {}), ({}, scored_cost(talos).to_json())))
    assert a.destroyed_enemy == 76
    main_kind = scored_cost(talos, mixed="main-kind")
    assert main_kind == Points(ip=14)


def test_command_points_do_not_score_unless_the_ruling_says_so():
    assert scored_cost({"mp": 2, "com": 3}) == Points(mp=2)
    assert scored_cost({"mp": 2, "com": 3}, command="as-mp") == Points(mp=5)
