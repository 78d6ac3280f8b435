"""The activation rules' wizards for what the first ones left to the command line: an
aircraft's attack after its move (ruling activation.aircraft-attack), embarking and
disembarking (clause activation.embark), a unit entering from the reserves (ruling
activation.reserves-entry) and the "before the battle" actions (clause
activation.starting-actions). Each builds the command the command line takes, offers only
what the engine takes, and plays it through the match file: the journal holds it as if
typed, undo takes it back and the replay check agrees.

Expected answers are worked by hand from the draft and the sample data
(data/rulesets/activation/units.toml, data/journals/activation-crossroads.journal)."""

from __future__ import annotations

import pytest
from app_window import activation_window
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard
from test_app_activation_wizards import (  # noqa: F401 (private_folders: a fixture)
    click_tile,
    finish,
    last_step,
    next_page,
    private_folders,
)

from referee.app.activation.wizards.attack_page import SHOOTER
from referee.app.activation.wizards.base import CHOSEN, LEGAL
from referee.app.activation.wizards.moves import COLLISION
from referee.app.window.main_window import MainWindow
from referee.board.hexgrid import parse_label
from referee.match.games.activation_file import ActivationMatch
from referee.match.journal.journal_text import read_journal
from referee.paths import data_dir
from referee.rules.activation.commands import parse_command

JOURNAL = data_dir() / "journals" / "activation-crossroads.journal"


def sample_window(
    qtbot, tmp_path, steps: int, readings=None, units=None, commands=None
) -> MainWindow:
    """The sample game's first ``steps`` steps (or ``commands`` instead, with ``units``) in
    a match file, open in its window."""
    journal = read_journal(JOURNAL)
    path = tmp_path / "sample.referee"
    with ActivationMatch.create(
        path, units=units or journal.units, seed=journal.seed, readings=readings
    ) as match:
        if commands is None:
            for step in journal.steps[:steps]:
                match.run(step.name, step.commands, step.dice)
        else:
            for text, dice in commands:
                match.run(text, [parse_command(text)], dice)
    return activation_window(qtbot, path)


def items(widget):
    return [widget.item(i).text() for i in range(widget.count())]


def offered(window):
    """The tiles the open wizard offers on the map (green, or picked)."""
    return sorted(set(drawn_tiles(window, LEGAL)) | set(drawn_tiles(window, CHOSEN)))


def drawn_tiles(window, colour):
    """The tiles the open wizard drew in ``colour`` (the last drawn on top)."""
    return sorted(
        line.split()[1]
        for line in window.wizard_host.overlay.drawn()
        if line.startswith("hex ") and line.endswith(colour)
    )


# --- an aircraft's attack after its move ------------------------------------------------------


