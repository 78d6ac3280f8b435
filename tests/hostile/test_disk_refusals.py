"""A full disk, a read-only file, a folder without permission (issue 23): each is called by
its name in one line naming the file (never "damaged", never a traceback), nothing is
changed, and reading goes on working. Real disks that say no: a full tmpfs, a user who may
not override permissions (``tests/disk_helpers.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from army_fixture import write_armies
from disk_helpers import as_plain_user, digest, dumps, on_full_disk, one_line

from referee.match.games.orders_file import MatchFile
from referee.tournament.desk import Desk

PLAYERS = ("Ada", "Brin", "Cato", "Dora")
TABLE_1 = ("--round", "1", "--table", "1")


def event(folder: Path, pair: bool = True) -> Path:
    """An event of four players with their armies (round 1 paired when ``pair``)."""
    armies = write_armies(folder / "armies")
    path = folder / "ev.db"
    with Desk.create(path, name="Cup", seed=3, who="desk") as desk:
        for name in PLAYERS:
            desk.add_player(name, "", desk.check_army(armies[name]))
        if pair:
            desk.pair()
    return path


def result_file(folder: Path, ev: Path, a: str, b: str) -> Path:
    """A result both armies add up to (every point surviving), as a table would send it."""
    with Desk.open(ev) as desk:
        players = desk.event().players
    path = folder / "result.toml"
    text = ""
    for n in (a, b):
        cost = players[n].army["cost"]
        points = ", ".join(f"{k} = {int(cost.get(k, 0))}" for k in ("ip", "mp", "cp", "xp"))
        text += f'[[players]]\nname = "{n}"\nsurviving = {{ {points} }}\ndestroyed = {{}}\n'
    path.write_text(text, encoding="utf-8")
    return path


def test_a_new_event_on_a_full_disk_is_called_a_full_disk_and_leaves_no_file(tmp_path):
    runs, _, final = on_full_disk(
        tmp_path, {}, [["tournament", "new", "{disk}/ev.db", "--name", "Cup"]]
    )
    line = one_line(runs[0])
    assert "ev.db" in line and "the disk is full" in line and "damaged" not in line
    assert sorted(p.name for p in final.iterdir()) == []  # no event, no partial file


def test_pairing_with_a_full_backups_folder_is_refused_and_pairs_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "desk-home"))
    ev = event(tmp_path / "desk", pair=False)
    before = digest(ev)
    runs, _, final = on_full_disk(
        tmp_path / "run", {}, [["tournament", "pair", str(ev)]], backups=True
    )
    line = one_line(runs[0])
    assert "backups" in line and "the disk is full" in line and "nothing was changed" in line
    assert digest(ev) == before  # round 1 is not paired
    with Desk.open(ev) as desk:
        assert desk.event().current_round == 0
    assert list(final.iterdir()) == []  # no part of a backup left behind


def test_after_a_failed_write_on_a_full_disk_the_reading_commands_still_work(tmp_path):
    ev = event(tmp_path / "desk")
    with Desk.open(ev) as desk:
        a, b = desk.event().round(1).tables[0]
        expected = desk.standings().to_json()
    result = result_file(tmp_path / "desk", ev, a, b)
    before = digest(ev)
    runs, sums, _ = on_full_disk(
        tmp_path / "run",
        {"ev.db": ev, "result.toml": result},
        [
            ["tournament", "add-player", "{disk}/ev.db", "Eve"],
            ["tournament", "result", "{disk}/ev.db", *TABLE_1, "--result", "{disk}/result.toml"],
            ["tournament", "standings", "{disk}/ev.db", "--json"],
            ["tournament", "players", "{disk}/ev.db"],
            ["tournament", "pairings", "{disk}/ev.db"],
        ],
    )
    for run in runs[:2]:
        line = one_line(run)
        assert "ev.db" in line and "the disk is full" in line, dumps(runs)
        assert "damaged" not in line
    assert [r.status for r in runs[2:]] == [0, 0, 0], dumps(runs)
    shown = json.loads(runs[2].out)
    assert shown.pop("rulings") == ["tournament.strength-of-schedule"]  # every answer says
    shown.pop("readings")
    assert shown == expected
    assert all(name in runs[3].out for name in PLAYERS) and "Eve" not in runs[3].out
    assert {sums[f"{i}:ev.db"] for i in range(5)} == {before}


def test_a_sheet_replaced_on_a_full_disk_stays_the_sheet_it_was(tmp_path):
    armies = write_armies(tmp_path / "armies")
    old = tmp_path / "sheet.html"
    old.write_text("<p>last week's sheet</p>\n", encoding="utf-8")  # smaller than the new one
    runs, _, final = on_full_disk(
        tmp_path / "run",
        {"ada.toml": armies["Ada"], "sheet.html": old, "sheet.pdf": old},
        [
            ["army", "sheet", "{disk}/ada.toml", "-o", "{disk}/sheet.html", "--force"],
            ["army", "sheet", "{disk}/ada.toml", "-o", "{disk}/sheet.pdf", "--force"],
        ],
        size_kb=512,
    )
    for run, name in zip(runs, ("sheet.html", "sheet.pdf"), strict=True):
        line = one_line(run)
        assert name in line and "the disk is full" in line, dumps(runs)
        assert digest(final / name) == digest(old)  # whole, never a fragment of the new one
    assert sorted(p.name for p in final.iterdir()) == ["ada.toml", "sheet.html", "sheet.pdf"]


def test_a_read_only_event_file_is_called_read_only_and_still_reads(tmp_path):
    ev = event(tmp_path)
    with Desk.open(ev) as desk:
        a, b = desk.event().round(1).tables[0]
    result = result_file(tmp_path, ev, a, b)
    ev.chmod(0o444)
    before = digest(ev)
    try:
        run = as_plain_user(
            tmp_path,
            ["tournament", "result", str(ev), *TABLE_1, "--result", str(result)],
        )
        line = one_line(run)
        assert str(ev) in line and "read-only" in line and "damaged" not in line
        assert digest(ev) == before
        shown = as_plain_user(tmp_path, ["tournament", "standings", str(ev)])
        # round 1 paired, none of its results in (the heading says so: s9-user's defect 5)
        held = "Standings before round 1 (round 1: 0 of 2 tables in)"
        assert shown.status == 0 and held in shown.out, shown
    finally:
        ev.chmod(0o644)


def test_a_folder_without_write_permission_is_called_that(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        run = as_plain_user(tmp_path, ["tournament", "new", str(folder / "ev.db"), "--name", "X"])
        line = one_line(run)
        assert str(folder / "ev.db") in line and "permission denied" in line
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


def test_a_read_only_match_file_is_called_read_only_not_damaged(tmp_path):
    path = tmp_path / "m.referee"
    MatchFile.create(
        path,
        map_name="entrenched",
        seed=1,
        units=[
            {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2"},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
        ],
    ).close()
    path.chmod(0o444)
    before = digest(path)
    try:
        run = as_plain_user(
            tmp_path, ["match", "step", str(path), "Shaken", "-c", "correct uid=grunts shaken=1"]
        )
        line = one_line(run)
        assert str(path) in line and "read-only" in line and "damaged" not in line
        assert digest(path) == before
        assert as_plain_user(tmp_path, ["match", "show", str(path)]).status == 0
    finally:
        path.chmod(0o644)
