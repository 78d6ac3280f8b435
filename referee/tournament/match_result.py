"""The result of a finished match file (clause ``victory.destroyed``).

Each unit of the match (set up at the start, or waiting for a scenario's setup procedure)
counts for its own side at its card's cost: it survived if it is still on the table with a
model alive (a base with one model left survives), or is still waiting for the setup, and was
destroyed or fled if none is alive or it has been taken off the table. A unit paid in several
kinds counts each kind at that kind's rate (ruling ``victory.mixed-cost``); command points
do not score (ruling ``victory.command-points``). The players' names are the match's
settings ``player-1`` and ``player-2`` (written by ``tournament match``), else "side 1" and
"side 2".
"""

from __future__ import annotations

import json
from pathlib import Path

from referee.match.games.orders_file import MatchFile
from referee.tournament.scoring import MatchResult, PlayerResult, Points, scored_cost


def side_names(match: MatchFile) -> tuple[str, str]:
    settings = match.meta.get("settings", {})
    return (
        str(settings.get("player-1") or "side 1"),
        str(settings.get("player-2") or "side 2"),
    )


def _set_up(match: MatchFile) -> list[tuple[str, str, int, bool]]:
    """(uid, unit id, side, waited for the setup) of every unit of the match: those set up
    with a hex, then those a scenario's setup procedure places (its roster)."""
    out = []
    for (text,) in match.rows("SELECT data FROM units ORDER BY position"):
        data = json.loads(text)
        out.append((str(data["uid"]), str(data["unit"]), int(data["side"]), False))
    for entry in match.meta.get("setup_roster") or ():
        out.append((str(entry["uid"]), str(entry["unit"]), int(entry["side"]), True))
    return out


def result_of_match(match: MatchFile) -> MatchResult:
    """Both sides' surviving and destroyed points in ``match`` as it stands now."""
    mixed = str(match.rules.reading("victory.mixed-cost").value)
    command = str(match.rules.reading("victory.command-points").value)
    state = match.state
    now = state.units
    setting_up = state.setup is not None and not state.setup.done
    surviving = {1: Points(), 2: Points()}
    destroyed = {1: Points(), 2: Points()}
    for uid, unit_id, side, waited in _set_up(match):
        card = match.cards[unit_id]
        cost = scored_cost(card.cost, mixed=mixed, command=command)
        unit = now.get(uid)
        if (unit is not None and unit.alive > 0) or (waited and setting_up and unit is None):
            surviving[side] = surviving[side] + cost
        else:
            destroyed[side] = destroyed[side] + cost
    one, two = side_names(match)
    return MatchResult(
        (
            PlayerResult(one, surviving[1], destroyed[1]),
            PlayerResult(two, surviving[2], destroyed[2]),
        ),
        ("victory.mixed-cost", "victory.command-points"),
        match.rules.readings,
    )


def load_match_result(path: Path | str) -> MatchResult:
    """The result of the match file at ``path`` (refused with a message if it is no match)."""
    with MatchFile.open(path) as match:
        return result_of_match(match)


def is_match_file(path: Path | str) -> bool:
    """Whether ``path`` is an SQLite file (a match file) rather than a result file (TOML)."""
    try:
        with open(path, "rb") as fh:
            return fh.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def load_any_result(path: Path | str) -> MatchResult:
    """A match file's result or a result file's, whichever ``path`` is."""
    from referee.tournament.result_file import load_result

    return load_match_result(path) if is_match_file(path) else load_result(path)
