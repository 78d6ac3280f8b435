"""Acid and minor acid (clauses agony.acid, agony.acid-wear, agony.minor-acid), both editions.

Dice are typed in; each expected answer is worked out from the acid table of the draft.
"""

from __future__ import annotations

from agony_units import infantry, typed, vehicle

from referee.board.hexgrid import Hex
from referee.rules.agony.step import run_agony_step
from referee.rules.hexes.markers import HexMarker, Placement

C = Hex(2, 1)


def acid_step(rules, *units, dice):
    """Current edition: acid is rolled at agony 0."""
    return run_agony_step(rules, 0, list(units), dice)


# --- current edition (draft 004), agony 0 ---------------------------------------------------


def test_acid_1_downgrades_to_minor_acid(current):
    res = acid_step(current, vehicle(acid=1), dice=typed(1))
    v = res.unit("V1")
    assert (v.acid, v.minor_acid, v.damage_tokens) == (0, 1, 0)


def test_acid_2_gives_one_future_damage(current):
    res = acid_step(current, vehicle(acid=1), dice=typed(2))
    v = res.unit("V1")
    assert (v.acid, v.minor_acid, v.damage_tokens, v.armor_down) == (1, 0, 1, 0)
    assert res.placements == ()


def test_acid_3_as_2_and_a_poison_and_acid_cloud_at_the_hex(current):
    res = acid_step(current, vehicle(acid=1, hex=C), dice=typed(3))
    assert res.unit("V1").damage_tokens == 1
    assert res.placements == (Placement("poison-acid-cloud", C, (4, "minor"), 4),)
    # placed for the first time: two markers of each kind (clause hex.markers)
    assert res.hexes.get(C, "poison-cloud") == HexMarker("poison-cloud", 2, 4, 4)
    assert res.hexes.get(C, "acid-cloud") == HexMarker("acid-cloud", 2, "minor", 4)


def test_acid_4_as_3_and_armor_down_by_one(current):
    res = acid_step(current, vehicle(acid=1, hex=C), dice=typed(4))
    v = res.unit("V1")
    assert (v.damage_tokens, v.armor_down) == (1, 1)
    assert len(res.placements) == 1


def test_acid_4_reduces_no_armor_on_a_unit_without_armor(current):
    res = acid_step(current, infantry(acid=1), dice=typed(4))
    assert (res.unit("I1").damage_tokens, res.unit("I1").armor_down) == (1, 0)


def test_acid_5_is_as_4_and_sets_the_unit_on_fire(current):
    # ruling agony.acid-five, default "as 4": +1, cloud, armor -1, one fire token
    res = acid_step(current, vehicle(acid=1), dice=typed(5))
    v = res.unit("V1")
    assert (v.damage_tokens, v.armor_down, v.fire, v.acid) == (1, 1, 1, 1)
    assert len(res.placements) == 1
    assert "agony.acid-five" in res.rulings


def test_acid_5_read_as_printed_rolls_twice_and_sets_on_fire(current):
    # "As 6": two more rolls, 2 and 2 -> +1 and +1; and set on fire; no cloud, no armor
    rules = current.with_readings({"agony.acid-five": "as-6"})
    res = acid_step(rules, vehicle(acid=1), dice=typed(5, 2, 2))
    v = res.unit("V1")
    assert (v.damage_tokens, v.armor_down, v.fire) == (2, 0, 1)
    assert res.placements == ()


def test_acid_6_rolls_twice(current):
    # 6 -> roll twice: 2 (+1) and 3 (+1 and a cloud) = +2 future damage, one cloud
    res = acid_step(current, vehicle(acid=1), dice=typed(6, 2, 3))
    assert res.unit("V1").damage_tokens == 2
    assert len(res.placements) == 1
    assert [r.value for r in res.dice] == [6, 2, 3]


def test_acid_6_then_6_rolls_twice_again(current):
    # 6 (two more) -> 6 (two more) -> 2, 2, then the first 6's second roll: 1.
    # +1 +1 = +2 future damage and one downgrade: acid becomes minor acid.
    res = acid_step(current, vehicle(acid=1), dice=typed(6, 6, 2, 2, 1))
    v = res.unit("V1")
    assert (v.damage_tokens, v.acid, v.minor_acid) == (2, 0, 1)


def test_two_downgrades_in_one_round_remove_the_acid(current):
    # 6 -> 1 and 1: two downgrades -> acid removed, no minor acid
    res = acid_step(current, vehicle(acid=1), dice=typed(6, 1, 1))
    v = res.unit("V1")
    assert (v.acid, v.minor_acid) == (0, 0)
    assert "agony.acid-two-downgrades" in res.rulings


def test_two_acid_instances_each_downgrading_count_per_instance_by_default(current):
    # ruling agony.acid-two-downgrades, "per-instance": 1 and 1 on two instances -> each
    # has one downgrade -> two minor acids
    res = acid_step(current, vehicle(acid=2), dice=typed(1, 1))
    v = res.unit("V1")
    assert (v.acid, v.minor_acid) == (0, 2)


def test_two_acid_instances_each_downgrading_per_unit_remove_both(current):
    rules = current.with_readings({"agony.acid-two-downgrades": "per-unit"})
    res = acid_step(rules, vehicle(acid=2), dice=typed(1, 1))
    v = res.unit("V1")
    assert (v.acid, v.minor_acid) == (0, 0)


