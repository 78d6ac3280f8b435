"""A step is carried out from its game's typed command values (issue 26, "typed end to end"):
``JournalFile.run`` takes ``Fire(...)``, never a table of kind and fields nor a line of
text; what is read at an edge (the app's command line, a text journal) is read first by
the game system (``command_from_json``, ``parse_command``), and a command that cannot be
read writes nothing. There is no door that takes a table or a line and runs it (``run_json``
is gone)."""

from __future__ import annotations

import pytest

from referee.match.games.activation_file import ActivationMatch
from referee.match.journal.journal_file import MatchFileError
from referee.match.journal.journal_text import read_journal
from referee.match.setup.demo import create_demo_match
from referee.paths import data_dir
from referee.rules.activation.commands import Present
from referee.rules.command import CommandError
from referee.rules.orders.commands import Correct

CROSSROADS = data_dir() / "journals" / "activation-crossroads.journal"


def test_run_refuses_a_table_or_a_line_of_text_and_writes_nothing(tmp_path):
    with create_demo_match(tmp_path / "demo.referee") as m:
        before = m.path.read_bytes()
        for given in (
            {"kind": "correct", "uid": "grunts", "set": {"shaken": 1}},
            "correct uid=grunts shaken=1",
        ):
            with pytest.raises(MatchFileError, match=r"command values, not (dict|str)"):
                m.run("Shaken", [given])  # type: ignore[list-item]
        assert m.path.read_bytes() == before


def test_a_command_of_the_other_game_is_refused(tmp_path):
    with (
        create_demo_match(tmp_path / "demo.referee") as m,
        pytest.raises(MatchFileError, match="orders game's command values, not Present"),
    ):
        m.run("Present", [Present()])  # type: ignore[list-item]


def test_a_command_read_at_the_edge_runs_the_same_step_as_the_typed_value(tmp_path):
    with create_demo_match(tmp_path / "a.referee") as typed:
        (one,) = typed.run("Shaken", [Correct(uid="grunts", set={"shaken": 1})]).events
    with create_demo_match(tmp_path / "b.referee") as read:
        line = read.system.parse_command("correct uid=grunts shaken=1")
        (two,) = read.run("Shaken", [line]).events
        table = {"kind": "correct", "uid": "grunts", "set": {"shaken": 1}}
        (three,) = read.run("Shaken", [read.system.command_from_json(table)]).events
    assert one.command == two.command == three.command
    assert one.to_row()["changes"] == two.to_row()["changes"]


def test_a_command_that_cannot_be_read_is_refused_naming_the_field(tmp_path):
    with create_demo_match(tmp_path / "demo.referee") as m:
        before = m.path.read_bytes()
        with pytest.raises(CommandError, match="count") as info:
            m.system.command_from_json({"kind": "correct-hex", "hex": "C2", "marker": "smoke"})
        assert info.value.field == "count"
        assert m.path.read_bytes() == before


def test_an_activation_match_takes_its_own_values_and_reads_text_only_at_the_edge(tmp_path):
    journal = read_journal(CROSSROADS)
    path = tmp_path / "crossroads.referee"
    with ActivationMatch.create(path, units=journal.units, seed=journal.seed) as m:
        with pytest.raises(MatchFileError, match="activation game's command values, not str"):
            m.run("Presented", ["present"])  # type: ignore[list-item]
        assert m.steps() == []
        first = journal.steps[0]
        m.run(first.name, first.commands, first.dice)  # read typed by the journal's reader
        assert [s.name for s in m.steps()] == [first.name]
