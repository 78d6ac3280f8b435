"""Hex effects: placing markers, merging clouds, and units encountering them
(clauses hex.markers, hex.not-cumulative, hex.trigger, hex.poison-cloud, hex.acid-cloud,
hex.on-fire)."""

from __future__ import annotations

import tomllib

import pytest
from agony_units import infantry, typed, unit_type, vehicle

from referee.board.hexgrid import Hex
from referee.errors import DataFileError
from referee.rules.hexes.markers import HexEffects, HexMarker, Placement
from referee.rules.hexes.placing import PlacementError, place, place_all
from referee.rules.hexes.rules import hex_effect_rules, parse_hex_effects
from referee.rules.hexes.trigger import TriggerLog, trigger_all, trigger_unit
from referee.rules.state import UnitState
from referee.units.model import Ability

H = Hex(3, 2)


def board(rules, *placements: Placement) -> HexEffects:
    return place_all(hex_effect_rules(rules), HexEffects(), placements)[0]


# --- placing: two markers the first time, one after ---------------------------------------


def test_smoke_placed_the_first_time_gives_two_markers_then_one(current):
    hx = hex_effect_rules(current)
    once = place(hx, HexEffects(), Placement("smoke", H)).hexes
    assert once.count(H, "smoke") == 2
    assert place(hx, once, Placement("smoke", H)).hexes.count(H, "smoke") == 3


def test_a_hex_set_on_fire_gets_fire_and_smoke(current):
    b = board(current, Placement("hex-fire", H))
    assert (b.count(H, "fire"), b.count(H, "smoke")) == (2, 2)


def test_a_poison_and_acid_cloud_is_a_poison_cloud_and_an_acid_cloud(current):
    b = board(current, Placement("poison-acid-cloud", H, (4, "minor"), 4))
    assert b.get(H, "poison-cloud") == HexMarker("poison-cloud", 2, 4, 4)
    assert b.get(H, "acid-cloud") == HexMarker("acid-cloud", 2, "minor", 4)


def test_first_draft_cloud_merge_example(first_draft):
    # Draft 000: "Poison Cloud[8](4+) + Poison Cloud[4](5+) = Poison Cloud[8](3+)"
    # ruling hex.cloud-merge, "density-is-target": [N] = max(8, 4) = 8;
    # (n+) = the better of 4+ and 5+ (4+) one step better = 3+; markers 2 + 1 = 3.
    b = board(
        first_draft, Placement("poison-cloud", H, (8,), 4), Placement("poison-cloud", H, (4,), 5)
    )
    assert b.get(H, "poison-cloud") == HexMarker("poison-cloud", 3, 8, 3)


def test_first_draft_cloud_merge_with_the_other_reading_of_density(first_draft):
    # "density-is-die": the larger die one step up (8 -> 10), the higher (n+) number (5+)
    rules = first_draft.with_readings({"hex.cloud-merge": "density-is-die"})
    b = board(rules, Placement("poison-cloud", H, (8,), 4), Placement("poison-cloud", H, (4,), 5))
    assert b.get(H, "poison-cloud") == HexMarker("poison-cloud", 3, 10, 5)


def test_a_denser_cloud_stops_at_1_plus(first_draft):
    # (1+) and (2+): the better is 1+; one step better would be 0+: stays 1+
    b = board(
        first_draft, Placement("poison-cloud", H, (4,), 1), Placement("poison-cloud", H, (4,), 2)
    )
    assert b.get(H, "poison-cloud") == HexMarker("poison-cloud", 3, 4, 1)


def test_current_edition_keeps_the_strongest_cloud(current):
    # draft 001: "apply the strongest if overlapping": [4] and [8] -> [8], still 4+
    b = board(current, Placement("poison-cloud", H, (4,)), Placement("poison-cloud", H, (8,)))
    assert b.get(H, "poison-cloud") == HexMarker("poison-cloud", 3, 8, 4)
    b = board(
        current, Placement("acid-cloud", H, ("minor",)), Placement("acid-cloud", H, ("major",))
    )
    assert b.get(H, "acid-cloud") == HexMarker("acid-cloud", 3, "major", 4)


def test_a_cloud_of_a_die_the_edition_lacks_is_refused(current):
    with pytest.raises(PlacementError, match=r"poison-cloud \[5\] is not one of 4, 6, 8"):
        place(hex_effect_rules(current), HexEffects(), Placement("poison-cloud", H, (5,)))


def test_an_unknown_effect_is_refused_naming_it(current):
    with pytest.raises(PlacementError, match="no hex effect 'fog'"):
        place(hex_effect_rules(current), HexEffects(), Placement("fog", H))


