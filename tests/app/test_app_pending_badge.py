"""Tokens show damage waiting for the 'apply damage' step (clause ``damage.sequence``)."""

from __future__ import annotations

from app_window import demo_window

from referee.rules.orders.commands import Advance, ApplyDamage, Correct, Fire


def test_a_token_shows_the_damage_waiting_on_it_and_what_it_will_do(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    # the wagon's gas on the hoplites: 6 4 6 3 = 3 hits; d4 damage 1, 3, 4: the 4 wounds
    # (4-5: +1 to future damage)
    step = window.run_step(
        "Gas",
        [Fire(shooter="wagon", target="hoplites", weapon="Gas lobba")],
        [6, 4, 6, 3, 1, 3, 4],
    )
    assert step is not None, window.last_error
    item = window.scene.unit_items["hoplites"]
    assert item.pending is not None and len(item.pending.rolls) == 3
    assert item.pending.killed == 0
    assert "3 damage rolls waiting to be applied" in item.toolTip()
    assert "when applied: +1 to future damage (was +0)" in item.toolTip()
    assert window.scene.unit_items["tank"].pending is None
    # Gunnery 1's damage is applied at Assault 1's apply damage step (ruling
    # turn.gunnery-1-damage; a step is carried out at its step, turn.step-outside-phase)
    moved = window.run_step(
        "To apply damage", [Advance(to="assault-1.apply-damage", unfired="pass")]
    )
    assert moved is not None, window.last_error
    assert window.scene.unit_items["hoplites"].pending is not None
    window.run_step("Apply damage", [ApplyDamage()])
    assert window.scene.unit_items["hoplites"].pending is None
    assert window.session.state.unit("hoplites").damage_tokens == 1


def test_a_token_marks_damage_that_will_kill(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    # the hoplites on +2: one area hit (a 4, then three 1s), its d4 shows 4: 4 + 2 = 6,
    # "One model killed" (6-8)
    window.run_step("Tokens", [Correct(uid="hoplites", set={"damage_tokens": 2})])
    window.run_step(
        "Gas",
        [Fire(shooter="wagon", target="hoplites", weapon="Gas lobba")],
        [4, 1, 1, 1, 4],
    )
    item = window.scene.unit_items["hoplites"]
    assert item.pending is not None and item.pending.killed == 1
    assert "models 4 -> 3" in item.toolTip()
