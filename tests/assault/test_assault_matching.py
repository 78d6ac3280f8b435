"""Which hits deflections cancel (clause ``assault.deflection``): the most that can be
cancelled is a maximum flow. When every deflection may cancel any hit, the engine answers
without building the graph (the smaller of the two totals); that shortcut is checked here
against networkx's maximum flow on random pools, restricted ones included."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.assault.matching import Deflector, can_cancel, most_cancelled

POOLS = ("a1", "a2", "a3")


def _reference(hits: dict[str, int], by: list[Deflector]) -> int:
    graph: nx.DiGraph[object] = nx.DiGraph()
    graph.add_node("source")
    graph.add_node("sink")
    for d in by:
        graph.add_edge("source", ("d", d.pool), capacity=max(0, d.successes))
        for attacker in hits:
            if d.allowed is None or attacker in d.allowed:
                graph.add_edge(("d", d.pool), ("a", attacker))
    for attacker, n in hits.items():
        graph.add_edge(("a", attacker), "sink", capacity=max(0, n))
    return int(nx.maximum_flow_value(graph, "source", "sink"))


deflectors = st.lists(
    st.builds(
        Deflector,
        pool=st.sampled_from(("d1", "d2", "d3")),
        successes=st.integers(0, 6),
        allowed=st.none() | st.frozensets(st.sampled_from(POOLS)),
    ),
    max_size=3,
    unique_by=lambda d: d.pool,
)


@settings(max_examples=300, deadline=None)
@given(hits=st.dictionaries(st.sampled_from(POOLS), st.integers(0, 6)), by=deflectors)
def test_the_most_hits_cancelled_is_the_maximum_flow(hits, by):
    assert most_cancelled(hits, by) == _reference(hits, by)


def test_unrestricted_deflections_cancel_the_smaller_total():
    # 4 deflections against 2 + 3 hits: 4 cancelled; 7 against 5: all 5
    assert most_cancelled({"a1": 2, "a2": 3}, [Deflector("d1", 4)]) == 4
    assert most_cancelled({"a1": 2, "a2": 3}, [Deflector("d1", 4), Deflector("d2", 3)]) == 5


def test_a_stationary_units_deflections_cancel_only_the_side_it_chose():
    # 5 deflections allowed against a1 only: a1's 2 hits, never a2's 3
    by = [Deflector("d1", 5, frozenset({"a1"}))]
    assert most_cancelled({"a1": 2, "a2": 3}, by) == 2
    assert can_cancel({"a1": 2}, by) and not can_cancel({"a2": 1}, by)
