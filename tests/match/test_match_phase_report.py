"""What a step of the turn did, told once the clock moves on from it (as MegaMek's phase
report): read from the journal, folded once and then step by step."""

from __future__ import annotations

from referee.match.demo import create_demo_match
from referee.match.phase_report import PhaseFold, phase_report


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
        m.run("on", [{"kind": "advance", "skip": "idle"}])
        report = phase_report(m.initial_state(), m.steps())
    assert before is not None and before.step == "orders"  # Gunnery 1 is not over yet
    assert report is not None
    assert (report.turn, report.step, report.label) == (1, "gunnery-1", "Gunnery 1")
    assert report.lines == (
        "tank: fired Main gun at boars: 1 hit",
        "tank, Main gun → boars: Boar gored: +1 to future damage (regular table, 5), "
        "waiting for the 'apply damage' step",
    )
    assert report.passed == ("Gunnery 1: trigger hex effects",)


def test_the_fold_reads_only_new_steps_and_starts_again_after_an_undo(tmp_path):
    with create_demo_match(tmp_path / "d.referee") as m:
        fold = PhaseFold(m.initial_state())
        first = fold.report(m.steps(include_undone=True))
        m.run("on", [{"kind": "advance", "skip": "idle"}])
        folded = len(fold.seen)
        second = fold.report(m.steps(include_undone=True))
        assert len(fold.seen) == folded + 1  # one new step read
        assert second == phase_report(m.initial_state(), m.steps())
        m.undo()
        assert fold.report(m.steps(include_undone=True)) == first
    assert first is not None and second is not None and first.step == "orders"
    assert second.step == "gunnery-1" and second.lines == ()
