"""A match written whole to a new file (File > Save As, ``referee match copy FILE NEW``,
referee/match/journal/match_copy.py), of either game: every step, undone ones too, each
event's row as the journal wrote it, the attempts its dice were drawn at; the copy replays
exactly (``match check``) and redo brings the undone steps back in it. Written from what
the open match read, so a match whose file was deleted while it was open is saved as it
was. Refused, naming the file, with nothing written: the match's own file, a name that
exists, no such folder, a folder; a full disk and a folder without write permission leave
no file and no piece of one (real disks that say no: tests/disk_helpers.py)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from disk_helpers import as_plain_user, on_full_disk, one_line

from referee.cli.main import main
from referee.match.games.orders_file import MatchFile
from referee.match.games.systems import open_match
from referee.match.journal.journal_file import JournalFile, MatchFileError
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.match.journal.match_copy import write_copy
from referee.paths import data_dir
from referee.rules.orders.commands import Fire

JOURNALS = ("ten-turns", "activation-crossroads")
UNITS = [
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
]


def shipped(tmp_path: Path, name: str) -> Path:
    """The shipped journal ``name`` played into a match file, its last two steps undone."""
    path = tmp_path / f"{name}.referee"
    match = replay_journal(read_journal(data_dir() / "journals" / f"{name}.journal"), path)
    match.undo()
    match.undo()
    return path


def rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(path)
    try:
        return list(conn.execute(sql))
    finally:
        conn.close()


def journal_rows(path: Path) -> tuple[list[tuple[object, ...]], ...]:
    """The file's steps and events, its set-up, its cards and its meta but the counter of
    writes, row for row."""
    return (
        rows(path, "SELECT number, name, undone, created FROM steps ORDER BY number"),
        rows(path, "SELECT step, position, kind, data FROM events ORDER BY step, position"),
        rows(path, "SELECT uid, position, data FROM units ORDER BY position"),
        rows(path, "SELECT id, data FROM cards ORDER BY id"),
        rows(path, "SELECT key, value FROM meta WHERE key != 'revision' ORDER BY key"),
    )


@pytest.mark.parametrize("name", JOURNALS)
def test_a_copy_holds_every_step_undone_ones_too_row_for_row(tmp_path, name):
    path = shipped(tmp_path, name)
    new = tmp_path / "copy.referee"
    with open_match(path) as match:
        assert write_copy(match, new) == new
    assert journal_rows(new) == journal_rows(path)
    with open_match(new) as copy, open_match(path) as original:
        assert copy.replay_check() == []
        assert copy.state == original.state
        assert [s.number for s in copy.steps(include_undone=True) if s.undone] == [
            s.number for s in original.steps(include_undone=True) if s.undone
        ]
        brought = copy.redo()  # the step undone first comes back in the copy
        assert brought is not None and brought == original.redo()
        assert copy.state == original.state


def test_a_match_whose_file_was_deleted_is_saved_as_it_was_read(tmp_path):
    """The dice of a step written again after an undo are drawn at its second attempt
    (format 6): the copy keeps that attempt, so it replays exactly; the step undone is
    there to redo; the step whose dice a wizard showed is written at the next attempt."""
    path = tmp_path / "m.referee"
    match = MatchFile.create(
        path, map_name="entrenched", units=UNITS, seed=7, readings={"turn.orders-step": "none"}
    )
    fire = Fire(shooter="tank", target="grunts", weapon="Main gun")
    match.run("Fire", [fire])
    match.undo()
    again = match.run("Fire again", [fire])  # step 1 at its second attempt
    match.run("Fire more", [Fire(shooter="tank", target="grunts", weapon="Hull machine gun")])
    match.undo()
    match.dice_seen(2, 2)  # a wizard showed step 2's dice again
    steps = match.steps(include_undone=True)
    before = journal_rows(path)
    path.unlink()  # deleted while the match is open
    new = tmp_path / "saved.referee"
    write_copy(match, new, steps)
    assert journal_rows(new) == before  # the attempts in the meta table too
    with open_match(new) as copy:
        assert copy.replay_check() == []
        assert copy.steps(include_undone=True) == steps
        assert copy.steps()[0].events == again.events
        assert copy.next_dice()[:2] == (2, 3)  # after the attempt whose dice were shown


def test_the_matchs_own_file_is_refused_however_it_is_named(tmp_path):
    path = shipped(tmp_path, "activation-crossroads")
    link = tmp_path / "link.referee"
    link.symlink_to(path)
    before = journal_rows(path)
    with open_match(path) as match:
        for same in (path, tmp_path / "." / path.name, link):
            with pytest.raises(MatchFileError) as refused:
                write_copy(match, same, replace=True)
            assert str(refused.value).startswith(f"{same}: the match was not saved there")
            assert "the match's own file" in str(refused.value)
            assert "nothing was written" in str(refused.value)
    assert journal_rows(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "activation-crossroads.referee",
        "link.referee",
    ]


def test_a_name_that_exists_a_folder_and_no_folder_are_refused(tmp_path):
    path = shipped(tmp_path, "ten-turns")
    there = tmp_path / "there.referee"
    there.write_bytes(b"last week's match")
    (tmp_path / "folder").mkdir()
    with open_match(path) as match:
        cases = {
            there: "a file of that name exists; choose another name",
            tmp_path / "folder": "it is a folder",
            tmp_path / "nowhere" / "m.referee": f"no folder '{tmp_path / 'nowhere'}'",
        }
        for target, why in cases.items():
            with pytest.raises(MatchFileError) as refused:
                write_copy(match, target)
            assert str(refused.value) == (
                f"{target}: the match was not saved there: {why}; nothing was written"
            )
    assert there.read_bytes() == b"last week's match"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "folder",
        "ten-turns.referee",
        "there.referee",
    ]
    assert list((tmp_path / "folder").iterdir()) == []


def test_replace_puts_the_copy_over_a_file_the_user_chose_to_replace(tmp_path):
    path = shipped(tmp_path, "activation-crossroads")
    there = tmp_path / "there.referee"
    there.write_bytes(b"last week's match")
    with open_match(path) as match:
        write_copy(match, there, replace=True)
    assert journal_rows(there) == journal_rows(path)


def test_match_copy_then_match_check_on_the_command_line(tmp_path, capsys):
    path = shipped(tmp_path, "ten-turns")
    new = tmp_path / "copy.referee"
    assert main(["match", "copy", str(path), str(new)]) == 0
    out = capsys.readouterr().out
    assert out == f"{path}: copied to {new}: 213 steps and 2 undone (redo brings them back)\n"
    assert main(["match", "check", str(new)]) == 0
    assert capsys.readouterr().out == f"{new}: 213 steps replay exactly\n"
    assert main(["match", "copy", str(path), str(new)]) == 2  # never over a file
    assert "a file of that name exists" in capsys.readouterr().err
    assert journal_rows(new) == journal_rows(path)


def test_a_copy_on_a_full_disk_leaves_no_file_and_no_piece_of_one(tmp_path):
    path = shipped(tmp_path, "activation-crossroads")
    runs, _, final = on_full_disk(
        tmp_path / "run",
        {"m.referee": path},
        [["match", "copy", "{disk}/m.referee", "{disk}/copy.referee"]],
    )
    line = one_line(runs[0])
    assert "copy.referee: the match was not saved there: the disk is full" in line, line
    assert "nothing was written" in line and "damaged" not in line
    assert sorted(p.name for p in final.iterdir()) == ["m.referee"]


def test_a_copy_into_a_folder_without_write_permission_is_called_that(tmp_path):
    path = shipped(tmp_path, "ten-turns")
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        run = as_plain_user(tmp_path, ["match", "copy", str(path), str(folder / "c.referee")])
        line = one_line(run)
        assert f"{folder / 'c.referee'}: the match was not saved there: permission denied" in line
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


def test_kept_rows_are_those_last_read_well(tmp_path):
    """A file edited so that it no longer reads leaves the handle's kept rows (what a copy
    is written from) as they were read before."""
    path = shipped(tmp_path, "ten-turns")
    match: JournalFile[object] = open_match(path)
    kept = match.kept_rows
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE units SET data = 'not json' WHERE position = 0")
    conn.close()
    with pytest.raises(MatchFileError):
        match.reread()
    assert match.kept_rows == kept


OLDER = Path(__file__).parent / "files" / "demo-format-1.referee"
"""A match of format 1: some of its events' JSON has its keys in an order today's referee
no longer writes (the same value, other bytes)."""


def event_texts(path: Path) -> list[tuple[object, ...]]:
    return rows(path, "SELECT step, position, kind, data FROM events ORDER BY step, position")


def test_a_copy_of_an_older_file_keeps_each_events_recorded_bytes(tmp_path):
    path = tmp_path / "older.referee"
    path.write_bytes(OLDER.read_bytes())
    with open_match(path) as match:
        steps = match.steps(include_undone=True)
        today = [json.dumps(e.to_row()) for s in steps for e in s.events]
        recorded = [r[3] for r in event_texts(path)]
        assert today != recorded  # today's key order is not the file's: the case in point
        new = tmp_path / "copy.referee"
        write_copy(match, new, steps)
        path.unlink()  # a file gone: the bytes come from what the match read, not the file
        other = tmp_path / "after-gone.referee"
        write_copy(match, other, steps)
    for copy in (new, other):
        assert event_texts(copy) == event_texts(OLDER)
        with open_match(copy) as again:
            assert again.replay_check() == []


def test_match_copy_on_the_command_line_keeps_each_events_recorded_bytes(tmp_path, capsys):
    path = tmp_path / "older.referee"
    path.write_bytes(OLDER.read_bytes())
    new = tmp_path / "copy.referee"
    assert main(["match", "copy", str(path), str(new)]) == 0
    assert event_texts(new) == event_texts(OLDER)
    assert main(["match", "check", str(new)]) == 0
