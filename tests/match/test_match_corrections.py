"""The referee's corrections of hex markers and of units on the table (correct-hex,
correct-remove): they mirror the table, apply no rule, and undo like any step."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.board.hexgrid import parse_label
from referee.match.corrections import CorrectionError
from referee.match.journal_text import parse_command
from referee.match.store import MatchFile

UNITS = [
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
]


def new_match(tmp_path: Path) -> MatchFile:
    return MatchFile.create(tmp_path / "m.referee", map_name="entrenched", units=UNITS, seed=7)


def test_correct_hex_puts_smoke_on_a_hex_and_it_blocks_the_line(tmp_path):
    from referee.board.los import line_of_sight
    from referee.match.board_now import board_now

    with new_match(tmp_path) as m:
        c3 = parse_label("C3")
        m.run("smoke", [{"kind": "correct-hex", "hex": "C3", "marker": "smoke", "count": 2}])
        assert m.state.hexes.count(c3, "smoke") == 2
        # C3 lies between C2 and C4 on one column; both ends on the ground: smoke blocks
        # (los.smoke) -- the board the fire command uses sees it.
        sight = line_of_sight(board_now(m.state), parse_label("C2"), parse_label("C4"), 0, 0)
        assert c3 in sight.blocked_by


def test_correct_hex_count_zero_takes_the_stack_off(tmp_path):
    with new_match(tmp_path) as m:
        m.run("fire", [{"kind": "correct-hex", "hex": "D4", "marker": "fire", "count": 1}])
        m.run("out", [{"kind": "correct-hex", "hex": "D4", "marker": "fire", "count": 0}])
        assert m.state.hexes.at(parse_label("D4")) == ()


def test_correct_hex_keeps_a_clouds_strength_and_level(tmp_path):
    with new_match(tmp_path) as m:
        m.run(
            "cloud",
            [
                {
                    "kind": "correct-hex",
                    "hex": "D4",
                    "marker": "poison-cloud",
                    "count": 2,
                    "strength": 8,
                }
            ],
        )
        m.run(
            "one off", [{"kind": "correct-hex", "hex": "D4", "marker": "poison-cloud", "count": 1}]
        )
        cloud = m.state.hexes.get(parse_label("D4"), "poison-cloud")
        # hex_effects.toml (current): a poison cloud placed without (n+) has level 4.
        assert (cloud.count, cloud.strength, cloud.level) == (1, 8, 4)


@pytest.mark.parametrize(
    ("command", "words"),
    [
        ({"hex": "Z99", "marker": "smoke", "count": 1}, "not on the map"),
        ({"hex": "D4", "marker": "glitter", "count": 1}, "no marker 'glitter'"),
        ({"hex": "D4", "marker": "smoke", "count": -1}, "count must be 0 or more"),
        ({"hex": "D4", "marker": "smoke", "count": 1, "strength": 8}, "has no strength"),
        ({"hex": "D4", "marker": "poison-cloud", "count": 1}, "needs a strength"),
        ({"hex": "D4", "marker": "poison-cloud", "count": 1, "strength": 5}, "not 5"),
        ({"hex": "D4", "marker": "smoke"}, "missing 'count'"),
    ],
)
def test_correct_hex_refuses_what_the_table_cannot_hold(tmp_path, command, words):
    with new_match(tmp_path) as m:
        with pytest.raises(CorrectionError, match=words):
            m.run("bad", [{"kind": "correct-hex", **command}])
        assert m.steps() == []


def test_correct_remove_takes_the_unit_and_its_pending_damage_off(tmp_path):
    with new_match(tmp_path) as m:
        # journal tank-and-grunts: need 3, a 5 hits, a 6 on d6+1 is 7: a row is pending
        m.run(
            "shot",
            [{"kind": "fire", "shooter": "tank", "target": "grunts", "weapon": "Main gun"}],
            typed=[5, 6],
        )
        assert [p["unit"] for p in m.state.pending] == ["grunts"]
        m.run("gone", [parse_command("correct-remove uid=grunts")])
        assert set(m.state.units) == {"tank"}
        assert m.state.pending == ()
        m.undo()
        assert set(m.state.units) == {"tank", "grunts"}
        assert len(m.state.pending) == 1


def test_correct_remove_of_an_unknown_unit_is_refused(tmp_path):
    with new_match(tmp_path) as m, pytest.raises(CorrectionError, match="no unit 'ghost'"):
        m.run("bad", [{"kind": "correct-remove", "uid": "ghost"}])


def test_corrections_replay_exactly(tmp_path):
    with new_match(tmp_path) as m:
        m.run("smoke", [parse_command("correct-hex hex=C3 marker=smoke count=2")])
        m.run("gone", [parse_command("correct-remove uid=tank")])
        assert m.replay_check() == []
