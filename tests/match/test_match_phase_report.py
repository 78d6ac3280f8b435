"""What a step of the turn did, told once the clock moves on from it (as MegaMek's phase
report): read from the journal, folded once and then step by step."""

from __future__ import annotations

from referee.match.reports.phase_report import PhaseFold, phase_report
from referee.match.setup.demo import create_demo_match
from referee.rules.orders.commands import Advance, Fire, Movement, Orders


def test_gunnery_1_is_told_once_the_clock_moves_on(tmp_path):
    with create_demo_match(tmp_path / "d.referee") as m:
        # the tank's Main gun at the boars: to hit 5 (3+ needed: base 5, both standing
        # still +1 +1), damage 4 + 1 = 5 on the boars' table: gored, pending
        m.run(
            "fire",
            [Fire(shooter="tank", target="boars", weapon="Main gun")],
            typed=[5, 4],
        )
        before = phase_report(m.initial_state(), m.steps())
        m.run("on", [Advance(skip="idle", unfired="pass")])
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
        m.run("on", [Advance(skip="idle", unfired="pass")])
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
            Orders(uid="boars", turn=1, movement="Chase + - + -"),
            Orders(uid="hoplites", turn=1, movement="- + - + -"),
        ]
        nothing = [Orders(uid=u, turn=2, missing="confirm") for u in ("boars", "hoplites")]
        m.run(
            "Orders",
            [*orders, *nothing, Advance(to="movement-1", unfired="pass")],
        )
        m.run("Movement 1", [Movement(step=1)])
        m.run("on", [Advance(skip="idle", unfired="pass")])
        report = phase_report(m.initial_state(), m.steps())
    assert report is not None and report.label == "Movement 1"
    assert report.lines == ("an assault starts over F5: hoplites (side 1) against boars (side 2)",)


def test_the_report_names_the_journal_steps_that_did_it_not_only_the_clocks(tmp_path):
    """The referee's fire is one step, Next step (the clock moving on) the next: the
    report of Gunnery 1 names the fire's step as what did it and the next as where the
    clock moved on; a step of the turn the clock left with nothing written in it names
    the clock's step alone."""
    with create_demo_match(tmp_path / "d.referee") as m:
        (first,) = m.steps()  # the demo's orders for turn 1
        fire = m.run(
            "fire", [Fire(shooter="tank", target="boars", weapon="Main gun")], typed=[5, 4]
        )
        on = m.run("on", [Advance(skip="idle", unfired="pass")])
        assert (fire.number, on.number) == (first.number + 1, first.number + 2)
        report = phase_report(m.initial_state(), m.steps())
        assert report is not None and report.step == "gunnery-1"
        assert report.steps == (fire.number, on.number)
        n = fire.number
        assert report.journal_words() == f"journal step {n}; the clock moved on at step {n + 1}"
        m.run("on", [Advance(skip="idle", unfired="pass")])  # Movement 1: nothing written
        report = phase_report(m.initial_state(), m.steps())
    assert report is not None and report.steps == (n + 2,)
    assert report.journal_words() == f"journal step {n + 2}"


def test_several_steps_before_the_clock_moved_are_named_as_a_span(tmp_path):
    with create_demo_match(tmp_path / "d.referee") as m:
        (first,) = m.steps()
        m.run("fire", [Fire(shooter="tank", target="boars", weapon="Main gun")], typed=[5, 4])
        m.run("fire", [Fire(shooter="wagon", target="tank", weapon="Wagon shootas")], typed=[1])
        m.run("on", [Advance(skip="idle", unfired="pass")])
        report = phase_report(m.initial_state(), m.steps())
    n = first.number + 1
    assert report is not None and report.steps == (n, n + 1, n + 2)
    assert (
        report.journal_words()
        == f"journal steps {n} to {n + 1}; the clock moved on at step {n + 2}"
    )


def test_the_aftermath_that_takes_markers_off_did_something(tmp_path):
    """Clause aftermath.markers: the aftermath takes one smoke marker off each hex (ruling
    hex.aftermath-markers, one of each kind): the report tells the hexes it changed, not
    only the units (the markers are the table's as much as the units are)."""
    from referee.rules.orders.commands import Aftermath
    from referee.rules.orders.correction_commands import CorrectHex

    with create_demo_match(tmp_path / "d.referee") as m:
        m.run("smoke", [CorrectHex(hex="C2", marker="smoke", count=2)])
        m.run("smoke", [CorrectHex(hex="D4", marker="smoke", count=1)])
        m.run("to the aftermath", [Advance(to="aftermath", unfired="pass")])
        m.run("Aftermath", [Aftermath()])
        m.run("on", [Advance(unfired="pass")])
        report = phase_report(m.initial_state(), m.steps())
    assert report is not None and report.step == "aftermath"
    # two smoke markers on C2 less one; D4's only marker taken off
    assert report.lines == ("C2: aftermath: smoke 2 → 1", "D4: aftermath: smoke 1 → none")
