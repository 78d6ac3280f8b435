"""Deployment (draft 002, "Deploy armies"): one unit or structure at a time, starting with
the first player; the first on the player's edge, the next on tiles next to those already
deployed on, up to 3 tiles from the edge; with starting ammunition; then the reserves, the
rest out of the battle; then "before the battle" in player order.

Side 1's edge on the shipped missions is the hexagon's S side: A12, B12, C13, D13, E14,
F14, G15, H15. From H15 the tiles go H14 (row 2), H13 (row 3), H12 (row 4)."""

from __future__ import annotations

import pytest
from activation_factory import game, pieces_json, play

from referee.board.hexgrid import hex_label, parse_label
from referee.board.maps import edge_depth
from referee.rules.activation.actions import ActivationError
from referee.rules.activation.deployment import deploy_tiles
from referee.rules.activation.missions import edge_tiles
from referee.rules.activation.start import new_game

ARMIES = {
    1: [
        ("tank", "battle-tank"),
        ("squad", "rifle-squad"),
        ("bunker", "bunker"),
        ("siege", "siege-tank"),
        ("scouts", "rifle-squad"),
        ("rockets", "rocket-team"),
    ],
    2: [("buggy", "scout-buggy"), ("jet", "fighter"), ("grunts", "rifle-squad")],
}


def ready(g, mission="crossroads"):
    """A game at deployment on ``mission``, side 1 first."""
    state = new_game(g.cards, g.missions, ARMIES, [mission])
    state = play(g, state, "present").state
    state = play(g, state, "roll-order", [1]).state
    return play(g, state, "choose-order side=1 go=first").state


@pytest.fixture(scope="module")
def g():
    return game()


def test_the_edge_of_side_1(g):
    edge = edge_tiles(g.maps["crossroads"], "S")
    assert sorted(map(hex_label, edge)) == ["A12", "B12", "C13", "D13", "E14", "F14", "G15", "H15"]


def test_the_first_deployment_goes_on_the_edge(g):
    state = ready(g)
    with pytest.raises(ActivationError, match="H14: side 1 deploys on side 1's edge"):
        play(g, state, "deploy side=1 uid=squad hex=H14")
    out = play(g, state, "deploy side=1 uid=squad hex=H15")
    assert pieces_json(out.state)["squad"]["hex"] == "H15" and out.state.turn == 2


def test_a_refused_deployment_names_the_tiles_the_side_may_deploy_on(g):
    # "S" alone misleads on screen (the hexagon's S side is drawn lower left): the refusal
    # lists the tiles of side 1's edge, those the Deploy wizard offers
    state = ready(g, "last-stand")
    with pytest.raises(ActivationError) as refused:
        play(g, state, "deploy side=1 uid=tank hex=H14 facing=N")
    assert str(refused.value).endswith(
        "its first deployment: A12, B12, C13, D13, E14, F14, G15, H15"
    )
    assert "(S)" not in str(refused.value)
    state = play(g, state, "deploy side=1 uid=squad hex=H15").state
    state = play(g, state, "deploy side=2 uid=grunts hex=H1").state
    with pytest.raises(ActivationError) as later:
        play(g, state, "deploy side=1 uid=scouts hex=H13")
    # the edge, and next to H15 within 3 rows: H14 above it, I15 up right (row 2; G15, up
    # left, is on the edge already)
    assert str(later.value).endswith(
        "within 3 rows of the edge: A12, B12, C13, D13, E14, F14, G15, H14, H15, I15"
    )


def test_the_map_rims_the_rows_each_side_deploys_in_under_the_reading(g):
    # the rims are the engine's rows, from the mission's edges and ruling
    # activation.deploy-depth, not the map file's zones: 4 rows under three-beyond
    deep = game(deploy_depth="three-beyond")
    for gg, depth in ((g, 3), (deep, 4)):
        bm = gg.maps["last-stand"]
        for side, edge in ((1, "S"), (2, "N")):
            rows = {h for h in bm.hexes if edge_depth(bm, h, edge) <= depth}
            assert bm.zones[f"side{side}"] == rows
    assert parse_label("H12") in deep.maps["last-stand"].zones["side1"]
    assert parse_label("H12") not in g.maps["last-stand"].zones["side1"]


