"""``referee match check`` names the die a hand changed in a match file (s9-user trial #4):
the event, the die's place and purpose, the value the file holds and what the replay gives,
not only that the step "replays differently"."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from referee.bench.replay_bench import default_journal
from referee.cli.main import main
from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_text import read_journal, replay_journal

JOURNAL = Path(__file__).parent / "journals" / "tank-and-grunts.journal"
"""Step 1: the tank fires (typed dice 5 6: to hit 5 against 3+, a hit; damage 6)."""


def _edit_die(path: Path, step: int, die: int, value: int) -> int:
    """Set die ``die`` of step ``step``'s first event to ``value`` as a hand would in SQLite;
    the value it held."""
    conn = sqlite3.connect(path)
    with conn:
        rid, data = conn.execute(
            "SELECT id, data FROM events WHERE step = ? ORDER BY position LIMIT 1", (step,)
        ).fetchone()
        row = json.loads(data)
        held = int(row["dice"][die]["value"])
        row["dice"][die]["value"] = value
        conn.execute("UPDATE events SET data = ? WHERE id = ?", (json.dumps(row), rid))
    conn.close()
    return held


def test_a_typed_to_hit_die_changed_by_hand_is_named_with_the_face_the_outcome_needs(
    tmp_path, capsys
):
    # to hit 5 typed at the table, changed to 1 in the file: the file's outcome (a hit,
    # "rolled 5 against 3+") is that of a 5; the 1 misses
    path = tmp_path / "m.referee"
    replay_journal(read_journal(JOURNAL), path).close()
    assert _edit_die(path, 1, 0, 1) == 5
    with MatchFile.open(path) as m:
        (problem,) = m.replay_check()
    assert problem.startswith("step 1 (Gunnery 1: the tank fires its main gun at the grunts)")
    assert (
        "event 0 (fire): replays differently: die 1 (to hit grunts (Main gun)), typed: "
        "recorded 1, but the outcome recorded is that of a 5; the replay gives "
        '"rolled 1 against 3+: miss" where the file says "rolled 5 against 3+: hit"'
    ) in problem
    assert main(["match", "check", str(path)]) == 1
    assert "die 1 (to hit grunts (Main gun)), typed: recorded 1" in capsys.readouterr().out


def test_a_die_the_app_rolled_changed_by_hand_is_named_with_the_seeds_value(tmp_path):
    # the ten-turn match's dice are the app's (the step's seed): the replay rolls the die
    # the file held before the hand changed it
    path = tmp_path / "ten.referee"
    replay_journal(read_journal(default_journal()), path).close()
    conn = sqlite3.connect(path)
    step, die, purpose = next(
        (step, k, d["purpose"])
        for step, data in conn.execute("SELECT step, data FROM events ORDER BY step, position")
        for k, d in enumerate(json.loads(data)["dice"])
        if not d["typed"] and d["sides"] == 6 and k == 0
    )
    conn.close()
    held = _edit_die(path, step, die, 0)
    _edit_die(path, step, die, held % 6 + 1)
    with MatchFile.open(path) as m:
        problems = m.replay_check()
    assert problems and problems[0].startswith(f"step {step} (")
    assert (
        f"replays differently: die 1 ({purpose}): recorded {held % 6 + 1}, "
        f"the step's seed rolls {held}"
    ) in problems[0]
