"""A match of the activation rules in a match file, played from the command line: the same
``referee match new/step/show/undo/redo/check/report`` and ``referee replay`` as a match of
written orders, on the same SQLite file and journal.

The game is the shipped sample journal (``data/journals/activation-crossroads.journal``):
bans, the order, deployment, reserves, a "before the battle" move, moves and attacks, a
fortification's pip shot off with the unit inside rolling its d12, a capture, and two
aircraft meeting. The expected figures are worked by hand from the sample cards
(``data/rulesets/activation/units.toml``) and the draft's rules, as each comment says.
"""

from __future__ import annotations

import io
import json
import sqlite3
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from referee.cli.main import main
from referee.errors import RefereeError
from referee.match.games.activation_file import ActivationMatch
from referee.match.games.orders_file import MatchFile, MatchMovedOn
from referee.match.games.systems import match_class, match_files, open_match
from referee.match.journal.journal_text import parse_journal, read_journal, replay_journal
from referee.paths import data_dir
from referee.rules.activation.commands import parse_command
from referee.ruleset.load import systems

JOURNAL = data_dir() / "journals" / "activation-crossroads.journal"


def cli(*argv: str) -> tuple[int, str, str]:
    """``referee ARGV``: its exit status, what it printed and its errors."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def shown(path: Path) -> dict:
    status, out, _ = cli("match", "show", str(path), "--json")
    assert status == 0
    return json.loads(out)


def pieces(data: dict) -> dict[str, dict]:
    return {p["uid"]: p for p in data["pieces"]}


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    """Every step of the sample journal, one ``referee match step`` each, its dice typed."""
    path = tmp_path_factory.mktemp("activation") / "crossroads.referee"
    journal = read_journal(JOURNAL)
    lines = JOURNAL.read_text().splitlines()
    assert cli("match", "new", str(path), "--from", str(JOURNAL))[0] == 0
    for step in journal.steps:
        argv = ["match", "step", str(path), step.name]
        for line in lines[step.line :]:
            if not line.strip() or line.startswith("step:"):
                break
            if not line.startswith("dice:"):
                argv += ["-c", line]
        if step.dice:
            argv += ["--dice", *map(str, step.dice)]
        status, _, err = cli(*argv)
        assert status == 0, err
    return path


def test_a_whole_game_played_step_by_step_from_the_command_line(played):
    data = shown(played)
    assert data["system"] == "activation" and data["phase"] == "main"
    assert data["mission"] == "crossroads"  # open-field, twin-towers, last-stand banned
    assert data["first"] == 1  # side 2 was drawn (a 2) and went second
    assert data["activations"] == 9 and data["turn"] == 2  # side 1's hawk moved last
    units = pieces(data)
    # the fighter's guns d12+1 rolled 10: 11 against the tank's armor 9, one H of its 6
    assert units["tank"]["health"] == 5 and units["tank"]["hex"] == "H10"
    # one pip shot off the citadel with the buggy inside: its d12 rolled 9, 9+ costs 1 H of 2
    assert units["buggy"]["health"] == 1 and units["buggy"]["hex"] == "H8"
    # the hawk flew into the fighter's tile (I8): two aircraft meeting are both destroyed
    assert units["hawk"]["status"] == "destroyed" and units["fighter"]["status"] == "destroyed"
    # side 1 kept no reserves: its siege tank is out; side 2's bomber did not fit: out
    assert units["extra"]["status"] == "out" and units["bomber"]["status"] == "out"
    assert units["grunts"]["status"] == "reserve"
    citadel = next(f for f in data["fortifications"] if f["hex"] == "H8")
    # 6 neutral pips; the mg's hit removed one (the most common colour); the capture turned
    # two neutral pips to side 2's colour (a neutral pip turns with two, ruling capture-neutral)
    assert citadel["pips"] == {"side1": 0, "side2": 2, "neutral": 3}
    assert "side 2 activates a unit" in data["asked"]


def test_the_match_file_replays_exactly_and_matches_the_text_journal(played, tmp_path):
    status, out, _ = cli("match", "check", str(played))
    assert status == 0 and "25 steps replay exactly" in out
    status, out, _ = cli("replay", str(JOURNAL))
    assert status == 0
    replayed = json.loads(out)
    data = shown(played)
    assert replayed["pieces"] == data["pieces"]
    assert replayed["fortifications"] == data["fortifications"]


def test_every_event_records_its_command_dice_outcome_and_clauses(played):
    with open_match(played) as m:
        assert isinstance(m, ActivationMatch)
        steps = m.steps()
    shot = next(s for s in steps if s.name.startswith("The tank fires"))
    (event,) = shot.events
    assert event.command.to_json() == {
        "kind": "shoot",
        "uid": "tank",
        "shots": "cannon>fighter,mg>@H8",
    }
    assert [(r.sides, r.value, r.typed) for r in event.dice] == [
        (12, 12, True),
        (12, 10, True),
        (12, 9, True),
    ]
    assert "activation.attack-actions" in event.clauses
    assert event.detail["state"]["activations"] == 7
    drawn = next(s for s in steps if s.name.startswith("The draw"))
    assert [(r.sides, r.value) for r in drawn.events[0].dice] == [(2, 2)]
    meeting = steps[-1].events[0]
    assert "activation.aircraft-collisions" in meeting.clauses
    assert "both are destroyed" in meeting.text


def test_undo_and_redo_take_whole_steps_and_the_seeded_dice_come_back(tmp_path):
    f = tmp_path / "g.referee"
    status, out, _ = cli(
        "match",
        "new",
        str(f),
        "--ruleset",
        "activation",
        "--unit",
        "tank battle-tank side=1",
        "--unit",
        "buggy scout-buggy side=2",
        "--seed",
        "41",
    )
    assert status == 0 and "missions: crossroads, twin-towers, open-field, last-stand" in out
    assert cli("match", "step", str(f), "Presented", "-c", "present")[0] == 0
    with open_match(f) as m:
        first = m.steps()[0].events[0].dice  # who bans first: a d2 from the step's seed
    assert [r.sides for r in first] == [2] and not first[0].typed
    assert cli("match", "undo", str(f))[0] == 0
    assert shown(f)["phase"] == "presentation"
    assert cli("match", "redo", str(f))[0] == 0
    with open_match(f) as m:
        assert m.steps()[0].events[0].dice == first
    assert cli("match", "undo", str(f))[0] == 0
    assert cli("match", "step", str(f), "Presented again", "-c", "present")[0] == 0
    with open_match(f) as m:
        again = m.steps()[0].events[0].dice
    # step 1 written again after an undo draws afresh (match format 6, issue 24): its d2 is
    # the first die of the seed of "41:1:2", step 1's second attempt
    import hashlib

    from referee.dice.service import Dice

    second = int(hashlib.sha256(b"41:1:2").hexdigest()[:12], 16)
    assert [(r.sides, r.value, r.typed) for r in again] == [(2, Dice(second).roll(2), False)]
    assert cli("match", "check", str(f))[0] == 0


def test_a_refused_command_names_the_field_and_changes_no_file(played, tmp_path):
    copy = tmp_path / "copy.referee"
    copy.write_bytes(played.read_bytes())
    before = copy.read_bytes()
    # the hawk was destroyed: it cannot be activated; it is also not side 1's turn
    status, _, err = cli("match", "step", str(copy), "x", "-c", "move uid=rifles path=H10")
    assert status == 2 and "side 2's turn" in err
    status, _, err = cli("match", "step", str(copy), "x", "-c", "move uid=buggy path=nowhere")
    assert status == 2 and "path" in err
    assert copy.read_bytes() == before


def test_a_tampered_state_is_found_by_the_check(played, tmp_path):
    copy = tmp_path / "copy.referee"
    copy.write_bytes(played.read_bytes())
    with sqlite3.connect(copy) as conn:
        ((rid, data),) = conn.execute(
            "SELECT id, data FROM events ORDER BY step DESC LIMIT 1"
        ).fetchall()
        row = json.loads(data)
        row["detail"]["state"]["pieces"][0]["health"] = 9
        conn.execute("UPDATE events SET data = ? WHERE id = ?", (json.dumps(row), rid))
    conn.close()
    status, out, _ = cli("match", "check", str(copy))
    assert status == 1 and "replays differently" in out


def test_the_report_lists_the_steps_dice_and_rules(played, tmp_path):
    out_file = tmp_path / "report.html"
    assert cli("match", "report", str(played), "-o", str(out_file))[0] == 0
    html = out_file.read_text()
    assert "The hawk meets the fighter" in html
    assert "id='clause-activation.aircraft-collisions'" in html
    assert "12* (d12" in html  # a typed die is marked
    assert "side2 2, neutral 3" in html  # the citadel's pips now


def test_the_class_of_a_match_comes_from_the_rulesets_system():
    assert set(match_files()) == set(systems())  # every game system can be played
    assert match_class("activation") is ActivationMatch
    assert match_class("current") is MatchFile and match_class("first-draft") is MatchFile


def test_an_activation_match_takes_no_map_or_set_up_hexes(tmp_path):
    f = tmp_path / "g.referee"
    status, _, err = cli(
        "match",
        "new",
        str(f),
        "--ruleset",
        "activation",
        "--unit",
        "tank battle-tank side=1 hex=H15",
    )
    assert status == 2 and "deployed in the game" in err and not f.exists()
    status, _, err = cli(
        "match",
        "new",
        str(f),
        "--ruleset",
        "activation",
        "--unit",
        "tank no-such-card side=1",
        "--unit",
        "buggy scout-buggy side=2",
    )
    assert status == 2 and "no-such-card" in err and not f.exists()


def test_undoing_the_collision_brings_both_aircraft_back_and_redo_destroys_them(played, tmp_path):
    copy = tmp_path / "copy.referee"
    copy.write_bytes(played.read_bytes())
    assert cli("match", "undo", str(copy))[0] == 0
    units = pieces(shown(copy))
    # before the hawk's move: the hawk where it was deployed, the fighter with the 2 H the
    # cannon left it (d12+2 rolled 12: 14 against armor 6, one H of its 3)
    assert (units["hawk"]["status"], units["hawk"]["hex"]) == ("deployed", "I14")
    assert (units["fighter"]["hex"], units["fighter"]["health"]) == ("I8", 2)
    assert cli("match", "redo", str(copy))[0] == 0
    units = pieces(shown(copy))
    assert units["hawk"]["status"] == units["fighter"]["status"] == "destroyed"
    assert cli("match", "check", str(copy))[0] == 0


def test_two_programs_writing_one_activation_match_take_turns(tmp_path):
    f = tmp_path / "g.referee"
    ActivationMatch.create(
        f,
        units=[
            {"uid": "tank", "unit": "battle-tank", "side": 1},
            {"uid": "buggy", "unit": "scout-buggy", "side": 2},
        ],
        seed=3,
    ).close()
    with open_match(f) as first, open_match(f) as second:
        assert first.state.phase == second.state.phase == "presentation"
        second.run("Presented", [parse_command("present")], [2])  # side 2 bans first
        with pytest.raises(MatchMovedOn):
            first.run("Presented too", [parse_command("present")], strict=True)
        # not strict: it builds on the step the other program wrote, so 'present' is refused
        with pytest.raises(RefereeError, match="presentation phase"):
            first.run("Presented too", [parse_command("present")])
        first.run("Side 2 bans", [parse_command("ban side=2 mission=open-field")])
    with open_match(f) as m:
        assert [s.name for s in m.steps()] == ["Presented", "Side 2 bans"]


def test_a_text_journal_names_the_ruleset_and_the_missions_offered(tmp_path):
    text = """format: 3
