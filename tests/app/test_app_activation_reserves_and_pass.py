"""The activation rules' steps the first wizards left to the command line: the pass of a
deployment (``deploy-pass``, ruling activation.deploy-pass) and the reserves (clause
activation.reserves, ruling activation.capacity); every wizard's dice page says which
clauses and rulings apply, as links to the rules dock; the wizards are hooked into the
window from one list; and every wizard's step is undone and redone whole.

Expected answers are worked by hand from the draft and the sample data: Crossroads gives
each side 12 capacity points (data/rulesets/activation/missions.toml); a battle tank takes
3, a rifle squad 1, a bunker 2, a fighter 3, a siege tank 4, a bomber 4 and a scout buggy 1
(units.toml, structures.toml)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard
from test_app_activation_more_wizards import (
    CARRIER_ARMIES,
    TO_BATTLE,
    items,
    sample_window,
)
from test_app_activation_wizards import (  # noqa: F401 (private_folders: a fixture)
    click_tile,
    finish,
    last_step,
    next_page,
    private_folders,
)

from referee.app.activation.wizards.opener import WIZARDS
from referee.rules.activation.commands import parse_command

# --- the reserves -----------------------------------------------------------------------------


def test_the_reserves_take_no_more_than_the_capacity_left_and_the_rest_goes_out(qtbot, tmp_path):
    # the sample through "Deploy the hawk": side 1 deployed its tank (3), rifles (1),
    # bunker (2) and hawk (3): 9 of its 12 points, 3 left; its siege tank takes 4
    window = sample_window(qtbot, tmp_path, 13)
    assert window.session.match.state.phase == "reserves"
    qtbot.mouseClick(window.game.panel.buttons["reserves"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    assert wizard is not None and wizard.windowTitle() == "Reserves"
    page = wizard.page_
    assert items(page.list) == ["extra: Siege tank, takes 4"]
    assert "3 of 12 capacity points left" in page.note.text()
    assert "ruling activation.capacity: points" in page.note.text()
    next_button = wizard.button(QWizard.WizardButton.NextButton)
    page.tick("extra")
    assert "take 4 of the 3 left" in page.sum.text()
    assert not next_button.isEnabled()  # 4 > 3: the siege tank cannot wait in the reserves
    page.tick()
    assert next_button.isEnabled()  # nothing in the reserves: all the rest goes out
    next_page(qtbot, wizard)
    assert "out of the battle: extra" in wizard.dice.outcome.text()
    finish(qtbot, wizard)
    assert last_step(window) == ("reserves side=1", [{"kind": "reserves", "side": 1}])
    assert window.session.match.state.pieces["extra"].status == "out"
    assert window.session.match.state.turn == 2


def test_side_2_leaves_its_rifles_in_the_reserves_and_its_bomber_goes_out(qtbot, tmp_path):
    # side 2 deployed its buggy (1) and fighter (3): 8 of 12 left; rifles 1 + bomber 4 fit
    window = sample_window(qtbot, tmp_path, 14)
    qtbot.mouseClick(window.game.panel.buttons["reserves"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    page = wizard.page_
    assert items(page.list) == ["bomber: Bomber, takes 4", "grunts: Rifle squad, takes 1"]
    assert "8 of 12 capacity points left" in page.note.text()
    page.tick("grunts", "bomber")
    assert "take 5 of the 8 left" in page.sum.text()
    page.tick("grunts")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window) == (
        "reserves side=2 uids=grunts",
        [{"kind": "reserves", "side": 2, "uids": "grunts"}],
    )
    state = window.session.match.state
    after = state
    assert (state.pieces["grunts"].status, state.pieces["bomber"].status) == ("reserve", "out")
    assert state.phase == "before-battle"  # both sides chose: the next phase
    assert window.session.match.replay_check() == []
    qtbot.mouseClick(window.game.panel.undo_button, Qt.MouseButton.LeftButton)
    state = window.session.match.state
    assert (state.phase, state.turn) == ("reserves", 2)
    assert (state.pieces["grunts"].status, state.pieces["bomber"].status) == ("roster", "roster")
    qtbot.mouseClick(window.game.panel.redo_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state == after


# --- the pass of a deployment -------------------------------------------------------------------


def test_a_side_passes_its_deployment_from_the_deploy_wizard(qtbot, tmp_path):
    # the sample through "Deploy the bunker": side 2's turn, its grunts and bomber on the roster
    window = sample_window(qtbot, tmp_path, 11)
    before = window.session.match.state
    qtbot.mouseClick(window.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    rows = items(wizard.pieces.list)
    assert rows[-1] == (
        "Pass: side 2 deploys nothing more now (its deployment ends; "
        "ruling activation.deploy-pass: done)"
    )
    wizard.pieces.list.setCurrentRow(len(rows) - 1)
    next_page(qtbot, wizard)
    assert wizard.currentPage() is wizard.dice  # no tile to pick for a pass
    finish(qtbot, wizard)
    assert last_step(window) == ("deploy-pass side=2", [{"kind": "deploy-pass", "side": 2}])
    state = window.session.match.state
    after = state
    assert 2 in state.done and state.turn == 1  # side 1 deploys the rest of its own
    qtbot.mouseClick(window.game.panel.undo_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state == before
    qtbot.mouseClick(window.game.panel.redo_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state == after
    assert window.session.match.replay_check() == []


# --- which clause applies and why ---------------------------------------------------------------


def test_the_dice_page_names_the_clauses_and_rulings_as_links_to_the_rules_dock(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 6)  # side 1 deploys first
    qtbot.mouseClick(window.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.pieces.pick("tank")
    next_page(qtbot, wizard)
    click_tile(qtbot, window, "H15")
    next_page(qtbot, wizard)
    why = wizard.dice.why.text()
    # a unit deployed: the deployment and its ammunition, under the depth, adjacency and
    # capacity rulings and the slots a vehicle takes
    for link in (
        "clause:activation.deployment",
        "clause:activation.ammunition",
        "ruling:activation.deploy-depth",
        "ruling:activation.capacity",
    ):
        assert f"href='{link}'" in why
    with qtbot.waitSignal(window.wizard_host.linkClicked) as seen:
        wizard.dice.why.linkActivated.emit("clause:activation.ammunition")
    assert seen.args == ["clause:activation.ammunition"]
    assert window.rules_dock.isVisible()
    assert "ammunition" in window.rules_browser.detail.toPlainText().lower()


# --- one list of wizards ------------------------------------------------------------------------


def test_the_buttons_and_the_wizards_menu_are_made_from_the_one_list(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 13)  # the reserves phase
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Wizards")
    shown = [a.text() for a in menu.actions() if a.isVisible()]  # the game's own wizards
    assert shown == [e.menu for e in WIZARDS]
    assert list(window.game.panel.buttons) == [e.key for e in WIZARDS]
    assert "Choose the &reserves…" in [e.menu for e in WIZARDS]
    # the menu item opens the wizard of the phase; another phase's says why not
    next(a for a in menu.actions() if a.text() == "&Activate…").trigger()
    assert window.wizard_host.wizard is None
    assert "side 1 leaves units in the reserves" in window.game.panel.outcome.text()
    next(a for a in menu.actions() if a.text() == "Choose the &reserves…").trigger()
    assert window.wizard_host.wizard.windowTitle() == "Reserves"


# --- undo and redo of every wizard's step -------------------------------------------------------


def test_a_disembark_and_an_entry_from_the_reserves_are_undone_and_redone(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE)
    window.run_step("embark", [parse_command("embark uid=rifles transport=carrier")])
    window.run_step("the buggy moves", [parse_command("move uid=buggy path=H4:S")])
    before = window.session.match.state
    qtbot.mouseClick(window.game.panel.buttons["embark"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("rifles")
    next_page(qtbot, wizard)
    click_tile(qtbot, window, "H14")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window)[0] == "disembark uid=rifles hex=H14 facing=N"
    disembarked = window.session.match.state
    window.run_step("the buggy moves on", [parse_command("move uid=buggy path=H5:S")])
    qtbot.mouseClick(window.game.panel.buttons["enter"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("extra")
    next_page(qtbot, wizard)
    click_tile(qtbot, window, "F14")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window)[0] == "enter uid=extra hex=F14 facing=N ammunition=4"
    entered = window.session.match.state
    for _ in range(3):  # the entry, the buggy's move, the disembark
        qtbot.mouseClick(window.game.panel.undo_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state == before
    assert window.session.match.state.pieces["rifles"].status == "embarked"
    qtbot.mouseClick(window.game.panel.redo_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state == disembarked
    qtbot.mouseClick(window.game.panel.redo_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(window.game.panel.redo_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state == entered
    assert window.session.match.state.pieces["extra"].status == "deployed"
    assert window.session.match.replay_check() == []


def test_a_capture_is_undone_and_redone(qtbot, tmp_path):
    # the sample through "The tank fires at the fighter and the citadel": side 2's buggy
    # inside the citadel on H8 (side 2 2 pips, neutral 3, after the mg's hit)
    window = sample_window(qtbot, tmp_path, 23)
    before = window.session.match.state
    qtbot.mouseClick(window.game.panel.buttons["capture"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    click_tile(qtbot, window, "H8")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window)[0] == "capture uid=buggy hex=H8"
    after = window.session.match.state
    qtbot.mouseClick(window.game.panel.undo_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state == before
    qtbot.mouseClick(window.game.panel.redo_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state == after
    assert window.session.match.replay_check() == []


# --- embarking out of an enemy tile -------------------------------------------------------------

BUGGY_BESIDE_THE_RIFLES = [
    *TO_BATTLE,
    ("move uid=tank path=H15:NE", []),
    ("move uid=buggy path=H4:S,H5:S,H6:S,H7:S,H8:S,H9:S", []),
    ("move uid=tank path=H15:N", []),
    ("move uid=buggy path=H10:S,H11:S,H12:S,H13:S,H14:S", []),
]
"""Crossroads with side 2's scout buggy driven onto H14, where side 1's rifles stand (an
enemy tile for them, clause activation.tiles), their carrier one tile away on G15."""


def test_the_embark_wizard_names_the_ruling_out_of_an_enemy_tile_and_follows_it(qtbot, tmp_path):
    window = sample_window(
        qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=BUGGY_BESIDE_THE_RIFLES
    )
    qtbot.mouseClick(window.game.panel.buttons["embark"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    # by default the 1 tile is the action's reach: the rifles embark, their row says why
    assert items(wizard.unit.list) == [
        "rifles: Rifle squad on H14: embarks (into carrier); out of an enemy tile "
        "(ruling activation.embark-leaving: one-tile)"
    ]
    wizard.reject()
    (tmp_path / "double").mkdir()
    doubled = sample_window(
        qtbot,
        tmp_path / "double",
        0,
        units=CARRIER_ARMIES,
        commands=BUGGY_BESIDE_THE_RIFLES,
        readings={"activation.embark-leaving": "double"},
    )
    qtbot.mouseClick(doubled.game.panel.buttons["embark"], Qt.MouseButton.LeftButton)
    # the tile to G15 would cost 2 out of H14: no unit can embark, none is offered
    assert items(doubled.wizard_host.wizard.unit.list) == []
