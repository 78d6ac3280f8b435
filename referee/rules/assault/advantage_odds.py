"""Exact odds of gaining the advantage from an assault's pools, before a die is rolled
(clauses ``assault.advantage``, ``assault.deflection``, ``assault.nation-order``).

Each pool's successes are exact: its dice succeed on ``hit``+ and, with Ork Assault, an
assault 6 counts twice (clause ``abilities.ork-assault``). A side's hits are its successes
less the most the enemy's deflections cancel, as :func:`~referee.rules.assault.advantage.
advantage` counts them: each deflection cancels one success of a pool it may cancel
(a stationary base deflects only the bases on the side it chose); the most cancelled is a
maximum flow, taken here as its minimum cut over the side's assault pools. Equal hits go to
the higher nation of the assault order, else to a roll-off (one half each) or to the
referee (ruling ``assault.tie-rank``). Reroll Assault is a player's choice made after the
roll: the odds are those of the first roll (``rerolls`` names the bases that may change it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING

import msgspec

from referee.rules.assault.advantage import pools_nation
from referee.rules.assault.matching import Deflector
from referee.rules.assault.pools import Pool, Pools, pool_id
from referee.rules.assault.table import assault_rules
from referee.rules.nations import nations

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

Dist = dict[int, Fraction]
"""A distribution: P(value)."""

MAX_CASES = 200_000
"""Joint cases of one side's pools past which the odds are not worked out (a stationary
base deflecting some attackers only, with many pools); a page must open at once."""


class TooManyPools(ValueError):
    """Too many joint cases to weigh exactly (see :data:`MAX_CASES`)."""


def die_successes(pool: Pool) -> Dist:
    """What one die of ``pool`` adds: 1 at ``hit``+ on a d6, 2 for an Ork Assault 6."""
    out: Dist = {}
    for face in range(1, 7):
        n = 1 if face >= pool.hit else 0
        if n and face == 6 and pool.ork and pool.kind == "assault":
            n = 2
        out[n] = out.get(n, Fraction(0)) + Fraction(1, 6)
    return out


def _add(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> Dist:
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def _sum(dists: Iterable[Mapping[int, Fraction]]) -> Dist:
    out: Dist = {0: Fraction(1)}
    for d in dists:
        out = _add(out, d)
    return out


def pool_successes(pool: Pool) -> Dist:
    """P(``pool`` rolls n successes), exactly."""
    return _sum([die_successes(pool)] * pool.dice)


def cancelled(hits: Mapping[str, int], by: Sequence[Deflector]) -> int:
    """The most of ``hits`` (per attacker pool) that ``by`` can cancel: the minimum cut of
    :func:`referee.rules.assault.matching.most_cancelled`'s flow (every set of attacker
    pools kept: their hits, plus the deflections that may cancel a pool outside it)."""
    attackers = [a for a, n in hits.items() if n > 0]
    best = sum(hits[a] for a in attackers)
    for mask in range(1 << len(attackers)):
        kept = {a for i, a in enumerate(attackers) if mask >> i & 1}
        cut = sum(hits[a] for a in kept)
        for d in by:
            reach = set(attackers) if d.allowed is None else d.allowed & set(attackers)
            if d.successes > 0 and reach - kept:
                cut += d.successes
        best = min(best, cut)
    return best


def _deflectors(pools: Pools, side: int) -> list[tuple[frozenset[str] | None, Pool]]:
    """Side ``side``'s deflection pools, each with the attacker pools it may cancel."""
    table_only = {
        c.uid: frozenset(pool_id(u, "assault") for u in c.deflects_from)
        for s in pools.contest.sides
        for c in s.combatants
        if c.role == "stationary" and c.deflects_from is not None
    }
    return [(table_only.get(p.uid), p) for p in pools.of(side, "deflection")]


