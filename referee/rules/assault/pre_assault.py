"""Before the assault: Pre-Assault Retreat[N+] and Fear[N].

Clause ``abilities.pre-assault-retreat``: a unit with the ability may roll a die; on N or
more it retreats before the assault as an ordinary retreat, dealing and taking no assault
damage, and a unit at stand-still becomes slow. In the current edition only into a hex that
is neither overcrowded, illegal nor held by enemies: the retreats the edition allows are
data (``[pre_assault] retreat_kinds``). Clause ``abilities.fear``: each living unit with
Fear[N] rolls a dN of psychic damage on every enemy base in the assault that has a psychic
table, ignoring armor and regular modifiers (the terms of the ``psychic`` damage type of
``agony.toml``); against shaken enemies entering the assault ruling ``assault.fear-halving``
decides. Clause ``assault.pre-assault``: the retreats come first, then Fear. The rows wait
for the 'apply damage' step (clause ``damage.sequence``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from referee.board.hexgrid import Hex, hex_label
from referee.board.maps import BattleMap
from referee.board.retreat import Retreat
from referee.dice.service import Dice
from referee.rules.agony.schedule import agony_rules
from referee.rules.assault.contest import AssaultError, Combatant, Contest
from referee.rules.assault.retreats import retreat_of
from referee.rules.assault.table import AssaultRules, assault_rules
from referee.rules.damage.pending import PendingLedger
from referee.rules.damage.table_roll import TableRoll, roll_on_table
from referee.rules.explain import Term
from referee.rules.state import UnitState

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

ABILITY = "pre-assault-retreat"


class RetreatAttempt(msgspec.Struct, frozen=True):
    """A Pre-Assault Retreat: whether it may be tried, the die, and where it goes."""

    uid: str
    need: int
    retreat: Retreat
    allowed: bool
    roll: int | None = None

    @property
    def succeeded(self) -> bool:
        return self.allowed and self.roll is not None and self.roll >= self.need

    def explain(self) -> str:
        if not self.allowed:
            return (
                f"{self.uid}: pre-assault retreat not allowed ({self.retreat.kind}: "
                f"{self.retreat.reason})"
            )
        verdict = "retreats before the assault" if self.succeeded else "stays in the assault"
        return (
            f"{self.uid}: pre-assault retreat needs {self.need}+, rolled {self.roll}: "
            f"{verdict}; {self.retreat.reason}"
        )

    def to_json(self) -> dict[str, object]:
        return {
            "unit": self.uid,
            "need": self.need,
            "allowed": self.allowed,
            "roll": self.roll,
            "succeeded": self.succeeded,
            "kind": self.retreat.kind,
            "options": [hex_label(h) for h in self.retreat.options],
            "facings": list(self.retreat.facings),
            "reason": self.retreat.reason,
        }


class FearRoll(msgspec.Struct, frozen=True):
    """One Fear die on one enemy base: the roll on its psychic table, or why none."""

    source: str
    target: str
    die: int
    roll: TableRoll | None
    why_none: str = ""

    def explain(self) -> str:
        head = f"fear[{self.die}] of {self.source} on {self.target}"
        return f"{head}: {self.roll.explain()}" if self.roll else f"{head}: {self.why_none}"

    def to_json(self) -> dict[str, object]:
        return {
            "source": self.source,
            "target": self.target,
            "die": self.die,
            "natural": self.roll.natural if self.roll else None,
            "result": self.roll.result if self.roll else None,
            "row": self.roll.row.text if self.roll and self.roll.row else None,
            "none": self.why_none,
        }


class PreAssault(msgspec.Struct, frozen=True):
    """The pre-assault phase: the retreats tried, Fear, and the assault that is left."""

    contest: Contest
    retreats: tuple[RetreatAttempt, ...]
    fear: tuple[FearRoll, ...]
    ledger: PendingLedger
    states: Mapping[str, UnitState]
    """Units that retreated, as they are afterwards (stand-still has become slow)."""
    rulings: tuple[str, ...]
    clauses: tuple[str, ...] = (
        "assault.pre-assault",
        "abilities.pre-assault-retreat",
        "abilities.fear",
    )

    def explain(self) -> str:
        lines = [a.explain() for a in self.retreats] + [f.explain() for f in self.fear]
        if not self.contest.is_fought:
            lines.append("one side has no unit left in the assault: no assault is fought")
        return "\n".join(lines) or "no pre-assault abilities"

    def to_json(self) -> dict[str, object]:
        return {
            "retreats": [a.to_json() for a in self.retreats],
            "fear": [f.to_json() for f in self.fear],
            "fought": self.contest.is_fought,
            "ledger": self.ledger.to_json(),
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
        }


def retreat_need(c: Combatant) -> int | None:
    found = c.unit.unit.ability(ABILITY)
    return found.number() if found else None


def retreat_options(
    rules: Ruleset,
    battle_map: BattleMap,
    contest: Contest,
    units: Iterable[UnitState],
    smoke: Iterable[Hex] = frozenset(),
) -> tuple[RetreatAttempt, ...]:
    """Every unit that may try a Pre-Assault Retreat, where it would go and whether the
    edition allows it there (``units``: every unit on the board outside the assault)."""
    table = assault_rules(rules)
    others = list(units)
    out: list[RetreatAttempt] = []
    for c in contest.combatants:
        need = retreat_need(c)
        if need is None or c.unit.destroyed:
            continue
        around = [*others, *(o.unit for o in contest.combatants if o.uid != c.uid)]
        found = retreat_of(rules, table, battle_map, contest, c, around, smoke)
        out.append(RetreatAttempt(c.uid, need, found, found.kind in table.retreat_kinds))
    return tuple(out)


def _fear(
    rules: Ruleset, table: AssaultRules, contest: Contest, dice: Dice, ledger: PendingLedger
) -> tuple[tuple[FearRoll, ...], PendingLedger, bool]:
    psychic = agony_rules(rules).damage_types.get("psychic")
    if psychic is None:
        raise AssaultError(f"{rules.folder / 'agony.toml'}: Fear needs [damage-types.psychic]")
    rolls: list[FearRoll] = []
    halved = False
    for source in [c for c in contest.combatants if not c.unit.destroyed]:
        fear = source.unit.unit.ability("fear")
        if fear is None:
            continue
        n = fear.number()
        for target in contest.enemy(source.unit.side).alive:
            if target.unit.unit.damage_table(psychic.table) is None:
                rolls.append(
                    FearRoll(source.uid, target.uid, n, None, f"no {psychic.table} table: immune")
                )
                continue
            if (
                table.halving == "fear-dice"
                and target.unit.is_shaken
                and target.role != "stationary"
            ):
                halved = True
                rolls.append(
                    FearRoll(
                        source.uid,
                        target.uid,
                        n,
                        None,
                        "shaken and entering: half of one die is none",
                    )
                )
                continue
            natural = dice.roll(n, f"fear of {source.uid} on {target.uid}")
            seen = ledger.seen(target.unit)
            terms: tuple[Term, ...] = psychic.terms(seen)
            roll = roll_on_table(seen, psychic.table, natural, terms)
            if roll is None:
                continue
            rolls.append(FearRoll(source.uid, target.uid, n, roll))
            ledger = ledger.record_roll(
                target.unit, roll, cause=psychic.id, source=f"fear of {source.uid}"
            )
    return tuple(rolls), ledger, halved


def pre_assault(
    rules: Ruleset,
    contest: Contest,
    dice: Dice,
    attempts: Iterable[RetreatAttempt] = (),
    ledger: PendingLedger | None = None,
) -> PreAssault:
    """Roll the chosen Pre-Assault Retreat ``attempts`` (from :func:`retreat_options`),
    take the units that made it out of the assault, then roll Fear."""
    table = assault_rules(rules)
    ledger = ledger if ledger is not None else PendingLedger.open(rules)
    done: list[RetreatAttempt] = []
    gone: dict[str, UnitState] = {}
    for a in attempts:
        c = contest.combatant(a.uid)
        if a.need != retreat_need(c):
            raise AssaultError(f"{a.uid}: has no Pre-Assault Retreat[{a.need}+]")
        if not a.allowed:
            done.append(a)
            continue
        rolled = RetreatAttempt(
            a.uid, a.need, a.retreat, True, dice.roll(6, f"pre-assault retreat of {a.uid}")
        )
        done.append(rolled)
        if rolled.succeeded:
            state = c.unit
            gone[a.uid] = state.with_(speed="slow") if state.speed == "stand-still" else state
    left = contest.without(set(gone))
    fear, ledger, halved = _fear(rules, table, left, dice, ledger)
    rulings = tuple(r for r in (table.ruling("pre_assault.halving") if halved else None,) if r)
    return PreAssault(left, tuple(done), fear, ledger, MappingProxyType(gone), rulings)
