"""No program text on screen: every value the window shows is in words, never a program's
dict, list or quoted string (a correction in the journal, a fortification's pips in the
activation window's journal and on its tooltip)."""

from __future__ import annotations

import re

import pytest
from app_window import activation_window, demo_window

from referee.match.journal.journal_text import read_journal, replay_journal
from referee.paths import data_dir
from referee.rules.orders.commands import Correct

PROGRAM_TEXT = re.compile(r"\{'|\['|': |=\s*'|\bNone\b|\bTrue\b|\bFalse\b|side[12]\b")
"""What a program's value looks like printed: a dict, a list, a quoted string, None."""


def journal_cells(journal) -> list[str]:
    model = journal.model
    return [
        str(model.index(r, c).data() or "")
        for r in range(model.rowCount())
        for c in range(model.columnCount())
    ]


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def test_a_correction_reads_in_words_in_the_journal(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert window.run_step(
        "Corrections",
        [
            Correct(uid="boars", set={"hex": "D4", "facing": 2}),
            Correct(uid="grunts", set={"poison": [6, 4], "shaken": 1}),
            Correct(uid="tank", set={"loaded": {"Main gun": 0}}),
        ],
    )
    texts = [e.text for e in window.session.steps()[-1].events]
    assert texts == [
        "referee's correction: boars hex D4; facing SE",
        "referee's correction: grunts poison d6, d4; shaken 1",
        "referee's correction: tank loaded Main gun 0",
    ]
    cells = journal_cells(window.journal)
    assert any("boars hex D4" in c for c in cells)
    assert not [c for c in cells if PROGRAM_TEXT.search(c)]


def test_the_activation_window_says_pips_in_words(qtbot, tmp_path):
    path = tmp_path / "crossroads.referee"
    journal = data_dir() / "journals" / "activation-crossroads.journal"
    replay_journal(read_journal(journal), path).close()
    window = activation_window(qtbot, path)
    window.show()
    cells = journal_cells(window.journal)
    # the mission's fortifications, as the mission's step noted them
    assert any("pips side 1 0, side 2 0, neutral" in c for c in cells), cells
    assert not [c for c in cells if PROGRAM_TEXT.search(c)]
    tips = [item.toolTip() for item in window.game.pip_items.values()]
    assert tips and all("pips side 1 " in t and not PROGRAM_TEXT.search(t) for t in tips)
