"""Which enemy hits a side's deflections can cancel (clauses ``assault.deflection``,
``assault.facing``).

Each successful deflection cancels one enemy success; a stationary unit attacked from
several sides deflects only the hits of the enemies on the side it chose (current
edition). Who may cancel what is a bipartite graph, so the most hits that can be cancelled,
and whether a chosen set of cancellations can be made, are maximum-flow questions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import msgspec

from referee.rules.assault.pools import pool_id
from referee.rules.assault.roll import Rolled
from referee.rules.assault.table import AssaultRules

if TYPE_CHECKING:
    import networkx as nx  # imported where a flow is worked out


class Deflector(msgspec.Struct, frozen=True):
    """A deflection pool's successes and the attacker pools it may cancel (``None``: any)."""

    pool: str
    successes: int
    allowed: frozenset[str] | None = None


def deflectors(table: AssaultRules, rolled: Rolled, side: int) -> tuple[Deflector, ...]:
    """The deflection pools of ``side`` with their successes and what each may cancel."""
    contest = rolled.pools.contest
    out: list[Deflector] = []
    for pid, n in rolled.successes(side, "deflection").items():
        c = contest.combatant(rolled.of(pid).pool.uid)
        allowed: frozenset[str] | None = None
        if table.stationary_side_only and c.role == "stationary" and c.deflects_from is not None:
            allowed = frozenset(pool_id(u, "assault") for u in c.deflects_from)
        out.append(Deflector(pid, n, allowed))
    return tuple(out)


def _flow(cancel: Mapping[str, int], by: Sequence[Deflector]) -> int:
    deflecting = [d for d in by if d.successes > 0]
    wanted = sum(n for n in cancel.values() if n > 0)
    if not deflecting or not wanted:
        return 0
    if all(d.allowed is None for d in deflecting):
        # each deflection may cancel any hit: the graph is complete between the two sides,
        # and its most flow is the smaller side's total (no networkx to import for it)
        return min(sum(d.successes for d in deflecting), wanted)
    import networkx as nx

    graph: nx.DiGraph[object] = nx.DiGraph()
    for d in by:
        if d.successes <= 0:
            continue
        graph.add_edge("source", ("d", d.pool), capacity=d.successes)
        for attacker, n in cancel.items():
            if n > 0 and (d.allowed is None or attacker in d.allowed):
                graph.add_edge(("d", d.pool), ("a", attacker))
    for attacker, n in cancel.items():
        if n > 0:
            graph.add_edge(("a", attacker), "sink", capacity=n)
    if "source" not in graph or "sink" not in graph:
        return 0
    value, _ = nx.maximum_flow(graph, "source", "sink")
    return int(value)


def most_cancelled(hits: Mapping[str, int], by: Sequence[Deflector]) -> int:
    """The most of ``hits`` (successes per attacker pool) that ``by`` can cancel."""
    return _flow(hits, by)


def can_cancel(chosen: Mapping[str, int], by: Sequence[Deflector]) -> bool:
    """Whether ``by`` can cancel exactly ``chosen`` (hits per attacker pool)."""
    return _flow(chosen, by) == sum(n for n in chosen.values() if n > 0)
