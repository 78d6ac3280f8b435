"""Ability text (``name[p1,p2][p3]``) and the register of abilities (data/units/abilities.toml).

Clauses ``abilities.*`` and ``weapons.*`` of drafts 004 and 001 (first draft: 000/003).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.units.abilities import (
    AbilityError,
    CardContext,
    check_ability,
    display_text,
    parse_ability,
    register,
)
from referee.units.card_text import weapon_abilities
from referee.units.catalogue import all_units
from referee.units.model import Ability

TANK = CardContext(frozenset({"stand-still", "slow", "fast"}), frozenset({"forest", "ruins"}))


def test_take_cover_of_the_to_hit_table_reads_as_name_and_two_params():
    # Draft 004, to-hit table: "Take Cover[speed, -N]"
    assert parse_ability("Take Cover[slow,-1]") == Ability("take-cover", ("slow", "-1"))
    assert parse_ability("Take Cover[slow, -1]") == Ability("take-cover", ("slow", "-1"))


def test_terror_has_two_bracket_groups():
    # Draft 004: "Terror[range=n][dN]"
    assert parse_ability("Terror[range = 2][d6]") == Ability("terror", ("range=2", "d6"))


def test_parentheses_read_like_brackets_as_the_drafts_mix_them():
    # Draft 004 writes Burst(N) and Misfire[N-] side by side.
    assert parse_ability("Burst(3)") == parse_ability("burst[3]") == Ability("burst", ("3",))
    assert parse_ability("Area(5+)") == Ability("area", ("5+",))


def test_special_damage_type_becomes_part_of_the_name():
    # Draft 004: "[type] damage[dN]", e.g. Psychic Damage[d6]
    assert parse_ability("Psychic Damage[d6]") == Ability("psychic-damage", ("d6",))


def test_cunning_assault_parameter_is_read_as_its_n():
    # "Cunning Assault[1 per 2]": one light damage per 2 assault successes
    assert parse_ability("Cunning Assault[1 per 2]").number() == 2


@pytest.mark.parametrize(
    "text", ["take-cover[slow", "[x]", "a[b[c]]", "fear[]", "fear[6],", "good shot!", ""]
)
def test_malformed_ability_text_is_refused(text):
    with pytest.raises(AbilityError):
        parse_ability(text)


@pytest.mark.parametrize(
    "text",
    [
        "take-cover[slow,-1]",
        "terror[range=2][d6]",
        "poison[6][1 for 2]",
        "ork-assault",
        "camouflage[forest]",
        "psychic-damage[d6]",
    ],
)
def test_text_round_trip(text):
    ability = parse_ability(text)
    assert parse_ability(ability.text()) == ability
    assert parse_ability(display_text(ability)) == ability


_word = st.from_regex(r"[A-Za-z][A-Za-z0-9]{0,6}", fullmatch=True)
_param = st.from_regex(r" ?[A-Za-z0-9+-]{1,4}( ?= ?[0-9])?( per [0-9])? ?", fullmatch=True)
_group = st.lists(_param, min_size=1, max_size=3).map(",".join)


@given(
    st.lists(_word, min_size=1, max_size=3),
    st.lists(_group, max_size=3),
    st.sampled_from(["[]", "()"]),
)
def test_any_ability_text_round_trips(words, groups, brackets):
    # Text as a person writes it (any case, spaces, brackets or parentheses) parses to an
    # ability whose text() parses back to the same ability.
    opener, closer = brackets
    text = " ".join(words) + "".join(f"{opener}{g}{closer}" for g in groups)
    ability = parse_ability(text)
    assert parse_ability(ability.text()) == ability
    assert len(ability.params) == sum(len(g.split(",")) for g in groups)


def test_every_shipped_ability_round_trips_through_its_card_text():
    for unit in all_units():
        written = list(unit.abilities)
        for weapon in unit.weapons:
            written.extend(weapon_abilities(weapon))
        for ability in written:
            assert parse_ability(ability.text()) == ability
            assert parse_ability(display_text(ability, "weapon")) == ability


# --- the register ---------------------------------------------------------------------------

DRAFT_ABILITIES = [
    "good-shot",
    "excellent-shot",
    "superb-shot",
    "bad-shot",
    "steady",
    "camouflage",
    "take-cover",
    "elusive",
    "optimal-at-point-blank",
    "enhanced-accuracy",
    "evasion",
    "improve-evasion",
    "forward-position",
    "pre-assault-retreat",
    "stubborn",
    "terror",
    "fear",
    "cunning-assault",
    "reroll-assault",
    "ork-assault",
    "scout",
    "hidden",
    "spot",
    "load",
    "burst",
    "limited-ammo",
    "misfire",
    "area",
    "set-on-fire",
    "acid",
    "minor-acid",
    "poison",
    "[type]-damage",
    "[type]-resistance",
]


@pytest.mark.parametrize("name", DRAFT_ABILITIES)
def test_register_lists_the_drafts_abilities(name):
    spec = register().abilities[name]
    assert spec.clause and spec.text and spec.editions


def test_draft_001_abilities_belong_to_the_current_edition_only():
    # README: Reroll Assault N, Ork Assault and Elusive[speed,-N] belong to `current`.
    for name in ("reroll-assault", "ork-assault", "elusive"):
        assert register().abilities[name].editions == ("current",)


def test_superb_shot_is_not_in_the_first_draft():
    # First draft's to-hit table has Good, Excellent and Bad Shot only.
    assert "first-draft" not in register().abilities["superb-shot"].editions
    assert "first-draft" in register().abilities["excellent-shot"].editions


def test_draft_spellings_are_aliases():
    # Drafts write "Evation", "Stuborn", "Elusvie", "Enhanced Accurazy".
    for written, canonical in [
        ("evation", "evasion"),
        ("stuborn", "stubborn"),
        ("elusvie", "elusive"),
        ("enhanced-accurazy", "enhanced-accuracy"),
    ]:
        assert register().spec(written).name == canonical


def test_alias_is_stored_under_its_canonical_name():
    ability, _, problems = check_ability(parse_ability("Evation[6+]"), "unit", TANK)
    assert problems == []
    assert ability == Ability("evasion", ("6+",))


def _problems(text, where="unit", context=TANK):
    return check_ability(parse_ability(text), where, context)[2]


def test_unknown_ability_is_named():
    (p,) = _problems("flying-kick")
    assert "unknown ability 'flying-kick'" in p


def test_take_cover_speed_must_be_one_of_the_units_speeds():
    (p,) = _problems("take-cover[crawling,-1]")
    assert "'crawling'" in p and "unit's speeds" in p


@pytest.mark.parametrize(
    ("text", "where", "needle"),
    [
        ("take-cover[slow]", "unit", "takes 2"),
        ("take-cover[slow,1]", "unit", "-N"),
        ("improve-evasion[1]", "unit", "+N"),
        ("evasion[6]", "unit", "N+"),
        ("misfire[6-]", "weapon", "N-"),
        ("poison[5]", "weapon", "die size"),
        ("camouflage[lava]", "unit", "not a terrain"),
        ("terror[2][d6]", "unit", "range=N"),
        ("cunning-assault[2]", "unit", "1 per N"),
        ("psychic-damage[d7]", "weapon", "d7"),
        ("burst[3]", "unit", "not a unit ability"),
        ("good-shot", "weapon", "not a weapon ability"),
    ],
)
def test_wrong_parameters_or_place_are_refused(text, where, needle):
    (p,) = _problems(text, where)
    assert needle in p


def test_assault_poison_takes_a_die_and_a_per():
    # Draft 004: "Poison[M][1 for N], assault weapons"
    assert _problems("poison[6][1 for 2]", "assault") == []
    assert _problems("poison[6]", "weapon") == []
    assert "takes 2" in _problems("poison[6]", "assault")[0]


def test_scout_is_written_in_the_type_line():
    # First draft setup: "any unit with scout in unit type"
    (p,) = _problems("scout")
    assert "type-line word" in p


def test_any_named_damage_type_is_special_damage():
    assert _problems("light damage[d6]", "weapon") == []
    assert _problems("crew damage[d4]", "assault") == []


def test_register_file_problems_are_all_reported(tmp_path):
    from referee.errors import DataFileError
    from referee.units.abilities import load_register

    path = tmp_path / "abilities.toml"
    path.write_text(
        '[vocabulary]\nnations = ["ork"]\nspeeds = ["slow"]\nmovement_orders = ["F"]\n'
        'gunnery_orders = ["Fire"]\n\n'
        '[[ability]]\nname = "fear"\nform = "Fear[N]"\napplies_to = ["unit"]\nparams = []\n'
        'clause = "abilities.fear"\neditions = ["current"]\ntext = "x"\ncolour = "red"\n',
        encoding="utf-8",
    )
    with pytest.raises(DataFileError) as info:
        load_register(path)
    assert info.value.problems == [
        "ability fear.colour: unknown key",
        "ability fear.form: 'Fear[N]' has 1 parameter(s), params lists 0",
    ]
