"""How the rules search reads a question as a player types it (issue 25): the words of
asking left out, typos read as the nearest known word, an edition named in the question
assumed, the asker's edition ranked first, ways of asking read one way, and every hit saying
why it ranks where it does, with scores in the order of the hits."""

from __future__ import annotations

from pathlib import Path

import pytest
from rules_search_data import isolate, make_data

from referee.catalogue.fts_query import build_query
from referee.catalogue.rules_search import search
from referee.catalogue.search_words import parse_search_words, search_words
from referee.catalogue.synonyms import synonyms
from referee.errors import DataFileError

MORE_CLAUSES = """
[[clause]]
id = "setup.blind"
title = "Blind setup"
section = "Setup"
editions = ["current"]
text = "Players set up every unit at the same time behind a screen."

[[clause]]
id = "activation.deployment"
title = "Deploy armies"
section = "Starting the Game"
editions = ["activation"]
text = "Players take turns to set up one unit at a time."

[[clause]]
id = "activation.player-order"
title = "Set Player Order"
section = "Starting the Game"
editions = ["activation"]
text = "A player chosen at random decides whether they go first or second."
"""


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = make_data(tmp_path)
    (folder / "catalogue" / "clauses" / "more.toml").write_text(MORE_CLAUSES, encoding="utf-8")
    (folder / "rulesets" / "activation").mkdir(parents=True)
    (folder / "rulesets" / "activation" / "ruleset.toml").write_text('id = "activation"\n')
    isolate(monkeypatch, tmp_path, folder)
    return folder


def ids(query: str, **kwargs: object) -> list[str]:
    return [h.id for h in search(query, **kwargs).hits]  # type: ignore[arg-type]


# --- the words of asking ---------------------------------------------------------------------


def test_the_words_of_asking_are_left_out_and_said_so(data):
    result = search("what happens if a grenade is thrown")
    assert result.hits[0].id == "fire.grenades"
    assert {"what", "if", "a", "is"} <= set(result.dropped)
    assert "grenade" in result.searched and "what" not in result.searched


def test_a_question_of_words_of_asking_only_is_searched_as_typed(data):
    assert search("what is it").searched == ("what", "is", "it")


# --- typos ----------------------------------------------------------------------------------


def test_a_typo_is_read_as_the_known_word_one_letter_away(data):
    result = search("gernade")  # two letters swapped
    assert result.mode == "fuzzy"
    assert [(c.typed, c.read) for c in result.corrections] == [("gernade", "grenade")]
    assert result.hits[0].id == "fire.grenades"
    found = result.hits[0].why.matched[0]  # type: ignore[union-attr]
    assert (found.typed, found.term, found.how) == ("gernade", "grenade", "typo")
    assert "gernade (read as grenade)" in result.hits[0].reason()


def test_a_word_nothing_is_near_stays_as_typed(data):
    result = search("grenade zeppelin")
    assert result.corrections == () and result.mode == "any word"
    assert result.hits[0].why.missing == ("zeppelin",)  # type: ignore[union-attr]


def test_a_known_word_is_never_read_as_another(data):
    assert search("smoke").corrections == ()


# --- editions ----------------------------------------------------------------------------------


def test_the_askers_edition_ranks_its_rules_first(data):
    # Both clauses tell how players set up their units, one per game.
    assert ids("how do players set up their units", context="current")[0] == "setup.blind"
    assert ids("how do players set up their units", context="activation")[0] == (
        "activation.deployment"
    )


def test_an_edition_named_in_the_question_is_assumed_over_the_askers(data):
    result = search("in the activation game who goes first", context="current")
    assert (result.assumed.edition, result.hits[0].id) == ("activation", "activation.player-order")
    assert "named in the question" in result.assumed.reason
    assert "activation game" not in " ".join(result.searched)


def test_an_edition_named_in_the_question_is_searched_whatever_edition_is_shown(data):
    # The window's rules dock searches the match's edition; the question names another.
    assert ids("who goes first in the activation game", edition="current")[0] == (
        "activation.player-order"
    )


def test_without_an_edition_nothing_is_assumed(data):
    result = search("smoke")
    assert result.assumed.edition is None
    assert all(h.why is not None and h.why.factor == 1.0 for h in result.hits)


# --- why, mode and scores ----------------------------------------------------------------------


def test_every_hit_says_the_words_and_synonyms_it_matched_and_the_edition(data):
    result = search("LOS blocked by smoke", context="current")
    first = result.hits[0]
    assert first.why is not None
    assert ("los", "synonym") in [(f.typed, f.how) for f in first.why.matched]
    assert first.why.edition == "current" and first.why.in_edition
    assert "los (as line of sight)" in first.reason()
    assert "in the current edition" in first.reason()


def test_the_json_carries_the_mode_and_scores_in_the_order_of_the_hits(data):
    out = search("smoke blocks line of sight", context="current").to_json()
    assert out["mode"] in ("all words", "any word", "fuzzy")
    scores = [h["score"] for h in out["hits"]]
    assert len(scores) >= 3 and scores == sorted(scores, reverse=True)
    assert out["hits"][0]["why"]["matched"]


def test_mode_says_when_the_best_hit_lacks_a_word(data):
    assert search("smoke aftermath").mode == "all words"
    assert search("smoke zeppelin").mode == "any word"


# --- ways of asking ---------------------------------------------------------------------------


def test_a_way_of_asking_is_read_as_the_rules_say_it_one_way_only(data):
    words = search_words()
    glossary = synonyms().with_meanings(words.meanings)
    asked = build_query("how long does smoke stay", glossary, words)
    assert ("removed",) in asked.groups[0].alternatives  # "how long"
    said = build_query("removed", glossary, words)
    assert ("how", "long") not in said.groups[0].alternatives


def test_the_search_words_file_is_checked_naming_each_problem(tmp_path):
    doc = {
        "stopwords": ["the", "Two Words"],
        "edition": [{"edition": "second", "phrases": ["x"]}, {"phrases": "old rules"}],
        "question": [{"asks": ["how long"]}, {"asks": ["x"], "means": ["y"], "why": 1}],
        "extra": 1,
    }
    with pytest.raises(DataFileError) as err:
        parse_search_words(tmp_path / "search.toml", doc, known=("current", "activation"))
    problems = err.value.problems
    assert "extra: unknown key" in problems
    assert "stopwords: 'Two Words' is not one lower-case word" in problems
    assert any(p.startswith("edition[0].edition: expected one of current") for p in problems)
    assert any(p.startswith("edition[1].edition") for p in problems)
    assert "question[0].means: expected a list of phrases" in problems
    assert "question[1].why: unknown key" in problems