def test_an_aircraft_moves_then_strafes_with_the_odds_and_the_dice_typed(qtbot, tmp_path):
    # the sample up to "The tank moves on": side 2's turn, its fighter on I7 facing S, the
    # tank on H10 (armor 9, 6 H)
    window = sample_window(qtbot, tmp_path, 19)
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("fighter")
    assert not wizard.unit.attack_radio.isEnabled()  # it must move (activation.aircraft)
    assert "ruling activation.aircraft-attack" in wizard.unit.note.text()
    next_page(qtbot, wizard)
    assert "I8 facing S: costs 1" in items(wizard.move_page.list)
    click_tile(qtbot, window, "I8")
    next_page(qtbot, wizard)
    assert wizard.currentPage() is wizard.air_page
    # it shoots from where the move ends: I8, drawn apart from the targets
    assert drawn_tiles(window, SHOOTER) == ["I8"]
    (box,) = wizard.air_page.boxes.values()  # the fighter's wing guns
    texts = [box.itemText(i) for i in range(box.count())]
    # the wing guns roll d12+1 against the tank's armor 9: the d12 needs 8 or more,
    # 5 faces of 12 = 42%; a farmhouse (armor 5) needs 4 or more, 9 of 12 = 75%
    tank = next(t for t in texts if t.startswith("tank"))
    assert tank.endswith("needs 9+ on d12+1: 42%")
    assert "Farmhouse on J8 (armor 5): needs 5+ on d12+1: 75%" in texts
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()  # it may hold fire
    click_tile(qtbot, window, "H10")  # the tank's tile aims the guns at it
    assert box.currentText() == tank
    next_page(qtbot, wizard)
    entry = wizard.dice.entry
    entry.set_typed(True)
    entry.type_values([10])
    finish(qtbot, wizard)
    assert last_step(window) == (
        "move uid=fighter path=I8:S shots=guns>tank",
        [{"kind": "move", "uid": "fighter", "path": "I8:S", "shots": "guns>tank"}],
    )
    assert window.session.match.state.pieces["tank"].health == 5  # 10 + 1 against 9+: 1 H
    assert "then shoots" in window.game.panel.outcome.text()
    assert window.session.match.replay_check() == []
    qtbot.mouseClick(window.game.panel.undo_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state.pieces["tank"].health == 6
    assert window.session.match.state.pieces["fighter"].hex == parse_label("I7")


def test_an_aircraft_may_move_without_attacking(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 19)
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("fighter")
    next_page(qtbot, wizard)
    click_tile(qtbot, window, "I8")
    next_page(qtbot, wizard)
    next_page(qtbot, wizard)  # every weapon "does not fire"
    finish(qtbot, wizard)
    assert last_step(window)[0] == "move uid=fighter path=I8:S"


def test_an_aircraft_may_fly_into_another_and_both_are_destroyed_with_no_attack(qtbot, tmp_path):
    # the sample before its last step: side 1's hawk on I14 facing N, side 2's fighter on
    # I8, six tiles straight ahead; the hawk's movement is 6 (clause
    # activation.aircraft-collisions: two aircraft in one tile are both destroyed)
    window = sample_window(qtbot, tmp_path, 24)
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("hawk")
    next_page(qtbot, wizard)
    assert "I8 facing N: costs 6 — collides with fighter: both destroyed" in items(
        wizard.move_page.list
    )
    assert drawn_tiles(window, COLLISION) == ["I8"]
    click_tile(qtbot, window, "I8")
    next_page(qtbot, wizard)
    assert wizard.air_page.boxes == {}
    assert "hawk does not survive its move" in wizard.air_page.row_widgets[0].text()
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window)[0] == "move uid=hawk path=I13:N,I12:N,I11:N,I10:N,I9:N,I8:N"
    pieces = window.session.match.state.pieces
    assert (pieces["hawk"].status, pieces["fighter"].status) == ("destroyed", "destroyed")


def test_under_move_only_an_aircrafts_activation_is_its_move_alone(qtbot, tmp_path):
    window = sample_window(
        qtbot, tmp_path, 19, readings={"activation.aircraft-attack": "move-only"}
    )
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("fighter")
    assert "makes no attack action" in wizard.unit.note.text()
    next_page(qtbot, wizard)
    click_tile(qtbot, window, "I8")
    next_page(qtbot, wizard)
    assert wizard.currentPage() is wizard.dice  # no attack page
    finish(qtbot, wizard)
    assert last_step(window)[0] == "move uid=fighter path=I8:S"


# --- embarking and disembarking ---------------------------------------------------------------

