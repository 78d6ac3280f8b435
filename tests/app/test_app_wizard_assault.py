"""The assault wizard driven with clicks and typed dice: one assault, one journal step."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QWizard

from referee.app.window.main_window import MainWindow
from referee.app.wizards.assault.wizard import AssaultWizard, Page
from referee.board.hexgrid import parse_label
from referee.match.games.orders_file import MatchFile
from referee.rules.command import Command
from referee.rules.orders.commands import ApplyDamage, Movement, Orders

UNITS = [
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C3", "facing": 3, "speed": "slow"},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "C5", "facing": 0, "speed": "slow"},
]
# The hand-worked dice of tests/match/test_match_journal.py: the tank's 4 front assault dice
# at 5+ (5 5 2 2: 2 successes), its 2 deflection dice (1 1: none), the grunts' 4 dice, one
# per model (2 2 2 2: none). Side 1 has 2 hits to 0: the advantage; both hits are damaging
# (4 grunts alive); damage d6-1 with no armor: 6-1 = 5 and 6-1+1 = 6, "Bruised" twice.
POOLS = (5, 5, 2, 2, 1, 1, 2, 2, 2, 2)
STEPS_ANY_TIME = {"turn.step-outside-phase": "any-step"}
"""The match runs Movement 1 and its assault without moving the clock to them (ruling
turn.step-outside-phase); the refusal has its own tests (test_match_step_phase.py,
test_app_wizard_out_of_phase.py)."""
DAMAGE = (6, 6)


def assault_window(
    qtbot,
    tmp_path: Path,
    readings: dict[str, str] | None = None,
    units: list[dict[str, object]] = UNITS,
    seed: int = 5,
    before: list[Command] | None = None,
) -> MainWindow:
    """The main window on a match where the tank (or ``units[0]``) and the grunts both
    enter C4 (``seed``: the match's seed, which draws the app's dice; ``before``: steps run
    after the orders, before Movement 1)."""
    path = tmp_path / "assault.referee"
    readings = {**STEPS_ANY_TIME, **(readings or {})}
    with MatchFile.create(
        path, map_name="entrenched", units=units, seed=seed, readings=readings
    ) as m:
        m.run(
            "Orders",
            [
                Orders(uid=str(u["uid"]), turn=1, movement="F + - + -", gunnery="- + -")
                for u in units
            ],
        )
        for i, command in enumerate(before or ()):
            m.run(f"Before {i + 1}", [command])
        m.run("Movement 1", [Movement(step=1)])
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.open_match(path)
    window.show()
    qtbot.waitExposed(window)
    return window


def steps(window: MainWindow):
    with MatchFile.open(window.session.path) as m:
        return m.steps()


def click(qtbot, widget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def next_page(qtbot, wizard: AssaultWizard) -> None:
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))


def choose_typed(qtbot, box) -> None:
    radio = box.typed  # click its round indicator, at the left
    qtbot.mouseClick(radio, Qt.MouseButton.LeftButton, pos=QPoint(8, radio.height() // 2))
    assert radio.isChecked()


def type_dice(qtbot, box, values) -> None:
    """Type ``values`` into the dice as listed, one box after the other."""
    for i, value in enumerate(values):
        spin = box.box(i)
        spin.setFocus()
        spin.selectAll()
        qtbot.keyClicks(spin, str(value))


def finish(qtbot, wizard: AssaultWizard) -> None:
    """From the retreat page: the outcome, then Finish."""
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.OUTCOME, wizard.currentPage().title()
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))


def open_wizard(qtbot, window: MainWindow) -> AssaultWizard:
    wizard = window.open_assault_wizard()
    assert wizard is not None
    qtbot.waitExposed(wizard)
    return wizard


def to_allocation(qtbot, window: MainWindow) -> AssaultWizard:
    wizard = open_wizard(qtbot, window)
    next_page(qtbot, wizard)
    choose_typed(qtbot, wizard.roll_page.dice)
    type_dice(qtbot, wizard.roll_page.dice, POOLS)
    next_page(qtbot, wizard)
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.ALLOCATION
    return wizard


def test_the_contest_shows_the_hex_fought_over_and_each_sides_bases(qtbot, tmp_path):
    window = assault_window(qtbot, tmp_path)
    wizard = open_wizard(qtbot, window)
    page = wizard.contest_page
    assert wizard.currentId() == Page.CONTEST and page.isComplete()  # the only contest
    # both enter C4 from C3 and C5 (clause assault.facing: entering units fight with the front)
    rows = {
        page.bases.item(r, 1).text().split()[0]: [page.bases.item(r, c).text() for c in range(4)]
        for r in range(page.bases.rowCount())
    }
    assert rows["tank"][1:] == ["tank\n1 of 1 models", "entering\nC3 → C4", "S\nfights with front"]
    assert rows["grunts"][1:] == [
        "grunts\n4 of 4 models",
        "entering\nC5 → C4",
        "N\nfights with front",
    ]
    assert window.scene.highlighted()[parse_label("C4")] == "#ff8f00"
    wizard.reject()


def test_typed_dice_and_the_proposals_make_one_assault_step(qtbot, tmp_path):
    window = assault_window(qtbot, tmp_path)
    before = len(steps(window))
    wizard = open_wizard(qtbot, window)
    next_page(qtbot, wizard)

    roll = wizard.roll_page
    assert wizard.currentId() == Page.ROLL and roll.isComplete()  # the app would roll
    # pools: the tank 4 dice at 5+ and 2 deflection dice at 5+, the grunts 4 dice at 5+
    assert [roll.pools.item(r, 2).text() for r in range(roll.pools.rowCount())] == ["4", "2", "4"]
    choose_typed(qtbot, roll.dice)
    # every die of the pools listed, with what it is for, before the first is typed
    assert [s.request.purpose for s in roll.dice.slots] == ["assault tank"] * 4 + [
        "deflection tank"
    ] * 2 + ["assault grunts"] * 4
    assert not roll.isComplete()
    type_dice(qtbot, roll.dice, POOLS)
    assert roll.isComplete()
    assert "tank assault: 5 5 2 2 -> 2 at 5+" in roll.result.text()
    next_page(qtbot, wizard)

    assert wizard.currentId() == Page.ADVANTAGE  # no 6: no Reroll Assault offer
    adv = wizard.advantage_page
    assert "Side 1 gains the advantage" in adv.summary.text()
    assert "2 hits against 0" in adv.summary.text()
    assert adv.isComplete() and not adv.spins  # 1 1: nothing deflected, nothing to choose
    next_page(qtbot, wizard)

    alloc = wizard.allocation_page
    editor = alloc.editors[1]
    assert editor.rolls.rowCount() == 2 and alloc.isComplete()  # the proposal, both damaging
    assert [r.target for r in editor.allocation().rolls] == ["grunts", "grunts"]
    next_page(qtbot, wizard)

    damage = wizard.damage_page
    assert damage.dice.is_typed() and len(damage.dice.slots) == 2  # typed, as the pools
    assert damage.dice.isVisible()  # listed before the first is typed
    type_dice(qtbot, damage.dice, DAMAGE)
    text = damage.working.toPlainText()
    assert "weapon d6-1 -1 = 5" in text and "previous damage +1, weapon d6-1 -1 = 6" in text
    next_page(qtbot, wizard)

    retreat = wizard.retreat_page
    assert wizard.currentId() == Page.RETREAT
    assert "tank enters C4." in retreat.summary.text()
    # the grunts tried to enter: they stay in C5 and may turn (clause assault.retreat)
    assert [uid for uid, _ in retreat.rows] == ["grunts"]
    assert window.scene.highlighted()[parse_label("C5")] == "#ff8f00"  # chosen, over green
    # C5 is the grunts' only hex: the page names both colours, never a green hex alone
    assert "the one chosen orange" in retreat.subTitle()
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.OUTCOME
    outcome = wizard.outcome_page.text.toPlainText()
    # the two "Bruised" rolls wait; applied, the grunts get their two tokens
    assert "grunts: 2 damage rolls" in outcome
    assert "When damage is applied: +2 to future damage (was +0)" in outcome
    assert "tank: moves C3 -> C4" in outcome
    assert "tank assault: 5 5 2 2 -> 2 at 5+" in outcome and "tank enters C4" in outcome
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))

    written = steps(window)
    assert len(written) == before + 1
    last = written[-1]
    assert last.name == "Assault over C4: tank against grunts"
    event = last.events[0]
    assert [r.value for r in event.dice] == [*POOLS, *DAMAGE] and all(r.typed for r in event.dice)
    assert event.command.to_json() == {
        "kind": "assault",
        "contest": 0,
        "retreats": {"grunts": "C5"},
    }
    assert window.undo_action.text() == f"&Undo {last.name}"
    window.run_step("Apply damage", [ApplyDamage()])
    grunts = window.session.state.unit("grunts")
    assert (str(grunts.hex), grunts.alive, grunts.damage_tokens) == ("C5", 4, 2)
    assert str(window.session.state.unit("tank").hex) == "C4"


def test_an_allocation_that_breaks_the_rules_keeps_next_disabled(qtbot, tmp_path):
    window = assault_window(qtbot, tmp_path)
    wizard = to_allocation(qtbot, window)
    page, editor = wizard.allocation_page, wizard.allocation_page.editors[1]
    next_button = wizard.button(QWizard.WizardButton.NextButton)
    assert next_button.isEnabled()
    click(qtbot, editor.add_button)  # a third damaging hit: the tank has 2 hits
    assert editor.rolls.rowCount() == 3
    assert "tank: 3 hits dealt, it has 2" in editor.violations.text()
    assert not page.isComplete() and not next_button.isEnabled()
    click(qtbot, editor.proposal_button)
    assert editor.violations.text() == "" and next_button.isEnabled()


def make_one_hit_support(qtbot, wizard: AssaultWizard) -> None:
    editor = wizard.allocation_page.editors[1]
    click(qtbot, editor.remove_button)
    support = editor.rolls.cellWidget(0, 2)  # support from the tank, on the one roll left
    support.selectAll()
    qtbot.keyClicks(support, "1")


def test_a_support_hit_while_a_grunt_has_no_damaging_hit_is_refused(qtbot, tmp_path):
    # ruling assault.damaging-first, default fill-first: 2 hits and 4 grunts: both damaging
    window = assault_window(qtbot, tmp_path)
    wizard = to_allocation(qtbot, window)
    make_one_hit_support(qtbot, wizard)
    assert (
        "every hit must be damaging while an enemy model has none"
        in wizard.allocation_page.editors[1].violations.text()
    )
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def test_a_support_hit_reaches_the_command_under_the_free_reading(qtbot, tmp_path):
    window = assault_window(qtbot, tmp_path, {"assault.damaging-first": "free"})
    wizard = to_allocation(qtbot, window)
    make_one_hit_support(qtbot, wizard)
    assert wizard.allocation_page.isComplete()
    next_page(qtbot, wizard)
    type_dice(qtbot, wizard.damage_page.dice, (6,))  # d6-1+1 with a 6 = 6: one roll only
    text = wizard.damage_page.working.toPlainText()
    assert "damaging hit of tank on grunts (+1 regular)" in text and "= 6" in text
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    command = steps(window)[-1].events[0].command.to_json()
    assert command["allocation"] == {
        "1": {
            "rolls": [{"source": "tank", "target": "grunts", "support": {"tank": 1}}],
            "light": [],
            "tokens": [],
        }
    }
    assert [p["result"] for p in window.session.state.pending] == [6]


def test_the_loser_may_turn_about_as_it_retreats(qtbot, tmp_path):
    window = assault_window(qtbot, tmp_path)
    wizard = to_allocation(qtbot, window)
    next_page(qtbot, wizard)
    type_dice(qtbot, wizard.damage_page.dice, DAMAGE)
    next_page(qtbot, wizard)
    page = wizard.retreat_page
    facing = page.table.cellWidget(0, 3)
    assert [facing.itemText(i) for i in range(facing.count())] == [
        "N (kept)",
        "NE (turned right)",
        "S (turned about)",
        "NW (turned left)",
    ]
    facing.setCurrentIndex(2)
    finish(qtbot, wizard)
    assert steps(window)[-1].events[0].command.to_json()["retreats"] == {
        "grunts": {"hex": "C5", "facing": 3}
    }
    assert window.session.state.unit("grunts").facing == 3


def test_a_retreat_hex_clicked_on_the_map_gives_the_keyboard_back_so_return_goes_on(
    qtbot, tmp_path
):
    # clause assault.retreat: the loser's hex picked on the map; the click gave the keyboard
    # to the map, where Return pressed nothing: it goes back to the wizard's Next
    from app_window import click_hex
    from PySide6.QtWidgets import QApplication

    window = assault_window(qtbot, tmp_path)
    wizard = to_allocation(qtbot, window)
    next_page(qtbot, wizard)
    type_dice(qtbot, wizard.damage_page.dice, DAMAGE)
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.RETREAT
    (_, retreat), *_ = wizard.retreat_page.rows
    click_hex(qtbot, window, retreat.options[0])
    next_button = wizard.button(QWizard.WizardButton.NextButton)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is next_button)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert wizard.currentId() == Page.OUTCOME
    wizard.reject()


def test_a_die_the_table_cannot_show_is_refused(qtbot, tmp_path):
    window = assault_window(qtbot, tmp_path)
    wizard = open_wizard(qtbot, window)
    next_page(qtbot, wizard)
    roll = wizard.roll_page
    choose_typed(qtbot, roll.dice)
    type_dice(qtbot, roll.dice, (7, *POOLS[1:]))
    assert roll.dice.box(0).typed() is None  # the d6 box refused the 7
    assert "a d6 shows 1 to 6: 7 typed for die 1 (assault tank)" in roll.dice.refusal.text()
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def test_cancelling_the_wizard_writes_nothing(qtbot, tmp_path):
    window = assault_window(qtbot, tmp_path)
    before = steps(window)
    wizard = to_allocation(qtbot, window)
    click(qtbot, wizard.button(QWizard.WizardButton.CancelButton))
    assert steps(window) == before
    assert window.session.state.contests  # the assault still waits


def test_reroll_assault_batches_until_no_offer_is_left(qtbot, tmp_path):
    # clause abilities.reroll-assault: the hoplites (Reroll Assault 1) roll 8 assault dice,
    # 2 per model x 4, at 5+: one 6, one die to reroll. The proposal rerolls the first failed
    # die (hoplites#2); the table shows another 6: a new offer, which the referee declines.
    hoplites = {**UNITS[0], "uid": "hoplites", "unit": "hoplite-phalanx"}
    window = assault_window(qtbot, tmp_path, units=[hoplites, UNITS[1]])
    wizard = open_wizard(qtbot, window)
    next_page(qtbot, wizard)
    choose_typed(qtbot, wizard.roll_page.dice)
    # 8 assault, 4 deflection (1 per model), 4 grunts' dice
    type_dice(qtbot, wizard.roll_page.dice, (6, *[2] * 15))
    next_page(qtbot, wizard)
    page = wizard.reroll_page
    assert wizard.currentId() == Page.REROLL and not page.isComplete()
    assert "hoplites: 1 six, may reroll up to 1 die" in page.offers.text()
    assert "The proposal: hoplites rerolls hoplites#2" in page.offers.text()
    type_dice(qtbot, page.dice, (6,))
    click(qtbot, page.apply_button)
    assert "The proposal: hoplites rerolls hoplites#3" in page.offers.text()
    qtbot.mouseClick(
        page.decline, Qt.MouseButton.LeftButton, pos=QPoint(8, page.decline.height() // 2)
    )
    assert page.apply_button.text() == "Decline"
    click(qtbot, page.apply_button)
    assert page.isComplete() and "then declined" in page.done.text()
    next_page(qtbot, wizard)
    # 6 6 2 2 2 2 2 2: two successes against none
    assert "2 hits against 0" in wizard.advantage_page.summary.text()
    assert wizard.plan().command().rerolls == ({"hoplites": ["hoplites#2"]}, {})
    assert wizard.plan().typed() == (6, *[2] * 15, 6)
    wizard.reject()


def in_view(widget) -> bool:
    """Whether ``widget`` lies whole inside the view of every scroll area around it."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QScrollArea

    area = widget.parentWidget()
    while area is not None:
        if isinstance(area, QScrollArea):
            view = area.viewport()
            if not view.rect().contains(QRect(widget.mapTo(view, QPoint(0, 0)), widget.size())):
                return False
        area = area.parentWidget()
    return True


