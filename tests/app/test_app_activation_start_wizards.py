"""The start of a game of the activation rules in the window, by wizards opened with N
(Turn > Next step) like every later step: both players present their armies (clause
activation.presentation, ruling activation.first-ban: a d2), the bans until one mission is
left (activation.mission-choosing), the random draw of the player who chooses the order (a
d2) and that player's choice (activation.player-order). Each wizard builds the command the
command line takes; the dice go through the dice service, typed from the table here.

The expected steps are the sample game's own first six (data/journals/activation-crossroads
.journal: present with a d2 of 1, bans of open-field, twin-towers and last-stand, a d2 of 2
drawing side 2, who goes second), so the window reaches the state the journal does."""

from __future__ import annotations

from PySide6.QtCore import Qt
from test_app_activation_more_wizards import sample_window
from test_app_activation_wizards import (  # noqa: F401 (private_folders: a fixture)
    JOURNAL,
    finish,
    last_step,
    next_page,
    private_folders,
)

from referee.match.games.activation_file import ActivationMatch
from referee.match.journal.journal_text import read_journal


def press_n(qtbot, window):
    if not window.isActiveWindow():
        with qtbot.waitActive(window):
            window.activateWindow()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    wizard = window.wizard_host.wizard
    assert wizard is not None, window.game.panel.outcome.text()
    return wizard


def type_dice(wizard, *values):
    entry = wizard.dice.entry
    entry.set_typed(True)
    entry.type_values(list(values))


def test_n_walks_the_start_of_the_game_from_the_presentation_to_deployment(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 0)
    assert window.session.match.state.phase == "presentation"

    wizard = press_n(qtbot, window)
    assert wizard.windowTitle() == "Present the armies"
    shown = wizard.armies.text.text()
    # each side's army with its card values: the battle tank is 6 H, armor 9 (units.toml)
    assert "Side 1:" in shown and "Side 2:" in shown
    assert "tank: Battle tank (vehicle" in shown and "6 H, armor 9" in shown
    assert "bunker: Bunker (structure)" in shown
    assert "ruling activation.first-ban: random" in wizard.armies.subTitle()
    next_page(qtbot, wizard)
    type_dice(wizard, 1)  # the d2: side 1 bans first
    assert "side 1 bans first" in wizard.dice.outcome.text()
    finish(qtbot, wizard)
    assert last_step(window) == ("present", [{"kind": "present"}])
    assert (window.session.match.state.phase, window.session.match.state.to_ban) == (
        "missions",
        1,
    )

    for side, mission in ((1, "open-field"), (2, "twin-towers"), (1, "last-stand")):
        wizard = press_n(qtbot, window)
        assert wizard.windowTitle() == "Ban a mission"
        assert wizard.missions.title() == f"Side {side} bans a mission"
        rows = [wizard.missions.list.item(i).text() for i in range(wizard.missions.list.count())]
        assert [r.split(" (")[1].split(")")[0] for r in rows] == list(
            window.session.match.state.missions_left
        )
        # the first row picked, as in the main game's lists: Next (Return) goes on at once
        assert wizard.missions.key() == window.session.match.state.missions_left[0]
        assert wizard.button(wizard.WizardButton.NextButton).isEnabled()
        wizard.missions.pick(mission)
        next_page(qtbot, wizard)
        finish(qtbot, wizard)
        assert last_step(window)[0] == f"ban side={side} mission={mission}"
    state = window.session.match.state
    assert (state.phase, state.mission) == ("order", "crossroads")  # the last one left

    wizard = press_n(qtbot, window)
    assert wizard.windowTitle() == "Player order"
    assert wizard.choice is None  # nobody drawn yet: the draw first
    next_page(qtbot, wizard)
    type_dice(wizard, 2)
    finish(qtbot, wizard)
    assert last_step(window) == ("roll-order", [{"kind": "roll-order"}])
    assert window.session.match.state.chooser == 2

    wizard = press_n(qtbot, window)
    assert wizard.choice is not None and wizard.choice.title() == "Side 2 chooses the order"
    wizard.choice.pick("second")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert last_step(window) == (
        "choose-order side=2 go=second",
        [{"kind": "choose-order", "side": 2, "go": "second"}],
    )
    state = window.session.match.state
    assert (state.phase, state.first, state.turn) == ("deployment", 1, 1)

    journal = read_journal(JOURNAL)  # the sample's first six steps reach the same state
    with ActivationMatch.create(
        tmp_path / "typed.referee", units=journal.units, seed=journal.seed
    ) as typed:
        for step in journal.steps[:6]:
            typed.run(step.name, step.commands, step.dice)
        assert typed.state == state
    assert window.session.match.replay_check() == []
    wizard = press_n(qtbot, window)  # deployment: N opens the Deploy wizard, as before
    assert wizard.windowTitle() == "Deploy"


