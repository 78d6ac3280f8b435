"""The hex-effects wizard: one 'trigger hex effects' step (clause ``hex.trigger``), its dice
rolled by the app or typed from the table.

The first page lists the units that meet the markers of their hex this step (those that
have not met them there this turn, or entered again), what each marker rolls and the dice
(what they are for, not their values); the second takes the dice in the one dice widget
(:mod:`..common.dice_entry`); the last is the outcome (:mod:`..common.outcome_page`).
Everything comes from the ``hex-effects`` command run on a copy of the match with the step's
own dice seed, on the units the step concerns (``units``:
:func:`referee.rules.orders.advance.hex_effect_units`, the agenda's, so the wizard, the turn tracker
and Next step name the same units).
Finishing hands back one ``hex-effects`` step (:meth:`HexEffectsWizard.chosen_step`);
leaving writes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from html import escape
from typing import Any

from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget, QWizard, QWizardPage

from referee.app.widgets.plain_text import plain_titles
from referee.app.wizards.common.chosen_step import ChosenStep
from referee.app.wizards.common.dice_entry import DiceEntry
from referee.app.wizards.common.outcome_page import OutcomePage, written_html
from referee.dice.service import Dice
from referee.dice.typed_run import rolled_run
from referee.rules.events import Event, Step
from referee.rules.orders.commands import HexEffects
from referee.rules.orders.outcome import StepOutcome, dry_step, step_outcome
from referee.rules.orders.state import MatchState
from referee.rules.orders.step import execute


class Page(IntEnum):
    MEETINGS = 0
    DICE = 1
    OUTCOME = 2


def meetings_html(event: Event) -> str:
    """Who meets which marker this step, and the dice each meeting rolls (their purposes)."""
    events = event.detail.get("events") or []
    if not events:
        return (
            "<p><b>Nothing triggers:</b> no unit stands among markers it has not met "
            "there this turn.</p>"
        )
    rows = []
    for e in events:
        groups: list[list[Any]] = []  # [count, sides, purpose] of consecutive alike dice
        for d in e.get("dice") or []:
            if groups and groups[-1][1:] == [d["sides"], d["purpose"]]:
                groups[-1][0] += 1
            else:
                groups.append([1, d["sides"], d["purpose"]])
        what = "; ".join(f"{n} x d{sides}: {purpose}" for n, sides, purpose in groups) or "no die"
        rows.append(
            f"<li><b>{escape(str(e.get('unit') or e.get('hex') or ''))}</b>: "
            f"{escape(str(e.get('effect', '')))} — {escape(what)} "
            f"<span style='color:#555'>[{escape(str(e.get('clause', '')))}]</span></li>"
        )
    return (
        "<p>The units meeting the markers of their hex, in order:</p><ul>" + "".join(rows) + "</ul>"
    )


class MeetingsPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Hex effects")
        self.setSubTitle("Who meets which marker, and the dice it needs.")
        self.text = QTextBrowser()
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, HexEffectsWizard)
        run = rolled_run(wizard.run, wizard.dice_seed)
        if isinstance(run.result, Event):
            self.text.setHtml(meetings_html(run.result))
        else:
            self.text.setPlainText(run.problem or "")

    def nextId(self) -> int:
        wizard = self.wizard()
        if not isinstance(wizard, HexEffectsWizard):
            return -1
        return int(Page.DICE) if wizard.needs_dice() else int(Page.OUTCOME)


class DicePage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Hex effects: the dice")
        self.setSubTitle("Every die the step needs, in order, with what it is for.")
        self.dice = DiceEntry()
        layout = QVBoxLayout(self)
        layout.addWidget(self.dice, 1)
        self.dice.changed.connect(self.completeChanged)

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, HexEffectsWizard)
        self.dice.set_step(wizard.run, wizard.dice_seed)

    def isComplete(self) -> bool:
        return self.dice.complete()


class HexEffectsWizard(QWizard):
    """One 'trigger hex effects' step (see the module docstring)."""

    def __init__(
        self,
        state: MatchState,
        dice_seed: int,
        parent: QWidget | None = None,
        label: str = "Trigger hex effects",
        units: Sequence[str] = (),
    ) -> None:
        super().__init__(parent)
        plain_titles(self)  # page titles name units and scenarios
        self.state = state
        self.command = HexEffects(units=tuple(units) if units else None)
        """The step's ``hex-effects`` command (on ``units`` only, when given)."""
        self.dice_seed = dice_seed
        self.label = label
        self.setWindowTitle("Hex effects")
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.meetings_page = MeetingsPage()
        self.dice_page = DicePage()
        self.outcome_page = OutcomePage(
            self.outcome, "Hex effects: the outcome", hidden=self.rolls_unseen
        )
        self.setPage(Page.MEETINGS, self.meetings_page)
        self.setPage(Page.DICE, self.dice_page)
        self.setPage(Page.OUTCOME, self.outcome_page)
        self.setStartId(Page.MEETINGS)

    def run(self, dice: Dice) -> Event:
        """The step on a copy of the match with ``dice`` (nothing is written)."""
        return execute(self.state, self.command, dice)

    def needs_dice(self) -> bool:
        return bool(rolled_run(self.run, self.dice_seed).slots)

    def typed(self) -> tuple[int, ...]:
        return (self.dice_page.dice.values() or ()) if self.needs_dice() else ()

    def outcome(self) -> StepOutcome:
        events, after = dry_step(self.state, [self.command], self.dice_seed, self.typed())
        return step_outcome(self.state, events, after)

    def rolls_unseen(self) -> bool:
        """Whether the app rolls the step's dice: drawn when it is written, shown after."""
        return self.dice_page.dice.hides_dice()

    def written_html(self, step: Step) -> str:
        """The outcome as written, once the app's dice are known (``""``: typed dice or
        none, whose outcome the last page showed)."""
        return written_html(self.state, step) if self.rolls_unseen() else ""

    def chosen_step(self) -> ChosenStep:
        return ChosenStep(self.label, (self.command,), self.typed())
