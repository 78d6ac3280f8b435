"""The agony schedule and tables as data (data/rulesets/<id>/agony.toml), per edition."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from referee.errors import DataFileError
from referee.rules.agony.schedule import agony_rules, parse_agony
from referee.rules.hexes.markers import PlacementSpec
from referee.rules.hexes.rules import hex_effect_rules


def test_current_schedule_acid_terror_0_minor_acid_1_fire_2_poison_3_bleeding_4(current):
    # Draft 004, "Turn": Agony 0 (major acid, terror) ... Agony 4 (bleeding).
    assert agony_rules(current).schedule == (
        ("acid", "terror"),
        ("minor-acid",),
        ("fire",),
        ("poison",),
        ("bleeding",),
    )


def test_first_draft_schedule_acid_at_1_and_2_fire_and_poison_at_3_fire_tokens_at_4(
    first_draft,
):
    # Draft 000, "Continuous Damage": acid +1 at agony 1 and its table at agony 2, minor
    # acid at 1, fire and poison at 3, bleeding and the hex's fire token at 4.
    assert agony_rules(first_draft).schedule == (
        (),
        ("acid-wear", "minor-acid"),
        ("acid",),
        ("fire", "poison"),
        ("bleeding", "burn-out"),
    )


def test_fire_tokens_burn_out_in_the_aftermath_only_in_the_current_edition(
    current,
    first_draft,
):
    assert "burn-out" in agony_rules(current).aftermath.steps
    assert "burn-out" not in agony_rules(first_draft).aftermath.steps


def test_acid_five_is_read_as_four_by_default(current):
    # "at 5 : As 6 and unit is set on fire" -> ruling agony.acid-five, default "as 4":
    # row 4 (+1 future damage, the cloud, armor -1) plus set on fire, no roll again.
    row5 = agony_rules(current).acid.row(5)  # type: ignore[union-attr]
    assert (row5.damage_tokens, row5.armor_down, row5.on_fire, row5.roll_again) == (1, 1, 1, 0)
    assert row5.place == (PlacementSpec("poison-acid-cloud", (4, "minor"), 4),)
    assert "agony.acid-five" in row5.rulings


def test_acid_five_as_printed_rolls_twice_and_sets_on_fire(current):
    rules = current.with_readings({"agony.acid-five": "as-6"})
    row5 = agony_rules(rules).acid.row(5)  # type: ignore[union-attr]
    assert (row5.damage_tokens, row5.armor_down, row5.on_fire, row5.roll_again) == (0, 0, 1, 2)
    assert row5.place == ()


def test_current_acid_rows_build_on_each_other(current):
    acid = agony_rules(current).acid
    assert acid is not None
    assert acid.row(1).downgrades == 1
    assert acid.row(2).damage_tokens == 1 and acid.row(2).place == ()
    # 3: as 2, and a poison & acid cloud [4, minor](4+)
    assert acid.row(3).damage_tokens == 1 and len(acid.row(3).place) == 1
    # 4: as 3, and armor -1
    assert (acid.row(4).damage_tokens, acid.row(4).armor_down, len(acid.row(4).place)) == (1, 1, 1)
    assert acid.row(6).roll_again == 2 and acid.row(6).damage_tokens == 0


def test_first_draft_acid_rows(first_draft):
    acid = agony_rules(first_draft).acid
    assert acid is not None
    assert acid.row(2).splash == 1 and acid.row(2).splash_to == "others"
    assert acid.row(3).place == (PlacementSpec("poison-cloud", (4,), 4),)
    assert acid.row(4).armor_down == 1 and acid.row(4).damage_tokens == 0
    assert acid.row(5).on_fire == 1
    # "roll on this table twice, and gain +1 on future damage"
    assert (acid.row(6).roll_again, acid.row(6).damage_tokens) == (2, 1)


def test_fire_stop_rules_per_edition(current, first_draft):
    now = agony_rules(current).fire
    old = agony_rules(first_draft).fire
    assert now is not None and old is not None
    # current: a natural 1 stops, with no damage
    assert now.stop is not None and now.stop.stops(1, 0) and not now.stop.stops(2, 0)
    assert not now.stop.damage
    # first draft: natural d6 minus fire resistance 2 or lower; 4 - 2 = 2 stops, 4 - 1 doesn't
    assert old.stop is not None and old.stop.stops(4, 2) and not old.stop.stops(4, 1)
    assert old.stop.damage


def test_poison_downgrade_chain_12_10_8_6_4_none(current):
    poison = agony_rules(current).poison
    assert poison is not None
    assert [poison.downgrade(d) for d in (12, 10, 8, 6, 4)] == [10, 8, 6, 4, None]


def test_damage_types_name_the_one_resistance_that_applies(current, first_draft):
    types = agony_rules(current).damage_types
    assert types["fire"].resistance == "fire"
    assert types["poison"].resistance == "poison"
    assert types["psychic"].table == "psychic"
    assert types["fire"].armor is True  # "Fire damage: Does not ignore armor" (004)
    assert types["poison"].armor is False
    assert agony_rules(first_draft).damage_types["fire"].armor is False  # "Ignore armor"


def test_fire_resistance_ruling_switches_to_draft_001s_poison(current):
    # Draft 001 prints "apply poison resistances" for fire damage: ruling agony.fire-resistance
    rules = current.with_readings({"agony.fire-resistance": "poison"})
    assert agony_rules(rules).damage_types["fire"].resistance == "poison"
    assert agony_rules(rules).damage_types["fire"].resistance_ruling == "agony.fire-resistance"


def test_shaken_tokens_per_edition(current, first_draft):
    assert (agony_rules(current).shaken.first, agony_rules(current).shaken.again) == (2, 1)
    assert agony_rules(first_draft).shaken.first == 2
    none = first_draft.with_readings({"conditions.shaken-again": "none"})
    assert agony_rules(none).shaken.again == 0


def _parse(folder: Path, text: str, rules):
    raw = tomllib.loads(text)
    return parse_agony(folder / "agony.toml", raw, dict(rules.readings), hex_effect_rules(rules))


def _shipped(rules) -> str:
    return (rules.folder / "agony.toml").read_text(encoding="utf-8")


def test_unknown_key_and_unknown_effect_are_refused_naming_them(current):
    text = _shipped(current).replace('effects = ["bleeding"]', 'effects = ["bleeding", "plague"]')
    text = text.replace("[minor-acid]\n", "[minor-acid]\ncolour = 'green'\n")
    with pytest.raises(DataFileError) as err:
        _parse(current.folder, text, current)
    problems = "\n".join(err.value.problems)
    assert "schedule[4].effects: 'plague' is not one of" in problems
    assert "minor-acid.colour: unknown key" in problems


def test_a_missing_acid_row_is_refused(current):
    text = _shipped(current).replace("[[acid.row]]\nroll = 6\nroll_again = 2", "")
    with pytest.raises(DataFileError, match=r"acid.row: needs one row for each roll 1 to 6"):
        _parse(current.folder, text, current)


def test_a_cloud_the_hex_effects_do_not_know_is_refused(current):
    text = _shipped(current).replace('strength = [4, "minor"]', 'strength = [5, "minor"]')
    with pytest.raises(DataFileError, match=r"acid.row\[roll=3\].place: poison-cloud \[5\]"):
        _parse(current.folder, text, current)


def test_burn_out_must_happen_exactly_once(current):
    text = _shipped(current).replace('effects = ["bleeding"]', 'effects = ["bleeding", "burn-out"]')
    with pytest.raises(DataFileError, match="burn-out must be in exactly one"):
        _parse(current.folder, text, current)


def test_a_table_never_scheduled_is_refused(current):
    text = _shipped(current).replace('effects = ["minor-acid"]', "effects = []")
    with pytest.raises(DataFileError, match="minor-acid: this effect is never carried out"):
        _parse(current.folder, text, current)
