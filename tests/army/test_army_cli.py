"""`referee army validate FILE [--game G] [--json]` (exit 0 valid, 1 not valid with every
problem, 2 no file), `referee army sheet FILE -o OUT` (never replaces OUT without --force),
`referee match new --army SIDE=FILE`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.main import main
from referee.match.games.orders_file import MatchFile

GOOD = """name = "Vanguard"
nation = "spartan"
game = "standard"
[[unit]]
type = "hoplite-phalanx"
count = 2
upgrades = ["veteran", "hand-cannon"]
[[unit]]
type = "talos"
"""
BAD = """name = "Muddle"
nation = "spartan"
game = "pure-tank"
[[unit]]
type = "hoplite-phalanx"
upgrades = ["hoplon"]
[[unit]]
type = "ork-grunts"
"""


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for name, text in (
        ("good", GOOD),
        ("bad", BAD),
        ("broken", GOOD.replace("count = 2", "count = 0")),
    ):
        out[name] = tmp_path / f"{name}.toml"
        out[name].write_text(text, encoding="utf-8")
    return out


def test_validate_a_valid_army_prints_its_cost_and_checksum_and_exits_0(files, capsys):
    assert main(["army", "validate", str(files["good"]), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # hoplites x2: mp 8, cp (2 + 3) * 2 = 10, xp (1 + 2) * 2 = 6; talos ip 12, cp 2
    assert data["cost"] == {"ip": 12, "mp": 8, "cp": 12, "xp": 6, "com": 0}
    assert data["valid"] is True and data["errors"] == [] and len(data["checksum"]) == 64
    assert data["huge_units"][0]["type"] == "talos"


def test_validate_a_bad_army_lists_every_problem_and_exits_1(files, capsys):
    assert main(["army", "validate", str(files["bad"])]) == 1
    out = capsys.readouterr().out
    assert f"{files['bad']}: unit[0].upgrades[0]:" in out and "army.infantry-equipment" in out
    assert f"{files['bad']}: unit[1].type:" in out and "(clause army.building)" in out
    assert "cost.mp" in out  # a pure tank game has no manpower


def test_validate_another_game_size(files, capsys):
    assert main(["army", "validate", str(files["bad"]), "--game", "standard", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "standard"
    assert {(e["unit"], e["field"], e["rule"]) for e in data["errors"]} == {
        ("unit[0]", "upgrades[0]", "army.infantry-equipment"),
        ("unit[1]", "type", "army.building"),
    }


def test_validate_a_file_that_is_no_army_names_the_entry_field_and_rule(files, capsys):
    assert main(["army", "validate", str(files["broken"]), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["valid"] is False
    assert data["errors"][0]["unit"] == "unit[0]" and data["errors"][0]["field"] == "count"
    assert data["errors"][0]["rule"] == "army.building"


def test_validate_a_missing_file_exits_2(tmp_path, capsys):
    assert main(["army", "validate", str(tmp_path / "none.toml")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_the_sheet_as_html_shows_cards_totals_checksum_and_the_declaration(files, tmp_path):
    out = tmp_path / "sheet.html"
    assert main(["army", "sheet", str(files["good"]), "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert "Hoplite phalanx (Veteran, Hand cannon)" in html  # the upgraded card
    assert "Talos, the bronze giant" in html and "tell the opponent" in html
    from referee.army import load_army
    from referee.army.sheet import checksum_groups

    assert checksum_groups(load_army(files["good"]).checksum()) in html


def test_the_sheet_never_replaces_a_file_without_force(files, tmp_path, capsys):
    out = tmp_path / "sheet.html"
    out.write_text("mine", encoding="utf-8")
    assert main(["army", "sheet", str(files["good"]), "-o", str(out)]) == 2
    assert out.read_text(encoding="utf-8") == "mine" and "--force" in capsys.readouterr().err
    assert main(["army", "sheet", str(files["good"]), "-o", str(out), "--force"]) == 0
    assert out.read_text(encoding="utf-8") != "mine"


def test_the_sheet_as_pdf_is_a_pdf(files, tmp_path, qapp):
    out = tmp_path / "sheet.pdf"
    assert main(["army", "sheet", str(files["good"]), "-o", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert not list(tmp_path.glob(".*partial"))


def test_match_new_takes_an_army_per_side(files, tmp_path, capsys):
    ork = tmp_path / "ork.toml"
    ork.write_text(
        'name = "W"\nnation = "ork"\ngame = "standard"\n[[unit]]\n'
        'type = "ork-grunts"\ncount = 2\nupgrades = ["nob"]\n',
        encoding="utf-8",
    )
    path = tmp_path / "m.referee"
    assert (
        main(
            [
                "match",
                "new",
                str(path),
                "--map",
                "entrenched",
                "--army",
                f"1={files['good']}",
                "--army",
                f"2={ork}",
                "--seed",
                "3",
            ]
        )
        == 0
    )
    with MatchFile.open(path) as m:
        assert sorted(m.state.units) == [
            "hoplite-phalanx",
            "hoplite-phalanx-2",
            "ork-grunts",
            "ork-grunts-2",
            "talos",
        ]
        assert m.state.units["ork-grunts-2"].unit.elites == 2


def test_match_new_refuses_an_army_that_is_not_valid_and_writes_nothing(files, tmp_path, capsys):
    path = tmp_path / "m.referee"
    assert (
        main(
            [
                "match",
                "new",
                str(path),
                "--map",
                "entrenched",
                "--army",
                f"1={files['bad']}",
                "--army",
                f"2={files['good']}",
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert "side 1" in err and "unit[1].type" in err and not path.exists()
