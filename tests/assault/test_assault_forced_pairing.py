"""Where the dealing of damaging hits leaves no choice (one enemy with room for every hit,
one unit with a hit for every enemy model, one unit against one enemy), the pairing is
worked out without a min-cost flow, and it is the flow's own answer whatever the harm."""

from __future__ import annotations

import subprocess
import sys

import networkx as nx
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.assault.proposal import forced_pairing


def flow_pairing(
    supply: dict[str, int], room: dict[str, int], cost: dict[tuple[str, str], int]
) -> dict[tuple[str, str], int]:
    """The reference: networkx's min-cost flow over the same hits, room and costs."""
    graph: nx.DiGraph[object] = nx.DiGraph()
    for u, n in supply.items():
        graph.add_edge("source", ("u", u), capacity=n, weight=0)
        for t in room:
            graph.add_edge(("u", u), ("t", t), weight=cost[u, t])
    for t, models in room.items():
        graph.add_edge(("t", t), "sink", capacity=models, weight=0)
    flow = nx.max_flow_min_cost(graph, "source", "sink")
    return {
        (u, t): flow[("u", u)][("t", t)] for u in supply for t in room if flow[("u", u)][("t", t)]
    }


def test_one_unit_against_one_enemy_deals_as_many_hits_as_there_are_models():
    assert forced_pairing({"ogres": 5}, {"elves": 3}) == {("ogres", "elves"): 3}
    assert forced_pairing({"ogres": 2}, {"elves": 3}) == {("ogres", "elves"): 2}


def test_a_choice_between_enemies_or_units_is_left_to_the_flow():
    assert forced_pairing({"ogres": 2}, {"elves": 3, "tank": 1}) is None
    assert forced_pairing({"ogres": 2, "trolls": 2}, {"elves": 3}) is None


@given(
    supply=st.dictionaries(st.sampled_from("abcd"), st.integers(1, 6), min_size=1),
    room=st.dictionaries(st.sampled_from("wxyz"), st.integers(1, 6), min_size=1),
    costs=st.lists(st.integers(-50, 50), min_size=16, max_size=16),
)
def test_a_forced_pairing_is_the_min_cost_flows_answer(supply, room, costs):
    cost = {(u, t): costs[4 * "abcd".index(u) + "wxyz".index(t)] for u in supply for t in room}
    forced = forced_pairing(supply, room)
    if forced is not None:
        assert {k: n for k, n in forced.items() if n} == flow_pairing(supply, room, cost)


def test_replaying_the_ten_turn_match_needs_no_flow_library():
    # its assaults are one unit against one enemy
    code = (
        "import sys, tempfile, pathlib\n"
        "from referee.bench.replay_bench import default_journal\n"
        "from referee.match.journal.journal_text import read_journal, replay_journal\n"
        "d = pathlib.Path(tempfile.mkdtemp())\n"
        "with replay_journal(read_journal(default_journal()), d / 'm.referee') as m:\n"
        "    assert m.replay_check() == []\n"
        "    assert any(e.kind == 'assault' for s in m.steps() for e in s.events)\n"
        "print('networkx' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    )
    assert out.stdout.split() == ["False"]
