"""The agony wizard: one agony step (0-4), each unit's continuous effects in the edition's
order, one roll each, digital or typed.

The engine's step (:func:`referee.rules.agony.step.run_agony_step`, clause
``agony.schedule``) is run as a dry run on a throwaway :class:`~referee.dice.service.Dice`
seeded as the journal will seed the step: the first page lists the effects the edition
schedules for the step, in its order, and what each does to which unit or hex (the dice it
needs, not their values), and each unit's exact odds for the step
(:func:`referee.rules.agony.odds.agony_odds`); the second has the dice, rolled by the app
or typed in the one dice widget (:mod:`..common.dice_entry`: every die listed before the
first is typed, a d6 box refuses a 7); the last is the outcome
(:mod:`..common.outcome_page`): what each die did, the damage waiting to be applied and
what it will do. Finishing hands back one ``agony`` step with the typed dice
(:meth:`AgonyWizard.chosen_step`); leaving writes nothing.
"""

from __future__ import annotations

from enum import IntEnum
from fractions import Fraction
from html import escape

from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget, QWizard, QWizardPage

from referee.app.widgets.plain_text import plain_titles
from referee.app.wizards.common.chosen_step import ChosenStep
from referee.app.wizards.common.dice_entry import DiceEntry
from referee.app.wizards.common.outcome_page import OutcomePage, written_html
from referee.app.wizards.common.step_number import step_number
from referee.board.hexgrid import hex_label
from referee.dice.service import Dice, DieOutOfRange, Roll
from referee.rules.agony.events import EffectEvent
from referee.rules.agony.odds import AgonyOdds, TooManyDice, agony_odds
from referee.rules.agony.schedule import agony_rules
from referee.rules.agony.step import AgonyStepResult, run_agony_step
from referee.rules.agony.terror import terror_sources
from referee.rules.events import Step
from referee.rules.orders.commands import Agony
from referee.rules.orders.outcome import StepOutcome, dry_step, step_outcome
from referee.rules.orders.state import MatchState
from referee.rules.turn.sequence import turn_sequence


class Page(IntEnum):
    EFFECTS = 0
    ROLLS = 1
    OUTCOME = 2


def dry_agony(state: MatchState, number: int, dice: Dice) -> AgonyStepResult:
    """Agony step ``number`` on a copy of the match, with ``dice`` (nothing is written)."""
    return run_agony_step(
        state.rules,
        number,
        list(state.units.values()),
        dice,
        hexes=state.hexes,
        terrain_at=state.terrain_at,
    )


def step_name(state: MatchState, number: int) -> str:
    """The agony step's one name, the turn's own label for it (``turn.toml``: "Agony 1: minor
    acid"), shown by the turn list, this wizard and the journal alike."""
    for step in turn_sequence(state.rules):
        if step.kind == "agony" and step.number == number:
            return step.label
    return f"Agony {number}"


def _words(effect: str) -> str:
    """An effect's id in words ("minor-acid": "minor acid")."""
    return effect.replace("-", " ")


def _who(event: EffectEvent) -> str:
    if event.uid is not None:
        return event.uid
    return hex_label(event.hex) if event.hex is not None else ""


def _cited(event: EffectEvent) -> str:
    return ", ".join((event.clause, *(f"ruling {r}" for r in event.rulings)))


def effects_html(number: int, effects: tuple[str, ...], result: AgonyStepResult) -> str:
    """The step's effects in the edition's order, and what each does to whom (the dice it
    needs, not what they show)."""
    if not effects:
        return f"<p><b>Agony {number} schedules nothing in this edition.</b></p>"
    by_effect: dict[str, list[EffectEvent]] = {}
    for event in result.events:
        by_effect.setdefault(event.effect, []).append(event)
    parts = [
        f"<p>Effects in the order the edition carries them out: "
        f"<b>{escape(', '.join(map(_words, effects)))}</b>.</p>"
    ]
    for effect in effects:
        events = by_effect.pop(effect, [])
        parts.append(f"<h3>{escape(_words(effect))}</h3>")
        if not events:
            parts.append("<p><i>No unit or hex concerned.</i></p>")
            continue
        parts.append("<ul>" + "".join(_item(e) for e in events) + "</ul>")
    for effect, events in by_effect.items():  # placements of clouds that acid made
        parts.append(
            f"<h3>{escape(_words(effect))}</h3><ul>" + "".join(_item(e) for e in events) + "</ul>"
        )
    return "".join(parts)


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def odds_line(odds: AgonyOdds) -> str:
    """One unit's odds for the step, as a sentence (plain text)."""
    parts = []
    if odds.acid:
        parts.append("acid: " + ", ".join(f"{_pct(p)} {name}" for name, p in odds.acid.items()))
    for n, p in odds.killed.items():
        if n and p:
            parts.append(f"{_pct(p)} {n} model{'s' if n != 1 else ''} killed")
    if odds.destroyed:
        parts.append(f"{_pct(odds.destroyed)} destroyed")
    if not any(n for n in odds.killed if n):
        parts.append("no model can be killed")
    if odds.acid and odds.tokens:
        gained = ", ".join(f"{_pct(p)} +{n}" for n, p in odds.tokens.items() if p >= 0.0005)
        parts.append(f"future damage tokens gained: {gained}")
    rows = [f"{_pct(p)} {text.split(':')[0]}" for text, p in odds.rows.items() if p]
    if rows:
        parts.append("rows read at least once: " + ", ".join(rows))
    if odds.terror:
        parts.append(f"terror of {', '.join(odds.terror)} counted")
    if odds.rest:
        parts.append(
            f"acid rounds of more than {odds.bound} rolls ({_pct(odds.rest)}, exactly "
            f"{odds.rest}) are in none of these figures"
        )
    return f"{odds.uid}: " + "; ".join(parts)


