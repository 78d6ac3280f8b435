"""The aftermath (clauses aftermath.markers, hex.burn-out, aftermath.shaken) and the shaken
condition (clauses conditions.shaken, conditions.shaken-orders)."""

from __future__ import annotations

import pytest
from agony_units import infantry, typed

from referee.board.hexgrid import Hex
from referee.rules.aftermath import run_aftermath
from referee.rules.agony.schedule import agony_rules
from referee.rules.agony.step import run_agony_step
from referee.rules.conditions import allowed_orders, recover, shake
from referee.rules.hexes.markers import HexEffects, HexMarker

FOREST, CLEAR = Hex(1, 1), Hex(2, 2)


def terrain_at(h: Hex) -> str:
    return "forest" if h == FOREST else "clear"


def test_aftermath_removes_one_marker_of_each_cloud_and_smoke_per_hex(current):
    # ruling hex.aftermath-markers, "each-type": smoke 2 -> 1, poison cloud 1 -> gone,
    # acid cloud 3 -> 2, all in one hex
    hexes = HexEffects(
        {
            CLEAR: (
                HexMarker("smoke", 2),
                HexMarker("poison-cloud", 1, 4, 4),
                HexMarker("acid-cloud", 3, "minor", 4),
            )
        }
    )
    res = run_aftermath(current, [], hexes, terrain_at)
    assert res.hexes.at(CLEAR) == (HexMarker("smoke", 1), HexMarker("acid-cloud", 2, "minor", 4))


def test_aftermath_one_marker_per_hex_reading_takes_the_oldest(current):
    rules = current.with_readings({"hex.aftermath-markers": "one-per-hex"})
    hexes = HexEffects({CLEAR: (HexMarker("poison-cloud", 1, 4, 4), HexMarker("smoke", 2))})
    res = run_aftermath(rules, [], hexes, terrain_at)
    assert res.hexes.at(CLEAR) == (HexMarker("smoke", 2),)


def test_aftermath_removes_one_fire_token_and_the_forest_burns_to_rough(current):
    hexes = HexEffects({FOREST: (HexMarker("fire", 2), HexMarker("smoke", 2))})
    res = run_aftermath(current, [], hexes, terrain_at)
    assert (res.hexes.count(FOREST, "fire"), res.hexes.count(FOREST, "smoke")) == (1, 1)
    assert dict(res.terrain_changes) == {FOREST: "rough"}
    assert "hex.burn-out" in res.clauses


def test_a_burning_clear_hex_changes_no_terrain(current):
    res = run_aftermath(current, [], HexEffects({CLEAR: (HexMarker("fire", 1),)}), terrain_at)
    assert res.hexes.at(CLEAR) == () and dict(res.terrain_changes) == {}


def test_forest_burns_only_when_the_fire_is_out_when_read_so(current):
    rules = current.with_readings({"hex.forest-burns": "fire-out"})
    first = run_aftermath(rules, [], HexEffects({FOREST: (HexMarker("fire", 2),)}), terrain_at)
    assert dict(first.terrain_changes) == {}
    second = run_aftermath(rules, [], first.hexes, terrain_at)
    assert dict(second.terrain_changes) == {FOREST: "rough"}


def test_burning_a_forest_needs_the_map(current):
    with pytest.raises(ValueError, match="needs the map's terrain"):
        run_aftermath(current, [], HexEffects({FOREST: (HexMarker("fire", 2),)}))


def test_aftermath_removes_one_shaken_token_per_unit(current):
    units = [infantry("A", shaken=2), infantry("B"), infantry("C", shaken=1)]
    res = run_aftermath(current, units)
    assert [u.shaken for u in res.units] == [1, 0, 0]
    assert res.changed_units == {"A", "C"}


def test_first_draft_fire_tokens_go_at_agony_4_not_in_the_aftermath(first_draft):
    hexes = HexEffects({CLEAR: (HexMarker("fire", 2), HexMarker("smoke", 2))})
    after = run_aftermath(first_draft, [], hexes, terrain_at)
    assert after.hexes.count(CLEAR, "fire") == 2  # aftermath: only the smoke goes
    assert after.hexes.count(CLEAR, "smoke") == 1
    agony4 = run_agony_step(first_draft, 4, [], typed(), hexes=hexes, terrain_at=terrain_at)
    assert agony4.hexes.count(CLEAR, "fire") == 1
    assert agony4.hexes.count(CLEAR, "smoke") == 2


# --- shaken --------------------------------------------------------------------------------


def test_first_shaken_places_two_tokens_then_one_more(current):
    rule = agony_rules(current).shaken
    once = shake(rule, infantry())
    assert once.shaken == 2
    assert shake(rule, once).shaken == 3


def test_first_draft_second_shaking_when_read_as_nothing(first_draft):
    rule = agony_rules(first_draft.with_readings({"conditions.shaken-again": "none"})).shaken
    assert shake(rule, shake(rule, infantry())).shaken == 2
    # default reading "one-more", as the current edition
    assert shake(agony_rules(first_draft).shaken, infantry(shaken=2)).shaken == 3


def test_recover_does_not_go_below_zero():
    assert recover(infantry(shaken=1), 2).shaken == 0


def test_a_shaken_unit_carries_out_the_default_movement_and_no_gunnery(current):
    calm = allowed_orders(current, infantry())
    assert calm.movement == ("F", "L", "R", "-") and calm.gunnery == ("fire", "aim", "load")
    assert calm.movement_order("L") == "L"
    shaken = allowed_orders(current, infantry(shaken=1))
    assert shaken.movement == ("F",) and shaken.gunnery == ()
    assert shaken.movement_order("L") == "F"
    assert shaken.clause == "conditions.shaken-orders"


def test_an_order_the_speed_does_not_allow_is_refused(current):
    with pytest.raises(ValueError, match="'Z' is not allowed"):
        allowed_orders(current, infantry()).movement_order("Z")
