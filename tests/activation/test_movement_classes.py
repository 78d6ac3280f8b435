"""Movement classes (draft 002, "Extra Rules / Movement"): infantry and hover move freely;
vehicles move forward a tile and turn once per tile (N, L and M in either order, H forward
then turn), turning in place costs a tile, backwards costs double, and the slots they would
occupy must be free; aircraft must move, never backwards nor only turning, and two aircraft
meeting are both destroyed. Moving out of an enemy tile costs double.

Geometry of the printed map (odd columns half a hex lower): from H12 the neighbours are
H11 (N), I12 (NE), I13 (SE), H13 (S), G13 (SW), G12 (NW); from H11: I11 (NE), G11 (NW)."""

from __future__ import annotations

import pytest
from activation_factory import fort, game, main_phase, pieces_json, play, unit
from msgspec.structs import replace

from referee.board.hexgrid import DIRECTION_NAMES, parse_label
from referee.rules.activation.actions import ActivationError
from referee.rules.activation.movement import (
    MoveBoard,
    Mover,
    cheapest_path,
    check_path,
    extend_path,
    onward,
    reachable,
)
from referee.rules.activation.notation import StepCodeError, path_to_steps, steps_to_path
from referee.rules.activation.slots import Pose, slots_at
from referee.rules.activation.tables import SlotRef


def pose(text: str) -> Pose:
    label, _, facing = text.partition(":")
    return Pose(parse_label(label), DIRECTION_NAMES.index(facing or "N"))


def path(*texts: str) -> tuple[Pose, ...]:
    return tuple(pose(t) for t in texts)


@pytest.fixture(scope="module")
def g():
    return game()


def mover(g, card: str) -> Mover:
    return Mover.of(card, g.cards.unit(card), g.rules.movement)


def board(
    g,
    *blockers: tuple[str, str],
    enemy: tuple[str, ...] = (),
    aircraft: dict[str, str] | None = None,
) -> MoveBoard:
    """The activation map with ground units ``(card, pose)`` taking their slots."""
    table = g.rules.movement
    taken = set()
    for card, where in blockers:
        c = g.cards.unit(card)
        taken |= slots_at(pose(where), Mover.of(card, c, table).refs)
    tiles = frozenset(g.maps["open-field"].hexes)
    craft = {uid: pose(where) for uid, where in (aircraft or {}).items()}
    refs = {uid: Mover.of("fighter", g.cards.unit("fighter"), table).refs for uid in craft}
    return MoveBoard(tiles, frozenset(taken), frozenset(parse_label(h) for h in enemy), craft, refs)


def check(g, card: str, start: str, *steps: str, on: MoveBoard | None = None, table=None):
    return check_path(
        mover(g, card), pose(start), path(*steps), table or g.rules.movement, on or board(g)
    )


# --- vehicles --------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["scout-buggy", "carrier", "battle-tank"])
def test_n_l_and_m_vehicles_turn_before_or_after_the_tile(g, card):
    after = check(g, card, "H12:N", "H11:NE")  # forward to H11, then turn right
    before = check(g, card, "H12:N", "I12:NE")  # turn right, then forward to I12
    assert after.legal and before.legal
    assert [s.kind for s in after.steps + before.steps] == ["forward", "turn-forward"]
    assert after.cost == before.cost == 1


def test_an_h_vehicle_moves_forward_and_then_turns(g):
    assert check(g, "siege-tank", "H12:N", "H11:NE").legal
    turned_first = check(g, "siege-tank", "H12:N", "I12:NE")
    assert not turned_first.legal
    assert "class H vehicle moves a tile first, then turns" in turned_first.problems[0]


def test_turning_in_place_costs_a_tile(g):
    one = check(g, "battle-tank", "H12:N", "H12:NE")
    two = check(g, "battle-tank", "H12:N", "H12:NE", "H12:SE")
    assert (one.legal, one.cost, two.cost) == (True, 1, 2)
    assert "activation.turn-in-place" in one.clauses


def test_one_turn_is_one_hex_side(g):
    sharp = check(g, "battle-tank", "H12:N", "H11:SE")
    assert not sharp.legal and "turns at most 1" in sharp.problems[0]
    free_turns = game(turn_size="any").rules.movement
    assert check(g, "battle-tank", "H12:N", "H11:SE", table=free_turns).legal


