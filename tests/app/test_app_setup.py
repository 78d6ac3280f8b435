"""Before the battle in the window: the new-match wizard's scenario and setup pages, the
setup procedures run step by step in the Setup dock (draft 004 blind setup, clause
setup.blind; the first draft's six steps, clauses setup.order and setup.advantage), hidden
tokens kept from the other side's view (clause setup.hidden), and the victory condition kept
in the match file."""

from __future__ import annotations

import pytest
from app_window import click_hex
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from referee.app.window.main_window import MainWindow
from referee.app.wizards.new_match.page import Page
from referee.board.hexgrid import parse_label
from referee.match.games.orders_file import MatchFile


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def window_on(qtbot, path) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.open_match(path)
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    window.view.fit()
    return window


def entrenched_match(tmp_path):
    path = tmp_path / "e.referee"
    MatchFile.create(
        path,
        map_name="",
        scenario="entrenched",
        seed=3,
        victory={"condition": "fixed-time", "minutes": 90},
        units=[
            {"uid": "tank", "unit": "standard-tank", "side": 1},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2},
        ],
    ).close()
    return path


def choose_unit(window: MainWindow, uid: str) -> None:
    units = window.setup_panel.units
    row = next(
        r for r in range(units.count()) if units.item(r).data(Qt.ItemDataRole.UserRole) == uid
    )
    units.setCurrentRow(row)


def test_a_blind_setup_step_by_step_in_the_window(qtbot, tmp_path):
    window = window_on(qtbot, entrenched_match(tmp_path))
    panel = window.setup_panel
    # the match opens on its setup: the Setup tab in front of the Turn tab
    qtbot.waitUntil(lambda: not window.setup_dock.visibleRegion().isEmpty())
    assert panel.active
    assert panel.victory.text() == "Victory: Tournament style: fixed time, 90 minutes"
    assert panel.selected_uid() == "tank"
    # the tank's legal hexes are side 1's rows 7-9, less the building at D8 and the water
    # at G9 (ENTRENCHED! map): tinted green
    green = {str(h) for h, colour in window.scene.highlighted().items() if colour == "#2e7d32"}
    assert "C9" in green and "D8" not in green and "G9" not in green and "C5" not in green
    click_hex(qtbot, window, parse_label("C5"))  # no man's land: refused, nothing written
    assert "C5 is not in side 1's zone" in window.last_error
    assert window.session.match.steps() == []
    panel.speed.setCurrentText("stand-still")
    click_hex(qtbot, window, parse_label("C9"))
    assert window.session.state.units == {}  # behind the screen
    assert [str(item.unit.hex) for item in window.scene.tokens.pending_items] == ["C9"]
    assert "C9" in window.journal.model.rows[0].text  # side 1 at the screen: its own entry
    # side 2 is entered next: side 1's placement leaves the map, and the journal
    panel.set_entering(2)
    assert window.scene.tokens.pending_items == []
    rows = window.journal.model.rows
    assert [(r.step_name, r.text, r.units) for r in rows] == [
        (
            "Setup: side 1 enters a placement, shown at the reveal",
            "side 1 enters a placement, shown at the reveal",
            (),
        )
    ]
    assert "side 1's are hidden until the reveal" in window.statusBar().currentMessage()
    assert panel.selected_uid() == "grunts"
    assert not panel.reveal.isEnabled()
    click_hex(qtbot, window, parse_label("D2"))
    assert panel.reveal.isEnabled()
    assert "D2" in window.journal.model.rows[1].text and "C9" not in str(
        [(r.step_name, r.text) for r in window.journal.model.rows]
    )
    qtbot.mouseClick(panel.reveal, Qt.MouseButton.LeftButton)
    assert "C9" in window.journal.model.rows[0].text  # revealed: on the table for both
    state = window.session.state
    assert {u: (str(s.hex), s.speed) for u, s in state.units.items()} == {
        "tank": ("C9", "stand-still"),
        "grunts": ("D2", "stand-still"),
    }
    assert not window.setup_dock.isVisible()  # the turn may begin
    window.undo_action.trigger()  # Ctrl+Z takes the reveal back
    assert window.session.state.units == {} and window.setup_dock.isVisible()


