"""The deploy and enter wizards start a unit facing into the map from its player's edge
(referee.rules.activation.deployment.facing_into_map; the geometry is pinned in
tests/activation/test_facing_into_the_map.py): side 1 at the lower-left edge S faces N,
side 2 at the upper-right edge N faces S. The player may choose another facing (ruling
activation.reserves-entry)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from test_app_activation_more_wizards import CARRIER_ARMIES, TO_BATTLE, sample_window
from test_app_activation_wizards import next_page, private_folders  # noqa: F401 (a fixture)

UNITS = [
    {"uid": "tank", "unit": "battle-tank", "side": 1},
    {"uid": "scout", "unit": "scout-buggy", "side": 1},
    {"uid": "buggy", "unit": "scout-buggy", "side": 2},
]
TO_DEPLOYMENT = [
    ("present", [1]),
    ("ban side=1 mission=open-field", []),
    ("ban side=2 mission=twin-towers", []),
    ("ban side=1 mission=last-stand", []),
    ("roll-order", [2]),
    ("choose-order side=2 go=second", []),
]


def deploy_facing(qtbot, window, uid: str) -> str:
    qtbot.mouseClick(window.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.pieces.pick(uid)
    next_page(qtbot, wizard)
    return wizard.where.facing.currentText()


def test_side_1_deploys_facing_n_from_the_lower_left_edge(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 0, units=UNITS, commands=TO_DEPLOYMENT)
    assert deploy_facing(qtbot, window, "tank") == "N"


def test_side_2_deploys_facing_s_from_the_upper_right_edge(qtbot, tmp_path):
    commands = [*TO_DEPLOYMENT, ("deploy side=1 uid=tank hex=H15 facing=N", [])]
    window = sample_window(qtbot, tmp_path, 0, units=UNITS, commands=commands)
    assert deploy_facing(qtbot, window, "buggy") == "S"


def test_side_1_enters_from_the_reserves_facing_n(qtbot, tmp_path):
    # side 1's siege tank "extra" waits in the reserves (TO_BATTLE); side 1's turn
    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE)
    qtbot.mouseClick(window.game.panel.buttons["enter"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("extra")
    next_page(qtbot, wizard)
    assert wizard.where.facing.currentText() == "N"
