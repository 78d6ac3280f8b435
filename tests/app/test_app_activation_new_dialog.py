"""File > New match of the activation rules: a card the ruleset does not have is refused
naming the side and the line it is on (as a malformed line is), and the cards it lists are
every card the dialog's own "Cards:" line shows, units and structures alike (the sample
data: data/rulesets/activation/units.toml and structures.toml)."""

from __future__ import annotations

from test_app_activation_wizards import private_folders  # noqa: F401 (a fixture)

from referee.app.activation.new_dialog import NewActivationMatch


def make(qtbot, tmp_path, side1: str, side2: str = "buggy scout-buggy") -> NewActivationMatch:
    dialog = NewActivationMatch(tmp_path / "new.referee")
    qtbot.addWidget(dialog)
    dialog.army_boxes[1].setPlainText(side1)
    dialog.army_boxes[2].setPlainText(side2)
    return dialog


def test_an_unknown_card_names_its_side_and_line_and_lists_every_card(qtbot, tmp_path):
    dialog = make(qtbot, tmp_path, "tank battle-tank\n\nrifles rifle-squad\nodd nonexistent-card")
    dialog.accept()
    problem = dialog.problem.text()
    assert problem.startswith("side 1, line 4: no card 'nonexistent-card'"), problem
    listed = problem.partition("(cards: ")[2].rstrip(")").split(", ")
    shown = dialog.known.text().removeprefix("Cards: ").split(", ")
    assert listed == shown
    for structure in ("bunker", "citadel", "farmhouse", "watchtower"):
        assert structure in listed
    assert dialog.match is None and not (tmp_path / "new.referee").exists()


def test_an_unknown_card_of_side_2_names_side_2(qtbot, tmp_path):
    dialog = make(qtbot, tmp_path, "tank battle-tank", "buggy scout-buggy\nx bunkr")
    dialog.accept()
    assert dialog.problem.text().startswith("side 2, line 2: no card 'bunkr'")


def test_a_uid_given_twice_names_the_second_line(qtbot, tmp_path):
    dialog = make(qtbot, tmp_path, "tank battle-tank", "buggy scout-buggy\ntank bunker")
    dialog.accept()
    assert dialog.problem.text().startswith("side 2, line 2: 'tank' names two pieces")


def test_the_armies_with_a_structure_make_the_match(qtbot, tmp_path):
    dialog = make(qtbot, tmp_path, "tank battle-tank\ntower watchtower")
    dialog.accept()
    assert dialog.problem.text() == ""
    assert dialog.match is not None
    assert dialog.match.state.pieces["tower"].kind == "structure"
    dialog.match.close()


def test_the_dialog_is_used_from_the_keyboard_alone(qtbot, tmp_path):
    """Tab leaves an army box (no tab character typed in an army), each field and the
    button that creates the match has its own letter (Return in an army box is a new line),
    and Alt+R creates the match."""
    from mnemonics import clashes, shown_ampersands
    from PySide6.QtCore import Qt

    dialog = NewActivationMatch(tmp_path / "new.referee")
    qtbot.addWidget(dialog)
    with qtbot.waitActive(dialog):
        dialog.show()
        dialog.activateWindow()
    assert clashes(dialog, "new activation match") == [] and shown_ampersands(dialog) == []
    side1 = dialog.army_boxes[1]
    side1.setFocus()
    text = side1.toPlainText()
    qtbot.keyClick(side1, Qt.Key.Key_Tab)
    assert side1.toPlainText() == text and not side1.hasFocus()
    from PySide6.QtWidgets import QApplication

    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: dialog.match is not None)  # (a button's letter clicks it animated)
    assert (tmp_path / "new.referee").exists()
    dialog.match.close()
