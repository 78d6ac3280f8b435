"""One assault, driven stage by stage as the referee takes the decisions between them.

Pre-assault (clause ``assault.pre-assault``) -> dice pools and the roll, rerolls on offer
(clauses ``assault.stats``, ``abilities.reroll-assault``) -> the advantage (clause
``assault.advantage``) -> the deflection choice (clause ``assault.deflection``) -> the
allocation of both sides' hits (clause ``assault.allocation``) -> the damage rolls (clause
``assault.damage``) -> the retreat (clause ``assault.retreat``). Every stage returns a new
frozen :class:`Assault` holding the stage's frozen result, each with ``explain()`` and
``to_json()``; a stage taken out of turn raises :class:`~.contest.AssaultError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

import msgspec
from msgspec.structs import replace

from referee.board.hexgrid import Hex
from referee.board.maps import BattleMap
from referee.dice.service import Dice
from referee.rules.assault.advantage import Advantage, advantage
from referee.rules.assault.allocation import Allocated, SideAllocation, allocated
from referee.rules.assault.contest import AssaultError, Contest
from referee.rules.assault.damage import AssaultDamage, roll_damage
from referee.rules.assault.deflection import Deflected, DeflectionChoice, deflect
from referee.rules.assault.outcome import Outcome, outcome
from referee.rules.assault.pools import Pools, assault_pools
from referee.rules.assault.pre_assault import PreAssault, RetreatAttempt, pre_assault
from referee.rules.assault.proposal import propose_allocation
from referee.rules.assault.roll import DieRef, Rolled, roll_pools
from referee.rules.damage.pending import PendingLedger
from referee.rules.state import UnitState

if TYPE_CHECKING:
    from referee.ruleset import Ruleset


class StageResult(Protocol):
    def explain(self) -> str: ...

    def to_json(self) -> dict[str, object]: ...


T = TypeVar("T")

STAGES = (
    "pre_assault",
    "pools",
    "rolled",
    "advantage",
    "deflected",
    "allocated",
    "damage",
    "outcome",
)


class Assault(msgspec.Struct, frozen=True):
    """An assault and the results of the stages taken so far (see the module docstring)."""

    rules: Ruleset
    contest: Contest
    pre_assault: PreAssault | None = None
    pools: Pools | None = None
    rolled: Rolled | None = None
    advantage: Advantage | None = None
    deflected: Deflected | None = None
    allocated: Allocated | None = None
    damage: AssaultDamage | None = None
    outcome: Outcome | None = None

    @property
    def stage(self) -> str:
        """The last stage taken (``start`` before any)."""
        done = [s for s in STAGES if getattr(self, s) is not None]
        return done[-1] if done else "start"

    def _need(self, value: T | None, what: str) -> T:
        if value is None:
            raise AssaultError(
                f"the assault in {self.contest.hex} is at '{self.stage}': {what} first"
            )
        return value

    def before(
        self,
        dice: Dice,
        attempts: Iterable[RetreatAttempt] = (),
        ledger: PendingLedger | None = None,
    ) -> Assault:
        """The pre-assault phase: the chosen Pre-Assault Retreats, then Fear."""
        if self.pools is not None:
            raise AssaultError("the pre-assault phase comes before the dice")
        pre = pre_assault(self.rules, self.contest, dice, attempts, ledger)
        return replace(self, contest=pre.contest, pre_assault=pre)

    def roll(self, dice: Dice) -> Assault:
        """Build the pools and roll them; rerolls may then be on offer."""
        if self.pools is not None:
            raise AssaultError("the dice are rolled already")
        if not self.contest.is_fought:
            raise AssaultError("one side has no unit left in the assault: nothing to roll")
        pools = assault_pools(self.rules, self.contest)
        return replace(self, pools=pools, rolled=roll_pools(self.rules, pools, dice))

    def reroll(self, choice: Mapping[str, Sequence[DieRef]], dice: Dice) -> Assault:
        """One batch of Reroll Assault (an empty choice declines)."""
        rolled = self._need(self.rolled, "roll the dice")
        if self.advantage is not None:
            raise AssaultError("the advantage is decided: no more rerolls")
        return replace(self, rolled=rolled.reroll(choice, dice))

    def decide(self, dice: Dice | None = None, tie_winner: int | None = None) -> Assault:
        """Who gains the advantage (``dice`` for a roll-off on a tie)."""
        rolled = self._need(self.rolled, "roll the dice")
        return replace(self, advantage=advantage(self.rules, rolled, dice, tie_winner))

    def deflect(self, choice: DeflectionChoice | None = None) -> Assault:
        """The advantaged side's deflection choice (default: the proposal)."""
        adv = self._need(self.advantage, "decide the advantage")
        return replace(self, deflected=deflect(self.rules, adv, choice))

    def proposal(self, side: int) -> SideAllocation:
        """A sensible dealing of side ``side``'s hits, to accept or change."""
        deflected = self._need(self.deflected, "choose the deflections")
        return propose_allocation(self.rules, deflected, side)

    def allocate(self, sides: Mapping[int, SideAllocation] | None = None) -> Assault:
        """Both sides' hits as dealt; a side not given takes the proposal."""
        deflected = self._need(self.deflected, "choose the deflections")
        chosen = dict(sides or {})
        for s in (1, 2):
            chosen.setdefault(s, self.proposal(s))
        return replace(self, allocated=allocated(self.rules, deflected, chosen))

    def roll_damage(self, dice: Dice, ledger: PendingLedger | None = None) -> Assault:
        """Roll the damage of every dealt hit (pending until 'apply damage'); the ledger of
        the pre-assault phase is carried on unless another is given."""
        alloc = self._need(self.allocated, "allocate the hits")
        if ledger is None and self.pre_assault is not None:
            ledger = self.pre_assault.ledger
        return replace(self, damage=roll_damage(self.rules, alloc, dice, ledger))

    def resolve(
        self,
        battle_map: BattleMap,
        units: Iterable[UnitState] = (),
        smoke: Iterable[Hex] = frozenset(),
    ) -> Assault:
        """Retreats, entries and shaken winners; ``units`` are the others on the board."""
        adv = self._need(self.advantage, "decide the advantage")
        return replace(
            self, outcome=outcome(self.rules, battle_map, self.contest, adv.side, units, smoke)
        )

    def results(self) -> tuple[tuple[str, StageResult], ...]:
        out: list[tuple[str, StageResult]] = []
        for name in STAGES:
            value = getattr(self, name)
            if value is not None:
                out.append((name, value))
        return tuple(out)

    def explain(self) -> str:
        return "\n\n".join(f"[{name}]\n{r.explain()}" for name, r in self.results())

    def to_json(self) -> dict[str, object]:
        return {
            "hex": str(self.contest.hex),
            "stage": self.stage,
            **{name: r.to_json() for name, r in self.results()},
        }
