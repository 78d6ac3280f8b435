"""Which steps of an order a unit carries out (clauses orders.speed-restrictions, orders.speed,
orders.illegal, orders.default, orders.follow, conditions.shaken-orders, turn.sequence).

The unit cards are those of orders_units.py (TANK: stand-still / slow / fast)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from orders_units import MORTAR, ONE, TANK, WAGON, mortar, state, tank

from referee.board.hexgrid import Hex
from referee.catalogue.clauses import clauses
from referee.rules.orders.legality import (
    UnknownSpeed,
    check_gunnery,
    check_movement,
    check_movement_step,
    check_turn,
)
from referee.rules.orders.notation import OrderSyntaxError, parse_order
from referee.rules.state import UnitState


def move(text: str):
    return parse_order(text, "movement")


def gun(text: str):
    return parse_order(text, "gunnery")


def done(check) -> list[str]:
    return [",".join(a.text() for a in s.done) for s in check.steps]


# --- speeds -----------------------------------------------------------------------------------


def test_each_movement_step_is_judged_at_the_speed_in_force(current):
    # fast: F allowed; B allowed (fast -> slow from movement 3 on); '-' allowed.
    check = check_movement(tank("fast"), move("F + B + -"), current)
    assert [s.speed for s in check.steps] == ["fast", "fast", "slow"]
    assert check.legal and check.speed_end == "slow"
    assert done(check) == ["F", "B", "-"]


def test_an_order_of_the_new_speed_is_allowed_after_accelerating(current):
    # slow: A (-> fast); movement 2 at fast: Chase is a fast order, not a slow one.
    check = check_movement(tank("slow"), move("A + Chase + F"), current)
    assert check.legal
    assert [s.speed for s in check.steps] == ["slow", "fast", "fast"]


def test_an_order_of_the_old_speed_is_illegal_after_accelerating(current):
    # slow: A (-> fast); Rev is a slow order, fast has none: movement 2 does nothing.
    check = check_movement(tank("slow"), move("A + Rev + F"), current)
    second = check.steps[1]
    assert second.outcome == "nothing" and done(check) == ["A", "-", "F"]
    assert second.problems[0].clause == "orders.speed-restrictions"
    assert "Rev is not an order of Tank at fast" in second.problems[0].reason


def test_the_brake_example_gunnery_1_at_the_old_speed_gunnery_2_at_the_new(current):
    # Draft 004: "If a unit brakes and goes from fast to slow, gunnery part 1 does not allow
    # gunnery orders associated with slow but gunnery part 2 do." Aim is a slow order.
    turn = check_turn(tank("fast"), move("F + B + -"), gun("Aim + Aim"), current)
    first, second = turn.gunnery.steps
    assert (first.speed, first.outcome, done(turn.gunnery)[0]) == ("fast", "nothing", "-")
    assert (second.speed, second.outcome, done(turn.gunnery)[1]) == ("slow", "kept", "Aim")


def test_gunnery_2_follows_the_speed_actually_reached(current):
    # fast, "F + Rev + -": Rev is illegal at fast and does nothing, so no speed change and
    # Aim stays illegal in gunnery 2 as well.
    turn = check_turn(tank("fast"), move("F + Rev + -"), gun("Aim + Aim"), current)
    assert turn.movement.speed_end == "fast"
    assert done(turn.gunnery) == ["-", "-"]


def test_gunnery_alone_is_judged_at_the_start_speed_unless_told_the_end_speed(current):
    assert done(check_gunnery(tank("fast"), gun("Fire + Aim"), current)) == ["Fire", "-"]
    told = check_gunnery(tank("fast"), gun("Fire + Aim"), current, end_speed="slow")
    assert done(told) == ["Fire", "Aim"] and told.speed_end == "slow"


def test_accelerating_at_the_fastest_speed_is_illegal(current):
    # ONE has a single speed, slow, whose card lists A and B: nothing faster nor slower.
    check = check_movement(state(ONE, "slow"), move("A + B + F"), current)
    assert done(check) == ["-", "-", "F"]
    assert check.steps[0].problems[0].clause == "orders.accelerate"
    assert "fastest" in check.steps[0].problems[0].reason
    assert check.steps[1].problems[0].clause == "orders.brake"
    assert "slowest" in check.steps[1].problems[0].reason


def test_braking_to_a_named_speed_and_accelerating_out_of_it(current):
    # MORTAR stand-still: B[setup] -> setup; setup: A -> stand-still (the next one up).
    check = check_movement(mortar("stand-still"), move("B[setup] + A + L"), current)
    assert check.legal
    assert [s.speed for s in check.steps] == ["stand-still", "setup", "stand-still"]


def test_a_plain_brake_is_not_the_named_brake_the_card_lists(current):
    # MORTAR stand-still lists B[setup], not B.
    check = check_movement(mortar("stand-still"), move("B + - + -"), current)
    assert check.steps[0].outcome == "nothing"


def test_nothing_is_always_allowed(current):
    for speed in ("stand-still", "slow", "fast"):
        assert check_movement(tank(speed), move("- + - + -"), current).legal
    assert check_gunnery(state(MORTAR, "slow"), gun("- + -"), current).legal


def test_a_speed_the_unit_does_not_have_is_refused(current):
    with pytest.raises(UnknownSpeed, match="crawling"):
        check_movement(tank("crawling"), move("F + F + F"), current)


def test_an_order_of_the_wrong_kind_is_refused(current):
    with pytest.raises(ValueError, match="movement order"):
        check_movement(tank("slow"), gun("Aim + -"), current)
    with pytest.raises(ValueError, match="gunnery order"):
        check_gunnery(tank("slow"), move("F + F + F"), current)


# --- the speed change inside a step (ruling orders.speed-change) ------------------------------


def test_the_actions_of_a_step_are_judged_at_the_speed_it_starts_at(current):
    # stand-still "A,F": F is not a stand-still order; the new speed applies from movement 2.
    check = check_movement(tank("stand-still"), move("A,F + F + -"), current)
    assert check.steps[0].outcome == "nothing" and done(check)[0] == "-"
    assert "orders.speed-change" in check.steps[0].rulings
    # nothing changed the speed: F stays illegal in movement 2
    assert done(check) == ["-", "-", "-"]


def test_the_same_step_reading_judges_later_actions_at_the_new_speed(current):
    rules = current.with_readings({"orders.speed-change": "same-step"})
    check = check_movement(tank("stand-still"), move("A,F + F + -"), rules)
    assert check.legal and check.speed_end == "slow"


# --- illegal orders per edition (ruling orders.illegal) ---------------------------------------


def test_an_illegal_order_does_nothing_in_the_current_edition(current):
    # Draft 004: "If, for some reason or another, the given order for one step is not
    # allowed, it does nothing." Rev is not a fast order.
    step = check_movement(tank("fast"), move("Rev + F + F"), current).steps[0]
    assert step.outcome == "nothing" and [a.text() for a in step.done] == ["-"]
    assert "orders.illegal" in step.clauses
    assert step.rulings == ("orders.illegal",)


def test_an_illegal_order_becomes_the_default_in_the_first_draft(first_draft):
    # Draft 000: "it is replaced by default". Fast's default on the card is Chase.
    step = check_movement(tank("fast"), move("Rev + F + F"), first_draft).steps[0]
    assert step.outcome == "default" and [a.text() for a in step.done] == ["Chase"]
    assert {"orders.illegal", "orders.default"} <= set(step.clauses)
    assert step.rulings == ()  # the first draft's own text, no ruling


def test_the_default_reading_of_the_current_edition_can_be_switched(current):
    rules = current.with_readings({"orders.illegal": "default"})
    assert done(check_movement(tank("fast"), move("Rev + F + F"), rules))[0] == "Chase"


def test_the_default_gunnery_action_is_nothing(first_draft):
    # "Default Gunnery: - + -": an illegal gunnery step becomes '-' in the first draft too.
    check = check_gunnery(tank("fast"), gun("Aim + Fire"), first_draft)
    assert check.steps[0].outcome == "default" and done(check) == ["-", "Fire"]


def test_a_default_that_is_not_allowed_either_becomes_nothing(first_draft):
    # Draft 000: "If default for one reason or another is not allowed, replace it with -".
    # WAGON's default is Road, and the first draft has no Road order.
    step = check_movement(state(WAGON, "slow"), move("Chase + F + F"), first_draft).steps[0]
    assert step.outcome == "nothing" and [a.text() for a in step.done] == ["-"]
    assert "not allowed either" in step.why[-1]


def test_follow_and_road_are_not_orders_of_the_first_draft(first_draft, current):
    check = check_movement(tank("slow"), move("Road + F + -"), first_draft)
    assert check.steps[0].problems[0].clause == "orders.movement-codes"
    assert done(check)[0] == "F"  # slow's default
    assert check_movement(tank("slow"), move("Road + F + -"), current).legal


# --- one illegal action in a step of several (ruling orders.illegal-scope) --------------------


def test_one_illegal_action_makes_its_whole_step_illegal(current):
    # stand-still: 360 allowed, Rev not: the step's order does nothing.
    step = check_movement(tank("stand-still"), move("360,Rev + - + -"), current).steps[0]
    assert [a.text() for a in step.done] == ["-"]
    assert "orders.illegal-scope" in step.rulings


def test_the_action_reading_keeps_the_allowed_actions(current, first_draft):
    rules = current.with_readings({"orders.illegal-scope": "action"})
    step = check_movement(tank("stand-still"), move("360,Rev + - + -"), rules).steps[0]
    assert [a.text() for a in step.done] == ["360"]
    # the first draft with that reading: slow "360,Chase" -> 360 kept, Chase -> default F
    rules = first_draft.with_readings({"orders.illegal-scope": "action"})
    step = check_movement(tank("slow"), move("360,Chase + - + -"), rules).steps[0]
    assert [a.text() for a in step.done] == ["360", "F"]


# --- shaken (clause conditions.shaken-orders) -------------------------------------------------


def test_a_shaken_unit_carries_out_its_speeds_default_movement_and_no_gunnery(current):
    # Draft 004: "Replace all movement orders with the default for the given speed, and no
    # orders for gunnery action while shaken." Slow's default is F.
    turn = check_turn(tank("slow", shaken=2), move("A + Rev + L"), gun("Aim + Fire"), current)
    assert done(turn.movement) == ["F", "F", "F"]
    assert done(turn.gunnery) == ["-", "-"]
    assert {s.outcome for s in (*turn.movement.steps, *turn.gunnery.steps)} == {"shaken"}
    assert "conditions.shaken-orders" in turn.movement.steps[0].clauses
    assert turn.movement.speed_end == "slow"


def test_a_shaken_unit_in_the_first_draft_too(first_draft):
    turn = check_turn(tank("fast", shaken=1), move("F + F + F"), gun("Fire + -"), first_draft)
    assert done(turn.movement) == ["Chase", "Chase", "Chase"]
    assert done(turn.gunnery) == ["-", "-"]


# --- Follow (clause orders.follow, ruling orders.follow-card) ---------------------------------


def test_follow_needs_a_unit_ordering_this_one_to_follow(current):
    alone = check_movement(tank("slow"), move("Follow + - + -"), current).steps[0]
    assert alone.outcome == "nothing" and alone.problems[0].clause == "orders.follow"
    led = check_movement(tank("slow"), move("Follow + - + -"), current, leader=True).steps[0]
    assert led.kept and "orders.follow-card" in led.rulings


def test_the_card_reading_of_follow_also_needs_the_card(current):
    rules = current.with_readings({"orders.follow-card": "leader-and-card"})
    step = check_movement(tank("slow"), move("Follow + - + -"), rules, leader=True).steps[0]
    assert step.outcome == "nothing"
    assert step.problems[0].clause == "orders.speed-restrictions"


# --- the speed written with the order (ruling orders.speed-annotation) ------------------------


def test_an_order_written_for_another_speed_is_noted_and_judged_step_by_step(current):
    check = check_movement(tank("slow"), move("(fast) F + F + -"), current)
    assert check.legal  # F is a slow order as well
    assert check.notes == ("movement 1: the order is written for fast; the unit is slow",)
    assert "orders.speed-annotation" in check.rulings


def test_the_illegal_reading_voids_an_order_written_for_another_speed(current):
    rules = current.with_readings({"orders.speed-annotation": "illegal"})
    check = check_movement(tank("slow"), move("(fast) F + F + -"), rules)
    assert done(check) == ["-", "-", "-"]
    assert check_movement(tank("fast"), move("(fast) F + F + -"), rules).legal


def test_a_step_written_for_another_speed(current):
    rules = current.with_readings({"orders.speed-annotation": "illegal"})
    # slow all turn: "Aim + Fire (fast)": gunnery 2 is written for fast.
    check = check_gunnery(tank("slow"), gun("Aim + Fire (fast)"), rules)
    assert done(check) == ["Aim", "-"]
    assert check.notes == ("gunnery 2: the step is written for fast; the unit is slow",)
    assert done(check_gunnery(tank("slow"), gun("Aim + Fire (fast)"), current)) == ["Aim", "Fire"]


# --- what a result names ----------------------------------------------------------------------


def test_every_clause_a_result_names_exists(current, first_draft):
    named: set[str] = set()
    cases = [
        (tank("fast"), "Rev,F + A + -", "Aim + Fire"),
        (tank("slow", shaken=1), "F + F + F", "Aim + -"),
        (state(ONE, "slow"), "A + B + Follow", "- + -"),
        (mortar("stand-still"), "B[slow] + B[setup] + A", "Spot + Load"),
    ]
    for rules in (current, first_draft):
        for unit_state, movement, gunnery in cases:
            turn = check_turn(unit_state, move(movement), gun(gunnery), rules)
            for step in (*turn.movement.steps, *turn.gunnery.steps):
                named.update(step.clauses)
                named.update(p.clause for p in step.problems)
    assert named and not named - set(clauses())


def test_a_step_explains_itself(current):
    step = check_movement(tank("fast"), move("Rev + F + F"), current).steps[0]
    assert step.explain() == (
        "movement 1 (fast): Rev -> -: Rev is not an order of Tank at fast (its orders: F L R B "
        "Chase -); the step's order does nothing (-) [orders.speed-restrictions, "
        "orders.illegal, ruling orders.illegal]"
    )


# --- one movement step alone (a match's movement step) ------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    unit=st.sampled_from([TANK, MORTAR, ONE, WAGON]),
    shaken=st.integers(0, 1),
    codes=st.lists(
        st.sampled_from(
            [
                "F",
                "L",
                "R",
                "360",
                "A",
                "B",
                "Rev",
                "Road",
                "Chase",
                "Flee",
                "Follow",
                "B[setup]",
                "A[fast]",
                "-",
            ]
        ),
        min_size=1,
        max_size=3,
        unique=True,
    ),
    edition=st.sampled_from(["current", "first-draft"]),
    data=st.data(),
)
def test_a_movement_step_alone_is_judged_as_the_first_step_of_its_order(
    unit, shaken, codes, edition, data
):
    # the movement command judges the step of the order on the table alone, as step 1 of
    # "STEP + - + -" (what follows a step never changes how it is judged)
    from referee.ruleset.shipped import ruleset

    rules = ruleset(edition)
    speed = data.draw(st.sampled_from([s.name for s in unit.speeds]))
    unit_state = UnitState("U1", unit, 1, Hex(0, 0), speed=speed, shaken=shaken)
    try:
        order = move(f"{','.join(codes)} + - + -")
    except OrderSyntaxError:
        return  # codes that cannot stand together in one step
    given = order.steps[0]
    assert (
        check_movement_step(unit_state, given, rules)
        == check_movement(unit_state, order, rules).steps[0]
    )
