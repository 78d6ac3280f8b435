"""``referee activation ...``: the lookups a player in a dispute asks for."""

from __future__ import annotations

import json

from referee.cli.main import main


def run(capsys, *argv):
    status = main(["activation", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_a_legal_vehicle_path(capsys):
    status, out, _ = run(capsys, "move", "battle-tank", "H12:N", "--steps", "F,FR,LF")
    assert status == 0 and "allowed, 3 of 4" in out


def test_an_illegal_vehicle_path_exits_1_with_the_reason(capsys):
    status, out, _ = run(capsys, "move", "siege-tank", "H12:N", "--steps", "RF", "--json")
    data = json.loads(out)
    assert status == 1 and data["legal"] is False
    assert "moves a tile first, then turns" in data["problems"][0]


def test_a_path_blocked_by_the_slots_of_another_unit(capsys):
    status, out, _ = run(
        capsys, "move", "scout-buggy", "H12:N", "--path", "H11:N", "--other", "carrier@H11:N"
    )
    assert status == 1 and "slots already taken (H11 N)" in out
    status, _, _ = run(
        capsys, "move", "scout-buggy", "H12:N", "--path", "H11:NE", "--other", "carrier@H11:N"
    )
    assert status == 0


def test_an_aircraft_collision_is_reported(capsys):
    status, out, _ = run(
        capsys, "move", "fighter", "H12:N", "--steps", "F,F,F", "--other", "bomber@H10:S", "--json"
    )
    data = json.loads(out)
    assert status == 0 and data["collision"]["at"] == "H10" and data["collision"]["step"] == 2


def test_the_cheapest_path_to_a_tile(capsys):
    status, out, _ = run(capsys, "move", "battle-tank", "H12:N", "--to", "H12:S", "--json")
    data = json.loads(out)
    # an about-turn needs three turns of one side, each a step costing at least 1
    assert status == 0 and data["legal"] and data["cost"] == 3 and data["to"] == "H12:S"
    assert len(data["steps_codes"]) == 3


def test_out_of_an_enemy_tile(capsys):
    _, out, _ = run(
        capsys, "move", "rifle-squad", "H12", "--path", "H11", "--enemy", "H12", "--json"
    )
    assert json.loads(out)["cost"] == 2


def test_reach_lists_the_tiles(capsys):
    status, out, _ = run(capsys, "reach", "rifle-squad", "H12", "--json")
    assert status == 0 and len(json.loads(out)["tiles"]) == 37


def test_capture_and_deploy_tiles_and_the_sample_lists(capsys):
    _, out, _ = run(capsys, "capture", "--pips", "ally=0,enemy=1,neutral=2", "--json")
    assert json.loads(out)["pips"] == {"ally": 2, "enemy": 1, "neutral": 0}
    _, out, _ = run(capsys, "deploy-tiles", "--mission", "crossroads", "--side", "1", "--json")
    assert json.loads(out)["tiles"] == ["A12", "B12", "C13", "D13", "E14", "F14", "G15", "H15"]
    _, out, _ = run(
        capsys,
        "deploy-tiles",
        "--mission",
        "crossroads",
        "--side",
        "1",
        "--placed",
        "H15",
        "--json",
    )
    assert "H14" in json.loads(out)["tiles"] and "H13" not in json.loads(out)["tiles"]
    status, out, _ = run(capsys, "missions")
    assert status == 0 and "crossroads" in out and "sample data" in out
    status, out, _ = run(capsys, "units")
    assert status == 0 and "Battle tank (vehicle M)" in out
    # the capacity a card takes of a deployment's (ruling activation.capacity), not room
    # aboard: worded as the Unit dock words it
    buggy = next(line for line in out.splitlines() if "scout-buggy:" in line)
    assert "takes 1 of a deployment's capacity" in buggy and "capacity 1" not in buggy
    bunker = next(line for line in out.splitlines() if "bunker:" in line)
    assert "of a deployment's capacity" in bunker


def test_a_ruling_switched_on_the_command_line(capsys):
    _, out, _ = run(
        capsys,
        "move",
        "battle-tank",
        "H12:N",
        "--path",
        "H11:SE",
        "--ruling",
        "activation.turn-size=any",
        "--json",
    )
    assert json.loads(out)["legal"] is True


def test_bad_input_exits_2(capsys):
    status, _, err = run(capsys, "move", "zeppelin", "H12:N", "--steps", "F")
    assert status == 2 and "no unit card 'zeppelin'" in err
    status, _, err = run(capsys, "move", "battle-tank", "H12:N", "--steps", "FX")
    assert status == 2 and "not a step" in err


def test_the_edges_are_named_where_the_map_shows_them(capsys):
    # Crossroads: side 1 on the hexagon's S edge, side 2 on its N edge; flat-topped tiles put
    # S at the lower left of the map (A12 to H15) and N at the upper right (H1 to O5)
    _, out, _ = run(capsys, "deploy-tiles", "--mission", "crossroads", "--side", "1")
    first = out.splitlines()[0]
    assert "the lower-left edge (A12 to H15)" in first and "edge S" not in first
    _, out, _ = run(capsys, "deploy-tiles", "--mission", "crossroads", "--side", "2", "--json")
    data = json.loads(out)
    assert (data["edge"], data["edge_words"]) == ("N", "the upper-right edge (H1 to O5)")
    _, out, _ = run(capsys, "missions")
    crossroads = next(line for line in out.splitlines() if "crossroads:" in line)
    assert (
        "side 1 at the lower-left edge (A12 to H15), side 2 at the upper-right edge (H1 to O5)"
        in crossroads
    )
    _, out, _ = run(capsys, "missions", "--json")
    (mission,) = [m for m in json.loads(out) if m["id"] == "crossroads"]
    assert mission["edges"] == {"side1": "S", "side2": "N"}  # the file's letters, as before
    assert mission["edge_words"] == {
        "side1": "the lower-left edge (A12 to H15)",
        "side2": "the upper-right edge (H1 to O5)",
    }
