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
