"""Rolling the damage of the dealt hits; it takes effect at the 'apply damage' step.

Clause ``assault.damage``: each damaging hit is rolled like a ranged hit at distance 0 (no
range band, no decay of AP), against the armor of the sector the target fights with (clause
``assault.facing``), with its support as +1 each (clause ``assault.support``; where the
edition keeps the kinds apart, a supporter adds only to the damage kinds its own assault
deals, clause ``assault.psychic``). Side 1 rolls first: the rolls in the order it dealt
them, then its Cunning Assault light damage (clause ``abilities.cunning-assault``); then
side 2 the same way. The rows wait in a
:class:`~referee.rules.damage.pending.PendingLedger` (clause ``damage.sequence``); the
fires, acid and poison the assault weapons place (clauses ``assault.set-on-fire``,
``assault.acid``, ``assault.poison``; none when the ruleset's ``[weapons] places`` is
false, ruling ``weapons.first-draft-conditions``) go on after the rows, by
:meth:`AssaultDamage.apply`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

import msgspec

from referee.dice.service import Dice, RollRequest
from referee.rules.assault.allocation import Allocated
from referee.rules.assault.contest import ASSAULT_DISTANCE, Contest
from referee.rules.assault.dealing import DamageRollPlan, LightRoll
from referee.rules.assault.hits import REGULAR, kinds
from referee.rules.assault.table import AssaultRules, assault_rules
from referee.rules.damage.damage_roll import (
    Attack,
    DamageResult,
    damage_requests,
    damage_roll,
)
from referee.rules.damage.pending import Applied, PendingLedger, apply_pending
from referee.rules.damage.sequence_odds import RollOdds, StepRoll, step_roll_odds
from referee.rules.state import UnitState
from referee.units.model import Assault as AssaultStats

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

PlacedKind = Literal["fire", "acid", "minor-acid", "poison"]


class RollRecord(msgspec.Struct, frozen=True):
    """One damage roll of the assault: whose hit, the support per damage type, the result."""

    side: int
    source: str
    target: str
    support: Mapping[str, int]
    result: DamageResult
    light: bool = False

    def explain(self) -> str:
        head = "cunning assault (light damage)" if self.light else "damaging hit"
        sup = ", ".join(f"+{n} {t}" for t, n in self.support.items() if n)
        return (
            f"{head} of {self.source} on {self.target}{' (' + sup + ')' if sup else ''}:\n"
            + self.result.explain()
        )

    def to_json(self) -> dict[str, object]:
        return {
            "side": self.side,
            "source": self.source,
            "target": self.target,
            "support": dict(self.support),
            "light": self.light,
            "result": self.result.to_json(),
        }


class Placement(msgspec.Struct, frozen=True):
    """A token an assault weapon places on ``target`` at the 'apply damage' step."""

    source: str
    target: str
    kind: PlacedKind
    die: int | None = None
    """Poison[M]: the die M."""
    clause: str = "assault.set-on-fire"

    def text(self) -> str:
        what = f"Poison[{self.die}]" if self.kind == "poison" else self.kind
        return f"{self.source} places {what} on {self.target}"

    def to_json(self) -> dict[str, object]:
        return {
            "source": self.source,
            "target": self.target,
            "kind": self.kind,
            "die": self.die,
            "clause": self.clause,
        }


def place(state: UnitState, placements: tuple[Placement, ...]) -> UnitState:
    """``state`` with the tokens placed on it (a destroyed unit takes none)."""
    s = state
    for p in placements:
        if p.target != state.uid or s.destroyed:
            continue
        if p.kind == "fire":
            s = s.with_(fire=s.fire + 1)
        elif p.kind == "acid":
            s = s.with_(acid=s.acid + 1)
        elif p.kind == "minor-acid":
            s = s.with_(minor_acid=s.minor_acid + 1)
        elif p.die is not None:
            s = s.with_(poison=(*s.poison, p.die))
    return s


class AssaultDamage(msgspec.Struct, frozen=True):
    """Every damage roll of the assault, pending, and the tokens to place with them."""

    allocated: Allocated
    rolls: tuple[RollRecord, ...]
    ledger: PendingLedger
    placements: tuple[Placement, ...]
    clauses: tuple[str, ...] = ("assault.damage", "assault.support", "damage.sequence")

    def explain(self) -> str:
        lines = [r.explain() for r in self.rolls]
        lines.extend(p.text() for p in self.placements)
        lines.append(self.ledger.explain())
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "rolls": [r.to_json() for r in self.rolls],
            "placements": [p.to_json() for p in self.placements],
            "ledger": self.ledger.to_json(),
            "clauses": list(self.clauses),
        }

    def apply(
        self, units: Mapping[str, UnitState] | None = None
    ) -> tuple[Mapping[str, UnitState], Applied]:
        """The 'apply damage' step for this assault: the pending rows, then the tokens."""
        applied = apply_pending(self.ledger, units)
        states = dict(applied.states)
        contest = self.allocated.deflected.advantage.rolled.pools.contest
        for p in self.placements:
            current = states.get(p.target, contest.combatant(p.target).unit)
            states[p.target] = place(current, (p,))
        return MappingProxyType(states), applied


def _support(table: AssaultRules, contest: Contest, plan: DamageRollPlan) -> dict[str, int]:
    """Support per damage type of the roll (clause ``assault.psychic``)."""
    own = kinds(contest.combatant(plan.source).unit.unit.assault)
    out = dict.fromkeys(sorted(own), 0)
    for uid, n in plan.support.items():
        theirs = kinds(contest.combatant(uid).unit.unit.assault)
        for t in own:
            if not table.kinds_apart or t in theirs:
                out[t] += n
    return out


def rolls_odds(
    rules: Ruleset,
    contest: Contest,
    plans: Sequence[DamageRollPlan],
    ledger: PendingLedger | None = None,
) -> tuple[RollOdds | None, ...]:
    """The exact odds of each dealt hit's damage roll in the order :func:`roll_damage`
    rolls them, each over what the rolls before it may have left of its target (clause
    ``damage.sequence``, ruling ``damage.pending-tokens``); ``None`` for a source without
    assault stats (it rolls nothing)."""
    steps: list[StepRoll] = []
    index: list[int | None] = []
    for plan in plans:
        stats = contest.combatant(plan.source).unit.unit.assault
        if stats is None:
            index.append(None)
            continue
        support = _support(assault_rules(rules), contest, plan)
        index.append(len(steps))
        steps.append(
            StepRoll(
                stats,
                plan.target,
                support.get(REGULAR, 0),
                {t: n for t, n in support.items() if t != REGULAR},
                contest.combatant(plan.target).fights_with,
            )
        )
    units = {c.uid: c.unit for s in contest.sides for c in s.combatants}
    odds = step_roll_odds(rules, steps, units, ledger=ledger, distance=ASSAULT_DISTANCE)
    return tuple(None if i is None else odds[i] for i in index)


def _placements(allocated: Allocated, contest: Contest) -> tuple[Placement, ...]:
    out: list[Placement] = []
    for s in (1, 2):
        out.extend(Placement(src, t, "fire") for src, t in allocated.fires[s])
        for tok in allocated.sides[s].tokens:
            stats = contest.combatant(tok.source).unit.unit.assault
            die = stats.weapon.poison if stats and stats.weapon else None
            clause = "assault.poison" if tok.kind == "poison" else "assault.acid"
            out.append(
                Placement(
                    tok.source, tok.target, tok.kind, die if tok.kind == "poison" else None, clause
                )
            )
    return tuple(out)


def _light(
    table: AssaultRules,
    contest: Contest,
    side: int,
    x: LightRoll,
    rules: Ruleset,
    dice: Dice,
    ledger: PendingLedger,
) -> tuple[RollRecord, PendingLedger]:
    target = contest.combatant(x.target)
    attack = Attack("cunning assault", 0, None, special_damage=(table.cunning_damage,))
    result = damage_roll(
        rules,
        attack,
        ledger.seen(target.unit),
        None,
        dice,
        sector=target.fights_with,
        distance=ASSAULT_DISTANCE,
    )
    record = RollRecord(side, x.source, x.target, MappingProxyType({}), result, light=True)
    return record, ledger.record(target.unit, result)


def whose_hit(side: int, source: str, target: str, light: bool = False) -> str:
    """Whose hit a die of the damage rolls is for, as the dice are listed: ``side 1:
    hoplites' hit on boars``."""
    what = "cunning assault" if light else "hit"
    own = f"{source}'" if source.endswith("s") else f"{source}'s"
    return f"side {side}: {own} {what} on {target}"


