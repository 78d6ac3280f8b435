"""The ``fire`` command: area weapons as a real action, the misfire of a fixed weapon, the
damage of the hits left pending, and the whole action's odds against the engine's rolls."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from referee.dice.service import Dice
from referee.match.games.orders_file import MatchFile
from referee.rules.damage.pending import apply_pending
from referee.rules.fire.preview import preview_shot
from referee.rules.orders.board_now import board_now
from referee.rules.orders.step import execute

UNITS = [
    {"uid": "wagon", "unit": "battle-wagon", "side": 2, "hex": "D2", "facing": 3},
    {"uid": "hoplites", "unit": "hoplite-phalanx", "side": 1, "hex": "E7", "speed": "slow"},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "B3"},
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "D4"},
]

FIRE_ANY_STEP = {"turn.fire-outside-gunnery": "any-step"}
"""These tests fire without first moving the clock to a gunnery step (ruling
turn.fire-outside-gunnery); the refusal has its own tests (test_match_fire_step.py)."""


def match(tmp_path: Path, units=UNITS, map_name: str = "standard") -> MatchFile:
    return MatchFile.create(
        tmp_path / "f.referee", map_name=map_name, units=units, seed=3, readings=FIRE_ANY_STEP
    )


def current_match(tmp_path: Path) -> MatchFile:
    """The same units on ENTRENCHED!'s map (current edition: Misfire is its rule, the first
    draft rolls no misfire die). D2 is a road, D3 and D4 clear: the wagon needs 3 on the
    tank (base 5, both standing still +1) as on the standard battlefield."""
    return match(tmp_path, map_name="entrenched")


def test_an_area_weapon_rolls_one_die_per_model_and_a_damage_roll_per_hit(tmp_path):
    with match(tmp_path) as m:
        # Gas lobba, Area(4+), at the four hoplites in the open (first draft: no evasion,
        # the area number is not changed by the to-hit table): 6, 4, 6, 3 = 3 hits.
        # Damage d4 on the hoplites' table (4-5 wounded): 1 and 3 below it, 4 wounded;
        # the gas's crew damage finds no crew table: no die.
        step = m.run(
            "Gunnery 1: wagon gasses the hoplites",
            [{"kind": "fire", "shooter": "wagon", "target": "hoplites", "weapon": "Gas lobba"}],
            typed=[6, 4, 6, 3, 1, 3, 4],
        )
        (event,) = step.events
        assert [r.purpose for r in event.dice] == ["area on hoplites"] * 4 + ["damage"] * 3
        assert event.detail["hits"] == 3
        assert "needs 4: Area(4+)" in event.text
        assert [p["row_at"] for p in m.state.pending] == [None, None, 4]
        assert m.state.unit("hoplites").alive == 4  # waits for 'apply damage'
        wagon = m.state.unit("wagon")
        assert wagon.shots_fired("Gas lobba") == 1  # Limited Ammo(3): one used
        assert "fire.area" in event.clauses


def test_area_fire_reaches_every_enemy_unit_in_the_hex(tmp_path):
    units = [
        *UNITS,
        {"uid": "peltasts", "unit": "peltast-skirmishers", "side": 1, "hex": "E7", "speed": "slow"},
    ]
    with match(tmp_path, units) as m:
        # 4 dice on the hoplites, then 2 on the two peltasts; all miss (1s): nothing rolls.
        step = m.run(
            "area",
            [{"kind": "fire", "shooter": "wagon", "target": "hoplites", "weapon": "Gas lobba"}],
            typed=[1] * 6,
        )
        purposes = [r.purpose for r in step.events[0].dice]
        assert purposes == ["area on hoplites"] * 4 + ["area on peltasts"] * 2
        assert m.state.pending == ()


def test_a_misfiring_fixed_weapon_does_nothing_and_spends_no_ammo(tmp_path):
    with current_match(tmp_path) as m:
        before = m.state.unit("wagon").ammo("Wagon shootas")
        # Misfire[2-]: a 2 misfires; the two front guns never roll.
        step = m.run(
            "misfire",
            [{"kind": "fire", "shooter": "wagon", "target": "tank", "weapon": "Wagon shootas"}],
            typed=[2],
        )
        (event,) = step.events
        assert [r.purpose for r in event.dice] == ["misfire Wagon shootas"]
        assert "misfire: the action does nothing" in event.text
        assert m.state.unit("wagon").ammo("Wagon shootas") == before


def test_the_fixed_guns_bearing_each_roll_after_the_misfire_die(tmp_path):
    with current_match(tmp_path) as m:
        # a 3 does not misfire; x2 in front: two to-hit dice (need 3 on the tank: 1 and 2
        # miss), no damage
        step = m.run(
            "fire",
            [{"kind": "fire", "shooter": "wagon", "target": "tank", "weapon": "Wagon shootas"}],
            typed=[3, 1, 2],
        )
        assert [r.purpose for r in step.events[0].dice] == [
            "misfire Wagon shootas",
            "to hit tank (Wagon shootas)",
            "to hit tank (Wagon shootas)",
        ]


def test_the_dice_of_an_action_are_announced_before_they_are_rolled(tmp_path):
    with current_match(tmp_path) as m:
        seen: list[list[str]] = []
        dice = Dice(seed=1)

        def ask(request):
            seen.append([request.purpose, *(r.purpose for r in dice.expected)])
            return 5 if request.purpose.startswith("to hit") else 4

        dice.ask = ask
        execute(
            m.state,
            {"kind": "fire", "shooter": "wagon", "target": "tank", "weapon": "Wagon shootas"},
            dice,
        )
        # before the misfire die: both to-hit dice are listed after it
        assert seen[0] == [
            "misfire Wagon shootas",
            "to hit tank (Wagon shootas)",
            "to hit tank (Wagon shootas)",
        ]
        # once both hit, the damage of both hits is listed: armor dice, then damage
        assert seen[3][0] == "armor" and "damage" in seen[3]
        assert seen[3].count("damage") == 2


def test_the_whole_action_odds_agree_with_the_fire_command(tmp_path):
    # Wagon shootas at the hoplites' neighbour in front: misfire, two dice, damage in
    # sequence; the exact odds against 1 500 seeded fire actions (4 standard errors).
    units = [
        UNITS[0],
        {"uid": "hoplites", "unit": "hoplite-phalanx", "side": 1, "hex": "D4", "speed": "slow"},
    ]
    with match(tmp_path, units) as m:
        state = m.state
        preview = preview_shot(
            state.rules,
            board_now(state),
            state.unit("wagon"),
            state.unit("hoplites"),
            state.unit("wagon").unit.weapon("Wagon shootas"),
            units=state.units.values(),
        )
        odds = preview.action
        assert odds is not None and odds.dice == 2
        n = 1500
        hits: Counter[int] = Counter()
        killed = 0
        for seed in range(n):
            event = execute(
                state,
                {
                    "kind": "fire",
                    "shooter": "wagon",
                    "target": "hoplites",
                    "weapon": "Wagon shootas",
                },
                Dice(seed=seed),
            )
            detail = event.detail
            hits[0 if detail["misfire"] and detail["misfire"]["misfired"] else detail["hits"]] += 1
            after = state.apply(event.changes)
            applied = apply_pending(after.ledger(), after.units)
            killed += bool(applied.killed.get("hoplites"))
        for k, p in enumerate(odds.hits):
            se = (float(p * (1 - p)) / n) ** 0.5
            assert abs(hits[k] / n - float(p)) <= 4 * se, (k, hits, p)
        p = odds.kill_at_least_one
        se = (float(p * (1 - p)) / n) ** 0.5
        assert abs(killed / n - float(p)) <= 4 * se + 1e-9, (killed, p)
