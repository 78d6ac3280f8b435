"""The commands of the activation rules in their two journal forms, text and JSON: each
reads back as written, and a command that cannot be read names its field."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.board.hexgrid import Hex
from referee.rules.activation.commands import (
    KINDS,
    Ban,
    CommandError,
    Deploy,
    Move,
    Shot,
    command_from_json,
    parse_command,
)
from referee.rules.activation.slots import Pose

EXAMPLES = [
    "present",
    "ban side=1 mission=crossroads",
    "roll-order",
    "choose-order side=2 go=second",
    "deploy side=1 uid=tank hex=H15 facing=N ammunition=3",
    "deploy side=2 uid=bunker hex=H1 facing=N",
    "deploy-pass side=2",
    "reserves side=1 uids=siege,squad",
    "reserves side=2",
    "before-battle side=2 uid=buggy action=scout-move path=H2:S,H3:S",
    "before-battle-done side=1",
    "move uid=tank path=H11:N,I10:NE",
    "move uid=squad path=H11,H10",
    "move uid=jet path=H11:N shots=guns>tank,bombs>@H8",
    "embark uid=squad transport=apc",
    "disembark uid=squad hex=H9 facing=SE",
    "enter uid=tank hex=H15 facing=N",
    "shoot uid=tank shots=cannon>squad,mg>@H9",
    "capture uid=squad hex=H9 colour=neutral",
    "capture uid=squad hex=H9",
    "pass side=1",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_a_command_reads_back_as_written(text):
    command = parse_command(text)
    assert command.text() == text
    assert command_from_json(command.to_json()) == command


def test_every_kind_has_an_example():
    assert {t.split()[0] for t in EXAMPLES} == set(KINDS)


def test_the_json_form_keeps_numbers_as_numbers_and_tiles_as_labels():
    assert parse_command("deploy side=1 uid=tank hex=H15 facing=N ammunition=3").to_json() == {
        "kind": "deploy",
        "side": 1,
        "uid": "tank",
        "hex": "H15",
        "facing": "N",
        "ammunition": 3,
    }


labels = st.builds(lambda c, r: Hex(c, r), st.integers(0, 14), st.integers(0, 14)).filter(
    lambda h: h.r + (h.q - (h.q & 1)) // 2 >= 0
)
ids = st.from_regex(r"[a-z][a-z0-9-]{0,8}", fullmatch=True)


@given(st.integers(1, 2), ids, labels, st.integers(0, 5), st.none() | st.integers(0, 9))
def test_any_deployment_reads_back(side, uid, h, facing, ammo):
    command = Deploy(side, uid, h, facing, ammo)
    assert parse_command(command.text()) == command
    assert command_from_json(command.to_json()) == command


@given(
    ids,
    st.lists(st.tuples(labels, st.integers(0, 5)), min_size=1, max_size=6),
    st.lists(st.tuples(ids, ids | labels), max_size=3),
)
def test_any_move_reads_back(uid, steps, shots):
    command = Move(
        uid,
        tuple(Pose(h, f) for h, f in steps),
        tuple(Shot(w, unit=t) if isinstance(t, str) else Shot(w, tile=t) for w, t in shots),
    )
    assert parse_command(command.text()) == command
    assert command_from_json(command.to_json()) == command


@pytest.mark.parametrize(
    ("text", "field", "message"),
    [
        ("", "kind", "empty"),
        ("fly uid=jet", "kind", "not a command"),
        ("ban side=3 mission=x", "side", "not a side"),
        ("ban side=1", "mission", "mission= is missing"),
        ("ban side=1 mission=x colour=red", "colour", "unknown key"),
        ("ban side=1 side=2 mission=x", "side", "given twice"),
        ("deploy side=1 uid=t hex=H0 facing=N", "hex", "rows are numbered from 1"),
        ("deploy side=1 uid=t hex=H1 facing=UP", "facing", "not a facing"),
        ("move uid=t path=H11:Q", "path", "not a facing"),
        ("shoot uid=t shots=cannon", "shots", "WEAPON>TARGET"),
        ("capture uid=t hex=H9 colour=ally", "colour", "enemy or a neutral"),
        ("ban side", "side", "KEY=VALUE"),
    ],
)
def test_a_command_that_cannot_be_read_names_its_field(text, field, message):
    with pytest.raises(CommandError, match=message) as info:
        parse_command(text)
    assert info.value.field == field


def test_a_json_command_needs_its_kind():
    with pytest.raises(CommandError, match="needs its kind"):
        command_from_json({"side": 1})
    assert command_from_json({"kind": "ban", "side": 1, "mission": "x"}) == Ban(1, "x")
