"""Players' names as a desk reads them: the one comparison of names that entering a
player, finding one (withdraw, drop, present, penalty, seeding, swaps, votes, codes) and the
tournament window use.

A name is kept as typed once its spaces are tidied (:func:`tidy_name`: no space before or
after, one space between words), and two names are one name when they differ only in the
spaces or the case of their letters (:func:`name_key`: "Alice Ames", " alice  ames " and
"ALICE AMES" are one player): a desk writing down a name heard at the door does not hear
either. Letters that differ otherwise (an accent, a hyphen) make another name.

An event written before this (two players whose names are one as a desk reads them) still
opens and counts both; :func:`same_names` finds them to be reported, and a name that reads as
both of them is refused as ambiguous until given exactly as entered.
"""

from __future__ import annotations

from collections.abc import Iterable


def tidy_name(name: str) -> str:
    """``name`` as entered: no space before or after, one space between words."""
    return " ".join(name.split())


def name_key(name: str) -> str:
    """What two names must share to be one name: their words, case aside."""
    return tidy_name(name).casefold()


def matching_names(entered: Iterable[str], name: str) -> list[str]:
    """The names in ``entered`` that ``name`` reads as: the name given exactly if it is
    entered, else every entered name with the same :func:`name_key` (none, one, or several
    in an event that holds names entered twice)."""
    names = list(entered)
    if name in names:
        return [name]
    key = name_key(name)
    return [n for n in names if name_key(n) == key]


def same_names(entered: Iterable[str]) -> list[tuple[str, ...]]:
    """The groups of entered names that are one name as a desk reads it (two or more each),
    in the order entered."""
    groups: dict[str, list[str]] = {}
    for n in entered:
        groups.setdefault(name_key(n), []).append(n)
    return [tuple(g) for g in groups.values() if len(g) > 1]


def same_names_note(entered: Iterable[str]) -> str:
    """One line per group of :func:`same_names`, for the desk to act on; "" when none."""
    return "\n".join(
        "entered twice under one name (spaces and case aside): "
        + " and ".join(repr(n) for n in group)
        + "; withdraw (or drop) the entry made by mistake, naming it exactly as shown"
        for group in same_names(entered)
    )
