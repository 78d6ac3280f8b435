"""``referee match check``: every step run again and each event compared with the row the
file holds; the state each step runs on is the journal's own, its changes checked as they
are folded in."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from referee.board.hexgrid import parse_label
from referee.cli.main import main
from referee.match.games.orders_file import MatchFile, MatchFileError
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.rules.orders.commands import Correct

JOURNAL = Path(__file__).parent / "journals" / "tank-and-grunts.journal"
"""Step 1: the tank fires (dice 5 6: the grunts lose a model); 2: apply damage; 3: the
referee moves the grunts to E5; 4-8: agony 0-4; 9: aftermath; 10: turn 2 begins."""


def _replayed(tmp_path: Path) -> Path:
    path = tmp_path / "m.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    return path


def _rewrite(path: Path, step: int, change) -> None:  # type: ignore[no-untyped-def]
    """Rewrite the rows of ``step`` (every step if 0) as another program would."""
    conn = sqlite3.connect(path)
    with conn:
        rows = list(conn.execute("SELECT id, step, data FROM events"))
        for rid, number, data in rows:
            if step in (0, number):
                conn.execute("UPDATE events SET data = ? WHERE id = ?", (change(data), rid))
    conn.close()


def test_a_replayed_journal_checks_exactly_and_the_command_counts_its_steps(tmp_path, capsys):
    path = _replayed(tmp_path)
    with MatchFile.open(path) as m:
        assert m.replay_check() == []
        assert m.step_count() == len(m.steps()) == 10
    assert main(["match", "check", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"{path}: 10 steps replay exactly"


def test_an_undone_step_is_neither_checked_nor_counted(tmp_path, capsys):
    path = _replayed(tmp_path)
    with MatchFile.open(path) as m:
        m.undo()
        assert m.step_count() == len(m.steps()) == 9
    assert main(["match", "check", str(path)]) == 0
    assert capsys.readouterr().out.strip() == f"{path}: 9 steps replay exactly"


def test_rows_written_with_their_keys_in_another_order_still_replay_exactly(tmp_path):
    # another writer (an older referee, a tool) may lay the same JSON out otherwise: the
    # check compares the values, not only the text
    path = _replayed(tmp_path)
    _rewrite(path, 0, lambda d: json.dumps(json.loads(d), sort_keys=True, indent=1))
    with MatchFile.open(path) as m:
        assert m.replay_check() == []


def test_an_event_whose_working_was_changed_in_the_file_is_reported(tmp_path, capsys):
    path = _replayed(tmp_path)

    def other_text(data: str) -> str:
        row = json.loads(data)
        row["text"] = "the tank missed"
        return json.dumps(row)

    _rewrite(path, 1, other_text)
    with MatchFile.open(path) as m:
        assert m.replay_check() == [
            "step 1 (Gunnery 1: the tank fires its main gun at the grunts), event 0 (fire): "
            'replays differently: the replay gives "tank fires Main gun at grunts" where the '
            'file says "the tank missed"'
        ]
    assert main(["match", "check", str(path)]) == 1
    assert "event 0 (fire): replays differently" in capsys.readouterr().out


def test_an_event_whose_record_was_changed_is_reported_alone(tmp_path):
    # the fire's detail (its to-hit terms and rolls) is gone from the file: that event is
    # reported; the steps after it run on the journal's state and replay exactly
    path = _replayed(tmp_path)

    def no_roll(data: str) -> str:
        row = json.loads(data)
        row["detail"] = {}
        return json.dumps(row)

    _rewrite(path, 1, no_roll)
    with MatchFile.open(path) as m:
        problems = m.replay_check()
    assert len(problems) == 1 and problems[0].startswith("step 1 ")


def test_changes_that_cannot_be_carried_out_make_the_check_refuse_a_damaged_file(tmp_path):
    path = _replayed(tmp_path)

    def off_the_map(data: str) -> str:
        row = json.loads(data)
        row["changes"]["units"]["grunts"]["hex"] = "Z99"
        return json.dumps(row)

    _rewrite(path, 3, off_the_map)  # the referee's correction moving the grunts
    before = path.read_bytes()
    with MatchFile.open(path) as m, pytest.raises(MatchFileError, match="damaged: step 3 "):
        m.replay_check()
    assert path.read_bytes() == before


def test_a_command_the_engine_now_refuses_is_reported_and_its_recorded_changes_kept(tmp_path):
    # the referee's correction (step 3) names a unit the match does not hold: refused now;
    # the journal keeps the grunts where the row put them, and the steps after it replay
    # exactly from there
    path = _replayed(tmp_path)

    def other_unit(data: str) -> str:
        row = json.loads(data)
        row["command"]["uid"] = "ghost"
        return json.dumps(row)

    _rewrite(path, 3, other_unit)
    with MatchFile.open(path) as m:
        problems = m.replay_check()
        assert m.state.unit("grunts").hex == parse_label("E5")  # the row's changes
    assert len(problems) == 1
    assert problems[0].startswith(
        "step 3 (The referee moves the grunts back to E5, as on "
        "the table), event 0 (correct): refused now: "
    )
    assert "ghost" in problems[0]


@pytest.mark.parametrize(("seed", "number"), [(0, 1), (2024, 1), (2024, 215), (2**63 - 1, 9999)])
def test_a_steps_dice_seed_is_the_first_48_bits_of_the_sha256_of_seed_and_number(seed, number):
    # the seed every match file's dice were rolled from: hashlib's SHA-256 is the reference
    import hashlib

    from referee.match.journal.journal_file import step_seed

    wanted = int(hashlib.sha256(f"{seed}:{number}".encode()).hexdigest()[:12], 16)
    assert step_seed(seed, number) == wanted


def test_a_correction_worded_as_an_earlier_referee_worded_it_still_checks_exactly(tmp_path):
    # referee 0.1 wrote a correction's fields as Python reprs ("hex = 'E5', facing = 2");
    # today's words are "hex E5; facing SE": a match corrected then is no less exact now
    path = _replayed(tmp_path)
    with MatchFile.open(path) as m:
        m.run("fix", [Correct(uid="grunts", set={"facing": 2})])
        number = m.step_count()

    def old_words(data: str) -> str:
        row = json.loads(data)
        assert row["text"] == "referee's correction: grunts facing SE"
        row["text"] = "referee's correction: grunts facing = 2"
        return json.dumps(row)

    _rewrite(path, number, old_words)
    with MatchFile.open(path) as m:
        assert m.replay_check() == []

    def other_words(data: str) -> str:
        row = json.loads(data)
        row["text"] = "referee's correction: grunts facing = 5"
        return json.dumps(row)

    # words neither version gave this ruling are still a tampered row
    _rewrite(path, number, other_words)
    with MatchFile.open(path) as m:
        assert m.replay_check() == [
            f"step {number} (fix), event 0 (correct): replays differently: the replay gives "
            '"referee\'s correction: grunts facing SE" where the file says "referee\'s '
            'correction: grunts facing = 5"'
        ]