def test_one_stack_per_kind_per_hex():
    with pytest.raises(ValueError, match="one stack per marker kind"):
        HexEffects({H: (HexMarker("smoke", 1), HexMarker("smoke", 2))})


# --- triggering ----------------------------------------------------------------------------


def test_poison_cloud_rolls_a_die_per_biological_model(current):
    # [8](4+) on 4 living models: 4, 1, 6, 3 -> two successes -> two Poison[8]
    b = board(current, Placement("poison-cloud", H, (8,)))
    res = trigger_unit(current, b, infantry(hex=H), typed(4, 1, 6, 3), TriggerLog())
    assert res.state.poison == (8, 8)


def test_poison_cloud_rolls_only_for_living_models(current):
    b = board(current, Placement("poison-cloud", H, (6,)))
    res = trigger_unit(current, b, infantry(hex=H, alive=2), typed(5, 5), TriggerLog())
    assert res.state.poison == (6, 6)


def test_poison_cloud_does_crew_damage_to_a_unit_with_a_crew_table(current):
    # not biological: no poison dice; crew table: one d6 at 4+: 5 -> d8 crew damage: 6 ->
    # crew table 6+: immobilised (a note on the unit)
    b = board(current, Placement("poison-cloud", H, (8,)))
    res = trigger_unit(current, b, vehicle(hex=H, crew=True), typed(5, 6), TriggerLog())
    assert res.state.poison == ()
    crew = [e for e in res.events if e.effect == "crew-damage"]
    assert crew and crew[0].table is not None and crew[0].table.row is not None
    assert crew[0].table.row.text == "immobilised"


def test_a_vehicle_without_crew_table_ignores_a_poison_cloud(current):
    b = board(current, Placement("poison-cloud", H, (8,)))
    res = trigger_unit(current, b, vehicle(hex=H), typed(), TriggerLog())
    assert res.state == vehicle(hex=H)


def test_acid_cloud_minor_gives_minor_acid_on_4_plus(current):
    b = board(current, Placement("acid-cloud", H, ("minor",)))
    assert trigger_unit(current, b, vehicle(hex=H), typed(4), TriggerLog()).state.minor_acid == 1
    assert trigger_unit(current, b, vehicle(hex=H), typed(3), TriggerLog()).state.minor_acid == 0


def test_acid_cloud_major_gives_acid(current):
    b = board(current, Placement("acid-cloud", H, ("major",)))
    s = trigger_unit(current, b, vehicle(hex=H), typed(6), TriggerLog()).state
    assert (s.acid, s.minor_acid) == (1, 0)


def test_a_burning_hex_sets_a_unit_on_fire_on_5_plus(current):
    b = board(current, Placement("hex-fire", H))
    assert trigger_unit(current, b, vehicle(hex=H), typed(5), TriggerLog()).state.fire == 1
    assert trigger_unit(current, b, vehicle(hex=H), typed(4), TriggerLog()).state.fire == 0


def test_smoke_alone_does_nothing_to_a_unit(current):
    b = board(current, Placement("smoke", H))
    res = trigger_unit(current, b, infantry(hex=H), typed(), TriggerLog())
    assert res.events == () and res.log == TriggerLog()


def test_an_effect_triggers_once_per_unit_per_hex_per_turn(current):
    b = board(current, Placement("acid-cloud", H, ("minor",)))
    first = trigger_unit(current, b, vehicle(hex=H), typed(4), TriggerLog())
    assert first.state.minor_acid == 1
    # a later trigger step of the same turn, the unit still in the hex: no die, no acid
    again = trigger_unit(current, b, first.state, typed(), first.log)
    assert again.state.minor_acid == 1
    assert again.events[0].clause == "hex.trigger"


def test_an_effect_triggers_again_when_the_unit_enters_the_hex_a_second_time(current):
    b = board(current, Placement("acid-cloud", H, ("minor",)))
    first = trigger_unit(current, b, vehicle(hex=H), typed(4), TriggerLog())
    again = trigger_unit(current, b, first.state, typed(6), first.log, entered=True)
    assert again.state.minor_acid == 2


def test_a_new_turn_starts_a_new_trigger_log(current):
    b = board(current, Placement("acid-cloud", H, ("minor",)))
    first = trigger_unit(current, b, vehicle(hex=H), typed(4), TriggerLog())
    next_turn = trigger_unit(current, b, first.state, typed(5), TriggerLog())
    assert next_turn.state.minor_acid == 2


def test_the_log_is_per_hex(current):
    other = Hex(4, 4)
    b = board(
        current, Placement("acid-cloud", H, ("minor",)), Placement("acid-cloud", other, ("minor",))
    )
    first = trigger_unit(current, b, vehicle(hex=H), typed(4), TriggerLog())
    moved = first.state.with_(hex=other)
    assert trigger_unit(current, b, moved, typed(4), first.log, entered=True).state.minor_acid == 2


