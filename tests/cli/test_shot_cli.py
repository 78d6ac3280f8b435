"""``referee shot``: a catalogue shot previewed with its need and exact odds."""

from __future__ import annotations

import json

import pytest

from referee.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_standard_tank_main_gun_on_ork_grunts(capsys):
    status, out, _ = run(
        capsys, "shot", "entrenched", "standard-tank@C2", "ork-grunts@E6", "--json"
    )
    assert status == 0
    data = json.loads(out)
    # Need: base 5, shooter standing still +1, target standing still +1 -> 3.
    assert data["to_hit"]["need"] == 3
    # Open-ended d6 reaching 3: faces 3-6, 4/6.
    assert data["p_hit_exact"] == "2/3"
    (sector,) = data["sectors"]
    assert sector["armor"] is None and sector["penetrated"] == 1.0
    # Main gun d6+1 at normal range on the grunts' table (5-6 bruised, 7-10 one killed):
    # d6 of 1-3 -> 2..4 no damage, 4-5 -> 5..6 bruised, 6 -> 7 one killed; times 2/3 to hit.
    rows = {r["row"]: r["exact"] for r in sector["rows"]}
    assert rows["no damage (below the table)"] == "1/3"
    assert rows["Bruised: +1 to future damage"] == "2/9"
    assert rows["One model killed"] == "1/9"


def test_a_shot_out_of_the_arc_lists_the_reason(capsys):
    # The hull machine gun fires to the front only (*/-/-/-); facing S (3) from E6,
    # the target at C2 (up and to the left) lies behind.
    status, out, _ = run(
        capsys,
        "shot",
        "entrenched",
        "standard-tank@E6",
        "ork-grunts@C2",
        "--weapon",
        "Hull machine gun",
        "--shooter-facing",
        "3",
    )
    assert status == 1
    assert "not allowed" in out and "angles.sectors" in out


def test_unknown_unit_is_one_line_exit_2(capsys):
    status, _, err = run(capsys, "shot", "entrenched", "no-such-unit@C2", "ork-grunts@E6")
    assert status == 2
    assert "no-such-unit" in err and "Traceback" not in err


def test_speed_the_unit_does_not_have(capsys):
    status, _, err = run(
        capsys, "shot", "entrenched", "standard-tank@C2", "ork-grunts@E6", "--shooter-speed", "warp"
    )
    assert status == 2 and "warp" in err


def shot_json(capsys, *argv: str) -> dict:
    status, out, _ = run(capsys, "shot", *argv, "--json")
    assert status == 0, out
    return json.loads(out)


def test_the_ork_wagon_shootas_roll_two_front_guns_after_a_misfire_die(capsys):
    # Wagon shootas: fixed x2/x1/x1/-, Misfire[2-]. Facing S from D2, the grunts at D4 lie
    # in front: 2 guns bear, 2 to-hit dice. Need 3 (base 5, both standing still +1 each):
    # p = 4/6 = 2/3. Misfire on 1-2: 1/3, and then nothing fires.
    # 0 hits: 1/3 + 2/3 * (1/3)^2 = 9/27 + 2/27 = 11/27; 1 hit: 2/3 * 2 * 2/3 * 1/3 = 8/27;
    # 2 hits: 2/3 * (2/3)^2 = 8/27. Misfire is a current-edition rule: ENTRENCHED!'s map
    # (D2 a road, D3 and D4 clear: the same need and no cover).
    data = shot_json(
        capsys, "entrenched", "battle-wagon@D2", "ork-grunts@D4", "--shooter-facing", "3"
    )
    assert data["dice"] == 2
    assert data["misfire"] == pytest.approx(1 / 3)
    assert data["hits"] == pytest.approx([11 / 27, 8 / 27, 8 / 27])
    (action,) = data["action"]
    assert action["hits_exact"] == ["11/27", "8/27", "8/27"]
    assert action["at_least_one_hit_exact"] == "16/27"
    # d6-1 shows at most 5, and the first hit adds at most one token: at most 6, below
    # the 7 of "One model killed".
    assert data["kill_at_least_one"] == 0
    # "Bruised" (5-6) at least once: one hit needs a 6 (1/6); two hits 1/6 + 5/6 * 1/6 =
    # 11/36 (after a bruise the second needs d6 - 1 + 1 >= 5: 1/3, but one bruise is
    # enough). Mixed: 8/27 * 1/6 + 8/27 * 11/36 = 48/972 + 88/972 = 34/243.
    rows = {r["row"]: r["exact"] for r in action["damage"]["rows"]}
    assert rows["Bruised: +1 to future damage"] == "34/243"


