"""A step of the turn is carried out only while the clock is in its part of the turn (clause
turn.sequence, ruling turn.step-outside-phase, reading ``refuse``): an agony step asked for at
the orders step, or Movement 2 while the clock is at Movement 1, is refused by the engine
whoever asks, naming the step and where the clock is. Match files of format 6 and older and
text journals without ``format: 7`` ran such steps wherever the clock was, and replay as they
were played."""

from __future__ import annotations

import pytest
from phase_match_files import JOURNAL_HEAD, as_format, new_match

from referee.cli.main import main
from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_text import JournalTextError, parse_journal, replay_journal
from referee.rules.command import CommandError
from referee.rules.orders.commands import Advance, Agony, Movement
from referee.rules.orders.marker_commands import Aftermath, HexEffects
from referee.rules.orders.phase import phase_refusal


def test_an_agony_step_at_the_orders_step_is_refused_naming_it_and_the_clock(tmp_path):
    with new_match(tmp_path) as m:
        assert (m.state.turn, m.state.step) == (1, "orders")
        before = (tmp_path / "m.referee").read_bytes()
        with pytest.raises(CommandError) as refused:
            m.run("Agony 0 at the orders step", [Agony(step=0)])
        text = str(refused.value)
        assert text.startswith("agony step=0: carried out only when the match is at Agony 0,")
        assert 'the match is at turn 1, "Orders: ' in text
        assert "ruling turn.step-outside-phase" in text
        assert refused.value.field == "kind"
        assert m.steps() == []
    assert (tmp_path / "m.referee").read_bytes() == before


def test_an_agony_step_at_its_own_step_is_carried_out(tmp_path):
    with new_match(tmp_path) as m:
        m.run("To Agony 0", [Advance(to="agony-0", missing="confirm")])
        assert m.state.step == "agony-0"
        (event,) = m.run("Agony 0", [Agony(step=0)]).events
        assert event.kind == "agony"


def test_another_agony_steps_number_is_refused_at_agony_0(tmp_path):
    with new_match(tmp_path) as m:
        m.run("To Agony 0", [Advance(to="agony-0", missing="confirm")])
        with pytest.raises(CommandError, match='Agony 3, and the match is at turn 1, "Agony 0'):
            m.run("Agony 3 too early", [Agony(step=3)])


def test_movement_2_while_the_clock_is_in_movement_1_is_refused(tmp_path):
    with new_match(tmp_path) as m:
        m.run("To Movement 1", [Advance(to="movement-1", missing="confirm")])
        with pytest.raises(CommandError, match=r"movement step=2: .* at Movement 2, and"):
            m.run("Movement 2 too early", [Movement(step=2)])


def test_the_aftermath_and_hex_effects_are_refused_in_the_agony_steps(tmp_path):
    with new_match(tmp_path) as m:
        m.run("To Agony 2", [Advance(to="agony-2", missing="confirm")])
        with pytest.raises(CommandError, match=r"^aftermath: .* at Aftermath, and"):
            m.run("Aftermath too early", [Aftermath()])
        # every group that has a 'trigger hex effects' step is named, none of the agony steps
        refusal = phase_refusal(m.state, HexEffects())
        assert "Gunnery 1, Movement 1, Assault 1," in refusal and "Gunnery 2, and" in refusal
        assert "Agony" not in refusal.split(", and the match")[0]


def test_the_reading_any_step_runs_an_agony_step_at_the_orders_step(tmp_path):
    with new_match(tmp_path, {"turn.step-outside-phase": "any-step"}) as m:
        (event,) = m.run("Agony 0 at the orders step", [Agony(step=0)]).events
        assert event.kind == "agony" and m.state.step == "orders"


def test_a_match_file_of_format_6_runs_an_agony_step_anywhere_as_it_was_played(tmp_path):
    path = tmp_path / "m.referee"
    new_match(tmp_path).close()
    as_format(path, 6)  # as written before format 7
    with MatchFile.open(path) as m:
        assert m.rules.readings["turn.step-outside-phase"] == "any-step"
        m.run("Agony 0 at the orders step", [Agony(step=0)])
    with MatchFile.open(path) as m:
        assert m.replay_check() == []
    assert main(["match", "check", str(path)]) == 0


JOURNAL = (
    JOURNAL_HEAD
    + """\
step: Agony 0 at the orders step
agony step=0
"""
)


def test_a_text_journal_of_format_6_replays_its_agony_step_at_the_orders_step(tmp_path):
    with replay_journal(parse_journal(JOURNAL.format(format=6)), tmp_path / "j.referee") as m:
        assert m.state.step == "orders" and len(m.steps()) == 1
        assert m.replay_check() == []


def test_a_text_journal_of_format_7_with_an_agony_step_at_the_orders_step_is_refused(tmp_path):
    with pytest.raises(JournalTextError, match=r"line 7\): agony step=0: carried out only"):
        replay_journal(parse_journal(JOURNAL.format(format=7)), tmp_path / "j.referee")
    assert not (tmp_path / "j.referee").exists()


def test_the_command_line_step_is_refused_the_same_way(tmp_path, capsys):
    new_match(tmp_path).close()
    path = tmp_path / "m.referee"
    before = path.read_bytes()
    code = main(["match", "step", str(path), "Agony 0", "-c", "agony step=0"])
    assert code != 0
    assert "agony step=0: carried out only when the match is at Agony 0" in capsys.readouterr().err
    assert path.read_bytes() == before
