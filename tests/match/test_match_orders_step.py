"""The orders step (clause orders.giving, rulings turn.orders-step and orders.missing): each
turn opens with it, the clock leaves it only when every unit on the table has orders for this
turn and the next or the referee confirms that the rule for a missing order applies; match
files and text journals written before it replay as they were played."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.rules.command import CommandError
from referee.rules.orders.advance import OrdersMissingError
from referee.rules.orders.agenda import match_agenda
from referee.rules.orders.commands import Advance, Movement, Orders, command_from_json

JOURNALS = Path(__file__).parent / "journals"
FILES = Path(__file__).parent / "files"

UNITS = [
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
]


def new_match(tmp_path: Path, map_name: str = "entrenched", units=UNITS) -> MatchFile:
    return MatchFile.create(tmp_path / "m.referee", map_name=map_name, units=units, seed=7)


def orders(uid: str, turn: int, movement: str = "- + - + -", gunnery: str = "- + -") -> dict:
    return Orders(uid=uid, turn=turn, movement=movement, gunnery=gunnery)


def test_a_new_match_opens_at_the_orders_step_and_says_who_has_no_orders(tmp_path):
    with new_match(tmp_path) as m:
        assert (m.state.turn, m.state.step) == (1, "orders")
        m.run("Tank's orders for turn 1", [orders("tank", 1)])
        agenda = match_agenda(m.state).to_json()
        # one round ahead: this turn's orders and the next turn's are due
        assert agenda["orders_missing"] == ["tank", "grunts"]
        assert {u["uid"]: u["why"] for u in agenda["units"]} == {
            "tank": "no orders for turn 2",
            "grunts": "no orders for turns 1 and 2",
        }
        assert "orders.missing" in agenda["clauses"] and "orders.missing" in agenda["rulings"]


def test_the_clock_does_not_leave_the_orders_step_while_orders_are_missing(tmp_path):
    with new_match(tmp_path) as m:
        m.run("Orders", [orders("tank", 1), orders("tank", 2), orders("grunts", 1)])
        before = m.path.read_bytes()
        with pytest.raises(OrdersMissingError, match="grunts: no orders for turn 2") as info:
            m.run("Next", [Advance()])
        assert info.value.uids == ("grunts",) and info.value.unit == "grunts"
        # nor by jumping over it, nor by passing empty steps
        for command in (
            Advance(to="aftermath"),
            Advance(skip="idle"),
        ):
            with pytest.raises(OrdersMissingError):
                m.run("Next", [command])
        assert m.path.read_bytes() == before  # a refused step writes nothing
        m.run("Orders", [orders("grunts", 2), Advance()])
        assert (m.state.turn, m.state.step) == (1, "gunnery-1")


def test_the_next_turns_orders_step_waits_for_the_turn_after(tmp_path):
    with new_match(tmp_path) as m:
        m.run(
            "Orders",
            [
                orders("tank", 1),
                orders("tank", 2),
                orders("grunts", 1),
                orders("grunts", 2),
                Advance(to="aftermath"),
                Advance(),
            ],
        )
        assert (m.state.turn, m.state.step) == (2, "orders")
        assert match_agenda(m.state).orders_missing == ("tank", "grunts")  # turn 3's are due
        with pytest.raises(OrdersMissingError, match="no orders for turn 3"):
            m.run("Next", [Advance()])


def test_confirming_in_the_current_edition_the_unit_does_nothing(tmp_path):
    # ruling orders.missing (as-illegal) with orders.illegal (nothing): '- + - + -', '- + -'
    with new_match(tmp_path) as m:
        step = m.run(
            "Next",
            [orders("tank", 1), orders("tank", 2), Advance(missing="confirm")],
        )
        event = step.events[-1]
        assert "orders.missing" in event.clauses
        assert set(event.rulings) == {"orders.missing", "orders.illegal"}
        assert event.detail["confirmed"] == [{"uid": "grunts", "turns": [1, 2]}]
        assert "grunts: no orders for turns 1 and 2; confirmed by the referee" in event.text
        for turn in ("1", "2"):
            assert m.state.orders["grunts"][turn] == {
                "movement": "- + - + -",
                "gunnery": "- + -",
                "missing": "nothing",
            }
        assert (m.state.turn, m.state.step) == (1, "gunnery-1")
        assert m.replay_check() == []


def test_in_the_first_draft_a_unit_without_orders_carries_out_its_default_order(tmp_path):
    # draft 000, Orders: an order that cannot be carried out is replaced by the default;
    # the grunts' card gives F as the default movement at slow: they move one hex forward
    # (facing S: B3 -> B4) in each movement step, and do nothing in the gunnery steps.
    units = [
        {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C7", "facing": 0},
        {
            "uid": "grunts",
            "unit": "ork-grunts",
            "side": 2,
            "hex": "B3",
            "facing": 3,
            "speed": "slow",
        },
    ]
    with new_match(tmp_path, "standard", units) as m:
        m.run(
            "Orders",
            [
                orders("tank", 1),
                orders("tank", 2),
                Orders(uid="grunts", turn=1, missing="confirm"),
                Orders(uid="grunts", turn=2, missing="confirm"),
            ],
        )
        event = m.steps()[-1].events[-1]
        assert event.clauses == ("orders.missing", "orders.giving", "orders.default")
        assert "carries out its default order" in event.text
        assert m.state.orders["grunts"]["1"] == {"gunnery": "- + -", "missing": "default"}
        m.run("On", [Advance(to="movement-1")])
        assert m.state.actions_now()["grunts"] == ("F",)
        m.run("Movement 1", [Movement(step=1)])
        assert str(m.state.unit("grunts").hex) == "B4"
        assert m.replay_check() == []


def test_a_missing_order_is_confirmed_only_where_one_is_missing(tmp_path):
    with new_match(tmp_path) as m:
        m.run("Orders", [orders("tank", 1)])
        with pytest.raises(CommandError, match="already written"):
            m.run("Again", [Orders(uid="tank", turn=1, missing="confirm")])
        with pytest.raises(CommandError, match="not both"):
            m.run(
                "Both",
                [Orders(uid="grunts", turn=1, missing="confirm", movement="F + F + F")],
            )
        with pytest.raises(CommandError, match="one round ahead"):
            m.run("Far", [Orders(uid="grunts", turn=3, missing="confirm")])
        with pytest.raises(CommandError, match="the only value is 'confirm'"):
            m.run("Odd", [command_from_json({"kind": "advance", "missing": "yes"})])


def test_a_journal_of_the_orders_step_replays_to_the_hand_worked_state(tmp_path):
    j = read_journal(JOURNALS / "two-turns-orders-step.journal")
    assert j.format == 2
    with replay_journal(j, tmp_path / "r.referee") as m:
        s = m.state
        assert (s.turn, s.step) == (3, "orders")  # waiting for turn 4's orders
        assert s.unit("grunts").alive == 3  # 6 + 1 = 7: one killed, applied in Assault 1
        assert s.orders["grunts"]["2"]["missing"] == "nothing"
        names = [step.name for step in m.steps()]
        assert names == [
            "Orders for turns 1 and 2",
            "Gunnery 1: the tank fires its main gun at the grunts",
            "On to the damage",
            "Assault 1: apply damage",
            "On to turn 2",
            "Turn 2: no orders for turn 3",
            "On to turn 3",
        ]
        # the run from Gunnery 1 to the damage: Gunnery 1's hex effects, the four steps of
        # Movement 1 and the first three of Assault 1 (draft 004 applies no damage before)
        passed = m.steps()[2].events[0].detail["passed"]
        assert passed == [
            "gunnery-1.hex-effects",
            "movement-1",
            "movement-1.pre-assault-retreat",
            "movement-1.hex-effects",
            "movement-1.pre-assault-abilities",
            "assault-1",
            "assault-1.post-assault-retreat",
            "assault-1.hex-effects",
        ]
        assert m.replay_check() == []


@pytest.mark.parametrize("name", ["tank-and-grunts", "full-turn", "assault-example-004"])
def test_a_journal_written_before_the_orders_step_replays_as_it_was_played(tmp_path, name):
    j = read_journal(JOURNALS / f"{name}.journal")
    assert j.format == 1  # no 'format:' line
    with replay_journal(j, tmp_path / "r.referee") as m:
        assert m.rules.readings["turn.orders-step"] == "none"
        assert not any(s.kind == "orders" for s in match_agenda(m.state).position.steps)
        assert m.replay_check() == []


def test_a_match_file_written_before_the_orders_step_loads_and_replays(tmp_path):
    # demo-format-1.referee: written by referee before the orders step (main at 8d57697):
    # the demo, a turn played to Gunnery 1 of turn 2, one step undone.
    path = tmp_path / "old.referee"
    shutil.copy(FILES / "demo-format-1.referee", path)
    before = path.read_bytes()
    with MatchFile.open(path) as m:
        assert m.meta["format_version"] == 1
        assert m.rules.readings["turn.orders-step"] == "none"
        assert (m.state.turn, m.state.step) == (2, "gunnery-1")
        assert m.replay_check() == []
        assert [s.undone for s in m.steps(include_undone=True)][-1] is True
    assert path.read_bytes() == before  # reading it changes nothing
    with MatchFile.open(path) as m:  # and it goes on as it was played: no orders step
        m.run("Next", [Advance()])
        assert (m.state.turn, m.state.step) == (2, "gunnery-1.hex-effects")
        assert m.replay_check() == []


def test_a_new_match_file_is_of_the_current_format_with_the_orders_step(tmp_path):
    with new_match(tmp_path) as m:
        assert m.meta["format_version"] == 8  # gunnery orders at gunnery steps (s9-phase2)
        assert m.rules.readings["turn.orders-step"] == "first"
