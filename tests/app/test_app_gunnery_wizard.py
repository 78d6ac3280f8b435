"""The gunnery wizard driven with clicks and typed dice: one fire action, one journal step."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QListWidget, QWizard

from referee.app.wizards.gunnery_wizard import Page
from referee.match.store import MatchFile


def pick(qtbot, items: QListWidget, starts: str) -> None:
    for row in range(items.count()):
        item = items.item(row)
        if item.text().startswith(starts):
            pos = items.visualItemRect(item).center()
            qtbot.mouseClick(items.viewport(), Qt.MouseButton.LeftButton, pos=pos)
            return
    raise AssertionError(f"no item {starts!r}")


def next_page(qtbot, wizard) -> None:
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)


def to_roll_page(qtbot, window, shooter="tank", weapon="Main gun", target="wagon"):
    wizard = window.open_gunnery_wizard()
    qtbot.waitExposed(wizard)
    assert wizard.currentId() == Page.SHOOTER
    pick(qtbot, wizard.shooter_page.list, shooter)
    next_page(qtbot, wizard)
    pick(qtbot, wizard.weapon_page.list, weapon)
    next_page(qtbot, wizard)
    pick(qtbot, wizard.target_page.list, target)
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.ODDS
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.ROLL
    return wizard


def choose_typed_dice(qtbot, wizard) -> None:
    radio = wizard.roll_page.typed  # click its round indicator, at the left
    qtbot.mouseClick(radio, Qt.MouseButton.LeftButton, pos=QPoint(8, radio.height() // 2))
    assert radio.isChecked()


def type_die(qtbot, spin, value: int) -> None:
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))


def steps(window):
    with MatchFile.open(window.session.path) as m:
        return m.steps()


def test_units_ordered_to_fire_come_first_and_illegal_targets_say_why(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = window.open_gunnery_wizard()
    qtbot.waitExposed(wizard)
    first_two = [wizard.shooter_page.list.item(i).text() for i in range(2)]
    # demo orders, gunnery 1: the tank and the wagon Fire
    assert all("(ordered to fire now)" in t for t in first_two)
    pick(qtbot, wizard.shooter_page.list, "tank")
    next_page(qtbot, wizard)
    pick(qtbot, wizard.weapon_page.list, "Hull machine gun")
    next_page(qtbot, wizard)
    items = wizard.target_page.list
    boars = next(
        items.item(i) for i in range(items.count()) if items.item(i).text().startswith("boars")
    )
    # the hull gun (arc */-/-/-) only fires through the front sector
    assert "not allowed" in boars.text() and "front-side sector" in boars.text()
    assert not boars.flags() & Qt.ItemFlag.ItemIsEnabled
    wizard.reject()


def test_a_typed_to_hit_die_reaches_the_journal(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window)
    # tank (standing still) at the wagon (standing still): base 5, +1, +1 -> needs 3
    assert "needs 3" in wizard.odds_page.text.toPlainText()
    assert "exactly 2/3" in wizard.odds_page.text.toPlainText()
    choose_typed_dice(qtbot, wizard)
    type_die(qtbot, wizard.roll_page.spins[0], 5)
    assert "die 1: d6 for" in wizard.roll_page.asked.text()
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    last = steps(window)[-1]
    assert last.name == "Gunnery 1: tank fires Main gun at wagon"
    first = last.events[0].dice[0]
    assert (first.sides, first.value, first.typed) == (6, 5, True)
    assert "rolled 5" in last.events[0].text and "hit" in last.events[0].text
    assert window.undo_action.text() == f"Undo {last.name}"


def test_a_die_the_table_cannot_show_is_refused_and_nothing_is_written(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    before = steps(window)
    wizard = to_roll_page(qtbot, window)
    choose_typed_dice(qtbot, wizard)
    type_die(qtbot, wizard.roll_page.spins[0], 7)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert "a d6 shows 1 to 6" in wizard.roll_page.problem.text()
    assert wizard.isVisible()
    assert steps(window) == before


def test_more_typed_dice_than_the_shot_needs_are_refused(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window)
    choose_typed_dice(qtbot, wizard)
    # a miss needs one die only: a 1 misses a need of 3; the second die is left over
    type_die(qtbot, wizard.roll_page.spins[0], 1)
    qtbot.mouseClick(wizard.roll_page.add_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert "left over" in wizard.roll_page.problem.text()


def test_leaving_the_wizard_writes_nothing(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    before = steps(window)
    wizard = to_roll_page(qtbot, window)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.CancelButton), Qt.MouseButton.LeftButton)
    assert steps(window) == before


def test_the_app_rolls_when_nothing_is_typed(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window, shooter="wagon", weapon="Wagon shootas", target="tank")
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    last = steps(window)[-1]
    assert last.name == "Gunnery 1: wagon fires Wagon shootas at tank"
    assert last.events[0].dice and not any(r.typed for r in last.events[0].dice)