def odds_html(state: MatchState, number: int, result: AgonyStepResult) -> str:
    """The exact odds of the step for each unit it rolls for, terror's targets included."""
    lines = []
    rolled = dict.fromkeys(e.uid for e in result.events if e.dice and e.uid is not None)
    terror = agony_rules(state.rules).terror
    units = list(state.units.values())
    for uid in rolled:
        unit = state.units.get(uid)
        if unit is None:
            continue
        sources = terror_sources(terror, unit, units) if terror is not None else ()
        try:
            odds = agony_odds(state.rules, number, unit, sources)
        except TooManyDice as exc:
            lines.append(str(exc))
            continue
        if odds.rolls:
            lines.append(odds_line(odds))
    if not lines:
        return ""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f"<h3>Odds for each unit, exactly</h3><ul>{items}</ul>"


def _item(event: EffectEvent) -> str:
    if event.dice:
        what = "; ".join(f"one d{r.sides}: {r.purpose}" for r in event.dice)
    else:
        what = event.text
    return (
        f"<li><b>{escape(_who(event))}</b>: {escape(what)} "
        f"<span style='color:#555'>[{escape(_cited(event))}]</span></li>"
    )


class EffectsPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.text = QTextBrowser()
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, AgonyWizard)
        self.setTitle(wizard.name)
        self.setSubTitle("What this agony step does, unit by unit, before any die is rolled.")
        result, _, _ = wizard.dry_run(())
        assert result is not None  # no typed die to refuse
        self.text.setHtml(
            effects_html(wizard.number, wizard.effects, result)
            + odds_html(wizard.state, wizard.number, result)
        )

    def nextId(self) -> int:
        wizard = self.wizard()
        if not isinstance(wizard, AgonyWizard) or not wizard.effects:
            return -1  # nothing scheduled: nothing to roll or to show
        return int(Page.ROLLS) if wizard.needs_dice() else int(Page.OUTCOME)


class RollsPage(QWizardPage):
    """The dice of the step: the app rolls them, or the table's values are typed."""

    def __init__(self) -> None:
        super().__init__()
        self.setSubTitle("Every die the step needs, in order, with what it is for.")
        self.dice = DiceEntry()
        layout = QVBoxLayout(self)
        layout.addWidget(self.dice, 1)
        self.dice.changed.connect(self.completeChanged)

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, AgonyWizard)
        self.setTitle(f"{wizard.name}: the dice")
        state, number = wizard.state, wizard.number
        self.dice.set_step(lambda dice: dry_agony(state, number, dice), wizard.dice_seed)

    def isComplete(self) -> bool:
        return self.dice.complete()


class AgonyWizard(QWizard):
    """One agony step (see the module docstring); ``chosen_step()`` once accepted."""

    def __init__(self, state: MatchState, dice_seed: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        plain_titles(self)  # page titles name units and scenarios
        self.state = state
        self.dice_seed = dice_seed
        self.number = step_number(state, "agony")
        self.effects = agony_rules(state.rules).effects(self.number)
        self.name = step_name(state, self.number)
        self.setWindowTitle(self.name)
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.effects_page = EffectsPage()
        self.rolls_page = RollsPage()
        self.outcome_page = OutcomePage(
            self.outcome, f"{self.name}: the outcome", hidden=self.rolls_unseen
        )
        self.setPage(Page.EFFECTS, self.effects_page)
        self.setPage(Page.ROLLS, self.rolls_page)
        self.setPage(Page.OUTCOME, self.outcome_page)
        self.setStartId(Page.EFFECTS)
        chars = self.fontMetrics().averageCharWidth()
        self.resize(110 * chars, self.fontMetrics().lineSpacing() * 30)

    def command(self) -> Agony:
        return Agony(step=self.number)

    def dry_run(
        self, typed: tuple[int, ...]
    ) -> tuple[AgonyStepResult | None, list[Roll], str | None]:
        """The step on a copy with ``typed`` answering its first dice and the step's own
        seed the rest: the result (None when a die was refused), the dice asked, and what
        the engine refused (None: nothing)."""
        dice = Dice(self.dice_seed)
        dice.type_in(typed)
        try:
            result = dry_agony(self.state, self.number, dice)
        except DieOutOfRange as exc:
            return None, dice.log, str(exc)
        if dice.pending:
            return (
                result,
                dice.log,
                (
                    f"the step asks for {len(dice.log)} dice; {len(dice.pending)} typed dice are "
                    f"left over ({', '.join(map(str, dice.pending))})"
                ),
            )
        return result, dice.log, None

    def needs_dice(self) -> bool:
        return bool(self.dry_run(())[1])

    def typed(self) -> tuple[int, ...]:
        return (self.rolls_page.dice.values() or ()) if self.needs_dice() else ()

    def outcome(self) -> StepOutcome:
        """The step on a copy with the dice of the rolls page (typed, or the app's)."""
        events, after = dry_step(self.state, [self.command()], self.dice_seed, self.typed())
        return step_outcome(self.state, events, after)

    def rolls_unseen(self) -> bool:
        """Whether the app rolls the step's dice: drawn when it is written, shown after."""
        return self.rolls_page.dice.hides_dice()

    def written_html(self, step: Step) -> str:
        """The outcome as written, once the app's dice are known (``""``: typed dice or
        none, whose outcome the last page showed)."""
        return written_html(self.state, step) if self.rolls_unseen() else ""

    def chosen_step(self) -> ChosenStep:
        return ChosenStep(self.name, (self.command(),), self.typed())