def test_trigger_all_units_of_a_step(current):
    b = board(current, Placement("hex-fire", H))
    units = [vehicle("A", hex=H), vehicle("B", hex=H), vehicle("C", hex=Hex(0, 0))]
    states, log, _ = trigger_all(current, b, units, typed(5, 2), TriggerLog())
    assert [s.fire for s in states] == [1, 0, 0]
    assert log.has("A", H, "fire") and log.has("B", H, "fire") and not log.has("C", H, "fire")


def test_clouds_spare_their_placers_side_when_read_so(current):
    rules = current.with_readings({"hex.cloud-sides": "enemies-of-placer"})
    b = board(rules, Placement("acid-cloud", H, ("minor",), side=2))
    own = trigger_unit(rules, b, vehicle(hex=H, side=2), typed(), TriggerLog())
    enemy = trigger_unit(rules, b, vehicle(hex=H, side=1), typed(6), TriggerLog())
    assert (own.state.minor_acid, enemy.state.minor_acid) == (0, 1)
    # default reading: everyone
    b = board(current, Placement("acid-cloud", H, ("minor",), side=2))
    assert (
        trigger_unit(current, b, vehicle(hex=H, side=2), typed(6), TriggerLog()).state.minor_acid
        == 1
    )


# --- first draft poison cloud ---------------------------------------------------------------


def test_first_draft_poison_cloud_pins_on_a_die_above_its_level(first_draft):
    # [6](3+) on one biological model: poison die 2 (below 3+: no poison); pin: d6 shows
    # 4 > 3 + poison resistance 0 -> pinned: two shaken tokens
    b = board(first_draft, Placement("poison-cloud", H, (6,), 3))
    res = trigger_unit(first_draft, b, infantry(hex=H, models=1), typed(2, 4), TriggerLog())
    assert (res.state.poison, res.state.shaken) == ((), 2)


def test_first_draft_pin_adds_poison_resistance_to_the_level(first_draft):
    # d6 shows 4, not above 3 + 1
    b = board(first_draft, Placement("poison-cloud", H, (6,), 3))
    u = infantry(hex=H, models=1, resistances={"poison": 1})
    res = trigger_unit(first_draft, b, u, typed(2, 4), TriggerLog())
    assert res.state.shaken == 0


def test_first_draft_poison_cloud_pins_biological_crew(first_draft):
    # not biological: no poison dice; biological crew: the dN pin roll 6 > 4
    b = board(first_draft, Placement("poison-cloud", H, (8,), 4))
    v = vehicle(hex=H, types=("vehicle", "biological-crew"))
    assert trigger_unit(first_draft, b, v, typed(6), TriggerLog()).state.shaken == 2


def test_first_draft_poison_cloud_immunity(first_draft):
    ut = unit_type(models=1, abilities=(Ability("poison-cloud-immunity"),))
    u = UnitState(uid="I", unit=ut, side=1, hex=H, speed="slow")
    b = board(first_draft, Placement("poison-cloud", H, (8,), 4))
    assert trigger_unit(first_draft, b, u, typed(), TriggerLog()).state == u


def test_first_draft_poison_cloud_one_die_per_unit_base_reading(first_draft):
    rules = first_draft.with_readings({"hex.poison-cloud-dice": "per-unit-base"})
    b = board(rules, Placement("poison-cloud", H, (6,), 3))
    # 4 models but one poison die: 5 -> one Poison[6]; then the pin d6: 1 -> not pinned
    res = trigger_unit(rules, b, infantry(hex=H), typed(5, 1), TriggerLog())
    assert (res.state.poison, res.state.shaken) == ((6,), 0)


# --- the data file -------------------------------------------------------------------------


def test_bad_hex_effects_are_refused_naming_every_key(current):
    raw = tomllib.loads((current.folder / "hex_effects.toml").read_text(encoding="utf-8"))
    raw["markers"]["smoke"]["colour"] = "grey"
    raw["markers"]["fire"]["roll"][0]["each"] = "explode"
    raw["effects"]["hex-fire"]["parts"] = ["fire", "lava"]
    with pytest.raises(DataFileError) as err:
        parse_hex_effects(current.folder / "hex_effects.toml", raw, dict(current.readings))
    problems = "\n".join(err.value.problems)
    assert "markers.smoke.colour: unknown key" in problems
    assert "markers.fire.roll[0].each: 'explode' is not one of" in problems
    assert "effects.hex-fire.parts: 'lava' is not a marker kind" in problems
