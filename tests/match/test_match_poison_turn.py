"""A whole turn like the demo's, refereed with ``referee match step`` and dice typed from the
table: the Ork battle wagon's Gas lobba poisons the hoplites in Gunnery 1 (draft 004,
"Poison[N], ranged weapons: apply one Poison[n] per hit"; under the first draft by ruling
``weapons.first-draft-conditions``), the damage is applied at Gunnery 2, and Agony 3 rolls
each poison (first draft, "Poisoned[n]": a dN on the damage table with the previous-damage
bonus, ignoring armor; a kill removes the instance, otherwise it steps down 8 -> 6).

Worked by hand from the drafts. The hoplites (4 models, biological) stand in the open at E7;
their table: 4 wounded (+1 future damage), 6 one killed, 9 one killed and Bleeding[4], 12
two killed. Gunnery 1: four area dice at 4+ (6, 4, 6, 3) = three hits, three Poison[8];
three d4 of damage 1, 3, 4: below the table, below the table, wounded. Agony 3, the
poisons oldest first: d8 5 + 1 token = 6, one killed (the bonus halves to 0, the instance
goes); 2 = 2, nothing (8 steps down to 6); 8 = 8, one killed (the instance goes). Left: two
hoplites with one Poison[6]."""

from __future__ import annotations

import json

from referee.cli.main import main

UNITS = [
    "tank standard-tank side=1 hex=C7 facing=0 speed=stand-still",
    "hoplites hoplite-phalanx side=1 hex=E7 facing=0 speed=slow",
    "wagon battle-wagon side=2 hex=D2 facing=3 speed=stand-still",
    "grunts ork-grunts side=2 hex=B3 facing=3 speed=slow",
]
STILL = "movement='- + - + -' gunnery='- + -'"


def step(capsys, path, name: str, *commands: str, dice: tuple[int, ...] = ()) -> str:
    argv = ["match", "step", str(path), name]
    for c in commands:
        argv += ["-c", c]
    if dice:
        argv += ["--dice", *map(str, dice)]
    assert main(argv) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def show(capsys, path) -> dict:
    assert main(["match", "show", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_gas_lobba_poisons_the_hoplites_and_agony_3_rolls_the_poison(tmp_path, capsys):
    path = tmp_path / "poison.referee"
    argv = ["match", "new", str(path), "--map", "standard", "--seed", "2024"]
    for u in UNITS:
        argv += ["--unit", u]
    assert main(argv) == 0
    capsys.readouterr()
    orders = [
        f"orders uid={uid} turn={t} {STILL}"
        for t in (1, 2)
        for uid in ("tank", "hoplites", "grunts")
    ]
    orders += [
        f"orders uid=wagon turn={t} movement='- + - + -' gunnery='Fire + Load'" for t in (1, 2)
    ]
    step(capsys, path, "Orders for turns 1 and 2", *orders, "advance")
    assert show(capsys, path)["step"] == "gunnery-1"

    out = step(
        capsys,
        path,
        "Gunnery 1: the wagon gasses the hoplites",
        "fire shooter=wagon target=hoplites weapon='Gas lobba' gunnery=1",
        dice=(6, 4, 6, 3, 1, 3, 4),
    )
    assert "Gas lobba: 3 x Poison[8] on hoplites (one per hit)" in out
    assert "weapons.poison" in out and "weapons.first-draft-conditions" in out
    state = show(capsys, path)
    assert state["units"]["hoplites"]["poison"] == [8, 8, 8]
    assert state["units"]["hoplites"]["alive"] == 4 and len(state["pending"]) == 3

    step(capsys, path, "On", "advance skip=idle")
    assert show(capsys, path)["step"] == "gunnery-2"
    step(capsys, path, "Gunnery 2: the wagon loads", "load uid=wagon")
    step(capsys, path, "On", "advance skip=idle")
    assert show(capsys, path)["step"] == "gunnery-2.apply-damage"
    step(capsys, path, "Gunnery 2: apply damage", "apply-damage")
    hoplites = show(capsys, path)["units"]["hoplites"]
    assert (hoplites["alive"], hoplites["damage_tokens"]) == (4, 1)

    out = step(capsys, path, "On", "advance skip=idle")
    assert "Agony 0, Agony 1, Agony 2" in out  # nothing burns or corrodes
    state = show(capsys, path)
    assert state["step"] == "agony-3"
    (poisoned,) = state["agenda"]["units"]  # the agenda names who rolls, and for what
    assert poisoned["uid"] == "hoplites" and "poison d8, d8, d8" in poisoned["why"]

    out = step(capsys, path, "Agony 3: the hoplites' poison", "agony step=3", dice=(5, 2, 8))
    assert "poison 1 (d8): rolled 5, removed: it killed a model" in out
    assert "poison 2 (d8): rolled 2, downgraded to d6" in out
    assert "agony.poison" in out
    hoplites = show(capsys, path)["units"]["hoplites"]
    assert (hoplites["alive"], hoplites["poison"], hoplites["damage_tokens"]) == (2, [6], 0)

    step(capsys, path, "On", "advance skip=idle")
    state = show(capsys, path)
    assert (state["turn"], state["step"]) == (2, "orders")
    assert main(["match", "check", str(path)]) == 0
    assert "replay exactly" in capsys.readouterr().out