ruleset: activation
seed: 1
mission: crossroads
mission: open-field
unit: tank battle-tank side=1
unit: buggy scout-buggy side=2

step: Presented
present
dice: 2

step: Side 2 bans the crossroads
ban side=2 mission=crossroads
"""
    with replay_journal(parse_journal(text), tmp_path / "j.referee") as m:
        state = m.state
    # two missions offered; the d2 typed as 2: side 2 bans first; one ban leaves one mission,
    # which is played (clause activation.mission-choosing)
    assert state.bans == ((2, "crossroads"),)
    assert state.mission == "open-field" and state.phase == "order"


def test_a_mission_note_worded_as_an_earlier_referee_worded_it_still_checks(played, tmp_path):
    # referee 0.1 noted a fortification's pips as a mapping ("pips {'side1': 0, ...}"),
    # today as words ("pips side 1 0, side 2 0, neutral 3"): the match still checks exact
    copy = tmp_path / "copy.referee"
    copy.write_bytes(played.read_bytes())
    changed = 0
    with sqlite3.connect(copy) as conn:
        for rid, data in conn.execute("SELECT id, data FROM events").fetchall():
            row = json.loads(data)
            if ", pips side 1 " not in row["text"]:
                continue
            old = [
                line.replace(", pips side 1 ", ", pips {'side1': ", 1)
                .replace(", side 2 ", ", 'side2': ", 1)
                .replace(", neutral ", ", 'neutral': ", 1)
                + "}"
                if ", pips side 1 " in line
                else line
                for line in row["detail"]["working"]
            ]
            row["detail"]["working"] = old
            row["text"] = "\n".join((row["detail"]["summary"], *old))
            conn.execute("UPDATE events SET data = ? WHERE id = ?", (json.dumps(row), rid))
            changed += 1
    conn.close()
    assert changed == 1
    assert (
        "{'side1': "
        in sqlite3.connect(copy).execute("SELECT group_concat(data) FROM events").fetchone()[0]
    )
    status, out, _ = cli("match", "check", str(copy))
    assert status == 0, out


EDGES_IN_WORDS = (
    "side 1 at the lower-left edge (A12 to H15), side 2 at the upper-right edge (H1 to O5)"
)


def test_the_mission_line_is_written_as_ever_and_shown_with_each_edge_where_the_map_has_it(
    played, tmp_path
):
    # Crossroads gives side 1 the hexagon's S edge and side 2 its N edge. The journal keeps
    # the line's words byte for byte ("side 1's edge S, side 2's edge N"); the map's tiles
    # are flat-topped, so S is the lower-left edge (A12 to H15) and N the upper-right one (H1
    # to O5): the words the report and the command line show a referee
    written = "the mission is Crossroads (crossroads): activation map, "
    with sqlite3.connect(played) as conn:
        texts = [json.loads(d)["text"] for (d,) in conn.execute("SELECT data FROM events")]
    conn.close()
    assert any(f"{written}side 1's edge S, side 2's edge N, capacity 12" in t for t in texts)
    status, _, _ = cli("match", "report", str(played), "-o", str(tmp_path / "r.html"))
    assert status == 0
    page = (tmp_path / "r.html").read_text()
    assert f"{written}{EDGES_IN_WORDS}, capacity 12" in page
    assert "edge S," not in page


def test_the_last_ban_on_the_command_line_says_where_each_sides_edge_is(tmp_path):
    path = tmp_path / "bans.referee"
    assert cli("match", "new", str(path), "--from", str(JOURNAL))[0] == 0
    for step in read_journal(JOURNAL).steps[:4]:  # the armies presented, three bans
        argv = ["match", "step", str(path), step.name]
        for c in step.commands:
            argv += ["-c", c.text()]
        status, out, err = cli(*argv, *(["--dice", *map(str, step.dice)] if step.dice else []))
        assert status == 0, err
    assert f"the mission is Crossroads (crossroads): activation map, {EDGES_IN_WORDS}" in out
    assert "edge S" not in out
    status, out, _ = cli("match", "show", str(path))
    assert status == 0 and f"  edges: {EDGES_IN_WORDS}\n" in out
