"""JournalFile.reread reads a match file again whole, as opening it does, even where
another program changed it without writing a step (its revision unmoved); a file that no
longer reads is refused naming the file and the field, and the handle keeps the match it
read last, whole (all or nothing)."""

from __future__ import annotations

import sqlite3

import pytest

from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_file import MatchFileError
from referee.match.setup.demo import create_demo_match
from referee.rules.orders.commands import Correct


def edit(path, sql: str) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(sql)
    conn.close()


def test_a_unit_edited_without_a_step_is_read_again(tmp_path):
    path = tmp_path / "demo.referee"
    create_demo_match(path).close()
    match = MatchFile.open(path)
    assert match.state.unit("tank").damage_tokens == 0
    edit(path, "UPDATE units SET data = json_set(data, '$.damage_tokens', 2) WHERE uid = 'tank'")
    assert not match.moved_on()  # no step written: the revision did not move
    assert match.reread().unit("tank").damage_tokens == 2
    assert match.state.unit("tank").damage_tokens == 2


def test_a_file_that_no_longer_reads_keeps_the_match_read_last(tmp_path):
    path = tmp_path / "demo.referee"
    create_demo_match(path).close()
    match = MatchFile.open(path)
    match.run("Shaken", [Correct(uid="grunts", set={"shaken": 1})])
    steps = match.steps(include_undone=True)
    edit(
        path, "UPDATE events SET data = substr(data, 1, 30) WHERE id = (SELECT MAX(id) FROM events)"
    )
    with pytest.raises(MatchFileError) as refused:
        match.reread()
    assert str(path) in str(refused.value) and "event" in str(refused.value)
    assert match.state.unit("grunts").shaken == 1  # the match read last, whole
    assert match.steps(include_undone=True) == steps


def test_a_unit_edited_to_minus_five_damage_tokens_is_refused_naming_it(tmp_path):
    path = tmp_path / "demo.referee"
    create_demo_match(path).close()
    match = MatchFile.open(path)
    assert match.state.unit("tank").damage_tokens == 0  # read (as a window shows it)
    edit(path, "UPDATE units SET data = json_set(data, '$.damage_tokens', -5) WHERE uid = 'tank'")
    with pytest.raises(MatchFileError, match="damage_tokens") as refused:
        match.reread()
    assert str(path) in str(refused.value) and "'tank'" in str(refused.value)
    assert match.state.unit("tank").damage_tokens == 0
