"""Players' questions (data/catalogue/questions/*.toml) and how well the rules search answers
them (issue 25): the settling entry among the first three for at least 90% of natural
questions and first for at least 70%, ahead of a plain FTS5 bm25 search of the same texts.
The figures themselves, and the time per query, are ``referee bench lookup``'s."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from referee.bench.lookup_bench import (
    Baseline,
    catalogue_entries,
    engine_ranker,
    figures,
    load_sets,
    score,
)
from referee.catalogue.questions import Question, load_questions
from referee.errors import DataFileError

TUNED = "players"
"""The set the search was measured and tuned on."""
FRESH = "fresh"
"""Written after the tuning and never tuned to."""


@pytest.fixture(scope="module")
def sets() -> dict[str, list[Question]]:
    return load_sets()


@pytest.fixture(scope="module")
def ranks(sets: dict[str, list[Question]]) -> dict[str, list[int | None]]:
    engine = engine_ranker()
    return {name: score(questions, engine)[0] for name, questions in sets.items()}


def share(ranks: list[int | None], within: int) -> float:
    return sum(1 for r in ranks if r is not None and r <= within) / len(ranks)


def of_style(questions: list[Question], ranks: list[int | None], style: str) -> list[int | None]:
    return [r for q, r in zip(questions, ranks, strict=True) if q.style == style]


def test_the_players_questions_cover_both_games_every_edition_and_the_tournament(sets):
    questions = sets[TUNED]
    assert len(questions) >= 100
    styles = Counter(q.style for q in questions)
    assert styles["keyword"] >= 25 and styles["natural"] >= 45 and styles["slang"] >= 20
    assert {q.edition for q in questions} == {"current", "first-draft", "activation"}
    answers = {a for q in questions for a in q.answers}
    assert any(a.startswith(("tournament.", "victory.")) for a in answers)


def test_natural_questions_find_the_settling_entry_first_or_in_the_first_three(sets, ranks):
    natural = of_style(sets[TUNED], ranks[TUNED], "natural")
    assert share(natural, 3) >= 0.90
    assert share(natural, 1) >= 0.70


def test_questions_written_after_the_tuning_are_answered_as_well(sets, ranks):
    questions = sets[FRESH]
    assert len(questions) >= 30
    assert {q.edition for q in questions} == {"current", "first-draft", "activation"}
    natural = of_style(questions, ranks[FRESH], "natural")
    assert share(natural, 3) >= 0.85 and share(natural, 1) >= 0.70
    assert share(ranks[FRESH], 3) >= 0.85


def test_keywords_slang_and_typos_find_it_too(sets, ranks):
    questions = sets[TUNED]
    assert share(of_style(questions, ranks[TUNED], "keyword"), 1) >= 0.90
    assert share(of_style(questions, ranks[TUNED], "slang"), 3) >= 0.75


def test_the_search_answers_better_than_plain_bm25_over_the_same_texts(sets, ranks):
    baseline = Baseline(catalogue_entries())
    try:
        for name, questions in sets.items():
            ours = figures(ranks[name])
            plain = figures(score(questions, baseline)[0])
            assert ours.top1 > plain.top1 and ours.top3 > plain.top3, name
    finally:
        baseline.close()


def test_a_bad_question_file_is_refused_naming_each_question_and_key(tmp_path: Path):
    path = tmp_path / "bad.toml"
    path.write_text(
        '[[question]]\ntext = "los"\nedition = "second"\nstyle = "keyword"\n'
        'answers = ["los.straight-line"]\n'
        '[[question]]\ntext = "LOS"\nedition = "current"\nstyle = "shouted"\nanswers = []\n'
        '[[question]]\ntext = "smoke"\nedition = "current"\nstyle = "keyword"\n'
        'answers = ["no.such"]\nasked = "x"\n',
        encoding="utf-8",
    )
    with pytest.raises(DataFileError) as err:
        load_questions(path, ("current", "first-draft"), {"los.straight-line"})
    assert err.value.problems == [
        "question[0].edition: expected one of current, first-draft",
        "question[1].text: 'LOS' is asked twice",
        "question[1].style: expected one of keyword, natural, slang",
        "question[1].answers: expected a non-empty list of clause or ruling ids",
        "question[2].asked: unknown key",
        "question[2].answers: no clause or ruling 'no.such'",
    ]
