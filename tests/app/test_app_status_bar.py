"""The status bar's message never runs under the label on its right."""

from PySide6.QtWidgets import QStatusBar

from referee.app.window.main_window import MainWindow
from referee.match.setup.demo import create_demo_match


def test_a_long_match_path_is_elided_in_the_middle_and_whole_in_the_tooltip(qtbot, tmp_path):
    folder = tmp_path.joinpath(*(["a-rather-long-folder-name"] * 6))
    folder.mkdir(parents=True)
    path = folder / "demo-20261126-092056.referee"
    create_demo_match(path).close()
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    with qtbot.waitExposed(window):
        window.show()
    window.open_match(path)
    bar: QStatusBar = window.statusBar()
    message = bar.currentMessage()
    assert message.startswith("Match file: /") and "…" in message
    assert message.endswith("demo-20261126-092056.referee (every step is written as it happens)")
    room = bar.width() - window.where.sizeHint().width()
    assert bar.fontMetrics().horizontalAdvance(message) < room
    assert bar.toolTip() == f"Match file: {path} (every step is written as it happens)"
    bar.showMessage("Step 2: Gunnery 1: tank fires")
    assert bar.toolTip() == ""  # the tooltip goes with its message


def test_any_message_too_long_for_a_narrow_window_is_elided_before_the_label(qtbot, tmp_path):
    """s7-user defect 12: at 720 px "Step 46: Agony 0: aci" ran into the label on the right
    (the turn and the step), cut mid-word, as if overwritten."""
    path = tmp_path / "demo.referee"
    create_demo_match(path).close()
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(720, 500)
    with qtbot.waitExposed(window):
        window.show()
    window.open_match(path)
    bar = window.statusBar()
    whole = "Step 46: Agony 0: acid, terror (the tank's crew panics and the wagon burns)"
    bar.showMessage(whole, 30000)
    qtbot.wait(1)
    room = bar.message_room()  # where the message is painted: left of the label, a gap between
    assert room.right() < window.where.x()
    shown = bar.shown_message()
    assert shown.endswith("…") and shown[:-1] == whole[: len(shown) - 1]
    assert bar.fontMetrics().horizontalAdvance(shown) <= room.width()
    assert bar.toolTip() == whole  # the whole, where the bar cuts it
    assert bar.currentMessage() == whole  # what was said is kept whole (the timeout too)
    window.resize(1366, 500)  # room enough: the message whole again, no tooltip
    qtbot.waitUntil(lambda: bar.shown_message() == whole)
    assert bar.toolTip() == ""
    bar.showMessage("Step 47: Aftermath")
    assert bar.shown_message() == "Step 47: Aftermath" and bar.toolTip() == ""


def test_in_a_narrow_window_the_label_on_the_right_leaves_the_message_half_the_bar(qtbot, tmp_path):
    """At 720 px the label (edition, map, turn and a long step's name) is wider than the bar:
    while a message is shown the label takes at most half of it, painted elided, so the
    message is read; with no message the label has the whole bar."""
    path = tmp_path / "demo.referee"
    create_demo_match(path).close()
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(720, 500)
    with qtbot.waitExposed(window):
        window.show()
    window.open_match(path)
    bar, label = window.statusBar(), window.where
    label.setText(
        "Current edition · Standard battlefield · turn 1, Movement 1: move every unit at once "
        "(first part of its movement order)"
    )
    bar.clearMessage()
    qtbot.waitUntil(lambda: label.width() > bar.width() // 2)  # no message: all its room
    bar.showMessage(
        "Step 2: Gunnery 1: tank and wagon hold their fire, passed by the referee "
        "(clause fire.decline)",
        30000,
    )
    qtbot.waitUntil(lambda: label.width() <= bar.width() // 2 and label.x() >= bar.width() // 3)
    room = bar.message_room()
    assert room.right() < label.x() and room.width() >= bar.width() * 2 // 5
    assert bar.shown_message().startswith("Step 2: Gunnery 1: tank")
    bar.clearMessage()
    qtbot.waitUntil(lambda: label.width() > bar.width() // 2)
