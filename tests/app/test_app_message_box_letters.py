"""Every message box of the app gives each of its buttons its own letter (close6_noticed:
Qt's theme here writes "OK", "Save", "Discard", "Cancel", "Close" with none): Alt+letter,
or the letter alone, presses the button. The boxes are walked in the windows that show them
(the map editor, the army builder, the new-match wizard, the main game's Next step, a match
file damaged while open, the tournament desk and its launcher); and no module of the app
makes a message box another way (a box of Qt's own class would have no letters)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from app_window import demo_window
from mnemonics import clashes, mnemonic
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from shiboken6 import isValid

import referee.app
from referee.app.widgets.key_letters import lettered

STATIC = {"warning", "question", "information", "critical", "about", "aboutQt"}


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def letters_of(box: QMessageBox) -> list[str | None]:
    """Each button's letter, after checking that none is missing and none is shared."""
    assert box.isVisible()
    found = [mnemonic(b.text()) for b in box.buttons()]
    assert None not in found, [b.text() for b in box.buttons()]
    assert clashes(box, box.windowTitle()) == []
    return found


def press(qtbot, box: QMessageBox, letter: str, alt: bool = False) -> None:
    """``letter`` typed in ``box``, and the button's click (Qt animates it a moment) waited
    for. A message box takes a button's letter alone (its own keys); with Alt it is the
    button's shortcut, which wants the box to be the active window."""
    key = getattr(Qt.Key, f"Key_{letter.upper()}")
    if alt:
        with qtbot.waitActive(box):
            box.activateWindow()
        assert QApplication.activeWindow() is box
        qtbot.keyClick(box, key, Qt.KeyboardModifier.AltModifier)
    else:
        qtbot.keyClick(box, key)
    qtbot.waitUntil(lambda: not isValid(box) or not box.isVisible())


# --- the rule -----------------------------------------------------------------------------


def test_each_button_takes_the_first_free_letter_of_its_words():
    assert lettered(["Save", "Discard", "Cancel"]) == ["&Save", "&Discard", "&Cancel"]
    assert lettered(["OK", "Save as…"]) == ["&OK", "&Save as…"]
    # Close and Cancel: the second takes the next letter of its word
    assert lettered(["Close", "Cancel"]) == ["&Close", "C&ancel"]
    # a later word's first letter before a letter inside the first word
    assert lettered(["Stay", "Start the clock"]) == ["&Stay", "Start &the clock"]


def test_a_letter_a_button_has_already_is_kept_and_an_ampersand_stays_written():
    assert lettered(["Cancel", "&Yes", "&No"]) == ["&Cancel", "&Yes", "&No"]
    assert lettered(["Nothing", "&No"]) == ["N&othing", "&No"]  # &No keeps its own
    assert lettered(["Fish && chips", "Fries"]) == ["&Fish && chips", "F&ries"]
    assert lettered(["A&B", "&A"]) == ["A&B", "&A"]  # each its own already
    assert lettered(["&Save", "&Stay"]) == ["&Save", "S&tay"]  # a shared letter: moved
    assert lettered(["&&", "x"]) == ["&&", "&x"]  # nothing to take a letter from


def test_no_module_of_the_app_makes_a_message_box_of_qt_s_own_class():
    root = Path(referee.app.__file__).parent
    made: list[str] = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            own = isinstance(func, ast.Name) and func.id == "QMessageBox"
            static = (
                isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and func.value.id == "QMessageBox"
                and func.attr in STATIC
            )
            if own or static:
                made.append(f"{path.relative_to(root)}:{node.lineno}")
    assert made == []


# --- the boxes, in the windows that show them -------------------------------------------------


