"""Nothing peeked: the app's dice are drawn when a step is written and shown only after.

Before Finish a wizard shows the odds, never the dice (the roll page lists the dice with
"?", the last page says the app rolls at Finish), so going Back to another target shows no
dice already seen; once written the dice and what they did show in the wizard dock, and the
journal keeps them (match check rolls them again the same from the step's seed). The
assault, whose next choices are made on its dice, settles the choices before them once the
app's dice show: no Back. Typed dice are unaffected."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWizard
from test_app_gunnery_wizard import next_page, pick, steps, to_roll_page

from referee.app.wizards.gunnery.page import Page
from referee.match.games.orders_file import MatchFile


def test_the_gunnery_wizard_shows_the_odds_never_the_app_dice_before_finish(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window, shooter="tank", weapon="Main gun", target="wagon")
    entry = wizard.roll_page.dice
    assert not entry.is_typed() and entry.hides_dice()
    # the dice the action needs are listed, without their values
    assert [s.request.purpose for s in entry.slots] == ["to hit wagon (Main gun)"]
    assert entry.box(0).text() == "?" and entry.asked() == ()
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.OUTCOME
    shown = wizard.outcome_page.text.toPlainText()
    assert shown.startswith("The app rolls when the step is written")
    assert "to hit" not in shown and "hit" not in shown.split("\n", 1)[0].lower()
    # Back to another target: still no dice, nothing already seen to choose by
    wizard.back()
    wizard.back()
    wizard.back()
    assert wizard.currentId() == Page.TARGET
    pick(qtbot, wizard.target_page.list, "grunts")
    next_page(qtbot, wizard)
    next_page(qtbot, wizard)
    assert [s.value for s in wizard.roll_page.dice.slots] == [None]
    next_page(qtbot, wizard)
    assert wizard.outcome_page.text.toPlainText().startswith("The app rolls when the step")
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    last = steps(window)[-1]
    assert last.name == "Gunnery 1: tank fires Main gun at grunts"
    (die, *_) = last.events[0].dice
    assert die.purpose == "to hit grunts (Main gun)" and not die.typed
    # written: the dice and what they did show beside the map, and the clock waits there
    written = window.wizard_host.written
    assert written is not None and written.isVisible()
    text = written.toPlainText()
    assert f"Step {last.number}: Gunnery 1: tank fires Main gun at grunts" in text
    assert "rolled by the app" in text
    assert window.turn_driver.wizard is None  # the wagon's wizard waits for Next step
    with MatchFile.open(window.session.path) as m:
        assert m.replay_check() == []  # the journal's dice: the step's seed again


def test_typed_dice_still_show_their_outcome_before_finish(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window)
    entry = wizard.roll_page.dice
    entry.set_typed(True)
    entry.type_values([1])  # the table's die: a 1 misses (need 3)
    next_page(qtbot, wizard)
    shown = wizard.outcome_page.text.toPlainText()
    assert "What happened" in shown and "to hit 1 at 3+: 0 hits" in shown
    wizard.reject()


def test_the_assault_settles_the_choices_before_the_app_dice_it_shows(qtbot, tmp_path):
    from test_app_wizard_assault import assault_window, open_wizard

    window = assault_window(qtbot, tmp_path)
    wizard = open_wizard(qtbot, window)
    back = wizard.button(QWizard.WizardButton.BackButton)
    next_page(qtbot, wizard)  # the pools
    assert back.isVisible() and not wizard.settled  # no die seen yet
    next_page(qtbot, wizard)  # Roll: rolled by the app and shown: the next choices
    assert not wizard.roll_page.dice.is_typed() and wizard.roll_page.dice.asked()
    # the contest cannot be chosen again on dice already seen: Back is gone
    assert wizard.settled and not back.isVisible()
    next_page(qtbot, wizard)
    assert not back.isVisible()
    wizard.reject()


def test_the_assault_pools_show_no_app_die_before_the_choice_is_made(qtbot, tmp_path):
    # the tank's 4 front assault dice and 2 deflection dice, the grunts' 4 dice (one per
    # model: test_app_wizard_assault.POOLS): 10 dice, listed without a face, until Roll
    from test_app_wizard_assault import assault_window, open_wizard

    from referee.app.wizards.assault.page import Page as AssaultPage

    window = assault_window(qtbot, tmp_path)
    wizard = open_wizard(qtbot, window)
    next_page(qtbot, wizard)
    page = wizard.roll_page
    entry = page.dice
    assert wizard.currentId() == AssaultPage.ROLL and not entry.is_typed()
    assert len(entry.slots) == 10 and all(s.value is None for s in entry.slots)
    assert all(entry.box(i).text() == "?" for i in range(10))
    words = page.findChildren(QLabel)
    shown = "\n".join(w.text() for w in words if w.isVisible())
    assert f"The app rolls 10 dice with the step's own seed ({wizard.dice_seed}" in shown
    assert "Successes" not in shown and not wizard.settled
    next_button = wizard.button(QWizard.WizardButton.NextButton)
    assert next_button.isEnabled() and next_button.text() == "&Roll the dice"
    # the choice is still free: the table's dice, then back to the app's, nothing seen
    entry.set_typed(True)
    entry.set_typed(False)
    assert all(s.value is None for s in entry.slots) and not wizard.settled
    next_page(qtbot, wizard)  # Roll: the app's dice show here, and stand
    assert wizard.currentId() == AssaultPage.ROLL and wizard.settled
    assert all(s.value in range(1, 7) for s in entry.slots) and len(entry.asked()) == 10
    assert not entry.typed.isEnabled() and "Successes" in page.result.text()
    assert next_button.text() != "&Roll the dice"
    next_page(qtbot, wizard)
    assert wizard.currentId() != AssaultPage.ROLL
    wizard.reject()


def test_the_activation_attack_shows_the_odds_never_the_app_dice_before_finish(
    qtbot, tmp_path, monkeypatch
):
    from test_app_activation_wizards import JOURNAL, finish, open_window
    from test_app_activation_wizards import next_page as next_activation_page

    from referee.match.journal.journal_text import read_journal, replay_journal

    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = tmp_path / "crossroads.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    window = open_window(qtbot, path)
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("buggy")
    wizard.unit.attack_radio.setChecked(True)
    next_activation_page(qtbot, wizard)
    (box,) = wizard.attack_page.boxes.values()
    texts = [box.itemText(i) for i in range(box.count())]
    tank = next(t for t in texts if t.startswith("tank"))
    assert tank.endswith(": 33%")  # the odds: a d12 of 9+ against the tank's armor 9
    box.setCurrentIndex(texts.index(tank))
    next_activation_page(qtbot, wizard)
    entry = wizard.dice.entry
    assert entry.hides_dice() and entry.box(0).text() == "?"
    shown = wizard.dice.outcome.text()
    assert shown.startswith("Finish rolls the app's dice") and "hit" not in shown
    finish(qtbot, wizard)
    (die,) = window.session.match.steps()[-1].events[0].dice
    assert die.sides == 12 and not die.typed
    text = window.wizard_host.written.toPlainText()
    assert f"The app's dice: d12 {die.value}" in text


def _dice(event) -> list[tuple[int, int]]:
    return [(r.sides, r.value) for r in event.dice]


def test_after_finish_and_undo_another_target_gets_fresh_dice_not_the_ones_seen(qtbot, tmp_path):
    # match format 6: a step written again after an undo draws from "seed:number:attempt"
    # (the first 48 bits of its SHA-256), so the dice seen before the undo tell nothing
    import hashlib

    from referee.dice.service import Dice
    from referee.rules.orders.step import execute

    def sha_seed(material: str) -> int:
        return int(hashlib.sha256(material.encode()).hexdigest()[:12], 16)

    window = demo_window(qtbot, tmp_path)
    before = window.session.state
    wizard = to_roll_page(qtbot, window, shooter="tank", weapon="Main gun", target="wagon")
    next_page(qtbot, wizard)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    seen = steps(window)[-1]
    number, seed = seen.number, window.session.match.seed
    window.undo_action.trigger()  # Edit > Undo
    assert [s.number for s in steps(window)][-1:] != [number]  # taken back
    assert window.session.state.to_json() == before.to_json()
    wizard = to_roll_page(qtbot, window, shooter="tank", weapon="Main gun", target="grunts")
    next_page(qtbot, wizard)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    again = steps(window)[-1]
    assert again.number == number and again.name.endswith("at grunts")
    command = again.events[0].command
    fresh = execute(before, command, Dice(sha_seed(f"{seed}:{number}:2")))
    foreseen = execute(before, command, Dice(sha_seed(f"{seed}:{number}")))
    assert _dice(again.events[0]) == _dice(fresh)
    assert _dice(again.events[0]) != _dice(foreseen)  # what the undo let anyone foresee
    with MatchFile.open(window.session.path) as m:
        assert m.replay_check() == []


def test_an_assault_cancelled_after_its_app_dice_showed_draws_fresh_dice_when_opened_again(
    qtbot, tmp_path
):
    # the assault's pools show before Finish (its next choices are made on them): the file
    # records that attempt as seen (meta attempts_seen), so Cancel and the wizard opened
    # again draws the next attempt, never the dice already seen; finished, the step keeps
    # the dice it showed
    import hashlib

    from test_app_wizard_assault import assault_window, open_wizard

    from referee.app.wizards.assault.page import Page as AssaultPage

    def sha_seed(material: str) -> int:
        return int(hashlib.sha256(material.encode()).hexdigest()[:12], 16)

    window = assault_window(qtbot, tmp_path)  # seed 5; orders and movement are steps 1, 2
    wizard = open_wizard(qtbot, window)
    assert wizard.dice_seed == sha_seed("5:3")
    next_page(qtbot, wizard)  # the pools
    next_page(qtbot, wizard)  # Roll: rolled by the app and shown
    assert wizard.settled
    wizard.reject()
    assert [s.number for s in steps(window)] == [1, 2]  # nothing written
    wizard = open_wizard(qtbot, window)
    assert wizard.dice_seed == sha_seed("5:3:2")  # not the pools already seen
    next_page(qtbot, wizard)
    next_page(qtbot, wizard)  # Roll
    shown = [(s.request.sides, s.value) for s in wizard.roll_page.dice.slots]
    assert shown and all(v is not None for _, v in shown)
    while wizard.currentId() != AssaultPage.OUTCOME:
        next_page(qtbot, wizard)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    written = steps(window)[-1]
    assert written.number == 3
    assert [(r.sides, r.value) for r in written.events[0].dice][: len(shown)] == shown
    with MatchFile.open(window.session.path) as m:
        assert m.replay_check() == []
        assert m.next_dice_seed() == sha_seed("5:4")


def test_the_assault_damage_rolls_show_no_app_die_before_roll_after_typed_pools(qtbot, tmp_path):
    # typed pools leave the damage page free to take the table's dice or the app's: the
    # app's two damage dice (test_app_wizard_assault: 2 damaging hits) show only once Roll
    # is pressed, then stand (typing is off); switching back and forth before shows nothing
    from test_app_wizard_assault import assault_window, to_allocation

    from referee.app.wizards.assault.page import Page as AssaultPage

    window = assault_window(qtbot, tmp_path)
    wizard = to_allocation(qtbot, window)
    next_page(qtbot, wizard)
    assert wizard.currentId() == AssaultPage.DAMAGE
    entry = wizard.damage_page.dice
    entry.set_typed(False)
    assert entry.awaits_roll() and [s.value for s in entry.slots] == [None, None]
    assert "rolled" not in wizard.damage_page.working.toPlainText()
    entry.set_typed(True)
    entry.set_typed(False)
    assert [s.value for s in entry.slots] == [None, None] and not wizard.settled
    next_page(qtbot, wizard)  # Roll
    assert wizard.currentId() == AssaultPage.DAMAGE and wizard.settled
    assert all(s.value in range(1, 7) for s in entry.slots) and not entry.typed.isEnabled()
    assert "rolled" in wizard.damage_page.working.toPlainText()
    next_page(qtbot, wizard)
    assert wizard.currentId() == AssaultPage.RETREAT
    wizard.reject()