def test_the_start_wizard_is_refused_once_deployment_began(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 6)
    qtbot.mouseClick(window.game.panel.buttons["start"], Qt.MouseButton.LeftButton)
    assert window.wizard_host.wizard is None
    assert window.game.panel.outcome.text().startswith(  # said as every refusal is
        "Refused, nothing written: not now: the game asks side 1 deploys"
    )


def test_undo_of_a_ban_made_by_the_wizard_gives_the_ban_back(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 2)  # side 1 banned open-field: side 2 bans
    before = window.session.match.state
    wizard = press_n(qtbot, window)
    wizard.missions.pick("crossroads")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    assert "crossroads" not in window.session.match.state.missions_left
    qtbot.mouseClick(window.game.panel.undo_button, Qt.MouseButton.LeftButton)
    assert window.session.match.state == before


def test_two_large_armies_scroll_inside_the_present_page(qtbot, tmp_path):
    units = [
        {"uid": f"r{side}-{n}", "unit": "rifle-squad", "side": side}
        for side in (1, 2)
        for n in range(30)
    ]
    window = sample_window(qtbot, tmp_path, 0, units=units, commands=[])
    wizard = press_n(qtbot, window)
    qtbot.wait(50)
    assert "r2-29: Rifle squad" in wizard.armies.text.text()
    # sixty lines of army: they scroll, the page (and its Next button) stays in the dock
    assert wizard.height() <= window.wizard_host.height()
    assert wizard.button(wizard.WizardButton.NextButton).isVisible()
    label = wizard.armies.text  # whole (none of its lines cut off): it scrolls
    assert label.height() >= label.heightForWidth(label.width())


def test_the_player_order_choice_opens_on_its_first_row_so_return_goes_on(qtbot, tmp_path):
    """Side 2, drawn (clause activation.player-order), chooses with the keyboard alone: the
    list opens on "goes first" picked, as the ban's list and the main game's lists do, so
    Return goes on to the dice page at once; Down picks "goes second"."""
    window = sample_window(qtbot, tmp_path, 5)  # the sample up to the draw: side 2 drawn
    assert window.session.match.state.chooser == 2
    wizard = press_n(qtbot, window)
    assert wizard.choice is not None
    assert wizard.choice.key() == "first"
    assert wizard.button(wizard.WizardButton.NextButton).isEnabled()
    wizard.choice.list.setFocus()
    qtbot.keyClick(wizard.choice.list, Qt.Key.Key_Down)
    assert wizard.choice.key() == "second"
    qtbot.keyClick(wizard.choice.list, Qt.Key.Key_Return)
    assert wizard.currentPage() is wizard.dice
    finish(qtbot, wizard)
    assert last_step(window)[0] == "choose-order side=2 go=second"


def test_a_ban_s_outcome_says_the_ban_once_with_the_missions_left(qtbot, tmp_path):
    """Clause activation.mission-choosing: the Turn dock says what the ban did once (not
    its summary, then its working that repeats it), with the missions left."""
    window = sample_window(qtbot, tmp_path, 1)  # the armies presented: side 1 bans
    wizard = press_n(qtbot, window)
    wizard.missions.pick("open-field")
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    said = window.game.panel.outcome.text()
    assert said.count("side 1 bans open-field") == 1, said
    assert said.startswith("side 1 bans open-field; left: crossroads, twin-towers, last-stand")
    step = window.session.match.steps()[-1]  # the journal keeps the words it always wrote
    assert step.events[0].text.split("\n")[:2] == [
        "side 1 bans open-field",
        "side 1 bans open-field; left: crossroads, twin-towers, last-stand",
    ]
