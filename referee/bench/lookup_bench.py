"""``referee bench lookup``: how well the rules search answers players' questions.

Every question of ``data/catalogue/questions/*.toml`` is searched as its player would (the
game and edition they play, or the one they ask from, as the search's context) and scored by
where the first entry that settles it ranks: ``top1`` and ``top3`` (the share of questions
answered first, or in the first three), ``mrr`` (the mean of 1/rank over the first ten, 0
when not there) and ``ms_per_query`` (in process, the index ready; ``cpu_ms_per_query`` the
same in CPU time). Beside it, in the same run and on the same questions, a plain baseline:
one SQLite FTS5 table (porter stemming) holding each clause's title and every wording of its
text and each ruling's title, unclear text and readings, queried with the question's words
OR'ed after dropping NLTK's English stopwords, ranked by FTS5's own ``bm25()``.
"""

from __future__ import annotations

import sqlite3
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from referee.catalogue.questions import STYLES, Question, load_questions, question_files
from referee.catalogue.ranking import DEFAULT_TUNING, Tuning
from referee.catalogue.synonyms import words_of

DEPTH = 10
"""Hits looked at per question: the mean reciprocal rank counts a rank up to this."""

_NLTK_ENGLISH = """i me my myself we our ours ourselves you your yours yourself yourselves he him
his himself she her hers herself it its itself they them their theirs themselves what which
who whom this that these those am is are was were be been being have has had having do does
did doing a an the and but if or because as until while of at by for with about against
between into through during before after above below to from up down in out on off over
under again further then once here there when where why how all any both each few more most
other some such no nor not only own same so than too very s t can will just don should now d
ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma mightn mustn needn shan
shouldn wasn weren won wouldn"""
BASELINE_STOPWORDS = frozenset(_NLTK_ENGLISH.split())
"""NLTK's English stopword list: what "stopwords dropped" means for the plain baseline."""

Ranker = Callable[[Question], Sequence[str]]
"""The ids a search answers a question with, best first."""


class Figures(msgspec.Struct, frozen=True):
    """How one ranker did on some questions."""

    questions: int
    top1: int
    top3: int
    reciprocal: float

    def to_json(self) -> dict[str, Any]:
        n = max(self.questions, 1)
        return {
            "questions": self.questions,
            "top1": round(self.top1 / n, 4),
            "top3": round(self.top3 / n, 4),
            "mrr": round(self.reciprocal / n, 4),
            "top1_count": self.top1,
            "top3_count": self.top3,
        }


def rank_of(question: Question, ids: Sequence[str]) -> int | None:
    """The 1-based rank of the first entry that settles ``question``, or None."""
    for n, entry in enumerate(ids[:DEPTH], start=1):
        if entry in question.answers:
            return n
    return None


def figures(ranks: Iterable[int | None]) -> Figures:
    ranks = list(ranks)
    return Figures(
        questions=len(ranks),
        top1=sum(1 for r in ranks if r == 1),
        top3=sum(1 for r in ranks if r is not None and r <= 3),
        reciprocal=sum(1 / r for r in ranks if r is not None),
    )


class Baseline:
    """The plain FTS5 bm25 search over the catalogue's texts (see the module docstring)."""

    def __init__(self, entries: Iterable[tuple[str, str]]) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE t USING fts5(id UNINDEXED, body, tokenize=porter)")
        self.db.executemany("INSERT INTO t(id, body) VALUES (?, ?)", list(entries))

    def close(self) -> None:
        self.db.close()

    def __call__(self, question: Question) -> list[str]:
        words = [w for w in words_of(question.text) if w not in BASELINE_STOPWORDS]
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in dict.fromkeys(words))
        rows = self.db.execute(
            "SELECT id FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT ?", (match, DEPTH)
        )
        return [r[0] for r in rows]


def catalogue_entries(data: Path | None = None) -> list[tuple[str, str]]:
    """(id, text) of every clause (title and every wording) and ruling (title, unclear text
    and readings) of a data folder."""
    from referee.catalogue.clause_source import load_clauses
    from referee.catalogue.search_index import rulings_folder
    from referee.paths import data_dir
    from referee.ruleset.rulings import load_register

    data = data or data_dir()
    entries = []
    for clause in load_clauses(data).values():
        texts = [clause.title, clause.text, *clause.editions_text.values()]
        entries.append((clause.id, "\n".join(texts)))
    for ruling in load_register(rulings_folder(data)).values():
        readings = [o.reading for o in ruling.options]
        entries.append((ruling.id, "\n".join([ruling.title, ruling.unclear, *readings])))
    return entries


