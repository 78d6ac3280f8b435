"""Nothing peeked (issue 24): a step written again after an undo draws fresh dice (match
format 6, referee/match/journal/formats.py). A step's dice come from the match's seed, the step's
number and its attempt: how many times a step of that number was written in the file. The
first attempt keeps the seed every format had (the first 48 bits of the SHA-256 of
``"seed:number"``), so files of format 5 and older, and text journals, draw what they drew;
attempt k > 1 draws from ``"seed:number:k"``. Finishing a shot, seeing its dice and undoing
it tells nothing of the dice another choice at that step gets, nor of the same shot again.
Redo keeps the dice drawn; typed dice are the typed ones."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from referee.dice.service import Dice
from referee.errors import RefereeError
from referee.match.games.activation_file import ActivationMatch
from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_file import MatchFileError
from referee.rules.activation.commands import parse_command
from referee.rules.activation.step import step as decide
from referee.rules.activation.system import event_of
from referee.rules.events import Event
from referee.rules.orders.state import MatchState
from referee.rules.orders.step import execute

UNITS = [
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
    {"uid": "boyz", "unit": "ork-grunts", "side": 2, "hex": "D6"},
]
SEED = 7


def shot(target: str) -> dict[str, Any]:
    return {"kind": "fire", "shooter": "tank", "target": target, "weapon": "Main gun"}


def sha_seed(material: str) -> int:
    """The seed worked by hand: the first 48 bits of the SHA-256 of ``material``."""
    return int(hashlib.sha256(material.encode()).hexdigest()[:12], 16)


def dice_of(event: Event) -> list[tuple[int, int, bool]]:
    return [(r.sides, r.value, r.typed) for r in event.dice]


def drawn(state: MatchState, command: dict[str, Any], material: str) -> list[tuple[int, int, bool]]:
    """The dice ``command`` rolls on ``state`` from the seed of ``material``."""
    return dice_of(execute(state, command, Dice(sha_seed(material))))


def new_match(tmp_path: Path) -> MatchFile:
    # without the orders step (ruling turn.orders-step, reading none) the turn opens at
    # Gunnery 1, where the tank may fire at either ork unit
    return MatchFile.create(
        tmp_path / "m.referee",
        map_name="entrenched",
        units=UNITS,
        seed=SEED,
        readings={"turn.orders-step": "none"},
    )


def test_a_shot_undone_then_fired_at_another_target_draws_fresh_dice(tmp_path):
    with new_match(tmp_path) as m:
        before = m.state
        (first,) = m.run("The tank fires at the grunts", [shot("grunts")]).events
        assert dice_of(first) == drawn(before, shot("grunts"), "7:1")  # the first attempt
        m.undo()
        (other,) = m.run("The tank fires at the boyz", [shot("boyz")]).events
        peeked = drawn(before, shot("boyz"), "7:1")  # what the undo let anyone foresee
        assert dice_of(other) == drawn(before, shot("boyz"), "7:1:2")
        assert dice_of(other) != peeked
        assert m.replay_check() == []
    with MatchFile.open(tmp_path / "m.referee") as m:  # the file keeps the attempt
        assert dice_of(m.steps()[0].events[0]) == drawn(before, shot("boyz"), "7:1:2")
        assert m.replay_check() == []


def test_the_same_shot_again_after_an_undo_draws_fresh_dice_too(tmp_path):
    # chosen: an undo is never a way to know a step's dice, so the same command written
    # again gets its attempt's dice as any other would (and the journal counts attempts)
    with new_match(tmp_path) as m:
        before = m.state
        (first,) = m.run("Shot", [shot("grunts")]).events
        m.undo()
        (second,) = m.run("Shot again", [shot("grunts")]).events
        m.undo()
        (third,) = m.run("Shot a third time", [shot("grunts")]).events
        assert dice_of(first) == drawn(before, shot("grunts"), "7:1")
        assert dice_of(second) == drawn(before, shot("grunts"), "7:1:2")
        assert dice_of(third) == drawn(before, shot("grunts"), "7:1:3")
        assert dice_of(second) != dice_of(first)
        assert m.replay_check() == []


def test_redo_brings_back_the_dice_drawn_and_the_next_step_is_a_first_attempt(tmp_path):
    with new_match(tmp_path) as m:
        before = m.state
        (first,) = m.run("Shot", [shot("grunts")]).events
        m.undo()
        m.redo()
        assert m.steps()[0].events[0] == first
        after = m.state
        (second,) = m.run("Hull gun", [{**shot("boyz"), "weapon": "Hull machine gun"}]).events
        assert dice_of(second) == drawn(
            after, {**shot("boyz"), "weapon": "Hull machine gun"}, "7:2"
        )
        assert dice_of(first) == drawn(before, shot("grunts"), "7:1")
        assert m.replay_check() == []


def test_steps_undone_together_draw_fresh_dice_when_written_again(tmp_path):
    hull = {**shot("boyz"), "weapon": "Hull machine gun"}
    with new_match(tmp_path) as m:
        m.run("Shot", [shot("grunts")])
        m.run("Hull gun", [hull])
        m.undo_back_to(0)
        start = m.state
        (first,) = m.run("Shot at the boyz", [shot("boyz")]).events
        middle = m.state
        # step 2 was dropped when step 1 was written again: written now, it is its 2nd attempt
        (second,) = m.run("Hull gun at the boyz", [hull]).events
        assert dice_of(first) == drawn(start, shot("boyz"), "7:1:2")
        assert dice_of(second) == drawn(middle, hull, "7:2:2")
        assert m.replay_check() == []


def test_the_seed_a_wizard_rolls_with_is_the_one_the_step_draws(tmp_path):
    with new_match(tmp_path) as m:
        assert m.next_dice_seed() == sha_seed("7:1")
        m.run("Shot", [shot("grunts")])
        assert m.next_dice_seed() == sha_seed("7:2")
        m.undo()
        assert m.next_dice_seed() == sha_seed("7:1:2")
        assert m.next_dice_seed() == sha_seed("7:1:2")  # asking draws nothing


def test_a_refused_step_after_an_undo_changes_no_file_and_uses_no_attempt(tmp_path):
    path = tmp_path / "m.referee"
    with new_match(tmp_path) as m:
        m.run("Shot", [shot("grunts")])
        m.undo()
        held = path.read_bytes()
        with pytest.raises(RefereeError, match="no unit 'ghost'"):
            m.run("A shot at nobody", [shot("ghost")])
        assert path.read_bytes() == held
        assert m.next_dice_seed() == sha_seed("7:1:2")


def test_typed_dice_after_an_undo_are_the_dice_typed(tmp_path):
    with new_match(tmp_path) as m:
        (first,) = m.run("Shot", [shot("grunts")], typed=[5, 6]).events
        m.undo()
        # need 3: a 2 misses, and a miss rolls no damage
        (again,) = m.run("Shot at the boyz", [shot("boyz")], typed=[2]).events
        assert dice_of(first) == [(6, 5, True), (6, 6, True)]
        assert dice_of(again) == [(6, 2, True)]
        assert m.replay_check() == []


def test_a_match_file_of_format_5_draws_every_attempt_alike_as_it_was_played(tmp_path):
    path = tmp_path / "m.referee"
    new_match(tmp_path).close()
    with sqlite3.connect(path) as conn:  # as written before format 6
        conn.execute("UPDATE meta SET value = ? WHERE key = 'format_version'", [json.dumps(5)])
    conn.close()
    with MatchFile.open(path) as m:
        before = m.state
        m.run("Shot", [shot("grunts")])
        m.undo()
        (other,) = m.run("Shot at the boyz", [shot("boyz")]).events
        assert dice_of(other) == drawn(before, shot("boyz"), "7:1")
    with sqlite3.connect(path) as conn:  # the file is not rewritten for it
        keys = {k for (k,) in conn.execute("SELECT key FROM meta")}
    conn.close()
    assert not keys & {"attempts", "steps_written"}
    with MatchFile.open(path) as m:
        assert m.replay_check() == []


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("attempts", '{"1": "two"}'),
        ("attempts", '{"one": 2}'),
        ("attempts", '{"1": 1}'),
        ("attempts", "[2]"),
        ("steps_written", '"many"'),
        ("attempts_seen", '{"1": 0}'),
    ],
)
def test_a_damaged_record_of_attempts_is_named_and_nothing_is_written(tmp_path, key, value):
    path = tmp_path / "m.referee"
    with new_match(tmp_path) as m:
        m.run("Shot", [shot("grunts")])
        m.undo()
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", [key, value])
    conn.close()
    held = path.read_bytes()
    with MatchFile.open(path) as m:
        with pytest.raises(MatchFileError, match=f"{path}: damaged: meta") as refused:
            m.run("Shot again", [shot("grunts")])
        assert "attempts are not whole numbers" in str(refused.value)
        with pytest.raises(MatchFileError, match="damaged"):
            m.replay_check()
    assert path.read_bytes() == held


def test_an_unreadable_record_of_attempts_is_named_when_the_file_is_opened(tmp_path):
    path = tmp_path / "m.referee"
    new_match(tmp_path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO meta (key, value) VALUES ('attempts', '{not json')")
    conn.close()
    with pytest.raises(MatchFileError, match="meta 'attempts': not readable JSON"):
        MatchFile.open(path)


def test_an_activation_step_written_again_draws_fresh_dice(tmp_path):
    path = tmp_path / "g.referee"
    ActivationMatch.create(
        path,
        units=[
            {"uid": "tank", "unit": "battle-tank", "side": 1},
            {"uid": "buggy", "unit": "scout-buggy", "side": 2},
        ],
        seed=41,
    ).close()
    with ActivationMatch.open(path) as m:
        start = m.state
        first = m.run("Presented", ["present"]).events[0].dice
        m.undo()
        again = m.run("Presented again", ["present"]).events[0].dice

        def d2(material: str) -> Any:
            outcome = decide(m.game, start, parse_command("present"), Dice(sha_seed(material)))
            return event_of(outcome).dice

        # who bans first: a d2, from "41:1" at the first attempt and "41:1:2" at the second
        assert [r.value for r in first] == [r.value for r in d2("41:1")]
        assert [r.value for r in again] == [r.value for r in d2("41:1:2")]
        assert m.replay_check() == []


def test_dice_shown_before_a_step_is_written_are_never_drawn_again(tmp_path):
    # an assault shows its pools before Finish: the wizard records the attempt as seen;
    # cancelled, the step is drawn at the next attempt
    with new_match(tmp_path) as m:
        before = m.state
        assert m.next_dice() == (1, 1, sha_seed("7:1"))
        m.dice_seen(1, 1)
        assert m.next_dice() == (1, 2, sha_seed("7:1:2"))
        m.dice_seen(1, 1)  # told twice (or of an attempt gone by): nothing more
        assert m.next_dice() == (1, 2, sha_seed("7:1:2"))
        (shot_,) = m.run("Shot", [shot("boyz")]).events
        assert dice_of(shot_) == drawn(before, shot("boyz"), "7:1:2")
        assert m.replay_check() == []
    with MatchFile.open(tmp_path / "m.referee") as m:
        assert m.replay_check() == []


def test_a_step_finished_at_the_attempt_whose_dice_showed_keeps_those_dice(tmp_path):
    with new_match(tmp_path) as m:
        before = m.state
        m.dice_seen(1, 1)
        (first,) = m.run("Shot", [shot("grunts")], attempt=1).events
        assert dice_of(first) == drawn(before, shot("grunts"), "7:1")
        m.undo()
        assert m.next_dice() == (1, 2, sha_seed("7:1:2"))
        m.dice_seen(1, 2)
        (again,) = m.run("Shot again", [shot("grunts")], attempt=2).events
        assert dice_of(again) == drawn(before, shot("grunts"), "7:1:2")
        assert m.replay_check() == []


def test_dice_shown_for_an_attempt_gone_by_are_refused_and_nothing_is_written(tmp_path):
    path = tmp_path / "m.referee"
    with new_match(tmp_path) as m:
        m.dice_seen(1, 1)  # one wizard showed attempt 1, then was cancelled
        m.dice_seen(1, 2)  # another showed attempt 2
        held = path.read_bytes()
        with pytest.raises(
            MatchFileError,
            match=r"attempt 1 of step 1, not the attempt the file records as shown \(attempt 2",
        ):
            m.run("Shot", [shot("grunts")], attempt=1)
        assert path.read_bytes() == held and m.steps() == []


def test_a_match_file_of_format_5_records_no_dice_shown(tmp_path):
    path = tmp_path / "m.referee"
    new_match(tmp_path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'format_version'", [json.dumps(5)])
    conn.close()
    with MatchFile.open(path) as m:
        held = path.read_bytes()
        m.dice_seen(1, 1)
        assert path.read_bytes() == held
        assert m.next_dice() == (1, 1, sha_seed("7:1"))


FORMAT_5 = Path(__file__).parent / "files" / "undo-rewrite-format-5.referee"
"""Written by the referee before format 6 (integ at 2f53d09): seed 7, the tank's shot at the
grunts (dice 3 5) undone, then its shot at the boyz, which drew the same seed (3 5)."""


def test_a_shipped_format_5_file_with_a_step_written_again_checks_exactly(tmp_path):
    copy = tmp_path / FORMAT_5.name
    copy.write_bytes(FORMAT_5.read_bytes())
    with MatchFile.open(copy) as m:
        assert m.meta["format_version"] == 5
        (step,) = m.steps()
        assert step.name == "Gunnery 1: tank fires Main gun at boyz"
        assert [r.value for r in step.events[0].dice] == [3, 5]  # "7:1", as format 5 drew
        assert m.replay_check() == []
        start = m.initial_state()
        m.undo()  # written on now, it draws as it was played: every attempt alike
        (again,) = m.run("Hull gun", [{**shot("grunts"), "weapon": "Hull machine gun"}]).events
        assert dice_of(again) == drawn(
            start, {**shot("grunts"), "weapon": "Hull machine gun"}, "7:1"
        )
        assert m.replay_check() == []
    assert copy.read_bytes() != FORMAT_5.read_bytes()  # the shipped file is left alone
