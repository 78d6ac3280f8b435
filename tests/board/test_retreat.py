"""Retreat after a lost assault (clause assault.retreat, current edition draft 004).

On the 5x5 test map C3's neighbours are C2 (N), D2 (NE), D3 (SE), C4 (S), B3 (SW), B2 (NW).
From C4 (behind C3 when facing N): B3 and D3 are 1 hex away, B2, C2 and D2 2 hexes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.board.hexgrid import Hex
from referee.board.maps import BattleMap, parse_map
from referee.board.movement import MovementError, Mover
from referee.board.retreat import retreat_after_assault, return_after_failed_entry
from referee.board.stacking import Occupant
from referee.ruleset import Ruleset
from referee.ruleset.shipped import ruleset

INFANTRY = Mover(frozenset({"infantry"}), "medium")
TANK = Mover(frozenset({"vehicle", "tank", "track"}), "large")
ENEMY = Occupant("medium", enemy=True)
FRIEND = Occupant("medium")
NORTH, SOUTH_EAST = 0, 2


def board(terrain: dict[str, str] | None = None) -> BattleMap:
    doc = {"name": "test", "shape": "rectangle", "columns": 5, "rows": 5, "terrain": terrain or {}}
    return parse_map(Path("test.toml"), doc, ruleset("current").terrain)


def units(m: BattleMap, **where: list[Occupant]) -> dict[Hex, list[Occupant]]:
    return {m.parse(label): us for label, us in where.items()}


def labels(hexes: tuple[Hex, ...]) -> tuple[str, ...]:
    return tuple(str(h) for h in hexes)


def retreat(m: BattleMap, rules: Ruleset, at: str, facing: int, mover: Mover = INFANTRY, **where):
    return retreat_after_assault(m, rules, mover, m.parse(at), facing, units(m, **where))


def test_stationary_loser_retreats_backwards_and_may_turn(current) -> None:
    got = retreat(board(), current, "C3", NORTH)
    assert (got.kind, labels(got.options)) == ("backwards", ("C4",))
    assert got.facings == (0, 1, 3, 5)  # keep N, turn right (NE), about (S) or left (NW)
    assert got.clause == "assault.retreat"


def test_backwards_is_opposite_the_facing(current) -> None:
    got = retreat(board(), current, "C3", SOUTH_EAST)
    assert (got.kind, labels(got.options)) == ("backwards", ("B2",))  # behind SE is NW
    assert got.facings == (1, 2, 3, 5)


def test_enemy_behind_sends_the_loser_to_the_closest_possible_hexes(current) -> None:
    got = retreat(board(), current, "C3", NORTH, C4=[ENEMY])
    assert (got.kind, labels(got.options)) == ("closest", ("B3", "D3"))
    assert (Hex(2, 2), "holds an enemy") in got.refused
    assert got.rulings == ("move.retreat-closest",)


def test_overcrowded_hex_behind_is_refused(current) -> None:
    got = retreat(board(), current, "C3", NORTH, C4=[FRIEND, FRIEND])
    assert (got.kind, labels(got.options)) == ("closest", ("B3", "D3"))


def test_impassable_hex_behind_is_refused(current) -> None:
    got = retreat(board({"C4": "water"}), current, "C3", NORTH)
    assert (got.kind, labels(got.options)) == ("closest", ("B3", "D3"))


def test_flying_enemy_behind_does_not_stop_a_ground_retreat(current) -> None:
    flyer = Occupant("medium", flying=True, enemy=True)
    got = retreat(board(), current, "C3", NORTH, C4=[flyer])
    assert (got.kind, labels(got.options)) == ("backwards", ("C4",))


def test_closest_hexes_widen_when_the_nearest_are_blocked(current) -> None:
    got = retreat(board(), current, "C3", NORTH, C4=[ENEMY], B3=[ENEMY], D3=[ENEMY])
    assert (got.kind, labels(got.options)) == ("closest", ("B2", "C2", "D2"))


def test_completely_surrounded_loser_assaults_the_hex_behind(current) -> None:
    ring = {h: [ENEMY] for h in ("C2", "D2", "D3", "C4", "B3", "B2")}
    got = retreat(board(), current, "C3", NORTH, **ring)
    assert (got.kind, got.options, labels(got.assault_into)) == ("surrounded", (), ("C4",))


def test_boxed_in_by_water_and_enemies_assaults_the_enemies_nearest_behind(current) -> None:
    ring = {h: [ENEMY] for h in ("C2", "D2", "D3", "B3", "B2")}
    got = retreat(board({"C4": "water"}), current, "C3", NORTH, **ring)
    assert (got.kind, labels(got.assault_into)) == ("surrounded", ("B3", "D3"))


def test_no_hex_and_no_enemy_is_reported_for_the_referee(current) -> None:
    water = {h: "water" for h in ("C2", "D2", "D3", "C4", "B3", "B2")}
    got = retreat(board(water), current, "C3", NORTH)
    assert (got.kind, got.options, got.assault_into) == ("nowhere", (), ())


def test_loser_at_the_board_edge_gains_stubborn(current) -> None:
    got = retreat(board(), current, "C5", NORTH)  # behind is off the map
    assert (got.kind, got.options) == ("stubborn", ())
    assert "Stubborn" in got.reason and got.rulings == ("assault.edge-stubborn",)


def test_edge_hex_gains_stubborn_even_facing_along_the_edge_unless_ruled_otherwise(
    current,
) -> None:
    m = board()  # A3 is on the west edge; behind it (facing N) is A4, on the map
    assert retreat(m, current, "A3", NORTH).kind == "stubborn"
    behind_only = current.with_readings({"assault.edge-stubborn": "behind-off-map"})
    got = retreat(m, behind_only, "A3", NORTH)
    assert (got.kind, labels(got.options)) == ("backwards", ("A4",))


def test_any_adjacent_hex_when_every_neighbour_is_equally_close(current) -> None:
    rules = current.with_readings({"move.retreat-closest": "any-adjacent"})
    got = retreat(board(), rules, "C3", NORTH, C4=[ENEMY])
    assert (got.kind, labels(got.options)) == ("closest", ("B2", "B3", "C2", "D2", "D3"))


def test_reachable_reading_goes_past_crowded_neighbours(current) -> None:
    # every neighbour of C3 is full of friends: the free hexes 2 steps away cost 2 each;
    # nearest C4 first (B4, C5, D4), then 2 from it (A3, A4, E3, E4), then 3 (A2, B1, C1, D1, E2)
    rules = current.with_readings({"move.retreat-closest": "reachable"})
    full = {h: [FRIEND, FRIEND] for h in ("C2", "D2", "D3", "C4", "B3", "B2")}
    got = retreat(board(), rules, "C3", NORTH, **full)
    assert got.kind == "closest"
    assert labels(got.options) == (
        *("B4", "C5", "D4"),
        *("A3", "A4", "E3", "E4"),
        *("A2", "B1", "C1", "D1", "E2"),
    )
    assert retreat(board(), current, "C3", NORTH, **full).kind == "nowhere"


def test_difficult_terrain_may_be_refused_for_a_retreat_if_ruled_so(current) -> None:
    m = board({"B3": "forest", "D3": "forest"})
    got = retreat(m, current, "C3", NORTH, TANK, C4=[ENEMY])
    assert labels(got.options) == ("B3", "D3")  # forest costs the tank 2, still enterable
    rules = current.with_readings({"assault.retreat-cost": "no-difficult"})
    got = retreat(m, rules, "C3", NORTH, TANK, C4=[ENEMY])
    assert labels(got.options) == ("B2", "C2", "D2")


def test_failed_attacker_stays_where_it_was(current) -> None:
    m = board()
    got = return_after_failed_entry(m, current, INFANTRY, m.parse("C3"), m.parse("C2"), 0, {})
    assert (got.kind, labels(got.options)) == ("stays", ("C3",))


def test_failed_attacker_whose_hex_was_taken_moves_to_the_closest_possible_hex(current) -> None:
    m = board()
    taken = units(m, C3=[ENEMY], C2=[ENEMY])
    got = return_after_failed_entry(m, current, INFANTRY, m.parse("C3"), m.parse("C2"), 0, taken)
    assert (got.kind, labels(got.options)) == ("closest", ("B2", "B3", "C4", "D2", "D3"))


def test_retreat_refuses_a_bad_facing(current) -> None:
    with pytest.raises(MovementError, match="facing"):
        retreat(board(), current, "C3", 6)
