"""The journal's events are read back as the typed command values of the match's game
(clause-free: the journal's own contract): an event of the game of written orders holds a
:class:`~referee.rules.orders.commands.Fire`, one of the activation rules a
:class:`~referee.rules.activation.commands.Ban`, and a row whose command its game cannot
read is a damaged file, refused naming the step, the event and the field."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from referee.match.games.systems import open_match
from referee.match.journal.journal_file import MatchFileError
from referee.match.journal.journal_text import (
    JournalTextError,
    parse_journal,
    read_journal,
    replay_journal,
)
from referee.rules.activation.commands import Ban
from referee.rules.orders.commands import Fire

ROOT = Path(__file__).resolve().parents[2]
ORDERS = ROOT / "tests" / "match" / "journals" / "tank-and-grunts.journal"
ACTIVATION = ROOT / "data" / "journals" / "activation-crossroads.journal"


def _replayed(journal: Path, tmp_path: Path) -> Path:
    path = tmp_path / "m.referee"
    replay_journal(read_journal(journal), path).close()
    return path


def test_an_orders_event_holds_its_fire_command_typed(tmp_path: Path) -> None:
    with open_match(_replayed(ORDERS, tmp_path)) as match:
        fire = match.steps()[0].events[0].command
    # the journal's line: fire shooter=tank target=grunts weapon="Main gun"
    assert isinstance(fire, Fire)
    assert (fire.shooter, fire.target, fire.weapon) == ("tank", "grunts", "Main gun")
    assert fire.text() == "fire shooter=tank target=grunts weapon='Main gun'"  # shell-quoted


def test_an_activation_event_holds_its_ban_command_typed(tmp_path: Path) -> None:
    with open_match(_replayed(ACTIVATION, tmp_path)) as match:
        ban = match.steps()[1].events[0].command
    # the journal's line: ban side=1 mission=open-field
    assert isinstance(ban, Ban)
    assert (ban.side, ban.mission) == (1, "open-field")


@pytest.mark.parametrize(
    ("journal", "command", "field"),
    [
        (ORDERS, {"kind": "fire", "shooter": "tank", "range": 3}, "range"),
        (ACTIVATION, {"kind": "ban", "side": 3, "mission": "open-field"}, "side"),
    ],
    ids=["orders", "activation"],
)
def test_a_row_whose_command_cannot_be_read_is_a_damaged_file(tmp_path, journal, command, field):
    path = _replayed(journal, tmp_path)
    conn = sqlite3.connect(path)
    with conn:
        (number, data) = conn.execute(
            "SELECT step, data FROM events ORDER BY step, position LIMIT 1 OFFSET 1"
        ).fetchone()
        row = json.loads(data)
        row["command"] = command
        conn.execute(
            "UPDATE events SET data = ? WHERE step = ? AND position = 0",
            (json.dumps(row), number),
        )
    conn.close()
    with pytest.raises(
        MatchFileError, match=rf"step {number} \(.*\), event 0: its command: .*{field}"
    ):
        open_match(path).steps()


def test_a_text_journal_is_read_into_typed_commands_at_the_edge() -> None:
    fire = read_journal(ORDERS).steps[0].commands[0]
    assert isinstance(fire, Fire) and fire.weapon == "Main gun"
    ban = read_journal(ACTIVATION).steps[1].commands[0]
    assert isinstance(ban, Ban) and ban.mission == "open-field"


def test_an_activation_journal_line_that_cannot_be_read_is_refused_as_it_is_read() -> None:
    text = "ruleset: activation\nseed: 1\nunit: tank battle-tank side=1\n\nstep: Ban\nban side=3\n"
    with pytest.raises(JournalTextError, match=r"line 6") as refused:
        parse_journal(text, "bad.journal")
    assert refused.value.field == "side"
