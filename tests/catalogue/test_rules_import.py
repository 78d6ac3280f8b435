"""A referee's own rulebook imported beside the catalogue: passages cut at headings, hits
that show the file and the date of the import, re-import, forget, and a database that is
never dropped."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from rules_search_data import isolate, make_data

from referee.catalogue.imports_db import (
    ImportsDb,
    ImportsDbError,
    RulebookImportError,
    imports_db_path,
)
from referee.catalogue.passages import Passage, split_passages
from referee.catalogue.rules_search import search

MAY_DAY = datetime(2025, 5, 1, 20, 30, tzinfo=timezone(timedelta(hours=2)))

HOUSE_RULES = """# House rules

Our club plays with these changes.

## Smoke grenades

A smoke grenade lasts two aftermaths instead of one.

## Zeppelins

A zeppelin counts as flying and may carry two infantry bases.
"""


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = make_data(tmp_path)
    isolate(monkeypatch, tmp_path, folder)
    return folder


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "house-rules.md"
    path.write_text(HOUSE_RULES, encoding="utf-8")
    return path


# --- cutting a file into passages ------------------------------------------------------------


def test_markdown_headings_start_passages_under_their_section():
    assert split_passages(HOUSE_RULES) == [
        Passage("House rules", "Our club plays with these changes."),
        Passage(
            "Smoke grenades", "A smoke grenade lasts two aftermaths instead of one.", "House rules"
        ),
        Passage(
            "Zeppelins",
            "A zeppelin counts as flying and may carry two infantry bases.",
            "House rules",
        ),
    ]


def test_underlined_headings_start_passages():
    text = "Fire\n====\n\nRoll a d6.\n\nAim\n---\nAiming adds one.\n"
    assert [(p.heading, p.text) for p in split_passages(text)] == [
        ("Fire", "Roll a d6."),
        ("Aim", "Aiming adds one."),
    ]


def test_title_case_lines_followed_by_text_start_passages():
    # As the drafts write them: a short line in Title Case, then its paragraph.
    text = (
        "Some opening words of the book.\n\nStacking Limit:\n\n"
        "One hex holds at most two units.\n\nHuge units\n\nA huge unit is seen from afar.\n"
    )
    assert [(p.heading, p.text) for p in split_passages(text)] == [
        ("Some opening words of the book.", "Some opening words of the book."),
        ("Stacking Limit", "One hex holds at most two units."),
        ("Huge units", "A huge unit is seen from afar."),
    ]


def test_a_sentence_or_a_table_row_is_no_heading():
    text = "Intro.\n\nThis line ends as a sentence.\n\nA longer paragraph follows here.\n"
    assert len(split_passages(text)) == 3  # paragraphs, no heading
    table = "Intro.\n\nClear\tNo modifiers\n\nA longer paragraph follows here.\n"
    assert all(p.heading != "Clear\tNo modifiers" for p in split_passages(table))


def test_text_without_headings_is_cut_into_paragraphs():
    text = "first paragraph of the text here\n\nsecond paragraph follows with more words\n"
    assert [p.text for p in split_passages(text)] == [
        "first paragraph of the text here",
        "second paragraph follows with more words",
    ]
    assert split_passages(text)[0].heading == "first paragraph of the text here"


# --- importing and searching -----------------------------------------------------------------


def test_imports_live_in_referee_home(data, tmp_path):
    assert imports_db_path() == tmp_path / "home" / "imports.db"


def test_imports_default_to_the_xdg_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("REFEREE_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert imports_db_path() == tmp_path / "xdg" / "referee" / "imports.db"


def test_imported_hit_shows_its_source_and_import_date(data, house):
    book = ImportsDb().import_text(house, now=MAY_DAY)
    assert (book.name, book.source, book.passages) == ("house-rules", "house-rules.md", 3)
    hit = search("zeppelin").hits[0]
    assert (hit.id, hit.kind, hit.title) == ("house-rules:zeppelins", "imported", "Zeppelins")
    assert (hit.source, hit.imported_at) == ("house-rules.md", "2025-05-01T20:30:00+02:00")
    assert hit.to_json()["source"] == "house-rules.md"


def test_imported_passages_are_searched_beside_the_clauses(data, house):
    ImportsDb().import_text(house, name="club")
    found = [(h.kind, h.id) for h in search("smoke grenade").hits]
    assert ("imported", "club:smoke-grenades") in found
    assert ("clause", "fire.grenades") in found


def test_reimporting_a_name_replaces_it(data, house, tmp_path):
    db = ImportsDb()
    db.import_text(house, name="club")
    newer = tmp_path / "v2.txt"
    newer.write_text("Airships\n\nAn airship moves three hexes a turn.\n")
    db.import_text(newer, name="club")
    assert [(b.name, b.source, b.passages) for b in db.books()] == [("club", "v2.txt", 1)]
    assert search("zeppelin", kinds=("imported",)).hits == ()
    assert [h.id for h in search("airship").hits] == ["club:airships"]


def test_forget_removes_a_book(data, house):
    db = ImportsDb()
    db.import_text(house)
    assert db.forget("house-rules").passages == 3
    assert db.books() == [] and search("zeppelin").hits == ()
    with pytest.raises(RulebookImportError, match="no imported rulebook named 'house-rules'"):
        db.forget("house-rules")


def test_imports_survive_a_rebuild_of_the_catalogue_index(data, house):
    ImportsDb().import_text(house)
    clauses = data / "catalogue" / "clauses" / "rules.toml"
    clauses.write_text(clauses.read_text().replace("Grenades", "Hand grenades"))
    result = search("zeppelin")
    assert result.index.rebuilt
    assert [h.id for h in result.hits] == ["house-rules:zeppelins"]


def test_passages_tagged_with_another_edition_are_filtered(data, house):
    ImportsDb().import_text(house, edition="first-draft")
    assert search("zeppelin", edition="current").hits == ()
    assert search("zeppelin", edition="first-draft").hits[0].edition == "first-draft"


def test_corrupt_imports_database_is_named_and_kept(data, house):
    path = imports_db_path()
    path.parent.mkdir(parents=True)
    garbage = b"not a database at all, a letter to grandma" * 30
    path.write_bytes(garbage)
    with pytest.raises(ImportsDbError, match=str(path)) as err:
        search("zeppelin")
    assert "left untouched" in str(err.value)
    with pytest.raises(ImportsDbError):
        ImportsDb().import_text(house)
    assert path.read_bytes() == garbage


def test_catalogue_search_without_imports_ignores_a_corrupt_imports_file(data):
    path = imports_db_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"garbage" * 100)
    assert search("smoke", kinds=("clause",)).hits[0].id == "terrain.smoke"


@pytest.mark.parametrize(
    ("content", "problem"),
    [(b"\x00\x01binary", "not a text file"), (b"  \n\n", "the file has no text to import")],
)
def test_unusable_files_are_refused_naming_them(data, tmp_path, content, problem):
    path = tmp_path / "book.md"
    path.write_bytes(content)
    with pytest.raises(RulebookImportError, match=rf"book\.md: {problem}"):
        ImportsDb().import_text(path)


def test_missing_file_is_refused(data, tmp_path):
    with pytest.raises(RulebookImportError, match=r"nope\.md: file not found"):
        ImportsDb().import_text(tmp_path / "nope.md")


def test_latin1_file_is_read(data, tmp_path):
    path = tmp_path / "old.txt"
    path.write_bytes("Règles\n\nLe défenseur lance un dé.\n".encode("latin-1"))
    ImportsDb().import_text(path)
    assert search("défenseur").hits[0].id == "old:règles"
