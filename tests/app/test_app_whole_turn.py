"""A whole turn of the demo match refereed in the window, from orders to aftermath: Next
step (N) opens each step's wizard, the referee finishes it, the clock moves on. Once with
the app's dice and once with every die typed from the table."""

from __future__ import annotations

from app_window import click_hex, demo_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QWizard

from referee.app.wizards.agony_wizard import AgonyWizard
from referee.app.wizards.gunnery_wizard import GunneryWizard
from referee.app.wizards.gunnery_wizard import Page as GunneryPage
from referee.app.wizards.movement_wizard import MovementWizard
from referee.board.hexgrid import parse_label
from referee.match.store import MatchFile

TABLE_DIE = 4
"""What the table shows on every die typed in (a 4 ends an open-ended roll)."""


def click(qtbot, widget, pos: QPoint | None = None) -> None:
    if pos is None:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
    else:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=pos)


def button(wizard, which):
    return wizard.button(getattr(QWizard.WizardButton, which))


def type_value(qtbot, spin, value: int) -> None:
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))


def pick_first_enabled(qtbot, items) -> bool:
    for row in range(items.count()):
        item = items.item(row)
        if item.flags() & Qt.ItemFlag.ItemIsEnabled:
            click(qtbot, items.viewport(), items.visualItemRect(item).center())
            return True
    return False


def fire(qtbot, wizard: GunneryWizard, typed: bool) -> None:
    """The preselected shooter fires its first weapon with a legal target at it."""
    click(qtbot, button(wizard, "NextButton"))
    weapons = wizard.weapon_page.list
    for row in range(weapons.count()):
        if wizard.currentId() == GunneryPage.TARGET:
            click(qtbot, button(wizard, "BackButton"))
        click(qtbot, weapons.viewport(), weapons.visualItemRect(weapons.item(row)).center())
        click(qtbot, button(wizard, "NextButton"))
        if pick_first_enabled(qtbot, wizard.target_page.list):
            break
    else:
        click(qtbot, button(wizard, "CancelButton"))  # nothing in reach: it holds fire
        return
    click(qtbot, button(wizard, "NextButton"))
    click(qtbot, button(wizard, "NextButton"))
    if typed:
        type_table(qtbot, wizard.roll_page.dice)
    click(qtbot, button(wizard, "NextButton"))  # the outcome
    click(qtbot, button(wizard, "FinishButton"))


def type_table(qtbot, dice) -> None:
    """Every die a dice table asks for, typed (more rows may follow the typed ones)."""
    click(qtbot, dice.typed, QPoint(8, dice.typed.height() // 2))
    while dice.missing():
        type_value(qtbot, dice.box(dice.missing()[0] - 1), TABLE_DIE)


def finish(qtbot, wizard, typed: bool) -> None:
    """Next until Finish, typing the dice of the wizard's dice table on the way."""
    for _ in range(12):
        if typed and isinstance(wizard, MovementWizard) and wizard.currentId() == 2:
            type_table(qtbot, wizard.dice_page.dice)
        if typed and isinstance(wizard, AgonyWizard) and wizard.currentId() == 1:
            type_table(qtbot, wizard.rolls_page.dice)
        last = button(wizard, "FinishButton")
        if last.isVisible() and last.isEnabled():
            click(qtbot, last)
            return
        forward = button(wizard, "NextButton")
        apply = getattr(wizard.currentPage(), "apply_button", None)
        if not forward.isEnabled() and apply is not None and apply.isEnabled():
            click(qtbot, apply)  # the assault's Reroll Assault batch, as proposed
            continue
        click(qtbot, forward)
    raise AssertionError(f"{type(wizard).__name__} did not finish: page {wizard.currentId()}, "
                         f"{wizard.currentPage().title()}, next "
                         f"{button(wizard, 'NextButton').isEnabled()}")


def referee_a_turn(qtbot, tmp_path, typed: bool):
    window = demo_window(qtbot, tmp_path)
    # A correction from the map: the boars one hex west, so that they and the hoplites
    # both enter E5 in movement 2 (an assault) and the turn has one of every step.
    menu = window.context_menu_for(parse_label("F3"))
    qtbot.addWidget(menu)
    menu.trigger("Move boars to a hex…")
    click_hex(qtbot, window, parse_label("E3"))
    # Orders for turn 2, typed for the tank, the others standing by.
    qtbot.keyClick(window.view, Qt.Key.Key_O)
    orders = window.turn_driver.wizard
    click(qtbot, button(orders, "NextButton"))
    editor = orders.orders_page.editor
    editor.fields["movement"].selectAll()
    qtbot.keyClicks(editor.fields["movement"], "A + F + F")
    click(qtbot, button(orders, "FinishButton"))
    for _ in range(80):
        state = window.session.state
        if state.turn == 2:
            break
        qtbot.keyClick(window.view, Qt.Key.Key_N)
        wizard = window.turn_driver.wizard
        if wizard is None:
            continue
        qtbot.waitExposed(wizard)
        if isinstance(wizard, GunneryWizard):
            fire(qtbot, wizard, typed)
        else:
            finish(qtbot, wizard, typed)
    return window


def check_the_turn(window) -> list:
    with MatchFile.open(window.session.path) as m:
        state = m.state
        assert (state.turn, state.step) == (2, "gunnery-1")
        kinds = {e.kind for step in m.steps() for e in step.events}
        assert {"orders", "correct", "fire", "movement", "assault", "apply-damage", "agony",
                "aftermath", "advance"} <= kinds
        # every step the window wrote replays the same, dice and all
        assert m.replay_check() == []
        assert state.orders["tank"]["2"]["movement"] == "A + F + F"
        assert state.contests == () and state.pending == ()
        return m.steps()


def test_a_whole_turn_refereed_with_the_apps_dice(qtbot, tmp_path):
    window = referee_a_turn(qtbot, tmp_path, typed=False)
    written = check_the_turn(window)
    fired = [s for s in written if s.events[0].kind == "fire"]
    assert fired and not any(r.typed for s in fired for r in s.events[0].dice)


def test_a_whole_turn_refereed_with_the_tables_dice(qtbot, tmp_path):
    window = referee_a_turn(qtbot, tmp_path, typed=True)
    written = check_the_turn(window)
    fired = [s for s in written if s.events[0].kind == "fire"]
    dice = [r for s in fired for r in s.events[0].dice]
    assert dice and all(r.typed and r.value == TABLE_DIE for r in dice)


def test_without_an_assault_wizard_the_engine_proposals_fight_every_contest(
    qtbot, tmp_path, monkeypatch
):
    window = demo_window(qtbot, tmp_path)
    # the boars and the hoplites both enter E5 in movement 2 (see referee_a_turn)
    for name, commands in (
        ("Correction", [{"kind": "correct", "uid": "boars", "set": {"hex": "E3"}},
                        {"kind": "advance", "to": "movement-1"}]),
        ("Movement 1", [{"kind": "movement", "step": 1}, {"kind": "advance",
                                                          "to": "movement-2"}]),
        ("Movement 2", [{"kind": "movement", "step": 2}, {"kind": "advance",
                                                          "to": "assault-2"}]),
    ):
        assert window.run_step(name, commands) is not None, window.last_error
    assert len(window.session.state.contests) == 1
    monkeypatch.setattr(window, "open_assault_wizard", lambda: None)
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    with MatchFile.open(window.session.path) as m:
        assault, advance = m.steps()[-2:]
    assert assault.name == "Assault 2: over E5, as the engine proposes"
    assert [e.kind for e in assault.events] == ["assault"]
    assert advance.events[0].kind == "advance"
    assert window.session.state.contests == ()