def test_backwards_costs_double(g):
    back = check(g, "battle-tank", "H12:N", "H13:N")
    assert (back.legal, back.cost, back.steps[0].kind) == (True, 2, "backward")
    assert check(g, "battle-tank", "H12:N", "H13:N", "H14:N").cost == 4
    too_far = check(g, "battle-tank", "H12:N", "H13:N", "H14:N", "H15:N")
    assert not too_far.legal and "more than its Movement of 4" in too_far.problems[0]


def test_an_h_vehicle_backs_and_then_turns(g):
    assert check(g, "siege-tank", "H12:N", "H13:NE").legal  # back to H13, turn right
    assert not check(g, "siege-tank", "H12:N", "G13:NE").legal  # turn first, then back


def test_a_vehicle_does_not_move_sideways(g):
    sideways = check(g, "battle-tank", "H12:N", "I12:N")
    assert not sideways.legal and "forward or backwards" in sideways.problems[0]


def test_moving_out_of_an_enemy_tile_costs_double(g):
    # out of H12 (an enemy tile) costs 2; into H11 (an enemy tile too) costs nothing extra
    on = board(g, enemy=("H12", "H11"))
    squad = check(g, "rifle-squad", "H12:N", "H11")
    assert (
        check_path(mover(g, "rifle-squad"), pose("H12"), path("H11"), g.rules.movement, on).cost
        == 2
    )
    assert squad.cost == 1
    into = check_path(mover(g, "rifle-squad"), pose("H13"), path("H12"), g.rules.movement, on)
    assert into.cost == 1


def test_backwards_out_of_an_enemy_tile_doubles_twice_or_once(g):
    on = board(g, enemy=("H12",))
    tank = mover(g, "battle-tank")
    assert check_path(tank, pose("H12:N"), path("H13:N"), g.rules.movement, on).cost == 4
    once = game(double_costs="once").rules.movement
    assert check_path(tank, pose("H12:N"), path("H13:N"), once, on).cost == 2


# --- slots -------------------------------------------------------------------------------------


def test_a_vehicle_enters_only_where_its_slots_are_free(g):
    # a carrier (L) on H11 facing N takes H11's N and S sides; a buggy (N) takes its front
    on = board(g, ("carrier", "H11:N"))
    blocked = check(g, "scout-buggy", "H12:N", "H11:N", on=on)
    assert not blocked.legal and "slots already taken (H11 N)" in blocked.problems[0]
    # turning right after the tile, its front is H11's NE side: free
    assert check(g, "scout-buggy", "H12:N", "H11:NE", on=on).legal


def test_l_vehicles_share_a_tile_across_each_other(g):
    on = board(g, ("carrier", "H11:N"))
    assert check(g, "carrier", "H12:N", "H11:NE", on=on).legal  # NE-SW beside N-S
    assert not check(g, "carrier", "H12:N", "H11:N", on=on).legal


def test_an_m_vehicle_leaves_room_only_beside_it(g):
    on = board(g, ("battle-tank", "H11:N"))  # N, NE, NW and S of H11
    assert not check(g, "carrier", "H12:N", "H11:NE", on=on).legal
    assert check(g, "scout-buggy", "G11:SE", "H11:SE", on=on).legal  # H11's SE side is free


def test_an_h_vehicle_needs_its_slots_as_it_enters_and_after_its_turn(g):
    # a table whose H vehicles take only their front side, for the rule alone
    table = replace(
        g.rules.movement, footprints={**g.rules.movement.footprints, "H": (SlotRef(0, 0),)}
    )
    siege = Mover.of("siege-tank", g.cards.unit("siege-tank"), table)
    on = board(g, ("scout-buggy", "H11:N"))  # H11's N side taken
    entering = check_path(siege, pose("H12:N"), path("H11:NE"), table, on)
    assert not entering.legal  # it enters facing N, into the taken side, before it turns
    buggy = Mover.of("scout-buggy", g.cards.unit("scout-buggy"), table)
    assert check_path(buggy, pose("H12:N"), path("H11:NE"), table, on).legal


def test_whole_tiles_as_slots_under_the_other_reading():
    g2 = game(slots="tiles")
    # the siege tank (H) on H11 facing N fills H11 and the tile behind it, H12
    on = board(g2, ("siege-tank", "H11:N"))
    assert not check(g2, "scout-buggy", "H13:N", "H12:N", on=on).legal
    assert check(g2, "rifle-squad", "H13:N", "H12", on=on).legal  # infantry takes no slots


