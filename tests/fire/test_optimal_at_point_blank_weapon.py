"""Optimal at point blank written on a weapon (clause ``fire.optimal-at-point-blank``, ruling
``fire.optimal-weapon``): +1 to hit for that weapon's shots at range 1, in ``referee shot``,
``referee hit --weapon-ability`` and the match's ``fire``.

Draft 004's to-hit table: base 5+; Point-Blank +1 to hit (range = 1); Slow 0; Bad Shot -1;
Optimal at point blank +1 "firing at enemies at point blank range only". The sample cards:
the Ork grunts (Bad Shot) fire the Shoota (range 3, Misfire[1-], Optimal at point blank);
the hoplite phalanx's captain (its elite) the Captain's pistol (range 2, Optimal at point
blank). ENTRENCHED!: C3 and C4 are clear, one hex apart (range 1), C5 is rough.
"""

from __future__ import annotations

import json
from pathlib import Path

from referee.cli.main import main
from referee.match.games.orders_file import MatchFile


def shot(capsys, *argv: str) -> dict:
    assert main(["shot", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_grunts_shoota_at_point_blank_needs_4(capsys):
    """Grunts (slow) at C3 fire the Shoota at hoplites (slow) at C4, range 1:
    5 - 1 (point blank) + 1 (Bad Shot) - 1 (Optimal at point blank, the Shoota's) = 4;
    the hoplites are slow in the open (no cover, Take Cover[stand-still] not active): 4+,
    an open-ended d6 reaching 4 is 1/2."""
    data = shot(
        capsys,
        "entrenched",
        "ork-grunts@C3",
        "hoplite-phalanx@C4",
        "--shooter-speed",
        "slow",
        "--target-speed",
        "slow",
    )
    assert data["to_hit"]["need"] == 4
    assert data["p_hit_exact"] == "1/2"
    optimal = [t for t in data["to_hit"]["terms"] if t["label"] == "Optimal at point blank"]
    assert optimal == [
        {
            "label": "Optimal at point blank",
            "value": 1,
            "clause": "fire.optimal-at-point-blank",
            "ruling": "fire.optimal-weapon",
        }
    ]
    assert "fire.optimal-weapon" in data["rulings"]


def test_the_captains_pistol_at_point_blank_needs_3(capsys):
    """The hoplites (slow) at C3 fire the Captain's pistol at the grunts (slow) at C4:
    5 - 1 (point blank) - 1 (Optimal at point blank) = 3; an open-ended d6 reaching 3 is
    4/6 = 2/3; one die (one captain)."""
    data = shot(
        capsys,
        "entrenched",
        "hoplite-phalanx@C3",
        "ork-grunts@C4",
        "--weapon",
        "Captain's pistol",
        "--shooter-speed",
        "slow",
        "--target-speed",
        "slow",
    )
    assert data["to_hit"]["need"] == 3
    assert data["p_hit_exact"] == "2/3"
    assert data["dice"] == 1


def test_beyond_point_blank_the_weapon_gives_nothing(capsys):
    """The pistol at the grunts at C5, range 2 (normal range, range 2): 5, then the grunts
    in rough (C5) are -1 to be hit: 6; no Optimal at point blank."""
    data = shot(
        capsys,
        "entrenched",
        "hoplite-phalanx@C3",
        "ork-grunts@C5",
        "--weapon",
        "Captain's pistol",
        "--shooter-speed",
        "slow",
        "--target-speed",
        "slow",
    )
    assert data["to_hit"]["need"] == 6
    assert "fire.optimal-weapon" not in data["rulings"]


def test_hit_takes_optimal_at_point_blank_as_a_weapon_ability(capsys):
    """``referee hit entrenched C3 C4 --weapon-range 3 --weapon-ability
    optimal-at-point-blank``: both slow by default: 5 - 1 (point blank) - 1 = 3; given on
    both the unit and its weapon it counts once: still 3."""
    argv = ["hit", "entrenched", "C3", "C4", "--weapon-range", "3"]
    weapon = ["--weapon-ability", "optimal-at-point-blank"]
    assert main([*argv, *weapon, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["to_hit"]["need"] == 3
    both = [*weapon, "--shooter-ability", "optimal-at-point-blank"]
    assert main([*argv, *both, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["to_hit"]["need"] == 3
    assert any("counted once" in n for n in data["to_hit"]["notes"])


def test_the_other_reading_gives_nothing_on_a_weapon(capsys):
    """Reading ``unit-only``: the Shoota's Optimal at point blank gives nothing: 5."""
    data = shot(
        capsys,
        "entrenched",
        "ork-grunts@C3",
        "hoplite-phalanx@C4",
        "--shooter-speed",
        "slow",
        "--target-speed",
        "slow",
        "--ruling",
        "fire.optimal-weapon=unit-only",
    )
    assert data["to_hit"]["need"] == 5


FIRE_ANY_STEP = {"turn.fire-outside-gunnery": "any-step"}


def test_the_matchs_fire_takes_the_shootas_optimal_at_point_blank(tmp_path: Path):
    """The match's ``fire``: the grunts (slow, C3, facing S) fire the Shoota at the hoplites
    (slow, C4). Dice in order: the misfire die (Misfire[1-]: a 2 does not misfire), then one
    to-hit die per model carrying the Shoota: 3 (the fourth, the nob, carries the Burna;
    ruling fire.elite-model-weapon); need 4 as worked above, so 4, 3, 4 are two hits. Each
    hit rolls d6-1 at point blank (+1, range modifier of draft 004) on the hoplites' table
    (4+ wounded): 1 -> 1 - 1 + 1 = 1, no damage; then 1 again, no damage."""
    units = [
        {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "C3", "facing": 3,
         "speed": "slow"},
        {"uid": "hoplites", "unit": "hoplite-phalanx", "side": 1, "hex": "C4", "speed": "slow"},
    ]  # fmt: skip
    with MatchFile.create(
        tmp_path / "m.referee", map_name="entrenched", units=units, seed=1, readings=FIRE_ANY_STEP
    ) as m:
        step = m.run(
            "Gunnery: the grunts at point blank",
            [{"kind": "fire", "shooter": "grunts", "target": "hoplites", "weapon": "Shoota"}],
            typed=[2, 4, 3, 4, 1, 1],
        )
        (event,) = step.events
        assert "needs 4: base 5, point blank +1, Bad Shot -1, Optimal at point blank +1" in (
            event.text
        )
        assert event.detail["hits"] == 2
        assert "fire.optimal-weapon" in event.rulings
        assert m.replay_check() == []
