"""The wizards of a match of the activation rules, in the dock beside its map: deploy (the
legal tiles highlighted, a click picks one), activate (move: the reachable tiles with
their cost; attack: the targets in range and sight with the penetration odds) and capture
(the building's pips before and after). Each builds the command the command line takes and
plays it through the match file: the journal holds it as if typed, undo and replay agree."""

from __future__ import annotations

import pytest
from app_window import activation_window, view_point
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWizard

from referee.app.window.main_window import MainWindow
from referee.board.hexgrid import parse_label
from referee.match.games.activation_file import ActivationMatch
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.paths import data_dir

JOURNAL = data_dir() / "journals" / "activation-crossroads.journal"


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def open_window(qtbot, path) -> MainWindow:
    return activation_window(qtbot, path)


@pytest.fixture
def window(qtbot, tmp_path) -> MainWindow:
    """The sample game played to its end: side 2's turn in the main phase."""
    path = tmp_path / "crossroads.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    return open_window(qtbot, path)


@pytest.fixture
def deploying(qtbot, tmp_path) -> MainWindow:
    """The sample game up to its deployment: side 1 deploys first."""
    journal = read_journal(JOURNAL)
    path = tmp_path / "deploying.referee"
    with ActivationMatch.from_journal(journal, path) as match:
        for step in journal.steps[:6]:
            match.run(step.name, step.commands, step.dice)
    return open_window(qtbot, path)


def click_tile(qtbot, window, label):
    qtbot.mouseClick(
        window.view.viewport(),
        Qt.MouseButton.LeftButton,
        pos=view_point(window, parse_label(label)),
    )


def next_page(qtbot, wizard):
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)


def finish(qtbot, wizard):
    assert wizard.button(QWizard.WizardButton.FinishButton).isEnabled()
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)


def last_step(window):
    step = window.session.match.steps()[-1]
    return step.name, [e.command.to_json() for e in step.events]


