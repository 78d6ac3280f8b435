"""A command that only reads never writes (issue 23): every reading command of ``tournament``,
``match``, ``army`` and ``rules`` leaves the file it reads byte for byte as it was, its
journal mode too (``standings`` on an event file not in WAL mode used to switch it)."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from army_fixture import write_armies

from referee.cli.main import main
from referee.match.journal.journal_text import read_journal, replay_journal
from referee.tournament.desk import Desk

JOURNAL = Path(__file__).parent.parent / "match" / "journals" / "tank-and-grunts.journal"

TOURNAMENT_READS = (
    ["players"],
    ["players", "--json"],
    ["pairings"],
    ["pairings", "--round", "1", "--json"],
    ["standings"],
    ["standings", "--json"],
    ["trail", "--json"],
    ["clock", "show"],
    ["export", "--format", "csv", "-o", "{out}/csv"],
    ["export", "--format", "html", "-o", "{out}/page.html"],
    ["export", "--format", "site", "-o", "{out}/site"],
)


def mode_of(path: Path) -> str:
    """The journal mode the file's header says (bytes 18 and 19: 1 rollback, 2 WAL)."""
    head = path.read_bytes()[18:20]
    return {b"\x01\x01": "rollback", b"\x02\x02": "wal"}[head]


def state(path: Path) -> tuple[str, str]:
    return hashlib.sha256(path.read_bytes()).hexdigest(), mode_of(path)


def set_mode(path: Path, mode: str) -> None:
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA journal_mode = {mode}")
    conn.close()


def ran(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 0, capsys.readouterr().err
    return capsys.readouterr().out


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.parametrize("mode", ["delete", "wal"])
def test_reading_an_event_changes_neither_its_bytes_nor_its_mode(tmp_path, home, capsys, mode):
    armies = write_armies(tmp_path / "armies")
    ev = tmp_path / "ev.db"
    with Desk.create(ev, name="Cup", seed=2, who="desk") as desk:
        for name in ("Ada", "Brin", "Cato", "Dora"):
            desk.add_player(name, "", desk.check_army(armies[name]))
        desk.pair()
        desk.clock_action("start")
    set_mode(ev, mode)
    before = state(ev)
    assert before[1] == {"delete": "rollback", "wal": "wal"}[mode]
    out = tmp_path / "out"
    out.mkdir()
    for argv in TOURNAMENT_READS:
        ran(capsys, ["tournament", argv[0], str(ev), *(a.format(out=out) for a in argv[1:])])
        assert state(ev) == before, argv
    ran(capsys, ["tournament", "copy", str(ev), str(out / "copy.db")])
    assert state(ev) == before
    if mode == "delete":
        assert not ev.with_name("ev.db-wal").exists()


def test_a_failing_write_to_an_event_not_in_wal_mode_leaves_its_mode(tmp_path, home, capsys):
    ev = tmp_path / "ev.db"
    Desk.create(ev, name="Cup", seed=2, who="desk").close()
    set_mode(ev, "delete")
    before = state(ev)
    assert main(["tournament", "pair", str(ev)]) == 2  # no players to pair
    assert "0 player(s)" in capsys.readouterr().err
    assert state(ev) == before


@pytest.mark.parametrize("mode", ["delete", "wal"])
def test_reading_a_match_changes_neither_its_bytes_nor_its_mode(tmp_path, home, capsys, mode):
    path = tmp_path / "m.referee"
    replay_journal(read_journal(JOURNAL), path, str(JOURNAL)).close()
    set_mode(path, mode)
    before = state(path)
    for argv in (
        ["match", "show", str(path)],
        ["match", "show", str(path), "--json"],
        ["match", "check", str(path)],
        ["match", "report", str(path), "-o", str(tmp_path / "report.html")],
    ):
        ran(capsys, argv)
        assert state(path) == before, argv


def test_reading_an_army_list_or_the_rules_changes_no_file(tmp_path, home, capsys):
    army = write_armies(tmp_path / "armies")["Ada"]
    before = army.read_bytes()
    ran(capsys, ["army", "validate", str(army)])
    ran(capsys, ["army", "validate", str(army), "--json"])
    ran(capsys, ["army", "sheet", str(army), "-o", str(tmp_path / "sheet.html")])
    assert army.read_bytes() == before
    book = tmp_path / "house.md"
    book.write_text("# House rules\n\n## Smoke\nSmoke blocks sight.\n", encoding="utf-8")
    ran(capsys, ["rules", "import", str(book)])
    imports = home / "imports.db"
    kept = state(imports)
    for argv in (
        ["rules", "search", "smoke"],
        ["rules", "search", "smoke", "--kind", "imported", "--json"],
        ["rules", "imports"],
        ["rules", "show", "los.edge-run"],
    ):
        ran(capsys, argv)
        assert state(imports) == kept, argv
