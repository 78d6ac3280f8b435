"""``referee shot``: a catalogue shot previewed with its need and exact odds."""

from __future__ import annotations

import json

import pytest

from referee.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_standard_tank_main_gun_on_ork_grunts(capsys):
    status, out, _ = run(capsys, "shot", "entrenched", "standard-tank@C2", "ork-grunts@E6",
                         "--json")
    assert status == 0
    data = json.loads(out)
    # Need: base 5, shooter standing still +1, target standing still +1 -> 3.
    assert data["to_hit"]["need"] == 3
    # Open-ended d6 reaching 3: faces 3-6, 4/6.
    assert data["p_hit_exact"] == "2/3"
    (sector,) = data["sectors"]
    assert sector["armor"] is None and sector["penetrated"] == 1.0
    # Main gun d6+1 at normal range on the grunts' table (5-6 bruised, 7-10 one killed):
    # d6 of 1-3 -> 2..4 no damage, 4-5 -> 5..6 bruised, 6 -> 7 one killed; times 2/3 to hit.
    rows = {r["row"]: r["exact"] for r in sector["rows"]}
    assert rows["no damage (below the table)"] == "1/3"
    assert rows["Bruised: +1 to future damage"] == "2/9"
    assert rows["One model killed"] == "1/9"


def test_a_shot_out_of_the_arc_lists_the_reason(capsys):
    # The hull machine gun fires to the front only (*/-/-/-); facing S (3) from E6,
    # the target at C2 (up and to the left) lies behind.
    status, out, _ = run(capsys, "shot", "entrenched", "standard-tank@E6", "ork-grunts@C2",
                         "--weapon", "Hull machine gun", "--shooter-facing", "3")
    assert status == 1
    assert "not allowed" in out and "angles.sectors" in out


def test_unknown_unit_is_one_line_exit_2(capsys):
    status, _, err = run(capsys, "shot", "entrenched", "no-such-unit@C2", "ork-grunts@E6")
    assert status == 2
    assert "no-such-unit" in err and "Traceback" not in err


def test_speed_the_unit_does_not_have(capsys):
    status, _, err = run(capsys, "shot", "entrenched", "standard-tank@C2", "ork-grunts@E6",
                         "--shooter-speed", "warp")
    assert status == 2 and "warp" in err
