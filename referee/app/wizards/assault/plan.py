"""The assault wizard's choices so far, and the engine's stages taken again from them.

No Qt here: the wizard's pages fill an :class:`AssaultPlan` (the contest, the Reroll Assault
batches, the tie, the deflections, the allocations, the retreats, and the dice of each stage,
typed or rolled by the app), and :func:`run_stage` takes the ``assault`` command's stages
(:func:`referee.rules.orders.assault_stages.fight`) up to the page's stage with the step's own dice
seed, so what a page shows is what the journal step will hold. Typed dice answer a step's
first dice, so a stage can only be typed when every stage before it was; the app rolls the
rest (:meth:`AssaultPlan.can_type`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace

from referee.dice.service import Dice, DieOutOfRange, Roll
from referee.errors import RefereeError
from referee.rules.assault.dealing import SideAllocation
from referee.rules.assault.deflection import DeflectionChoice
from referee.rules.assault.flow import Assault
from referee.rules.assault.roll import DieRef
from referee.rules.orders.assault_choices import allocation_json, reroll_batch_json
from referee.rules.orders.assault_stages import Stop, fight
from referee.rules.orders.commands import Assault as AssaultCommand

if TYPE_CHECKING:
    from referee.rules.orders.state import MatchState

RerollBatch = Mapping[str, tuple[DieRef, ...]]


class StageDice(msgspec.Struct, frozen=True):
    """The dice of one stage: how many it asked, and the values typed (``None``: the app
    rolled them)."""

    name: str
    count: int
    typed: tuple[int, ...] | None


class AssaultPlan(msgspec.Struct, frozen=True):
    """What the referee chose so far (see the module docstring); ``deflection`` and a side
    missing from ``allocation`` take the engine's proposal."""

    contest: int = 0
    rerolls: tuple[RerollBatch, ...] = ()
    tie_winner: int | None = None
    deflection: DeflectionChoice | None = None
    allocation: Mapping[int, SideAllocation] = msgspec.field(
        default_factory=lambda: MappingProxyType({})
    )
    retreats: Mapping[str, tuple[str, int | None]] = msgspec.field(
        default_factory=lambda: MappingProxyType({})
    )
    dice: tuple[StageDice, ...] = ()

    def with_dice(self, stage: StageDice) -> AssaultPlan:
        return replace(self, dice=(*self.dice, stage))

    def can_type(self) -> bool:
        """Whether the next stage's dice may be typed: no die before it was the app's."""
        return all(s.typed is not None for s in self.dice if s.count)

    def rolled_before(self) -> int:
        """How many dice the stages so far asked."""
        return sum(s.count for s in self.dice)

    def typed(self) -> tuple[int, ...]:
        """The dice typed at the table, in the order the engine asks for them."""
        out: list[int] = []
        for s in self.dice:
            if s.count and s.typed is None:
                break
            out.extend(s.typed or ())
        return tuple(out)

    def command(self) -> AssaultCommand:
        """The ``assault`` command of these choices (a choice left out: the proposal). Its
        JSON form keeps the keys in the order the wizard always wrote them (kind, contest,
        rerolls, tie_winner, deflection, allocation, retreats), so a journal's bytes stay."""
        keys = ["kind", "contest"]
        rerolls = deflection = allocation = retreats = None
        if self.rerolls:
            keys.append("rerolls")
            rerolls = tuple(reroll_batch_json(b) for b in self.rerolls)
        if self.tie_winner is not None:
            keys.append("tie_winner")
        if self.deflection is not None:
            keys.append("deflection")
            cancelled = self.deflection.cancelled
            deflection = {"cancelled": {str(s): dict(m) for s, m in sorted(cancelled.items())}}
        if self.allocation:
            keys.append("allocation")
            allocation = {str(s): allocation_json(a) for s, a in sorted(self.allocation.items())}
        if self.retreats:
            keys.append("retreats")
            retreats = {
                uid: to if facing is None else {"hex": to, "facing": facing}
                for uid, (to, facing) in sorted(self.retreats.items())
            }
        return AssaultCommand(
            contest=self.contest,
            rerolls=rerolls,
            tie_winner=self.tie_winner,
            deflection=deflection,
            allocation=allocation,
            retreats=retreats,
            keys=tuple(keys),
        )


class StageRun(msgspec.Struct, frozen=True):
    """The assault taken up to a stage: the result (``None`` if refused), the dice the
    stage asked (after those of the stages before it) and the engine's refusal."""

    fight: Assault | None
    asked: tuple[Roll, ...]
    problem: str | None


def run_stage(
    state: MatchState,
    plan: AssaultPlan,
    seed: int,
    until: Stop,
    values: tuple[int, ...] | None = None,
) -> StageRun:
    """The assault of ``plan`` up to ``until``, this stage's dice being ``values`` (typed)
    or the app's (``None``). The pages' dice go through
    :meth:`referee.app.wizards.assault.page.AssaultPage.stage`."""
    dice = Dice(seed)
    dice.type_in(plan.typed())
    if values is not None:
        dice.type_in(values)
    start = plan.rolled_before()
    try:
        done = fight(state, plan.command(), dice, until)
    except DieOutOfRange as exc:
        return StageRun(None, tuple(dice.log[start:]), str(exc))
    except RefereeError as exc:
        return StageRun(None, tuple(dice.log[start:]), str(exc).strip("'\""))
    if dice.pending:
        return StageRun(
            done,
            tuple(dice.log[start:]),
            (
                f"{len(dice.pending)} typed dice left over ({', '.join(map(str, dice.pending))}): "
                "the stage asked for fewer"
            ),
        )
    return StageRun(done, tuple(dice.log[start:]), None)
