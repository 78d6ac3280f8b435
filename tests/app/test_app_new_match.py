"""File > New: the new-match wizard driven with clicks and typing, from the edition to the
file, which opens in the window; the armies' budgets (draft 004 "Build your army", clause
army.budgets) and the automatic set-up in the deployment zones (clauses setup.blind,
move.stacking) on the first draft's standard battlefield (side 1 rows 7-9, side 2 rows 1-3)."""

from __future__ import annotations

import pytest
from app_window import demo_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QLineEdit, QListWidget, QWizard

from referee.app.map.geometry import hex_centre
from referee.app.wizards.new_match.page import Page
from referee.app.wizards.new_match.wizard import NewMatchWizard
from referee.board.hexgrid import parse_label
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Advance


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def click(qtbot, widget, pos: QPoint | None = None) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=pos or widget.rect().center())


def pick(qtbot, items: QListWidget, starts: str) -> None:
    for row in range(items.count()):
        item = items.item(row)
        if item.text().startswith(starts):
            click(qtbot, items.viewport(), items.visualItemRect(item).center())
            return
    raise AssertionError(f"no item {starts!r}")


def next_page(qtbot, wizard: NewMatchWizard) -> None:
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))


def set_count(qtbot, wizard: NewMatchWizard, side: int, unit_id: str, count: int) -> None:
    spin = wizard.armies_page.sides[side].spins[unit_id]
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, str(count))
    assert spin.value() == count


def placed(wizard: NewMatchWizard) -> dict[str, str]:
    table = wizard.armies_page.table
    return {table.item(r, 0).text(): table.item(r, 3).text() for r in range(table.rowCount())}


def type_hex(qtbot, wizard: NewMatchWizard, uid: str, label: str) -> None:
    """Double-click the unit's hex cell, type the hex, press Enter."""
    table = wizard.armies_page.table
    row = next(r for r in range(table.rowCount()) if table.item(r, 0).text() == uid)
    rect = table.visualItemRect(table.item(row, 3))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    editors = [e for e in table.findChildren(QLineEdit) if e.isVisible()]
    assert len(editors) == 1  # the cell's editor, opened by the double-click
    editor = editors[0]
    editor.selectAll()
    qtbot.keyClicks(editor, label)
    qtbot.keyClick(editor, Qt.Key.Key_Return)  # the table commits it from its event loop
    qtbot.waitUntil(lambda: placed(wizard).get(uid) == label.upper())


def open_wizard(qtbot, tmp_path) -> tuple[object, NewMatchWizard]:
    window = demo_window(qtbot, tmp_path)
    qtbot.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # File > New
    wizard = window.findChild(NewMatchWizard)
    assert wizard is not None
    qtbot.waitExposed(wizard)
    assert wizard.currentId() == Page.EDITION
    return window, wizard


def to_armies(qtbot, tmp_path, edition: str = "First draft") -> tuple[object, NewMatchWizard]:
    """To the armies page with no scenario: the units start where the armies page puts them
    (tests/app/test_app_setup.py takes the scenario's way)."""
    window, wizard = open_wizard(qtbot, tmp_path)
    pick(qtbot, wizard.edition_page.list, edition)
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.SCENARIO
    pick(qtbot, wizard.scenario_page.list, "No scenario")
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.MAP
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.ARMIES
    return window, wizard


def test_the_map_page_offers_the_shipped_maps_of_the_edition_chosen(qtbot, tmp_path):
    _, wizard = open_wizard(qtbot, tmp_path)
    pick(qtbot, wizard.edition_page.list, "Current edition")
    next_page(qtbot, wizard)
    next_page(qtbot, wizard)  # the scenario page: ENTRENCHED!
    items = wizard.map_page.list
    assert [items.item(i).text() for i in range(items.count())] == ["ENTRENCHED!  (7x9)"]
    click(qtbot, wizard.button(QWizard.WizardButton.BackButton))
    click(qtbot, wizard.button(QWizard.WizardButton.BackButton))
    pick(qtbot, wizard.edition_page.list, "First draft")
    next_page(qtbot, wizard)
    next_page(qtbot, wizard)
    assert [items.item(i).text() for i in range(items.count())] == ["Standard battlefield  (7x9)"]
    assert len(wizard.map_page.scene.hex_items) == 7 * 9  # the preview draws the map


