"""Aim, Spot and Load are gunnery orders: 'The first is executed in gunnery 1, the second in
gunnery 2' (draft 004, Orders; clauses orders.gunnery-codes, turn.gunnery). Asked for at any
other step of the turn they are refused by the engine whoever asks, naming the order and where
the clock is (ruling turn.gunnery-order-outside-gunnery, reading ``refuse``), as a fire action
is (turn.fire-outside-gunnery); and every gunnery order, Fire too, is of the gunnery step the
clock is at: one naming the other step is refused, one naming none is the clock's. Match files
of format 7 and older and text journals without ``format: 8`` carried them out wherever the
clock was, a step named by none being Gunnery 1, and replay as they were played."""

from __future__ import annotations

import pytest
from phase_match_files import JOURNAL_HEAD, as_format, new_match

from referee.cli.main import main
from referee.errors import RefereeError
from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_text import JournalTextError, parse_journal, replay_journal
from referee.rules.command import CommandError, OutOfPhase
from referee.rules.orders.commands import Advance, Aim, Fire, Load
from referee.rules.orders.hidden_commands import Spot
from referee.rules.orders.phase import gunnery_refusal, phase_refusal

RULING = "turn.gunnery-order-outside-gunnery"


def test_a_load_at_the_orders_step_is_refused_naming_it_and_the_clock(tmp_path):
    with new_match(tmp_path) as m:
        assert (m.state.turn, m.state.step) == (1, "orders")
        before = (tmp_path / "m.referee").read_bytes()
        with pytest.raises(CommandError) as refused:
            m.run("Load at the orders step", [Load(uid="tank")])
        text = str(refused.value)
        assert text.startswith("load: a gunnery order is carried out at a gunnery step only")
        assert 'the match is at turn 1, "Orders: ' in text
        assert f"ruling {RULING}" in text and "clause turn.gunnery" in text
        assert refused.value.field == "kind"
        assert m.steps() == []
    assert (tmp_path / "m.referee").read_bytes() == before


def test_an_aim_during_a_movement_step_is_refused(tmp_path):
    with new_match(tmp_path) as m:
        m.run("To Movement 1", [Advance(to="movement-1", missing="confirm")])
        with pytest.raises(CommandError, match=r'^aim: .*turn 1, "Movement 1'):
            m.run("Aim in Movement 1", [Aim(uid="tank", gunnery=1)])


def test_a_spot_at_the_aftermath_is_refused_before_its_target_is_looked_at(tmp_path):
    with new_match(tmp_path) as m:
        m.run("To the aftermath", [Advance(to="aftermath", missing="confirm")])
        # the grunts are not hidden: the phase is what refuses, before the target is judged
        refusal = gunnery_refusal(m.state, "spot")
        assert refusal.startswith("spot: a gunnery order") and '"Aftermath' in refusal
        with pytest.raises(CommandError, match=r"^spot: a gunnery order"):
            m.run("Spot at the aftermath", [Spot(uid="tank", target="grunts")])


def test_aim_and_load_at_a_gunnery_step_are_carried_out(tmp_path):
    with new_match(tmp_path) as m:
        m.run("To Gunnery 1", [Advance(to="gunnery-1", missing="confirm")])
        assert gunnery_refusal(m.state, "load") == ""
        assert phase_refusal(m.state, Load(uid="tank")) == ""
        events = m.run("Gunnery 1: aim and load", [Load(uid="tank"), Aim(uid="tank")]).events
        assert [e.kind for e in events] == ["load", "aim"]
        m.run("To Gunnery 2", [Advance(to="gunnery-2")])
        (event,) = m.run("Gunnery 2: load", [Load(uid="tank")]).events
        assert event.kind == "load"


def test_the_reading_any_step_loads_at_the_orders_step(tmp_path):
    with new_match(tmp_path, {RULING: "any-step"}) as m:
        (event,) = m.run("Load at the orders step", [Load(uid="tank")]).events
        assert event.kind == "load" and m.state.step == "orders"


def test_a_match_file_of_format_7_loads_anywhere_as_it_was_played(tmp_path):
    path = tmp_path / "m.referee"
    new_match(tmp_path).close()
    as_format(path, 7)  # as written before format 8
    with MatchFile.open(path) as m:
        assert m.rules.readings[RULING] == "any-step"
        assert m.rules.readings.get("turn.step-outside-phase") != "any-step"  # format 7 kept
        m.run("Load at the orders step", [Load(uid="tank")])
    with MatchFile.open(path) as m:
        assert m.replay_check() == []
    assert main(["match", "check", str(path)]) == 0


JOURNAL = (
    JOURNAL_HEAD
    + """\
step: Load at the orders step
load uid=tank
"""
)


def test_a_text_journal_of_format_7_replays_its_load_at_the_orders_step(tmp_path):
    with replay_journal(parse_journal(JOURNAL.format(format=7)), tmp_path / "j.referee") as m:
        assert m.state.step == "orders" and len(m.steps()) == 1
        assert m.replay_check() == []


def test_a_text_journal_of_format_8_with_a_load_at_the_orders_step_is_refused(tmp_path):
    with pytest.raises(JournalTextError, match=r"line 7\): load: a gunnery order"):
        replay_journal(parse_journal(JOURNAL.format(format=8)), tmp_path / "j.referee")
    assert not (tmp_path / "j.referee").exists()


def test_an_unknown_unit_is_named_before_the_clock_is_looked_at(tmp_path):
    with new_match(tmp_path) as m, pytest.raises(RefereeError, match="'nobody'"):
        m.run("Load", [Load(uid="nobody")])


def test_the_command_line_aim_is_refused_the_same_way(tmp_path, capsys):
    new_match(tmp_path).close()
    path = tmp_path / "m.referee"
    before = path.read_bytes()
    code = main(["match", "step", str(path), "Aim", "-c", "aim uid=tank"])
    assert code != 0
    assert "aim: a gunnery order is carried out at a gunnery step only" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_an_aim_at_gunnery_2_naming_no_step_is_of_gunnery_2(tmp_path):
    with new_match(tmp_path) as m:
        m.run("To Gunnery 2", [Advance(to="gunnery-2", missing="confirm")])
        m.run("Gunnery 2: aim", [Aim(uid="tank")])
        aim = m.state.unit("tank").aim
        assert aim is not None and (aim.turn, aim.gunnery) == (1, 2)


@pytest.mark.parametrize(
    "command",
    [Aim(uid="tank", gunnery=1), Fire(shooter="tank", target="grunts", gunnery=1)],
    ids=["aim", "fire"],
)
def test_a_gunnery_order_naming_the_other_gunnery_step_is_refused(tmp_path, command):
    with new_match(tmp_path) as m:
        m.run("To Gunnery 2", [Advance(to="gunnery-2", missing="confirm")])
        with pytest.raises(OutOfPhase, match=r"gunnery=1: .*is at Gunnery 2") as refused:
            m.run("Gunnery 2", [command])
        assert refused.value.field == "gunnery"
        assert len(m.steps()) == 1


def test_a_match_file_of_format_7_counts_an_aim_naming_no_step_as_gunnery_1s(tmp_path):
    path = tmp_path / "m.referee"
    new_match(tmp_path).close()
    as_format(path, 7)  # as written before format 8
    with MatchFile.open(path) as m:
        m.run("To Gunnery 2", [Advance(to="gunnery-2", missing="confirm")])
        m.run("Gunnery 2: aim", [Aim(uid="tank")])
        aim = m.state.unit("tank").aim
        assert aim is not None and aim.gunnery == 1  # as it was played
        assert m.replay_check() == []
