"""The journal's line that sets the mission up: as it is written, and as a referee reads it.

A journal keeps each event's words byte for byte as referee always wrote them (every shipped
journal replays into the very bytes it always wrote), and this line names each player's edge
by its letter in the mission file: "side 1's edge S, side 2's edge N". Those letters name the
hexagon's sides after the axial directions, and the flat-topped map puts S at its lower left
(:mod:`referee.board.edge_words`). So the line is written as ever (:func:`mission_line`), and
everything that shows it, the window, the report and the command line, shows it through
:func:`shown_event`: "side 1 at the lower-left edge (A12 to H15), side 2 at the upper-right
edge (H1 to O5)". Clauses ``activation.map`` and ``activation.deployment``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

import msgspec

from referee.board.edge_words import sides_edges_words
from referee.board.maps import EDGES, BattleMap
from referee.rules.activation.missions import Mission
from referee.rules.events import Event, Step

_EDGE = "|".join(sorted(EDGES, key=len, reverse=True))
_WRITTEN = re.compile(
    rf"^(?P<head>the mission is .* \((?P<id>[^()]+)\): .* map, )"
    rf"side 1's edge (?P<side1>{_EDGE}), side 2's edge (?P<side2>{_EDGE})"
    rf"(?P<tail>, capacity \d+)$"
)


def mission_line(mission: Mission) -> str:
    """The line as the journal keeps it (its words never change: see the module docstring)."""
    return (
        f"the mission is {mission.name} ({mission.id}): {mission.map_name} map, "
        f"side 1's edge {mission.edges[1]}, side 2's edge {mission.edges[2]}, "
        f"capacity {mission.capacity}"
    )


def shown_line(maps: Mapping[str, BattleMap], line: str) -> str:
    """``line`` as a referee reads it: a mission line with each side's edge as the map shows
    it (``maps``: each mission's map by mission id); any other line, or a mission this
    ruleset no longer has, as it is."""
    found = _WRITTEN.match(line)
    if found is None or found["id"] not in maps:
        return line
    edges = {1: found["side1"], 2: found["side2"]}
    return f"{found['head']}{sides_edges_words(maps[found['id']], edges)}{found['tail']}"


def summary_once(text: str) -> str:
    """An event's words (its summary, then its working) with the summary said once: left
    out where the first line of the working repeats it and goes on (a ban's "side 1 bans
    open-field", then "side 1 bans open-field; left: ...")."""
    summary, _, rest = text.partition("\n")
    return rest if summary and rest.startswith(summary) else text


def shown_event(maps: Mapping[str, BattleMap], event: Event) -> Event:
    """``event`` with its words as a referee reads them (:func:`shown_line`, the summary
    said once: :func:`summary_once`); for showing only, never for writing: the journal
    keeps the words it always wrote."""
    text = summary_once(event.text)
    if "side 1's edge " not in text:  # most events: no mission line
        return event if text == event.text else replace(event, text=text)
    text = "\n".join(shown_line(maps, line) for line in text.split("\n"))
    if text == event.text:
        return event
    working = event.detail.get("working")
    detail = (
        {**event.detail, "working": [shown_line(maps, str(w)) for w in working]}
        if isinstance(working, list)
        else event.detail
    )
    return replace(event, text=text, detail=detail)


def shown_step(maps: Mapping[str, BattleMap], step: Step) -> Step:
    """``step`` with each event as :func:`shown_event` shows it, named by what its
    recorded events say first (:meth:`Step.title`: a ban's "side 1 bans open-field",
    though its event is shown with the missions left)."""
    events = tuple(shown_event(maps, e) for e in step.events)
    same = all(a is b for a, b in zip(events, step.events, strict=True))
    return step if same else msgspec.structs.replace(step, events=events, name=step.title)