def net_hits(rules: Ruleset, pools: Pools, side: int) -> Dist:
    """P(side ``side`` has n hits left after the enemy's deflections), exactly."""
    attackers = pools.of(side, "assault")
    defl = _deflectors(pools, 3 - side)
    if not assault_rules(rules).stationary_side_only:
        defl = [(None, p) for _, p in defl]
    groups: dict[frozenset[str] | None, Dist] = {}
    for allowed, pool in defl:
        groups[allowed] = _add(groups.get(allowed, {0: Fraction(1)}), pool_successes(pool))
    out: Dist = {}
    if set(groups) <= {None}:  # any deflection cancels any hit: only the totals count
        total = _sum(pool_successes(pool) for pool in attackers)
        shield = groups.get(None, {0: Fraction(1)})
        for a, p in total.items():
            for d, q in shield.items():
                n = max(a - d, 0)
                out[n] = out.get(n, Fraction(0)) + p * q
        return out
    dists = [pool_successes(pool) for pool in attackers] + list(groups.values())
    cases = 1
    for dist in dists:
        cases *= len(dist)
    if cases > MAX_CASES:
        raise TooManyPools(
            f"side {side}: {cases} cases of its pools and the enemy's deflections, "
            "too many to weigh exactly"
        )
    keys = list(groups)
    for combo in product(*(list(dist.items()) for dist in dists)):
        p = Fraction(1)
        for _, q in combo:
            p *= q
        hits = {a.id: n for a, (n, _) in zip(attackers, combo, strict=False)}
        by = [
            Deflector(f"group {i}", n, allowed)
            for i, (allowed, (n, _)) in enumerate(zip(keys, combo[len(attackers) :], strict=True))
        ]
        n = sum(hits.values()) - cancelled(hits, by)
        out[n] = out.get(n, Fraction(0)) + p
    return out


class AdvantageOdds(msgspec.Struct, frozen=True):
    """P(each side gains the advantage) from the pools; ``equal`` P(equal hits), decided
    by ``tie_by`` (``nation-order``: side ``tie_side``; ``roll-off``: one half each, both
    counted in ``side``; ``referee``: in neither)."""

    side: Mapping[int, Fraction]
    equal: Fraction
    tie_by: str
    tie_side: int | None
    nets: Mapping[int, Mapping[int, Fraction]]
    rerolls: tuple[str, ...]
    """Bases with Reroll Assault: their choice after the roll is not in these odds."""
    rulings: tuple[str, ...] = ()

    def text(self) -> str:
        """The odds as one plain sentence for the pools page."""

        def pct(p: Fraction) -> str:
            return f"{float(p) * 100:.1f}%"

        parts = [f"side {s} {pct(self.side[s])}" for s in (1, 2)]
        if self.tie_by == "nation-order":
            how = f"equal hits {pct(self.equal)}, won by side {self.tie_side}'s higher nation"
        elif self.tie_by == "roll-off":
            how = f"equal hits {pct(self.equal)}, a roll-off: half to each"
        else:
            how = f"equal hits {pct(self.equal)}: the referee names the side"
        line = f"Gains the advantage: {', '.join(parts)} ({how})."
        if self.rerolls:
            line += (
                f" Before Reroll Assault ({', '.join(self.rerolls)}): "
                "the rerolls chosen after the roll are not counted."
            )
        return line


def advantage_odds(rules: Ruleset, pools: Pools) -> AdvantageOdds:
    """The exact odds that each side gains the advantage (see the module docstring)."""
    nets = {s: net_hits(rules, pools, s) for s in (1, 2)}
    wins = {1: Fraction(0), 2: Fraction(0)}
    equal = Fraction(0)
    for a, p in nets[1].items():
        for b, q in nets[2].items():
            if a > b:
                wins[1] += p * q
            elif b > a:
                wins[2] += p * q
            else:
                equal += p * q
    order = nations(rules).assault_tie
    named = {s: pools_nation(rules, pools, s) for s in (1, 2)}
    ranks = {s: order.rank(n) for s, n in named.items()}
    tie_side: int | None = None
    rulings: tuple[str, ...] = ()
    if ranks[1] != ranks[2]:
        tie_by = "nation-order"
        tie_side = min(ranks, key=lambda s: ranks[s])
        wins[tie_side] += equal
    else:
        tie_by = assault_rules(rules).tie
        rulings = ("assault.tie-rank",)
        if tie_by == "roll-off":  # the higher of two d6, rolled again on equal: even
            wins = {s: w + equal / 2 for s, w in wins.items()}
    rerolls = tuple(dict.fromkeys(p.uid for p in pools.pools if p.reroll))
    return AdvantageOdds(wins, equal, tie_by, tie_side, nets, rerolls, rulings)