def _announced(
    rules: Ruleset,
    table: AssaultRules,
    allocated: Allocated,
    contest: Contest,
    ledger: PendingLedger,
) -> list[RollRequest]:
    """The dice of every dealt hit in the order they are rolled, each saying whose hit it
    is (a referee typing them from the table rolls each hit's dice for its own base); a
    die the outcome makes unneeded (a hit the armor stops: no damage die) drops off the
    list as the rolls go."""
    out: list[RollRequest] = []

    def add(
        side: int, source: str, target: str, attack: AssaultStats | Attack, light: bool
    ) -> None:
        base = contest.combatant(target)
        whose = whose_hit(side, source, target, light)
        for r in damage_requests(
            rules,
            attack,
            ledger.seen(base.unit),
            None,
            sector=base.fights_with,
            distance=ASSAULT_DISTANCE,
        ):
            out.append(RollRequest(r.sides, r.purpose, f"{whose}; {r.note}" if r.note else whose))

    for s in (1, 2):
        for plan in allocated.sides[s].rolls:
            stats = contest.combatant(plan.source).unit.unit.assault
            if stats is not None:
                add(s, plan.source, plan.target, stats, False)
        for x in allocated.light[s]:
            cunning = Attack("cunning assault", 0, None, special_damage=(table.cunning_damage,))
            add(s, x.source, x.target, cunning, True)
    return out


def roll_damage(
    rules: Ruleset, allocated: Allocated, dice: Dice, ledger: PendingLedger | None = None
) -> AssaultDamage:
    """Roll every dealt hit (see the module docstring) into ``ledger`` (default: a new
    one for the step)."""
    table = assault_rules(rules)
    contest = allocated.deflected.advantage.rolled.pools.contest
    ledger = ledger if ledger is not None else PendingLedger.open(rules)
    dice.expect([*_announced(rules, table, allocated, contest, ledger), *dice.expected])
    records: list[RollRecord] = []
    for s in (1, 2):
        for plan in allocated.sides[s].rolls:
            attacker = contest.combatant(plan.source)
            stats = attacker.unit.unit.assault
            if stats is None:
                continue
            target = contest.combatant(plan.target)
            support = _support(table, contest, plan)
            result = damage_roll(
                rules,
                stats,
                ledger.seen(target.unit),
                None,
                dice,
                support=support.get(REGULAR, 0),
                sector=target.fights_with,
                distance=ASSAULT_DISTANCE,
                special_support={t: n for t, n in support.items() if t != REGULAR},
            )
            records.append(
                RollRecord(s, plan.source, plan.target, MappingProxyType(support), result)
            )
            ledger = ledger.record(target.unit, result)
        for x in allocated.light[s]:
            record, ledger = _light(table, contest, s, x, rules, dice, ledger)
            records.append(record)
    return AssaultDamage(allocated, tuple(records), ledger, _placements(allocated, contest))