def first_draft_match(tmp_path):
    path = tmp_path / "f.referee"
    MatchFile.create(
        path,
        map_name="",
        scenario="standard-battle",
        seed=5,
        units=[
            {"uid": "peltasts", "unit": "peltast-skirmishers", "side": 1},
            {"uid": "tank", "unit": "standard-tank", "side": 1},
            {"uid": "pathfinders", "unit": "elf-pathfinders", "side": 2},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2},
        ],
    ).close()
    return path


def test_the_first_drafts_steps_with_the_typed_roll_and_a_hidden_token(qtbot, tmp_path):
    window = window_on(qtbot, first_draft_match(tmp_path))
    panel = window.setup_panel
    current = [panel.steps.item(r).text() for r in range(panel.steps.count())]
    assert current[1].startswith("► 2. Any scouts")  # no huge unit: step 1 passed over
    assert panel.roll_box.isVisible() and not panel.enter_dice.isEnabled()
    panel.dice[1].setValue(2)
    panel.dice[2].setValue(5)  # side 2 wins: side 1 places one scout first
    qtbot.mouseClick(panel.enter_dice, Qt.MouseButton.LeftButton)
    step = window.session.match.steps()[-1]
    assert [r.value for r in step.events[0].dice] == [2, 5]
    assert all(r.typed for r in step.events[0].dice)
    assert panel.selected_uid() == "peltasts" and not panel.roll_box.isVisible()
    click_hex(qtbot, window, parse_label("D6"))  # Forward Position[2]
    assert panel.selected_uid() == "pathfinders"
    click_hex(qtbot, window, parse_label("B2"))
    pathfinders = window.session.state.units["pathfinders"]
    assert pathfinders.hidden  # a hidden token
    # its step's name (Edit > Undo, the status bar) names no unit
    assert window.undo_action.text() == (
        "&Undo Setup, step 2 (Any scouts you wish to deploy): side 2 places a hidden unit"
    )
    # the referee hides side 2's hidden units: an anonymous token, not selectable
    window.hide_actions[2].trigger()
    assert window.statusBar().currentMessage() == ""
    item = window.scene.unit_items["pathfinders"]
    assert item.concealed and item.toolTip() == "a hidden token of side 2"
    click_hex(qtbot, window, parse_label("B2"))
    assert window.scene.selected_uid != "pathfinders"
    assert window.inspector.picker.findData("pathfinders") == -1  # nor named beside the map
    # nor in the journal: its placement reads as the hidden token side 1 sees on the table
    rows = window.journal.model.rows
    placed = rows[2]  # the roll, the peltasts, then the pathfinders
    assert (placed.step_name, placed.text, placed.units) == (
        "Setup: side 2 sets up a hidden token at B2",
        "side 2 sets up a hidden token at B2",
        (),
    )
    assert not any("pathfinders" in r.text or "pathfinders" in r.step_name for r in rows)
    window.hide_actions[2].trigger()
    assert not item.concealed
    assert "pathfinders" in window.journal.model.rows[2].text  # the referee's view: whole


def test_the_wizard_makes_a_scenario_match_whose_units_wait_for_the_setup(qtbot, tmp_path):
    from test_app_new_match import click, next_page, open_wizard, pick, set_count

    window, wizard = open_wizard(qtbot, tmp_path)
    pick(qtbot, wizard.edition_page.list, "Current edition")
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.SCENARIO
    page = wizard.scenario_page
    assert page.scenario().id == "entrenched"
    page.set_victory("fixed-time")
    page.minutes.setValue(90)
    next_page(qtbot, wizard)
    assert wizard.map_page.battle_map().zones["side1"]  # the scenario's zones
    next_page(qtbot, wizard)
    set_count(qtbot, wizard, 1, "standard-tank", 1)
    set_count(qtbot, wizard, 2, "ork-grunts", 1)
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.SETUP
    assert wizard.setup_page.step_by_step()
    next_page(qtbot, wizard)
    next_page(qtbot, wizard)
    path = tmp_path / "w.referee"
    wizard.file_page.path.setText(str(path))
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    assert window.session.path == path
    with MatchFile.open(path) as match:
        assert match.victory["minutes"] == 90 and match.meta["scenario"] == "entrenched"
        assert match.state.units == {}
        assert [w.uid for w in match.state.setup.waiting] == ["standard-tank", "ork-grunts"]
    assert window.setup_dock.isVisible()


