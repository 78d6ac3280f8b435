"""Players' questions and the entries that settle them (``data/catalogue/questions/*.toml``).

Each question is what a player types in a dispute, in the edition (or game) the player plays,
with the clause or ruling ids that settle it; ``referee bench lookup`` and the search tests
score the rules search on them. Schema: data/README.md, "Players' questions". Every
problem of a file is reported at once, each naming the question and the key.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

import msgspec

from referee.errors import DataFileError, read_toml
from referee.paths import data_dir

STYLES: tuple[str, ...] = ("keyword", "natural", "slang")
"""How a question is typed: a rule's name, a question in words, or slang and typos."""

_KEYS = {"text", "edition", "style", "answers", "note", "asked_from"}


class Question(msgspec.Struct, frozen=True):
    """One player's question: what is typed, in which game, and what settles it."""

    text: str
    edition: str
    style: str
    answers: tuple[str, ...]
    set: str
    note: str = ""
    asked_from: str = ""
    """The edition the search is told the asker plays, when not ``edition`` (a player of
    the current edition asking about the activation game, say)."""

    @property
    def context(self) -> str:
        return self.asked_from or self.edition


def questions_dir(data: Path | None = None) -> Path:
    return (data or data_dir()) / "catalogue" / "questions"


def load_questions(
    path: Path, editions: Collection[str], known_ids: Collection[str] | None = None
) -> list[Question]:
    """The questions of one file; a DataFileError lists every problem, by question and key.

    ``editions`` are the ruleset ids a question may name; ``known_ids`` (when given) the
    clause and ruling ids an answer may name."""
    doc = read_toml(path)
    problems: list[str] = []
    for key in sorted(set(doc) - {"question"}):
        problems.append(f"{key}: unknown key (a questions file holds [[question]] tables)")
    raw = doc.get("question", [])
    if not isinstance(raw, list):
        raise DataFileError(path, ["question: expected [[question]] tables"])
    found: list[Question] = []
    seen: set[str] = set()
    for i, q in enumerate(raw):
        where = f"question[{i}]"
        if not isinstance(q, dict):
            problems.append(f"{where}: expected a table")
            continue
        start = len(problems)
        for key in sorted(set(q) - _KEYS):
            problems.append(f"{where}.{key}: unknown key")
        text = q.get("text")
        if not isinstance(text, str) or not text.strip():
            problems.append(f"{where}.text: missing")
            text = ""
        elif text.strip().lower() in seen:
            problems.append(f"{where}.text: {text!r} is asked twice")
        seen.add(text.strip().lower())
        edition = q.get("edition")
        if edition not in editions:
            problems.append(f"{where}.edition: expected one of {', '.join(sorted(editions))}")
        style = q.get("style")
        if style not in STYLES:
            problems.append(f"{where}.style: expected one of {', '.join(STYLES)}")
        answers = q.get("answers")
        if (
            not isinstance(answers, list)
            or not answers
            or not all(isinstance(a, str) and a for a in answers)
        ):
            problems.append(f"{where}.answers: expected a non-empty list of clause or ruling ids")
            answers = []
        elif known_ids is not None:
            for a in answers:
                if a not in known_ids:
                    problems.append(f"{where}.answers: no clause or ruling {a!r}")
        note = q.get("note", "")
        if not isinstance(note, str):
            problems.append(f"{where}.note: expected a string")
            note = ""
        asked_from = q.get("asked_from", "")
        if asked_from and asked_from not in editions:
            problems.append(f"{where}.asked_from: expected one of {', '.join(sorted(editions))}")
        if len(problems) == start:
            found.append(
                Question(
                    text.strip(),
                    str(edition),
                    str(style),
                    tuple(answers),
                    path.stem,
                    note.strip(),
                    str(asked_from),
                )
            )
    if problems:
        raise DataFileError(path, problems)
    return found


def question_files(data: Path | None = None) -> list[Path]:
    """The question files of a data folder, by name."""
    return sorted(questions_dir(data).glob("*.toml"))
