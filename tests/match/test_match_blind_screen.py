"""A blind setup's screen and undo (clause setup.blind, ruling setup.blind-undo): while one
side's placements are entered, a step holding the other side's entry is neither taken back
nor brought back; the side at the screen's own entries are."""

from __future__ import annotations

from referee.match.games.orders_file import MatchFile
from referee.rules.orders.blind_screen import entry_sides, screen_refusal
from referee.rules.orders.commands import Place, Reveal


def entrenched(tmp_path):
    return MatchFile.create(
        tmp_path / "e.referee",
        map_name="",
        scenario="entrenched",
        seed=3,
        units=[
            {"uid": "tank", "unit": "standard-tank", "side": 1},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2},
        ],
    )


def test_the_side_at_the_screen_undoes_its_own_entry_not_the_other_sides(tmp_path):
    with entrenched(tmp_path) as m:
        m.run("side 1", [Place(uid="tank", hex="C9", facing=0, speed="stand-still")])
        m.run("side 2", [Place(uid="grunts", hex="D2", facing=3, speed="stand-still")])
        first, second = m.steps()
        state = m.state
        assert entry_sides(first, state) == {1} and entry_sides(second, state) == {2}
        # side 2 at the screen: its own entry may go, side 1's may not
        assert screen_refusal([second], state, at_screen=2) is None
        why = screen_refusal([first, second], state, at_screen=2)
        assert why is not None and "side 1" in why and "tank" not in why and "C9" not in why
        assert "setup.blind-undo" in why
        # side 1 at the screen: the reverse
        assert screen_refusal([second], state, at_screen=1) is not None
        assert screen_refusal([first], state, at_screen=1) is None
        # once revealed, nothing is behind the screen
        m.run("reveal", [Reveal()])
        assert screen_refusal(m.steps(), m.state, at_screen=2) is None


def test_under_the_referee_reading_any_entry_may_be_taken_back(tmp_path):
    with entrenched(tmp_path) as m:
        m.run("side 1", [Place(uid="tank", hex="C9", facing=0, speed="stand-still")])
        state = m.state
        rules = state.rules.with_readings({"setup.blind-undo": "referee"})
        from dataclasses import replace

        assert screen_refusal(m.steps(), replace(state, rules=rules), at_screen=2) is None
        assert screen_refusal(m.steps(), state, at_screen=2) is not None
