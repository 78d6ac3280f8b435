"""Typed commands: each kind read from and written to its journal forms (JSON and text) in
pairs, checked when read, the field named when refused; old journals keep their bytes."""

from __future__ import annotations

import json
import shlex
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.match.journal.journal_text import JournalTextError, parse_journal, read_journal
from referee.rules.orders.commands import (
    KINDS,
    CommandError,
    CorrectionError,
    Fire,
    Orders,
    command_from_json,
    parse_command_text,
    split_words,
)
from referee.rules.orders.step import COMMANDS

HERE = Path(__file__).parent
JOURNALS = sorted((HERE / "journals").glob("*.journal"))
OLD_FILE = HERE / "files" / "demo-format-1.referee"

DOCUMENTED: list[dict[str, Any]] = [
    # the examples the modules' docstrings give, for the kinds no fixture journal holds
    {"kind": "correct-hex", "hex": "C4", "marker": "smoke", "count": 2},
    {"kind": "correct-remove", "uid": "tank"},
    {"kind": "correct", "uid": "grunts", "set": {"alive": 3, "poison": [8]}},
    {"kind": "load", "uid": "tank"},
    {"kind": "aim", "uid": "tank", "gunnery": 2},
    {"kind": "spot", "uid": "tank", "target": "grunts", "weapon": "Main gun", "gunnery": 1},
    {"kind": "hex-effects", "units": ["tank", "grunts"]},
    {"kind": "hex-effects"},
    {"kind": "movement", "step": 2, "choices": {"tank": 3, "grunts": "E5", "boars": [2, "D4"]}},
    {
        "kind": "assault",
        "contest": 0,
        "rerolls": "decline",
        "tie_winner": 2,
        "retreats": {"DW": "E5", "DT": {"hex": "E6", "facing": 3}},
        "pre_assault_retreats": ["DT"],
    },
    {"kind": "assault", "contest": 1, "rerolls": [{"DW": ["DW#1", "DW#3"]}, {}]},
    {"kind": "setup-pass", "side": 2},
    {"kind": "place", "uid": "tank", "hex": "C9", "facing": 3},
    {
        "kind": "fire",
        "shooter": "tank",
        "target": "grunts",
        "weapon": "Main gun",
        "gunnery": 2,
        "sector": "side",
    },
    {"kind": "advance", "to": "gunnery-2", "missing": "confirm"},
]


def _journal_commands() -> list[dict[str, Any]]:
    return [c.to_json() for path in JOURNALS for s in read_journal(path).steps for c in s.commands]


def _file_commands() -> list[dict[str, Any]]:
    db = sqlite3.connect(f"file:{OLD_FILE}?mode=ro", uri=True)
    try:
        return [json.loads(data)["command"] for (data,) in db.execute("SELECT data FROM events")]
    finally:
        db.close()


REAL = _journal_commands() + _file_commands()


def test_the_real_journals_hold_commands_of_most_kinds():
    # the corpus the round trips run on: every fixture journal and the old match file
    kinds = {c["kind"] for c in REAL}
    assert {
        "orders",
        "fire",
        "advance",
        "movement",
        "assault",
        "agony",
        "aftermath",
        "apply-damage",
        "correct",
        "place",
        "setup-roll",
        "setup-pass",
        "reveal",
    } <= kinds
    assert kinds | {c["kind"] for c in DOCUMENTED} == set(KINDS)


def test_every_kind_has_its_handler_and_every_handler_its_kind():
    assert set(KINDS) == set(COMMANDS)
    assert all(kind == cls.KIND for kind, cls in KINDS.items())


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(REAL + DOCUMENTED).flatmap(lambda c: st.permutations(list(c.items())).map(dict))
)
def test_a_real_command_writes_back_its_own_bytes_in_any_key_order(raw):
    # to_json(from_json(x)) == x, byte for byte: a journal's commands keep their bytes
    typed = command_from_json(raw)
    assert json.dumps(typed.to_json()) == json.dumps(raw)
    assert command_from_json(typed.to_json()) == typed


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(REAL + DOCUMENTED))
def test_a_real_command_reads_back_from_its_text_line(raw):
    typed = command_from_json(raw)
    again = parse_command_text(typed.text())
    assert again == typed
    assert again.to_json() == raw  # the same table (the text form has its own order)


def test_old_match_file_commands_keep_their_bytes():
    db = sqlite3.connect(f"file:{OLD_FILE}?mode=ro", uri=True)
    try:
        rows = [data for (data,) in db.execute("SELECT data FROM events")]
    finally:
        db.close()
    assert rows
    for data in rows:
        command = json.loads(data)["command"]
        assert json.dumps(command_from_json(command).to_json()) in data


def test_a_command_made_in_code_writes_kind_then_the_fields_set():
    fire = Fire(shooter="tank", target="grunts", weapon="Main gun")
    assert fire.to_json() == {
        "kind": "fire",
        "shooter": "tank",
        "target": "grunts",
        "weapon": "Main gun",
    }
    assert list(fire.to_json()) == ["kind", "shooter", "target", "weapon"]
    assert fire.text() == "fire shooter=tank target=grunts weapon='Main gun'"


