"""No noise: ``advance skip=idle`` passes a run of steps with nothing in them as one journal
entry and stops at the first step where something is to be done (clause turn.sequence);
what "something" is, kind by kind, is :func:`referee.rules.orders.advance.step_work`."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from referee.match.games.orders_file import MatchFile
from referee.rules.orders.advance import hex_effect_units, plan_advance, step_work
from referee.rules.orders.agenda import match_agenda

UNITS = [
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
]
STILL = ("- + - + -", "- + -")


def at_gunnery_1(tmp_path: Path, tank=STILL, grunts=STILL, extra=()) -> MatchFile:
    """The current edition on ENTRENCHED!: orders for turns 1 and 2 (turn 2's standing
    still), ``extra`` corrections, the clock at Gunnery 1 of turn 1."""
    m = MatchFile.create(tmp_path / "m.referee", map_name="entrenched", units=UNITS, seed=7)
    commands = [
        {"kind": "orders", "uid": "tank", "turn": 1, "movement": tank[0], "gunnery": tank[1]},
        {"kind": "orders", "uid": "grunts", "turn": 1, "movement": grunts[0], "gunnery": grunts[1]},
        *(
            {"kind": "orders", "uid": u, "turn": 2, "movement": STILL[0], "gunnery": STILL[1]}
            for u in ("tank", "grunts")
        ),
        *extra,
        {"kind": "advance"},
    ]
    m.run("Set-up", commands)
    assert m.state.step == "gunnery-1"
    return m


def skip(m: MatchFile):
    plan = plan_advance(m.state, skip="idle")
    step = m.run(plan.name(), [{"kind": "advance", "skip": "idle"}])
    return plan, step


def test_a_turn_with_nothing_in_it_is_one_journal_entry(tmp_path):
    with at_gunnery_1(tmp_path) as m:
        assert step_work(m.state) is None
        plan, step = skip(m)
        # draft 004's turn has 38 steps with the orders step; from Gunnery 1 (index 1) the
        # 36 steps after it are empty, and turn 2's orders step waits for turn 3's orders
        assert len(plan.passed) == 36
        assert step.name == "Gunnery 1 to Aftermath: nothing to do in 36 steps"
        assert [e.kind for e in step.events] == ["advance"]
        assert (m.state.turn, m.state.step) == (2, "orders")
        assert step.events[0].detail["passed"][-1] == "aftermath"
        assert m.state.triggered == ()  # a new turn: hex effects may trigger again
        assert m.replay_check() == []


@pytest.mark.parametrize(
    ("tank", "grunts", "extra", "stop"),
    [
        # the tank fires in Gunnery 2: nothing before it
        (("- + - + -", "- + Fire"), STILL, (), "gunnery-2"),
        # the grunts, slow, move forward in Movement 2 (standing still, F would do nothing)
        (
            STILL,
            ("- + F + -", "- + -"),
            ({"kind": "correct", "uid": "grunts", "set": {"speed": "slow"}},),
            "movement-2",
        ),
        # standing still, the grunts' F is illegal and does nothing (orders.illegal): no move
        (STILL, ("- + F + -", "- + -"), (), "orders"),
        # two fire tokens on the tank: the current edition burns them in Agony 2
        (STILL, STILL, ({"kind": "correct", "uid": "tank", "set": {"fire": 2}},), "agony-2"),
        # a shaken token comes off in the aftermath
        (STILL, STILL, ({"kind": "correct", "uid": "grunts", "set": {"shaken": 1}},), "aftermath"),
        # a poison cloud the grunts stand in meets them at movement 1's hex effects: the
        # gunnery step's concern only hexes a hex effect was fired into (drafts 000 and 004,
        # "if hex effect was fired in a hex you were standing"; ruling
        # turn.hex-effects-standing, each-turn)
        (
            STILL,
            STILL,
            (
                {
                    "kind": "correct-hex",
                    "hex": "E6",
                    "marker": "poison-cloud",
                    "count": 2,
                    "strength": 6,
                },
            ),
            "movement-1.hex-effects",
        ),
        # smoke rolls nothing on whoever stands in it: it goes in the aftermath
        (
            STILL,
            STILL,
            ({"kind": "correct-hex", "hex": "E6", "marker": "smoke", "count": 2},),
            "aftermath",
        ),
    ],
)
def test_the_run_stops_at_the_first_step_with_something_in_it(tmp_path, tank, grunts, extra, stop):
    with at_gunnery_1(tmp_path, tank, grunts, extra) as m:
        _plan, step = skip(m)
        assert m.state.step == stop, step.name
        assert step_work(m.state) is not None
        assert m.replay_check() == []


def test_damage_waiting_stops_the_clock_at_the_next_apply_damage(tmp_path):
    with at_gunnery_1(tmp_path, ("- + - + -", "Fire + -")) as m:
        # need 3: a 5 hits; 6 + 1 = 7 on the grunts' table: one model killed, pending
        m.run(
            "Gunnery 1",
            [{"kind": "fire", "shooter": "tank", "target": "grunts", "weapon": "Main gun"}],
            typed=[5, 6],
        )
        _plan, step = skip(m)
        # ruling turn.gunnery-1-damage (as-004): the first apply damage is after Assault 1
        assert m.state.step == "assault-1.apply-damage"
        assert step.name == "Gunnery 1 to Assault 1: nothing to do in 8 steps"
        assert step_work(m.state) == "1 damage roll(s) to apply"


def test_a_step_with_work_at_the_start_is_left_and_not_counted(tmp_path):
    with at_gunnery_1(tmp_path, ("- + - + -", "Fire + -")) as m:
        assert step_work(m.state) == "tank: Fire"
        # the tank, ordered to fire at the grunts in reach, is passed: it holds its fire
        # (ruling turn.unfired-fire-order; test_match_unfired.py)
        plan = plan_advance(m.state, skip="idle", unfired="pass")
        assert plan.start.step_id == "gunnery-1" and plan.passed[0].step_id != "gunnery-1"


def test_a_plain_advance_still_moves_one_step(tmp_path):
    with at_gunnery_1(tmp_path) as m:
        step = m.run("Next", [{"kind": "advance"}])
        assert m.state.step == "gunnery-1.hex-effects"
        assert step.events[0].detail == {}  # the event journals always had
        assert (
            plan_advance(m.state).name() == "Next step: Turn 1, Movement 1: move every "
            "unit at once (first part of its movement order)"
        )


def test_a_unit_standing_in_a_cloud_is_concerned_where_the_agenda_says_and_only_there(
    tmp_path,
):
    # ruling turn.hex-effects-standing: each-turn (the default) meets the cloud at movement
    # 1's hex effects whether the grunts moved or not; the gunnery step's hex effects concern
    # only hexes fired into; the agenda's "nothing to do" and Next step say the same
    cloud = (
        {"kind": "correct-hex", "hex": "E6", "marker": "poison-cloud", "count": 2, "strength": 6},
    )
    with at_gunnery_1(tmp_path, extra=cloud) as m:
        for step, concerned in (
            ("gunnery-1.hex-effects", ()),
            ("movement-1.hex-effects", ("grunts",)),
        ):
            m.run("On", [{"kind": "advance", "to": step}])
            agenda = match_agenda(m.state)
            assert agenda.uids == concerned and hex_effect_units(m.state) == concerned
            assert agenda.is_empty == (step_work(m.state) is None) == (not concerned)
            if not concerned:
                assert "Nothing to do here" in agenda.explain()


def test_under_on_entering_a_unit_standing_in_a_cloud_meets_nothing_at_movement(tmp_path):
    # ruling turn.hex-effects-standing, on-entering: only units that entered the hex
    path = tmp_path / "m.referee"
    with MatchFile.create(
        path,
        map_name="entrenched",
        units=UNITS,
        seed=7,
        readings={"turn.hex-effects-standing": "on-entering"},
    ) as m:
        m.run(
            "Set-up",
            [
                *(
                    {
                        "kind": "orders",
                        "uid": u,
                        "turn": t,
                        "movement": STILL[0],
                        "gunnery": STILL[1],
                    }
                    for u in ("tank", "grunts")
                    for t in (1, 2)
                ),
                {
                    "kind": "correct-hex",
                    "hex": "E6",
                    "marker": "poison-cloud",
                    "count": 2,
                    "strength": 6,
                },
                {"kind": "advance", "to": "movement-1.hex-effects"},
            ],
        )
        assert match_agenda(m.state).is_empty and step_work(m.state) is None
        assert hex_effect_units(m.state) == ()


def test_a_state_moved_on_by_the_clock_is_the_one_an_advances_changes_leave(tmp_path):
    # the next step of this turn keeps the hex effects met this turn; another turn starts
    # with none met (clause hex.trigger: once per unit per hex per turn)
    from referee.rules.changes import Changes

    with at_gunnery_1(tmp_path) as m:
        state = m.state
        met = replace(state, triggered=(("tank", "C2", "smoke"),))
        for turn, step, triggered in ((1, "movement-1", None), (2, "orders", ())):
            changes = Changes(turn=turn, step=step, triggered=triggered)
            assert met.moved_to(turn, step) == met.apply(changes)
        assert met.moved_to(1, "movement-1").triggered == (("tank", "C2", "smoke"),)
        assert met.moved_to(2, "orders").triggered == ()
