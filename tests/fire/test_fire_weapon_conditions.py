"""What a ranged weapon's hits place: draft 004, "Set on Fire, ranged weapons" (a target hit
at least once is set on fire; already on fire: another fire token), "(minor) Acid, ranged
weapons" (one per hit), "Poison[N], ranged weapons" (one Poison[N] per hit; "Only
biological units affected"), with the rulings on what the drafts leave open."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from msgspec.structs import replace

from referee.board.hexgrid import parse_label
from referee.errors import DataFileError
from referee.rules.fire.action_odds import binomial, condition_odds, with_misfire
from referee.rules.fire.to_hit_table import parse_to_hit_table
from referee.rules.fire.weapon_conditions import (
    conditions_of_hits,
    place_conditions,
    rulings_of,
)
from referee.rules.state import UnitState
from referee.units.catalogue import find_unit


def unit(uid: str, card: str, **kw) -> UnitState:
    return UnitState(uid, find_unit(card), 1, parse_label("C4"), **kw)


def weapon(card: str, name: str):
    return find_unit(card).weapon(name)


GAS = weapon("battle-wagon", "Gas lobba")  # Area(4+), Poison[8], crew damage[d4]
BURNA = weapon("ork-grunts", "Burna")  # Set on Fire
FIRE_BREATH = weapon("talos", "Fire breath")  # Area(4+), Set on Fire
ACID_CANNON = weapon("shadow-tank", "Acid cannon")  # Acid
ACID_SPRAY = weapon("dread-sorceress", "Acid spray")  # Minor Acid, Area(5+)
DARTS = weapon("shades", "Poisoned darts")  # Poison[4]


def test_a_unit_hit_once_by_a_set_on_fire_weapon_is_set_on_fire(current) -> None:
    hoplites = unit("hoplites", "hoplite-phalanx")
    (placed,) = conditions_of_hits(current, BURNA, hoplites, 1)
    assert (placed.kind, placed.count, placed.clause) == ("fire", 1, "weapons.set-on-fire")
    assert place_conditions(hoplites, (placed,)).fire == 1
    assert placed.text() == "Burna sets hoplites on fire (hit once): one fire token"


def test_a_unit_already_on_fire_gets_another_fire_token(current) -> None:
    burning = unit("hoplites", "hoplite-phalanx", fire=1)
    (placed,) = conditions_of_hits(current, BURNA, burning, 1)
    assert place_conditions(burning, (placed,)).fire == 2
    assert "another fire token (already on fire)" in placed.text(already_on_fire=True)


def test_set_on_fire_places_one_token_however_many_hits(current) -> None:
    # "hit at least once ... is set on fire": three area hits, one fire token
    (placed,) = conditions_of_hits(current, FIRE_BREATH, unit("g", "ork-grunts"), 3)
    assert (placed.count, placed.hits, placed.per) == (1, 3, "action")


def test_acid_places_one_acid_per_hit(current) -> None:
    tank = unit("tank", "standard-tank")
    (placed,) = conditions_of_hits(current, ACID_CANNON, tank, 2)
    assert (placed.kind, placed.count, placed.clause) == ("acid", 2, "weapons.acid")
    assert place_conditions(tank, (placed,)).acid == 2


def test_minor_acid_places_one_minor_acid_per_hit(current) -> None:
    grunts = unit("grunts", "ork-grunts")
    (placed,) = conditions_of_hits(current, ACID_SPRAY, grunts, 3)
    assert (placed.kind, placed.count) == ("minor-acid", 3)
    after = place_conditions(grunts, (placed,))
    assert (after.minor_acid, after.acid) == (3, 0)


def test_poison_places_one_poison_n_per_hit_on_a_biological_unit(current) -> None:
    hoplites = unit("hoplites", "hoplite-phalanx", poison=(6,))
    (placed,) = conditions_of_hits(current, GAS, hoplites, 3)
    assert (placed.kind, placed.die, placed.count) == ("poison", 8, 3)
    assert place_conditions(hoplites, (placed,)).poison == (6, 8, 8, 8)  # cumulative
    assert placed.text() == "Gas lobba: 3 x Poison[8] on hoplites (one per hit)"


def test_a_unit_that_is_not_biological_ignores_poison_by_ruling(current) -> None:
    tank = unit("tank", "standard-tank")  # vehicle, tank, track: no BIO
    (placed,) = conditions_of_hits(current, DARTS, tank, 2)
    assert placed.count == 0 and "ignores poison" in placed.ignored
    assert place_conditions(tank, (placed,)).poison == ()
    assert "fire.poison-unaffected" in rulings_of(current, (placed,))
    placing = current.with_readings({"fire.poison-unaffected": "place"})
    (placed,) = conditions_of_hits(placing, DARTS, tank, 2)
    assert place_conditions(tank, (placed,)).poison == (4, 4)


def test_a_biological_crew_is_not_a_biological_unit(current) -> None:
    # the battle wagon's type line: vehicle, wheel, biological-crew (its crew table takes
    # the gas's crew damage; poison is for units with BIO in the type)
    (placed,) = conditions_of_hits(current, GAS, unit("wagon", "battle-wagon"), 1)
    assert placed.count == 0


def test_no_hit_places_nothing(current) -> None:
    assert conditions_of_hits(current, GAS, unit("h", "hoplite-phalanx"), 0) == ()
    assert (
        conditions_of_hits(
            current, weapon("standard-tank", "Main gun"), unit("h", "hoplite-phalanx"), 2
        )
        == ()
    )


def test_an_area_hit_negated_by_evasion_places_nothing_by_ruling(current) -> None:
    grunts = unit("grunts", "ork-grunts")
    # four successes, three negated by evasion: one hit stands
    (placed,) = conditions_of_hits(current, GAS, grunts, 1, successes=4)
    assert (placed.count, placed.rulings) == (1, ("fire.condition-evaded",))
    assert conditions_of_hits(current, GAS, grunts, 0, successes=2) == ()
    every = current.with_readings({"fire.condition-evaded": "successes"})
    (placed,) = conditions_of_hits(every, GAS, grunts, 0, successes=2)
    assert placed.count == 2


def test_a_destroyed_unit_takes_no_token(current) -> None:
    gone = unit("h", "hoplite-phalanx", alive=0)
    assert conditions_of_hits(current, GAS, gone, 2) == ()


def test_the_first_draft_places_them_as_the_current_edition_by_ruling(first_draft) -> None:
    hoplites = unit("hoplites", "hoplite-phalanx")
    (placed,) = conditions_of_hits(first_draft, GAS, hoplites, 2)
    assert placed.count == 2
    assert rulings_of(first_draft, (placed,))[0] == "weapons.first-draft-conditions"
    none = first_draft.with_readings({"weapons.first-draft-conditions": "none"})
    assert conditions_of_hits(none, GAS, hoplites, 2) == ()


def test_the_tokens_go_on_at_once_by_ruling(current) -> None:
    (placed,) = conditions_of_hits(current, GAS, unit("h", "hoplite-phalanx"), 1)
    assert "fire.condition-timing" in rulings_of(current, (placed,))


# --- the odds ---------------------------------------------------------------------------


def test_the_chance_of_being_set_on_fire_is_the_chance_of_at_least_one_hit(current) -> None:
    # Fire breath, Area(4+), at four hoplites: P(no hit) = (1/2)^4 = 1/16
    hits = binomial(4, Fraction(1, 2))
    (fire,) = condition_odds(current, FIRE_BREATH, unit("h", "hoplite-phalanx"), hits)
    assert fire.at_least_one == Fraction(15, 16)
    assert fire.tokens == (Fraction(1, 16), Fraction(15, 16))


def test_poison_tokens_follow_the_number_of_hits(current) -> None:
    # Gas lobba at four hoplites: k tokens with the binomial chance of k hits, 2 expected
    hits = binomial(4, Fraction(1, 2))
    (poison,) = condition_odds(current, GAS, unit("h", "hoplite-phalanx"), hits)
    assert poison.tokens == (
        Fraction(1, 16),
        Fraction(4, 16),
        Fraction(6, 16),
        Fraction(4, 16),
        Fraction(1, 16),
    )
    assert poison.expected == 2 and poison.name == "Poison[8]"


def test_a_misfire_places_nothing(current) -> None:
    # Acid cannon with Misfire[2-] needing 3+ (2/3): acid only without a misfire (4/6)
    # and with a hit: 4/6 x 2/3 = 4/9
    jammed = replace(ACID_CANNON, misfire=2)
    hits = with_misfire(binomial(1, Fraction(2, 3)), Fraction(2, 6))
    (acid,) = condition_odds(current, jammed, unit("t", "standard-tank"), hits)
    assert acid.at_least_one == Fraction(4, 9)


def test_the_odds_of_an_ignored_poison_are_none(current) -> None:
    hits = binomial(2, Fraction(1, 2))
    (poison,) = condition_odds(current, DARTS, unit("t", "standard-tank"), hits)
    assert poison.at_least_one == 0 and poison.ignored


# --- the edition's table ----------------------------------------------------------------


def test_a_bad_conditions_table_is_refused_naming_the_key(current) -> None:
    import tomllib

    path = Path(current.folder) / "to_hit.toml"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    doc["conditions"] = {**doc["conditions"], "timing": "later", "places": "yes"}
    del doc["conditions"]["evaded"]
    with pytest.raises(DataFileError) as err:
        parse_to_hit_table(path, doc, lambda rid: "at-once")
    text = str(err.value)
    assert "conditions.timing" in text and "conditions.places" in text
    assert "conditions.evaded: missing" in text