def test_infantry_and_hover_move_freely(g):
    on = board(g, ("siege-tank", "H11:N"))  # all six sides of H11 taken
    for card in ("rifle-squad", "hover-skiff"):
        free = check(g, card, "H12:N", "H11", "I11", "I12", on=on)
        assert free.legal and free.cost == 3
        assert [s.kind for s in free.steps] == ["step"] * 3
    far = check(g, "rifle-squad", "H12:N", "H10")
    assert not far.legal and "not next to" in far.problems[0]


# --- aircraft ----------------------------------------------------------------------------------


def test_an_aircraft_never_only_turns_nor_backs(g):
    turn = check(g, "fighter", "H12:N", "H12:NE")
    back = check(g, "fighter", "H12:N", "H13:N")
    assert "an aircraft cannot only turn" in turn.problems[0]
    assert "an aircraft cannot move backwards" in back.problems[0]
    assert check(g, "fighter", "H12:N", "H11:NE").legal


def test_an_aircraft_must_move(g):
    state = main_phase([unit("jet", "fighter", 1, "H12:N", g)])
    with pytest.raises(ActivationError, match="a move needs a path"):
        play(g, state, "move uid=jet path=")
    with pytest.raises(ActivationError, match="must move when activated"):
        play(g, state, "shoot uid=jet shots=guns>@H8")
    full = game(aircraft_minimum="full")
    short = check(full, "fighter", "H12:N", "H11:N")
    assert not short.legal and "whole Movement (6)" in short.problems[0]
    assert check(full, "fighter", "H12:N", "H11:N", "H10:N", "H9:N", "H8:N", "H7:N", "H6:N").legal


def test_two_aircraft_meeting_are_both_destroyed(g):
    # side 1's jet flies north from H12 through H9, where side 2's fighter is: it meets it
    # in its third step; both are destroyed and the fourth step is not flown.
    state = main_phase(
        [unit("jet", "fighter", 1, "H12:N", g), unit("foe", "fighter", 2, "H9:S", g)]
    )
    out = play(g, state, "move uid=jet path=H11:N,H10:N,H9:N,H8:N")
    pieces = pieces_json(out.state)
    assert pieces["jet"]["status"] == pieces["foe"]["status"] == "destroyed"
    assert "activation.aircraft-collisions" in out.decision.clauses
    assert any("meets the aircraft foe at H9 (step 3)" in w for w in out.decision.working)
    assert out.state.turn == 2


def test_aircraft_pass_each_other_when_only_slots_meet_and_their_slots_do_not():
    g2 = game(aircraft_collision="slots")
    # foe faces S on H9 (its N and S sides); jet enters H9 and turns right (NE and SW)
    state = main_phase(
        [unit("jet", "fighter", 1, "H12:N", g2), unit("foe", "fighter", 2, "H9:S", g2)]
    )
    out = play(g2, state, "move uid=jet path=H11:N,H10:N,H9:NE")
    assert pieces_json(out.state)["jet"]["status"] == "deployed"
    out = play(g2, state, "move uid=jet path=H11:N,H10:N,H9:N")
    assert pieces_json(out.state)["jet"]["status"] == "destroyed"


def test_the_poses_an_aircraft_can_reach_leave_out_only_those_where_it_meets_another():
    # side 2's fighter on H9 facing S takes its N and S sides (an L aircraft: front and back,
    # ruling activation.slots). By tile (ruling activation.aircraft-collision, the default)
    # any pose on H9 meets it: the move may fly in, but ends there with both destroyed, so
    # H9 is no pose the jet can stand in after its move. By slots, only facing N or S does
    # it meet it there: facing NE (its NE and SW sides), NW, SE or SW it shares no slot.
    # NE and NW are three tiles straight on from H12, turning on the last: cost 3; SE and SW
    # need more (no three-tile way enters H9 but facing N, one turn from N, NE or NW).
    jet = mover(game(), "fighter")
    for collision, free in (("tile", set()), ("slots", {"NE", "NW", "SE", "SW"})):
        g2 = game(aircraft_collision=collision)
        on = board(g2, aircraft={"foe": "H9:S"})
        ends = reachable(jet, pose("H12:N"), g2.rules.movement, on)
        on_h9 = {
            DIRECTION_NAMES[p.facing]: c for p, c in ends.items() if p.hex == parse_label("H9")
        }
        assert set(on_h9) == free
        if free:
            assert on_h9["NE"] == on_h9["NW"] == 3 and min(on_h9["SE"], on_h9["SW"]) > 3
        # the collision itself stays a legal move, judged along the path
        assert check_path(
            jet, pose("H12:N"), path("H11:N", "H10:N", "H9:N"), g2.rules.movement, on
        ).legal


