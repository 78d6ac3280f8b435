"""The contests a movement step starts, read back as the assault engine's Contest, and the
referee's reroll and retreat choices in the assault command."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.board.hexgrid import parse_label
from referee.match.games.orders_file import MatchFile
from referee.rules.assault.roll import DieRef
from referee.rules.orders.assault_choices import (
    AssaultChoiceError,
    contest_from_state,
    die_ref,
    reroll_batches,
    retreat_choice,
)
from referee.rules.orders.commands import Assault, Movement, Orders

STEPS_ANY_TIME = {"turn.step-outside-phase": "any-step"}
"""These tests run steps of the turn without first moving the clock to them (ruling
turn.step-outside-phase); the refusal has its own tests (test_match_step_phase.py)."""


def _match(tmp_path: Path, grunts_at: str, grunts_order: str, facing: int) -> MatchFile:
    units = [
        {
            "uid": "tank",
            "unit": "standard-tank",
            "side": 1,
            "hex": "C3",
            "facing": 3,
            "speed": "slow",
        },
        {
            "uid": "grunts",
            "unit": "ork-grunts",
            "side": 2,
            "hex": grunts_at,
            "facing": facing,
            "speed": "slow",
        },
    ]
    m = MatchFile.create(
        tmp_path / "c.referee", map_name="entrenched", units=units, seed=5, readings=STEPS_ANY_TIME
    )
    m.run(
        "Orders",
        [
            Orders(uid="tank", turn=1, movement="F + - + -", gunnery="- + -"),
            Orders(uid="grunts", turn=1, movement=grunts_order, gunnery="- + -"),
        ],
    )
    m.run("Movement 1", [Movement(step=1)])
    return m


def test_units_entering_the_same_hex_both_fight_with_their_front(tmp_path):
    # clause assault.facing: a unit entering the hex fights with its front
    with _match(tmp_path, "C5", "F + - + -", 0) as m:
        contest = contest_from_state(m.state, 0)
    assert contest.hex == parse_label("C4")
    tank, grunts = contest.combatant("tank"), contest.combatant("grunts")
    assert (tank.role, tank.fights_with, tank.unit.side) == ("entering", "front", 1)
    assert (grunts.role, grunts.fights_with, grunts.unit.side) == ("entering", "front", 2)
    assert contest.side(1).uids == ("tank",) and contest.side(2).uids == ("grunts",)


def test_a_stationary_unit_fights_with_the_sector_it_is_attacked_from(tmp_path):
    # the grunts stand in C4 facing south (3); the tank comes from C3, to the north: the
    # grunts are attacked through their back sector
    with _match(tmp_path, "C4", "- + - + -", 3) as m:
        contest = contest_from_state(m.state, 0)
    grunts = contest.combatant("grunts")
    assert (grunts.role, grunts.sector, grunts.fights_with) == ("stationary", "back", "back")
    assert contest.held(grunts) and not contest.held(contest.combatant("tank"))


def test_a_contest_that_does_not_exist_is_named(tmp_path):
    with (
        _match(tmp_path, "C5", "F + - + -", 0) as m,
        pytest.raises(AssaultChoiceError, match=r"no contest 1 .*started 1"),
    ):
        contest_from_state(m.state, 1)


def test_the_referee_chooses_which_die_reroll_assault_rerolls(tmp_path):
    # clause abilities.reroll-assault: the hoplites (Reroll Assault 1) roll 8 assault dice at
    # 5+ (2 per model x 4): 6 2 2 2 2 2 2 2, one 6: one die may be rerolled. The referee
    # picks the third die (hoplites#3, not the proposal's hoplites#2) and the table shows 5:
    # 6 2 5 2 2 2 2 2, two successes. Deflection 2 2 2 2, grunts 2 2 2 2: none. Two damaging
    # hits on the grunts, d6: 1 and 1.
    units = [
        {
            "uid": "hoplites",
            "unit": "hoplite-phalanx",
            "side": 1,
            "hex": "C3",
            "facing": 3,
            "speed": "slow",
        },
        {
            "uid": "grunts",
            "unit": "ork-grunts",
            "side": 2,
            "hex": "C5",
            "facing": 0,
            "speed": "slow",
        },
    ]
    with MatchFile.create(
        tmp_path / "r.referee", map_name="entrenched", units=units, seed=5, readings=STEPS_ANY_TIME
    ) as m:
        m.run(
            "Orders",
            [
                Orders(uid=u, turn=1, movement="F + - + -", gunnery="- + -")
                for u in ("hoplites", "grunts")
            ],
        )
        m.run("Movement 1", [Movement(step=1)])
        pools = [6, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]
        m.run(
            "Assault",
            [Assault(rerolls=({"hoplites": ["hoplites#3"]},))],
            typed=[*pools, 5, 1, 1],
        )
        rolled = m.steps()[-1].events[0].detail["rolled"]["pools"][0]
        assert (rolled["dice"], rolled["rerolled"], rolled["successes"]) == (
            [6, 2, 5, 2, 2, 2, 2, 2],
            [2],
            2,
        )


def test_a_loser_turns_about_as_it_retreats(tmp_path):
    # clause assault.retreat: the grunts stay in C5 and may turn left, right or about
    with _match(tmp_path, "C5", "F + - + -", 0) as m:
        m.run(
            "Assault",
            [Assault(retreats={"grunts": {"hex": "C5", "facing": 3}})],
            typed=[5, 5, 2, 2, 1, 1, 2, 2, 2, 2, 6, 6],
        )
        assert m.state.unit("grunts").facing == 3


def test_a_facing_the_retreat_does_not_allow_is_refused(tmp_path):
    # from facing 0 the grunts may keep it or turn left (5), right (1) or about (3): not 2
    with _match(tmp_path, "C5", "F + - + -", 0) as m:
        with pytest.raises(ValueError, match="grunts may face 0, 1, 3, 5, not 2"):
            m.run(
                "Assault",
                [Assault(retreats={"grunts": {"hex": "C5", "facing": 2}})],
                typed=[5, 5, 2, 2, 1, 1, 2, 2, 2, 2, 6, 6],
            )
        assert [s.name for s in m.steps()] == ["Orders", "Movement 1"]


def test_reroll_batches_read_dice_counted_from_one():
    assert die_ref("hoplites/deflection#2", "x") == DieRef("hoplites/deflection", 1)
    assert reroll_batches(None) is None
    assert reroll_batches("decline") == ({},)
    assert reroll_batches([{"hoplites": ["hoplites#2"]}, {}]) == (
        {"hoplites": (DieRef("hoplites", 1),)},
        {},
    )
    with pytest.raises(AssaultChoiceError, match=r"rerolls\[0\].hoplites: 'hoplites#0'"):
        reroll_batches([{"hoplites": ["hoplites#0"]}])


def test_a_retreat_is_a_hex_or_a_hex_and_a_facing():
    assert retreat_choice("C5", "r") == ("C5", None)
    assert retreat_choice({"hex": "C5", "facing": 3}, "r") == ("C5", 3)
    with pytest.raises(AssaultChoiceError, match=r"retreats\.grunts"):
        retreat_choice({"hex": "C5", "facing": 6}, "retreats.grunts")