CARRIER_ARMIES = [
    {"uid": "tank", "unit": "battle-tank", "side": 1},
    {"uid": "rifles", "unit": "rifle-squad", "side": 1},
    {"uid": "bunker", "unit": "bunker", "side": 1},
    {"uid": "carrier", "unit": "carrier", "side": 1},
    {"uid": "extra", "unit": "siege-tank", "side": 1},
    {"uid": "buggy", "unit": "scout-buggy", "side": 2},
    {"uid": "grunts", "unit": "rifle-squad", "side": 2},
    {"uid": "fighter", "unit": "fighter", "side": 2},
    {"uid": "bomber", "unit": "bomber", "side": 2},
]
TO_BATTLE = [
    ("present", [1]),
    ("ban side=1 mission=open-field", []),
    ("ban side=2 mission=twin-towers", []),
    ("ban side=1 mission=last-stand", []),
    ("roll-order", [2]),
    ("choose-order side=2 go=second", []),
    ("deploy side=1 uid=tank hex=H15 facing=N ammunition=3", []),
    ("deploy side=2 uid=buggy hex=H1 facing=S", []),
    ("deploy side=1 uid=rifles hex=H14", []),
    ("deploy side=2 uid=fighter hex=I2 facing=S", []),
    ("deploy side=1 uid=bunker hex=G14", []),
    ("deploy-pass side=2", []),
    ("deploy side=1 uid=carrier hex=G15 facing=N", []),
    ("deploy-pass side=1", []),
    ("reserves side=1 uids=extra", []),
    ("reserves side=2 uids=grunts", []),
    ("before-battle side=2 uid=buggy action=scout-move path=H2:S,H3:S", []),
]
"""Crossroads with side 1's armoured carrier on G15 (facing N, room for 2 infantry) beside
its rifles on H14 and its tank on H15, and its siege tank in the reserves: the main phase,
side 1's turn."""


@pytest.fixture
def carrier_game(qtbot, tmp_path) -> MainWindow:
    return sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE)