def test_a_match_opened_picks_its_first_unit_to_set_up_not_the_last_matchs(qtbot, tmp_path):
    window = window_on(qtbot, entrenched_match(tmp_path))
    window.setup_panel.set_entering(2)
    assert window.setup_panel.selected_uid() == "grunts"
    other = tmp_path / "other.referee"
    MatchFile.create(
        other,
        map_name="",
        scenario="entrenched",
        seed=4,
        units=[
            {"uid": "tank", "unit": "standard-tank", "side": 1},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2},
        ],
    ).close()
    window.open_match(other)  # as File > Open does
    assert window.setup_panel.entering == 1
    assert window.setup_panel.selected_uid() == "tank"  # side 1's first, not the grunts


def test_opening_a_match_names_its_file_in_the_status_bar(qtbot, tmp_path):
    window = window_on(qtbot, entrenched_match(tmp_path))
    assert str(tmp_path / "e.referee") in window.statusBar().toolTip()
    other = tmp_path / "other.referee"
    MatchFile.create(
        other,
        map_name="",
        scenario="entrenched",
        seed=4,
        units=[{"uid": "tank", "unit": "standard-tank", "side": 1}],
    ).close()
    window.open_match(other)
    bar = window.statusBar()
    # the path may be elided in the middle to fit the bar; the tooltip has it whole
    assert bar.currentMessage().startswith("Match file: ")
    assert bar.currentMessage().endswith("other.referee (every step is written as it happens)")
    assert f"Match file: {other} (every step is written as it happens)" in bar.toolTip()


def test_a_hidden_unit_on_the_table_is_named_by_no_panel_when_its_side_is_hidden(qtbot, tmp_path):
    from referee.cli.main import main

    path = tmp_path / "h.referee"
    assert (
        main(
            [
                "match",
                "new",
                str(path),
                "--scenario",
                "standard-battle",
                "--seed",
                "5",
                "--unit",
                "tank standard-tank side=1",
                "--unit",
                "pathfinders elf-pathfinders side=2",
            ]
        )
        == 0
    )
    for command in (
        "place uid=pathfinders hex=B2 facing=3 speed=slow",  # a scout: step 2
        "place uid=tank hex=D8 facing=0 speed=slow",
    ):  # step 4: setup done
        assert main(["match", "step", str(path), "Setup", "-c", command]) == 0
    window = window_on(qtbot, path)
    assert window.session.state.units["pathfinders"].hidden
    assert "pathfinders" in window.tracker.agenda.toPlainText()  # no orders yet: named
    window.hide_actions[2].trigger()
    assert "pathfinders" not in window.tracker.agenda.toPlainText()
    assert "tank" in window.tracker.agenda.toPlainText()
    assert window.los_panel._unit_at(parse_label("B2")) is None  # an empty hex to side 1
    window.hide_actions[2].trigger()
    assert "pathfinders" in window.tracker.agenda.toPlainText()


def test_no_wizard_opens_while_it_would_name_a_unit_hidden_from_view(qtbot, tmp_path):
    from referee.cli.main import main

    path = tmp_path / "h.referee"
    assert (
        main(
            [
                "match",
                "new",
                str(path),
                "--scenario",
                "standard-battle",
                "--seed",
                "5",
                "--unit",
                "tank standard-tank side=1",
                "--unit",
                "pathfinders elf-pathfinders side=2",
                "--ruling",  # the gunnery wizard at the set-up's end, before the orders
                "turn.fire-outside-gunnery=any-step",
            ]
        )
        == 0
    )
    for command in (
        "place uid=pathfinders hex=B2 facing=3 speed=slow",
        "place uid=tank hex=D8 facing=0 speed=slow",
    ):
        assert main(["match", "step", str(path), "Setup", "-c", command]) == 0
    window = window_on(qtbot, path)
    window.hide_actions[2].trigger()  # the screen turned to side 1's player
    steps = len(window.session.steps())
    assert window.open_gunnery_wizard() is None  # its targets would name the pathfinders
    assert window.wizard_host.wizard is None
    assert window.last_error.startswith("side 2's hidden units are kept from view")
    assert "pathfinders" not in window.statusBar().currentMessage()
    assert len(window.session.steps()) == steps
    window.hide_actions[2].trigger()  # the referee's own view again: the wizard opens
    wizard = window.open_gunnery_wizard()
    assert wizard is not None and window.wizard_host.wizard is wizard
    wizard.reject()


