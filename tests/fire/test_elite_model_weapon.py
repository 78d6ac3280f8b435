"""Burst with an elite model (ruling ``fire.elite-model-weapon``): draft 004's elite weapon
"replaces the weapon of a single model (typical elite)", and a Burst(N) weapon "is fired N
times (per model)". The default reading, ``not-the-elite``: a weapon every model carries is
fired by the models that carry it, so an alive elite whose elite weapon replaced it does not
fire it; ``elite-too`` has every alive model fire it.

Sample cards: the Dark-Elf warriors (4 models, 1 elite, the witch-lord with his pistol) fire
the Repeater crossbow, Burst(2) Load[2]; the Ork grunts (4 models, 1 elite, the nob with the
Burna) fire the Shoota. ENTRENCHED!: C3 clear, C5 rough (cover -1 to be hit).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.main import main
from referee.match.games.orders_file import MatchFile


def shot(capsys, *argv: str) -> dict:
    assert main(["shot", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_witch_lord_does_not_fire_the_burst_crossbow(capsys):
    """Warriors (standing still) at C3 facing S, grunts (standing still) at C5 in rough:
    need 5 - 1 (shooter still) - 1 (target still) + 1 (rough) = 4, p = 1/2. The crossbow is
    fired by the 3 warriors that carry it, 2 times each: 6 dice; all six hit: (1/2)^6 = 1/64;
    none hits 1/64 too."""
    data = shot(
        capsys, "entrenched", "dark-elf-warriors@C3", "ork-grunts@C5", "--shooter-facing", "3"
    )
    assert data["to_hit"]["need"] == 4
    assert data["dice"] == 6
    hits = data["action"][0]["hits_exact"]
    assert (hits[0], hits[6]) == ("1/64", "1/64")
    assert data["readings"]["fire.elite-model-weapon"] == "not-the-elite"


def test_the_other_reading_has_the_witch_lord_fire_it_too(capsys):
    """Reading elite-too: 4 models x Burst(2) = 8 dice."""
    data = shot(
        capsys,
        "entrenched",
        "dark-elf-warriors@C3",
        "ork-grunts@C5",
        "--shooter-facing",
        "3",
        "--ruling",
        "fire.elite-model-weapon=elite-too",
    )
    assert data["dice"] == 8


def test_the_nob_does_not_fire_the_shoota(capsys):
    """Grunts at C3 facing S at hoplites at C5: the Shoota is fired by the 3 grunts that
    carry it (the nob carries the Burna): 3 dice."""
    data = shot(
        capsys, "entrenched", "ork-grunts@C3", "hoplite-phalanx@C5", "--shooter-facing", "3"
    )
    assert data["dice"] == 3
    assert "fire.elite-model-weapon" in data["rulings"]


def test_a_unit_without_an_elite_weapon_fires_with_every_model(capsys):
    """A unit whose card has no elite weapon (the Ork boar riders, 2 models) fires its
    Choppa pistols with both models: 2 dice, and the ruling is not named."""
    data = shot(
        capsys, "entrenched", "boar-riders@C3", "hoplite-phalanx@C4", "--shooter-facing", "3"
    )
    assert data["dice"] == 2
    assert "fire.elite-model-weapon" not in data["rulings"]


FIRE_ANY_STEP = {"turn.fire-outside-gunnery": "any-step"}
UNITS = [
    {"uid": "warriors", "unit": "dark-elf-warriors", "side": 1, "hex": "C3", "facing": 3},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "C5"},
]


def match(tmp_path: Path) -> MatchFile:
    return MatchFile.create(
        tmp_path / "m.referee", map_name="entrenched", units=UNITS, seed=5, readings=FIRE_ANY_STEP
    )


def test_the_matchs_fire_rolls_the_crossbow_of_the_three_that_carry_it(tmp_path):
    """Six to-hit dice (3 warriors x Burst(2)), need 4: all miss with 1, 2, 3, 1, 2, 3."""
    with match(tmp_path) as m:
        step = m.run(
            "crossbows",
            [
                {
                    "kind": "fire",
                    "shooter": "warriors",
                    "target": "grunts",
                    "weapon": "Repeater crossbow",
                }
            ],
            typed=[1, 2, 3, 1, 2, 3],
        )
        (event,) = step.events
        assert [r.purpose for r in event.dice] == ["to hit grunts (Repeater crossbow)"] * 6
        assert "fire.elite-model-weapon" in event.rulings
        assert m.replay_check() == []


def test_the_witch_lord_alone_cannot_fire_the_crossbow(tmp_path):
    """Only the witch-lord left (1 model, the elite): no model carries the crossbow; his
    pistol (range 2, C3 to C5) still may fire."""
    from referee.rules.command import CommandError

    with match(tmp_path) as m:
        m.run("losses", [{"kind": "correct", "uid": "warriors", "set": {"alive": 1}}])
        assert m.state.unit("warriors").elites_alive == 1
        with pytest.raises(CommandError, match="no model of warriors carries Repeater crossbow"):
            m.run(
                "crossbows",
                [
                    {
                        "kind": "fire",
                        "shooter": "warriors",
                        "target": "grunts",
                        "weapon": "Repeater crossbow",
                    }
                ],
                typed=[6, 6],
            )
