"""A match's journal told turn by turn: what each unit did and what happened to it, the hits
and the casualties, the steps that did something, and the state at the end of each turn.

:func:`turn_stories` folds the journal's events from the set-up, keeping the state before
and after each one; an event belongs to the turn the match was in when it happened. Pure
data for the report (:mod:`referee.rules.orders.report`); it decides no rule, it reads what
the engine wrote (clauses ``turn.sequence``, ``damage.sequence``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from referee.board.hexgrid import DIRECTION_NAMES, hex_label
from referee.rules.events import Event, Step
from referee.rules.orders.serial import unit_state_json
from referee.rules.orders.state import MatchState

_CONDITIONS = ("fire", "acid", "minor_acid")


class Hit(msgspec.Struct, frozen=True):
    """One roll on a damage table, waiting for (or taking) effect."""

    step: int
    source: str
    """What dealt it: ``tank, Main gun`` or the event kind."""
    target: str
    table: str
    result: int
    row: str
    """The row's text on the target's card (``no damage`` below the first row)."""


class Casualty(msgspec.Struct, frozen=True):
    """Models a unit lost in one event (``destroyed``: none left, or taken off the table)."""

    step: int
    uid: str
    before: int
    after: int
    cause: str
    destroyed: bool


@dataclass
class StoryStep:
    """One journal step worth telling (it changed the match or rolled dice)."""

    step: Step
    events: list[Event] = field(default_factory=list)


@dataclass
class TurnStory:
    """Turn ``turn`` of the match, from its first event to the last before the next turn."""

    turn: int
    start: MatchState
    end: MatchState
    complete: bool
    """The next turn has begun (``end`` is the state at the end of this turn)."""
    did: dict[str, list[str]] = field(default_factory=dict)
    hexes_did: dict[str, list[str]] = field(default_factory=dict)
    """What happened to each hex (by label): markers placed, taken off, clouds shrinking,
    terrain changing (:func:`hex_changes`)."""
    hits: list[Hit] = field(default_factory=list)
    casualties: list[Casualty] = field(default_factory=list)
    steps: list[StoryStep] = field(default_factory=list)
    passed: int = 0
    """Steps of the turn the clock passed with nothing in them."""

    def note(self, uid: str, text: str) -> None:
        self.did.setdefault(uid, []).append(text)


def _facing(n: object) -> str:
    return DIRECTION_NAMES[n] if isinstance(n, int) and 0 <= n < 6 else str(n)


def unit_changes(before: Mapping[str, Any] | None, after: Mapping[str, Any] | None) -> list[str]:
    """What changed in one unit (its journal JSON before and after), in words."""
    if before is None:
        return ["set on the table"] if after is not None else []
    if after is None:
        return ["taken off the table"]
    out = []
    if before["hex"] != after["hex"]:
        out.append(f"{before['hex']} → {after['hex']}")
    if before["facing"] != after["facing"]:
        out.append(f"faces {_facing(after['facing'])}")
    if before["speed"] != after["speed"]:
        out.append(f"speed {before['speed']} → {after['speed']}")
    if before["alive"] != after["alive"]:
        lost = before["alive"] - after["alive"]
        word = "lost" if lost > 0 else "regained"
        out.append(
            f"{word} {abs(lost)} model{'s' if abs(lost) != 1 else ''} "
            f"({before['alive']} → {after['alive']})"
            + ("; destroyed" if after["alive"] == 0 else "")
        )
    if before["damage_tokens"] != after["damage_tokens"]:
        out.append(f"damage tokens {before['damage_tokens']} → {after['damage_tokens']}")
    if before["shaken"] != after["shaken"]:
        out.append(f"shaken {before['shaken']} → {after['shaken']}")
    for key in _CONDITIONS:
        if before.get(key) != after.get(key):
            out.append(f"{key.replace('_', ' ')} {before.get(key)} → {after.get(key)}")
    for key in ("poison", "bleeding"):
        if before.get(key) != after.get(key):
            dice = ", ".join(f"d{d}" for d in after.get(key) or []) or "none"
            out.append(f"{key}: {dice}")
    if before.get("armor_down") != after.get("armor_down"):
        out.append(f"armor down {before.get('armor_down')} → {after.get('armor_down')}")
    if before.get("hidden") != after.get("hidden"):
        out.append("revealed" if not after.get("hidden") else "hidden")
    return out


def _marker_name(state: MatchState, kind: str) -> str:
    from referee.rules.hexes.rules import hex_effect_rules

    spec = hex_effect_rules(state.rules).markers.get(kind)
    return spec.name.lower() if spec is not None else kind


def hex_changes(before: MatchState, after: MatchState) -> dict[str, list[str]]:
    """What changed on each hex from ``before`` to ``after``, in words, by hex label:
    ``{"C2": ["smoke 2 → 1"], "B5": ["poison cloud [8] → [6]"], "D4": ["forest → rough"]}``
    (clauses ``hex.effects``, ``aftermath.markers``, ``hex.burn-out``)."""
    out: dict[str, list[str]] = {}
    if before.hexes != after.hexes:
        for h in dict.fromkeys([*before.hexes.hexes(), *after.hexes.hexes()]):
            old = {m.kind: m for m in before.hexes.at(h)}
            new = {m.kind: m for m in after.hexes.at(h)}
            for kind in dict.fromkeys([*old, *new]):
                a, b = old.get(kind), new.get(kind)
                if a == b:
                    continue
                name = _marker_name(after, kind)
                words = []
                if a is None or b is None or a.count != b.count:
                    words.append(f"{name} {a.count if a else 'none'} → {b.count if b else 'none'}")
                if a is not None and b is not None and a.notation() != b.notation():
                    words.append(f"{name} {a.notation()} → {b.notation()}")
                out.setdefault(hex_label(h), []).extend(words)
    if before.terrain != after.terrain:
        for h in dict.fromkeys([*before.terrain, *after.terrain]):
            was = before.board_map.terrain.get(h, before.battle_map.default_terrain)
            now = after.board_map.terrain.get(h, after.battle_map.default_terrain)
            if was != now:
                out.setdefault(hex_label(h), []).append(f"{was} → {now}")
    return out


def _units_json(state: MatchState) -> dict[str, dict[str, Any]]:
    return {uid: unit_state_json(u) for uid, u in state.units.items()}


def _row_text(state: MatchState, record: Mapping[str, Any]) -> str:
    unit = state.units.get(str(record["unit"]))
    if unit is None:
        return ""
    table = unit.unit.damage_table(str(record["table"]))
    at = record.get("row_at")
    if table is None or at is None:
        return "no damage"
    row = next((r for r in table.rows if r.at == at), None)
    return row.text if row is not None else "no damage"


def _is_clock(event: Event) -> bool:
    """An ``advance`` that only moves the clock (no missing order confirmed, no unit
    ordered to fire passed or unable to fire)."""
    detail = event.detail or {}
    return event.kind == "advance" and not (
        detail.get("confirmed") or detail.get("held") or detail.get("unable")
    )


def tell(
    story: TurnStory, number: int, event: Event, before: MatchState, after: MatchState
) -> None:
    """What ``event`` did, in each unit's line, the hits and the casualties."""
    c = event.command.to_json()
    if event.kind == "orders":
        uid = str(c.get("uid"))
        if c.get("missing") == "confirm":
            story.note(
                uid,
                f"no orders for turn {c.get('turn')} from its players; the rule "
                "for a missing order applies",
            )
        else:
            said = "; ".join(f"{k} {c[k]}" for k in ("movement", "gunnery") if k in c)
            story.note(uid, f"orders for turn {c.get('turn')}: {said}")
    elif event.kind == "advance":
        for m in (event.detail or {}).get("confirmed", []):
            turns = " and ".join(str(t) for t in m["turns"])
            story.note(
                str(m["uid"]),
                f"no orders for turn {turns} from its players; the rule "
                "for a missing order applies",
            )
        for h in (event.detail or {}).get("held", []):  # ruling turn.unfired-fire-order
            story.note(
                str(h["uid"]),
                f"held its fire in {_step_group(before, str(h['step']))}: ordered to fire, "
                "it did not; passed by the referee",
            )
        for u in (event.detail or {}).get("unable", []):
            story.note(str(u["uid"]), f"could not fire: {u['why']}")
    elif event.kind == "fire":
        hits = (event.detail or {}).get("hits")
        misfire = ((event.detail or {}).get("misfire") or {}).get("misfired")
        what = "misfired" if misfire else f"{hits} hit{'s' if hits != 1 else ''}"
        story.note(
            str(c.get("shooter")),
            f"fired {c.get('weapon') or 'its weapon'} at {c.get('target')}: {what}",
        )
    elif event.kind in ("load", "aim"):
        story.note(str(c.get("uid")), event.text.splitlines()[0])
    elif event.kind == "spot":
        story.note(str(c.get("uid")), f"tried to spot {c.get('target')}")
    elif event.kind == "assault":
        contest = _contest(event, before)
        where = "/".join(contest.get("hexes") or []) or "?"
        winner = ((event.detail or {}).get("outcome") or {}).get("winner")
        for p in contest.get("participants", []):
            result = "" if winner is None else (": won" if p["side"] == winner else ": lost")
            story.note(str(p["uid"]), f"fought the assault over {where}{result}")
    old = {uid: unit_state_json(u) for uid, u in before.units.items()}
    new = _units_json(after)
    label = _cause(event, before)
    for uid in dict.fromkeys([*old, *new]):
        changes = unit_changes(old.get(uid), new.get(uid))
        if changes:
            story.note(uid, f"{label}: {', '.join(changes)}")
        alive_before = old[uid]["alive"] if uid in old else 0
        alive_after = new[uid]["alive"] if uid in new else 0
        if uid in old and alive_after < alive_before:
            story.casualties.append(
                Casualty(
                    number,
                    uid,
                    alive_before,
                    alive_after,
                    label,
                    alive_after == 0 or uid not in new,
                )
            )
    for where, changes in hex_changes(before, after).items():
        story.hexes_did.setdefault(where, []).append(f"{label}: {', '.join(changes)}")
    if event.changes.pending is not None:
        for record in list(event.changes.pending)[len(before.pending) :]:
            story.hits.append(
                Hit(
                    number,
                    _dealt_by(event, before, record),
                    str(record["unit"]),
                    str(record["table"]),
                    int(record["result"]),
                    _row_text(after, record),
                )
            )