def test_the_map_editor_s_question_and_refusal_have_their_letters(qtbot, tmp_path):
    from test_app_map_editor import stroke
    from test_app_map_editor_refusals import huge_map

    from referee.app.map_editor.window import MapEditorWindow

    window = demo_window(qtbot, tmp_path)
    window.map_editor_action.trigger()
    editor = window.findChild(MapEditorWindow)
    with qtbot.waitExposed(editor):
        editor.show()
    editor.view.fit()
    editor.set_tool("terrain:hill")
    stroke(qtbot, editor, "B8")
    assert not editor.close()
    box = editor.unsaved.box
    assert sorted(letters_of(box)) == ["c", "d", "s"]  # Save, Discard, Cancel
    press(qtbot, box, "c")  # C: Cancel
    assert editor.unsaved.box is None and editor.isVisible()
    assert not editor.open_file(huge_map(tmp_path))
    assert letters_of(editor.refusal) == ["o"]  # OK
    press(qtbot, editor.refusal, "o")
    assert editor.refusal is None
    assert not editor.close()
    with qtbot.waitSignal(editor.unsaved.settled):
        press(qtbot, editor.unsaved.box, "d")
    assert not editor.isVisible()  # discarded: closed


def test_the_army_builder_s_question_has_its_letters(qtbot, tmp_path):
    from referee.app.army_builder.builder_window import ArmyBuilderWindow

    window = ArmyBuilderWindow(folder=tmp_path)
    qtbot.addWidget(window)
    window.show()
    window.add_unit("standard-tank")
    assert not window.close()
    assert sorted(letters_of(window.unsaved.box)) == ["c", "d", "s"]
    with qtbot.waitSignal(window.unsaved.settled):
        press(qtbot, window.unsaved.box, "d", alt=True)  # Alt+D: Discard
    assert not window.isVisible()


def test_the_new_match_wizard_s_discard_question_has_its_letters(qtbot, tmp_path):
    from test_app_new_match import to_armies

    _, wizard = to_armies(qtbot, tmp_path)
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    box = wizard.discard_box
    assert sorted(letters_of(box)) == ["d", "k"]  # Discard, Keep editing
    press(qtbot, box, "k")
    assert wizard.discard_box is None and wizard.isVisible()
    wizard.reject()
    press(qtbot, wizard.discard_box, "d")
    assert not isValid(wizard) or not wizard.isVisible()  # discarded: the wizard is gone


def test_the_unfired_question_of_next_step_has_its_letters(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    qtbot.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
    question = window.unfired_question
    box = question.box
    letters_of(box)
    stay = mnemonic(question.stay_button.text())
    press(qtbot, box, stay)
    assert question.box is None
    assert window.session.state.step == "gunnery-1"  # stayed


def test_a_match_file_damaged_while_open_says_so_with_letters_on_its_buttons(qtbot, tmp_path):
    from test_app_file_damaged_while_open import LAST_ROW_CUT, edit

    window = demo_window(qtbot, tmp_path)
    session = window.session
    edit(session.path, LAST_ROW_CUT)
    session.sync()
    box = window.refused_open_dialog
    # OK, and "Save the match to a new file…" added once the box was on the screen
    assert sorted(letters_of(box)) == ["o", "s"]
    box.close()


def test_the_tournament_desk_s_questions_and_the_launcher_s_refusal_have_their_letters(
    qtbot, tmp_path
):
    from referee.app.tournament.window import TournamentWindow
    from referee.tournament.desk import Desk

    desk = Desk.create(tmp_path / "cup.db", name="Cup", seed=1)
    for name in ("Ada", "Brin", "Cato", "Dora", "Emil"):
        desk.add_player(name)
    desk.mark_attendance("Emil", present=False)
    w = TournamentWindow(desk)
    qtbot.addWidget(w)
    seen: list[list[str | None]] = []

    def answer() -> None:  # the question waits (exec): read it, then Cancel it
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        seen.append([mnemonic(b.text()) for b in box.buttons()])
        box.button(QMessageBox.StandardButton.Cancel).click()

    QTimer.singleShot(50, answer)
    qtbot.mouseClick(w.pairings_tab.pair_button, Qt.MouseButton.LeftButton)
    assert seen and sorted(seen[0]) == ["c", "y"]  # Yes, Cancel
    assert w.tournament.current_round == 0

    window = demo_window(qtbot, tmp_path)
    assert window.tournament.open(tmp_path / "nothing.db") is None
    box = window.tournament.refusals.box
    assert "no such event file" in box.text() and letters_of(box) == ["o"]
    box.close()
