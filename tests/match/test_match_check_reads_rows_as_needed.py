"""``referee match check`` reads a row as this version writes it only as far as running it
again needs (its kind, its command, its typed dice) and the whole row only where the event
run again differs: the verdict is the one reading every row whole gives, whatever another
writer did to the row (a key given twice, where JSON keeps the last; typed dice laid out
otherwise)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_text import read_journal, replay_journal

JOURNAL = Path(__file__).parent / "journals" / "tank-and-grunts.journal"
"""Step 1: the tank fires at the grunts, dice 5 6 typed in (a 5 hits; 6 + 1 = 7 kills a
model); the other steps roll no die typed in."""


def _replayed(tmp_path: Path) -> Path:
    path = tmp_path / "m.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    return path


def _rewrite_step_1(path: Path, change) -> None:  # type: ignore[no-untyped-def]
    conn = sqlite3.connect(path)
    with conn:
        (rid, data), *_ = conn.execute("SELECT id, data FROM events WHERE step = 1")
        new = change(data)
        assert new != data
        conn.execute("UPDATE events SET data = ? WHERE id = ?", (new, rid))
    conn.close()


def test_typed_dice_laid_out_otherwise_are_still_typed_in(tmp_path):
    """The fire row keeps its start as written, its dice ``"typed":true`` without the space
    this version writes: the dice 5 and 6 are still the ones typed in, so the fire replays
    as the same JSON value (with the seed's dice instead, it would not)."""
    path = _replayed(tmp_path)
    _rewrite_step_1(path, lambda d: d.replace('"typed": true', '"typed":true'))
    with MatchFile.open(path) as m:
        assert m.replay_check() == []


def test_a_command_given_twice_is_read_as_json_reads_it_the_last(tmp_path):
    """The fire row names a first ``command`` (an advance) before its own: JSON keeps the
    last, the fire, as reading the whole row does; it replays as the same JSON value."""
    path = _replayed(tmp_path)
    twice = '"command": {"kind": "advance"}, "command": {'
    _rewrite_step_1(path, lambda d: d.replace('"command": {', twice, 1))
    with MatchFile.open(path) as m:
        assert m.replay_check() == []


def test_a_fire_whose_typed_die_was_changed_is_reported(tmp_path):
    """The first die typed in changed from 5 to 1 (a miss): the fire replays differently,
    named as such; the rest of the journal folds the row's own changes."""
    path = _replayed(tmp_path)

    def one(data: str) -> str:
        row = json.loads(data)
        assert [d["value"] for d in row["dice"] if d["typed"]] == [5, 6]
        row["dice"][0]["value"] = 1
        return json.dumps(row)

    _rewrite_step_1(path, one)
    with MatchFile.open(path) as m:
        problems = m.replay_check()
    assert problems and problems[0].startswith("step 1 (Gunnery 1: the tank fires")
    assert (
        "(fire): replays differently: die 1 (to hit grunts (Main gun)), typed: recorded 1"
        in (problems[0])
    )
