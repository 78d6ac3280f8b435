"""Target legality with every reason (clauses ``fire.shaken``, ``fire.target``,
``fire.spot``, ``fire.line-of-sight``, ``angles.sectors``, ``angles.fixed-weapons``,
``fire.on-edge``, ``fire.range``, ``fire.load``, ``fire.burst``, ``fire.limited-ammo``,
``army.unit-base-weapon``, ``army.elite-weapon``, ``fire.decline``).

The field is 7x9 clear ground unless a test says otherwise; the shooter faces north
(direction 0). Along column D, D7 -> D4 crosses D6 and D5 (range 3).
"""

from __future__ import annotations

from fire_factory import board, infantry, state, tank, unit_type, weapon

from referee.rules.fire.legality import check_target
from referee.rules.fire.options import fire_options

GUN = weapon("gun", range=3, arc="*/-/-/-")


def codes(check) -> list[str]:
    return [r.code for r in check.reasons]


def shooter_with(gun=GUN, at: str = "D7", **kw):
    kw.setdefault("loaded", {gun.name: gun.burst})
    return state("t1", tank(weapons=(gun,)), 1, at, speed="slow", **kw)


def target_at(at: str = "D4", **kw):
    return state("i1", infantry(), 2, at, speed="slow", **kw)


def test_a_clear_shot_is_allowed_and_gives_its_shot(current) -> None:
    check = check_target(current, board(current), shooter_with(), target_at(), GUN)
    assert check.allowed and check.reasons == ()
    assert check.shot is not None and check.shot.band is not None
    assert check.shot.band.band == "normal"


def test_no_line_of_sight_through_forest(current) -> None:
    check = check_target(
        current, board(current, {"D5": "forest"}), shooter_with(), target_at(), GUN
    )
    assert codes(check) == ["no-line-of-sight"]
    assert check.reasons[0].clause == "fire.line-of-sight"
    assert "D5" in check.reasons[0].text


def test_a_target_in_a_blind_hex(current) -> None:
    # shooter on a mountain (level 2) at D9, a hill (level-1 blocking) at D6: the two
    # hexes behind it, D5 and D4, are blind from D9; D5 is at range 4
    field = board(current, {"D9": "mountain", "D6": "hill"})
    gun = weapon("gun", range=4, arc="*/-/-/-")
    check = check_target(current, field, shooter_with(gun, "D9"), target_at("D5"), gun)
    assert codes(check) == ["blind"]


def test_outside_the_firing_arc(current) -> None:
    # D9 lies behind D7: the back sector, which */-/-/- forbids
    check = check_target(current, board(current), shooter_with(), target_at("D9"), GUN)
    assert codes(check) == ["outside-arc"]
    assert check.reasons[0].clause == "angles.sectors"


def test_fixed_gun_pointing_elsewhere(current) -> None:
    gun = weapon("guns", range=3, fixed="x1/-/-/-")
    check = check_target(current, board(current), shooter_with(gun), target_at("D9"), gun)
    assert codes(check) == ["outside-arc"]
    assert check.reasons[0].clause == "angles.fixed-weapons"
    # x2 in front: D4, straight ahead, has both front guns bearing
    twin = weapon("guns", range=3, fixed="x2/-/-/-")
    assert check_target(current, board(current), shooter_with(twin), target_at(), twin).guns == 2


def test_on_edge_of_the_arc_is_allowed_with_the_penalty(current) -> None:
    # C3 -> D1 runs through C3's corner between its N (front) and NE (front-side) sides;
    # a front-only gun fires along the border of its own arc: allowed, -1 to hit
    check = check_target(current, board(current), shooter_with(at="C3"), target_at("D1"), GUN)
    assert check.allowed
    assert [n.code for n in check.notes] == ["on-edge"]
    assert check.shot is not None and check.shot.on_edge


def test_out_of_range_beyond_twice_the_weapon_range(current) -> None:
    gun = weapon("gun", range=2, arc="*/-/-/-")
    # D7 -> D2 is range 5 > 2 x 2
    check = check_target(current, board(current), shooter_with(gun), target_at("D2"), gun)
    assert codes(check) == ["out-of-range"]
    # D7 -> D3 is range 4 = 2 x 2: long range, allowed
    check = check_target(current, board(current), shooter_with(gun), target_at("D3"), gun)
    assert check.allowed and check.band is not None and check.band.band == "long"


def test_not_loaded(current) -> None:
    check = check_target(current, board(current), shooter_with(loaded={}), target_at(), GUN)
    assert codes(check) == ["not-loaded"]
    assert check.reasons[0].clause == "fire.load"


def test_burst_needs_n_ammo_loaded(current) -> None:
    gun = weapon("mg", range=3, burst=3)
    low = shooter_with(gun, loaded={"mg": 2})
    check = check_target(current, board(current), low, target_at(), gun)
    assert codes(check) == ["burst-ammo"]
    assert check.reasons[0].clause == "fire.burst"
    assert check_target(current, board(current), shooter_with(gun), target_at(), gun).allowed


def test_limited_ammo_used_up(current) -> None:
    gun = weapon("rocket", range=3, limited_ammo=2)
    spent = shooter_with(gun, fired={"rocket": 2})
    assert codes(check_target(current, board(current), spent, target_at(), gun)) == ["limited-ammo"]
    once = shooter_with(gun, fired={"rocket": 1})
    assert check_target(current, board(current), once, target_at(), gun).allowed


