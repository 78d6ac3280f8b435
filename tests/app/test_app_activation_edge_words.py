"""Each player's edge in the window, in the words a referee finds on the board.

The missions give side 1 the hexagon's S edge and side 2 its N edge (data/rulesets/activation/
missions.toml), letters named after the axial directions. The map's tiles are flat-topped, so
the hexagon has corners at its top (H1) and bottom (H15): S is its lower-left edge, A12 to H15,
and N its upper-right edge, H1 to O5, where the rims of each side's deployment rows are drawn.
The window says so wherever a side's edge reaches the referee: the ban rows, the journal's
mission line, the Deploy and Enter wizards and the rims' tooltips; never the bare letter.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from test_app_activation_more_wizards import items, sample_window
from test_app_activation_start_wizards import press_n
from test_app_activation_wizards import (  # noqa: F401 (private_folders: a fixture)
    finish,
    next_page,
    private_folders,
)

from referee.board.hexgrid import parse_label

SIDE_1 = "the lower-left edge (A12 to H15)"
SIDE_2 = "the upper-right edge (H1 to O5)"
BOTH = f"side 1 at {SIDE_1}, side 2 at {SIDE_2}"


def test_each_ban_row_says_where_each_sides_edge_is_on_the_map(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 1)  # the armies presented: side 1 bans first
    wizard = press_n(qtbot, window)
    assert wizard.windowTitle() == "Ban a mission"
    rows = items(wizard.missions.list)
    assert len(rows) == 4
    for row in rows:
        assert BOTH in row, row
        assert "edge S" not in row and "edge N" not in row


def test_the_journal_says_where_each_sides_edge_is_once_the_mission_is_set(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 4)  # the third ban leaves Crossroads
    (row,) = [r for r in window.journal.model.rows if "the mission is " in r.text]
    assert f"the mission is Crossroads (crossroads): activation map, {BOTH}, capacity 12" in (
        row.text
    )


def test_the_rims_tooltip_says_where_the_sides_edge_is(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 6)  # deployment: the mission's rims
    tip = window.scene.hex_items[parse_label("H14")].toolTip()
    assert f"side 1 deploys within 3 rows of its edge, {SIDE_1}" in tip
    tip = window.scene.hex_items[parse_label("H2")].toolTip()
    assert f"side 2 deploys within 3 rows of its edge, {SIDE_2}" in tip


def test_the_deploy_wizard_says_where_the_sides_edge_is(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 6)  # side 1 deploys first
    qtbot.mouseClick(window.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    assert wizard.windowTitle() == "Deploy"
    assert f"Side 1 deploys from {SIDE_1}" in wizard.pieces.subTitle()


def test_the_enter_wizard_says_where_the_sides_edge_is(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 25)  # side 2's turn, its grunts in the reserves
    qtbot.mouseClick(window.game.panel.buttons["enter"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    assert wizard.windowTitle() == "Enter from the reserves"
    said = wizard.unit.subTitle()
    assert f"It enters on a tile of side 2's edge, {SIDE_2}." in said
    assert "(N)" not in said


def test_the_last_ban_says_where_each_sides_edge_is_before_and_after_it_is_played(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 3)  # two bans made: side 1 bans the third
    wizard = press_n(qtbot, window)
    wizard.missions.pick("last-stand")
    next_page(qtbot, wizard)
    # no dice in a ban: the page shows what the engine decides, the mission line included
    assert f"activation map, {BOTH}, capacity 12" in wizard.dice.outcome.text()
    finish(qtbot, wizard)
    assert f"activation map, {BOTH}, capacity 12" in window.game.panel.outcome.text()


def test_each_mission_offered_for_a_new_match_says_where_each_sides_edge_is(qtbot, tmp_path):
    from referee.app.activation.new_dialog import NewActivationMatch

    dialog = NewActivationMatch(tmp_path / "new.referee")
    qtbot.addWidget(dialog)
    assert set(dialog.mission_boxes) == {"crossroads", "twin-towers", "open-field", "last-stand"}
    for box in dialog.mission_boxes.values():
        assert BOTH in box.toolTip(), box.text()
