"""Which successes the deflections cancel: the choice of the side with the advantage.

Clause ``assault.deflection``: each successful deflection cancels one enemy success, and
the side with the advantage (the first draft: the winner) chooses which enemy hits it
deflects and which of its own successes are deflected. A stationary unit attacked from
several sides cancels only hits from the side it chose (clause ``assault.facing``, current
edition). :func:`propose_deflection` offers a sensible choice; :func:`check_deflection`
lists every way a choice breaks the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from referee.rules.assault.advantage import Advantage
from referee.rules.assault.contest import AssaultError
from referee.rules.assault.estimate import hit_harm
from referee.rules.assault.matching import can_cancel, deflectors
from referee.rules.assault.table import assault_rules

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

CLAUSES = ("assault.deflection", "assault.advantage", "assault.facing")


class DeflectionChoice(msgspec.Struct, frozen=True):
    """``cancelled[s][pool]``: how many successes of side ``s``'s pool are deflected;
    ``by`` is the side that chose."""

    by: int
    cancelled: Mapping[int, Mapping[str, int]]

    def of(self, side: int) -> Mapping[str, int]:
        return self.cancelled.get(side, MappingProxyType({}))

    def to_json(self) -> dict[str, object]:
        return {"by": self.by, "cancelled": {str(s): dict(m) for s, m in self.cancelled.items()}}


def choice(by: int, cancelled: Mapping[int, Mapping[str, int]]) -> DeflectionChoice:
    """A :class:`DeflectionChoice` from plain mappings (zero entries dropped)."""
    return DeflectionChoice(
        by,
        MappingProxyType(
            {s: MappingProxyType({p: n for p, n in m.items() if n}) for s, m in cancelled.items()}
        ),
    )


def check_deflection(rules: Ruleset, adv: Advantage, chosen: DeflectionChoice) -> list[str]:
    """Every reason ``chosen`` is not a legal deflection (empty: legal)."""
    table = assault_rules(rules)
    rolled = adv.rolled
    problems: list[str] = []
    if chosen.by != adv.side:
        problems.append(
            f"side {adv.side} has the advantage and chooses the deflections, not side {chosen.by}"
        )
    for side in sorted(chosen.cancelled):
        if side not in (1, 2):
            problems.append(f"side {side}: there is no such side")
    for s in (1, 2):
        pools = rolled.successes(s, "assault")
        picked = chosen.of(s)
        for pid, n in picked.items():
            if pid not in pools:
                problems.append(f"side {s}: {pid} is not one of its assault pools")
            elif not 0 <= n <= pools[pid]:
                problems.append(
                    f"side {s}: {n} of {pid}'s successes deflected, it has {pools[pid]}"
                )
        count = sum(picked.values())
        if count != adv.cancelled[s]:
            problems.append(
                f"side {s}: {count} successes deflected, the enemy's deflections "
                f"cancel exactly {adv.cancelled[s]}"
            )
        elif not can_cancel(picked, deflectors(table, rolled, 3 - s)):
            problems.append(
                f"side {s}: those hits cannot all be deflected: a stationary unit "
                "deflects only hits from the side it chose"
            )
    return problems


def _danger(rules: Ruleset, adv: Advantage, pid: str) -> Fraction:
    contest = adv.rolled.pools.contest
    attacker = contest.combatant(adv.rolled.of(pid).pool.uid)
    targets = contest.enemy(attacker.unit.side).alive
    return max((hit_harm(rules, attacker, t) for t in targets), default=Fraction(0))


def _greedy(rules: Ruleset, adv: Advantage, side: int, worst_first: bool) -> dict[str, int]:
    table = assault_rules(rules)
    pools = adv.rolled.successes(side, "assault")
    by = deflectors(table, adv.rolled, 3 - side)
    ranked = sorted(pools, key=lambda p: _danger(rules, adv, p), reverse=worst_first)
    picked: dict[str, int] = {}
    need = adv.cancelled[side]
    for pid in ranked:
        while sum(picked.values()) < need and picked.get(pid, 0) < pools[pid]:
            trial = {**picked, pid: picked.get(pid, 0) + 1}
            if not can_cancel(trial, by):
                break
            picked = trial
    return picked


def propose_deflection(rules: Ruleset, adv: Advantage) -> DeflectionChoice:
    """The advantaged side deflects the enemy's most dangerous hits first and lets its own
    least dangerous hits be deflected (danger: :func:`~.estimate.hit_harm` on the enemy
    base it would hurt most)."""
    return choice(
        adv.side,
        {
            adv.other: _greedy(rules, adv, adv.other, worst_first=True),
            adv.side: _greedy(rules, adv, adv.side, worst_first=False),
        },
    )


class Deflected(msgspec.Struct, frozen=True):
    """The hits each pool has left after the deflections."""

    advantage: Advantage
    choice: DeflectionChoice
    hits: Mapping[int, Mapping[str, int]]
    clauses: tuple[str, ...] = CLAUSES

    def of(self, side: int) -> Mapping[str, int]:
        return self.hits[side]

    def total(self, side: int) -> int:
        return sum(self.hits[side].values())

    def explain(self) -> str:
        lines = [f"side {self.choice.by} (advantage) chooses the deflections"]
        for s in (1, 2):
            gone = ", ".join(f"{n} of {p}" for p, n in self.choice.of(s).items()) or "none"
            left = ", ".join(f"{p} {n}" for p, n in self.hits[s].items() if n) or "none"
            lines.append(f"side {s}: deflected {gone}; hits left: {left}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "choice": self.choice.to_json(),
            "hits": {str(s): dict(m) for s, m in self.hits.items()},
            "clauses": list(self.clauses),
        }


def deflect(rules: Ruleset, adv: Advantage, chosen: DeflectionChoice | None = None) -> Deflected:
    """Apply ``chosen`` (default: the proposal); an illegal choice raises
    :class:`AssaultError` naming every violation."""
    chosen = chosen if chosen is not None else propose_deflection(rules, adv)
    problems = check_deflection(rules, adv, chosen)
    if problems:
        raise AssaultError("; ".join(problems))
    hits = {
        s: MappingProxyType(
            {p: n - chosen.of(s).get(p, 0) for p, n in adv.rolled.successes(s, "assault").items()}
        )
        for s in (1, 2)
    }
    return Deflected(adv, chosen, MappingProxyType(hits))
