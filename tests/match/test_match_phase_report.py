"""What a step of the turn did, told once the clock moves on from it (as MegaMek's phase
report): read from the journal, folded once and then step by step."""

from __future__ import annotations

from referee.match.reports.phase_report import PhaseFold, phase_report
from referee.match.setup.demo import create_demo_match


def test_gunnery_1_is_told_once_the_clock_moves_on(tmp_path):
    with create_demo_match(tmp_path / "d.referee") as m:
        # the tank's Main gun at the boars: to hit 5 (3+ needed: base 5, both standing
        # still +1 +1), damage 4 + 1 = 5 on the boars' table: gored, pending
        m.run(
            "fire",
            [{"kind": "fire", "shooter": "tank", "target": "boars", "weapon": "Main gun"}],
            typed=[5, 4],
        )
        before = phase_report(m.initial_state(), m.steps())
        m.run("on", [{"kind": "advance", "skip": "idle", "unfired": "pass"}])
        report = phase_report(m.initial_state(), m.steps())
    assert before is not None and before.step == "orders"  # Gunnery 1 is not over yet
    assert report is not None
    assert (report.turn, report.step, report.label) == (1, "gunnery-1", "Gunnery 1")
    assert report.lines == (
        "tank: fired Main gun at boars: 1 hit",
        "wagon: held its fire in Gunnery 1: ordered to fire, it did not; passed by the referee",
        "tank, Main gun → boars: Boar gored: +1 to future damage (regular table, 5), "
        "waiting for the 'apply damage' step",
    )
    assert report.passed == ("Gunnery 1: trigger hex effects",)


def test_the_fold_reads_only_new_steps_and_starts_again_after_an_undo(tmp_path):
    with create_demo_match(tmp_path / "d.referee") as m:
        fold = PhaseFold(m.initial_state())
        first = fold.report(m.steps(include_undone=True))
        m.run("on", [{"kind": "advance", "skip": "idle", "unfired": "pass"}])
        folded = len(fold.seen)
        second = fold.report(m.steps(include_undone=True))
        assert len(fold.seen) == folded + 1  # one new step read
        assert second == phase_report(m.initial_state(), m.steps())
        m.undo()
        assert fold.report(m.steps(include_undone=True)) == first
    assert first is not None and second is not None and first.step == "orders"
    assert second.step == "gunnery-1"
    assert second.lines == tuple(
        f"{uid}: held its fire in Gunnery 1: ordered to fire, it did not; passed by the referee"
        for uid in ("tank", "wagon")
    )


def test_a_movement_that_starts_an_assault_says_so(tmp_path):
    from referee.match.games.orders_file import MatchFile

    units = [
        {
            "uid": "boars",
            "unit": "boar-riders",
            "side": 2,
            "hex": "E5",
            "facing": 3,
            "speed": "fast",
        },
        {"uid": "hoplites", "unit": "hoplite-phalanx", "side": 1, "hex": "F5", "facing": 0},
    ]
    with MatchFile.create(
        tmp_path / "c.referee", map_name="standard", units=units, seed=1, ruleset="current"
    ) as m:
        # the boars chase the nearest enemy: into F5, where the hoplites stand (clause
        # orders.chase): an assault, nothing moves yet (clause assault.trigger)
        orders = [
            {"kind": "orders", "uid": "boars", "turn": 1, "movement": "Chase + - + -"},
            {"kind": "orders", "uid": "hoplites", "turn": 1, "movement": "- + - + -"},
        ]
        nothing = [
            {"kind": "orders", "uid": u, "turn": 2, "missing": "confirm"}
            for u in ("boars", "hoplites")
        ]
        m.run(
            "Orders",
            [*orders, *nothing, {"kind": "advance", "to": "movement-1", "unfired": "pass"}],
        )
        m.run("Movement 1", [{"kind": "movement", "step": 1}])
        m.run("on", [{"kind": "advance", "skip": "idle", "unfired": "pass"}])
        report = phase_report(m.initial_state(), m.steps())
    assert report is not None and report.label == "Movement 1"
    assert report.lines == ("an assault starts over F5: hoplites (side 1) against boars (side 2)",)
