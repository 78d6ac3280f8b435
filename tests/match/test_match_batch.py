"""Many steps in one transaction (a replay): all of them are written, or none, and a
journal replays into its file with a single commit instead of one per step."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from referee.errors import RefereeError
from referee.match.games.orders_file import MatchFile
from referee.match.journal import journal_file
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.rules.orders.commands import Advance, ApplyDamage, Fire, Load, Orders

JOURNALS = Path(__file__).parent / "journals"
UNITS = [
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
]
STILL = {"movement": "- + - + -", "gunnery": "- + -"}
STEPS_ANY_TIME = {"turn.step-outside-phase": "any-step"}
"""These tests run steps of the turn without first moving the clock to them (ruling
turn.step-outside-phase); the refusal has its own tests (test_match_step_phase.py)."""


def at_gunnery_1(path: Path) -> MatchFile:
    """A new match on ENTRENCHED!, both units standing still in turns 1 and 2, the clock
    moved on to Gunnery 1 (a fire action is carried out at a gunnery step only)."""
    m = MatchFile.create(path, map_name="entrenched", units=UNITS, seed=7, readings=STEPS_ANY_TIME)
    m.run(
        "Set-up",
        [
            *(Orders(uid=u, turn=t, **STILL) for u in ("tank", "grunts") for t in (1, 2)),
            Advance(),
        ],
    )
    assert m.state.step == "gunnery-1"
    return m


def _commits(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every COMMIT a match file runs from now on (each operation opens its own connection,
    issue 23, so every connection opened is traced)."""
    seen: list[str] = []
    opened = journal_file.connect

    @contextmanager
    def traced(*args, **kwargs) -> Iterator[object]:
        with opened(*args, **kwargs) as conn:
            conn.set_trace_callback(lambda sql: seen.append(sql) if sql == "COMMIT" else None)
            yield conn

    monkeypatch.setattr(journal_file, "connect", traced)
    return seen


def test_steps_run_in_a_batch_are_written_with_one_commit(tmp_path, monkeypatch):
    with at_gunnery_1(tmp_path / "m.referee") as m:
        commits = _commits(monkeypatch)
        with m.batch():
            m.run(
                "the tank fires",
                [Fire(shooter="tank", target="grunts")],
                typed=[5, 6],
            )
            m.run("apply damage", [ApplyDamage()])
        assert commits == ["COMMIT"]
    with MatchFile.open(tmp_path / "m.referee") as again:
        assert [s.name for s in again.steps()] == ["Set-up", "the tank fires", "apply damage"]
        # need 3 (base 5, both standing still +1 each): a 5 hits; d6+1 = 7 kills one grunt
        assert again.state.units["grunts"].alive == 3


def test_a_refused_step_in_a_batch_writes_none_of_its_steps(tmp_path):
    with at_gunnery_1(tmp_path / "m.referee") as m:
        before = m.state.to_json()
        with pytest.raises(RefereeError, match="nobody"), m.batch():
            m.run(
                "the tank fires",
                [Fire(shooter="tank", target="grunts")],
                typed=[5, 6],
            )
            m.run("no such unit", [Load(uid="nobody")])
        assert [s.name for s in m.steps()] == ["Set-up"] and m.state.to_json() == before
        m.run("after the refusal", [ApplyDamage()])  # the file is usable again
    with MatchFile.open(tmp_path / "m.referee") as again:
        assert [s.name for s in again.steps()] == ["Set-up", "after the refusal"]


def test_a_text_journal_replays_with_a_single_commit(tmp_path, monkeypatch):
    journal = read_journal(JOURNALS / "full-turn.journal")
    commits = _commits(monkeypatch)
    with replay_journal(journal, tmp_path / "j.referee") as m:
        assert len(m.steps()) == len(journal.steps) > 10
        assert commits == ["COMMIT"]
        assert m.replay_check() == []
