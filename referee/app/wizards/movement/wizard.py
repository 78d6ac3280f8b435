"""The movement wizard: one movement step (1-3) for every unit at once.

1. **Plan**: each unit's order for this step, judged at its speed (clause
   ``orders.speed-restrictions``; an illegal one becomes nothing or the default,
   ``orders.illegal``, with the reasons), and the moves drawn as arrows on the map.
2. **Choices**: what the step needs chosen (a 360 facing, a Chase/Flee/Road hex, the hex a
   head-on assault is fought over), in the order the nations choose (clause
   ``orders.choice-order``); a hex is picked from a list or by clicking it on the map.
3. **Dice**: swamp stuck rolls (``terrain.swamp``) and head-on roll-offs, rolled by the app
   or typed from the table in the one dice widget (:mod:`..common.dice_entry`).
4. **Outcome**: moves, units that stay and why (overcrowding, collisions, swamp), shaken
   units, and the assaults the step starts (``assault.trigger``). When the app rolls the
   step's dice, the outcome (and its arrows) shows only once the step is written: no choice
   is made on dice already seen.

Everything shown comes from the engine's own step
(:func:`referee.rules.movement_step.resolve.resolve_movement_step`) run as a dry run on a
throwaway :class:`~referee.dice.service.Dice` seeded as the journal seeds the step, so the
arrows are what will happen. Finishing checks the ``movement`` command itself the same way
and hands back one step with its ``choices`` (:meth:`MovementWizard.chosen_step`); leaving
writes nothing and takes the arrows off the map.

Each page has its module (``plan_page``, ``choices_page``, ``dice_page``, ``result_page``,
sharing ``page``); the step in words is ``step_html``, on the map ``arrows``, and its
choices as the journal stores them ``choices``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtWidgets import QWidget, QWizard

from referee.app.map.map_overlay import MapOverlay
from referee.app.map.move_arrow_item import MoveArrow
from referee.app.widgets.plain_text import plain_titles
from referee.app.wizards.common.chosen_step import ChosenStep
from referee.app.wizards.common.outcome_page import written_html
from referee.app.wizards.common.step_number import step_number
from referee.app.wizards.movement.arrows import option_arrows, result_arrows
from referee.app.wizards.movement.choices import choice_json, choice_words
from referee.app.wizards.movement.choices_page import ChoicesPage
from referee.app.wizards.movement.dice_page import DicePage
from referee.app.wizards.movement.page import Page
from referee.app.wizards.movement.plan_page import PlanPage
from referee.app.wizards.movement.result_page import ResultPage
from referee.board.hexgrid import Hex
from referee.dice.service import Dice, DieOutOfRange, Roll
from referee.errors import RefereeError
from referee.rules.events import Step
from referee.rules.movement_step.resolve import resolve_movement_step
from referee.rules.movement_step.result import Choice, MovementStepResult
from referee.rules.orders.commands import Movement
from referee.rules.orders.movement_orders import step_actions
from referee.rules.orders.state import MatchState


class MovementWizard(QWizard):
    """One movement step (see the module docstring); ``chosen_step()`` once accepted.

    ``overlay`` draws the arrows on the main window's map; :meth:`pick_hex` takes a hex the
    referee clicked there."""

    def __init__(
        self,
        state: MatchState,
        dice_seed: int,
        overlay: MapOverlay | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        plain_titles(self)  # page titles name units and scenarios
        self.state = state
        self.dice_seed = dice_seed
        self.overlay = overlay
        self.number = step_number(state, "movement")
        self.step_orders, self.checks = step_actions(state, self.number)
        self.setWindowTitle(f"Movement {self.number}")
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.plan_page = PlanPage()
        self.choices_page = ChoicesPage()
        self.dice_page = DicePage()
        self.result_page = ResultPage()
        for page_id, page in (
            (Page.PLAN, self.plan_page),
            (Page.CHOICES, self.choices_page),
            (Page.DICE, self.dice_page),
            (Page.RESULT, self.result_page),
        ):
            self.setPage(page_id, page)
        self.setStartId(Page.PLAN)
        self.finished.connect(lambda _result: self.clear_arrows())
        chars = self.fontMetrics().averageCharWidth()
        self.resize(100 * chars, self.fontMetrics().lineSpacing() * 30)

    # --- the engine -------------------------------------------------------------------

    def dry_run(
        self, choices: Mapping[str, Choice], typed: tuple[int, ...]
    ) -> tuple[MovementStepResult | None, list[Roll], str | None]:
        """The step on a copy (nothing is written): the result (None if refused), the dice
        it asked for, and what the engine refused."""
        dice = Dice(self.dice_seed)
        dice.type_in(typed)
        try:
            result = resolve_movement_step(
                self.state.rules,
                self.state.board_map,
                self.state.units,
                self.step_orders,
                dice,
                smoke=self.state.smoke,
                choices=dict(choices),
            )
        except RefereeError as exc:
            return None, dice.log, str(exc).strip("'\"")
        return result, dice.log, None

    def needs_dice(self, choices: Mapping[str, Choice]) -> bool:
        result, log, _ = self.dry_run(choices, ())
        return result is not None and not result.pending and bool(log)

    def choices(self) -> dict[str, Choice]:
        return self.choices_page.chosen()

    def typed(self) -> tuple[int, ...]:
        return self.dice_page.dice.values() or ()

    def notes(self) -> list[str]:
        return [
            f"{uid}, movement {self.number} ({c.speed}): "
            f"{','.join(a.text() for a in c.given)} -> "
            f"{','.join(a.text() for a in c.done)}: {'; '.join(c.why)}"
            for uid, c in sorted(self.checks.items())
            if not c.kept
        ]

    def command(self) -> Movement:
        chosen: dict[str, Any] = {}
        for key, value in self.choices().items():
            if isinstance(value, tuple):
                chosen[key] = choice_json(value[0], value[1])
            elif isinstance(value, Hex):
                chosen[key] = choice_json(None, value)
            else:
                chosen[key] = choice_json(value, None)
        return Movement(step=self.number, choices=chosen or None)

    def check_command(self) -> str | None:
        """The ``movement`` command itself on a copy, with the dice it will have: what
        the engine refuses (None: nothing)."""
        from referee.rules.orders.step import execute

        dice = Dice(self.dice_seed)
        typed = self.typed()
        dice.type_in(typed)
        try:
            execute(self.state, self.command(), dice)
        except DieOutOfRange as exc:
            return str(exc)
        except RefereeError as exc:
            return str(exc).strip("'\"")
        if dice.pending:
            return (
                f"the step asked for {len(typed) - len(dice.pending)} dice; "
                f"{len(dice.pending)} typed dice are left over"
            )
        return self.dice_page.dice.problem()

    def chosen_step(self) -> ChosenStep:
        command = self.command()
        name = f"Movement {self.number}"
        said = [f"{key} {choice_words(value)}" for key, value in self.choices().items()]
        if said:
            name += f" ({', '.join(said)})"
        return ChosenStep(name, (command,), self.typed())

    # --- the map ----------------------------------------------------------------------

    def arrows(self, choices: Mapping[str, Choice]) -> list[MoveArrow]:
        """What the map shows: the outcome if nothing is left to choose, else the options
        of the choices still open."""
        result, rolled, _ = self.dry_run(choices, self.typed())
        if result is None:
            return []
        if result.pending:
            return option_arrows(self.state, result.pending)
        if rolled and not self.dice_page.dice.is_typed():
            return []  # the outcome hangs on the app's dice: shown once the step is written
        return result_arrows(self.state, result)

    def rolls_unseen(self) -> bool:
        """Whether the app rolls the step's dice (swamp, roll-offs): drawn when the step is
        written, shown after."""
        return self.dice_page.dice.hides_dice() and self.needs_dice(self.choices())

    def written_html(self, step: Step) -> str:
        """The outcome as written, once the app's dice are known (``""``: typed dice or
        none, whose outcome the last page showed)."""
        return written_html(self.state, step) if self.rolls_unseen() else ""

    def draw(self, choices: Mapping[str, Choice]) -> None:
        if self.overlay is not None:
            self.overlay.arrows(self.arrows(choices))

    def clear_arrows(self) -> None:
        if self.overlay is not None:
            self.overlay.arrows([])

    def pick_hex(self, h: Hex) -> bool:
        """A hex the referee clicked on the map (for the choices page)."""
        if self.currentId() != Page.CHOICES:
            return False
        return self.choices_page.pick_hex(h)
