"""The window warns when it opens a match whose journal was changed by hand (s9-user trial
#4: a die changed in SQLite, the step named) or that another program holds open (#6: two
real processes, the holder named); the match still opens as its file says."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from app_window import demo_window

from referee.match.journal.journal_text import read_journal, replay_journal
from referee.match.journal.open_lock import lock_path

JOURNAL = Path(__file__).parents[1] / "match" / "journals" / "tank-and-grunts.journal"
"""Step 1: the tank fires (typed dice 5 6: to hit 5 against 3+, a hit)."""

HOLDER = """
import sys
from referee.match.journal.open_lock import hold_open
lock, holder = hold_open(sys.argv[1])
print("held" if lock is not None else f"refused: {holder}", flush=True)
sys.stdin.readline()
"""


def _tank_and_grunts(tmp_path: Path) -> Path:
    path = tmp_path / "m.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    return path


def _warning(window) -> str:
    box = window.refused_open_dialog
    assert box is not None and box.isVisible()
    return str(box.text())


def test_a_match_whose_die_was_changed_by_hand_opens_with_a_warning_naming_the_step(
    qtbot, tmp_path
):
    path = _tank_and_grunts(tmp_path)
    conn = sqlite3.connect(path)
    with conn:  # the first die of step 1 (to hit, typed 5) made a 1 in SQLite
        rid, data = conn.execute("SELECT id, data FROM events WHERE step = 1").fetchone()
        row = json.loads(data)
        row["dice"][0]["value"] = 1
        conn.execute("UPDATE events SET data = ? WHERE id = ?", (json.dumps(row), rid))
    conn.close()
    window = demo_window(qtbot, tmp_path)
    qtbot.wait(50)  # the check on opening has run
    assert window.refused_open_dialog is None  # the demo replays exactly: nothing said
    window.open_match(path)
    assert window.session is not None and window.session.path == path  # opened all the same
    qtbot.waitUntil(lambda: window.refused_open_dialog is not None)  # once the window is up
    said = _warning(window)
    assert "m.referee does not replay as recorded" in said
    assert "step 1 (Gunnery 1: the tank fires its main gun at the grunts), event 0" in said
    assert "die 1 (to hit grunts (Main gun)), typed: recorded 1" in said
    assert (
        window.statusBar()
        .currentMessage()
        .startswith(
            "Warning: step 1 (Gunnery 1: the tank fires its main gun at the grunts) does not "
            "replay as recorded"
        )
    )


def test_a_match_another_process_holds_opens_with_a_warning_naming_it(qtbot, tmp_path):
    path = _tank_and_grunts(tmp_path)
    other = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "held"
        window = demo_window(qtbot, tmp_path)
        window.open_match(path)
        assert window.session is not None and window.session.path == path
        said = _warning(window)
        assert f"m.referee is open in another window or program too: process {other.pid} on" in (
            said
        )
        assert "Open in another window too." in window.statusBar().currentMessage()
    finally:
        other.kill()
        other.wait()
    # the window's own hold: the demo's lock went when it opened the other match
    assert not lock_path(tmp_path / "demo.referee").exists()
    # the holder killed: its lock died with it (its file stays, a lock of nobody's)
    window.refused_open_dialog.close()
    window.open_match(tmp_path / "demo.referee")
    window.open_match(path)
    qtbot.wait(50)  # the check on opening has run
    assert window.refused_open_dialog is None
    assert "another window" not in window.statusBar().currentMessage()
    assert str(other.pid) not in lock_path(path).read_text()  # the window's own words now