def test_limited_ammo_counted_in_ammo_under_that_reading(current) -> None:
    gun = weapon("rockets", range=3, burst=2, limited_ammo=3)
    shooter = shooter_with(gun, fired={"rockets": 2})
    # counting fire actions: 2 of 3 used, one more action allowed
    assert check_target(current, board(current), shooter, target_at(), gun).allowed
    # counting ammo: 2 of 3 used, a Burst(2) needs 2 more
    ammo = current.with_readings({"fire.limited-ammo-count": "ammo"})
    check = check_target(ammo, board(ammo), shooter, target_at(), gun)
    assert codes(check) == ["limited-ammo"]
    assert check.reasons[0].ruling == "fire.limited-ammo-count"


def test_shaken_units_do_not_fire(current) -> None:
    check = check_target(current, board(current), shooter_with(shaken=2), target_at(), GUN)
    assert codes(check) == ["shaken"]
    assert check.reasons[0].clause == "fire.shaken"


def test_unit_base_weapon_needs_two_alive_models(current) -> None:
    cannon = weapon("hand cannon", range=3, carried="unit-base")
    rifle = weapon("rifle", range=3)
    unit = infantry(weapons=(rifle, cannon))
    one_left = state(
        "i9", unit, 1, "D7", speed="slow", alive=1, loaded={"hand cannon": 1, "rifle": 1}
    )
    check = check_target(current, board(current), one_left, target_at(), cannon)
    assert codes(check) == ["unit-base-models"]
    assert check.reasons[0].clause == "army.unit-base-weapon"


def test_unit_base_weapon_or_the_normal_weapons_in_one_step(current) -> None:
    cannon = weapon("hand cannon", range=3, carried="unit-base")
    rifle = weapon("rifle", range=3)
    unit = infantry(weapons=(rifle, cannon))
    squad = state("i9", unit, 1, "D7", speed="slow", loaded={"hand cannon": 1, "rifle": 1})
    field = board(current)
    after_rifle = check_target(
        current, field, squad, target_at(), cannon, fired_this_step=("rifle",)
    )
    assert codes(after_rifle) == ["unit-base-or-normal"]
    after_cannon = check_target(
        current, field, squad, target_at(), rifle, fired_this_step=("hand cannon",)
    )
    assert codes(after_cannon) == ["unit-base-or-normal"]


def test_elite_weapon_needs_an_elite_alive(current) -> None:
    sword = weapon("sniper rifle", range=3, carried="elite")
    unit = unit_type(
        "Rangers", models=4, size="medium", types=("infantry",), elites=1, weapons=(sword,)
    )
    shooter = state("r1", unit, 1, "D7", speed="slow", elites_alive=0, loaded={"sniper rifle": 1})
    assert codes(check_target(current, board(current), shooter, target_at(), sword)) == ["no-elite"]


def test_hidden_target_must_be_spotted_first(current) -> None:
    hidden = target_at(hidden=True)
    check = check_target(current, board(current), shooter_with(), hidden, GUN)
    assert codes(check) == ["hidden"]
    assert check.reasons[0].clause == "fire.spot"
    spot = check_target(
        current, board(current), shooter_with(loaded={}), hidden, GUN, action="spot"
    )
    assert spot.allowed  # a spot needs no ammo


def test_spot_needs_a_hidden_target(current) -> None:
    check = check_target(current, board(current), shooter_with(), target_at(), GUN, action="spot")
    assert codes(check) == ["not-hidden"]


def test_friends_are_not_targets(current) -> None:
    friend = state("t2", tank(), 1, "D4", speed="slow")
    assert codes(check_target(current, board(current), shooter_with(), friend, GUN)) == [
        "not-enemy"
    ]


def test_every_reason_is_reported_not_only_the_first(current) -> None:
    gun = weapon("gun", range=2, arc="*/-/-/-")
    shooter = shooter_with(gun, shaken=1, loaded={})
    field = board(current, {"D4": "forest"})
    # shaken; hidden; D4 forest blocks D7 -> D2; range 5 > 2 x 2; not loaded
    check = check_target(current, field, shooter, target_at("D2", hidden=True), gun)
    assert codes(check) == ["shaken", "hidden", "no-line-of-sight", "out-of-range", "not-loaded"]
    assert "not allowed" in check.explain()


def test_current_unit_may_hold_fire(current) -> None:
    options = fire_options(current, board(current), shooter_with(), [target_at()])
    assert len(options.legal) == 1
    assert options.hold_fire.allowed
    assert options.hold_fire.clause == "fire.decline"


def test_first_draft_unit_with_a_legal_target_must_fire(first_draft) -> None:
    options = fire_options(first_draft, board(first_draft), shooter_with(), [target_at()])
    assert not options.hold_fire.allowed
    assert options.hold_fire.ruling == "fire.decline-first-draft"
    # without a legal target it does nothing
    behind = fire_options(first_draft, board(first_draft), shooter_with(), [target_at("D9")])
    assert behind.legal == () and behind.hold_fire.allowed


def test_shaken_unit_holds_fire(current) -> None:
    options = fire_options(current, board(current), shooter_with(shaken=1), [target_at()])
    assert options.legal == ()
    assert options.hold_fire.allowed and options.hold_fire.clause == "fire.shaken"
