"""The JSON a journal writes stays byte for byte what it was: every shipped and fixture
journal replays identically, whatever the engine's values look like inside.

* Every text journal (``data/journals``, ``tests/match/journals``) replayed into a new match
  file writes each event's row with the very bytes the referee wrote before its commands
  and changes were typed: ``files/journal-event-bytes.json`` holds the SHA-256 (first 16 hex
  digits) of each active event's row, in journal order, as the referee of commit 1680f48
  (before issue 26) wrote them.
* Every match file kept as a fixture (``tests/match/files``, written by earlier versions):
  each event's command, read as its game's typed value, writes back the bytes the file
  holds, and the event run again with its dice is the file's row (in today's words, or
  the words of the version that wrote it)."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from referee.dice.service import Dice
from referee.match.games.systems import open_match
from referee.match.journal.journal_file import step_seed
from referee.match.journal.journal_text import read_journal, replay_journal

ROOT = Path(__file__).resolve().parents[2]
BYTES = json.loads((Path(__file__).parent / "files" / "journal-event-bytes.json").read_text())
JOURNALS = sorted(
    [*ROOT.glob("data/journals/*.journal"), *ROOT.glob("tests/match/journals/*.journal")]
)
MATCH_FILES = sorted((Path(__file__).parent / "files").glob("*.referee"))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_every_journal_has_its_bytes_recorded() -> None:
    assert sorted(BYTES) == sorted(j.relative_to(ROOT).as_posix() for j in JOURNALS)


@pytest.mark.parametrize("journal", JOURNALS, ids=lambda p: p.name)
def test_a_text_journal_replays_into_the_bytes_it_always_wrote(journal: Path, tmp_path) -> None:
    path = tmp_path / "m.referee"
    replay_journal(read_journal(journal), path).close()
    conn = sqlite3.connect(path)
    rows = conn.execute(
        "SELECT e.data FROM events e JOIN steps s ON s.number = e.step WHERE s.undone = 0 "
        "ORDER BY e.step, e.position"
    ).fetchall()
    conn.close()
    assert [_digest(r[0]) for r in rows] == BYTES[journal.relative_to(ROOT).as_posix()]
    with open_match(path) as match:
        assert match.replay_check() == []


@pytest.mark.parametrize("kept", MATCH_FILES, ids=lambda p: p.name)
def test_a_kept_match_file_reads_its_commands_typed_and_replays_its_rows(kept, tmp_path):
    path = tmp_path / kept.name
    shutil.copy(kept, path)
    match = open_match(path)
    system = match.system
    with match._reading():
        journal = match.step_rows()
        state = match.initial_state()
        seeds = match.step_seeds()
    assert journal, "a fixture with no steps checks nothing"
    for number, name, _, rows in journal:
        dice = Dice(seeds.get(number, step_seed(match.seed, number)))
        dice.type_in(r.value for row in rows for r in row.dice if r.typed)
        for i, row in enumerate(rows):
            where = f"{kept.name}: step {number} ({name}), event {i}"
            command = system.command_from_json(row.command)
            assert isinstance(command, system.COMMAND), where
            assert json.dumps(command.to_json()) == json.dumps(row.data["command"]), where
            again = system.step(state, command, dice)
            assert row.same(again.event), where
            state = again.state
