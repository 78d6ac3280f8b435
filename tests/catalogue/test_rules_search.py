"""Full-text search over clauses and rulings: ranking, synonyms, escaping, editions, and
the index kept fresh in the cache folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from rules_search_data import isolate, make_data

from referee.catalogue.rules_search import search
from referee.catalogue.search_index import CatalogueIndex, UnknownEdition


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = make_data(tmp_path)
    isolate(monkeypatch, tmp_path, folder)
    return folder


def ids(query: str, **kwargs: object) -> list[str]:
    return [h.id for h in search(query, **kwargs).hits]  # type: ignore[arg-type]


# --- ranking ---------------------------------------------------------------------------------


def test_title_match_outranks_body_match(data):
    # "smoke" is the whole title of terrain.smoke; fire.grenades says it three times in
    # its text only.
    found = ids("smoke")
    assert found.index("terrain.smoke") < found.index("fire.grenades")
    assert found[0] == "terrain.smoke"


def test_title_that_is_the_query_comes_before_longer_titles(data):
    # Both los.line-of-sight and los.ground-level have "line of sight" in their title.
    assert ids("line of sight")[:2] == ["los.line-of-sight", "los.ground-level"]


def test_heading_typed_as_in_the_drafts_finds_its_clause_first(data):
    # Punctuation and case of a heading do not matter: "Line of Sight, both hexes at
    # ground level:" is the title of los.ground-level.
    assert ids("Line of Sight, both hexes at ground level:")[0] == "los.ground-level"


def test_a_keyword_typed_whole_counts_like_the_title(data):
    # The drafts spell it "Evation[N+]": a keyword of abilities.evasion, while
    # abilities.improve-evasion has the word "evation" in its keywords.
    assert ids("Evation[N+]")[0] == "abilities.evasion"


def test_one_hit_per_clause_even_with_two_wordings(data):
    # terrain.smoke has a row per edition wording; both say "blocks line of sight".
    assert ids("smoke marker blocks").count("terrain.smoke") == 1


def test_hits_carry_kind_edition_and_marked_snippet(data):
    hit = search("aftermath grenade").hits[0]
    assert (hit.id, hit.kind, hit.edition, hit.editions) == (
        "fire.grenades",
        "clause",
        "current",
        ("current",),
    )
    assert "[aftermath]" in hit.snippet() and "[grenade]" in hit.snippet()


def test_limit_caps_the_hits(data):
    assert len(ids("line of sight")) >= 3
    assert len(ids("line of sight", limit=2)) == 2


def test_rulings_are_searched_with_their_readings(data):
    hit = search("level-0 blocking terrain smoke", kinds=("ruling",)).hits[0]
    assert (hit.id, hit.kind, hit.edition) == ("test.smoke-height", "ruling", None)


def test_any_word_matches_when_no_entry_has_them_all(data):
    # No clause has both "grenade" and "zeppelin": the fallback accepts any of them.
    result = search("grenade zeppelin")
    assert not result.matched_all
    assert [h.id for h in result.hits] == ["fire.grenades"]


# --- synonyms --------------------------------------------------------------------------------


def test_los_finds_line_of_sight_clauses(data):
    # No test clause says "LOS": synonyms.toml groups it with "line of sight".
    found = ids("LOS")
    assert found[0] == "los.line-of-sight"
    assert {"los.ground-level", "terrain.smoke"} <= set(found)


def test_morale_finds_shaken(data):
    assert ids("morale")[0] == "conditions.shaken"


def test_melee_finds_assault(data):
    assert ids("melee") == ["assault.advantage"]


def test_to_hit_written_any_way_finds_the_to_hit_roll(data):
    for query in ("to-hit", "to hit", "TO HIT", '"to-hit"'):
        assert ids(query)[0] == "fire.to-hit", query


# --- odd characters --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        '"unbalanced quote',
        'smoke"',
        "fire:",
        "title:smoke",
        "(smoke",
        "smoke)",
        "smoke AND",
        "OR",
        "NOT smoke",
        "NEAR(smoke",
        "*",
        "smok*",
        "^smoke",
        "{title}: smoke",
        "'",
        "-",
        "--limit",
        "a + b",
        "",
        "   ",
        "smoke \x00",
        "ümlaut ß",
    ],
)
def test_odd_characters_never_raise(data, query):
    search(query)


def test_query_of_punctuation_only_finds_nothing(data):
    assert search('()":*').hits == ()


def test_prefix_star_matches_word_starts(data):
    assert ids("gren*") == ["fire.grenades"]


def test_operators_typed_by_the_user_are_plain_words(data):
    # As an FTS operator, NOT would drop the grenades clause (its text has "smoke"); as a
    # word it is one more word to match, which no clause has with the others, so the
    # any-word fallback keeps the grenades clause.
    result = search("smoke NOT grenade")
    assert not result.matched_all
    assert "fire.grenades" in [h.id for h in result.hits]


# --- editions --------------------------------------------------------------------------------


def test_edition_filter_keeps_that_editions_clauses(data):
    assert "setup.six-steps" in ids("scouts")
    assert ids("scouts", edition="current") == []
    assert ids("scouts", edition="first-draft") == ["setup.six-steps"]


def test_a_search_the_edition_filter_left_empty_counts_the_entries_of_other_editions(data):
    # "scouts" is only in setup.six-steps, a first-draft clause: the current edition has no
    # hit, and one entry of another edition that the filter kept out.
    result = search("scouts", edition="current")
    assert (result.hits, result.other_editions) == ((), 1)
    assert result.to_json()["other_editions"] == 1
    assert search("scouts", edition="first-draft").other_editions == 0
    assert search("zeppelin", edition="current").other_editions == 0


def test_edition_filter_searches_that_editions_wording(data):
    # terrain.smoke: only the current wording speaks of the aftermath, only the first
    # draft's of a movement point.
    assert set(ids("aftermath", edition="current")) == {"terrain.smoke", "fire.grenades"}
    assert ids("aftermath", edition="first-draft") == []
    hit = search("movement", edition="first-draft").hits[0]
    assert (hit.id, hit.edition, hit.editions) == ("terrain.smoke", "first-draft", ("first-draft",))
    assert ids("movement", edition="current") == []


def test_without_a_filter_a_hit_names_every_edition_whose_wording_matched(data):
    # Both wordings of terrain.smoke say "smoke marker"; only the current one "aftermath".
    both = search("smoke marker").hits[0]
    assert (both.id, both.edition, both.editions) == (
        "terrain.smoke",
        "current",
        ("current", "first-draft"),
    )
    only = next(h for h in search("aftermath").hits if h.id == "terrain.smoke")
    assert only.editions == ("current",)


def test_rulings_apply_to_every_edition(data):
    assert "test.smoke-height" in ids("height levels", edition="first-draft")


def test_unknown_edition_is_refused_naming_it(data):
    with pytest.raises(UnknownEdition, match=r"'fourth'.*current, first-draft"):
        search("smoke", edition="fourth")


# --- the index -------------------------------------------------------------------------------


def test_index_lives_in_the_cache_folder(data, tmp_path):
    result = search("smoke")
    assert result.index.path == tmp_path / "cache" / "rules-search.db"
    assert result.index.rebuilt and result.index.path.exists()
    assert not search("smoke").index.rebuilt  # same data files: the index is reused


def test_index_is_rebuilt_when_a_clause_file_changes(data):
    assert ids("zeppelin") == []
    clauses = data / "catalogue" / "clauses" / "rules.toml"
    clauses.write_text(
        clauses.read_text()
        + '\n[[clause]]\nid = "fire.zeppelin"\ntitle = "Zeppelins"\nsection = "Fire"\n'
        'editions = ["current"]\ntext = "A zeppelin flies at level 2."\n'
    )
    result = search("zeppelin")
    assert [h.id for h in result.hits] == ["fire.zeppelin"]
    assert result.index.rebuilt and "changed" in result.index.reason


def test_index_is_rebuilt_when_a_ruling_file_changes(data):
    rulings = data / "catalogue" / "rulings" / "test.toml"
    rulings.write_text(rulings.read_text().replace("height levels", "altitude bands"))
    assert ids("altitude", kinds=("ruling",)) == ["test.smoke-height"]


def test_corrupt_index_is_rebuilt_with_a_message_naming_it(data, tmp_path):
    index = tmp_path / "cache" / "rules-search.db"
    index.parent.mkdir()
    index.write_bytes(b"this is not an SQLite database, it is a shopping list" * 20)
    result = search("smoke")
    assert result.hits[0].id == "terrain.smoke"
    assert result.index.corrupt and str(index) in result.index.reason
    assert not search("smoke").index.rebuilt


def test_index_of_another_cache_folder(data, tmp_path):
    other = CatalogueIndex(data, tmp_path / "elsewhere")
    assert [h.id for h in search("grenade", index=other).hits] == ["fire.grenades"]
    assert (tmp_path / "elsewhere" / "rules-search.db").exists()