def test_typing_a_long_list_of_dice_keeps_the_die_asked_next_in_view(qtbot, tmp_path):
    # 16 dice (the hoplites' 8 assault and 4 deflection dice, the grunts' 4): more rows than
    # the dock shows; each die typed moves the cursor on, and the list and page follow.
    hoplites = {**UNITS[0], "uid": "hoplites", "unit": "hoplite-phalanx"}
    window = assault_window(qtbot, tmp_path, units=[hoplites, UNITS[1]])
    window.resize(1366, 620)  # a 768-pixel laptop screen less its panels and title bars
    wizard = open_wizard(qtbot, window)
    next_page(qtbot, wizard)
    dice = wizard.roll_page.dice
    choose_typed(qtbot, dice)
    assert len(dice.slots) == 16
    type_dice(qtbot, dice, [2] * 14)
    asked = dice.box(14)
    assert dice.dice_scroll.verticalScrollBar().value() > 0
    assert in_view(asked)  # in the list's view and the page's, not below either


def test_next_declines_a_reroll_offer_with_no_die_worth_rerolling(qtbot, tmp_path):
    # clause abilities.reroll-assault: the boars (Reroll Assault 2) roll four 6s at 4+, eight
    # dice offered, every one a success: the proposal rerolls nothing, and Next goes on
    # (no "Decline" button to find first).
    boars = {**UNITS[1], "uid": "boars", "unit": "boar-riders"}
    window = assault_window(qtbot, tmp_path, units=[UNITS[0], boars])
    wizard = open_wizard(qtbot, window)
    next_page(qtbot, wizard)
    choose_typed(qtbot, wizard.roll_page.dice)
    # the tank's 4 assault dice and 2 deflection dice, the boars' 4 assault dice
    type_dice(qtbot, wizard.roll_page.dice, (2, 2, 2, 2, 1, 1, 6, 6, 6, 6))
    next_page(qtbot, wizard)
    page = wizard.reroll_page
    assert wizard.currentId() == Page.REROLL
    assert "The proposal: boars rerolls nothing" in page.offers.text()
    assert page.isComplete() and wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.ADVANTAGE
    assert "Side 2 gains the advantage" in wizard.advantage_page.summary.text()
    assert wizard.plan().typed() == (2, 2, 2, 2, 1, 1, 6, 6, 6, 6)  # no die rerolled
    wizard.reject()


