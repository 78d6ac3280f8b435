"""The window's one-key shortcuts (D folds the docks, F fits the map, J makes the journal
ten rows tall, N runs the next step) never fire while the keyboard is in a text field, a
spin box or a drop-down list: a letter typed there is the field's (a drop-down list picks
its first item starting with it, as Qt's lists do), never a step run by mistake."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QLineEdit
from test_app_activation_wizards import (  # noqa: F401 (fixtures)
    deploying,
    next_page,
    private_folders,
)

KEYS = (Qt.Key.Key_D, Qt.Key.Key_F, Qt.Key.Key_J, Qt.Key.Key_N)


def one_key_actions(window):
    return {
        "D": window.fold_action,
        "F": window.fit_action,
        "J": window.journal_rows_action,
        "N": window.next_action,
    }


def watch(window) -> list[str]:
    fired: list[str] = []
    for key, action in one_key_actions(window).items():
        action.triggered.connect(lambda *_, key=key: fired.append(key))
    return fired


def focus(qtbot, widget) -> None:
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(widget.hasFocus)


def test_the_one_keys_are_the_windows_only_outside_a_field(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.activateWindow()
    fired = watch(window)
    qtbot.keyClick(window.view, Qt.Key.Key_F)  # on the map: the window's
    assert fired == ["F"]
    fired.clear()
    fields = [
        window.journal.findChild(QLineEdit),  # the journal's filter
        window.journal.findChild(QComboBox),  # the journal's kinds, a drop-down list
        window.inspector.findChild(QComboBox),  # the inspector's unit picker
    ]
    window.focus_rules()
    browser = window.rules_browser
    fields += [browser.search, browser.edition, browser.kind]
    steps = window.session.match.step_count()
    for field in fields:
        assert field is not None and field.isVisible()
        focus(qtbot, field)
        for key in KEYS:
            qtbot.keyClick(QApplication.focusWidget(), key)
        assert fired == [], (type(field).__name__, fired)
    assert window.session.match.step_count() == steps
    assert window.tracker_dock.isVisible() and window.journal_dock.isVisible()


def test_a_facing_typed_in_the_deploy_wizard_is_the_facing_not_the_next_step(
    qtbot,
    deploying,  # noqa: F811 (the fixture)
):
    window = deploying
    window.activateWindow()
    qtbot.mouseClick(window.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.pieces.pick("tank")
    next_page(qtbot, wizard)
    fired = watch(window)
    steps = window.session.match.step_count()
    facing = wizard.where.facing
    focus(qtbot, facing)
    facing.setCurrentText("SE")
    qtbot.keyClick(facing, Qt.Key.Key_N)  # N: a facing to the north (the next such), not Next
    assert facing.currentText().startswith("N")
    ammunition = wizard.where.ammunition
    focus(qtbot, ammunition)
    for key in KEYS:
        qtbot.keyClick(QApplication.focusWidget(), key)
    assert fired == [] and window.session.match.step_count() == steps
    assert window.wizard_host.wizard is wizard
