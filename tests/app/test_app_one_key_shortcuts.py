"""The window's one-key shortcuts (D folds the docks, F fits the map, J makes the journal
ten rows tall, N runs the next step) never fire while the keyboard is in a text field, a
spin box, a drop-down list, or any list or table (the journal, a wizard's lists, the rules'
index): a letter typed there is the field's (a list picks its next item starting with it,
as Qt's lists do), never a step run by mistake."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QTableView,
)
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


def item_views(window) -> list[QAbstractItemView]:
    """The lists and tables of ``window`` the referee can put the keyboard in now."""
    return [
        view
        for view in window.findChildren(QAbstractItemView)
        if view.isVisible()
        and view.focusPolicy() & Qt.FocusPolicy.ClickFocus
        and not isinstance(view, QHeaderView)
    ]


def walk_item_views(qtbot, window) -> None:
    """Every list and table shown, the open wizard's among them: the one-key letters typed
    in each run nothing (no step written, the wizard and the docks left as they were)."""
    wizard = window.wizard_host.wizard
    assert wizard is not None
    fired = watch(window)
    steps = window.session.match.step_count()
    views = item_views(window)
    kinds = {type(view).__name__ for view in views}
    assert {"QTableView", "QListWidget"} <= kinds, kinds  # the journal, the wizard's lists
    assert any(wizard.isAncestorOf(view) for view in views)
    for view in views:
        focus(qtbot, view)
        for key in KEYS:
            qtbot.keyClick(view, key)
        assert fired == [], (type(view).__name__, view.parentWidget(), fired)
    assert window.session.match.step_count() == steps
    assert window.wizard_host.wizard is wizard
    assert window.tracker_dock.isVisible() and window.journal_dock.isVisible()


def test_a_letter_typed_in_any_list_or_table_of_the_window_searches_it(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.activateWindow()
    window.focus_rules()  # the rules browser's index
    window.next_in_game()  # N: the demo's first step, the gunnery wizard and its lists
    walk_item_views(qtbot, window)


def test_the_same_in_the_window_of_the_activation_rules(
    qtbot,
    deploying,  # noqa: F811 (the fixture)
):
    window = deploying
    with qtbot.waitActive(window):
        window.activateWindow()
    window.focus_rules()
    window.next_in_game()  # N: the Deploy wizard and its list of side 1's units
    walk_item_views(qtbot, window)


def test_d_typed_in_the_journal_goes_to_the_first_step_named_with_d(qtbot, tmp_path):
    """The journal of the activation rules' sample game: D in its column of names goes to
    the first deployment (Qt's search of a table), instead of folding the docks."""
    from app_window import activation_window
    from test_app_activation_wizards import JOURNAL

    from referee.match.journal.journal_text import read_journal, replay_journal

    path = tmp_path / "crossroads.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    window = activation_window(qtbot, path)
    with qtbot.waitActive(window):
        window.activateWindow()
    fired = watch(window)
    table = window.journal.findChild(QTableView)
    names = [table.model().index(row, 1).data() for row in range(table.model().rowCount())]
    assert names[0] == "Both armies presented" and names[6] == "Deploy the tank"
    focus(qtbot, table)
    table.setCurrentIndex(table.model().index(0, 1))
    qtbot.keyClick(table, Qt.Key.Key_D)
    assert table.currentIndex().row() == 6
    assert fired == [] and window.tracker_dock.isVisible()
