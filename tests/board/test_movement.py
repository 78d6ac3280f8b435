"""Movement costs, difficult-terrain tokens, swamp rolls, Chase and Flee.

Every expected number is worked out by hand from the terrain table of the rulebook (current
edition = draft 004, first draft = draft 000); the comments give the sums.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest

from referee.board.chase_flee import chase_step, flee_options
from referee.board.hexgrid import Hex, parse_label
from referee.board.maps import BattleMap, parse_map
from referee.board.movement import (
    MovementError,
    Mover,
    attempt_enter,
    is_stuck,
    movement_graph,
    plan_moves,
    reachable,
    step_cost,
    stuck_roll_due,
    tokens_needed,
)
from referee.board.stacking import Occupant
from referee.ruleset import Ruleset
from referee.ruleset.shipped import ruleset

INFANTRY = Mover(frozenset({"infantry"}), "medium")
TANK = Mover(frozenset({"vehicle", "tank", "track"}), "large")
WALKER = Mover(frozenset({"vehicle", "walker"}), "huge")
SHIP = Mover(frozenset({"ship"}), "large")
PLANE = Mover(frozenset({"vehicle", "wheel"}), "medium", flying=True)
ENEMY = Occupant("medium", enemy=True)
FRIEND = Occupant("medium")


def board(
    terrain: dict[str, str] | None = None,
    *,
    columns: int = 1,
    rows: int = 5,
    roads: list[list[str]] | None = None,
    rivers: list[list[str]] | None = None,
    edition: str = "current",
) -> BattleMap:
    """A small clear map; with the default single column, A1..A5 are a straight line N-S."""
    doc: dict[str, object] = {
        "name": "test",
        "edition": edition,
        "shape": "rectangle",
        "columns": columns,
        "rows": rows,
        "terrain": terrain or {},
        "roads": roads or [],
        "rivers": rivers or [],
    }
    return parse_map(Path("test.toml"), doc, ruleset(edition).terrain)


def cost(
    m: BattleMap, rules: Ruleset, mover: Mover, a: str, b: str, smoke: tuple[str, ...] = ()
) -> int | None:
    return step_cost(m, rules, mover, m.parse(a), m.parse(b), {m.parse(s) for s in smoke})


def labels(hexes: tuple[Hex, ...]) -> tuple[str, ...]:
    return tuple(str(h) for h in hexes)


def occupied(m: BattleMap, **units: list[Occupant]) -> dict[Hex, list[Occupant]]:
    return {m.parse(label): list(us) for label, us in units.items()}


# --- costs per unit class (clauses terrain.*) -----------------------------------------


def test_forest_costs_a_vehicle_2_and_infantry_1(current) -> None:
    m = board({"A2": "forest"})
    assert cost(m, current, TANK, "A1", "A2") == 2
    assert cost(m, current, INFANTRY, "A1", "A2") == 1


def test_hill_costs_2_to_climb_and_1_to_come_down(current) -> None:
    m = board({"A2": "hill", "A3": "hill"})
    assert cost(m, current, INFANTRY, "A1", "A2") == 2  # up
    assert cost(m, current, INFANTRY, "A2", "A1") == 1  # down
    assert cost(m, current, INFANTRY, "A2", "A3") == 1  # along the hill: no level changes


def test_mountain_from_the_plain_climbs_once_or_per_level(current) -> None:
    m = board({"A2": "mountain", "A3": "hill"})
    assert cost(m, current, INFANTRY, "A1", "A2") == 2  # 'up' once (ruling move.climb)
    assert cost(m, current, INFANTRY, "A2", "A1") == 1
    per_level = current.with_readings({"move.climb": "per-level"})
    assert cost(m, per_level, INFANTRY, "A1", "A2") == 4  # two levels x 2
    assert cost(m, per_level, INFANTRY, "A2", "A1") == 2  # two levels x 1
    assert cost(m, per_level, INFANTRY, "A3", "A2") == 2  # hill to mountain: one level


def test_ruins_and_rough_cost_1_now_and_2_in_the_first_draft(current, first_draft) -> None:
    now = board({"A2": "ruins", "A3": "rough"})
    then = board({"A2": "ruins", "A3": "rough"}, edition="first-draft")
    assert cost(now, current, INFANTRY, "A1", "A2") == 1
    assert cost(now, current, INFANTRY, "A4", "A3") == 1
    assert cost(then, first_draft, INFANTRY, "A1", "A2") == 2
    assert cost(then, first_draft, INFANTRY, "A4", "A3") == 2


def test_swamp_costs_large_2_and_huge_3_to_enter_in_the_current_edition(current) -> None:
    m = board({"A2": "swamp"})
    assert cost(m, current, INFANTRY, "A1", "A2") == 1
    assert cost(m, current, TANK, "A1", "A2") == 2  # +1 for large
    assert cost(m, current, WALKER, "A1", "A2") == 3  # +2 for huge
    assert cost(m, current, WALKER, "A2", "A3") == 1  # leaving is free


def test_first_draft_swamp_costs_large_and_huge_units_to_leave(first_draft) -> None:
    m = board({"A2": "swamp"}, edition="first-draft")
    assert cost(m, first_draft, TANK, "A1", "A2") == 1  # entering: 1 for everyone
    assert cost(m, first_draft, WALKER, "A1", "A2") == 1
    assert cost(m, first_draft, INFANTRY, "A2", "A3") == 1
    assert cost(m, first_draft, TANK, "A2", "A3") == 2  # +1 to exit for large
    assert cost(m, first_draft, WALKER, "A2", "A3") == 3  # +2 to exit for huge


def test_leaving_a_swamp_into_forest_takes_the_larger_cost_or_adds_surcharges(
    first_draft,
) -> None:
    m = board({"A2": "swamp", "A3": "forest", "A4": "hill"}, edition="first-draft")
    # large tank: leave swamp 2, enter forest 2
    assert cost(m, first_draft, TANK, "A2", "A3") == 2  # the larger of 2 and 2
    added = first_draft.with_readings({"move.cost-combination": "add-surcharges"})
    assert cost(m, added, TANK, "A2", "A3") == 3  # 1 + (2 - 1) + (2 - 1)
    assert cost(m, added, INFANTRY, "A5", "A4") == 2  # climbing alone is 2 either way


def test_building_can_be_entered_by_infantry_only_at_2(current) -> None:
    m = board({"A2": "building"})
    assert cost(m, current, INFANTRY, "A1", "A2") == 2
    assert cost(m, current, TANK, "A1", "A2") is None


def test_water_can_be_entered_only_by_ships_floating_or_flying(current) -> None:
    m = board({"A2": "water"})
    assert cost(m, current, INFANTRY, "A1", "A2") is None
    assert cost(m, current, TANK, "A1", "A2") is None
    assert cost(m, current, SHIP, "A1", "A2") == 1
    assert cost(m, current, Mover(frozenset({"floating"}), "medium"), "A1", "A2") == 1
    assert cost(m, current, PLANE, "A1", "A2") == 1


def test_flying_unit_pays_1_anywhere_unless_terrain_costs_apply(current) -> None:
    m = board({"A2": "building", "A3": "mountain", "A4": "forest"})
    assert cost(m, current, PLANE, "A1", "A2") == 1
    assert cost(m, current, PLANE, "A2", "A3") == 1
    terrain = current.with_readings({"move.flying": "terrain"})
    assert cost(m, terrain, PLANE, "A1", "A2") is None  # buildings: infantry only
    assert cost(m, terrain, PLANE, "A5", "A4") == 2  # a vehicle into forest


def test_river_adds_1_to_enter(current) -> None:
    m = board({"A3": "forest"}, rivers=[["A2", "A3"]])
    assert cost(m, current, INFANTRY, "A1", "A2") == 2  # clear 1 + river 1
    assert cost(m, current, TANK, "A4", "A3") == 3  # forest 2 + river 1
    assert cost(m, current, INFANTRY, "A2", "A3") == 2  # along the river, paid again
    crossing = current.with_readings({"move.river": "from-outside"})
    assert cost(m, crossing, INFANTRY, "A2", "A3") == 1
    assert cost(m, crossing, INFANTRY, "A1", "A2") == 2


def test_road_costs_1_along_the_road_even_into_forest_hill_or_river(current) -> None:
    m = board({"A2": "forest", "A3": "hill"}, roads=[["A1", "A2", "A3"]], rivers=[["A2"]])
    assert cost(m, current, TANK, "A1", "A2") == 1  # forest 2 + river 1, but a road
    assert cost(m, current, TANK, "A2", "A3") == 1  # climbing, but a road
    assert cost(m, current, TANK, "A4", "A3") == 2  # off the road: climbing costs 2


def test_road_step_needs_the_same_road_unless_any_road_will_do(current) -> None:
    m = board({"A3": "forest"}, roads=[["A1", "A2"], ["A3", "A4"]])
    assert cost(m, current, TANK, "A2", "A3") == 2  # two roads that do not join
    any_road = current.with_readings({"move.road": "any-road"})
    assert cost(m, any_road, TANK, "A2", "A3") == 1


def test_road_does_not_open_a_building_to_a_vehicle_unless_ruled_so(current) -> None:
    m = board({"A2": "building"}, roads=[["A1", "A2"]])
    assert cost(m, current, TANK, "A1", "A2") is None
    opens = current.with_readings({"move.road-impassable": "road-opens"})
    assert cost(m, opens, TANK, "A1", "A2") == 1


def test_smoke_costs_1_more_only_in_the_first_draft(current, first_draft) -> None:
    now, then = board(), board(edition="first-draft")
    assert cost(now, current, INFANTRY, "A1", "A2", smoke=("A2",)) == 1
    assert cost(then, first_draft, INFANTRY, "A1", "A2", smoke=("A2",)) == 2
    assert cost(then, first_draft, INFANTRY, "A2", "A1", smoke=("A2",)) == 1  # leaving smoke


def test_step_cost_refuses_hexes_that_are_not_neighbours_or_off_the_map(current) -> None:
    m = board()
    with pytest.raises(MovementError, match="not neighbours"):
        cost(m, current, INFANTRY, "A1", "A3")
    with pytest.raises(MovementError, match="B1 is not on the map"):
        step_cost(m, current, INFANTRY, m.parse("A1"), parse_label("B1"))


def test_mover_refuses_an_unknown_size_and_a_flying_tag() -> None:
    with pytest.raises(ValueError, match="gigantic"):
        Mover(frozenset({"infantry"}), "gigantic")
    with pytest.raises(ValueError, match="flying=True"):
        Mover(frozenset({"flying"}))


# --- graph and reachable hexes ------------------------------------------------------------


def test_movement_graph_has_no_step_into_a_building_for_a_vehicle(current) -> None:
    m = board({"A2": "building"})
    graph = movement_graph(m, current, TANK)
    assert not graph.has_edge(m.parse("A1"), m.parse("A2"))
    assert graph[m.parse("A2")][m.parse("A3")]["cost"] == 1  # leaving is fine
    assert movement_graph(m, current, INFANTRY)[m.parse("A1")][m.parse("A2")]["cost"] == 2
    assert nx.is_frozen(graph) and movement_graph(m, current, TANK) is graph


def test_reachable_hexes_within_a_budget_per_unit_class(current) -> None:
    m = board({"A2": "forest", "A3": "hill"})
    # infantry: forest 1, then up the hill 2 (total 3), down again 1 (total 4)
    got = reachable(m, current, INFANTRY, m.parse("A1"), 3)
    assert {str(h): c for h, c in got.items()} == {"A1": 0, "A2": 1, "A3": 3}
    got = reachable(m, current, INFANTRY, m.parse("A1"), 4)
    assert {str(h): c for h, c in got.items()} == {"A1": 0, "A2": 1, "A3": 3, "A4": 4}
    # tank: forest 2, then the hill 2 more (total 4)
    got = reachable(m, current, TANK, m.parse("A1"), 3)
    assert {str(h): c for h, c in got.items()} == {"A1": 0, "A2": 2}


def test_reachable_does_not_cross_avoided_hexes(current) -> None:
    m = board()
    got = reachable(m, current, INFANTRY, m.parse("A1"), 5, avoid={m.parse("A2")})
    assert set(got) == {m.parse("A1")}


# --- entering difficult terrain (clause move.difficult-terrain) -----------------------------


def test_hex_costing_2_needs_1_token_and_costing_3_needs_2() -> None:
    assert (tokens_needed(1), tokens_needed(2), tokens_needed(3)) == (0, 1, 2)
    assert attempt_enter(0, 1).entered
    first = attempt_enter(0, 2)
    assert (first.entered, first.tokens) == (False, 1)
    second = attempt_enter(1, 2)
    assert (second.entered, second.tokens) == (True, 0)
    steps = [attempt_enter(0, 3), attempt_enter(1, 3), attempt_enter(2, 3)]
    assert [(s.entered, s.tokens) for s in steps] == [(False, 1), (False, 2), (True, 0)]


def test_vehicle_takes_two_forward_moves_to_enter_forest(current) -> None:
    m = board({"A2": "forest"})
    steps = plan_moves(m, current, TANK, m.parse("A3"), 0, ["F", "F", "F"])
    assert [(str(s.end), s.entered, s.tokens) for s in steps] == [
        ("A3", False, 1),  # token placed
        ("A2", True, 0),  # enters with 1 token
        ("A1", True, 0),  # clear: enters at once
    ]


def test_huge_unit_takes_three_forward_moves_into_swamp(current) -> None:
    m = board({"A2": "swamp"})
    steps = plan_moves(m, current, WALKER, m.parse("A3"), 0, ["F", "F", "F"])
    assert [(str(s.end), s.tokens) for s in steps] == [("A3", 1), ("A3", 2), ("A2", 0)]


def test_climbing_a_hill_needs_a_token_first(current) -> None:
    m = board({"A2": "hill"})
    steps = plan_moves(m, current, INFANTRY, m.parse("A3"), 0, ["F", "F"])
    assert [(str(s.end), s.tokens) for s in steps] == [("A3", 1), ("A2", 0)]


def test_turning_loses_the_tokens(current) -> None:
    m = board({"A2": "forest"})
    steps = plan_moves(m, current, TANK, m.parse("A3"), 0, ["F", "L", "R", "F"])
    assert [(str(s.end), s.facing, s.tokens) for s in steps] == [
        ("A3", 0, 1),
        ("A3", 5, 0),  # a movement not trying to enter the hex: tokens lost
        ("A3", 0, 0),
        ("A3", 0, 1),  # starts over
    ]


def test_no_action_keeps_tokens_unless_ruled_otherwise(current) -> None:
    m = board({"A2": "forest"})
    steps = plan_moves(m, current, TANK, m.parse("A3"), 0, ["F", "-", "F"])
    assert [(str(s.end), s.tokens) for s in steps] == [("A3", 1), ("A3", 1), ("A2", 0)]
    lose = current.with_readings({"move.token-pause": "lose"})
    steps = plan_moves(m, lose, TANK, m.parse("A3"), 0, ["F", "-", "F"])
    assert [(str(s.end), s.tokens) for s in steps] == [("A3", 1), ("A3", 0), ("A3", 1)]


def test_moving_off_the_map_or_into_impassable_terrain_does_nothing(current) -> None:
    m = board({"A2": "water"})
    steps = plan_moves(m, current, INFANTRY, m.parse("A1"), 0, ["F"])
    assert (str(steps[0].end), steps[0].entered) == ("A1", False)
    assert "off the map" in steps[0].reason
    steps = plan_moves(m, current, INFANTRY, m.parse("A3"), 0, ["F", "Rev"])
    assert [(str(s.end), s.entered) for s in steps] == [("A3", False), ("A4", True)]


def test_plan_moves_refuses_an_unknown_order(current) -> None:
    m = board()
    with pytest.raises(MovementError, match="'X'"):
        plan_moves(m, current, INFANTRY, m.parse("A3"), 0, ["X"])


# --- swamp: getting stuck (clause terrain.swamp) ---------------------------------------------


def test_tracked_or_wheeled_units_get_stuck_in_swamp_on_1_or_2(current) -> None:
    swamp = current.terrain["swamp"]
    assert [is_stuck(swamp, TANK, roll) for roll in range(1, 7)] == [True, True] + [False] * 4
    wheeled = Mover(frozenset({"vehicle", "wheel"}), "medium")
    assert is_stuck(swamp, wheeled, 2)
    assert not is_stuck(swamp, INFANTRY, 1)
    assert not is_stuck(swamp, PLANE, 1)  # flying over it
    assert not is_stuck(current.terrain["forest"], TANK, 1)


@pytest.mark.parametrize("roll", [0, 7, -1])
def test_stuck_roll_must_be_a_d6_result(current, roll: int) -> None:
    with pytest.raises(ValueError, match=str(roll)):
        is_stuck(current.terrain["swamp"], TANK, roll)


def test_stuck_roll_is_due_in_the_swamp_or_on_entering_as_ruled(current) -> None:
    m = board({"A3": "swamp"})
    a2, a3, a4 = m.parse("A2"), m.parse("A3"), m.parse("A4")
    assert stuck_roll_due(m, current, TANK, a3, a4) is current.terrain["swamp"]
    assert stuck_roll_due(m, current, TANK, a2, a3) is None
    assert stuck_roll_due(m, current, INFANTRY, a3, a4) is None
    entering = current.with_readings({"move.swamp-stuck": "entering"})
    assert stuck_roll_due(m, entering, TANK, a2, a3) is entering.terrain["swamp"]
    assert stuck_roll_due(m, entering, TANK, a3, a4) is None
    steps = plan_moves(m, current, TANK, a3, 3, ["F"])
    assert steps[0].stuck_roll


# --- Chase (clause orders.chase) ----------------------------------------------------------


def test_chase_steps_straight_towards_the_nearest_enemy(current) -> None:
    m = board(columns=5, rows=5)
    got = chase_step(m, current, INFANTRY, m.parse("C5"), occupied(m, C1=[ENEMY]))
    assert (str(got.step), labels(got.options), labels(got.targets)) == ("C4", ("C4",), ("C1",))
    assert got.cost == 1 and got.clause == "orders.chase"


def test_chase_reports_every_equally_cheap_step(current) -> None:
    # tank C5 -> C1: through the forest C4 costs 2 + 3, round by B4 or D4 costs 1 + 4
    m = board({"C4": "forest"}, columns=5, rows=5)
    got = chase_step(m, current, TANK, m.parse("C5"), occupied(m, C1=[ENEMY]))
    assert labels(got.options) == ("C4", "B4", "D4")  # nearest the enemy first, then by label
    assert str(got.step) == "C4" and "equally good" in got.reason


def test_chase_next_to_the_enemy_enters_its_hex(current) -> None:
    m = board(columns=5, rows=5)
    got = chase_step(m, current, INFANTRY, m.parse("C5"), occupied(m, C4=[ENEMY]))
    assert str(got.step) == "C4" and "assault" in got.reason


def test_chase_nearest_enemy_by_hexes_or_by_movement_points(current) -> None:
    # A4: the enemy in A6 is 2 hexes away but costs 4 (dunes 2, then up the hill 2);
    # the enemy in A1 is 3 hexes away and costs 3.
    m = board({"A5": "sand-dunes", "A6": "hill"}, rows=7)
    enemies = occupied(m, A1=[ENEMY], A6=[ENEMY])
    got = chase_step(m, current, INFANTRY, m.parse("A4"), enemies)
    assert (labels(got.targets), str(got.step)) == (("A6",), "A5")
    by_cost = current.with_readings({"orders.chase-nearest": "path-cost"})
    got = chase_step(m, by_cost, INFANTRY, m.parse("A4"), enemies)
    assert (labels(got.targets), str(got.step)) == (("A1",), "A3")


def test_chase_towards_an_enemy_it_cannot_enter_stops_beside_it(current) -> None:
    m = board({"A1": "water"})
    ship = occupied(m, A1=[Occupant("large", enemy=True)])
    assert str(chase_step(m, current, INFANTRY, m.parse("A4"), ship).step) == "A3"
    beside = chase_step(m, current, INFANTRY, m.parse("A2"), ship)
    assert beside.step is None and beside.targets == (m.parse("A1"),)


def test_chase_without_enemies_does_nothing(current) -> None:
    m = board()
    got = chase_step(m, current, INFANTRY, m.parse("A3"), {})
    assert got.step is None and "no enemy" in got.reason


# --- Flee (clause orders.flee) --------------------------------------------------------------
# C3's neighbours: C2 (N), D2 (NE), D3 (SE), C4 (S), B3 (SW), B2 (NW).
# Hexes from C1: C2 1, B2 2, D2 2, C3 2, B3 3, C4 3, D3 3.


def test_flee_moves_further_from_the_enemy(current) -> None:
    m = board(columns=5, rows=5)
    got = flee_options(m, current, INFANTRY, m.parse("C3"), occupied(m, C1=[ENEMY]))
    assert (got.kind, labels(got.options)) == ("further", ("B3", "C4", "D3"))


def test_flee_takes_hexes_not_closer_when_none_is_further(current) -> None:
    m = board({"B3": "water", "C4": "water", "D3": "water"}, columns=5, rows=5)
    got = flee_options(m, current, INFANTRY, m.parse("C3"), occupied(m, C1=[ENEMY]))
    assert (got.kind, labels(got.options)) == ("not-closer", ("B2", "D2"))


def test_flee_lets_the_enemy_choose_when_every_hex_is_closer(current) -> None:
    water = {h: "water" for h in ("B2", "B3", "C4", "D2", "D3")}
    m = board(water, columns=5, rows=5)
    got = flee_options(m, current, INFANTRY, m.parse("C3"), occupied(m, C1=[ENEMY]))
    assert (got.kind, labels(got.options)) == ("enemy-chooses", ("C2",))


def test_flee_leaves_out_hexes_with_enemies_or_no_room(current) -> None:
    # C4 is full of friends; B3 holds an enemy, now the nearest (1 hex). From B3 / C1:
    # B2 1/2, C2 2/1, D2 2/2, D3 2/3: only D2 and D3 are further than 1 from both.
    m = board(columns=5, rows=5)
    units = occupied(m, C1=[ENEMY], C4=[FRIEND, FRIEND], B3=[ENEMY])
    got = flee_options(m, current, INFANTRY, m.parse("C3"), units)
    assert (got.kind, labels(got.options)) == ("further", ("D2", "D3"))


def test_flee_from_the_nearest_enemy_or_from_every_enemy(current) -> None:
    # C3 is 2 from C1 and 3 from E5. From C1 / E5: B2 2/4, B3 3/3, C2 1/4, C4 3/2, D2 2/3, D3 3/2.
    m = board(columns=5, rows=5)
    units = occupied(m, C1=[ENEMY], E5=[ENEMY])
    got = flee_options(m, current, INFANTRY, m.parse("C3"), units)
    assert (got.kind, labels(got.options)) == ("further", ("B3",))  # nearest now 2, B3 gives 3
    every = current.with_readings({"orders.flee-enemy": "every"})
    got = flee_options(m, every, INFANTRY, m.parse("C3"), units)
    assert (got.kind, labels(got.options)) == ("not-closer", ("B2", "B3", "D2"))
