"""The damage roll of a hit: armor, terms, table (clauses damage.*, assault.support)."""

from __future__ import annotations

from damage_units import REGULAR, target, weapon

from referee.board.ranges import RangeBand
from referee.dice.service import Dice
from referee.rules.damage.damage_roll import attack_of, damage_roll
from referee.units.model import Assault, Weapon


def typed(*values: int) -> Dice:
    dice = Dice(seed=0)
    dice.type_in(values)
    return dice


def labels(result) -> dict[str, int]:
    return {t.clause: t.value for t in result.regular.terms}


def test_damage_terms_in_order_with_their_clauses(current):
    # Back armor 2, AP 1 at long range: AP 0, 2 dice at 5+: 1, 2 -> penetrated.
    # Damage d6+1 rolls 4: 4 - 1 (long) + 2 (tokens) + 1 (weapon) + 3 (bonus) = 9.
    t = target(damage_tokens=2)
    result = damage_roll(
        current, weapon("d6+1", ap=1, bonus=3), t, "long", typed(1, 2, 4), sector="back"
    )
    assert result.armor is not None and result.armor.outcome == "penetrated"
    assert result.regular is not None and result.regular.natural == 4
    assert [t.clause for t in result.regular.terms] == [
        "damage.range",
        "damage.previous",
        "damage.weapon-modifier",
        "damage.penetration-bonus",
        "damage.resistance",
    ]
    assert result.regular.result == 9
    assert result.regular.row is REGULAR.rows[2]  # 8-10: one model dies


def test_partly_blocked_takes_3_off_and_no_penetration_bonus(current):
    # Front armor 4, AP 1: 3 dice 5, 1, 1 -> one success; damage d6 rolls 6: 6 - 3 = 3.
    result = damage_roll(
        current, weapon("d6", ap=1, bonus=3), target(), "normal", typed(5, 1, 1, 6)
    )
    terms = labels(result)
    assert terms["damage.armor-outcome"] == -3 and "damage.penetration-bonus" not in terms
    assert result.regular.result == 3 and result.regular.row is None  # below 4: no damage


def test_blocked_hit_rolls_no_damage_dice(current):
    dice = typed(5, 6, 1, 6)
    result = damage_roll(current, weapon("d6", ap=1), target(), "normal", dice)
    assert result.blocked and result.regular is None and result.dice == ()
    assert dice.pending == (6,)


def test_point_blank_adds_one_to_damage(current):
    # Armor 4, AP 1 + 1 at point blank: 2 dice 1, 1; damage 3 + 1 = 4.
    result = damage_roll(current, weapon("d6", ap=1), target(), "point-blank", typed(1, 1, 3))
    assert labels(result)["damage.range"] == 1 and result.regular.result == 4


def test_resistance_of_the_matching_type(current):
    t = target(armor=None, resistances={"regular": 2, "fire": 5})
    result = damage_roll(current, weapon("d6"), t, "normal", typed(6))
    assert labels(result)["damage.resistance"] == -2 and result.regular.result == 4


def test_armor_down_lowers_the_armor(current):
    # Front armor 4 less 2 armor-down = 2, AP 1: one die.
    result = damage_roll(current, weapon("d6", ap=1), target(armor_down=2), "normal", typed(1, 5))
    assert result.armor is not None and result.armor.plan.armor == 2
    assert result.armor.rolls == (1,)


def test_assault_support_adds_one_each_and_no_range(current):
    assault = Assault(dice=None, hit=5, ap=-1, damage=weapon("d6-1").damage)  # type: ignore[arg-type]
    # Armor 4, AP -1: 5 dice, none succeeds; d6-1 rolls 5: 5 - 1 + 2 support = 6.
    result = damage_roll(current, assault, target(), None, typed(1, 1, 1, 1, 1, 5), support=2)
    terms = labels(result)
    assert terms["assault.support"] == 2 and "damage.range" not in terms
    assert result.regular.result == 6


def test_special_damage_rolls_on_the_table_of_its_name(current):
    t = target(armor=None, psychic=True, damage_tokens=3)
    w = weapon("d6", special=(("psychic", "d6"),))
    result = damage_roll(current, w, t, "normal", typed(1, 3))
    (psy,) = result.special
    # Ruling damage.special-modifiers (type-only): tokens do not count: 3 on psychic = shaken.
    assert psy.roll is not None and psy.roll.table == "psychic" and psy.roll.result == 3
    assert psy.roll.row is not None and psy.roll.row.text == "shaken"


def test_special_damage_target_without_the_table_is_immune(current):
    dice = typed(1, 6)
    result = damage_roll(
        current, weapon("d6", special=(("psychic", "d6"),)), target(armor=None), "normal", dice
    )
    (psy,) = result.special
    assert psy.immune and psy.roll is None
    assert dice.pending == (6,)  # no psychic die rolled


def test_special_only_weapon_needs_no_armor_roll(current):
    result = damage_roll(
        current,
        weapon(None, special=(("psychic", "d6"),)),
        target(psychic=True),
        "normal",
        typed(4),
    )
    assert result.armor is None and result.regular is None
    assert result.special[0].roll is not None and result.special[0].roll.natural == 4


def test_fire_damage_rolls_armor_and_reads_the_regular_table(current):
    # Fire damage: does not ignore armor, takes fire resistance, adds tokens, regular table.
    t = target(damage_tokens=1, resistances={"regular": 3, "fire": 1})
    result = damage_roll(
        current, weapon(None, ap=4, special=(("fire", "d6"),)), t, "normal", typed(5)
    )
    (fire,) = result.special
    assert result.armor is not None and result.armor.plan.dice == 0
    assert fire.roll is not None and fire.roll.table == "regular"
    assert fire.roll.result == 5 + 1 - 1  # tokens +1, fire resistance -1 (not regular -3)


def test_a_range_band_object_brings_its_distance(first_draft):
    band = RangeBand("normal", 6, 6)
    result = damage_roll(
        first_draft, weapon("d6", ap=2), target(armor="3"), band, typed(1, 1, 1, 6)
    )
    assert result.armor is not None and result.armor.plan.ap == 0  # 2 - 6 // 3


def test_assault_weapon_abilities_come_along():
    extra = Weapon(name="flaming axe", range=0, ap=0, damage=None, penetration_bonus=3)
    att = attack_of(Assault(dice=None, hit=5, ap=-1, damage=None, weapon=extra))  # type: ignore[arg-type]
    assert (att.name, att.ap, att.penetration_bonus) == ("flaming axe", -1, 3)


def test_explain_and_json_list_every_term(current):
    result = damage_roll(
        current, weapon("d6+1", ap=1), target(damage_tokens=1), "normal", typed(1, 1, 1, 5)
    )
    text = result.explain()
    assert "3 dice at 5+" in text and "previous damage +1" in text
    data = result.to_json()
    assert data["regular"]["result"] == 7  # 5 + 1 token + 1 weapon
    assert {"label", "value", "clause"} <= set(data["regular"]["terms"][0])
    assert data["armor"]["outcome"] == "penetrated"