def _step_group(state: MatchState, step_id: str) -> str:
    """The group of the turn's step ``step_id`` in words ("Gunnery 1")."""
    from referee.rules.turn.sequence import turn_sequence

    label = next((s.label for s in turn_sequence(state.rules) if s.id == step_id), step_id)
    return label.split(":", 1)[0]


def _contest(event: Event, before: MatchState) -> Mapping[str, Any]:
    index = int(event.command.to_json().get("contest", 0))
    return before.contests[index] if 0 <= index < len(before.contests) else {}


def _dealt_by(event: Event, before: MatchState, record: Mapping[str, Any]) -> str:
    """Who dealt the damage of a pending roll: the shooter and weapon of a shot, the other
    side of an assault, else what the record names."""
    if event.kind == "fire":
        return f"{event.command.to_json().get('shooter')}, {record.get('source') or 'its weapon'}"
    if event.kind == "assault":
        contest = _contest(event, before)
        target = before.units.get(str(record["unit"]))
        side = target.side if target is not None else None
        others = [str(p["uid"]) for p in contest.get("participants", []) if p["side"] != side]
        where = "/".join(contest.get("hexes") or [])
        return f"assault over {where}: {', '.join(others)}" if others else "assault"
    return str(record.get("source") or event.kind)


def _cause(event: Event, before: MatchState) -> str:
    """How a unit's line names the event that changed it."""
    names = {
        "movement": f"movement {event.command.to_json().get('step')}",
        "agony": f"agony {event.command.to_json().get('step')}",
        "correct": "referee's correction",
        "correct-hex": "referee's correction",
        "correct-remove": "referee's correction",
        "apply-damage": "damage applied",
        "hex-effects": "hex effects",
    }
    return names.get(event.kind, event.kind)


