"""Tampered match files, malformed text journals and commands: each gives a clean message of
the family (the match file named) or works; a command that fails leaves every file as it was
(issue 11)."""

from __future__ import annotations

import json
import shlex
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hostile_data import VALUES, WORDS, garbled, mutated, write
from hostile_harness import HOSTILE, own_folders, run_cli  # noqa: F401 (autouse fixture)
from hypothesis import given
from hypothesis import strategies as st

from referee.match.journal.journal_text import read_journal, replay_journal

JOURNAL = Path(__file__).parent.parent / "match" / "journals" / "tank-and-grunts.journal"
JOURNAL_TEXT = JOURNAL.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def base_match(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real match: the tank-and-grunts journal played, orders written, its last step
    undone (so redo has something to do)."""
    return build_base(tmp_path_factory.mktemp("base") / "base.referee")


def build_base(path: Path) -> Path:
    m = replay_journal(read_journal(JOURNAL), path, str(JOURNAL))
    m.run(
        "Orders",
        [
            {
                "kind": "orders",
                "uid": "tank",
                "turn": 2,
                "movement": "F + F + -",
                "gunnery": "Fire + -",
            }
        ],
    )
    m.run("Correction", [{"kind": "correct", "uid": "grunts", "set": {"shaken": 1}}])
    m.undo()
    m.close()
    return path


TABLE_COLUMNS = {"meta": "value", "cards": "data", "units": "data", "events": "data"}


@st.composite
def tamperings(draw: Any) -> list[tuple[str, Any]]:
    """One to three changes a hostile hand makes to a match file."""
    out = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(["json", "json", "json", "raw", "steps", "schema", "bytes", "delete"])
        )
        if kind in ("json", "raw"):
            table = draw(st.sampled_from(sorted(TABLE_COLUMNS)))
            out.append(
                (kind, (table, draw(st.integers(0, 40)), draw(VALUES) if kind == "raw" else None))
            )
        elif kind == "steps":
            column = draw(st.sampled_from(["name", "number", "undone"]))
            value = draw(st.one_of(st.none(), VALUES, st.binary(max_size=8)))
            out.append((kind, (column, draw(st.integers(0, 20)), value)))
        elif kind == "schema":
            out.append(
                (
                    kind,
                    draw(
                        st.sampled_from(
                            [
                                "ALTER TABLE steps DROP COLUMN created",
                                "ALTER TABLE units DROP COLUMN position",
                                "DROP TABLE cards",
                                "ALTER TABLE events RENAME COLUMN data TO d",
                                "DROP INDEX idx_events_step_position",
                                "CREATE TABLE extra (x)",
                                "ALTER TABLE meta ADD COLUMN y",
                            ]
                        )
                    ),
                )
            )
        elif kind == "delete":
            table = draw(st.sampled_from(["meta", "cards", "units", "steps", "events"]))
            out.append((kind, (table, draw(st.integers(0, 40)))))
        else:
            out.append(
                (kind, (draw(st.integers(0, 40_000)), draw(st.binary(min_size=1, max_size=16))))
            )
    return out


def _nth_rowid(conn: sqlite3.Connection, table: str, n: int) -> int | None:
    rows = [r[0] for r in conn.execute(f"SELECT rowid FROM {table} ORDER BY rowid")]
    return rows[n % len(rows)] if rows else None


def tamper(path: Path, changes: list[tuple[str, Any]], draw: Any) -> None:
    """Carry out ``changes`` on the file (``draw``: hypothesis' draw, for the mutations of
    a stored JSON row)."""
    for kind, what in changes:
        if kind == "bytes":
            offset, data = what
            raw = bytearray(path.read_bytes())
            offset %= max(1, len(raw))
            raw[offset : offset + len(data)] = data
            path.write_bytes(bytes(raw))
            continue
        conn = sqlite3.connect(path)
        try:
            with conn:
                if kind == "schema":
                    conn.execute(what)
                elif kind == "delete":
                    table, n = what
                    rowid = _nth_rowid(conn, table, n)
                    conn.execute(f"DELETE FROM {table} WHERE rowid = ?", [rowid])
                elif kind == "steps":
                    column, n, value = what
                    conn.execute(
                        f"UPDATE steps SET {column} = ? WHERE rowid = ?",
                        [
                            value if not isinstance(value, list | dict) else json.dumps(value),
                            _nth_rowid(conn, "steps", n),
                        ],
                    )
                else:
                    table, n, value = what
                    column = TABLE_COLUMNS[table]
                    rowid = _nth_rowid(conn, table, n)
                    if kind == "raw":
                        new = json.dumps(value) if isinstance(value, list | dict) else value
                    else:
                        (old,) = conn.execute(
                            f"SELECT {column} FROM {table} WHERE rowid = ?", [rowid]
                        ).fetchone() or (None,)
                        try:  # an earlier tampering may have left text that is no JSON
                            doc = json.loads(old) if isinstance(old, str) else old
                        except ValueError:
                            doc = old
                        new = json.dumps(mutated(doc, draw))
                    conn.execute(f"UPDATE {table} SET {column} = ? WHERE rowid = ?", [new, rowid])
        except (sqlite3.DatabaseError, UnicodeDecodeError):  # a schema's text made not UTF-8
            pass  # a tampering the damaged file no longer allows: the damage stays
        finally:
            conn.close()


MATCH_COMMANDS = (
    ["match", "show", "{f}"],
    ["match", "show", "{f}", "--json"],
    ["match", "check", "{f}"],
    ["match", "report", "{f}", "-o", "{d}/report.html"],
    ["match", "undo", "{f}"],
    ["match", "redo", "{f}"],
    ["match", "step", "{f}", "Corrected", "-c", "correct uid=grunts shaken=2"],
    ["match", "step", "{f}", "Next", "-c", "advance"],
)


@HOSTILE
@given(changes=tamperings(), data=st.data())
def test_a_tampered_match_file_is_refused_as_damaged_or_still_works(
    tmp_path_factory, base_match, changes, data
):
    folder = tmp_path_factory.mktemp("tampered")
    path = folder / "m.referee"
    shutil.copyfile(base_match, path)
    tamper(path, changes, data.draw)
    for argv in MATCH_COMMANDS:
        run_cli([a.format(f=path, d=folder) for a in argv], "match files", watch=folder)


def test_a_byte_that_makes_sqlites_own_check_not_utf8_is_damage_named(tmp_path, base_match):
    """A byte found by the test above: SQLite's integrity check then reports a damaged name
    whose text is not UTF-8; the file is named as damaged, never a traceback."""
    path = tmp_path / "m.referee"
    data = bytearray(base_match.read_bytes())
    data[3852:3853] = b"\x80"
    path.write_bytes(bytes(data))
    outcome = run_cli(["match", "show", str(path)], "match files", watch=tmp_path)
    assert outcome.status == 2
    assert f"{path}: the file is damaged (text that is not UTF-8)" in outcome.err


@st.composite
def journals(draw: Any) -> str:
    text = JOURNAL_TEXT
    if draw(st.booleans()):
        words = text.split(" ")
        for _ in range(draw(st.integers(1, 3))):
            i = draw(st.integers(0, len(words) - 1))
            key, sep, _value = words[i].partition("=")
            words[i] = f"{key}{sep}{draw(WORDS)}" if sep else draw(WORDS)
        text = " ".join(words)
    return garbled(text, draw) if draw(st.booleans()) else text


@HOSTILE
@given(text=journals())
def test_a_malformed_text_journal_names_its_line_or_replays(tmp_path_factory, text):
    folder = tmp_path_factory.mktemp("journal")
    path = write(folder, "hostile.journal", text)
    run_cli(["replay", str(path)], "text journals", watch=folder)
    run_cli(
        ["replay", str(path), "--keep", str(folder / "kept.referee")], "text journals", watch=folder
    )
    run_cli(
        ["match", "new", str(folder / "new.referee"), "--from", str(path)],
        "text journals",
        watch=folder,
    )


FIELDS = {
    "correct": [
        "uid",
        "shaken",
        "alive",
        "facing",
        "speed",
        "hex",
        "poison",
        "loaded",
        "aim",
        "side",
        "fire",
        "flying",
    ],
    "orders": ["uid", "turn", "movement", "gunnery", "missing"],
    "fire": ["shooter", "target", "weapon", "gunnery", "sector"],
    "agony": ["step"],
    "advance": ["to", "skip", "missing"],
    "correct-hex": ["hex", "marker", "count", "strength", "level"],
    "correct-remove": ["uid"],
    "movement": ["step", "choices"],
    "assault": ["contest", "retreats", "deflection", "allocation", "rerolls", "tie_winner"],
    "hex-effects": ["units"],
    "load": ["uid", "weapon"],
    "aim": ["uid", "gunnery"],
    "spot": ["uid", "target", "weapon", "gunnery"],
    "apply-damage": [],
    "aftermath": [],
    "nope": ["uid"],
}
GOOD = {
    "uid": "tank",
    "shooter": "tank",
    "target": "grunts",
    "turn": "2",
    "step": "1",
    "movement": "'F + F + -'",
    "gunnery": "1",
    "hex": "C3",
    "marker": "smoke",
    "count": "1",
    "to": "aftermath",
    "weapon": "'Main gun'",
    "shaken": "1",
    "alive": "2",
    "facing": "3",
}


@st.composite
def command_lines(draw: Any) -> str:
    """A command of a real kind with its fields, some of them hostile."""
    kind = draw(st.sampled_from(sorted(FIELDS)))
    words = [kind]
    for key in FIELDS[kind]:
        if not draw(st.integers(0, 3)):
            continue  # a field left out
        good = GOOD.get(key)
        if good is not None and draw(st.booleans()):
            words.append(f"{key}={good}")
            continue
        value = draw(
            st.one_of(UNIT_WORDS, WORDS, st.integers(-10, 10).map(str), VALUES.map(json.dumps))
        )
        words.append(f"{key}={shlex.quote(value)}")
    return " ".join(words)


UNIT_WORDS = st.sampled_from(["tank", "grunts", "nope", "", "TANK", "tank grunts"])


@HOSTILE
@given(
    commands=st.lists(command_lines(), min_size=1, max_size=3),
    dice=st.lists(st.integers(-3, 30).map(str), max_size=4),
)
def test_any_command_in_a_step_is_carried_out_or_refused_naming_its_field(
    tmp_path_factory, base_match, commands, dice
):
    folder = tmp_path_factory.mktemp("commands")
    path = folder / "m.referee"
    shutil.copyfile(base_match, path)
    argv = ["match", "step", str(path), "Hostile"]
    for c in commands:
        argv += ["-c", c]
    if dice:
        argv += ["--dice", *dice]
    run_cli(argv, "commands", watch=folder)
    run_cli(["match", "check", str(path)], "commands", watch=folder)
