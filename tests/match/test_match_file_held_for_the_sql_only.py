"""A program writing a step, an undo or a redo holds the match file for the SQL only: the
engine works the match out while the file is let go, so a window waiting for the file
(issue 23: a window must not freeze while the command line writes) waits for a few
queries, not for a fold of the whole journal."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from referee.match.games.activation_file import ActivationMatch
from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_file import JournalFile
from referee.match.journal.journal_text import read_journal
from referee.match.setup.demo import create_demo_match
from referee.sqlite_files import in_use

SAMPLE = Path(__file__).parents[2] / "data" / "journals" / "activation-crossroads.journal"
SHAKEN = [{"kind": "correct", "uid": "grunts", "set": {"shaken": 1}}]


def held_while_folding(monkeypatch, kind: type[JournalFile], path: Path) -> list[bool]:
    """For each fold of a journal from now on: whether the file was held meanwhile (asked
    from another thread, as a window's timer would)."""
    seen: list[bool] = []
    fold = kind._fold

    def watched(self, steps, state=None):  # type: ignore[no-untyped-def]
        steps = list(steps)
        if len(steps) > 1:  # the whole journal, not the one step a write adds
            asked: list[bool] = []
            other = threading.Thread(target=lambda: asked.append(in_use(path)))
            other.start()
            other.join()
            seen.extend(asked)
        return fold(self, steps, state)

    monkeypatch.setattr(kind, "_fold", watched)
    return seen


def test_a_step_an_undo_and_a_redo_fold_the_journal_while_the_file_is_let_go(tmp_path, monkeypatch):
    path = tmp_path / "demo.referee"
    create_demo_match(path).close()
    MatchFile.open(path).run("First", SHAKEN)
    MatchFile.open(path).run("Second", SHAKEN)
    seen = held_while_folding(monkeypatch, MatchFile, path)
    MatchFile.open(path).run("Third", SHAKEN)  # a fresh program: the command line
    MatchFile.open(path).undo()
    MatchFile.open(path).redo()
    assert seen and not any(seen)
    assert [s.name for s in MatchFile.open(path).steps()][-3:] == ["First", "Second", "Third"]


def test_an_activation_step_folds_the_journal_while_the_file_is_let_go(tmp_path, monkeypatch):
    journal = read_journal(SAMPLE)
    path = tmp_path / "sample.referee"
    ActivationMatch.create(path, units=journal.units, seed=journal.seed).close()
    played = journal.steps[:3]
    for step in played[:2]:
        ActivationMatch.open(path).run(step.name, step.commands, step.dice)
    seen = held_while_folding(monkeypatch, ActivationMatch, path)
    ActivationMatch.open(path).run(played[2].name, played[2].commands, played[2].dice)
    assert seen and not any(seen)
    assert [s.name for s in ActivationMatch.open(path).steps()] == [s.name for s in played]


@pytest.mark.parametrize("strict", [False, True])
def test_an_undo_decided_on_a_journal_another_program_moved_on_is_worked_out_again(
    tmp_path, strict
):
    path = tmp_path / "demo.referee"
    create_demo_match(path).close()
    mine = MatchFile.open(path)
    mine.run("First", SHAKEN)
    other = MatchFile.open(path)
    other.run(
        "From the other program", [{"kind": "correct", "uid": "grunts", "set": {"shaken": 2}}]
    )
    if strict:  # the window's undo: refused, nothing written
        with pytest.raises(Exception, match="another program wrote"):
            mine.undo(strict=True)
        assert [s.name for s in MatchFile.open(path).steps()][-1] == "From the other program"
        return
    taken = mine.undo()
    assert taken is not None and taken.name == "From the other program"
    assert mine.state.units["grunts"].shaken == 1
    assert MatchFile.open(path).state.units["grunts"].shaken == 1