def test_later_deployments_go_next_to_earlier_ones_up_to_3_rows(g):
    state = play(g, ready(g), "deploy side=1 uid=squad hex=H15").state
    state = play(g, state, "deploy side=2 uid=grunts hex=H1").state
    with pytest.raises(ActivationError, match="next to a tile it deployed on"):
        play(g, state, "deploy side=1 uid=scouts hex=H13")  # row 3, not next to H15
    state = play(g, state, "deploy side=1 uid=scouts hex=H14").state  # row 2, next to H15
    state = play(g, state, "deploy side=2 uid=buggy hex=I2 facing=S").state
    state = play(g, state, "deploy side=1 uid=rockets hex=H13").state  # row 3, next to H14
    state = play(g, state, "deploy side=2 uid=jet hex=J2 facing=S").state
    with pytest.raises(ActivationError, match="within 3 rows of the edge"):
        play(g, state, "deploy side=1 uid=tank hex=H12 facing=N")  # row 4
    assert play(g, state, "deploy side=1 uid=tank hex=A12 facing=N").state  # the edge again


def test_four_rows_under_the_other_reading(g):
    deep = game(deploy_depth="three-beyond")
    bm = deep.maps["crossroads"]
    placed = [parse_label("H13")]
    assert parse_label("H12") in deploy_tiles(bm, "S", deep.rules.start.depth, placed)
    assert parse_label("H12") not in deploy_tiles(bm, "S", g.rules.start.depth, placed)


def test_a_vehicle_needs_free_slots_where_it_deploys(g):
    state = play(g, ready(g), "deploy side=1 uid=siege hex=H15 facing=N").state
    state = play(g, state, "deploy side=2 uid=grunts hex=H1").state
    with pytest.raises(ActivationError, match="slots already taken"):
        play(g, state, "deploy side=1 uid=tank hex=H15 facing=N")
    assert play(g, state, "deploy side=1 uid=squad hex=H15").state  # infantry: no slots


def test_starting_ammunition_is_chosen_up_to_the_card(g):
    state = ready(g)
    with pytest.raises(ActivationError, match="0 to 6 ammunition, not 7"):
        play(g, state, "deploy side=1 uid=squad hex=H15 ammunition=7")
    out = play(g, state, "deploy side=1 uid=squad hex=H15 ammunition=2")
    assert pieces_json(out.state)["squad"]["ammunition"] == 2
    full = play(g, state, "deploy side=1 uid=tank hex=H15 facing=N")
    assert pieces_json(full.state)["tank"]["ammunition"] == 5


def test_a_structure_deployed_is_a_building_in_its_players_colour(g):
    out = play(g, ready(g), "deploy side=1 uid=bunker hex=G15")
    (f,) = [f for f in out.state.fortifications.values() if f.owner == 1]
    assert (hex_label(f.hex), f.pips.to_json()) == ("G15", {"side1": 4, "side2": 0, "neutral": 0})


def test_deployment_takes_capacity(g):
    # twin-towers gives each side 10: siege 4 + tank 3 + squad 1 = 8 leave 2, too little
    # for a second siege tank (4) while the scouts (1) still fit
    army = {
        1: [
            ("siege", "siege-tank"),
            ("tank", "battle-tank"),
            ("squad", "rifle-squad"),
            ("siege2", "siege-tank"),
            ("scouts", "rifle-squad"),
        ],
        2: [("grunts", "rifle-squad")],
    }
    state = new_game(g.cards, g.missions, army, ["twin-towers"])
    state = play(
        g,
        play(g, play(g, state, "present").state, "roll-order", [1]).state,
        "choose-order side=1 go=first",
    ).state
    state = play(g, state, "deploy side=1 uid=siege hex=H15 facing=N").state
    state = play(g, state, "deploy-pass side=2").state
    state = play(g, state, "deploy side=1 uid=tank hex=A12 facing=N").state
    state = play(g, state, "deploy side=1 uid=squad hex=H14").state
    with pytest.raises(ActivationError, match="takes 4 capacity; side 1 has 2 of 10 left"):
        play(g, state, "deploy side=1 uid=siege2 hex=G15 facing=N")
    state = play(g, state, "deploy side=1 uid=scouts hex=G15").state
    # 1 left: nothing more fits, so side 1's deployment ends by itself
    assert state.phase == "reserves"


def test_capacity_counts_units_under_the_other_reading():
    g2 = game(capacity="units")
    army = {1: [(f"s{i}", "siege-tank") for i in range(11)], 2: [("grunts", "rifle-squad")]}
    state = new_game(g2.cards, g2.missions, army, ["twin-towers"])
    state = play(
        g2,
        play(g2, play(g2, state, "present").state, "roll-order", [1]).state,
        "choose-order side=1 go=first",
    ).state
    state = play(g2, state, "deploy-pass side=1").state
    state = play(g2, state, "deploy-pass side=2").state
    # 10 siege tanks in the reserves use the 10 of capacity, one each; the eleventh is out
    out = play(g2, state, "reserves side=1 uids=" + ",".join(f"s{i}" for i in range(10)))
    assert pieces_json(out.state)["s10"]["status"] == "out"
    with pytest.raises(ActivationError, match="the reserves take 11 capacity"):
        play(g2, state, "reserves side=1 uids=" + ",".join(f"s{i}" for i in range(11)))


