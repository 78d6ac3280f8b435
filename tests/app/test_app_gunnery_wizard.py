"""The gunnery wizard driven with clicks and typed dice: one fire action, one journal step.

The demo match (first draft): the wagon (Ork battle wagon) at D2 facing south carries the
Wagon shootas (fixed x2/x1/x1/-, Misfire[2-], d6-1) and the Gas lobba (Area(4+), d4,
Poison[8], crew damage[d4]); the hoplites (4 models) stand at E7, the tank at C7."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QListWidget, QWizard

from referee.app.wizards.gunnery.page import Page
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Advance, Correct, Fire


def pick(qtbot, items: QListWidget, starts: str) -> None:
    for row in range(items.count()):
        item = items.item(row)
        if item.text().startswith(starts):
            pos = items.visualItemRect(item).center()
            qtbot.mouseClick(items.viewport(), Qt.MouseButton.LeftButton, pos=pos)
            return
    raise AssertionError(f"no item {starts!r}")


def next_page(qtbot, wizard) -> None:
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)


def to_odds_page(qtbot, window, shooter="tank", weapon="Main gun", target="wagon"):
    wizard = window.open_gunnery_wizard()
    qtbot.waitExposed(wizard)
    assert wizard.currentId() == Page.SHOOTER
    pick(qtbot, wizard.shooter_page.list, shooter)
    next_page(qtbot, wizard)
    pick(qtbot, wizard.weapon_page.list, weapon)
    next_page(qtbot, wizard)
    pick(qtbot, wizard.target_page.list, target)
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.ODDS
    return wizard


def to_roll_page(qtbot, window, shooter="tank", weapon="Main gun", target="wagon"):
    wizard = to_odds_page(qtbot, window, shooter, weapon, target)
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.ROLL
    return wizard


def choose_typed_dice(qtbot, wizard) -> None:
    radio = wizard.roll_page.dice.typed  # click its round indicator, at the left
    qtbot.mouseClick(radio, Qt.MouseButton.LeftButton, pos=QPoint(8, radio.height() // 2))
    assert radio.isChecked()


def type_die(qtbot, box, value: int) -> None:
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, str(value))


def listed(entry) -> list[tuple[int, str]]:
    """The dice the widget lists now: (sides, what for)."""
    return [(s.sides, s.request.purpose) for s in entry.slots]


def type_in_order(qtbot, entry, values) -> None:
    """Type each value into the first die not typed yet, as a referee does."""
    for value in values:
        index = next(i for i, s in enumerate(entry.slots) if s.value is None)
        type_die(qtbot, entry.box(index), value)


def finish(qtbot, wizard) -> None:
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.OUTCOME
    assert wizard.outcome_page.isComplete(), wizard.outcome_page.problem.text()
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)


def steps(window):
    with MatchFile.open(window.session.path) as m:
        return m.steps()


def test_a_weapon_not_loaded_says_so_on_the_weapon_page_before_any_target(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    # the table: the tank's main gun was never loaded; the companions' only weapon neither
    unload = [
        Correct(uid="tank", set={"loaded": {"Main gun": 0, "Hull machine gun": 2}}),
        Correct(uid="companions", set={"loaded": {"Horse pistols": 0}}),
    ]
    assert window.run_step("Correction", unload) is not None
    wizard = window.open_gunnery_wizard()
    qtbot.waitExposed(wizard)
    pick(qtbot, wizard.shooter_page.list, "tank")
    next_page(qtbot, wizard)
    items = wizard.weapon_page.list
    main, hull = (
        next(items.item(i) for i in range(items.count()) if items.item(i).text().startswith(n))
        for n in ("Main gun", "Hull")
    )
    assert "cannot fire now — Main gun is not loaded (fire.load)" in main.text()
    assert not main.flags() & Qt.ItemFlag.ItemIsEnabled  # a weapon that cannot fire is greyed
    assert hull.flags() & Qt.ItemFlag.ItemIsEnabled and "cannot fire" not in hull.text()
    assert wizard.weapon_page.subTitle() == "Which weapon does tank fire?"
    wizard.back()
    # the companions have nothing loaded: not a page of greyed weapons, but one sentence on
    # the shooter page, and the row cannot be picked
    items = wizard.shooter_page.list
    (row,) = (
        items.item(i) for i in range(items.count()) if items.item(i).text().startswith("companions")
    )
    assert not row.flags() & Qt.ItemFlag.ItemIsEnabled
    assert row.text().endswith(
        "companions cannot fire now: nothing is loaded: Horse pistols is not loaded (clause "
        "fire.load)."
    )
    wizard.reject()


def test_units_ordered_to_fire_come_first_and_illegal_targets_say_why(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    # the boars one hex east of where the demo puts them: F3, off the tank's front sector
    assert window.run_step("Correction", [Correct(uid="boars", set={"hex": "F3"})]) is not None
    wizard = window.open_gunnery_wizard()
    qtbot.waitExposed(wizard)
    first_two = [wizard.shooter_page.list.item(i).text() for i in range(2)]
    # demo orders, gunnery 1: the tank and the wagon Fire
    assert all("(ordered to fire now)" in t for t in first_two)
    pick(qtbot, wizard.shooter_page.list, "tank")
    next_page(qtbot, wizard)
    pick(qtbot, wizard.weapon_page.list, "Hull machine gun")
    next_page(qtbot, wizard)
    items = wizard.target_page.list
    boars = next(
        items.item(i) for i in range(items.count()) if items.item(i).text().startswith("boars")
    )
    # the hull gun (arc */-/-/-) only fires through the front sector
    assert "not allowed" in boars.text() and "front-side sector" in boars.text()
    assert not boars.flags() & Qt.ItemFlag.ItemIsEnabled
    wizard.reject()


def test_a_typed_to_hit_die_reaches_the_journal(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window)
    # tank (standing still) at the wagon (standing still): base 5, +1, +1 -> needs 3
    assert "needs 3" in wizard.odds_page.text.toPlainText()
    assert "exactly 2/3" in wizard.odds_page.text.toPlainText()
    choose_typed_dice(qtbot, wizard)
    entry = wizard.roll_page.dice
    # before anything is typed: the one to-hit die of the Main gun, and what it is for
    assert listed(entry) == [(6, "to hit wagon (Main gun)")]
    assert "open-ended" in entry.slots[0].request.note
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    type_die(qtbot, entry.box(0), 2)  # needs 3: a miss, nothing more to roll
    assert entry.complete()
    finish(qtbot, wizard)
    last = steps(window)[-1]
    assert last.name == "Gunnery 1: tank fires Main gun at wagon"
    (first,) = last.events[0].dice
    assert (first.sides, first.value, first.typed) == (6, 2, True)
    assert "rolled 2" in last.events[0].text and "miss" in last.events[0].text
    assert window.undo_action.text() == f"&Undo {last.name}"


def test_a_d6_box_refuses_a_7_and_says_which_die(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    before = steps(window)
    wizard = to_roll_page(qtbot, window)
    choose_typed_dice(qtbot, wizard)
    entry = wizard.roll_page.dice
    type_die(qtbot, entry.box(0), 7)
    assert entry.box(0).typed() is None  # the box kept its "?"
    assert entry.refusal.text() == (
        "a d6 shows 1 to 6: 7 typed for die 1 (to hit wagon (Main gun)) is refused"
    )
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    wizard.reject()
    assert steps(window) == before


def test_an_open_ended_6_asks_for_its_follow_up_die(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window)
    choose_typed_dice(qtbot, wizard)
    entry = wizard.roll_page.dice
    type_die(qtbot, entry.box(0), 6)
    # a 6 rolls on: the follow-up die is asked right after it, before the damage dice
    follow = entry.slots[1]
    assert follow.request.follow_up and follow.value is None and follow.sides == 6
    assert follow.request.purpose == "to hit wagon (Main gun) (open-ended)"
    assert wizard.focusWidget() is entry.boxes[follow.key]  # typing moved on to it
    type_die(qtbot, entry.box(1), 5)  # above 4: adds one and rolls on again
    assert entry.slots[2].request.follow_up
    type_die(qtbot, entry.box(2), 3)  # 4 or less: the roll ends at 6 + 1 = 7
    assert not entry.slots[3].request.follow_up  # the damage of the hit comes next
    assert entry.slots[3].request.purpose == "armor"


def test_typed_values_stay_with_their_die(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window)
    choose_typed_dice(qtbot, wizard)
    entry = wizard.roll_page.dice
    type_die(qtbot, entry.box(0), 6)
    type_die(qtbot, entry.box(1), 3)
    # the 6 becomes a 2 (a miss): its follow-up is no longer asked, and nothing is left over
    type_die(qtbot, entry.box(0), 2)
    assert listed(entry) == [(6, "to hit wagon (Main gun)")]
    assert entry.complete() and entry.values() == (2,)


def test_leaving_the_wizard_writes_nothing(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    before = steps(window)
    wizard = to_roll_page(qtbot, window)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.CancelButton), Qt.MouseButton.LeftButton)
    assert steps(window) == before


def test_the_app_rolls_when_nothing_is_typed_and_the_outcome_shows_its_dice(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window, shooter="wagon", weapon="Wagon shootas", target="tank")
    next_page(qtbot, wizard)
    shown = wizard.outcome_page.outcome
    assert shown is not None
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    last = steps(window)[-1]
    assert last.name == "Gunnery 1: wagon fires Wagon shootas at tank"
    assert last.events[0].dice and not any(r.typed for r in last.events[0].dice)
    # the outcome page showed the very dice the journal step rolled (the step's own seed)
    assert shown.dice == last.events[0].dice


def current_demo_window(qtbot, tmp_path):
    """The demo's armies under the current edition: Misfire[N-] is its rule (the first
    draft rolls no misfire die, ruling fire.misfire-first-draft)."""
    from referee.app.window.main_window import MainWindow
    from referee.match.setup.demo import DEMO_MAP, DEMO_ORDERS_NEXT, DEMO_UNITS, orders_commands

    path = tmp_path / "current.referee"
    with MatchFile.create(
        path, map_name=DEMO_MAP, units=DEMO_UNITS, ruleset="current", seed=2024
    ) as m:
        orders = [*orders_commands(1), *orders_commands(2, DEMO_ORDERS_NEXT)]
        m.run("Orders for turns 1 and 2", [*orders, Advance()])
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.open_match(path)
    with qtbot.waitActive(window):
        window.show()
    return window


def test_the_misfiring_fixed_weapon_shows_the_whole_action_and_misfires_typed(qtbot, tmp_path):
    window = current_demo_window(qtbot, tmp_path)
    wizard = to_odds_page(qtbot, window, shooter="wagon", weapon="Wagon shootas", target="tank")
    odds = wizard.odds_page.text.toPlainText()
    # x2 to the front: 2 dice; misfire on 1-2 of a d6: 1/3
    assert "2 dice (1 model firing x 2 fixed guns bearing)" in odds
    assert "Misfire[2-]: 33.3% that the whole action does nothing" in odds
    next_page(qtbot, wizard)
    choose_typed_dice(qtbot, wizard)
    entry = wizard.roll_page.dice
    assert listed(entry) == [
        (6, "misfire Wagon shootas"),
        (6, "to hit tank (Wagon shootas)"),
        (6, "to hit tank (Wagon shootas)"),
    ]
    type_die(qtbot, entry.box(0), 1)  # a misfire: the guns never fire
    assert listed(entry) == [(6, "misfire Wagon shootas")] and entry.complete()
    finish(qtbot, wizard)
    last = steps(window)[-1]
    (die,) = last.events[0].dice
    assert (die.purpose, die.value, die.typed) == ("misfire Wagon shootas", 1, True)
    assert "misfire: the action does nothing" in last.events[0].text
    assert window.session.state.unit("wagon").ammo("Wagon shootas") == 1  # none spent


def test_the_misfiring_fixed_weapon_fires_with_digital_dice(qtbot, tmp_path):
    window = current_demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window, shooter="wagon", weapon="Wagon shootas", target="tank")
    assert not wizard.roll_page.dice.is_typed()
    finish(qtbot, wizard)
    dice = steps(window)[-1].events[0].dice
    assert dice[0].purpose == "misfire Wagon shootas" and not dice[0].typed
    # no misfire: both front guns roll; a misfire: nothing more
    assert len([d for d in dice if d.purpose == "to hit tank (Wagon shootas)"]) in (
        (0,) if dice[0].value <= 2 else (2,)
    )


def test_an_area_weapon_fires_through_the_wizard_with_typed_dice(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_odds_page(qtbot, window, shooter="wagon", weapon="Gas lobba", target="hoplites")
    odds = wizard.odds_page.text.toPlainText()
    # one die per hoplite, Area(4+), no evasion in the open (first draft): 4 dice at 1/2;
    # all four miss: (1/2)^4 = 1/16
    assert "4 dice, one per model of hoplites: needs 4: Area(4+)" in odds
    assert "0 hits\t6.2%\t1/16" in odds or "0 hits 6.2% 1/16" in " ".join(odds.split())
    next_page(qtbot, wizard)
    choose_typed_dice(qtbot, wizard)
    entry = wizard.roll_page.dice
    assert listed(entry) == [(6, "area on hoplites")] * 4
    type_in_order(qtbot, entry, [6, 4, 6, 3])  # three hits: three d4 damage dice appear
    assert listed(entry)[4:] == [(4, "damage")] * 3
    type_in_order(qtbot, entry, [1, 3, 4])
    next_page(qtbot, wizard)
    page = wizard.outcome_page.text.toPlainText()
    assert "hoplites: 3 damage rolls" in page
    assert "When damage is applied: +1 to future damage (was +0)" in page
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    last = steps(window)[-1]
    assert last.name == "Gunnery 1: wagon fires Gas lobba at hoplites"
    event = last.events[0]
    assert [(d.purpose, d.value, d.typed) for d in event.dice] == [
        ("area on hoplites", 6, True),
        ("area on hoplites", 4, True),
        ("area on hoplites", 6, True),
        ("area on hoplites", 3, True),
        ("damage", 1, True),
        ("damage", 3, True),
        ("damage", 4, True),
    ]
    assert len(window.session.state.pending) == 3


def test_an_area_weapon_fires_through_the_wizard_with_digital_dice(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window, shooter="wagon", weapon="Gas lobba", target="hoplites")
    finish(qtbot, wizard)
    event = steps(window)[-1].events[0]
    area = [d for d in event.dice if d.purpose == "area on hoplites"]
    assert len(area) == 4 and not any(d.typed for d in event.dice)
    hits = sum(1 for d in area if d.value >= 4)
    assert [d.purpose for d in event.dice[4:]] == ["damage"] * hits
    assert event.detail["hits"] == hits


def test_a_die_typed_beside_the_question_mark_counts(qtbot, tmp_path):
    # a referee clicks into the box (the cursor lands after the "?") and types the die
    window = demo_window(qtbot, tmp_path)
    wizard = to_roll_page(qtbot, window)
    choose_typed_dice(qtbot, wizard)
    box = wizard.roll_page.dice.box(0)
    box.lineEdit().setCursorPosition(1)
    qtbot.keyClicks(box.lineEdit(), "2")
    assert box.typed() == 2 and wizard.roll_page.dice.complete()


def test_a_unit_that_has_fired_in_this_step_is_listed_last_and_says_so(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    # demo orders, gunnery 1: the tank and the wagon Fire; the tank's typed 1 misses
    fire = [Fire(shooter="tank", target="wagon", weapon="Main gun")]
    assert window.run_step("Gunnery 1: tank fires", fire, typed=[1]) is not None
    wizard = window.open_gunnery_wizard()
    qtbot.waitExposed(wizard)
    texts = [
        wizard.shooter_page.list.item(i).text() for i in range(wizard.shooter_page.list.count())
    ]
    assert texts[0].startswith("wagon") and "(ordered to fire now)" in texts[0]
    assert texts[-1].startswith("tank") and texts[-1].endswith("(has fired in this step)")
    assert sum("(ordered to fire now)" in t for t in texts) == 1
    wizard.reject()
