"""A fire action is carried out at a gunnery step only (clause turn.gunnery, ruling
turn.fire-outside-gunnery, reading ``refuse``); match files of format 2 and older and text
journals without ``format: 3`` fired at any step, and replay as they were played."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_text import JournalTextError, parse_journal, replay_journal
from referee.rules.command import CommandError

UNITS = [
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
]
SHOT = {"kind": "fire", "shooter": "tank", "target": "grunts", "weapon": "Main gun"}
HIT = [5, 6]
"""Need 3 (base 5, the tank standing still +1, the grunts standing still +1): a 5 hits; the
d6+1 damage roll 6 + 1 = 7 waits for the apply-damage step."""


def new_match(tmp_path: Path, readings: dict[str, str] | None = None) -> MatchFile:
    return MatchFile.create(
        tmp_path / "m.referee", map_name="entrenched", units=UNITS, seed=7, readings=readings
    )


def test_a_fire_action_at_the_orders_step_is_refused_naming_the_step_and_writes_nothing(
    tmp_path,
):
    with new_match(tmp_path) as m:
        assert m.state.step == "orders"
        before = (tmp_path / "m.referee").read_bytes()
        with pytest.raises(CommandError) as refused:
            m.run("A shot at the orders step", [SHOT], typed=HIT)
        assert "at a gunnery step only" in str(refused.value)
        assert 'turn 1, "Orders: ' in str(refused.value)
        assert refused.value.field == "kind"
        assert m.steps() == []
    assert (tmp_path / "m.referee").read_bytes() == before


def test_a_fire_action_at_a_gunnery_step_is_carried_out(tmp_path):
    # without the orders step (ruling turn.orders-step, reading none) the turn opens at
    # Gunnery 1
    with new_match(tmp_path, {"turn.orders-step": "none"}) as m:
        assert m.state.step == "gunnery-1"
        (event,) = m.run("Gunnery 1", [SHOT], typed=HIT).events
        assert event.kind == "fire"
        assert len(m.state.pending) == 1


def test_the_reading_any_step_fires_at_the_orders_step(tmp_path):
    with new_match(tmp_path, {"turn.fire-outside-gunnery": "any-step"}) as m:
        m.run("A shot at the orders step", [SHOT], typed=HIT)
        assert len(m.state.pending) == 1


def test_a_match_file_of_format_2_fires_at_any_step_as_it_was_played(tmp_path):
    path = tmp_path / "m.referee"
    new_match(tmp_path).close()
    with sqlite3.connect(path) as conn:  # as written before format 3
        conn.execute("UPDATE meta SET value = ? WHERE key = 'format_version'", [json.dumps(2)])
    conn.close()
    with MatchFile.open(path) as m:
        assert m.rules.readings["turn.fire-outside-gunnery"] == "any-step"
        m.run("A shot at the orders step", [SHOT], typed=HIT)
        assert len(m.state.pending) == 1
    with MatchFile.open(path) as m:
        assert m.replay_check() == []


JOURNAL = """\
format: {format}
map: entrenched
seed: 7
unit: tank standard-tank side=1 hex=C2 facing=3
unit: grunts ork-grunts side=2 hex=E6

step: A shot at the orders step
fire shooter=tank target=grunts weapon="Main gun"
dice: 5 6
"""


def test_a_text_journal_of_format_2_replays_its_shot_at_the_orders_step(tmp_path):
    m = replay_journal(parse_journal(JOURNAL.format(format=2)), tmp_path / "j.referee")
    with m:
        assert m.state.step == "orders"
        assert len(m.state.pending) == 1
        assert m.replay_check() == []


def test_a_text_journal_of_format_3_with_a_shot_at_the_orders_step_is_refused(tmp_path):
    with pytest.raises(JournalTextError, match="gunnery step"):
        replay_journal(parse_journal(JOURNAL.format(format=3)), tmp_path / "j.referee")
