"""What a player types becomes a safe FTS5 query, with synonyms as OR groups; the synonyms
file is checked like every data file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from referee.catalogue.fts_query import Unit, build_query, parse_units
from referee.catalogue.synonyms import Synonyms, load_synonyms, parse_synonyms, synonyms_path
from referee.errors import DataFileError

SHIPPED = load_synonyms(synonyms_path())


def test_words_phrases_and_hyphenated_words():
    assert parse_units('Aim "line of sight" to-hit gren*') == [
        Unit(("aim",)),
        Unit(("line", "of", "sight"), quoted=True),
        Unit(("to", "hit")),
        Unit(("gren",), prefix=True),
    ]


def test_unbalanced_quote_counts_as_a_space():
    assert parse_units('"line of sight') == [Unit(("line",)), Unit(("of",)), Unit(("sight",))]


def test_punctuation_only_separates_words():
    assert parse_units("title:smoke (fire) NOT{x}") == [
        Unit(("title",)),
        Unit(("smoke",)),
        Unit(("fire",)),
        Unit(("not",)),
        Unit(("x",)),
    ]


def test_every_term_is_an_fts_string():
    q = build_query("smoke NEAR fire:", Synonyms())
    assert q.match_all() == '"smoke" AND "near" AND "fire"'
    assert q.match_any() == '"smoke" OR "near" OR "fire"'


def test_typed_phrase_of_a_synonym_becomes_an_or_group():
    q = build_query("LoS blocked", SHIPPED)
    first = q.groups[0].fts()
    assert first.startswith('("los" OR ') and '"line of sight"' in first
    assert q.groups[1].fts() == '"blocked"'


def test_longest_synonym_wins_and_its_words_are_consumed():
    # "line of sight" is one group, not "line" + "of" + "sight".
    q = build_query("line of sight", SHIPPED)
    assert len(q.groups) == 1 and ("los",) in q.groups[0].alternatives


def test_plural_finds_the_synonym():
    assert ("damage",) in build_query("wound", SHIPPED).groups[0].alternatives
    assert ("damage",) in build_query("wounds", SHIPPED).groups[0].alternatives


def test_a_term_in_two_groups_expands_to_both_but_groups_stay_apart():
    fire = build_query("fire", SHIPPED).groups[0].alternatives
    assert ("flame",) in fire and ("shoot",) in fire
    assert ("shoot",) not in build_query("flame", SHIPPED).groups[0].alternatives


def test_exact_title_comparison_ignores_case_and_punctuation():
    q = build_query("stacking limit", SHIPPED)
    assert q.is_title("Stacking Limit:")
    assert not q.is_title("Stacking limit of flying units")
    assert not build_query("LOS", SHIPPED).is_title("Line of sight")


def test_title_with_synonyms_put_in():
    assert build_query("LOS", SHIPPED).is_synonym_title("Line of sight")
    assert build_query("morale rules", SHIPPED).is_synonym_title("Shaken rules")
    assert not build_query("morale rules", SHIPPED).is_synonym_title("Shaken units")


@pytest.mark.parametrize(
    "typed",
    ['"', '""', "(", ")", ":", "*", "-", "^", "NOT", "AND OR", "a:b", 'x"y"z"', "{a}", "\\"],
)
def test_built_queries_are_valid_fts5(typed):
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE t USING fts5(a, b, tokenize='porter')")
    conn.execute("INSERT INTO t VALUES ('x', 'y')")
    q = build_query(typed, SHIPPED)
    if q.empty:
        return
    for expression in (q.match_all(), q.match_any(), q.in_columns(("a",), q.match_all())):
        conn.execute("SELECT * FROM t WHERE t MATCH ?", (expression,)).fetchall()


# --- the synonyms file -----------------------------------------------------------------------


def test_shipped_synonyms_have_the_promised_groups():
    for typed, meant in [
        ("los", ("line", "of", "sight")),
        ("morale", ("shaken",)),
        ("melee", ("assault",)),
        ("close combat", ("assault",)),
        ("cc", ("assault",)),
        ("armour", ("armor",)),
        ("ap", ("armor", "penetration")),
        ("hp", ("damage",)),
        ("to hit", ("hit", "roll")),
        ("flame", ("fire",)),
        ("gas", ("poison", "cloud")),
    ]:
        assert meant in SHIPPED.alternatives(tuple(typed.split())), typed


def test_shipped_synonyms_have_at_least_twenty_groups():
    import tomllib

    with open(synonyms_path(), "rb") as fh:
        assert len(tomllib.load(fh)["group"]) >= 20


def test_missing_synonyms_file_means_no_synonyms(tmp_path):
    assert load_synonyms(tmp_path / "none.toml").alternatives(("los",)) == (("los",),)


def test_bad_synonym_groups_are_named(tmp_path: Path):
    doc = {
        "group": [
            {"terms": ["los"]},
            {"terms": "los, line of sight"},
            {"terms": ["a", "b"], "tags": []},
            {"terms": ["ok", "..."]},
        ],
        "groups": [],
    }
    with pytest.raises(DataFileError) as err:
        parse_synonyms(tmp_path / "synonyms.toml", doc)
    assert err.value.problems == [
        "groups: unknown key (expected [[group]] tables)",
        "group[0].terms: a group needs at least two different terms",
        "group[1].terms: expected a list of strings",
        "group[2].tags: unknown key",
        "group[3].terms: '...' has no word to search for",
        "group[3].terms: a group needs at least two different terms",
    ]


def test_a_success_number_stands_for_or_higher_and_or_lower():
    # dice.success: "N+" is N or more, "N-" N or less.
    assert parse_units("9+ and 2-") == [
        Unit(("9",)),
        Unit(("or", "higher")),
        Unit(("and",)),
        Unit(("2",)),
        Unit(("or", "lower")),
    ]
    assert parse_units("a + b") == [Unit(("a",)), Unit(("b",))]
