"""Cutting a referee's own rulebook (Markdown or plain text) into searchable passages.

A passage starts at a heading: a Markdown ``#`` heading, a line underlined with ``===`` or
``---``, or a short stand-alone line in Title Case followed by text ("Stacking Limit:").
A file with no heading at all is cut at blank lines, one passage per paragraph.
"""

from __future__ import annotations

import re

import msgspec

_ATX = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_UNDERLINE = re.compile(r"^\s*(=+|-+)\s*$")
_BULLET = re.compile(r"^\s*([-*+•]|\d+[.)])\s")
# Words that stay lower case in a Title Case heading ("Line of Sight").
_SMALL_WORDS = frozenset(
    {"a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or"}
    | {"per", "the", "to", "vs", "with"}
)
MAX_HEADING_CHARS = 60
MAX_HEADING_WORDS = 8
UNTITLED_WORDS = 8


class Passage(msgspec.Struct, frozen=True):
    """One heading and the text under it; ``section`` is the heading above it, if any."""

    heading: str
    text: str
    section: str = ""


def _is_title_case(line: str) -> bool:
    words = [w for w in re.split(r"\s+", line) if w]
    if not words or len(words) > MAX_HEADING_WORDS or not words[0][:1].isupper():
        return False
    if len(words) <= 2:  # "Huge units", "Setup"
        return True
    return all(w[:1].isupper() or not w[:1].isalpha() or w.lower() in _SMALL_WORDS for w in words)


def _is_plain_heading(lines: list[str], i: int) -> bool:
    """A short Title Case line standing alone, with text (not another heading) below it."""
    line = lines[i].strip()
    if not line or len(line) > MAX_HEADING_CHARS or "\t" in lines[i] or _BULLET.match(line):
        return False
    if line[-1] in ".,;" or (i > 0 and lines[i - 1].strip()):
        return False
    if not _is_title_case(line.rstrip(":!?").strip()):
        return False
    below = [x.strip() for x in lines[i + 1 : i + 3] if x.strip()]
    return bool(below) and len(below[0]) > len(line)


def _untitled(text: str) -> str:
    words = text.split()
    head = " ".join(words[:UNTITLED_WORDS])
    return head + (" …" if len(words) > UNTITLED_WORDS else "")


def _clean_heading(text: str) -> str:
    return re.sub(r"<[^>]+>", "", text).strip().rstrip("\\").strip().rstrip(":").strip()


def _paragraphs(text: str) -> list[Passage]:
    chunks = [c.strip() for c in re.split(r"\n\s*\n", text) if c.strip()]
    return [Passage(_untitled(c), c) for c in chunks]


def split_passages(text: str) -> list[Passage]:
    """The passages of a rulebook, in order; text before the first heading is its own passage."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    found: list[tuple[int, int, str, int]] = []  # (first line, body start, heading, level)
    for i, raw in enumerate(lines):
        atx = _ATX.match(raw)
        if atx and atx.group(2):
            found.append((i, i + 1, atx.group(2), len(atx.group(1))))
        elif (
            i + 1 < len(lines)
            and raw.strip()
            and _UNDERLINE.match(lines[i + 1])
            and (i == 0 or not lines[i - 1].strip())
        ):
            found.append((i, i + 2, raw.strip(), 1 if "=" in lines[i + 1] else 2))
        elif _is_plain_heading(lines, i):
            found.append((i, i + 1, raw.strip(), 7))
    if not found:
        return _paragraphs(text)
    passages: list[Passage] = []
    opening = "\n".join(lines[: found[0][0]]).strip()
    if opening:
        passages.append(Passage(_untitled(opening), opening))
    parents: dict[int, str] = {}
    for n, (_, start, heading, level) in enumerate(found):
        end = found[n + 1][0] if n + 1 < len(found) else len(lines)
        body = "\n".join(lines[start:end]).strip()
        title = _clean_heading(heading) or _untitled(body)
        above = [parents[k] for k in sorted(parents) if k < level]
        section = above[-1] if above else ""
        parents = {k: v for k, v in parents.items() if k < level}
        parents[level] = title
        if body or n + 1 == len(found) or found[n + 1][3] <= level:
            passages.append(Passage(title, body, section))
    return passages