def test_the_deploy_wizard_offers_only_the_edge_first_and_deploys_on_the_tile_clicked(
    qtbot, deploying
):
    qtbot.mouseClick(deploying.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    wizard = deploying.wizard_host.wizard
    assert wizard is not None and wizard.windowTitle() == "Deploy"
    pieces = wizard.pieces
    assert [pieces.list.item(i).text().split(":")[0] for i in range(pieces.list.count())] == [
        "bunker",
        "extra",
        "hawk",
        "rifles",
        "tank",
        "Pass",
    ]  # side 1's roster, then the pass (deploy-pass)
    pieces.pick("tank")
    next_page(qtbot, wizard)
    # a first deployment goes on a tile of the player's edge (clause activation.deployment):
    # side 1's edge on Crossroads is the lower-left one, A12 to H15 (the sample deploys on H15)
    drawn = deploying.wizard_host.overlay.drawn()
    assert any(line.startswith("hex H15 ") for line in drawn)
    assert not any(line.startswith("hex H14 ") for line in drawn)
    click_tile(qtbot, deploying, "H14")  # not on the edge: not taken, typed nowhere
    assert wizard.where.tile() is None and deploying.game.panel.command.text() == ""
    click_tile(qtbot, deploying, "H15")
    assert wizard.where.tile() == parse_label("H15")
    wizard.where.facing.setCurrentText("NE")
    # the ammunition it starts with: at most its card's (the battle tank: 5), full by default
    ammunition = wizard.where.ammunition
    assert (ammunition.value(), ammunition.maximum(), ammunition.minimum()) == (5, 5, 0)
    ammunition.setValue(3)
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(deploying) == (
        "deploy side=1 uid=tank hex=H15 facing=NE ammunition=3",
        [
            {
                "kind": "deploy",
                "side": 1,
                "uid": "tank",
                "hex": "H15",
                "facing": "NE",
                "ammunition": 3,
            }
        ],
    )
    tank = deploying.session.match.state.pieces["tank"]
    assert (tank.hex, tank.facing, tank.ammunition) == (parse_label("H15"), 1, 3)
    assert deploying.wizard_host.wizard is None and deploying.wizard_host.overlay.drawn() == []
    assert "Whose turn: side 2" in deploying.game.panel.heading.text()
    qtbot.mouseClick(deploying.game.panel.undo_button, Qt.MouseButton.LeftButton)
    assert deploying.session.match.state.pieces["tank"].status == "roster"


def test_a_step_from_a_wizard_clears_the_words_left_on_the_command_line(qtbot, deploying):
    """A command refused stays on the line to be corrected; once a step runs another way
    (a wizard), the stale words go, so the next Return cannot run them."""
    line = deploying.game.panel.command
    line.setText("deploy side=1 uid=tank hex=H14 facing=N")
    deploying.game.play()
    assert line.text() == "deploy side=1 uid=tank hex=H14 facing=N"  # refused, kept
    qtbot.mouseClick(deploying.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    wizard = deploying.wizard_host.wizard
    wizard.pieces.pick("tank")
    next_page(qtbot, wizard)
    click_tile(qtbot, deploying, "H15")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert deploying.session.match.state.pieces["tank"].hex == parse_label("H15")
    assert line.text() == ""


def test_after_a_tile_clicked_return_goes_on_in_the_deploy_wizard(qtbot, deploying):
    """The click gives the keyboard back to the wizard (not left on the map), so Return
    is Next, as it is after a tile picked from the list."""
    with qtbot.waitActive(deploying):
        deploying.activateWindow()
    qtbot.mouseClick(deploying.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    wizard = deploying.wizard_host.wizard
    assert wizard.pieces.uid() == "bunker"  # the first row picked: Return goes on
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert wizard.currentPage() is wizard.where
    click_tile(qtbot, deploying, "H15")
    assert wizard.where.tile() == parse_label("H15")
    focus = QApplication.focusWidget()
    assert focus is not None and wizard.isAncestorOf(focus)
    qtbot.keyClick(focus, Qt.Key.Key_Return)
    assert wizard.currentPage() is wizard.dice


def test_a_structure_is_deployed_without_ammunition_and_a_full_load_is_not_written(
    qtbot, deploying
):
    qtbot.mouseClick(deploying.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    wizard = deploying.wizard_host.wizard
    wizard.pieces.pick("bunker")
    next_page(qtbot, wizard)
    assert not wizard.where.form.isRowVisible(wizard.where.ammunition)
    assert wizard.where.ammunition_given() is None
    wizard.back()
    wizard.pieces.pick("rifles")
    next_page(qtbot, wizard)
    assert wizard.where.form.isRowVisible(wizard.where.ammunition)
    assert wizard.where.ammunition_given() is None  # full: the command's own default
    wizard.where.ammunition.setValue(0)
    assert wizard.where.ammunition_given() == 0
    wizard.reject()


def test_the_activate_wizard_moves_to_a_reachable_tile_at_its_cost(qtbot, window):
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("buggy")
    next_page(qtbot, wizard)
    # the buggy, on H8 facing S, moves forward a tile for 1 (movement costs.tile)
    items = [wizard.move_page.list.item(i).text() for i in range(wizard.move_page.list.count())]
    assert "H9 facing S: costs 1" in items
    click_tile(qtbot, window, "H9")
    assert wizard.move_page.end()[0].hex == parse_label("H9")
    next_page(qtbot, wizard)
    assert "buggy" in wizard.dice.outcome.text()
    finish(qtbot, window.wizard_host.wizard)
    assert last_step(window) == (
        "move uid=buggy path=H9:S",
        [{"kind": "move", "uid": "buggy", "path": "H9:S"}],
    )
    assert window.session.match.state.pieces["buggy"].hex == parse_label("H9")
    assert window.session.match.replay_check() == []


def test_the_activate_wizard_shoots_with_the_odds_and_the_dice_typed(qtbot, window):
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("buggy")
    wizard.unit.attack_radio.setChecked(True)
    next_page(qtbot, wizard)
    (box,) = wizard.attack_page.boxes.values()  # the buggy's one weapon, its machine gun
    texts = [box.itemText(i) for i in range(box.count())]
    # the tank's armor is 9: the d12 must roll 9 or more, 4 faces of 12 = 33%
    tank = next(t for t in texts if t.startswith("tank"))
    assert "needs 9+" in tank and tank.endswith(": 33%")
    box.setCurrentIndex(texts.index(tank))
    next_page(qtbot, wizard)
    entry = wizard.dice.entry
    entry.set_typed(True)
    entry.type_values([9])
    finish(qtbot, wizard)
    assert last_step(window) == (
        "shoot uid=buggy shots=mg>tank",
        [{"kind": "shoot", "uid": "buggy", "shots": "mg>tank"}],
    )
    assert [(r.value, r.typed) for r in window.session.match.steps()[-1].events[0].dice] == [
        (9, True)
    ]
    assert window.session.match.state.pieces["tank"].health == 4  # 5, less the hit
    assert window.session.match.replay_check() == []


def test_the_capture_wizard_shows_the_pips_before_and_after(qtbot, window):
    qtbot.mouseClick(window.game.panel.buttons["capture"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    texts = [wizard.pick.list.item(i).text() for i in range(wizard.pick.list.count())]
    # the buggy inside the citadel on H8 (side 2 2, neutral 3): a capture turns a neutral
    # pip and a second neutral one with it (ruling activation.capture-neutral)
    assert texts == [
        "buggy captures H8: pips side 1 0, side 2 2, neutral 3 → side 1 0, side 2 4, neutral 1"
    ]
    click_tile(qtbot, window, "H8")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window) == (
        "capture uid=buggy hex=H8",
        [{"kind": "capture", "uid": "buggy", "hex": "H8"}],
    )
    assert window.session.match.state.fortifications[parse_label("H8")].pips.to_json() == {
        "side1": 0,
        "side2": 4,
        "neutral": 1,
    }


def test_a_wizard_of_another_phase_does_not_open_and_says_why(qtbot, window):
    qtbot.mouseClick(window.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    assert window.wizard_host.wizard is None
    assert (
        "not now" in window.game.panel.outcome.text()
        and "activates a unit" in window.game.panel.outcome.text()
    )


def test_a_step_typed_while_a_wizard_is_open_closes_it_writing_nothing_of_its_own(qtbot, window):
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    assert window.wizard_host.wizard is not None
    qtbot.keyClicks(window.game.panel.command, "move uid=buggy path=H9:S")
    qtbot.mouseClick(window.game.panel.play_button, Qt.MouseButton.LeftButton)
    assert window.wizard_host.wizard is None  # built on the match before the step
    assert "closed without writing anything" in window.wizard_host.idle.text()
    assert last_step(window)[0] == "move uid=buggy path=H9:S"
    assert len(window.session.match.steps()) == 26


def attack_targets(qtbot, window, uid):
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick(uid)
    wizard.unit.attack_radio.setChecked(True)
    next_page(qtbot, wizard)
    (box,) = wizard.attack_page.boxes.values()
    return [box.itemText(i).split(" (")[0] for i in range(1, box.count())]


def test_the_attack_offers_the_fortification_its_side_holds_as_the_ruling_reads(
    qtbot, window, tmp_path
):
    # the buggy (side 2) sits in the citadel on H8: side 2 2 pips, neutral 3, so side 2
    # holds it. By default (activation.fortification-target = any) it may shoot it.
    assert attack_targets(qtbot, window, "buggy") == [
        "rifles",
        "tank",
        "Farmhouse on F8",
        "Citadel on H8",
        "Farmhouse on J8",
    ]
    text = JOURNAL.read_text(encoding="utf-8").replace(
        "seed: 2002\n", "seed: 2002\nruling: activation.fortification-target=not-held\n"
    )
    strict = tmp_path / "not-held.journal"
    strict.write_text(text, encoding="utf-8")
    path = tmp_path / "not-held.referee"
    replay_journal(read_journal(strict), path).close()
    other = open_window(qtbot, path)
    assert attack_targets(qtbot, other, "buggy") == [
        "rifles",
        "tank",
        "Farmhouse on F8",
        "Farmhouse on J8",
    ]


def test_the_capture_wizard_with_no_capture_says_why_each_unit_cannot(qtbot, window):
    """Clause activation.capture, ruling activation.capture-reach: a unit captures a
    building from its tile; side 1 has no unit in a building, so the page says so per unit
    (an aircraft: ruling activation.aircraft-layer), not only that none can."""
    qtbot.keyClicks(window.game.panel.command, "move uid=buggy path=H9:S")
    qtbot.mouseClick(window.game.panel.play_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state.turn == 1
    qtbot.mouseClick(window.game.panel.buttons["capture"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    assert wizard.pick.list.count() == 0
    said = wizard.pick.subTitle()
    assert said.startswith("No unit of this side can capture a building now")
    state = window.session.match.state
    units = sorted(p.uid for p in state.of_side(1) if p.on_map and p.kind == "unit")
    assert units
    for uid in units:
        assert f"{uid}: " in said
    assert "ruling activation.capture-reach" in said


def test_the_hawk_offered_the_citadel_side_2_holds_is_told_why_by_the_ruling(qtbot, tmp_path):
    # the sample game up to the buggy's capture of the citadel on H8 (side 2's pips, the
    # buggy inside): side 1's turn, its hawk (a fighter) on I14. The draft lets units move
    # into buildings and enemy tiles; whether an aircraft may stop over an enemy building is
    # ruling activation.aircraft-enemy-building: by default it may, above it, not inside
    journal = read_journal(JOURNAL)
    path = tmp_path / "captured.referee"
    captured = [s.name for s in journal.steps].index("The buggy captures the citadel") + 1
    with ActivationMatch.from_journal(journal, path) as match:
        for step in journal.steps[:captured]:
            match.run(step.name, step.commands, step.dice)
        assert match.state.fortifications[parse_label("H8")].pips.holder() == 2
    window = open_window(qtbot, path)
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("hawk")
    next_page(qtbot, wizard)
    page = wizard.move_page
    items = [page.list.item(i).text() for i in range(page.list.count())]
    on_h8 = [t for t in items if t.startswith("H8 ")]
    assert on_h8 and all(
        "over the enemy's building, not inside it (ruling activation.aircraft-enemy-building)" in t
        for t in on_h8
    )
    assert not [t for t in items if "enemy's building" in t and not t.startswith("H8 ")]
    wizard.reject()