def load_sets(data: Path | None = None, files: Sequence[Path] = ()) -> dict[str, list[Question]]:
    """Every question file (``files``, else the data folder's), by set name (its stem)."""
    from referee.catalogue.clause_source import load_clauses
    from referee.catalogue.search_index import known_editions, rulings_folder
    from referee.paths import data_dir
    from referee.ruleset.rulings import load_register

    data = data or data_dir()
    known = {*load_clauses(data), *load_register(rulings_folder(data))}
    editions = known_editions(data)
    return {
        path.stem: load_questions(path, editions, known) for path in (files or question_files(data))
    }


def ablations() -> dict[str, Tuning]:
    """Each means of the search turned off in turn (or set plain): what it buys."""
    return {
        "no players' glossary": Tuning(glossary=False),
        "no stopwords": Tuning(stopwords=False),
        "no question patterns": Tuning(patterns=False),
        "no edition named in the question": Tuning(editions_named=False),
        "no asker's edition (context)": Tuning(context=False),
        "no edition factor": Tuning(other_edition=1.0, other_wording=1.0),
        "no typo reading": Tuning(typos=False),
        "no coverage": Tuning(coverage=0.0),
        "no title tiers": Tuning(title_bonus=0.0),
        "no title share": Tuning(title_share=0.0),
        "equal column weights": Tuning(weights=(1.0, 1.0, 1.0, 1.0)),
        "best synonym only": Tuning(sum_alternatives=False),
    }


def engine_ranker(tuning: Tuning = DEFAULT_TUNING) -> Ranker:
    """The product's rules search, as the player asks: their game and edition as context."""
    from referee.catalogue.rules_search import search
    from referee.catalogue.search_index import CatalogueIndex

    index = CatalogueIndex()
    index.ensure()

    def rank(question: Question) -> list[str]:
        found = search(
            question.text,
            context=question.context,
            context_reason="the edition the player plays",
            kinds=("clause", "ruling"),
            limit=DEPTH,
            index=index,
            tuning=tuning,
        )
        return [h.id for h in found.hits]

    return rank


def score(
    questions: Sequence[Question], ranker: Ranker
) -> tuple[list[int | None], list[float], list[float]]:
    """Each question's rank and the milliseconds it took, wall and CPU."""
    ranks: list[int | None] = []
    times: list[float] = []
    cpu: list[float] = []
    for q in questions:
        start, start_cpu = time.perf_counter(), time.process_time()
        ids = ranker(q)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        ranks.append(rank_of(q, ids))
    return ranks, times, cpu


def _report(questions: Sequence[Question], ranks: Sequence[int | None]) -> dict[str, Any]:
    out = figures(ranks).to_json()
    out["by_style"] = {
        style: figures(
            r for q, r in zip(questions, ranks, strict=True) if q.style == style
        ).to_json()
        for style in STYLES
        if any(q.style == style for q in questions)
    }
    return out


def run(
    data: Path | None = None,
    files: Sequence[Path] = (),
    details: bool = False,
    with_ablations: bool = False,
) -> dict[str, Any]:
    """The figures of every question set and of all together, beside the plain baseline;
    with ``with_ablations``, also with each means of the search turned off in turn."""
    sets = load_sets(data, files)
    engine = engine_ranker()
    engine(Question("warm up", "current", "keyword", ("x",), "warm-up"))
    baseline = Baseline(catalogue_entries(data))
    everything: list[Question] = [q for qs in sets.values() for q in qs]
    per_set: dict[str, Any] = {}
    all_ranks: list[int | None] = []
    all_base: list[int | None] = []
    times: list[float] = []
    cpu: list[float] = []
    try:
        for name, questions in sets.items():
            ranks, ms, ms_cpu = score(questions, engine)
            base, _, _ = score(questions, baseline)
            all_ranks += ranks
            all_base += base
            times += ms
            cpu += ms_cpu
            per_set[name] = _report(questions, ranks) | {"baseline": _report(questions, base)}
            if details:
                per_set[name]["details"] = [
                    {"question": q.text, "style": q.style, "rank": r, "baseline_rank": b}
                    for q, r, b in zip(questions, ranks, base, strict=True)
                ]
    finally:
        baseline.close()
    total = _report(everything, all_ranks)
    out = total | {
        "ms_per_query": round(statistics.mean(times), 3) if times else 0.0,
        "ms_per_query_max": round(max(times), 3) if times else 0.0,
        "cpu_ms_per_query": round(statistics.mean(cpu), 3) if cpu else 0.0,
        "baseline": _report(everything, all_base),
        "sets": per_set,
    }
    if with_ablations:
        out["ablations"] = {
            name: {
                set_name: _report(questions, score(questions, engine_ranker(tuning))[0])
                for set_name, questions in sets.items()
            }
            for name, tuning in ablations().items()
        }
    return out
