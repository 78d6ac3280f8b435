"""In the window: the gunnery wizard gives the chance of the poison a weapon places before
the dice and shows it placed, with its clause, on the outcome page; then the agony wizard
rolls that poison. The demo match (first draft): the wagon at D2 fires the Gas lobba
(Area(4+), d4, Poison[8]) at the four hoplites in the open at E7.

Worked by hand (draft 004, "Poison[N], ranged weapons": one Poison[n] per hit; the first
draft by ruling ``weapons.first-draft-conditions``): area dice 6, 4, 6, 3 = three hits,
three Poison[8]; damage d4 1, 3, 4: the last wounds (+1 future damage). Agony 3 (first
draft, "Poisoned[n]"): d8 5 + 1 = 6 one killed (the bonus halves to 0; the instance goes),
2 nothing (8 -> 6), 8 one killed (it goes): two hoplites left with Poison[6]."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QWizard
from test_app_gunnery_wizard import choose_typed_dice, next_page, to_odds_page, type_in_order

from referee.app.wizards.agony.wizard import Page as AgonyPage
from referee.app.wizards.gunnery.page import Page
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Advance, ApplyDamage


def gas_the_hoplites(qtbot, window):
    """The gunnery wizard up to its outcome page, every die typed."""
    wizard = to_odds_page(qtbot, window, shooter="wagon", weapon="Gas lobba", target="hoplites")
    next_page(qtbot, wizard)
    choose_typed_dice(qtbot, wizard)
    type_in_order(qtbot, wizard.roll_page.dice, [6, 4, 6, 3, 1, 3, 4])
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.OUTCOME
    return wizard


def test_the_odds_page_gives_the_chance_of_the_poison(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_odds_page(qtbot, window, shooter="wagon", weapon="Gas lobba", target="hoplites")
    odds = " ".join(wizard.odds_page.text.toPlainText().split())
    # four dice at 1/2: at least one hit 15/16, and one Poison[8] per hit, 2 expected
    assert "Poison[8], one per hit: at least one 93.8% (exactly 15/16), 2.00 expected" in odds
    assert 'href="clause:weapons.poison"' in wizard.odds_page.text.toHtml()
    wizard.reject()


def test_the_target_list_gives_the_chance_of_the_poison_on_each_target(qtbot, tmp_path):
    # four hoplites at E7: four area dice at 4+ (1/2 each), one Poison[8] per hit: at least
    # one Poison[8] is at least one hit, 1 - (1/2)^4 = 15/16
    window = demo_window(qtbot, tmp_path)
    wizard = to_odds_page(qtbot, window, shooter="wagon", weapon="Gas lobba", target="hoplites")
    items = wizard.target_page.list
    texts = [items.item(row).text() for row in range(items.count())]
    hoplites = next(t for t in texts if t.startswith("hoplites"))
    assert hoplites.endswith("at least one hit 93.8%; Poison[8] 93.8%"), hoplites
    wizard.reject()


def test_the_outcome_page_shows_the_poison_placed_with_its_clause(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path, "first-draft")
    wizard = gas_the_hoplites(qtbot, window)
    page = wizard.outcome_page.text
    text = page.toPlainText()
    placed = text[text.index("Conditions placed") : text.index("Damage waiting")]
    assert "Gas lobba: 3 x Poison[8] on hoplites (one per hit)" in placed
    assert "ruling weapons.first-draft-conditions" in placed
    assert "ruling fire.condition-timing" in placed
    assert 'href="clause:weapons.poison"' in page.toHtml()  # a link to the rule
    assert window.session.state.unit("hoplites").poison == ()  # nothing written yet
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert window.session.state.unit("hoplites").poison == (8, 8, 8)


def test_a_demo_turn_the_gas_poisons_and_agony_3_rolls_it(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = gas_the_hoplites(qtbot, window)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    commands = [
        Advance(to="gunnery-2.apply-damage", unfired="pass"),
        ApplyDamage(),
        Advance(to="agony-3", unfired="pass"),
    ]
    assert (
        window.run_step("To the apply damage of Gunnery 2, then Agony 3", commands) is not None
    ), window.last_error
    assert window.session.state.unit("hoplites").damage_tokens == 1
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    agony = window.turn_driver.wizard
    qtbot.waitExposed(agony)
    assert agony.currentId() == AgonyPage.EFFECTS
    assert "hoplites" in agony.effects_page.text.toPlainText()
    qtbot.mouseClick(agony.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)
    dice = agony.rolls_page.dice
    radio = dice.typed
    if not radio.isChecked():
        qtbot.mouseClick(radio, Qt.MouseButton.LeftButton, pos=QPoint(8, radio.height() // 2))
    assert [(s.sides, s.request.purpose) for s in dice.slots] == [
        (8, f"poison {i} (d8) on hoplites") for i in (1, 2, 3)
    ]
    for i, value in enumerate((5, 2, 8)):
        box = dice.box(i)
        box.setFocus()
        box.selectAll()
        qtbot.keyClicks(box, str(value))
    qtbot.mouseClick(agony.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)
    assert agony.currentId() == AgonyPage.OUTCOME
    outcome = agony.outcome_page.text.toPlainText()
    assert "poison 1 (d8): rolled 5, removed: it killed a model" in outcome
    qtbot.mouseClick(agony.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    hoplites = window.session.state.unit("hoplites")
    assert (hoplites.alive, hoplites.poison, hoplites.damage_tokens) == (2, (6,), 0)
    with MatchFile.open(window.session.path) as m:
        assert m.replay_check() == []