def test_a_single_shot_action_kills_with_the_chance_of_its_kill_row(capsys):
    # The README's shot: one die, hits 2/3, then d6+1 on the grunts' table kills on 7+
    # (a 6: 1/6): 2/3 * 1/6 = 1/9.
    data = shot_json(capsys, "entrenched", "standard-tank@C2", "ork-grunts@E6")
    assert (data["dice"], data["misfire"]) == (1, 0)
    assert data["hits"] == pytest.approx([1 / 3, 2 / 3])
    assert data["action"][0]["kill_at_least_one_exact"] == "1/9"


def test_burst_rolls_each_models_shots(capsys):
    # Repeater crossbow, Burst(2), 4 models: 8 dice; need 4 (1/2), all eight hit 1/2^8.
    # Every model fires it here, the witch-lord too: the reading elite-too of ruling
    # fire.elite-model-weapon (its default is tested in test_burst_elite_cli.py).
    data = shot_json(
        capsys,
        "entrenched",
        "dark-elf-warriors@C3",
        "ork-grunts@C5",
        "--shooter-facing",
        "3",
        "--ruling",
        "fire.elite-model-weapon=elite-too",
    )
    assert data["dice"] == 8
    assert data["action"][0]["hits_exact"][8] == "1/256"
    assert sum(data["hits"]) == pytest.approx(1)


def test_an_area_weapon_rolls_one_die_per_model_and_evasion_negates(capsys):
    # Gas lobba, Area(4+), at hoplites standing still in rough ground (current edition):
    # one die per model, 4; rough grants Evasion(6+) to a medium unit, and Take Cover
    # [stand-still,-1] improves it by 1: each success is negated on 5+.
    # A die's hit stands with 1/2 * (1 - 2/6) = 1/3: 4/3 hits expected.
    data = shot_json(
        capsys,
        "entrenched",
        "battle-wagon@D3",
        "hoplite-phalanx@C5",
        "--weapon",
        "Gas lobba",
        "--shooter-facing",
        "3",
    )
    assert data["to_hit"] is None
    area = data["area"]
    assert (area["dice"], area["need"], area["evasion_need"]) == (4, 4, 5)
    assert area["expected_hits"] == pytest.approx(4 / 3)
    assert data["dice"] == 4 and data["misfire"] == 0
    # 0 hits: (2/3)^4 = 16/81
    assert data["action"][0]["hits_exact"][0] == "16/81"


def test_an_area_weapon_in_the_open_has_no_evasion(capsys):
    # Hoplites moving (slow) in the open: no evasion, Area(4+) on 4 dice: 2 hits expected.
    data = shot_json(
        capsys,
        "entrenched",
        "battle-wagon@D3",
        "hoplite-phalanx@D5",
        "--weapon",
        "Gas lobba",
        "--shooter-facing",
        "3",
        "--target-speed",
        "slow",
    )
    assert data["area"] == {**data["area"], "dice": 4, "need": 4, "evasion_need": None}
    assert data["area"]["expected_hits"] == 2
    assert data["hits"] == pytest.approx([1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16])


def test_the_text_shows_the_whole_action(capsys):
    status, out, _ = run(
        capsys, "shot", "entrenched", "battle-wagon@D2", "ork-grunts@D4", "--shooter-facing", "3"
    )
    assert status == 0
    assert "the whole action: 2 dice, misfire[2-]  33.3%" in out
    assert "0 hits   40.7%  (exactly 11/27)" in out
