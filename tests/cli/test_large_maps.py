"""Every command that takes a map works on a club's whole table room (100 x 100 hexes),
written by ``referee bench map``: map check, los, visible (one hex, and every hex
streamed), shot and match new. Answers are checked against the reference tracer."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import referee.board.visibility as visibility
from referee.board.hexgrid import parse_label
from referee.board.los import line_of_sight, los_board
from referee.board.maps import load_map
from referee.cli.main import main
from referee.ruleset.shipped import ruleset


@pytest.fixture(scope="module")
def room(tmp_path_factory):
    path = tmp_path_factory.mktemp("room") / "room.toml"
    assert main(["bench", "map", str(path)]) == 0
    return path


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))


def run_json(capsys, *argv):
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def reference(path):
    bm = load_map(path)
    return los_board(bm, ruleset(bm.edition))


def test_map_check_accepts_the_table_room(capsys, room):
    out = run_json(capsys, "map", "check", str(room))
    assert out["ok"] and out["hexes"] == 100 * 100
    assert out["zones"] == {"side2": 1000, "side1": 1000}  # ten rows of 100 each side


def test_los_across_the_whole_room(capsys, room):
    out = run_json(capsys, "los", str(room), "A1", "CV100")
    # A1 is (q 0, r 0); CV100 is column 99, row 99: (q 99, r 99 - 49): 149 steps apart
    assert out["range"] == 149
    board = reference(room)
    want = line_of_sight(board, parse_label("A1"), parse_label("CV100"))
    assert (out["visible"], out["blind"]) == (want.visible, want.blind)


def test_what_one_hex_of_the_room_sees(capsys, room):
    out = run_json(capsys, "visible", str(room), "AX50", "--level", "1")
    board = reference(room)
    seen, blind = set(out["visible"]), set(out["blind"])
    rnd = random.Random(5)
    for h in rnd.sample(board.battle_map.hexes, 400):
        label = str(h)
        if label == "AX50":
            continue
        s = line_of_sight(board, parse_label("AX50"), h, 1)
        assert (label in seen, label in blind) == (s.visible, s.blind), s.working


def test_every_hex_streamed_as_one_json_object(capsys, tmp_path, monkeypatch):
    # a 24 x 24 room, streamed as a large map would be (sixteen columns at a time)
    path = tmp_path / "small-room.toml"
    assert main(["bench", "map", str(path), "--columns", "24", "--rows", "24", "--seed", "2"]) == 0
    capsys.readouterr()
    monkeypatch.setattr(visibility, "DENSE_HEXES", 0)
    out = run_json(capsys, "visible", str(path), "--all")
    board = reference(path)
    hexes = board.battle_map.hexes
    # every hex, in map order; then the rulings the answer used (issue 24)
    assert list(out) == [*(str(h) for h in hexes), "rulings", "readings"]
    rnd = random.Random(2)
    for _ in range(1500):
        a, b = rnd.sample(hexes, 2)
        s = line_of_sight(board, a, b)
        row = out[str(a)]
        assert (str(b) in row["visible"], str(b) in row["blind"]) == (s.visible, s.blind)
    assert main(["visible", str(path), "--all"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines.pop().startswith("rulings: ")  # the rulings the answer used (issue 24)
    assert len(lines) == 24 * 24
    assert lines[0] == f"A1: sees {len(out['A1']['visible'])}, blind {len(out['A1']['blind'])}"


def test_a_shot_across_the_room_follows_the_line_of_sight(capsys, room):
    board = reference(room)
    for frm, to in (("C95", "C90"), ("BA60", "BB58")):
        status = main(["shot", str(room), f"standard-tank@{frm}", f"ork-grunts@{to}", "--json"])
        out = json.loads(capsys.readouterr().out)
        assert status == (0 if out["allowed"] else 1)  # a shot not allowed: status 1
        sight = line_of_sight(board, parse_label(frm), parse_label(to))
        refused = any(r["code"] == "no-line-of-sight" for r in out["reasons"])
        assert refused == (not sight.visible)


def test_a_match_on_the_room(capsys, room, tmp_path):
    file = tmp_path / "room.referee"
    assert (
        main(
            [
                "match",
                "new",
                str(file),
                "--map",
                str(room),
                "--seed",
                "3",
                "--unit",
                "tank standard-tank side=1 hex=C95 facing=0",
                "--unit",
                "grunts ork-grunts side=2 hex=C5 facing=3",
            ]
        )
        == 0
    )
    capsys.readouterr()
    out = run_json(capsys, "match", "show", str(file))
    assert out["map"] == "Table room 100x100 (seed 1)"
    assert (out["units"]["tank"]["hex"], out["units"]["grunts"]["hex"]) == ("C95", "C5")


@pytest.mark.slow
def test_every_hex_of_the_whole_room_streamed(capsys, room):
    assert main(["visible", str(room), "--all"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("rulings: los.")  # the rulings the answer used (issue 24)
    lines = lines[:-1]
    assert len(lines) == 10000
    board = reference(room)
    vis = visibility.Visibility(board)
    for i in random.Random(7).sample(range(10000), 5):
        v, b = vis.from_hex(board.battle_map.hexes[i])
        label = str(board.battle_map.hexes[i])
        sees, blind = int(np.count_nonzero(v)), int(np.count_nonzero(b))
        assert lines[i] == f"{label}: sees {sees}, blind {blind}"
