"""The referee's corrections of hex markers and of units on the table (correct-hex,
correct-remove): they mirror the table, apply no rule, and undo like any step."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.board.hexgrid import parse_label
from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_text import parse_command
from referee.rules.orders.corrections import CorrectionError

UNITS = [
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
]

FIRE_ANY_STEP = {"turn.fire-outside-gunnery": "any-step"}
"""These tests fire without first moving the clock to a gunnery step (ruling
turn.fire-outside-gunnery); the refusal has its own tests (test_match_fire_step.py)."""


def new_match(tmp_path: Path) -> MatchFile:
    return MatchFile.create(
        tmp_path / "m.referee", map_name="entrenched", units=UNITS, seed=7, readings=FIRE_ANY_STEP
    )


def test_correct_hex_puts_smoke_on_a_hex_and_it_blocks_the_line(tmp_path):
    from referee.board.los import line_of_sight
    from referee.rules.orders.board_now import board_now

    with new_match(tmp_path) as m:
        c3 = parse_label("C3")
        m.run("smoke", [{"kind": "correct-hex", "hex": "C3", "marker": "smoke", "count": 2}])
        assert m.state.hexes.count(c3, "smoke") == 2
        # C3 lies between C2 and C4 on one column; both ends on the ground: smoke blocks
        # (los.smoke) -- the board the fire command uses sees it.
        sight = line_of_sight(board_now(m.state), parse_label("C2"), parse_label("C4"), 0, 0)
        assert c3 in sight.blocked_by


def test_correct_hex_count_zero_takes_the_stack_off(tmp_path):
    with new_match(tmp_path) as m:
        m.run("fire", [{"kind": "correct-hex", "hex": "D4", "marker": "fire", "count": 1}])
        m.run("out", [{"kind": "correct-hex", "hex": "D4", "marker": "fire", "count": 0}])
        assert m.state.hexes.at(parse_label("D4")) == ()


def test_correct_hex_keeps_a_clouds_strength_and_level(tmp_path):
    with new_match(tmp_path) as m:
        m.run(
            "cloud",
            [
                {
                    "kind": "correct-hex",
                    "hex": "D4",
                    "marker": "poison-cloud",
                    "count": 2,
                    "strength": 8,
                }
            ],
        )
        m.run(
            "one off", [{"kind": "correct-hex", "hex": "D4", "marker": "poison-cloud", "count": 1}]
        )
        cloud = m.state.hexes.get(parse_label("D4"), "poison-cloud")
        # hex_effects.toml (current): a poison cloud placed without (n+) has level 4.
        assert (cloud.count, cloud.strength, cloud.level) == (1, 8, 4)


@pytest.mark.parametrize(
    ("command", "words"),
    [
        ({"hex": "Z99", "marker": "smoke", "count": 1}, "not on the map"),
        ({"hex": "D4", "marker": "glitter", "count": 1}, "no marker 'glitter'"),
        ({"hex": "D4", "marker": "smoke", "count": -1}, "count must be 0 or more"),
        ({"hex": "D4", "marker": "smoke", "count": 1, "strength": 8}, "has no strength"),
        ({"hex": "D4", "marker": "poison-cloud", "count": 1}, "needs a strength"),
        ({"hex": "D4", "marker": "poison-cloud", "count": 1, "strength": 5}, "not 5"),
        ({"hex": "D4", "marker": "smoke"}, "missing 'count'"),
    ],
)
def test_correct_hex_refuses_what_the_table_cannot_hold(tmp_path, command, words):
    with new_match(tmp_path) as m:
        with pytest.raises(CorrectionError, match=words):
            m.run("bad", [{"kind": "correct-hex", **command}])
        assert m.steps() == []


def test_correct_remove_takes_the_unit_and_its_pending_damage_off(tmp_path):
    with new_match(tmp_path) as m:
        # journal tank-and-grunts: need 3, a 5 hits, a 6 on d6+1 is 7: a row is pending
        m.run(
            "shot",
            [{"kind": "fire", "shooter": "tank", "target": "grunts", "weapon": "Main gun"}],
            typed=[5, 6],
        )
        assert [p["unit"] for p in m.state.pending] == ["grunts"]
        m.run("gone", [parse_command("correct-remove uid=grunts")])
        assert set(m.state.units) == {"tank"}
        assert m.state.pending == ()
        m.undo()
        assert set(m.state.units) == {"tank", "grunts"}
        assert len(m.state.pending) == 1


def test_correct_remove_of_an_unknown_unit_is_refused(tmp_path):
    with new_match(tmp_path) as m, pytest.raises(CorrectionError, match="no unit 'ghost'"):
        m.run("bad", [{"kind": "correct-remove", "uid": "ghost"}])


def test_corrections_replay_exactly(tmp_path):
    with new_match(tmp_path) as m:
        m.run("smoke", [parse_command("correct-hex hex=C3 marker=smoke count=2")])
        m.run("gone", [parse_command("correct-remove uid=tank")])
        assert m.replay_check() == []


WAGON = {"uid": "wagon", "unit": "battle-wagon", "side": 2, "hex": "D6"}


def correct(m: MatchFile, uid: str, **fields: object) -> None:
    m.run(f"Correction: {uid}", [{"kind": "correct", "uid": uid, "set": fields}])


def test_taking_off_one_model_is_a_step_that_undo_takes_back(tmp_path):
    with new_match(tmp_path) as m:
        correct(m, "grunts", alive=3)  # an Ork grunts base has 4 models
        assert m.state.unit("grunts").alive == 3
        m.undo()
        assert m.state.unit("grunts").alive == 4


def test_the_elites_follow_the_models_alive_down(tmp_path):
    with new_match(tmp_path) as m:
        correct(m, "grunts", alive=0)  # 4 models, 1 of them the elite: none left
        assert (m.state.unit("grunts").alive, m.state.unit("grunts").elites_alive) == (0, 0)


def test_the_speed_is_one_of_the_cards_speeds(tmp_path):
    with new_match(tmp_path) as m:
        correct(m, "tank", speed="fast")
        assert m.state.unit("tank").speed == "fast"


def test_load_tokens_and_shots_fired_per_weapon(tmp_path):
    units = [*UNITS, WAGON]
    with MatchFile.create(tmp_path / "m.referee", map_name="entrenched", units=units) as m:
        correct(m, "wagon", loaded={"Gas lobba": 2, "Wagon shootas": 1})
        # the Gas lobba carries Limited Ammo (3): 2 shots fired leave 1
        correct(m, "wagon", fired={"Gas lobba": 2})
        wagon = m.state.unit("wagon")
        assert (wagon.ammo("Gas lobba"), wagon.ammo("Wagon shootas")) == (2, 1)
        assert wagon.shots_fired("Gas lobba") == 2


def test_each_condition_with_its_strength(tmp_path):
    with new_match(tmp_path) as m:
        correct(m, "grunts", fire=2, acid=1, minor_acid=3, poison=[8, 4], bleeding=[6])
        grunts = m.state.unit("grunts")
        assert (grunts.fire, grunts.acid, grunts.minor_acid) == (2, 1, 3)
        assert (grunts.poison, grunts.bleeding) == ((8, 4), (6,))
        correct(m, "grunts", poison=[], fire=0)
        assert (m.state.unit("grunts").poison, m.state.unit("grunts").fire) == ((), 0)


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"alive": 5}, "alive", "from 0 to 4"),  # 4 models on the card
        ({"alive": -1}, "alive", "from 0 to 4"),
        ({"alive": 0, "elites_alive": 1}, "elites_alive", "1 elites alive but only 0 models"),
        ({"speed": "warp"}, "speed", "no speed 'warp'"),
        ({"loaded": {"Big gun": 1}}, "loaded", "no weapon 'Big gun'"),
        ({"loaded": {"Shoota": -2}}, "loaded Shoota", "from 0 to 99"),
        ({"fire": "lots"}, "fire", "whole number"),
        ({"poison": [5]}, "poison", "the die of each instance"),
        ({"bleeding": 6}, "bleeding", "the die of each instance"),
        ({"facing": 6}, "facing", "from 0 to 5"),
        ({"hex": "Z99"}, "hex", "not on the map"),
        ({"colour": "red"}, "colour", "cannot set colour"),
    ],
)
def test_a_correction_the_table_cannot_hold_names_the_unit_and_the_field(
    tmp_path, fields, field, words
):
    with new_match(tmp_path) as m:
        with pytest.raises(CorrectionError, match=words) as refused:
            correct(m, "grunts", **fields)
        assert (refused.value.unit, refused.value.field) == ("grunts", field)
        assert m.steps() == []


def test_no_more_shots_fired_than_limited_ammo_carries(tmp_path):
    units = [*UNITS, WAGON]
    with MatchFile.create(tmp_path / "m.referee", map_name="entrenched", units=units) as m:
        with pytest.raises(CorrectionError, match="from 0 to 3") as refused:
            correct(m, "wagon", fired={"Gas lobba": 4})
        assert refused.value.field == "fired Gas lobba"