def test_a_placement_entered_behind_the_screen_is_moved_and_the_prompt_says_so(qtbot, tmp_path):
    window = window_on(qtbot, entrenched_match(tmp_path))
    panel = window.setup_panel
    click_hex(qtbot, window, parse_label("C9"))
    choose_unit(window, "tank")  # side 1 has entered its every unit: the tank again
    assert "to move tank (entered at C9)" in panel.prompt.text()
    click_hex(qtbot, window, parse_label("C8"))
    assert [str(item.unit.hex) for item in window.scene.tokens.pending_items] == ["C8"]
    assert "to move tank (entered at C8)" in panel.prompt.text()


def test_the_turn_tab_says_what_the_setup_still_needs_not_nothing_to_do(qtbot, tmp_path):
    """Clause setup.blind: the turn begins once every unit is set up, so while placements
    are missing the Turn tab says what is left, not that Next step passes the step."""
    from referee.rules.turn.agenda import NOTHING_TO_DO

    window = window_on(qtbot, entrenched_match(tmp_path))
    window.show_tracker(window.session.state)
    text = window.tracker.agenda.toPlainText()
    assert NOTHING_TO_DO not in text
    # one unit a side, none entered yet (ENTRENCHED!: a blind setup)
    assert (
        "The setup is not finished: blind setup: side 1 has entered 0 of 1; side 2 has "
        "entered 0 of 1. Next step waits until every unit is set up (the Setup tab)." in text
    )
    window.setup_panel.speed.setCurrentText("stand-still")
    click_hex(qtbot, window, parse_label("C9"))
    text = window.tracker.agenda.toPlainText()
    assert "side 1 has entered 1 of 1; side 2 has entered 0 of 1" in text


def test_blind_setup_undo_takes_back_only_the_side_at_the_screens_entries(qtbot, tmp_path):
    """Clause setup.blind, ruling setup.blind-undo (screen-side): while side 2 is at the
    screen, Edit > Undo neither names nor takes back side 1's hidden entry; the refusal is
    said, and turning the screen back to side 1 allows it."""
    window = window_on(qtbot, entrenched_match(tmp_path))
    panel = window.setup_panel
    panel.speed.setCurrentText("stand-still")
    click_hex(qtbot, window, parse_label("C9"))  # side 1's tank
    assert window.undo_action.text() == "&Undo Blind setup: side 1 enters a placement"
    panel.set_entering(2)  # side 2 at the screen
    assert window.undo_action.text() == "&Undo (refused: not while side 2 is at the screen)"
    assert "side 1" not in window.undo_action.text()
    window.undo_action.trigger()  # Ctrl+Z
    assert [s.undone for s in window.session.steps()] == [False]  # nothing taken back
    assert "side 1" in window.statusBar().currentMessage()
    assert "setup.blind-undo" in window.statusBar().currentMessage()
    # the journal's Undo back to here is refused the same way
    assert window.undo_back_to(0) == []
    assert [s.undone for s in window.session.steps()] == [False]
    # side 2's own entry: named, and taken back
    click_hex(qtbot, window, parse_label("D2"))
    # the journal's Undo back to here over side 2's entry is offered; back to before side
    # 1's is greyed with the reason (the proxy's rows: step 1's, then step 2's)
    journal = window.journal
    assert journal.context_menu_for(journal.proxy.index(0, 0)).actions()[0].isEnabled()
    panel.set_entering(1)
    undo_back = journal.context_menu_for(journal.proxy.index(0, 0)).actions()[0]
    assert undo_back.text() == "Undo back to here (refused: not while side 1 is at the screen)"
    assert not undo_back.isEnabled()
    panel.set_entering(2)
    assert window.undo_action.text() == "&Undo Blind setup: side 2 enters a placement"
    window.undo_action.trigger()
    assert [s.undone for s in window.session.steps()] == [False, True]
    # its redo is side 2's too: refused once side 1 is back at the screen
    assert window.redo_action.text() == "&Redo Blind setup: side 2 enters a placement"
    panel.set_entering(1)
    assert window.redo_action.text() == "&Redo (refused: not while side 1 is at the screen)"
    window.redo_action.trigger()
    assert [s.undone for s in window.session.steps()] == [False, True]
    # side 1 at the screen takes its own entry back
    assert window.undo_action.text() == "&Undo Blind setup: side 1 enters a placement"
    window.undo_action.trigger()
    assert [s.undone for s in window.session.steps()] == [True, True]
