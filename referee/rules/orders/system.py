"""The game of written orders as a game system (:class:`referee.rules.system.GameSystem`):
its commands (:mod:`referee.rules.orders.commands`), its state
(:class:`~referee.rules.orders.state.MatchState`), its step
(:func:`referee.rules.orders.step.execute`, loaded with the first step run: a command that
only reads a match never imports the engine), the journal folded change by change
(:meth:`MatchState.apply`), the agenda of the step the match is at, and its report
sections (:mod:`referee.rules.orders.report`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from referee.dice.service import Dice
from referee.rules.events import Event, Step
from referee.rules.orders.commands import Command, command_from_json, parse_command_text
from referee.rules.orders.state import MatchState
from referee.rules.system import StepOutcome

if TYPE_CHECKING:  # a report's outline, imported only by a command that writes one
    from referee.rules.report import ReportOutline, ReportPage


class OrdersSystem:
    """The game of written orders (drafts 001 and 004); one value serves every match."""

    SYSTEM: ClassVar[str] = "orders"
    COMMAND: ClassVar[type] = Command

    def command_from_json(self, raw: Mapping[str, Any]) -> Command:
        return command_from_json(raw)

    def parse_command(self, text: str) -> Command:
        return parse_command_text(text)

    def check_typed(self, state: MatchState, command: Command) -> None:
        """Every command of written orders typed means what its journal form means."""

    def step(self, state: MatchState, command: Command, dice: Dice) -> StepOutcome[MatchState]:
        from referee.rules.orders.step import execute  # the engine: only a step run loads it

        event = execute(state, command, dice)
        return StepOutcome(event, state.apply(event.changes))

    def fold(self, state: MatchState, event: Event) -> MatchState:
        return state.apply(event.changes)

    def kept_state(self, event: Event) -> MatchState | None:
        return None  # an event keeps its changes, folded one by one

    def agenda(self, state: MatchState) -> str:
        from referee.rules.orders.agenda import match_agenda

        return match_agenda(state).todo

    def shown(self, event: Event) -> Event:
        return event  # its words are shown as written

    def report(
        self, page: ReportPage, initial: MatchState, state: MatchState, steps: Sequence[Step]
    ) -> ReportOutline:
        from referee.rules.orders.report import report  # the report's only

        return report(page, initial, state, steps)


ORDERS = OrdersSystem()