def test_units_are_set_up_front_rows_first_and_the_budget_is_counted(qtbot, tmp_path):
    _, wizard = to_armies(qtbot, tmp_path)
    page = wizard.armies_page
    assert page.sides[1].nation_id() == "spartan" and page.sides[2].nation_id() == "ork"
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()  # no army yet
    set_count(qtbot, wizard, 1, "standard-tank", 1)
    set_count(qtbot, wizard, 1, "hoplite-phalanx", 2)
    set_count(qtbot, wizard, 2, "ork-grunts", 1)
    set_count(qtbot, wizard, 2, "battle-wagon", 1)
    # side 1's front row is 7, from the middle column D outwards, left first: D7, C7, E7;
    # side 2's is row 3: D3, C3 (units in the catalogue's order)
    assert placed(wizard) == {
        "standard-tank": "D7",
        "hoplite-phalanx": "C7",
        "hoplite-phalanx-2": "E7",
        "ork-grunts": "D3",
        "battle-wagon": "C3",
    }
    # standard game, 24 of each: tank 6 IP; two hoplite bases 2 x (4 MP, 2 CP, 1 XP)
    assert "IP 6/24, MP 8/24, CP 4/24, XP 2/24 — within budget" in page.sides[1].budget.text()
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def test_an_army_over_its_budget_is_marked_but_may_still_play(qtbot, tmp_path):
    _, wizard = to_armies(qtbot, tmp_path)
    set_count(qtbot, wizard, 1, "talos", 2)  # 2 x 12 IP = 24: spent exactly
    set_count(qtbot, wizard, 1, "standard-tank", 1)  # + 6 = 30 IP of 24
    set_count(qtbot, wizard, 2, "ork-grunts", 1)
    text = wizard.armies_page.sides[1].budget.text()
    assert "IP 30/24 over" in text and "over budget" in text
    assert "#c62828" in text  # in red
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def test_an_asymmetric_game_gives_each_side_its_own_budget(qtbot, tmp_path):
    _, wizard = to_armies(qtbot, tmp_path)
    page = wizard.armies_page
    page.game.setCurrentIndex(page.game.findData("asymmetric"))
    assert page.sides[1].chosen_allowance().id == "industry"
    assert page.sides[2].chosen_allowance().id == "manpower"
    set_count(qtbot, wizard, 1, "hoplite-phalanx", 1)  # 4 MP + 2 CP + 1 XP = 7 of the pool's 6
    assert "MP/XP/CP beyond their own 7/6 over" in page.sides[1].budget.text()


def test_a_typed_hex_stays_and_a_hex_off_the_map_stops_the_wizard(qtbot, tmp_path):
    _, wizard = to_armies(qtbot, tmp_path)
    set_count(qtbot, wizard, 1, "hoplite-phalanx", 2)
    set_count(qtbot, wizard, 2, "ork-grunts", 1)
    type_hex(qtbot, wizard, "hoplite-phalanx-2", "b8")
    assert placed(wizard)["hoplite-phalanx-2"] == "B8"
    set_count(qtbot, wizard, 1, "standard-tank", 1)  # the army changes: the typed hex stays
    assert placed(wizard)["hoplite-phalanx-2"] == "B8"
    type_hex(qtbot, wizard, "hoplite-phalanx-2", "Z99")
    assert "hoplite-phalanx-2: Z99 is not on the map" in wizard.armies_page.problems.text()
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def test_two_sides_in_one_hex_stop_the_wizard(qtbot, tmp_path):
    _, wizard = to_armies(qtbot, tmp_path)
    set_count(qtbot, wizard, 1, "hoplite-phalanx", 1)
    set_count(qtbot, wizard, 2, "ork-grunts", 1)
    type_hex(qtbot, wizard, "ork-grunts", "D5")
    type_hex(qtbot, wizard, "hoplite-phalanx", "D5")
    problems = wizard.armies_page.problems.text()
    assert "D5: units of both sides" in problems
    assert "hoplite-phalanx at D5 is outside side 1" in problems  # no man's land: a note
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def test_clicking_the_map_moves_the_selected_unit(qtbot, tmp_path):
    _, wizard = to_armies(qtbot, tmp_path)
    set_count(qtbot, wizard, 1, "hoplite-phalanx", 1)
    set_count(qtbot, wizard, 2, "ork-grunts", 1)
    page = wizard.armies_page
    page.table.selectRow(0)
    view = page.preview
    point = view.mapFromScene(hex_centre(parse_label("A8")))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert placed(wizard)["hoplite-phalanx"] == "A8"
    assert page.scene.unit_items["hoplite-phalanx"] is not None


