"""The hex-effects wizard: the units meeting the markers of their hex, their dice typed or
rolled by the app in the one dice widget, the outcome, one ``hex-effects`` step."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QWizard

from referee.app.wizards.hex_effects.wizard import HexEffectsWizard, Page
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Advance, CorrectHex, HexEffects


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def gassed_hoplites(qtbot, tmp_path) -> tuple:
    """The demo with a Poison cloud[6](4+) on the hoplites' hex, at movement 1's hex-effects
    step (the first to concern a unit standing in a cloud: the gunnery step's concern only
    hexes fired into); Next step (N) opens the wizard."""
    window = demo_window(qtbot, tmp_path)
    commands = [
        CorrectHex(hex="E7", marker="poison-cloud", count=2, strength=6),
        Advance(to="movement-1.hex-effects", unfired="pass"),
    ]
    assert window.run_step("A cloud", commands) is not None, window.last_error
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    wizard = window.turn_driver.wizard
    assert isinstance(wizard, HexEffectsWizard)
    return window, wizard


def test_the_hoplites_meet_the_cloud_with_typed_dice(qtbot, tmp_path):
    window, wizard = gassed_hoplites(qtbot, tmp_path)
    text = wizard.meetings_page.text.toPlainText()
    assert "hoplites" in text and "poison cloud on hoplites" in text
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    assert wizard.currentId() == Page.DICE
    dice = wizard.dice_page.dice
    radio = dice.typed
    qtbot.mouseClick(radio, Qt.MouseButton.LeftButton, pos=QPoint(8, radio.height() // 2))
    # first draft, a poison cloud: one die per biological model (4 hoplites), at 4+ a
    # Poison[6] each; then one d6 for the base, above 4 (+ poison resistance 0) shaken
    purposes = [s.request.purpose for s in dice.slots]
    assert purposes[:4] == ["poison cloud on hoplites"] * 4
    dice.type_values([4, 1, 1, 1])
    while dice.missing():  # the pinning die, if the step asks it: a 1 stays below
        dice.box(dice.missing()[0] - 1).setValue(1)
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    assert wizard.currentId() == Page.OUTCOME
    assert "hoplites: Poison d6" in wizard.outcome_page.text.toPlainText()
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    with MatchFile.open(window.session.path) as m:
        step = [s for s in m.steps() if s.events[0].kind == "hex-effects"][-1]
    assert step.events[0].dice[0].typed and step.events[0].dice[0].value == 4
    assert window.session.state.unit("hoplites").poison == (6,)


def test_the_turn_tracker_and_next_step_name_the_same_units(qtbot, tmp_path):
    # the hoplites stand in a cloud: at gunnery 1's hex effects (only hexes fired into) the
    # tracker says there is nothing to do and N passes the step; at movement 1's the tracker
    # names them and N opens the wizard on them (one function decides both)
    window = demo_window(qtbot, tmp_path)
    commands = [
        CorrectHex(hex="E7", marker="poison-cloud", count=2, strength=6),
        Advance(to="gunnery-1.hex-effects", unfired="pass"),
    ]
    assert window.run_step("A cloud", commands) is not None, window.last_error
    agenda = window.tracker.agenda.toPlainText()
    assert "Nothing to do here: Next step passes this step." in agenda
    assert "hoplites" not in agenda
    window.run_step("On", [Advance(to="movement-1.hex-effects", unfired="pass")])
    agenda = window.tracker.agenda.toPlainText()
    assert "hoplites: poison cloud[6](4+) at E7" in agenda and "Nothing to do" not in agenda
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    wizard = window.turn_driver.wizard
    assert isinstance(wizard, HexEffectsWizard)
    assert wizard.command == HexEffects(units=("hoplites",))  # a typed command (issue 26)
    assert wizard.command.to_json() == {"kind": "hex-effects", "units": ["hoplites"]}
    wizard.reject()
