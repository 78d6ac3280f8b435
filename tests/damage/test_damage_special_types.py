"""A ranged weapon's special damage types (clause ``damage.special-types``): the current
edition's poison damage (draft 001: "Poison damage: Applies ONLY to biological units! Apply
damage to regular damage table, but apply poison resistances if any. Ignores armor. +1
future damage applies to poison damage as well"; draft 004: "Ignore armor and regular
damage resistances"), and the first draft's Fire and Poison, "for which details can be seen
under continuous damage" (ruling ``damage.first-draft-fire-poison``)."""

from __future__ import annotations

from fractions import Fraction

from msgspec.structs import replace

from referee.board.hexgrid import parse_label
from referee.dice.expression import parse_dice
from referee.dice.service import Dice
from referee.rules.damage.damage_roll import damage_requests, damage_roll
from referee.rules.fire.action_odds import binomial, condition_odds
from referee.rules.fire.weapon_conditions import conditions_of_hits
from referee.rules.state import UnitState
from referee.units.catalogue import find_unit
from referee.units.model import SpecialDamage, Weapon


def typed(*values: int) -> Dice:
    dice = Dice(seed=0)
    dice.type_in(values)
    return dice


def gun(*special: tuple[str, str], damage: str | None = None) -> Weapon:
    return Weapon(
        "gas gun",
        4,
        0,
        parse_dice(damage) if damage else None,
        special_damage=tuple(SpecialDamage(t, parse_dice(d)) for t, d in special),
    )


def unit(card: str, **kw) -> UnitState:
    return UnitState(card, find_unit(card), 2, parse_label("C4"), **kw)


def test_poison_damage_reads_the_regular_table_ignoring_armor_and_regular_resistance(current):
    # the squiggoth: biological, armor 2, regular resistance 1; table 6 hide torn, 9 enraged
    beast = unit("gargant-squiggoth", damage_tokens=1)
    result = damage_roll(current, gun(("poison", "d6")), beast, "normal", typed(4))
    assert result.armor is None  # nothing of the hit rolls against armor
    (poison,) = result.special
    assert poison.roll is not None and poison.roll.table == "regular"
    assert poison.roll.result == 4 + 1  # the token counts; the regular resistance does not
    assert poison.roll.row is None  # 5 is below the hide torn (6)


def test_poison_resistance_is_taken_off(current):
    card = replace(find_unit("hoplite-phalanx"), resistances={"poison": 2})
    hoplites = UnitState("h", card, 1, parse_label("C4"))
    result = damage_roll(current, gun(("poison", "d6")), hoplites, "normal", typed(6))
    assert result.special[0].roll.result == 6 - 2  # 4: wounded


def test_poison_damage_does_not_hurt_a_unit_that_is_not_biological(current):
    tank = unit("standard-tank")
    assert damage_requests(current, gun(("poison", "d6")), tank, "normal") == ()
    result = damage_roll(current, gun(("poison", "d6")), tank, "normal", typed())
    (poison,) = result.special
    assert poison.roll is None and poison.immune
    assert "not biological" in poison.explain()


def test_the_gas_lobba_crew_damage_still_hurts_a_vehicle_crew(current):
    # crew damage[d4] of the battle wagon's Gas lobba on the standard tank's crew table
    lobba = find_unit("battle-wagon").weapon("Gas lobba")
    requests = damage_requests(current, lobba, unit("standard-tank"), "normal")
    assert [r.purpose for r in requests][-1] == "crew damage"


def test_first_draft_fire_damage_sets_the_unit_on_fire_by_ruling(first_draft):
    hoplites = unit("hoplite-phalanx")
    flamer = gun(("fire", "d6"), damage="d4")
    # the hit rolls its d4 only; the fire is continuous damage, rolled at agony 3
    asked = damage_requests(first_draft, flamer, hoplites, "normal", distance=2)
    assert [r.purpose for r in asked] == ["damage"]
    (fire,) = conditions_of_hits(first_draft, flamer, hoplites, 2)
    assert (fire.kind, fire.count, fire.clause) == ("fire", 1, "damage.special-types")
    assert fire.rulings == ("damage.first-draft-fire-poison",)


def test_first_draft_poison_damage_places_a_poison_per_hit_by_ruling(first_draft):
    hoplites = unit("hoplite-phalanx")
    (poison,) = conditions_of_hits(first_draft, gun(("poison", "d8")), hoplites, 3)
    assert (poison.kind, poison.die, poison.count) == ("poison", 8, 3)
    hits = binomial(2, Fraction(1, 2))
    (odds,) = condition_odds(first_draft, gun(("poison", "d8")), hoplites, hits)
    assert odds.expected == 1 and odds.name == "Poison[8]"


def test_first_draft_fire_and_poison_rolled_at_once_by_the_other_reading(first_draft):
    at_once = first_draft.with_readings({"damage.first-draft-fire-poison": "at-once"})
    beast = unit("gargant-squiggoth", damage_tokens=1)
    assert conditions_of_hits(at_once, gun(("fire", "d6")), beast, 1) == ()
    # "Unit on Fire: ignore armor and roll one d6 on damage table. Add bonus for previous
    # damage": 5 + 1 = 6, hide torn
    result = damage_roll(at_once, gun(("fire", "d6")), beast, "normal", typed(5))
    (fire,) = result.special
    assert result.armor is None
    assert fire.roll is not None and (fire.roll.table, fire.roll.result) == ("regular", 6)


def test_an_armor_die_asked_for_says_its_success_is_the_target_s(current):
    # a die the referee types in: the success number is the target's armor success, which
    # stops or weakens the hit (clause damage.armor-outcome), not the shooter's
    lobba = find_unit("battle-wagon").weapon("Gas lobba")
    requests = damage_requests(current, lobba, unit("standard-tank"), "normal")
    armor = [r for r in requests if r.purpose == "armor"]
    assert armor and all(r.note.endswith("succeeds for the target") for r in armor)
    assert requests[len(armor)].note == "unless the armor stops the hit"