def test_aircraft_fly_over_ground_units_or_not(g):
    on = board(g, ("siege-tank", "H11:N"))
    assert check(g, "fighter", "H12:N", "H11:N", on=on).legal
    ground = game(aircraft_layer="ground")
    assert not check(
        ground, "fighter", "H12:N", "H11:N", on=board(ground, ("siege-tank", "H11:N"))
    ).legal


def test_an_aircraft_may_end_its_move_over_an_enemy_building_and_is_not_inside_it(g):
    # ruling activation.aircraft-enemy-building = over (the default): side 2 holds the bunker
    # on H10 (3 of its pips); side 1's jet flies H12 -> H11 -> H10 and stops over it, cited
    from referee.rules.activation.game import garrison

    state = main_phase([unit("jet", "fighter", 1, "H12:N", g)], [fort("H10", side2=3)])
    out = play(g, state, "move uid=jet path=H11:N,H10:N")
    assert out.state.pieces["jet"].hex == parse_label("H10")
    assert "activation.aircraft-enemy-building" in out.decision.rulings
    assert garrison(g, out.state, parse_label("H10")) == []  # above it, never inside
    # a move ending elsewhere does not cite it
    elsewhere = play(g, state, "move uid=jet path=H11:N")
    assert "activation.aircraft-enemy-building" not in elsewhere.decision.rulings


def test_an_aircraft_only_flies_across_an_enemy_building_under_the_other_reading():
    cross = game(aircraft_enemy_building="cross")
    state = main_phase([unit("jet", "fighter", 1, "H12:N", cross)], [fort("H10", side2=3)])
    with pytest.raises(ActivationError, match=r"may not end its move over the enemy's building"):
        play(cross, state, "move uid=jet path=H11:N,H10:N")
    across = play(cross, state, "move uid=jet path=H11:N,H10:N,H9:N")
    assert across.state.pieces["jet"].hex == parse_label("H9")
    assert "activation.aircraft-enemy-building" not in across.decision.rulings
    # the poses it can end in leave H10 out, and keep H9 beyond it
    from referee.rules.activation.game import move_board

    jet = state.pieces["jet"]
    ends = reachable(
        cross.mover(jet), pose("H12:N"), cross.rules.movement, move_board(cross, state, jet)
    )
    assert not any(p.hex == parse_label("H10") for p in ends)
    assert any(p.hex == parse_label("H9") for p in ends)


def test_which_buildings_are_the_enemys_for_an_aircraft():
    # held: more of the enemy's pips; with the pips tied, the one the enemy deployed
    from referee.rules.activation.game import enemy_buildings

    state = main_phase(
        [],
        [
            fort("H10", side2=3),  # the enemy's pips: the enemy's
            fort("H8", side1=2, side2=1, owner=2),  # deployed by it, held by side 1: not
            fort("F8", neutral=3, owner=2),  # no side's pips, deployed by it: the enemy's
            fort("J8", neutral=3),  # neutral: not
        ],
    )
    assert enemy_buildings(state, 1) == {parse_label("H10"), parse_label("F8")}
    assert enemy_buildings(state, 2) == {parse_label("H8")}


# --- the search over (tile, facing) ------------------------------------------------------------


def test_the_cheapest_about_turn_is_three_turns_in_place(g):
    tank = mover(g, "battle-tank")
    turned = cheapest_path(tank, pose("H12:N"), parse_label("H12"), 3, g.rules.movement, board(g))
    assert turned is not None and len(turned) == 3
    assert reachable(tank, pose("H12:N"), g.rules.movement, board(g))[pose("H12:S")] == 3
    any_turn = game(turn_size="any").rules.movement
    assert reachable(tank, pose("H12:N"), any_turn, board(g))[pose("H12:S")] == 1


def test_a_found_path_is_a_legal_one(g):
    tank = mover(g, "battle-tank")
    found = cheapest_path(tank, pose("H12:N"), parse_label("J9"), None, g.rules.movement, board(g))
    assert found is not None
    assert check_path(tank, pose("H12:N"), found, g.rules.movement, board(g)).legal


