"""``referee hit``: the to-hit number of a shot on a map, with its working."""

from __future__ import annotations

import json

from referee.cli.main import main


def test_hit_prints_the_need_and_its_working(capsys) -> None:
    # standard map (first draft): D6 -> D3 along column D crosses D5, D4 (clear), range 3
    # with a range-2 weapon: long range. 5 - (stand still +1, aim +2, long -1)
    # - (Take Cover[slow,-1] at slow -1) = 5 - 2 + 1 = 4
    status = main(
        [
            "hit",
            "standard",
            "D6",
            "D3",
            "--weapon-range",
            "2",
            "--shooter-speed",
            "stand-still",
            "--aim",
            "--target-ability",
            "take-cover[slow,-1]",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert out.splitlines()[0] == (
        "D6 -> D3: needs 4: base 5, shooter stand still +1, aim +2, long range -1, "
        "target Take Cover[slow,-1] -1"
    )


def test_hit_json_gives_need_terms_and_clauses(capsys) -> None:
    # C4 -> C3 is range 1: point blank +1 (ruling fire.point-blank): 5 - 1 = 4
    assert main(["hit", "standard", "C4", "C3", "--weapon-range", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["allowed"] is True and data["band"] == "point-blank"
    assert data["to_hit"]["need"] == 4
    assert data["to_hit"]["rulings"] == ["fire.point-blank"]


def test_hit_without_a_shot_lists_every_reason(capsys) -> None:
    # C4 -> A2: the forest at B2 blocks the line, and a front-only arc facing north does
    # not reach the front-side sector
    status = main(["hit", "standard", "C4", "A2", "--weapon-range", "3", "--arc", "*/-/-/-"])
    out = capsys.readouterr().out
    assert status == 1
    assert "(fire.line-of-sight)" in out and "(angles.sectors)" in out


def test_hit_bad_ability_is_one_clear_line(capsys) -> None:
    status = main(
        [
            "hit",
            "standard",
            "C4",
            "C3",
            "--weapon-range",
            "3",
            "--target-ability",
            "take-cover[slow",
        ]
    )
    assert status == 2
    assert "take-cover[slow" in capsys.readouterr().err
