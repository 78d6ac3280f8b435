"""`referee map check FILE [--edition E] [--json]`: exit 0 for a usable map, 1 with every
problem on its own line prefixed by the file, 2 with one line and no traceback when the file
cannot be read at all."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import map_path

from referee.cli.main import main

BAD = """\
name = "Broken"
shape = "rectangle"
columns = 7
rows = 9
roads = [["E9", "E7"]]

[terrain]
C4 = "lava"
H1 = "forest"
"""


@pytest.fixture
def bad_map(tmp_path: Path) -> Path:
    path = tmp_path / "broken.toml"
    path.write_text(BAD, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("name", "hexes"), [("standard", 63), ("entrenched", 63), ("activation", 169)]
)
def test_shipped_maps_by_name(capsys, name, hexes):
    assert main(["map", "check", name]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{map_path(name)}: ok")
    assert f"{hexes} hexes" in out


def test_shipped_map_by_path(capsys):
    assert main(["map", "check", str(map_path("entrenched"))]) == 0
    out = capsys.readouterr().out
    assert "ok" in out and "side2 21, no_mans_land 21, side1 21" in out


def test_bad_map_lists_every_problem_prefixed_by_the_file(capsys, bad_map):
    assert main(["map", "check", str(bad_map)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines.pop() == "  rulings: none"  # the rulings the answer used (issue 24)
    assert lines[0] == f"{bad_map}: 3 problem(s)"
    assert all(line.startswith(f"  {bad_map}: ") for line in lines[1:])
    keys = [line.split(": ")[1] for line in lines[1:]]
    assert sorted(keys) == ["roads[0]", "terrain.C4", "terrain.H1"]


def test_json_of_a_bad_map(capsys, bad_map):
    assert main(["map", "check", str(bad_map), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["file"] == str(bad_map)
    assert out["ok"] is False
    assert len(out["problems"]) == 3
    assert any(p.startswith("terrain.C4:") for p in out["problems"])


def test_json_of_a_good_map(capsys):
    assert main(["map", "check", "activation", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["file"] == str(map_path("activation"))
    assert out["ok"] is True and out["problems"] == []
    assert out["hexes"] == 169
    assert out["zones"] == {"side2": 27, "side1": 27}


def test_edition_checks_against_another_ruleset(capsys):
    # ENTRENCHED! has sand dunes, water and roads, none of which the first draft knows.
    assert main(["map", "check", "entrenched", "--edition", "first-draft"]) == 1
    out = capsys.readouterr().out
    assert "terrain.F3: unknown terrain 'sand-dunes' in first-draft" in out
    assert "roads: the first-draft edition has no roads" in out


def one_line_error(capsys) -> str:
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


def test_missing_file(capsys, tmp_path):
    missing = tmp_path / "nowhere.toml"
    assert main(["map", "check", str(missing)]) == 2
    assert one_line_error(capsys) == f"referee: {missing}: file not found"


def test_file_that_is_not_toml(capsys, tmp_path):
    png = tmp_path / "map.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    assert main(["map", "check", str(png)]) == 2
    line = one_line_error(capsys)
    assert line.startswith(f"referee: {png}:") and "UTF-8" in line


def test_text_that_is_not_toml(capsys, tmp_path):
    notes = tmp_path / "notes.toml"
    notes.write_text("my map\nforest at C4\n", encoding="utf-8")
    assert main(["map", "check", str(notes), "--json"]) == 2
    line = one_line_error(capsys)
    assert line.startswith(f"referee: {notes}: not valid TOML") and "line 1" in line


def test_unknown_map_name(capsys):
    assert main(["map", "check", "atlantis"]) == 2
    line = one_line_error(capsys)
    assert "atlantis" in line and "standard" in line


def test_unknown_edition(capsys):
    assert main(["map", "check", "standard", "--edition", "third"]) == 2
    assert "third" in one_line_error(capsys)


# --- as a real process --------------------------------------------------------------------


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "referee", "map", "check", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
    )


def test_process_ok_on_a_shipped_map(tmp_path):
    done = run("entrenched", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "ok" in done.stdout and "63 hexes" in done.stdout
    assert done.stderr == ""


def test_process_bad_map_exits_1(tmp_path, bad_map):
    done = run(str(bad_map), "--json", cwd=tmp_path)
    assert done.returncode == 1
    assert json.loads(done.stdout)["ok"] is False


def test_process_missing_file_exits_2_without_traceback(tmp_path):
    done = run("nowhere.toml", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == "referee: nowhere.toml: file not found"