def test_a_unit_embarks_into_a_transport_a_tile_away_picked_on_the_map(qtbot, carrier_game):
    window = carrier_game
    qtbot.mouseClick(window.game.panel.buttons["embark"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    assert wizard is not None and wizard.windowTitle() == "Embark / disembark"
    # only the rifles: the carrier takes infantry, and the tank is a vehicle
    assert items(wizard.unit.list) == ["rifles: Rifle squad on H14: embarks (into carrier)"]
    click_tile(qtbot, window, "H14")  # the rifles' tile picks them
    assert wizard.unit.uid() == "rifles"
    next_page(qtbot, wizard)
    assert items(wizard.transport.list) == [
        "carrier: Armoured carrier on G15, carries infantry; aboard 0 of 2"
    ]
    assert offered(window) == ["G15"]
    click_tile(qtbot, window, "H15")  # the tank's tile: no transport there
    assert "H15 is not one of the open wizard's choices" in window.statusBar().currentMessage()
    # said as every refusal is (s7-refuse): in the status bar until the next action, and in
    # the game's panel
    refusal = "Refused: H15 is not one of the open wizard's choices"
    assert window.statusBar().currentMessage() == refusal
    assert window.game.panel.outcome.text() == (
        "Refused, nothing written: H15 is not one of the open wizard's choices"
    )
    click_tile(qtbot, window, "G15")
    assert wizard.transport.uid() == "carrier"
    assert window.statusBar().currentMessage() != refusal  # a tile taken: the refusal goes
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window) == (
        "embark uid=rifles transport=carrier",
        [{"kind": "embark", "uid": "rifles", "transport": "carrier"}],
    )
    rifles = window.session.match.state.pieces["rifles"]
    assert (rifles.status, rifles.carrier, rifles.hex) == ("embarked", "carrier", None)
    assert "rifles embarks into carrier" in window.game.panel.outcome.text()
    assert "Whose turn: side 2" in window.game.panel.heading.text()
    assert window.session.match.replay_check() == []
    qtbot.mouseClick(window.game.panel.undo_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state.pieces["rifles"].hex == parse_label("H14")


def test_a_unit_disembarks_onto_a_tile_next_to_its_transport(qtbot, carrier_game):
    window = carrier_game
    window.run_step("embark", [parse_command("embark uid=rifles transport=carrier")])
    window.run_step("the buggy moves", [parse_command("move uid=buggy path=H4:S")])
    qtbot.mouseClick(window.game.panel.buttons["embark"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    assert items(wizard.unit.list) == ["rifles: Rifle squad aboard carrier on G15: disembarks"]
    wizard.unit.pick("rifles")
    next_page(qtbot, wizard)
    assert wizard.currentPage() is wizard.tile_page
    # up to 1 tile from the carrier on G15 (movement costs.embark): G15 and its neighbours
    # on the map (F15 and G16 are off the hexagon); infantry takes no slots, so the tank's,
    # the bunker's and the carrier's own tiles are open to it
    assert offered(window) == ["F14", "G14", "G15", "H14", "H15"]
    click_tile(qtbot, window, "G13")  # two tiles away: not taken
    assert "G13 is not one of the open wizard's choices" in window.statusBar().currentMessage()
    click_tile(qtbot, window, "F14")
    wizard.tile_page.facing.setCurrentText("NW")
    assert wizard.tile_page.tile() == parse_label("F14")  # kept: still legal facing NW
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window) == (
        "disembark uid=rifles hex=F14 facing=NW",
        [{"kind": "disembark", "uid": "rifles", "hex": "F14", "facing": "NW"}],
    )
    rifles = window.session.match.state.pieces["rifles"]
    assert (rifles.status, rifles.hex, rifles.carrier) == ("deployed", parse_label("F14"), None)
    assert window.session.match.replay_check() == []


# --- entering from the reserves ---------------------------------------------------------------


def test_a_reserve_enters_on_a_free_tile_of_its_players_edge(qtbot, carrier_game):
    window = carrier_game
    qtbot.mouseClick(window.game.panel.buttons["enter"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    assert wizard.windowTitle() == "Enter from the reserves"
    assert items(wizard.unit.list) == ["extra: Siege tank (vehicle), in the reserves"]
    wizard.unit.pick("extra")
    next_page(qtbot, wizard)
    # side 1's edge on Crossroads is S: the 8 tiles from H15 to A12. A siege tank is an H
    # vehicle: it takes all six sides of its tile (ruling activation.slots, sample data),
    # so it cannot enter where the tank (H15) or the carrier (G15) stands
    assert offered(window) == ["A12", "B12", "C13", "D13", "E14", "F14"]
    click_tile(qtbot, window, "H15")
    assert "H15 is not one of the open wizard's choices" in window.statusBar().currentMessage()
    click_tile(qtbot, window, "F14")
    # entering is its deployment (ruling activation.reserves-ammunition: choose): the
    # ammunition it starts with, 0 to its card's 4 (units.toml), all of it to begin with
    box = wizard.where.ammunition
    assert (box.isVisible(), box.value(), box.maximum(), box.suffix()) == (True, 4, 4, " of 4")
    box.setValue(2)
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window) == (
        "enter uid=extra hex=F14 facing=N ammunition=2",
        [{"kind": "enter", "uid": "extra", "hex": "F14", "facing": "N", "ammunition": 2}],
    )
    extra = window.session.match.state.pieces["extra"]
    assert (extra.status, extra.hex, extra.ammunition) == ("deployed", parse_label("F14"), 2)
    assert window.session.match.replay_check() == []


def test_a_reserve_entering_with_its_whole_ammunition_writes_it(qtbot, carrier_game):
    """The ammunition box left at the card's 4: the command still names it, since an enter
    naming none enters with none (as written before ruling activation.reserves-ammunition)."""
    window = carrier_game
    qtbot.mouseClick(window.game.panel.buttons["enter"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("extra")
    next_page(qtbot, wizard)
    click_tile(qtbot, window, "F14")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window)[0] == "enter uid=extra hex=F14 facing=N ammunition=4"
    assert window.session.match.state.pieces["extra"].ammunition == 4


def test_under_the_full_reading_the_entry_page_says_so_and_asks_nothing(qtbot, tmp_path):
    window = sample_window(
        qtbot,
        tmp_path,
        0,
        units=CARRIER_ARMIES,
        commands=TO_BATTLE,
        readings={"activation.reserves-ammunition": "full"},
    )
    qtbot.mouseClick(window.game.panel.buttons["enter"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("extra")
    next_page(qtbot, wizard)
    assert not wizard.where.ammunition.isVisible()
    assert "enters with its card's 4 ammunition" in wizard.where.subTitle()
    click_tile(qtbot, window, "F14")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window)[0] == "enter uid=extra hex=F14 facing=N"
    assert window.session.match.state.pieces["extra"].ammunition == 4


def test_the_attack_page_says_why_a_weapon_cannot_fire(qtbot, tmp_path):
    """The tank deployed with no ammunition (clause activation.ammunition): its cannon
    (ammunition-using, R 6) cannot fire for want of it, whatever is in range. Its machine
    gun (no ammunition, R 4) has within 4 tiles of H15 only side 1's own bunker on G14
    (the nearest enemy, the buggy on H3, is 12 away), which ruling
    activation.fortification-target's reading not-held forbids: its only choice says so."""
    commands = [
        ("deploy side=1 uid=tank hex=H15 facing=N ammunition=0", [])
        if text.startswith("deploy side=1 uid=tank")
        else (text, dice)
        for text, dice in TO_BATTLE
    ]
    window = sample_window(
        qtbot,
        tmp_path,
        0,
        units=CARRIER_ARMIES,
        commands=commands,
        readings={"activation.fortification-target": "not-held"},
    )
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("tank")
    wizard.unit.attack_radio.setChecked(True)
    next_page(qtbot, wizard)
    cannon, mg = wizard.attack_page.boxes["cannon"], wizard.attack_page.boxes["mg"]
    assert items_of(cannon) == ["does not fire: no ammunition (0 of 5 left)"]
    (only,) = items_of(mg)
    assert only.startswith("does not fire: side 1 holds the fortification on G14")


def items_of(box):
    return [box.itemText(i) for i in range(box.count())]


def test_under_the_mission_reading_no_tile_is_offered_and_the_page_says_why(qtbot, tmp_path):
    window = sample_window(
        qtbot,
        tmp_path,
        0,
        units=CARRIER_ARMIES,
        commands=TO_BATTLE,
        readings={"activation.reserves-entry": "mission"},
    )
    qtbot.mouseClick(window.game.panel.buttons["enter"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("extra")
    next_page(qtbot, wizard)
    assert wizard.where.legal == []
    assert "ruling activation.reserves-entry" in wizard.where.none.text()
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def test_a_reserve_of_the_north_edge_enters_facing_into_the_map(qtbot, tmp_path):
    # the whole sample: side 2's turn, its rifle squad "grunts" in the reserves
    window = sample_window(qtbot, tmp_path, 25)
    qtbot.mouseClick(window.game.panel.buttons["enter"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick("grunts")
    next_page(qtbot, wizard)
    # side 2's edge is N: the 8 tiles from H1 to O5, none taken for infantry (no slots)
    assert offered(window) == ["H1", "I2", "J2", "K3", "L3", "M4", "N4", "O5"]
    assert wizard.where.facing.currentText() == "S"
    click_tile(qtbot, window, "K3")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window)[0] == "enter uid=grunts hex=K3 facing=S ammunition=6"


# --- before the battle --------------------------------------------------------------------------


@pytest.fixture
def before_battle(qtbot, tmp_path) -> MainWindow:
    """The sample up to the reserves: side 1 has no "before the battle" action, so it is
    side 2's turn, its scout buggy on H1 facing S with its Scout move."""
    return sample_window(qtbot, tmp_path, 15)


def test_the_scout_moves_before_the_battle(qtbot, before_battle):
    window = before_battle
    qtbot.mouseClick(window.game.panel.buttons["before_battle"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    assert wizard.windowTitle() == "Before the battle"
    assert items(wizard.action_page.list) == [
        "buggy (Scout buggy on H1): Scout move (a move before the battle)",
        "Done: side 2 makes no more 'before the battle' actions",
    ]
    click_tile(qtbot, window, "H1")
    assert wizard.action_page.choice().uid == "buggy"
    next_page(qtbot, wizard)
    # the buggy (movement 6) goes two tiles forward to H3 for 2, still facing S
    assert "H3 facing S: costs 2" in items(wizard.move_page.list)
    click_tile(qtbot, window, "H3")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window) == (
        "before-battle side=2 uid=buggy action=scout-move path=H2:S,H3:S",
        [
            {
                "kind": "before-battle",
                "side": 2,
                "uid": "buggy",
                "action": "scout-move",
                "path": "H2:S,H3:S",
            }
        ],
    )
    # no action left on either side: the main phase begins with the first player, side 1
    assert (
        window.session.match.state.phase == "main"
        and "Whose turn: side 1" in window.game.panel.heading.text()
    )
    assert window.session.match.replay_check() == []
    qtbot.mouseClick(window.game.panel.undo_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state.phase == "before-battle"


def test_the_before_battle_list_starts_on_its_first_row(qtbot, before_battle):
    """As in the main game's wizards: the first row picked, so Next (or Return) goes on
    without a Space first."""
    window = before_battle
    qtbot.mouseClick(window.game.panel.buttons["before_battle"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    assert wizard.action_page.choice().uid == "buggy"
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def test_the_activate_list_starts_on_its_first_row(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 19)  # the main phase
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    first = wizard.unit.list.item(0).data(Qt.ItemDataRole.UserRole)
    assert wizard.unit.uid() == first
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def test_a_side_says_it_is_done_before_the_battle(qtbot, before_battle):
    window = before_battle
    qtbot.mouseClick(window.game.panel.buttons["before_battle"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.action_page.pick("Done")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window) == (
        "before-battle-done side=2",
        [{"kind": "before-battle-done", "side": 2}],
    )
    assert window.session.match.state.phase == "main"
    assert window.session.match.state.pieces["buggy"].hex == parse_label("H1")


def test_the_new_wizards_open_only_in_their_phase_and_say_what_the_game_asks(qtbot, before_battle):
    window = before_battle
    for button in (
        window.game.panel.buttons["embark"],
        window.game.panel.buttons["enter"],
        window.game.panel.buttons["activate"],
    ):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert window.wizard_host.wizard is None
        assert (
            "not now: the game asks side 2 makes a 'before the battle' action"
            in window.game.panel.outcome.text()
        )
    window.run_step("done", [parse_command("before-battle-done side=2")])
    qtbot.mouseClick(window.game.panel.buttons["before_battle"], Qt.MouseButton.LeftButton)
    assert window.wizard_host.wizard is None
    assert "activates a unit" in window.game.panel.outcome.text()


# --- the deploy wizard's tiles follow the facing --------------------------------------------------


def test_the_deploy_wizard_offers_the_tiles_free_for_the_facing_chosen(qtbot, tmp_path):
    # side 1's tank deployed on H15 facing N: an M vehicle takes its tile's front, front
    # sides and back, N, NE, NW and S (ruling activation.slots, sample data). A scout buggy
    # (N) takes only its front: facing N it meets the tank's N side, facing SE it does not.
    units = [
        {"uid": "tank", "unit": "battle-tank", "side": 1},
        {"uid": "scout", "unit": "scout-buggy", "side": 1},
        {"uid": "buggy", "unit": "scout-buggy", "side": 2},
    ]
    window = sample_window(
        qtbot,
        tmp_path,
        0,
        units=units,
        commands=[
            ("present", [1]),
            ("ban side=1 mission=open-field", []),
            ("ban side=2 mission=twin-towers", []),
            ("ban side=1 mission=last-stand", []),
            ("roll-order", [2]),
            ("choose-order side=2 go=second", []),
            ("deploy side=1 uid=tank hex=H15 facing=N", []),
            ("deploy side=2 uid=buggy hex=H1 facing=S", []),
        ],
    )
    qtbot.mouseClick(window.game.panel.buttons["deploy"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.pieces.pick("scout")
    next_page(qtbot, wizard)
    wizard.where.facing.setCurrentText("N")
    assert "H15" not in offered(window) and "G15" in offered(window)
    wizard.where.facing.setCurrentText("SE")
    assert "H15" in offered(window)
    click_tile(qtbot, window, "H15")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window)[0] == "deploy side=1 uid=scout hex=H15 facing=SE"
