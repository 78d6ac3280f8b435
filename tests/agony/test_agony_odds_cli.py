"""`referee odds agony`: the odds the agony wizard shows, for scripts and at the desk
(clauses ``agony.acid``, ``agony.terror``, ``agony.fire``), worked out by hand."""

from __future__ import annotations

import json

from referee.cli.main import main


def run_json(capsys, *argv):
    assert main(["odds", "agony", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_two_acids_in_rounds_of_one_roll(capsys):
    # Each acid rolls a d6 once (a 6, rolling twice more, is the rest: 1 - (5/6)^2 = 11/36).
    # 2-5 give +1 future damage, a 1 none: +2 with (4/6)^2 = 4/9, +1 with 2 * 4/6 * 1/6 = 2/9.
    out = run_json(capsys, "--unit", "ork-grunts", "--step", "0", "--acid", "2", "--bound", "1")
    assert out["tokens"]["exact"] == {"1": "2/9", "2": "4/9"}
    assert out["rest_exact"] == "11/36" and out["bound"] == 1
    assert "agony.acid-five" in out["rulings"]


def test_one_acid_names_the_longer_rounds(capsys):
    assert main(["odds", "agony", "--unit", "ork-grunts", "--step", "0", "--acid", "1"]) == 0
    text = capsys.readouterr().out
    assert "acid: no acid left" in text and "rest: rounds over" in text


def test_terror_of_two_rider_units_on_the_rangers(capsys):
    # Terror[range=2][d6] twice on the rangers' psychic table, "Dismayed: shaken" at 6:
    # read at least once 1 - (5/6)^2 = 11/36.
    out = run_json(
        capsys,
        "--unit", "elf-rangers", "--step", "0",
        "--terror", "nightmare-riders", "--terror", "nightmare-riders",
    )  # fmt: skip
    assert out["rows"]["exact"] == {"Dismayed: shaken": "11/36"}
    assert out["terror"] == ["terror 1", "terror 2"] and out["rest_exact"] == "0"


def test_a_step_or_a_count_out_of_range_is_refused(capsys):
    assert main(["odds", "agony", "--unit", "ork-grunts", "--step", "7"]) != 0
    assert "--step 7" in capsys.readouterr().err
    assert main(["odds", "agony", "--unit", "ork-grunts", "--step", "0", "--alive", "9"]) != 0
    assert "--alive 9" in capsys.readouterr().err
    assert main(["odds", "agony", "--unit", "ork-grunts", "--step", "0", "--acid", "-1"]) != 0
    assert "--acid -1" in capsys.readouterr().err


def test_too_many_acid_rounds_to_weigh_are_refused_at_once(capsys):
    # 20 acids in rounds of up to 12 rolls: far too many combinations; refused, not hung.
    argv = ["--unit", "standard-tank", "--step", "0", "--acid", "20", "--bound", "12"]
    assert main(["odds", "agony", *argv]) != 0
    assert "acid on standard-tank: 20 acid" in capsys.readouterr().err
