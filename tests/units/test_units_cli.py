"""`referee units check FILE [--json]` (exit 0 good, 1 with every problem on its own line
naming file, unit and field, 2 when the file cannot be read), `units list`, `units show`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import DATA

from referee.cli.main import main

SPARTAN = DATA / "units" / "sample" / "spartan.toml"


@pytest.fixture
def bad_file(tmp_path: Path) -> Path:
    text = SPARTAN.read_text(encoding="utf-8")
    text = text.replace('damage = "d6+1"', 'damage = "d7"', 1)
    text = text.replace('armor = "4/3/3/2"', 'armor = "4/3/3"', 1)
    path = tmp_path / "spartan.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_check_shipped_file_exit_0(capsys):
    assert main(["units", "check", str(SPARTAN)]) == 0
    assert capsys.readouterr().out.startswith(f"{SPARTAN}: ok: 5 unit type(s)")


def test_check_by_catalogue_name(capsys):
    assert main(["units", "check", "ork"]) == 0
    assert "ork.toml: ok" in capsys.readouterr().out


def test_check_whole_catalogue(capsys):
    assert main(["units", "check"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines.pop().startswith("rulings: units.models-per-base")  # issue 24
    assert len(lines) == 5


def test_check_bad_file_exit_1_one_problem_per_line(capsys, bad_file):
    assert main(["units", "check", str(bad_file)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines.pop().startswith("rulings: units.models-per-base")  # issue 24
    assert lines[0] == f"{bad_file}: 2 problem(s)"
    assert all(line.startswith(f"  {bad_file}: unit standard-tank.") for line in lines[1:])
    fields = sorted(line.split(": ")[1] for line in lines[1:])
    assert fields == ["unit standard-tank.armor", "unit standard-tank.weapon[0].damage"]


def test_check_bad_file_json(capsys, bad_file):
    assert main(["units", "check", str(bad_file), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False and data["file"] == str(bad_file)
    assert len(data["problems"]) == 2


def test_check_missing_file_exit_2(capsys, tmp_path):
    assert main(["units", "check", str(tmp_path / "none.toml")]) == 2
    err = capsys.readouterr().err
    assert "none.toml" in err and "file not found" in err


def test_check_not_toml_exit_2(capsys, tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("nation = \n", encoding="utf-8")
    assert main(["units", "check", str(path)]) == 2
    assert "not valid TOML" in capsys.readouterr().err


def test_list_by_nation(capsys):
    assert main(["units", "list", "--nation", "ork", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["nation"] for r in rows} == {"ork"}
    assert {"ork-warhero", "ork-grunts"} <= {r["id"] for r in rows}


def test_list_unknown_nation_exit_2(capsys):
    assert main(["units", "list", "--nation", "gnome"]) == 2


def test_show_standard_tank_prints_the_drafts_stat_lines(capsys):
    assert main(["units", "show", "standard-tank"]) == 0
    out = capsys.readouterr().out
    # Draft 004: "Assault: 4/3/3/2 5+: -1 on AP, damage d6-1", "Deflection: 2, 5+ / -, - ..."
    assert "assault: 4/3/3/2 5+: AP -1, damage d6-1" in out
    assert "deflection: 2, 5+ / -, - / -, - / -, -" in out
    assert "armor: 4/3/3/2" in out


def test_show_json_has_the_units_fields(capsys):
    assert main(["units", "show", "ork-warhero", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["id"] == "ork-warhero" and data["nation"] == "ork"
    assert data["assault"]["abilities"] == ["set-on-fire"]
    assert "regular" in data["damage"]


def test_show_unknown_unit_exit_2(capsys):
    assert main(["units", "show", "standard-tnak"]) == 2
    assert "did you mean standard-tank" in capsys.readouterr().err