@pytest.mark.parametrize(
    ("raw", "field", "words"),
    [
        (
            {"kind": "fire", "shooter": "tank", "target": "grunts", "wepon": "x"},
            "wepon",
            "unknown key 'wepon'",
        ),
        ({"kind": "fire", "shooter": "tank"}, "target", "missing 'target'"),
        ({"kind": "fire", "shooter": 3, "target": "grunts"}, "shooter", "is not text"),
        ({"kind": "agony", "step": "two"}, "step", "not a whole number"),
        ({"kind": "agony", "step": True}, "step", "not a whole number"),
        (
            {"kind": "orders", "uid": "tank", "turn": 1, "missing": "yes"},
            "missing",
            "the only value is 'confirm'",
        ),
        ({"kind": "orders", "uid": "tank", "turn": -1}, "turn", "not a whole number"),
        ({"kind": "advance", "missing": "no"}, "missing", "the only value is 'confirm'"),
        ({"kind": "hex-effects", "units": "tank"}, "units", "not a list of unit ids"),
        ({"kind": "movement", "step": 1, "choices": [3]}, "choices", "not a table"),
        ({"kind": "movement", "step": 1, "choices": {"tank": True}}, "choices", "not a facing"),
        ({"kind": "assault", "rerolls": "yes"}, "rerolls", "decline"),
        ({"kind": "assault", "tie_winner": 3}, "tie_winner", "from 1 to 2"),
        ({"kind": "setup-pass", "side": 0}, "side", "from 1 to 2"),
        ({"kind": "teleport", "uid": "tank"}, "kind", "unknown command 'teleport'"),
        ({"uid": "tank"}, "kind", "unknown command None"),
    ],
)
def test_a_command_is_checked_when_read_and_the_error_names_the_field(raw, field, words):
    with pytest.raises(CommandError, match=words) as caught:
        command_from_json(raw)
    assert caught.value.field == field


def test_a_command_read_wrong_names_the_unit_it_is_for():
    with pytest.raises(CommandError, match="turn") as caught:
        command_from_json({"kind": "orders", "uid": "tank", "turn": "next"})
    assert (caught.value.unit, caught.value.field) == ("tank", "turn")


def test_a_correction_read_wrong_is_a_correction_error():
    with pytest.raises(CorrectionError, match="count must be 0 or more") as caught:
        command_from_json({"kind": "correct-hex", "hex": "D4", "marker": "smoke", "count": -1})
    assert caught.value.field == "count"


def test_a_number_written_as_its_digits_is_read_as_the_number():
    # a whole-number field given as text ("2") is the number (as commands always read it)
    orders = command_from_json(
        {"kind": "orders", "uid": "tank", "turn": "2", "movement": "F + F + F"}
    )
    assert isinstance(orders, Orders) and orders.turn == 2


def test_a_text_journal_refuses_a_bad_command_at_its_line_naming_the_field():
    text = "map: entrenched\nstep: Fire\nfire shooter=tank target=grunts gunery=2\n"
    with pytest.raises(JournalTextError, match=r"line 3: fire: unknown key 'gunery'") as caught:
        parse_journal(text, "j.journal")
    assert caught.value.field == "gunery"


def test_correct_in_text_gathers_its_fields_into_set():
    typed = parse_command_text("correct uid=grunts alive=3 poison='[8, 4]'")
    assert typed.to_json() == {
        "kind": "correct",
        "uid": "grunts",
        "set": {"alive": 3, "poison": [8, 4]},
    }
    assert typed.text() == "correct uid=grunts alive=3 poison='[8, 4]'"


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.integers()
    | st.sampled_from(["tank", "grunts", "E5", "confirm", "decline", "idle", "2", "-1", ""]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["tank", "1", "2", "hex", "facing"]), inner, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def any_command(draw: Any) -> dict[str, Any]:
    """A table of a real kind whose keys are the kind's own (and now and then a stranger),
    in any order, holding any JSON."""
    kind = draw(st.sampled_from(sorted(KINDS)))
    keys = [f for f in KINDS[kind].__dataclass_fields__ if f != "keys"]
    chosen = draw(st.lists(st.sampled_from([*keys, "stranger"]), unique=True, max_size=6))
    raw: dict[str, Any] = {"kind": kind}
    for key in chosen:
        raw[key] = draw(JSON_VALUES)
    items = draw(st.permutations(list(raw.items())))
    return dict(items)


def _digits(value: object) -> bool:
    return isinstance(value, str) and value.strip().lstrip("-").isdigit()


@settings(max_examples=400, deadline=None)
@given(any_command())
def test_any_command_table_is_refused_naming_a_field_or_writes_back_its_own_bytes(raw):
    try:
        typed = command_from_json(raw)
    except CommandError as exc:
        assert exc.field in raw or exc.field in KINDS[raw["kind"]].__dataclass_fields__
        return
    again = typed.to_json()
    if any(_digits(v) for v in raw.values()):  # a number written as its digits: read as one
        assert again.keys() == raw.keys()
    else:
        assert json.dumps(again) == json.dumps(raw)
    assert command_from_json(again) == typed


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "fire",
                "uid=tank",
                "a",
                "=",
                " ",
                "  ",
                "\t",
                "\n",
                "\r",
                "'",
                '"',
                "\\",
                "#",
                "é",
                "\x0b",
                "\x0c",
                "\x1f",
                "\xa0",
                "\u2003",
                "x='a b'",
                'y="{\\"k\\": 1}"',
            ]
        ),
        max_size=12,
    ).map("".join)
    | st.text(max_size=40)
)
def test_a_command_line_splits_into_the_words_a_shell_reads(line):
    # the quick split of a plain line gives what shlex gives, and a line shlex refuses
    # (an unclosed quote) is refused alike
    try:
        expected = shlex.split(line)
    except ValueError as exc:
        with pytest.raises(ValueError, match=str(exc)):
            split_words(line)
    else:
        assert split_words(line) == expected
