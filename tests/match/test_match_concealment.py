"""A match as one side sees it (clauses setup.hidden, setup.blind): `referee match show FILE
--view N` shows the other side's hidden units as hidden tokens only (a token at a hex: no
name, no type) and keeps a blind setup's placements from the other side until the reveal,
in the units, the setup and the journal's step names alike."""

from __future__ import annotations

import json

from referee.cli.main import main


def new(path: str, scenario: str, *units: str) -> None:
    args = ["match", "new", path, "--scenario", scenario, "--seed", "5"]
    for u in units:
        args += ["--unit", u]
    assert main(args) == 0


def step(path: str, name: str, command: str, dice: tuple[int, ...] = ()) -> None:
    args = ["match", "step", path, name, "-c", command]
    if dice:
        args += ["--dice", *map(str, dice)]
    assert main(args) == 0


def show(capsys, path: str, *extra: str) -> str:
    capsys.readouterr()
    assert main(["match", "show", path, *extra]) == 0
    return capsys.readouterr().out


def first_draft_with_a_hidden_unit(tmp_path, capsys) -> str:
    """Elf pathfinders (type 'hidden') go down as a hidden token of side 2 at B2."""
    f = str(tmp_path / "s.referee")
    new(
        f,
        "standard-battle",
        "peltasts peltast-skirmishers side=1",
        "tank standard-tank side=1",
        "pathfinders elf-pathfinders side=2",
        "grunts ork-grunts side=2",
    )
    step(f, "roll", "setup-roll", dice=(2, 5))  # side 2 wins: side 1 places one first
    step(f, "peltasts", "place uid=peltasts hex=D6 facing=0 speed=slow")
    step(f, "pathfinders at B2", "place uid=pathfinders hex=B2 facing=3 speed=slow")
    return f


def test_side_1_sees_side_2s_hidden_unit_as_a_token_at_its_hex_only(tmp_path, capsys):
    f = first_draft_with_a_hidden_unit(tmp_path, capsys)
    out = show(capsys, f, "--view", "1", "--json")
    data = json.loads(out)
    assert data["view"] == 1
    assert list(data["units"]) == ["peltasts"]
    assert data["hidden_tokens"] == [{"side": 2, "hex": "B2"}]
    assert [s["name"] for s in data["steps"]] == [
        "roll",
        "peltasts",
        "Setup: side 2 sets up a hidden token at B2",
    ]
    assert "pathfinders" not in out and "elf" not in out.lower()

    text = show(capsys, f, "--view", "1")
    assert "(as side 1 sees it)" in text and "hidden token           side 2 at B2" in text
    assert "pathfinders" not in text


def test_the_owner_and_the_referee_see_the_hidden_unit_whole(tmp_path, capsys):
    f = first_draft_with_a_hidden_unit(tmp_path, capsys)
    data = json.loads(show(capsys, f, "--view", "2", "--json"))
    assert sorted(data["units"]) == ["pathfinders", "peltasts"]
    assert data["units"]["pathfinders"]["hidden"] is True
    assert data["hidden_tokens"] == []  # side 1 has no hidden unit
    assert data["steps"][2]["name"] == "pathfinders at B2"
    plain = json.loads(show(capsys, f, "--json"))
    assert "view" not in plain and sorted(plain["units"]) == ["pathfinders", "peltasts"]


def test_a_blind_setup_keeps_each_sides_placements_from_the_other_until_the_reveal(
    tmp_path, capsys
):
    f = str(tmp_path / "e.referee")
    new(f, "entrenched", "tank standard-tank side=1", "grunts ork-grunts side=2")
    step(f, "tank", "place uid=tank hex=B8 facing=0 speed=slow")
    step(f, "grunts", "place uid=grunts hex=B2 facing=3 speed=fast")
    out = show(capsys, f, "--view", "1", "--json")
    setup = json.loads(out)["setup"]
    assert setup["entered"] == {"tank": {"hex": "B8", "facing": 0, "speed": "slow"}}
    assert list(setup["may_place"]) == ["tank"]  # entered again to change it
    assert [s["name"] for s in json.loads(out)["steps"]] == [
        "tank",
        "Setup: side 2 enters a placement, shown at the reveal",
    ]
    assert "grunts" not in json.dumps(setup["entered"])
    assert list(json.loads(show(capsys, f, "--view", "2", "--json"))["setup"]["entered"]) == [
        "grunts"
    ]

    step(f, "reveal", "reveal")
    data = json.loads(show(capsys, f, "--view", "1", "--json"))
    assert sorted(data["units"]) == ["grunts", "tank"]  # on the table for both
    assert data["steps"][1]["name"] == "grunts"