def test_the_reroll_page_says_when_the_app_shows_the_rerolled_dice_and_shows_its_words_whole(
    qtbot, tmp_path
):
    # clause abilities.reroll-assault with the app's dice: the dice of the roll already show
    # on the page, and the rerolled dice show as soon as Reroll is pressed (not at Finish):
    # the words under the dice say so, and every label of the page is as tall as its
    # wrapped lines, none over another, in the dock of a 1366x768 window
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QLabel

    hoplites = {**UNITS[0], "uid": "hoplites", "unit": "hoplite-phalanx"}
    window = assault_window(qtbot, tmp_path, units=[hoplites, UNITS[1]], seed=2)
    window.resize(1366, 620)  # a 768-pixel laptop screen less its panels and title bars
    wizard = open_wizard(qtbot, window)
    next_page(qtbot, wizard)
    next_page(qtbot, wizard)  # the pools
    next_page(qtbot, wizard)  # Roll: the app's dice show
    page = wizard.reroll_page
    assert wizard.currentId() == Page.REROLL and not page.dice.is_typed()
    assert "The dice now" in page.faces.text()  # the roll's dice show already
    words = page.dice.status.text()
    assert "Reroll" in words and "Finish" not in words
    assert "nothing is seen" not in words
    labels = [w for w in page.findChildren(QLabel) if w.isVisible() and w.text()]
    assert page.dice.status in labels and page.dice.note in labels
    for label in labels:
        qtbot.waitUntil(lambda label=label: label.height() >= label.heightForWidth(label.width()))

    def box(w) -> QRect:
        return QRect(w.mapTo(page, QPoint(0, 0)), w.size())

    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            if not (a.isAncestorOf(b) or b.isAncestorOf(a)):
                assert not box(a).intersects(box(b)), (a.text(), b.text())
    wizard.reject()


def test_the_deflection_editor_shows_its_words_without_markup(qtbot, tmp_path):
    # clause assault.deflection: side 1 (5 hits to 3) chooses which successes the deflections
    # cancel; its plain-text labels carry no HTML tags to show as "<b>"
    from PySide6.QtWidgets import QLabel

    hoplites = {**UNITS[0], "uid": "hoplites", "unit": "hoplite-phalanx"}
    window = assault_window(qtbot, tmp_path, units=[hoplites, UNITS[1]], seed=2)
    wizard = open_wizard(qtbot, window)
    next_page(qtbot, wizard)
    next_page(qtbot, wizard)  # the pools
    next_page(qtbot, wizard)  # Roll: the app's dice show
    page = wizard.reroll_page
    while not page.isComplete():
        click(qtbot, page.apply_button)
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.ADVANTAGE
    shown = [
        w.text()
        for w in wizard.advantage_page.findChildren(QLabel)
        if w.isVisible() and w.textFormat() == Qt.TextFormat.PlainText
    ]
    assert any("chooses the successes deflected" in t for t in shown)
    assert not [t for t in shown if "<b>" in t or "</" in t]
    wizard.reject()
