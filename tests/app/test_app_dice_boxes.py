"""Every die typed: a box takes any face of its die, typed digit by digit as at the table (a
d12's 10, 11 and 12), and refuses what its die cannot show (0, a d6's 7, a d12's 13) with
the message beside the box, naming the die; nothing turns back into "?" silently. The mouse
wheel changes a number box only while it has the focus, in every window of the app."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox

from referee.app.widgets.wheel_guard import install_wheel_guard


@pytest.fixture
def attack_dice(qtbot, tmp_path, monkeypatch):
    """The activation sample game: the buggy's machine gun at the tank, a d12 of 9+ (the
    tank's armor 9), typed at the table; the wizard at its dice page."""
    from test_app_activation_wizards import JOURNAL, open_window
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
    box.setCurrentIndex(next(i for i, t in enumerate(texts) if t.startswith("tank")))
    next_activation_page(qtbot, wizard)
    entry = wizard.dice.entry
    radio = entry.typed
    qtbot.mouseClick(radio, Qt.MouseButton.LeftButton, pos=QPoint(8, radio.height() // 2))
    assert entry.is_typed() and [s.sides for s in entry.slots] == [12]
    return window, wizard, entry


def type_at_the_table(qtbot, entry, text: str) -> None:
    """The referee clicks the first die's box and types ``text`` a key at a time, the window
    drawing between the keys (as it does between a referee's keystrokes)."""
    box = entry.box(0)
    qtbot.mouseClick(box.lineEdit(), Qt.MouseButton.LeftButton)
    qtbot.wait(20)
    for key in text:
        qtbot.keyClick(QApplication.focusWidget(), key)
        qtbot.wait(20)


@pytest.mark.parametrize("face", [10, 11, 12])
def test_a_d12_typed_as_two_digits_is_that_face(qtbot, attack_dice, face):
    window, wizard, entry = attack_dice
    type_at_the_table(qtbot, entry, str(face))
    assert entry.box(0).value() == face
    assert entry.values() == (face,) and entry.complete()
    qtbot.mouseClick(wizard.button(wizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    (die,) = window.session.match.steps()[-1].events[0].dice
    assert (die.sides, die.value, die.typed) == (12, face, True)


@pytest.mark.parametrize("typed", ["13", "0"])
def test_a_face_the_d12_cannot_show_is_refused_beside_its_box(qtbot, attack_dice, typed):
    _window, _wizard, entry = attack_dice
    type_at_the_table(qtbot, entry, typed)
    qtbot.wait(20)
    # not taken: the die is still to type (13's "1" stood only as its first digit), and the
    # box says why, beside it; Finish waits for a face the die can show
    assert entry.box(0).text() == "?" and entry.values() == () and not entry.complete()
    beside = entry.purposes[entry.slots[0].key].text()
    assert f"{typed} refused: a d12 shows 1 to 12" in beside
    assert "a d12 shows 1 to 12" in entry.refusal.text() and "die 1" in entry.refusal.text()


def test_a_seven_on_a_d6_is_refused_beside_its_box(qtbot, tmp_path):
    from app_window import demo_window
    from test_app_gunnery_wizard import choose_typed_dice, to_roll_page

    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window)
    choose_typed_dice(qtbot, wizard)
    entry = wizard.roll_page.dice
    type_at_the_table(qtbot, entry, "7")
    assert entry.box(0).text() == "?"
    assert "7 refused: a d6 shows 1 to 6" in entry.purposes[entry.slots[0].key].text()
    wizard.reject()


def wheel(widget, steps: int = 1) -> None:
    """A turn of the mouse wheel over ``widget`` (up by ``steps`` notches)."""
    centre = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)


def test_the_wheel_over_the_assault_allocation_changes_no_box(qtbot, tmp_path):
    from test_app_wizard_assault import assault_window, to_allocation

    window = assault_window(qtbot, tmp_path)
    wizard = to_allocation(qtbot, window)
    editor = wizard.allocation_page.editors[1]
    editor.add_roll()
    table = editor.rolls
    row = table.rowCount() - 1
    spins = [
        table.cellWidget(row, c)
        for c in range(table.columnCount())
        if isinstance(table.cellWidget(row, c), QAbstractSpinBox)
    ]
    combos = [
        table.cellWidget(row, c)
        for c in range(table.columnCount())
        if isinstance(table.cellWidget(row, c), QComboBox)
    ]
    assert spins and combos
    spin, combo = spins[0], combos[0]
    before = (spin.value(), combo.currentIndex(), wizard.allocation_page.isComplete())
    window.view.setFocus()  # the keyboard elsewhere: the wheel only passes over them
    wheel(spin)
    wheel(combo, -1)
    assert (spin.value(), combo.currentIndex(), wizard.allocation_page.isComplete()) == before
    # a wheel never gives them the keyboard; a click does, and then the wheel counts
    for box in (spin, combo):
        assert box.focusPolicy() == Qt.FocusPolicy.StrongFocus
    with qtbot.waitActive(window):
        window.activateWindow()
    spin.setFocus()
    qtbot.waitUntil(spin.hasFocus)
    wheel(spin)
    assert spin.value() == before[0] + 1
    wizard.reject()


def test_the_guard_holds_for_every_window_of_the_app(qtbot, qapp):
    from PySide6.QtWidgets import QSpinBox

    install_wheel_guard(qapp)
    assert install_wheel_guard(qapp) is install_wheel_guard(qapp)  # one filter
    spin = QSpinBox()  # any window's box, made after the guard
    qtbot.addWidget(spin)
    spin.show()
    assert spin.focusPolicy() == Qt.FocusPolicy.StrongFocus
    wheel(spin)
    assert spin.value() == 0
