"""The assault wizard: one assault a movement step started, in the order of the rules.

The contest and its bases (clauses ``assault.trigger``, ``assault.facing``), the pools and
the roll (``assault.stats``), Reroll Assault (``abilities.reroll-assault``), the advantage
and the deflections (``assault.advantage``, ``assault.deflection``), the allocation of the
hits (``assault.allocation``), the damage rolls (``assault.damage``), the retreat
(``assault.retreat``), then the outcome (:mod:`..common.outcome_page`: what hit, the dice, the
damage waiting to be applied and what it will do). The wizard only asks and shows the
engine's answers: every page takes the ``assault`` command's stages again with the step's
own dice seed (:mod:`.plan`), and the dice are rolled by the app or typed from the
table in the one dice widget (:mod:`..common.dice_entry`: a d6 box refuses a 7). The outcome runs
the whole step on a copy, so nothing half-done reaches the journal; the wizard itself never
writes: :meth:`AssaultWizard.chosen_step` is the one named step the main window runs.
Leaving the wizard writes nothing. The app's dice show as each stage needs them (the
referee's next choices are made on them), and once they have shown the choices before them
stand: no Back, the rerolls are not started over (:meth:`AssaultWizard.settle`), so no
choice is made again on dice already seen.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget, QWizard

from referee.app.map.map_overlay import MapOverlay
from referee.app.widgets.plain_text import plain_titles
from referee.app.wizards.assault.advantage_page import AdvantagePage
from referee.app.wizards.assault.allocation_page import AllocationPage
from referee.app.wizards.assault.contest_page import ContestPage
from referee.app.wizards.assault.damage_page import DamagePage
from referee.app.wizards.assault.page import AssaultPage, Page
from referee.app.wizards.assault.plan import AssaultPlan
from referee.app.wizards.assault.reroll_page import RerollPage
from referee.app.wizards.assault.retreat_page import RetreatPage
from referee.app.wizards.assault.roll_page import RollPage
from referee.app.wizards.common.chosen_step import ChosenStep
from referee.app.wizards.common.outcome_page import OutcomePage
from referee.board.hexgrid import Hex
from referee.dice.service import Dice, DieOutOfRange
from referee.errors import RefereeError
from referee.rules.orders.outcome import StepOutcome, dry_step, step_outcome
from referee.rules.orders.state import MatchState

__all__ = ["AssaultWizard", "Page"]


class AssaultWizard(QWizard):
    """One assault (see the module docstring); ``chosen_step()`` after it is accepted."""

    def __init__(
        self,
        state: MatchState,
        dice_seed: int,
        parent: QWidget | None = None,
        overlay: MapOverlay | None = None,
        attempt: int | None = None,
        dice_seen: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(parent)
        plain_titles(self)  # page titles name units and scenarios
        self.state = state
        self.dice_seed = dice_seed
        self.attempt = attempt
        """The attempt of the step ``dice_seed`` draws (match format 6), once its app dice
        have shown: the step is written at it."""
        self.dice_seen = dice_seen
        """Told once the app's dice show (the match file records the attempt as seen, so
        the assault drawn again after Cancel gets fresh dice)."""
        self.overlay = overlay
        """Draws on the main map: the hex fought over, the bases, the retreat hexes."""
        self.prefer_typed = False
        """Whether the last stage's dice were typed (the next stage offers the same)."""
        self.setWindowTitle("Assault")
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.contest_page = ContestPage(state)
        self.roll_page = RollPage()
        self.reroll_page = RerollPage()
        self.advantage_page = AdvantagePage()
        self.allocation_page = AllocationPage()
        self.damage_page = DamagePage()
        self.retreat_page = RetreatPage()
        self.pages: dict[Page, AssaultPage] = {
            Page.CONTEST: self.contest_page,
            Page.ROLL: self.roll_page,
            Page.REROLL: self.reroll_page,
            Page.ADVANTAGE: self.advantage_page,
            Page.ALLOCATION: self.allocation_page,
            Page.DAMAGE: self.damage_page,
            Page.RETREAT: self.retreat_page,
        }
        for page_id, page in self.pages.items():
            self.setPage(page_id, page)
        self.outcome_page = OutcomePage(self.outcome, "Outcome of the assault")
        self.setPage(Page.OUTCOME, self.outcome_page)
        self.setStartId(Page.CONTEST)
        self.settled = False
        """Whether the app's dice have shown: then no page before them can be changed."""
        chars = self.fontMetrics().averageCharWidth()
        self.resize(110 * chars, self.fontMetrics().lineSpacing() * 40)

    def settle(self) -> None:
        """The app's dice of this assault have shown: the choices made before them stand.
        The Back button goes (a choice changed after the dice were seen would be made on
        them: the contest, the dice to reroll, the allocation before the damage rolls);
        the rerolls cannot be started over. Cancel still writes nothing."""
        if self.settled:
            return
        self.settled = True
        if self.dice_seen is not None:
            self.dice_seen()
        buttons = QWizard.WizardButton
        self.setButtonLayout(
            [
                buttons.Stretch,
                buttons.NextButton,
                buttons.CommitButton,
                buttons.FinishButton,
                buttons.CancelButton,
            ]
        )
        self.reroll_page.restart_button.setEnabled(False)

    def pick_hex(self, h: Hex) -> bool:
        """A hex clicked on the map: the contest fought over it, or a loser's retreat."""
        if self.currentId() == Page.CONTEST:
            return self.contest_page.pick_hex(h)
        if self.currentId() == Page.RETREAT:
            return self.retreat_page.pick_hex(h)
        return False

    def plan(self, before: Page | None = None) -> AssaultPlan:
        """The choices of the pages visited (only those before ``before`` if given)."""
        plan = AssaultPlan()
        for page_id in self.visitedIds():
            if page_id not in self.pages or (before is not None and page_id >= before):
                continue
            plan = self.pages[Page(page_id)].contribute(plan)
        return plan

    def dry_run(self) -> str | None:
        """Carry out the whole step on the state (nothing is written): what the engine
        refused, or None."""
        from referee.rules.orders.step import execute

        plan = self.plan()
        dice = Dice(self.dice_seed)
        dice.type_in(plan.typed())
        try:
            execute(self.state, plan.command(), dice)
        except DieOutOfRange as exc:
            return str(exc)
        except RefereeError as exc:
            return str(exc).strip("'\"")
        if dice.pending:
            return (
                f"the assault asked for fewer dice; {len(dice.pending)} typed dice are "
                f"left over ({', '.join(map(str, dice.pending))})"
            )
        return None

    def outcome(self) -> StepOutcome:
        """The whole step on a copy, with the dice typed or the app's."""
        plan = self.plan()
        events, after = dry_step(self.state, [plan.command()], self.dice_seed, plan.typed())
        return step_outcome(self.state, events, after)

    def step_name(self) -> str:
        raw = self.state.contests[self.contest_page.index()]
        sides = [", ".join(p["uid"] for p in raw["participants"] if p["side"] == s) for s in (1, 2)]
        return f"Assault over {' and '.join(raw['hexes'])}: {sides[0]} against {sides[1]}"

    def chosen_step(self) -> ChosenStep:
        plan = self.plan()
        attempt = self.attempt if self.settled else None
        return ChosenStep(self.step_name(), (plan.command(),), plan.typed(), attempt)