def _worth_telling(events: Sequence[tuple[Event, MatchState, MatchState]]) -> bool:
    for event, before, after in events:
        if _is_clock(event):
            continue
        if event.dice or before.to_json() != after.to_json():
            return True
    return False


def turn_stories(initial: MatchState, steps: Sequence[Step]) -> list[TurnStory]:
    """The journal ``steps`` (active ones, in order) from ``initial``, turn by turn."""
    stories: list[TurnStory] = []
    state = initial
    story = TurnStory(state.turn, state, state, complete=False)
    stories.append(story)
    for step in steps:
        told: dict[int, list[tuple[Event, MatchState, MatchState]]] = {}
        for event in step.events:
            if state.turn != story.turn:  # the next turn begins: close this one
                story.end, story.complete = state, True
                story = TurnStory(state.turn, state, state, complete=False)
                stories.append(story)
            after = state.apply(event.changes)
            tell(story, step.number, event, state, after)
            if event.kind == "advance":
                story.passed += len((event.detail or {}).get("passed", []))
            told.setdefault(story.turn, []).append((event, state, after))
            state = after
            story.end = state
        for turn, events in told.items():
            if _worth_telling(events):
                target = next(s for s in stories if s.turn == turn)
                target.steps.append(StoryStep(step, [e for e, _, _ in events if not _is_clock(e)]))
    if state.turn != story.turn:  # the last advance began a turn with nothing in it yet
        story.complete = True
    return stories
