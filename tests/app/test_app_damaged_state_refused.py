"""A match file whose kept state cannot be read (here a fortification with more pips than a
building holds, ruling activation.most-pips, typed into the file by hand) is refused when
File > Open opens it: the window says why and keeps the match it had open, whole (its
title, its Turn dock), and nothing is raised out of the window."""

from __future__ import annotations

import json
import shutil
import sqlite3

from app_window import activation_window
from test_app_activation_wizards import (  # noqa: F401 (private_folders: a fixture)
    JOURNAL,
    private_folders,
)

from referee.match.journal.journal_text import read_journal, replay_journal


def test_a_match_whose_state_cannot_be_read_is_refused_and_the_open_one_stays(qtbot, tmp_path):
    good = tmp_path / "crossroads.referee"
    replay_journal(read_journal(JOURNAL), good).close()
    bad = tmp_path / "tampered.referee"
    shutil.copy(good, bad)
    with sqlite3.connect(bad) as db:
        number, data = db.execute("select id, data from events order by id desc").fetchone()
        event = json.loads(data)
        event["detail"]["state"]["fortifications"][0]["pips"]["neutral"] = 999999999999999
        db.execute("update events set data = ? where id = ?", (json.dumps(event), number))
    db.close()
    window = activation_window(qtbot, good)
    panel = window.game.panel
    title, turn = window.windowTitle(), (panel.heading.text(), panel.asked.text())
    window.open_match(bad)
    assert "damaged" in window.last_error and "999999999999999" in window.last_error
    assert "activation.most-pips" in window.last_error
    assert window.session is not None and window.session.path == good
    panel = window.game.panel
    assert window.windowTitle() == title and (panel.heading.text(), panel.asked.text()) == turn
    assert turn[0]  # (the Turn dock was not blank)
