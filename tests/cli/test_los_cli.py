"""`referee los` and `referee visible` as scripts use them: the JSON keys are an interface."""

from __future__ import annotations

import json
import subprocess
import sys

from referee.cli.main import main


def run_json(capsys, *argv):
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_los_json_keys(capsys):
    out = run_json(capsys, "los", "entrenched", "B3", "F6")
    assert out["from"] == "B3" and out["to"] == "F6"
    assert out["crossed"] == ["C4", "D4", "D5", "E6"]  # worked out in test_line
    assert out["visible"] is True and out["blind"] is False and out["blocked_by"] == []


def test_los_levels_override_terrain(capsys):
    # ENTRENCHED!: C2 is a hill; C3 -> C1 crosses it at ground level.
    assert run_json(capsys, "los", "entrenched", "C3", "C1")["blocked_by"] == ["C2"]
    out = run_json(capsys, "los", "entrenched", "C3", "C1", "--from-level", "2", "--to-level", "2")
    assert out["visible"] is True


def test_visible_single_and_all(capsys):
    one = run_json(capsys, "visible", "standard", "D2")
    assert one["from"] == "D2" and "D3" in one["visible"]
    every = run_json(capsys, "visible", "standard", "--all")
    assert len(every) == 63 + 2  # every hex, then "rulings" and "readings" (issue 24)
    assert set(one["rulings"]) <= set(every["rulings"])
    assert every["D2"] == {"visible": one["visible"], "blind": one["blind"]}


def test_bad_hex_is_one_clear_line(capsys):
    assert main(["los", "standard", "A1", "Z9"]) == 2
    err = capsys.readouterr().err
    assert "Z9 is not on the map" in err and "Traceback" not in err


def test_los_as_a_real_process():
    proc = subprocess.run(
        [sys.executable, "-m", "referee", "los", "standard", "A1", "A5", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(proc.stdout)["crossed"] == ["A2", "A3", "A4"]


def test_a_kernel_the_environment_names_wrongly_is_one_clear_line(capsys, monkeypatch):
    """`REFEREE_LOS_KERNEL` takes numpy or numba: anything else is the user's mistake, said
    in one line naming the variable (no traceback), and nothing is answered."""
    monkeypatch.setenv("REFEREE_LOS_KERNEL", "fast")
    assert main(["visible", "standard", "--all", "--json"]) != 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "REFEREE_LOS_KERNEL is 'fast': it takes numpy or numba" in captured.err
    assert "Traceback" not in captured.err
