"""``referee shot --json`` adds ``"conditions"``: the chance of the fire, acid and poison
the whole action places on the target (draft 004: "Set on Fire": hit at least once;
"(minor) Acid" and "Poison[N]": one per hit), beside the keys it always had."""

from __future__ import annotations

import json

from referee.cli.main import main


def shot(capsys, *argv: str) -> dict:
    assert main(["shot", "entrenched", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_gas_lobba_poisons_each_hoplite_it_hits(capsys):
    data = shot(capsys, "battle-wagon@C3", "hoplite-phalanx@C6", "--weapon", "Gas lobba")
    # four area dice at 4+ in the open: k hits with chance C(4,k)/16, one Poison[8] each
    (poison,) = data["conditions"]
    assert (poison["name"], poison["clause"], poison["per"]) == (
        "Poison[8]",
        "weapons.poison",
        "hit",
    )
    assert poison["tokens_exact"] == ["1/16", "1/4", "3/8", "1/4", "1/16"]
    assert poison["at_least_one_exact"] == "15/16" and poison["expected_exact"] == "2"
    for key in ("dice", "misfire", "hits", "kill_at_least_one", "area"):
        assert key in data  # the keys of before are all still there
    assert data["action"][0]["conditions"] == data["conditions"]


def test_the_chance_of_being_set_on_fire_is_the_chance_of_a_hit(capsys):
    data = shot(capsys, "ork-grunts@C3", "hoplite-phalanx@C5", "--weapon", "Burna")
    # the Burna needs 6 here: the open-ended d6 reaches 6 on a 6 only, 1/6
    assert data["to_hit"]["need"] == 6
    (fire,) = data["conditions"]
    assert (fire["kind"], fire["clause"]) == ("fire", "weapons.set-on-fire")
    assert fire["at_least_one_exact"] == "1/6" == data["action"][0]["at_least_one_hit_exact"]


def test_a_tank_ignores_the_gas_poison(capsys):
    data = shot(capsys, "battle-wagon@C3", "standard-tank@C6", "--weapon", "Gas lobba")
    (poison,) = data["conditions"]
    assert poison["at_least_one"] == 0 and "ignores poison" in poison["ignored"]
    assert poison["rulings"] == ["fire.poison-unaffected"]


def test_the_text_names_each_condition_with_its_chance(capsys):
    assert (
        main(
            ["shot", "entrenched", "battle-wagon@C3", "hoplite-phalanx@C6", "--weapon", "Gas lobba"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Poison[8], one per hit: at least one   93.8% (exactly 15/16), 2.00 expected" in out


def test_an_unknown_weapon_is_one_line(capsys):
    assert (
        main(["shot", "entrenched", "ork-warhero@C3", "hoplite-phalanx@C5", "--weapon", "Burna"])
        == 2
    )
    err = capsys.readouterr().err
    assert "has no weapon 'Burna'" in err and "Traceback" not in err
