"""Typed from the wizard to the journal (issue 26): a wizard hands back the engine's command
value (``Fire(...)``, ``Orders(...)``), the window's Next step an ``Advance``, and the match
file writes each as the same JSON the wizards wrote as dicts before, key for key and in the
same order (every shipped journal keeps replaying identically)."""

from __future__ import annotations

import json

from app_window import demo_window
from PySide6.QtWidgets import QWizard
from test_app_gunnery_wizard import next_page, steps, to_roll_page

from referee.rules.orders.commands import Advance, Fire, Orders


def test_the_gunnery_wizard_hands_back_a_fire_value_written_as_the_same_json(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window, shooter="wagon", weapon="Wagon shootas", target="tank")
    (command,) = wizard.chosen_step().commands
    assert command == Fire(shooter="wagon", target="tank", weapon="Wagon shootas", gunnery=1)
    next_page(qtbot, wizard)
    wizard.button(QWizard.WizardButton.FinishButton).click()
    written = steps(window)[-1].events[0].command
    assert written == command  # read back from the journal as the typed value
    # the JSON the wizard wrote as a dict before: kind, shooter, target, weapon, gunnery
    assert json.dumps(written.to_json()) == json.dumps(
        {
            "kind": "fire",
            "shooter": "wagon",
            "target": "tank",
            "weapon": "Wagon shootas",
            "gunnery": 1,
        }
    )


def test_next_step_hands_the_engine_an_advance_value(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    step = window.next_step(unfired="pass")  # the demo waits in Gunnery 1 for two units
    assert step is not None
    assert step.events[0].command == Advance(skip="idle", unfired="pass")
    assert json.dumps(step.events[0].command.to_json()) == json.dumps(
        {"kind": "advance", "skip": "idle", "unfired": "pass"}
    )


def test_the_orders_wizard_confirms_missing_orders_as_typed_values(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)  # orders written for turns 1 and 2
    for _ in range(30):  # on to turn 2, whose orders step asks for turn 3's
        if window.session.state.turn == 2:
            break
        assert window.next_step(unfired="pass") is not None, window.last_error
    wizard = window.turn_driver.open_orders()
    assert wizard is not None
    next_page(qtbot, wizard)  # every unit, turn 3
    page = wizard.orders_page
    page.all_missing_button.click()
    commands = wizard.commands()
    units = ["boars", "companions", "grunts", "hoplites", "tank", "wagon"]
    assert sorted(c.uid for c in commands) == units
    assert all(c == Orders(uid=c.uid, turn=3, missing="confirm") for c in commands)
    wizard.button(QWizard.WizardButton.FinishButton).click()
    written = [e.command.to_json() for e in steps(window)[-1].events]
    assert [list(c) for c in written] == [["kind", "uid", "turn", "missing"]] * len(units)