def test_infantry_reaches_every_tile_within_its_movement(g):
    # Movement 3 on open ground: 1 + 6 + 12 + 18 = 37 tiles
    squad = mover(g, "rifle-squad")
    ends = reachable(squad, pose("H12:N"), g.rules.movement, board(g))
    assert len({p.hex for p in ends}) == 37


def test_an_aircraft_cannot_end_where_it_started(g):
    jet = mover(g, "fighter")
    assert pose("H12:N") not in reachable(jet, pose("H12:N"), g.rules.movement, board(g))


# --- the path the miniature took, said tile by tile ----------------------------------------------


def test_a_path_said_through_an_enemy_tile_pays_double_to_go_on_from_it(g):
    # the rifles (movement 3) on H12 step into H11, an enemy tile, for 1; going on out of it
    # costs double (activation.move-actions): H10, G11 or back to H12 for 1 + 2 = 3, and
    # nothing two tiles from H11 (1 + 2 + 1 = 4)
    squad = mover(g, "rifle-squad")
    on = board(g, enemy=("H11",))
    ends = onward(squad, pose("H12:N"), path("H11:N"), g.rules.movement, on)
    by_tile = {p.hex: c for p, c in ends.items()}
    assert by_tile[parse_label("H10")] == by_tile[parse_label("G11")] == 3
    assert by_tile[parse_label("H12")] == 3
    assert parse_label("H9") not in by_tile and parse_label("H11") not in by_tile
    # from where it stands: G12 next door for 1, G10 three tiles away for 3
    ends = onward(squad, pose("H12:N"), (), g.rules.movement, on)
    assert ends[pose("G12:N")] == 1 and ends[pose("G10:N")] == 3


def test_going_on_to_a_far_tile_takes_the_cheapest_way_from_where_the_path_is(g):
    # from G12 to H10 by H11 (an enemy tile: 1 in, 2 out) would make 1 + 1 + 2 = 4, more
    # than the rifles' 3; by G11 it is 1 + 1 + 1 = 3
    squad = mover(g, "rifle-squad")
    on = board(g, enemy=("H11",))
    longer = extend_path(squad, pose("H12:N"), path("G12:N"), pose("H10:N"), g.rules.movement, on)
    assert longer == path("G12:N", "G11:N", "H10:N")
    assert check_path(squad, pose("H12:N"), longer, g.rules.movement, on).cost == 3
    # into the enemy tile first, H9 is out of reach: 1 + 2 + 1 = 4
    assert (
        extend_path(squad, pose("H12:N"), path("H11:N"), pose("H9:N"), g.rules.movement, on) is None
    )


def test_a_vehicle_going_on_turns_in_place_when_its_path_has_already_entered_the_tile(g):
    # the battle tank entered H11 facing N (1); facing NE there is now a turn in place, 1
    # more (activation.turn-in-place), though from H12 "forward, then turn" costs 1 alone
    tank = mover(g, "battle-tank")
    longer = extend_path(
        tank, pose("H12:N"), path("H11:N"), pose("H11:NE"), g.rules.movement, board(g)
    )
    assert longer == path("H11:N", "H11:NE")
    assert check_path(tank, pose("H12:N"), longer, g.rules.movement, board(g)).cost == 2
    assert (
        onward(tank, pose("H12:N"), path("H11:N"), g.rules.movement, board(g))[pose("H11:NE")] == 2
    )
    assert reachable(tank, pose("H12:N"), g.rules.movement, board(g))[pose("H11:NE")] == 1


# --- the steps as a player says them ----------------------------------------------------------


def test_step_codes_are_read_and_written_back(g):
    start = pose("H12:N")
    codes = ("F", "FR", "LF", "R", "B", "L2")
    poses = steps_to_path(start, codes)
    assert poses[:2] == path("H11:N", "H10:NE")
    assert path_to_steps(start, poses) == codes
    with pytest.raises(StepCodeError, match="not a step"):
        steps_to_path(start, ["FX"])
    with pytest.raises(StepCodeError, match="not a step"):
        steps_to_path(start, ["LFR"])


def test_a_refused_move_changes_nothing(g):
    state = main_phase([unit("tank", "battle-tank", 1, "H12:N", g)], [fort("H8", neutral=2)])
    with pytest.raises(ActivationError, match="more than its Movement of 4"):
        play(g, state, "move uid=tank path=H11:N,H10:N,H9:N,H8:N,H7:N")
    assert pieces_json(state)["tank"]["hex"] == "H12"