def test_a_pass_ends_a_players_deployment(g):
    state = play(g, ready(g), "deploy side=1 uid=squad hex=H15").state
    state = play(g, state, "deploy-pass side=2").state
    assert state.turn == 1 and state.done == {2}
    with pytest.raises(ActivationError, match="side 1's turn"):
        play(g, state, "deploy side=2 uid=grunts hex=H1")
    skip = game(deploy_pass="skip")
    state = play(skip, ready(skip), "deploy-pass side=1").state
    assert state.turn == 2 and state.done == frozenset()
    state = play(skip, state, "deploy-pass side=2").state
    assert state.phase == "reserves"


def test_reserves_fill_the_capacity_and_the_rest_are_out(g):
    state = play(g, ready(g), "deploy side=1 uid=tank hex=H15 facing=N").state
    state = play(g, state, "deploy side=2 uid=jet hex=H1 facing=S").state
    state = play(g, state, "deploy-pass side=1").state
    state = play(g, state, "deploy-pass side=2").state
    assert state.phase == "reserves" and state.turn == 1
    # crossroads: 12 capacity; the tank took 3, so 9 are left: siege 4, bunker 2, squad 1,
    # scouts 1, rockets 1 = 9 fit; with a second siege tank they would not
    with pytest.raises(ActivationError, match="not on side 1's roster"):
        play(g, state, "reserves side=1 uids=tank")
    out = play(g, state, "reserves side=1 uids=siege,squad")
    pieces = pieces_json(out.state)
    assert pieces["siege"]["status"] == pieces["squad"]["status"] == "reserve"
    assert {u for u, p in pieces.items() if p["status"] == "out"} == {"bunker", "scouts", "rockets"}
    state = play(g, out.state, "reserves side=2 uids=grunts,buggy").state
    # nobody on the map has a "before the battle" action left: the main phase begins
    assert state.phase == "main" and state.turn == 1


def test_before_the_battle_in_player_order(g):
    state = play(g, ready(g), "deploy side=1 uid=tank hex=H15 facing=N").state
    state = play(g, state, "deploy side=2 uid=buggy hex=H1 facing=S").state
    state = play(g, state, "deploy-pass side=1").state
    state = play(g, state, "deploy-pass side=2").state
    state = play(g, state, "reserves side=1").state
    state = play(g, state, "reserves side=2").state
    # side 1 (first) has no such action: side 2's scout buggy makes its scout move
    assert state.phase == "before-battle" and state.turn == 2
    out = play(g, state, "before-battle side=2 uid=buggy action=scout-move path=H2:S,H3:S")
    assert pieces_json(out.state)["buggy"]["hex"] == "H3"
    assert out.state.phase == "main" and out.state.turn == 1
    assert "activation.starting-actions" in out.decision.clauses


def test_a_structure_starts_with_no_ammunition(g):
    # "When deploying a unit, also choose how much ammunition it starts with": a unit, not a
    # structure; a bunker given ammunition is refused, naming the field
    with pytest.raises(ActivationError, match="bunker is a structure") as err:
        play(g, ready(g), "deploy side=1 uid=bunker hex=G15 ammunition=2")
    assert err.value.field == "ammunition"
    assert play(g, ready(g), "deploy side=1 uid=bunker hex=G15").state


def test_a_refused_deployment_says_where_the_edge_is_on_the_board(g):
    # the Crossroads' side 1 edge is the hexagon's S side, drawn at the lower left of the
    # map (flat-topped tiles: corners at top and bottom), from A12 to H15
    state = ready(g)
    with pytest.raises(ActivationError) as refused:
        play(g, state, "deploy side=1 uid=tank hex=H14 facing=N")
    assert "side 1's edge, the lower-left edge (A12 to H15), its first deployment" in str(
        refused.value
    )
    state = play(g, state, "deploy side=1 uid=squad hex=H15").state
    state = play(g, state, "deploy side=2 uid=grunts hex=H1").state
    with pytest.raises(ActivationError) as later:
        play(g, state, "deploy side=1 uid=scouts hex=H13")
    assert "side 1's edge, the lower-left edge (A12 to H15), or next to a tile" in str(later.value)
