"""Army check-in: the list checked with the army rules for the event's game, frozen in the
event with its checksum, refused with every problem (file, unit entry, field, rule) unless the
organiser accepts it with a reason, and its huge units declared (clause army.huge-units,
ruling tournament.huge-units)."""

from __future__ import annotations

import csv
import json

import pytest

from referee.cli.main import main
from referee.tournament.checkin import ArmyRefused, FrozenArmyError, frozen_army
from referee.tournament.desk import Desk, DeskError

VANGUARD = """\
name = "Vanguard"
nation = "spartan"
game = "standard"

[[unit]]
type = "standard-tank"
count = 2

[[unit]]
type = "hoplite-phalanx"
"""

# Talos 12 IP 2 CP and two standard tanks 6 IP each: 24 IP, within a standard game's 24.
GIANT = """\
name = "Bronze"
nation = "spartan"
game = "standard"

[[unit]]
type = "talos"

[[unit]]
type = "standard-tank"
count = 2
"""

# Three Talos are 36 IP (budget 24); ork grunts are no spartan unit.
BAD = """\
name = "Too much"
nation = "spartan"
game = "standard"

[[unit]]
type = "talos"
count = 3

[[unit]]
type = "ork-grunts"
"""


def run(capsys, *args: str) -> str:
    assert main(list(args)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


@pytest.fixture
def files(tmp_path):
    out = {}
    for name, text in (("vanguard", VANGUARD), ("giant", GIANT), ("bad", BAD)):
        out[name] = tmp_path / f"{name}.toml"
        out[name].write_text(text, encoding="utf-8")
    return out


def new_event(tmp_path, capsys, *extra: str) -> str:
    ev = str(tmp_path / "ev.db")
    run(capsys, "tournament", "new", ev, "--name", "Check Cup", "--seed", "1", *extra)
    return ev


def test_an_army_is_frozen_at_check_in_and_a_later_edit_of_its_file_changes_nothing(
    tmp_path, capsys, files
):
    ev = new_event(tmp_path, capsys)
    out = run(capsys, "tournament", "add-player", ev, "Ada", "--army", str(files["vanguard"]))
    checksum = json.loads(run(capsys, "army", "validate", str(files["vanguard"]), "--json"))[
        "checksum"
    ]
    assert f"checksum: {checksum}" in out
    files["vanguard"].write_text(VANGUARD.replace("count = 2", "count = 3"), encoding="utf-8")
    with Desk.open(ev) as desk:
        ada = desk.event().players["Ada"]
    assert ada.nation == "spartan"  # the army's nation, none having been given
    army = frozen_army(ada.army, "Ada")
    assert [(e.type, e.count) for e in army.entries] == [
        ("standard-tank", 2),
        ("hoplite-phalanx", 1),
    ]
    assert army.checksum() == checksum
    listed = json.loads(run(capsys, "tournament", "players", ev, "--json"))
    assert listed[0]["army"]["checksum"] == checksum and listed[0]["army"]["valid"]


def test_an_army_that_is_not_valid_is_refused_naming_its_file_entry_field_and_rule(
    tmp_path, capsys, files
):
    ev = new_event(tmp_path, capsys)
    assert main(["tournament", "add-player", ev, "Brin", "--army", str(files["bad"])]) == 2
    err = capsys.readouterr().err
    assert str(files["bad"]) in err
    assert "unit[1].type" in err and "ork catalogue" in err and "army.building" in err
    assert "cost.ip" in err and "36 IP" in err and "army.budgets" in err
    with Desk.open(ev) as desk:
        assert "Brin" not in desk.event().players  # a command that fails writes nothing


def test_the_organiser_may_accept_an_army_that_is_not_valid_giving_the_reason(
    tmp_path, capsys, files
):
    ev = new_event(tmp_path, capsys)
    out = run(
        capsys,
        "tournament",
        "add-player",
        ev,
        "Brin",
        "--army",
        str(files["bad"]),
        "--override",
        "the catalogue misses his unit; agreed with the opponent",
    )
    assert "NOT valid, accepted by the organiser" in out and "unit[1].type" in out
    with Desk.open(ev) as desk:
        checkin = desk.event().players["Brin"].army
    assert checkin["valid"] is False and len(checkin["errors"]) == 2
    assert checkin["override"] == "the catalogue misses his unit; agreed with the opponent"
    assert "accepted by the organiser" in run(capsys, "tournament", "players", ev)


def test_a_file_that_is_no_army_is_refused_even_with_an_override(tmp_path, capsys):
    ev = new_event(tmp_path, capsys)
    junk = tmp_path / "junk.toml"
    junk.write_text(
        'name = "X"\nnation = "spartan"\ngame = "standard"\n[[unit]]\ncount = 0\n', encoding="utf-8"
    )
    assert (
        main(["tournament", "add-player", ev, "Cato", "--army", str(junk), "--override", "please"])
        == 2
    )
    err = capsys.readouterr().err
    assert "unit[0].type: missing" in err and "unit[0].count" in err


def test_an_army_of_another_nation_than_the_players_is_refused(tmp_path, capsys, files):
    ev = new_event(tmp_path, capsys)
    assert (
        main(
            [
                "tournament",
                "add-player",
                ev,
                "Ada",
                "--nation",
                "ork",
                "--army",
                str(files["vanguard"]),
            ]
        )
        == 2
    )
    assert "the nation given is ork, the army is spartan" in capsys.readouterr().err


def test_an_army_is_checked_for_the_events_game(tmp_path, capsys, files):
    # A pure tank game has 24 IP and nothing else: the phalanx's 4 MP, 2 CP, 1 XP are over.
    ev = new_event(tmp_path, capsys, "--game", "pure-tank")
    assert main(["tournament", "add-player", ev, "Ada", "--army", str(files["vanguard"])]) == 2
    err = capsys.readouterr().err
    assert "pure-tank game" in err and "cost.mp" in err


def test_an_army_is_checked_in_again_until_the_players_first_round_is_paired(
    tmp_path, capsys, files
):
    ev = new_event(tmp_path, capsys)
    run(capsys, "tournament", "add-player", ev, "Ada")
    run(capsys, "tournament", "add-player", ev, "Brin", "--army", str(files["vanguard"]))
    run(capsys, "tournament", "check-in", ev, "Ada", "--army", str(files["vanguard"]))
    out = run(capsys, "tournament", "check-in", ev, "Ada", "--army", str(files["giant"]))
    assert "Talos" in out
    with Desk.open(ev) as desk:
        assert desk.event().players["Ada"].army["army_name"] == "Bronze"  # the last counts
    run(capsys, "tournament", "pair", ev)
    assert main(["tournament", "check-in", ev, "Ada", "--army", str(files["vanguard"])]) == 2
    assert "frozen when round 1 was paired" in capsys.readouterr().err


def test_a_frozen_army_that_no_longer_matches_its_checksum_is_refused(tmp_path, files):
    with Desk.create(tmp_path / "ev.db", name="Cup", seed=1) as desk:
        checkin = desk.check_army(files["vanguard"])
    tampered = {**checkin, "army": {**checkin["army"], "name": "Rearguard"}}
    with pytest.raises(FrozenArmyError, match="no longer matches its checksum"):
        frozen_army(tampered, "Ada")
    with (
        Desk.create(tmp_path / "ev2.db", name="Cup", seed=1) as desk,
        pytest.raises(ArmyRefused) as refused,
    ):
        desk.check_army(files["bad"])
    assert refused.value.unit == "unit[1]" and refused.value.field == "type"
    assert refused.value.file == files["bad"]


def test_huge_units_are_declared_in_the_players_list_the_pairings_and_the_exports(
    tmp_path, capsys, files
):
    ev = new_event(tmp_path, capsys)
    run(capsys, "tournament", "add-player", ev, "Ada", "--army", str(files["vanguard"]))
    run(capsys, "tournament", "add-player", ev, "Brin", "--army", str(files["giant"]))
    assert "huge units: Talos, the bronze giant" in run(capsys, "tournament", "players", ev)
    pairing = json.loads(run(capsys, "tournament", "pair", ev, "--json"))
    assert pairing["declarations"] == {"Ada": "Brin's army has huge units: Talos, the bronze giant"}
    run(capsys, "tournament", "export", ev, "--format", "csv", "-o", str(tmp_path / "csv"))
    with open(tmp_path / "csv" / "pairings.csv", encoding="utf-8", newline="") as fh:
        row = next(csv.DictReader(fh))
    brin_column = "player_1_huge_units" if row["player_1"] == "Brin" else "player_2_huge_units"
    assert row[brin_column] == "Talos, the bronze giant"
    run(capsys, "tournament", "export", ev, "--format", "site", "-o", str(tmp_path / "site"))
    index = (tmp_path / "site" / "index.html").read_text("utf-8")
    assert "huge units: Talos, the bronze giant" in index
    players = (tmp_path / "site" / "players.html").read_text("utf-8")
    assert "Brin (huge units: Talos, the bronze giant)" in players  # Ada's opponent
    page = (tmp_path / "site" / "players" / "brin.html").read_text("utf-8")
    assert "Huge units: Talos, the bronze giant" in page


def test_by_ruling_the_huge_units_may_be_told_to_the_opponent_only(tmp_path, capsys, files):
    ev = new_event(tmp_path, capsys, "--ruling", "tournament.huge-units=opponent")
    run(capsys, "tournament", "add-player", ev, "Ada", "--army", str(files["vanguard"]))
    run(capsys, "tournament", "add-player", ev, "Brin", "--army", str(files["giant"]))
    assert "huge units" not in run(capsys, "tournament", "players", ev)
    listed = json.loads(run(capsys, "tournament", "players", ev, "--json"))
    assert all(p["army"]["huge_units"] is None for p in listed)
    pairing = json.loads(run(capsys, "tournament", "pair", ev, "--json"))
    assert pairing["declarations"] == {"Ada": "Brin's army has huge units: Talos, the bronze giant"}


def test_a_check_in_desk_refuses_an_army_checked_for_another_game(tmp_path, files):
    with Desk.create(tmp_path / "ev.db", name="Cup", seed=1) as desk:
        checkin = desk.check_army(files["vanguard"])
    with (
        Desk.create(tmp_path / "tank.db", name="Tank Cup", seed=1, game="pure-tank") as desk,
        pytest.raises(DeskError, match="checked for a standard game"),
    ):
        desk.add_player("Ada", "", checkin)
