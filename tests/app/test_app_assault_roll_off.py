"""The assault wizard's roll-off (clause assault.advantage, ruling assault.tie-rank, reading
roll-off): equal hits and two units of the same nation, so the same rank in the assault
winning-power order (clause assault.nation-order); each side rolls a die, the higher gains
the advantage, equal dice roll again. Both ways a referee gets the dice: typed from the
table, or rolled by the app (seeded: the same match rolls the same dice) behind the page's
Roll button, shown only once pressed."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QWizard
from test_app_wizard_assault import (
    assault_window,
    choose_typed,
    click,
    next_page,
    open_wizard,
    steps,
    type_dice,
)

from referee.app.wizards.assault.page import ROLL_WORDS
from referee.app.wizards.assault.wizard import AssaultWizard, Page

RANGERS = [
    {"uid": "east", "unit": "elf-rangers", "side": 1, "hex": "C3", "facing": 3, "speed": "slow"},
    {"uid": "west", "unit": "elf-rangers", "side": 2, "hex": "C5", "facing": 0, "speed": "slow"},
]
# Elf rangers: 4 models, 1 assault die each at 5+, no deflection (data/units/sample/elf.toml).
# Both enter C4; each side's dice 5 1 1 1: one success each, nothing deflected, equal hits.
POOLS = (5, 1, 1, 1, 5, 1, 1, 1)


def to_the_tie(qtbot, tmp_path) -> AssaultWizard:
    window = assault_window(qtbot, tmp_path, units=RANGERS)
    wizard = open_wizard(qtbot, window)
    next_page(qtbot, wizard)
    choose_typed(qtbot, wizard.roll_page.dice)
    type_dice(qtbot, wizard.roll_page.dice, POOLS)
    assert "east assault: 5 1 1 1 -> 1 at 5+" in wizard.roll_page.result.text()
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.ADVANTAGE
    return wizard


def test_a_typed_roll_off_names_the_side_whose_die_is_higher(qtbot, tmp_path):
    wizard = to_the_tie(qtbot, tmp_path)
    page = wizard.advantage_page
    tie = page.tie_dice
    assert tie.isVisible() and tie.is_typed()  # typed, as the pools
    assert "Type the dice of the roll-off." in page.summary.text()
    assert not page.isComplete()
    # 3 against 3: equal, roll again; then 2 against 5: side 2 gains the advantage
    type_dice(qtbot, tie, (3, 3, 2, 5))
    purposes = [s.request.purpose for s in tie.slots]
    assert purposes == ["assault tie: side 1", "assault tie: side 2"] * 2
    assert "Side 2 gains the advantage" in page.summary.text()
    assert "a roll-off, 3 against 3; 2 against 5" in page.summary.text()
    assert page.isComplete()
    assert wizard.plan(Page.ALLOCATION).typed() == (*POOLS, 3, 3, 2, 5)


def rolled_by_the_app(qtbot, tmp_path) -> list[int | None]:
    """The roll-off the app rolls (Roll pressed by Return), checked as it shows; its dice."""
    wizard = to_the_tie(qtbot, tmp_path)
    page = wizard.advantage_page
    tie = page.tie_dice
    radio = tie.digital  # click its round indicator, at the left
    qtbot.mouseClick(radio, Qt.MouseButton.LeftButton, pos=QPoint(8, radio.height() // 2))
    assert tie.digital.isChecked() and tie.awaits_roll()
    next_button = wizard.button(QWizard.WizardButton.NextButton)
    assert next_button.text() == ROLL_WORDS
    assert "Roll the dice (Return) to see who gains the advantage" in page.summary.text()
    assert all(s.value is None for s in tie.slots)  # nothing shown before the roll
    assert page.isComplete()  # Next (Roll) may be pressed

    qtbot.keyClick(wizard, Qt.Key.Key_Return)  # Return presses Roll
    assert wizard.currentId() == Page.ADVANTAGE  # the page stays: the dice show here
    assert not tie.awaits_roll() and not tie.typed.isEnabled()  # rolled: they stand
    faces = [s.value for s in tie.slots]
    assert len(faces) % 2 == 0 and all(f is not None and 1 <= f <= 6 for f in faces)
    pairs = list(zip(faces[::2], faces[1::2], strict=True))
    # equal dice roll again; the last pair decides: the higher die gains the advantage
    assert all(a == b for a, b in pairs[:-1]) and pairs[-1][0] != pairs[-1][1]
    a, b = pairs[-1]
    winner = 1 if a > b else 2
    summary = page.summary.text()
    assert f"Side {winner} gains the advantage" in summary
    assert "; ".join(f"{x} against {y}" for x, y in pairs) in summary
    assert next_button.text() != ROLL_WORDS and page.isComplete()
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.ALLOCATION
    assert wizard.advantage_page.advantage.side == winner  # type: ignore[union-attr]
    return faces


def test_the_app_rolls_the_roll_off_only_when_roll_is_pressed(qtbot, tmp_path):
    rolled_by_the_app(qtbot, tmp_path)


def test_the_app_rolls_the_same_roll_off_for_the_same_match(qtbot, tmp_path):
    """Seeded: the match's seed draws the dice, so a second window on a copy of the same
    match (the same seed, the same dice typed before) rolls the same roll-off."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert rolled_by_the_app(qtbot, tmp_path / "a") == rolled_by_the_app(qtbot, tmp_path / "b")


def test_a_roll_off_finished_is_journalled_with_its_dice(qtbot, tmp_path):
    wizard = to_the_tie(qtbot, tmp_path)
    window = wizard.parent()
    while window is not None and not hasattr(window, "session"):
        window = window.parent()
    assert window is not None
    before = len(steps(window))
    type_dice(qtbot, wizard.advantage_page.tie_dice, (4, 1))  # side 1 gains the advantage
    assert "Side 1 gains the advantage" in wizard.advantage_page.summary.text()
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.ALLOCATION
    next_page(qtbot, wizard)
    damage = wizard.damage_page
    type_dice(qtbot, damage.dice, (1,) * len(damage.dice.slots))
    while wizard.currentId() != Page.OUTCOME:
        next_page(qtbot, wizard)
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    written = steps(window)
    assert len(written) == before + 1
    dice = written[-1].events[0].dice
    assert [r.value for r in dice][len(POOLS) : len(POOLS) + 2] == [4, 1]
    assert all(r.typed for r in dice)
