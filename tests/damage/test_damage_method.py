"""damage.toml of each ruleset: the damage method as the drafts give it (clauses damage.*)."""

from __future__ import annotations

import pytest

from referee.errors import DataFileError
from referee.rules.damage.method import damage_method, parse_damage_method
from referee.ruleset.readings import ruling_resolver


def test_current_range_modifiers_to_ap_and_damage(current):
    # Draft 004, Damage: long -1/-1, normal +0/+0, point blank +1/+1.
    m = damage_method(current)
    assert (m.range["long"].ap, m.range["long"].damage) == (-1, -1)
    assert (m.range["normal"].ap, m.range["normal"].damage) == (0, 0)
    assert (m.range["point-blank"].ap, m.range["point-blank"].damage) == (1, 1)
    assert m.decay is None


def test_current_armor_dice_succeed_on_5_and_two_successes_block(current):
    rule = damage_method(current).armor
    assert rule.dice_count(4, 1) == 3  # Armor - AP
    assert rule.dice_count(2, 3) == 0  # minimum 0
    assert rule.lowest_success(0) == 5 and rule.lowest_success(2) == 5
    assert (rule.block_at, rule.per_success) == (2, -3)


def test_first_draft_ap_decays_by_one_per_three_hexes(first_draft):
    decay = damage_method(first_draft).decay
    assert decay is not None
    assert decay.decayed(2, 2) == 2  # 2 // 3 = 0 steps
    assert decay.decayed(2, 3) == 1  # one step of 3 hexes
    assert decay.decayed(2, 7) == 0  # two steps: 2 - 2 = 0
    assert decay.decayed(1, 9) == 0  # "to a minimum of 0"
    assert decay.decayed(-1, 9) == -1  # only positive AP decays


def test_first_draft_target_number_by_negative_ap(first_draft):
    rule = damage_method(first_draft).armor
    # N = 5 for AP >= 0, 4 for -1, 3 for -2, 2 for -3 (N+ by ruling damage.above-n).
    assert [rule.lowest_success(ap) for ap in (2, 0, -1, -2, -3)] == [5, 5, 4, 3, 2]
    assert rule.dice_count(3, -2) == 3  # AP < 0: Armor dice
    assert rule.block_at == 0  # each success only takes 3 off


def test_readings_change_the_method(current, first_draft):
    six = current.with_readings({"damage.armor-success": "six"})
    assert damage_method(six).armor.lowest_success(0) == 6
    strict = first_draft.with_readings({"damage.above-n": "above-n"})
    assert damage_method(strict).armor.lowest_success(-3) == 3
    between = first_draft.with_readings({"damage.decay-count": "between"})
    decay = damage_method(between).decay
    assert decay is not None and decay.decayed(2, 3) == 2 and decay.decayed(2, 4) == 1


def test_the_method_names_the_rulings_that_decided_it(current):
    m = damage_method(current)
    assert m.ruling("armor.success_rule") == "damage.armor-success"
    assert m.ruling("armor.block_at") is None


def test_a_bad_damage_file_lists_every_problem(tmp_path, current):
    doc = {
        "range": {"long": {"ap": "x", "damage": -1}, "far": {}},
        "armor": {
            "die": 6,
            "dice": "many",
            "negative_ap_dice": "armor",
            "success": {"zero": 5},
            "success_rule": "@no.such-ruling",
            "beyond_table": "cap",
            "per_success": -3,
            "block_at": 2,
            "zero_armor": "roll",
            "colour": "red",
        },
        "special": {"armor": False, "range": False, "previous": 1},
    }
    with pytest.raises(DataFileError) as err:
        parse_damage_method(tmp_path / "damage.toml", doc, ruling_resolver(current.readings))
    problems = "\n".join(err.value.problems)
    for expected in (
        "range.far: unknown key",
        "range.long.ap: expected a whole number",
        "range.point-blank: missing",
        "armor.dice: expected one of",
        "armor.success.zero",
        "armor.success_rule: refers to unknown ruling",
        "armor.colour: unknown key",
        "special.previous: expected true or false",
    ):
        assert expected in problems
