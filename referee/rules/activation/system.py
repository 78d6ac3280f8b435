"""The activation rules (draft 002) as a game system
(:class:`referee.rules.system.GameSystem`): its commands
(:mod:`referee.rules.activation.commands`), its state
(:class:`~referee.rules.activation.state.ActivationState`), its step
(:func:`referee.rules.activation.step.step`) written as a journal event
(:func:`event_of`), the journal folded from the state its last event keeps, and what the
game asks now (:func:`asked_now`).

An event of the activation rules: its kind and JSON form (``command``), the summary and
the working in words (``text``), every die through the one dice service, the clause and
ruling ids, and in ``detail`` the ``summary``, the ``working``, what a window redraws
(``redraw``: pieces, tiles, whether the phase or the turn moved on) and the ``state`` after
the command (the activation rules' state as JSON). ``changes`` stays empty: the activation
rules' changes are their state.

Clauses ``activation.starting``, ``activation.main-phase``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import msgspec

from referee.dice.service import Dice
from referee.errors import RefereeError
from referee.rules.activation.actions import check_typed_enter
from referee.rules.activation.commands import (
    Command,
    Enter,
    command_from_json,
    parse_command,
)
from referee.rules.activation.game import ActivationGame
from referee.rules.activation.mission_line import shown_event
from referee.rules.activation.record import Outcome
from referee.rules.activation.state import ActivationState
from referee.rules.activation.step import step as decide
from referee.rules.changes import Changes
from referee.rules.events import Event, Step
from referee.rules.report import ReportOutline, ReportPage
from referee.rules.system import StepOutcome


def event_of(outcome: Outcome) -> Event:
    """The journal event of one decided command (see the module docstring)."""
    d = outcome.decision
    detail = {
        "summary": d.summary,
        "working": list(d.working),
        "redraw": d.changes.to_json(),
        "state": outcome.state.to_json(),
    }
    former: dict[str, Any] = {}
    if d.former_working is not None:
        former = {
            "text": "\n".join((d.summary, *d.former_working)),
            "detail": {**detail, "working": list(d.former_working)},
        }
    return Event(
        kind=d.command.KIND,
        command=d.command,
        changes=Changes(),
        text="\n".join((d.summary, *d.working)),
        dice=d.rolls,
        clauses=d.clauses,
        rulings=d.rulings,
        detail=detail,
        former=former,
    )


class ActivationSystem(msgspec.Struct, frozen=True):
    """The activation rules of one match: its ruleset's tables, cards and missions."""

    game: ActivationGame
    SYSTEM: ClassVar[str] = "activation"
    COMMAND: ClassVar[type] = Command

    def command_from_json(self, raw: Mapping[str, Any]) -> Command:
        return command_from_json(raw)

    def parse_command(self, text: str) -> Command:
        return parse_command(text)

    def check_typed(self, state: ActivationState, command: Command) -> None:
        """An enter typed without its ammunition under ruling
        ``activation.reserves-ammunition`` reading ``choose`` is refused
        (:func:`~referee.rules.activation.actions.check_typed_enter`)."""
        if isinstance(command, Enter):
            check_typed_enter(self.game, state, command)

    def step(
        self, state: ActivationState, command: Command, dice: Dice
    ) -> StepOutcome[ActivationState]:
        outcome = decide(self.game, state, command, dice)
        return StepOutcome(event_of(outcome), outcome.state)

    def fold(self, state: ActivationState, event: Event) -> ActivationState:
        return self.kept_state(event)

    def kept_state(self, event: Event) -> ActivationState:
        """The state ``event`` keeps after it; a :class:`RefereeError` when it keeps none
        or one that cannot be read (a damaged journal)."""
        raw = event.detail.get("state")
        if not isinstance(raw, Mapping):
            raise RefereeError("no state after it")
        return ActivationState.from_json(raw, self.game.rules.fortifications.most_pips)

    def agenda(self, state: ActivationState) -> str:
        return asked_now(state, self.game.rules.start.reserves_ammunition)

    def shown(self, event: Event) -> Event:
        """The mission's line with each side's edge where the map shows it."""
        return shown_event(self.game.maps, event)

    def report(
        self,
        page: ReportPage,
        initial: ActivationState,
        state: ActivationState,
        steps: Sequence[Step],
    ) -> ReportOutline:
        from referee.rules.activation.report import report  # the report's only

        return report(page, initial, state, steps, self.agenda(state), self.game.maps)


def asked_now(state: ActivationState, reserves_ammunition: str = "choose") -> str:
    """What the game asks now, in words, with the command that does it (an enter's
    ``ammunition=N`` as ruling ``activation.reserves-ammunition``, ``reserves_ammunition``,
    asks it: written under ``choose``, refused otherwise)."""
    side = state.turn
    if state.phase == "presentation":
        return "both players present their armies: present"
    if state.phase == "missions":
        return (
            f"side {state.to_ban} bans a mission (left: {', '.join(state.missions_left)}): "
            f"ban side={state.to_ban} mission=M"
        )
    if state.phase == "order":
        if state.chooser is None:
            return "draw the player who chooses the order: roll-order"
        return (
            f"side {state.chooser} chooses to go first or second: "
            f"choose-order side={state.chooser} go=first|second"
        )
    if state.phase == "deployment":
        return (
            f"side {side} deploys a unit or structure: deploy side={side} uid=U hex=H "
            f"[facing=F ammunition=N], or deploy-pass side={side}"
        )
    if state.phase == "reserves":
        return f"side {side} leaves units in the reserves: reserves side={side} uids=U,V"
    if state.phase == "before-battle":
        return (
            f"side {side} makes a 'before the battle' action: before-battle side={side} "
            f"uid=U action=A [path=P], or before-battle-done side={side}"
        )
    ammunition = " ammunition=N" if reserves_ammunition == "choose" else ""
    return (
        f"side {side} activates a unit: move uid=U path=P, shoot uid=U shots=W>T, "
        f"capture uid=U hex=H, embark, disembark, enter uid=U hex=H{ammunition} [facing=F]; "
        f"or pass side={side}"
    )
