"""The demo match (referee/match/setup/demo.py): set up as the drafts say, orders legal."""

from __future__ import annotations

from referee.match.games.orders_file import MatchFile
from referee.match.setup.demo import DEMO_ORDERS, DEMO_ORDERS_NEXT, create_demo_match
from referee.rules.orders.commands import Advance, Fire, Movement
from referee.rules.orders.legality import check_turn
from referee.rules.orders.notation import parse_order


def test_demo_match_is_the_standard_map_under_the_current_edition(tmp_path):
    # issue 24: the demo is played under the current edition (draft 004) unless the
    # referee chooses otherwise
    with create_demo_match(tmp_path / "d.referee") as match:
        assert match.battle_map.name == "Standard battlefield"
        assert (match.battle_map.columns, match.battle_map.rows) == (7, 9)
        assert match.rules.id == "current"
        assert match.rules.title == "Current edition (draft 004)"


def test_a_first_draft_demo_is_there_when_asked(tmp_path):
    with create_demo_match(tmp_path / "d.referee", "first-draft") as match:
        assert match.rules.id == "first-draft"
        assert match.state.step == "gunnery-1"


def test_demo_units_stand_in_their_sides_deployment_zones(tmp_path):
    # Map "standard": side 2 holds rows 1-3, side 1 rows 7-9 (ruling setup.first-draft-zones).
    with create_demo_match(tmp_path / "d.referee") as match:
        units = match.state.units.values()
        assert {u.side for u in units} == {1, 2}
        for u in units:
            assert match.battle_map.zone_of(u.hex) == f"side{u.side}", u.uid


def test_demo_sides_face_each_other(tmp_path):
    # Side 1 at the bottom faces N (0), side 2 at the top faces S (3) (clause angles.facing).
    with create_demo_match(tmp_path / "d.referee") as match:
        for u in match.state.units.values():
            assert u.facing == (0 if u.side == 1 else 3), u.uid


def test_demo_has_a_vehicle_infantry_and_cavalry_on_each_side(tmp_path):
    with create_demo_match(tmp_path / "d.referee") as match:
        for side in (1, 2):
            types = [u.unit.types for u in match.state.units.values() if u.side == side]
            for kind in ("vehicle", "infantry", "cavalry"):
                assert sum(kind in t for t in types) == 1, (side, kind)


def test_demo_orders_are_written_for_turns_1_and_2_and_legal_for_each_speed(tmp_path):
    # orders.giving: orders are one round ahead, so every unit has both orders for turn 1
    # and turn 2 and the orders step of turn 1 is behind the match; each step is kept as
    # given (OrderCheck.legal) at the unit's speed (no order of turn 1 changes a speed).
    path = tmp_path / "d.referee"
    create_demo_match(path).close()
    with MatchFile.open(path) as match:
        state = match.state
        assert [s.name for s in match.steps()] == ["Orders for turns 1 and 2"]
        assert (state.turn, state.step) == (1, "gunnery-1")
        assert state.orders_missing() == ()
        for turn, orders in (("1", DEMO_ORDERS), ("2", DEMO_ORDERS_NEXT)):
            for uid, unit in state.units.items():
                written = state.orders[uid][turn]
                move, guns = orders[uid]
                assert set(written) == {"movement", "gunnery"}
                check = check_turn(
                    unit,
                    parse_order(move, "movement"),
                    parse_order(guns, "gunnery"),
                    state.rules,
                )
                assert check.movement.legal and check.gunnery.legal, (turn, uid)


def test_demo_match_replays_exactly(tmp_path):
    with create_demo_match(tmp_path / "d.referee") as match:
        assert match.replay_check() == []


def test_demo_turn_1_has_an_area_weapon_in_range_and_an_assault(tmp_path):
    # the wagon (D2, facing S) reaches the hoplites (E7) with its Gas lobba: 5 hexes, its
    # range (area: one die per hoplite, 4); the boars (E3, facing S, F + F) and the hoplites
    # (E7, facing N, F + F) both enter E5 in movement 2: an assault over E5
    with create_demo_match(tmp_path / "d.referee") as match:
        fired = match.run(
            "Gunnery 1",
            [Fire(shooter="wagon", target="hoplites", weapon="Gas lobba")],
        )
        area = [d for d in fired.events[0].dice if d.purpose == "area on hoplites"]
        assert len(area) == 4
        match.run(
            "Movement 1",
            [
                Advance(to="movement-1", unfired="pass"),
                Movement(step=1),
                Advance(to="movement-2", unfired="pass"),
                Movement(step=2),
            ],
        )
        assert [
            (c["hexes"], sorted(p["uid"] for p in c["participants"])) for c in match.state.contests
        ] == [(["E5"], ["boars", "hoplites"])]


def test_the_demo_keeps_the_catalogue_s_cards_read_from_its_two_armies_files(tmp_path):
    # the demo reads its cards from the Spartans' and the Orks' files alone (not the whole
    # catalogue): the match file keeps the very cards the catalogue has for those ids
    from referee.app.start.demo_preview import demo_unit_types
    from referee.match.games.orders_file import _card_source
    from referee.match.setup.demo import DEMO_UNITS, demo_cards
    from referee.units.catalogue import find_unit

    ids = {spec["unit"] for spec in DEMO_UNITS}
    assert demo_cards() == {uid: _card_source(find_unit(uid)) for uid in ids}
    assert {uid: u.name for uid, u in demo_unit_types().items()} == {
        uid: find_unit(uid).name for uid in ids
    }
    with create_demo_match(tmp_path / "d.referee") as match:
        assert {u.unit.id: u.unit.name for u in match.state.units.values()} == {
            uid: find_unit(uid).name for uid in ids
        }
