"""What ``advance skip=idle`` works out once and keeps (:mod:`referee.rules.orders.memo`) is what
working it out afresh gives, at every step of every turn of long real matches: whether a
step is idle (:func:`referee.rules.orders.advance.step_is_idle`, the agenda's units and hexes
alone) as :func:`referee.rules.orders.advance.step_work` says it, what the match knows of the step
(:meth:`MatchState.facts`) and the actions of a movement step
(:func:`referee.rules.orders.movement_orders.step_actions`)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from referee.bench.replay_bench import default_journal
from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.rules.changes import Changes
from referee.rules.orders.advance import step_is_idle, step_work
from referee.rules.orders.movement_orders import _step_actions, step_actions
from referee.rules.orders.state import MatchState
from referee.rules.turn.clock import TurnPosition

JOURNALS = Path(__file__).parent / "journals"


def _states(tmp_path: Path, journal: Path) -> list[MatchState]:
    """The state after every event of ``journal`` (the set-up first)."""
    with replay_journal(read_journal(journal), tmp_path / "m.referee") as m:
        state = m.initial_state()
        out = [state]
        for step in m.steps():
            for event in step.events:
                state = state.apply(event.changes)
                out.append(state)
    return out


def _turn_from(state: MatchState) -> list[MatchState]:
    """``state`` moved to every step of the turn from where it is, as advance looks at them."""
    position = TurnPosition.at(state.rules, state.turn, state.step)
    out = []
    for _ in range(len(position.steps)):
        out.append(
            state.apply(
                Changes(
                    turn=position.turn,
                    step=position.step_id,
                    triggered=() if position.turn != state.turn else None,
                )
            )
        )
        # what advance skip=idle makes of it without the changes
        assert state.moved_to(position.turn, position.step_id) == out[-1]
        position = position.next()
    return out


@pytest.mark.parametrize(
    "journal",
    [default_journal(), JOURNALS / "full-turn.journal", JOURNALS / "two-turns-orders-step.journal"],
    ids=lambda p: p.stem,
)
def test_what_advance_keeps_is_what_working_it_out_afresh_gives(tmp_path, journal):
    seen: Counter[tuple[str, bool]] = Counter()
    for state in _states(tmp_path, journal):
        for here in _turn_from(state):
            step = TurnPosition.at(here.rules, here.turn, here.step).step
            kind = step.kind
            idle = step_work(here) is None
            assert step_is_idle(here) is idle, (here.turn, here.step)
            assert step_is_idle(here, step) is idle, (here.turn, here.step)
            assert here.facts() == here._facts()
            if kind == "movement":
                number = int(here.step.split("-")[1])
                assert step_actions(here, number) == _step_actions(here, number)
            seen[kind, idle] += 1
    # the walk met steps with work and steps without
    assert any(idle for _, idle in seen) and any(not idle for _, idle in seen)
    if journal == default_journal():
        for kind in ("gunnery", "movement", "orders", "assault", "apply-damage"):
            assert seen[kind, True] and seen[kind, False], (kind, seen)


def test_the_same_where_hexes_hold_markers_and_units_are_shaken_and_burning(tmp_path):
    # a poison cloud on the grunts, smoke beside them, the grunts shaken and on fire: the
    # hex effects, agony and aftermath steps have work too
    path = tmp_path / "m.referee"
    units = [
        {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
        {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
    ]
    still = {"movement": "- + - + -", "gunnery": "- + -"}
    with MatchFile.create(path, map_name="entrenched", units=units, seed=7) as m:
        m.run(
            "Set-up",
            [
                *(
                    {"kind": "orders", "uid": u, "turn": t, **still}
                    for u in ("tank", "grunts")
                    for t in (1, 2)
                ),
                {
                    "kind": "correct-hex",
                    "hex": "E6",
                    "marker": "poison-cloud",
                    "count": 2,
                    "strength": 6,
                },
                {"kind": "correct-hex", "hex": "E5", "marker": "smoke", "count": 1},
                {"kind": "correct", "uid": "grunts", "set": {"shaken": 1, "fire": 1}},
            ],
        )
        states = [m.state]
        while states[-1].turn < 2:
            m.run("On", [{"kind": "advance"}])
            states.append(m.state)
    seen: Counter[tuple[str, bool]] = Counter()
    for state in states:
        for here in _turn_from(state):
            kind = TurnPosition.at(here.rules, here.turn, here.step).step.kind
            idle = step_work(here) is None
            assert step_is_idle(here) is idle, (here.turn, here.step)
            assert here.facts() == here._facts()
            seen[kind, idle] += 1
    for kind in ("hex-effects", "agony", "aftermath"):
        assert seen[kind, False], (kind, seen)