def test_one_downgrade_over_the_unit_per_unit_still_downgrades(current):
    # per-unit: 1 and 4 -> one downgrade in total: that instance becomes minor acid; the
    # other gives +1, a cloud and armor -1
    rules = current.with_readings({"agony.acid-two-downgrades": "per-unit"})
    res = acid_step(rules, vehicle(acid=2), dice=typed(1, 4))
    v = res.unit("V1")
    assert (v.acid, v.minor_acid, v.damage_tokens, v.armor_down) == (1, 1, 1, 1)


def test_a_second_cloud_on_the_same_hex_adds_one_marker(current):
    # 6 -> 3 and 3: two clouds on one hex: 2 markers, then 1 more (clause hex.markers)
    res = acid_step(current, vehicle(acid=1, hex=C), dice=typed(6, 3, 3))
    assert res.hexes.count(C, "poison-cloud") == 3
    assert res.hexes.count(C, "acid-cloud") == 3


# --- minor acid, agony 1 --------------------------------------------------------------------


def test_minor_acid_3_plus_gives_future_damage_2_minus_removes_it(current):
    # two minor acids: 2 -> removed; 3 -> +1 future damage
    res = run_agony_step(current, 1, [vehicle(minor_acid=2)], typed(2, 3))
    v = res.unit("V1")
    assert (v.minor_acid, v.damage_tokens) == (1, 1)


def test_minor_acid_1_removes_and_6_gives_future_damage(current):
    res = run_agony_step(current, 1, [vehicle(minor_acid=2)], typed(1, 6))
    assert (res.unit("V1").minor_acid, res.unit("V1").damage_tokens) == (1, 1)


def test_acid_is_not_rolled_at_agony_1_in_the_current_edition(current):
    res = run_agony_step(current, 1, [vehicle(acid=1)], typed())
    assert res.unit("V1").acid == 1 and res.dice == ()


# --- first draft: +1 at agony 1, its own table at agony 2 -----------------------------------


def test_first_draft_acid_gives_one_future_damage_per_acid_at_agony_1(first_draft):
    res = run_agony_step(first_draft, 1, [vehicle(acid=2)], typed())
    assert res.unit("V1").damage_tokens == 2  # 2 acid x +1


def test_first_draft_acid_2_gives_minor_acid_to_the_other_units_in_the_hex(first_draft):
    # ruling agony.acid-splash, default "others": the rolling unit gets none
    a = vehicle("A", acid=1, hex=C)
    b = infantry("B", hex=C)
    far = infantry("F", hex=Hex(5, 5))
    res = run_agony_step(first_draft, 2, [a, b, far], typed(2))
    assert res.unit("A").minor_acid == 0
    assert res.unit("B").minor_acid == 1
    assert res.unit("F").minor_acid == 0


def test_first_draft_acid_2_with_the_acid_unit_included(first_draft):
    rules = first_draft.with_readings({"agony.acid-splash": "all"})
    res = run_agony_step(rules, 2, [vehicle("A", acid=1, hex=C), infantry("B", hex=C)], typed(2))
    assert (res.unit("A").minor_acid, res.unit("B").minor_acid) == (1, 1)


def test_first_draft_acid_3_places_a_poison_cloud_4_at_4_plus(first_draft):
    res = run_agony_step(first_draft, 2, [vehicle(acid=1, hex=C)], typed(3))
    assert res.hexes.get(C, "poison-cloud") == HexMarker("poison-cloud", 2, 4, 4)
    assert res.hexes.get(C, "acid-cloud") is None
    assert res.unit("V1").damage_tokens == 0


def test_first_draft_acid_6_rolls_twice_and_gives_one_future_damage(first_draft):
    # 6: +1 and two more: 4 (armor -1) and 5 (set on fire)
    res = run_agony_step(first_draft, 2, [vehicle(acid=1)], typed(6, 4, 5))
    v = res.unit("V1")
    assert (v.damage_tokens, v.armor_down, v.fire, v.acid) == (1, 1, 1, 1)


def test_first_draft_acid_is_not_rolled_at_agony_0(first_draft):
    res = run_agony_step(first_draft, 0, [vehicle(acid=1)], typed())
    assert res.unit("V1") == vehicle(acid=1) and res.events == ()


def test_an_agony_step_explains_itself_with_its_dice_and_clauses(current):
    res = acid_step(current, vehicle(acid=1, hex=C), dice=typed(3))
    assert res.changed == {"V1"}
    assert res.clauses == ("agony.acid", "hex.poison-acid-cloud")
    text = res.explain()
    assert text.startswith("Agony 0 (current): acid, terror")
    assert "rolled 3: +1 future damage, place poison-acid-cloud[4, minor](4+)" in text
    data = res.to_json()
    assert data["events"][0]["dice"] == [  # type: ignore[index]
        {"sides": 6, "value": 3, "purpose": "acid on V1", "typed": True}
    ]
    assert data["hexes"] == {
        str(C): [
            {"kind": "poison-cloud", "count": 2, "strength": 4, "level": 4},
            {"kind": "acid-cloud", "count": 2, "strength": "minor", "level": 4},
        ]
    }
