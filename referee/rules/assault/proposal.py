"""A sensible dealing of one side's hits, ready for the referee to accept or change.

Clause ``assault.allocation``: the side that deals the hits is the hitting side itself
(current edition), or the winner for both sides (first draft), who then places the enemy's
hits where they hurt least (the first draft's example: the Dark Elf puts one of the Elf's
hits on its tank, which will survive anyway). The proposal fills the damaging hits first
(clause ``assault.damaging``), pairing hits and bases for the most (or the least) total
harm, then gives each further hit as support where it adds the most (or least) (clause
``assault.support``), places the acid and poison tokens, and never replaces hits by
Cunning Assault (the first draft's choice is left to the player). Harm is
:func:`~.estimate.hit_harm`. Where the pairing leaves no choice (one unit against one enemy,
say) it is worked out directly (:func:`forced_pairing`); networkx's min-cost flow is
imported only when the pairing is a choice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from referee.rules.assault.contest import Combatant, Contest
from referee.rules.assault.dealing import SideAllocation, TokenKind, TokenPlan, roll_plan
from referee.rules.assault.deflection import Deflected
from referee.rules.assault.estimate import hit_harm
from referee.rules.assault.hits import allocator, entry_kind, expected_tokens, hits_of, kinds
from referee.rules.assault.table import AssaultRules, assault_rules

if TYPE_CHECKING:
    import networkx as nx  # imported where a flow is worked out

    from referee.ruleset import Ruleset

Harm = Callable[[str, str, int], Fraction]
SCALE = 10_000
"""Harm is scaled to whole numbers for the min-cost flow."""


def _harm(rules: Ruleset, contest: Contest) -> Harm:
    cache: dict[tuple[str, str, int], Fraction] = {}

    def harm(source: str, target: str, support: int) -> Fraction:
        key = (source, target, support)
        if key not in cache:
            cache[key] = hit_harm(
                rules, contest.combatant(source), contest.combatant(target), support
            )
        return cache[key]

    return harm


@dataclass
class _Roll:
    """A damage roll being planned (mutable while the proposal is built)."""

    source: str
    target: str
    support: dict[str, int] = field(default_factory=dict)


def _damaging(
    table: AssaultRules, contest: Contest, side: int, left: dict[str, int], harm: Harm, sign: int
) -> list[_Roll]:
    """Damaging hits, as many as there is room for (one per alive model of each kind),
    paired so that their total harm is the greatest (or least): a min-cost flow. The hits
    used are taken off ``left``."""
    enemies = contest.enemy(side).alive
    kind_of = {u: entry_kind(table, contest.combatant(u).unit.unit.assault) for u in left}
    rolls: list[_Roll] = []
    for kind in dict.fromkeys(kind_of.values()):
        supply = {u: n for u, n in left.items() if kind_of[u] == kind and n > 0}
        if not supply:
            continue  # no hit of this kind left to pair
        room = {e.uid: e.unit.alive for e in enemies}
        pairs = forced_pairing(supply, room)
        if pairs is None:
            pairs = _cheapest_pairing(supply, enemies, harm, sign)
        for u in list(left):
            for e in enemies:
                n = pairs.get((u, e.uid), 0)
                rolls.extend(_Roll(u, e.uid) for _ in range(n))
                left[u] -= n
    return rolls


def forced_pairing(
    supply: dict[str, int], room: dict[str, int]
) -> dict[tuple[str, str], int] | None:
    """The pairing of hits (``supply``: per unit) with enemies (``room``: models each) when
    only one is possible, whatever the harm: one enemy with room for every hit, one unit
    with a hit for every enemy model, or one of each (as many as there is room for). None
    otherwise (the min-cost flow then chooses)."""
    if not supply or not room:
        return None
    if len(room) == 1:
        ((target, models),) = room.items()
        if len(supply) == 1:
            ((unit, hits),) = supply.items()
            return {(unit, target): min(hits, models)}
        if sum(supply.values()) <= models:
            return {(u, target): n for u, n in supply.items()}
    if len(supply) == 1:
        ((unit, hits),) = supply.items()
        if hits >= sum(room.values()):
            return {(unit, t): n for t, n in room.items()}
    return None


def _cheapest_pairing(
    supply: dict[str, int], enemies: tuple[Combatant, ...], harm: Harm, sign: int
) -> dict[tuple[str, str], int]:
    """As many hits paired as there is room for, their total harm the greatest (or least):
    a min-cost flow (networkx, imported only when a pairing is a choice)."""
    import networkx as nx

    graph: nx.DiGraph[object] = nx.DiGraph()
    for u, n in supply.items():
        graph.add_edge("source", ("u", u), capacity=n, weight=0)
        for e in enemies:
            cost = -sign * harm(u, e.uid, 0) * SCALE
            graph.add_edge(("u", u), ("t", e.uid), weight=round(cost))
    for e in enemies:
        graph.add_edge(("t", e.uid), "sink", capacity=e.unit.alive, weight=0)
    flow = nx.max_flow_min_cost(graph, "source", "sink")
    return {
        (u, e.uid): flow.get(("u", u), {}).get(("t", e.uid), 0) for u in supply for e in enemies
    }


def _support(
    table: AssaultRules,
    contest: Contest,
    rolls: list[_Roll],
    left: dict[str, int],
    harm: Harm,
    sign: int,
) -> None:
    """Each further hit supports the compatible roll where it changes the harm most (or
    least); the first such roll on equal terms."""
    for u, n in left.items():
        mine = kinds(contest.combatant(u).unit.unit.assault)
        for _ in range(n):
            options = []
            for i, r in enumerate(rolls):
                theirs = kinds(contest.combatant(r.source).unit.unit.assault)
                if table.kinds_apart and not (mine & theirs):
                    continue
                s = sum(r.support.values())
                gain = harm(r.source, r.target, s + 1) - harm(r.source, r.target, s)
                options.append((sign * gain, -i))
            if not options:
                break
            _, minus_i = max(options)
            chosen = rolls[-minus_i]
            chosen.support[u] = chosen.support.get(u, 0) + 1


def _token_target(kind: TokenKind, enemies: tuple[Combatant, ...], sign: int) -> str:
    def score(c: Combatant) -> tuple[int, int]:
        armor = c.unit.unit.armor[c.fights_with] if c.unit.unit.armor else 0
        useful = c.unit.unit.biological if kind == "poison" else armor > 0
        return (sign * int(useful), sign * c.unit.alive)

    return max(enemies, key=score).uid


def propose_allocation(rules: Ruleset, deflected: Deflected, side: int) -> SideAllocation:
    """A legal dealing of side ``side``'s hits (see the module docstring)."""
    table = assault_rules(rules)
    contest = deflected.advantage.rolled.pools.contest
    by = allocator(table, deflected, side)
    sign = 1 if by == side else -1
    harm = _harm(rules, contest)
    left = hits_of(deflected, side)
    rolls = _damaging(table, contest, side, left, harm, sign)
    _support(table, contest, rolls, left, harm, sign)
    plans = tuple(roll_plan(r.source, r.target, r.support) for r in rolls)
    enemies = contest.enemy(side).alive
    tokens = (
        tuple(
            TokenPlan(uid, _token_target(kind, enemies, sign), kind)
            for (uid, kind), n in expected_tokens(table, deflected, side, contest).items()
            for _ in range(n)
        )
        if enemies
        else ()
    )
    return SideAllocation(side, by, plans, (), tokens)