def test_finishing_writes_the_match_file_and_opens_it(qtbot, tmp_path):
    window, wizard = to_armies(qtbot, tmp_path)
    set_count(qtbot, wizard, 1, "standard-tank", 1)
    set_count(qtbot, wizard, 2, "ork-grunts", 1)
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.SEED
    seed = wizard.seed_page.seed
    assert seed.text().isdigit()  # random, and shown
    seed.selectAll()
    qtbot.keyClicks(seed, "4242")
    typed = wizard.seed_page.modes["typed"]
    click(qtbot, typed, QPoint(8, typed.height() // 2))
    assert typed.isChecked()
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.FILE
    default = wizard.file_page.path.text()
    assert default.startswith(str(tmp_path / "matches" / "match-"))  # the matches folder
    path = tmp_path / "mine" / "new.referee"
    wizard.file_page.path.selectAll()
    qtbot.keyClicks(wizard.file_page.path, str(path.with_suffix("")))
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    assert window.session is not None and window.session.path == path
    state = window.session.state
    assert state.rules.id == "first-draft"
    assert {uid: str(u.hex) for uid, u in state.units.items()} == {
        "standard-tank": "D7",
        "ork-grunts": "D3",
    }
    assert state.unit("standard-tank").facing == 0 and state.unit("ork-grunts").facing == 3
    with MatchFile.open(path) as match:
        assert match.seed == 4242
        assert match.meta["settings"] == {"dice": "typed"}
        assert match.meta["title"] == "Spartan against Ork on Standard battlefield"
    window.session.run_step(  # to its first gunnery step, where the gunnery wizard opens
        "To gunnery 1", [Advance(to="gunnery-1", missing="confirm")]
    )
    gunnery = window.open_gunnery_wizard()
    assert gunnery.roll_page.typed.isChecked()  # the match's dice mode
    gunnery.reject()


def test_an_existing_file_is_never_overwritten(qtbot, tmp_path):
    _, wizard = to_armies(qtbot, tmp_path)
    set_count(qtbot, wizard, 1, "standard-tank", 1)
    set_count(qtbot, wizard, 2, "ork-grunts", 1)
    next_page(qtbot, wizard)
    next_page(qtbot, wizard)
    taken = tmp_path / "taken.referee"
    taken.write_text("mine")
    wizard.file_page.path.setText(str(taken))
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    assert "already exists" in wizard.file_page.problem.text()
    assert wizard.isVisible()
    assert taken.read_text() == "mine"


def test_cancelling_writes_nothing(qtbot, tmp_path):
    window, wizard = to_armies(qtbot, tmp_path)
    set_count(qtbot, wizard, 1, "standard-tank", 1)
    before = window.session.path
    click(qtbot, wizard.button(QWizard.WizardButton.CancelButton))
    assert window.session.path == before
    assert not (tmp_path / "matches").exists() or not any((tmp_path / "matches").iterdir())


SPARTAN_ARMY = """name = "Vanguard"
nation = "spartan"
game = "standard"
[[unit]]
type = "hoplite-phalanx"
count = 2
upgrades = ["veteran", "hand-cannon"]
[[unit]]
type = "standard-tank"
"""


def test_an_army_file_per_side_goes_into_the_match_with_its_upgraded_cards(qtbot, tmp_path):
    spartan = tmp_path / "vanguard.toml"
    spartan.write_text(SPARTAN_ARMY, encoding="utf-8")
    ork = tmp_path / "waaagh.toml"
    ork.write_text(
        'name = "Waaagh"\nnation = "ork"\ngame = "standard"\n[[unit]]\n'
        'type = "ork-grunts"\nupgrades = ["nob"]\n',
        encoding="utf-8",
    )
    window, wizard = to_armies(qtbot, tmp_path)
    page = wizard.armies_page
    page.sides[1].set_army_file(spartan)
    page.sides[2].set_army_file(ork)
    # two hoplite bases: mp 8, cp 2 * (2 + 3) = 10, xp 2 * (1 + 2) = 6; the tank 6 ip
    assert "IP 6/24, MP 8/24, CP 10/24, XP 6/24 — within budget" in page.sides[1].budget.text()
    assert set(placed(wizard)) == {
        "hoplite-phalanx",
        "hoplite-phalanx-2",
        "standard-tank",
        "ork-grunts",
    }
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    next_page(qtbot, wizard)
    next_page(qtbot, wizard)
    wizard.file_page.path.selectAll()
    path = tmp_path / "armies.referee"
    qtbot.keyClicks(wizard.file_page.path, str(path))
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    assert window.session is not None and window.session.path == path
    hoplites = window.session.state.unit("hoplite-phalanx-2")
    assert hoplites.unit.elites == 2 and hoplites.unit.weapon("Hand cannon").carried == "unit-base"
    assert window.session.state.unit("ork-grunts").unit.elites == 2


def test_an_army_file_that_is_not_valid_stops_the_wizard_with_its_problems(qtbot, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        SPARTAN_ARMY.replace('"hand-cannon"', '"hand-cannon", "scorpion"'), encoding="utf-8"
    )
    _, wizard = to_armies(qtbot, tmp_path)
    page = wizard.armies_page
    page.sides[1].set_army_file(bad)
    set_count(qtbot, wizard, 2, "ork-grunts", 1)
    assert "army.unit-base-weapon" in page.sides[1].budget.text()
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    page.sides[1].use_counts()  # back to the catalogue's counts
    set_count(qtbot, wizard, 1, "standard-tank", 1)
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def test_an_army_file_brings_its_game_size_and_budget_into_the_wizard(qtbot, tmp_path):
    industry = tmp_path / "industry.toml"
    industry.write_text(
        'name = "Iron"\nnation = "spartan"\ngame = "asymmetric"\n'
        'allowance = "industry"\n[[unit]]\ntype = "standard-tank"\ncount = 2\n'
        '[[unit]]\ntype = "talos"\n',
        encoding="utf-8",
    )
    manpower = tmp_path / "manpower.toml"
    manpower.write_text(
        'name = "Tide"\nnation = "ork"\ngame = "asymmetric"\n'
        'allowance = "manpower"\n[[unit]]\ntype = "ork-grunts"\ncount = 3\n',
        encoding="utf-8",
    )
    _, wizard = to_armies(qtbot, tmp_path)
    page = wizard.armies_page
    assert page.game.currentData() == "standard"
    page.sides[1].set_army_file(industry)
    assert page.game.currentData() == "asymmetric"  # the size the army was built for
    assert page.sides[1].chosen_allowance().id == "industry"
    # two tanks (6 IP each) and Talos (12 IP, 2 CP paid from the 6-point pool): 24 of 48 IP
    assert "IP 24/48" in page.sides[1].budget.text()
    assert "not valid" not in page.problems.text()
    page.sides[2].set_army_file(manpower)
    assert page.sides[2].chosen_allowance().id == "manpower"
    assert "MP 9/48, CP 3/48" in page.sides[2].budget.text()  # three grunts: 3 MP, 1 CP each
    assert page.sides[1].chosen_allowance().id == "industry"  # kept when side 2 came
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def test_esc_past_the_first_page_asks_before_the_choices_made_go(qtbot, tmp_path):
    _, wizard = to_armies(qtbot, tmp_path)
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)  # a slip of the finger on the armies page
    box = wizard.discard_box
    assert box is not None and "Discard this new match?" in box.text()
    assert wizard.isVisible() and wizard.currentId() == Page.ARMIES
    keep = next(b for b in box.buttons() if b.text() == "&Keep editing")
    qtbot.mouseClick(keep, Qt.MouseButton.LeftButton)
    assert wizard.discard_box is None
    assert wizard.isVisible() and wizard.currentId() == Page.ARMIES  # nothing lost
    wizard.reject()  # Cancel, then Discard: it closes, nothing written
    box = wizard.discard_box
    discard = next(b for b in box.buttons() if b.text() == "&Discard")
    qtbot.mouseClick(discard, Qt.MouseButton.LeftButton)
    assert not wizard.isVisible() and wizard.result() == 0


def test_esc_on_the_first_page_closes_the_new_match_at_once(qtbot, tmp_path):
    _, wizard = open_wizard(qtbot, tmp_path)
    qtbot.keyClick(wizard, Qt.Key.Key_Escape)
    assert wizard.discard_box is None and not wizard.isVisible()
