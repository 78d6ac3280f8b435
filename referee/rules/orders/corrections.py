"""Corrections: the referee mirrors the table, no rule applies.

``correct`` sets fields of one unit as they really are:
``{"kind": "correct", "uid": "grunts", "set": {"alive": 3, "poison": [8]}}``. Every field is
checked against the unit's card and the map before anything changes, and a refusal names
the unit and the field (:class:`CorrectionError` ``unit``/``field``): models alive (0 to
the card's models; the elites alive follow them down unless set too, and are never more than
the models alive), the speed (one of the
card's), the facing (0-5), the hex (on the map), load tokens and shots fired per weapon of
the card (``loaded``, ``fired``; no more shots than a Limited Ammo weapon carries), the
token counts (damage, shaken, fire, acid, minor acid, armor down, terrain tokens) and the
dice of each poison and bleeding instance (``[8, 4]``: Poison[8] and Poison[4]).
``correct-hex`` sets the stack of one marker kind on one hex (``count`` 0 takes it off):
``{"kind": "correct-hex", "hex": "C4", "marker": "smoke", "count": 2}``; a cloud keeps its
``[N]`` (``strength``: a die size, or a grade: ``"minor"``) and ``(n+)`` (``level``) unless
given. An effect of several kinds sets each of them, as one correction: ``marker=hex-fire``
a fire and its smoke, ``marker=poison-acid-cloud strength='[6, "minor"]'`` both clouds.
``correct-remove`` takes a unit off the table with the damage still pending on it:
``{"kind": "correct-remove", "uid": "tank"}``.
Marker kinds and their strengths are the ruleset's (``hex_effects.toml``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.board.hexgrid import Hex, LabelError, facing_name, hex_label
from referee.dice.expression import VALID_SIDES
from referee.dice.service import Dice
from referee.errors import RefereeError
from referee.rules.changes import Changes
from referee.rules.events import Event
from referee.rules.hexes.markers import HexEffects, HexMarker, Strength
from referee.rules.orders.command_value import CorrectionError
from referee.rules.orders.correction_commands import Correct, CorrectHex, CorrectRemove
from referee.rules.orders.serial import hexes_json, unit_state_from_json, unit_state_json
from referee.rules.orders.state import MatchState, UnknownUnit
from referee.rules.state import UnitState

if TYPE_CHECKING:
    from referee.rules.hexes.rules import MarkerKind

MAX_COUNT = 99
"""More tokens of one kind than a table ever holds: a count past it is a typing slip."""
COUNTS = ("damage_tokens", "shaken", "fire", "acid", "minor_acid", "armor_down", "tokens")
DICE_LISTS = ("poison", "bleeding")


DICE_FIELDS = frozenset({"poison", "bleeding"})
"""Fields that list the die of each instance (``Poison[6]``, ``Bleeding[4]``)."""


def field_words(key: str, value: object) -> str:
    """A corrected field and its new value in words, as the journal says it: ``hex D2``,
    ``facing SE``, ``poison d6, d4``, ``loaded Main gun 1``, ``hidden no`` (never a
    program's list or mapping)."""
    name = key.replace("_", " ")
    if key == "facing" and isinstance(value, int) and not isinstance(value, bool):
        return f"{name} {facing_name(value)}"
    if isinstance(value, bool):
        return f"{name} {'yes' if value else 'no'}"
    if isinstance(value, Mapping):
        said = ", ".join(f"{k} {v}" for k, v in value.items())
        return f"{name} {said or 'none'}"
    if isinstance(value, list | tuple):
        items = [f"d{v}" if key in DICE_FIELDS else str(v) for v in value]
        return f"{name} {', '.join(items) or 'none'}"
    return f"{name} {'none' if value is None else value}"


def correct_hex(state: MatchState, command: CorrectHex, dice: Dice) -> Event:
    """Set the number of ``marker`` markers on ``hex`` as they are on the table; an effect of
    several kinds (a hex on fire: fire and smoke, clause ``hex.on-fire``) sets each of its
    kinds, as one correction."""
    from referee.rules.hexes.rules import UnknownHexEffect, hex_effect_rules

    label = command.hex
    try:
        h = state.battle_map.parse(label)
    except LabelError as exc:
        raise CorrectionError(f"correct-hex: {exc}") from None
    rules = hex_effect_rules(state.rules)
    kind_id = command.marker
    try:
        kinds = rules.parts(kind_id)
    except UnknownHexEffect:
        known = ", ".join([*rules.markers, *rules.effects])
        raise CorrectionError(
            f"correct-hex {label}: no marker {kind_id!r} (markers: {known})", field="marker"
        ) from None
    count = command.count
    given = command.strength if command.given("strength") else None
    graded = [k for k in kinds if k.strengths]
    strengths: dict[str, Strength | None] = {k.id: None for k in kinds}
    if given is not None and len(kinds) == 1 and not isinstance(given, tuple):
        strengths[kinds[0].id] = given
    elif given is not None:
        values = given if isinstance(given, tuple) else (given,)
        if len(values) != len(graded):
            names = ", ".join(k.id for k in graded) or "none"
            raise CorrectionError(
                f"correct-hex {label}: {_a(rules.name(kind_id).lower())} takes "
                f"{len(graded)} strength [N] "
                f"({names}), not {len(values)}",
                field="strength",
            )
        strengths.update({k.id: v for k, v in zip(graded, values, strict=True)})
    if len(kinds) > 1 and command.given("level") and not any(k.level is not None for k in kinds):
        raise CorrectionError(
            f"correct-hex {label}: {_a(rules.name(kind_id).lower())} has no level (n+)",
            field="level",
        )
    hexes = state.hexes
    said: list[str] = []
    for kind in kinds:
        hexes, text = _set_stack(
            state, hexes, label, h, kind, count, strengths[kind.id], command, alone=len(kinds) == 1
        )
        said.append(text)
    name = rules.name(kind_id).lower()
    what = f"{name}: {', '.join(said)}" if len(kinds) > 1 else said[0]
    return Event(
        "correct-hex",
        command,
        Changes(hexes=hexes_json(hexes)),
        f"referee's correction: {label} {what}",
    )


def _a(name: str) -> str:
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"


def _set_stack(
    state: MatchState,
    hexes: HexEffects,
    label: str,
    h: Hex,
    kind: MarkerKind,
    count: int,
    strength: Strength | None,
    command: CorrectHex,
    *,
    alone: bool,
) -> tuple[HexEffects, str]:
    """``hexes`` with ``kind``'s stack on ``h`` set to ``count``; a cloud keeps its
    ``[N]`` and ``(n+)`` unless given."""
    old = state.hexes.get(h, kind.id)
    marker: HexMarker | None = None
    if count:
        if strength is None and old is not None:
            strength = old.strength
        if kind.strengths and strength not in kind.strengths:
            allowed = ", ".join(str(s) for s in kind.strengths)
            got = "none given" if strength is None else f"not {strength!r}"
            raise CorrectionError(
                f"correct-hex {label}: {_a(kind.name.lower())} needs a strength [N] of "
                f"{allowed}, {got}",
                field="strength",
            )
        if not kind.strengths and strength is not None:
            raise CorrectionError(
                f"correct-hex {label}: {_a(kind.name.lower())} has no strength [N]",
                field="strength",
            )
        level = command.level if command.given("level") else (old.level if old else kind.level)
        if alone is False and kind.level is None:  # an effect's (n+) goes to its clouds only
            level = old.level if old else None
        if level is not None and not (isinstance(level, int) and 1 <= level <= 6):
            raise CorrectionError(
                f"correct-hex {label}: a level (n+) is 1 to 6, not {level!r}", field="level"
            )
        marker = HexMarker(kind.id, count, strength, level, old.side if old else None)
    before = old.count if old else 0
    return hexes.with_stack(h, kind.id, marker), f"{kind.name.lower()} markers {before} -> {count}"


def correct_remove(state: MatchState, command: CorrectRemove, dice: Dice) -> Event:
    """Take a unit off the table, and the damage still pending on it."""
    uid = command.uid
    if uid not in state.units:
        error = CorrectionError(
            f"correct-remove: no unit {uid!r} in this match (units: {', '.join(state.units)})"
        )
        error.unit = uid
        raise error
    pending = None
    if any(p["unit"] == uid for p in state.pending):
        pending = tuple(dict(p) for p in state.pending if p["unit"] != uid)
    return Event(
        "correct-remove",
        command,
        Changes(units={uid: None}, pending=pending),
        f"referee's correction: {uid} taken off the table",
    )


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _count(uid: str, key: str, value: Any, most: int) -> None:
    if not _whole(value) or not 0 <= value <= most:
        raise CorrectionError(
            f"correct {uid}: {key} must be a whole number from 0 to {most}, not {value!r}",
            unit=uid,
            field=key,
        )


def _per_weapon(unit: UnitState, key: str, value: Any) -> None:
    """``loaded`` or ``fired``: a count per weapon of the card."""
    uid = unit.uid
    if not isinstance(value, Mapping):
        raise CorrectionError(
            f"correct {uid}: {key} must map weapon names to counts, not {value!r}",
            unit=uid,
            field=key,
        )
    weapons = {w.name: w for w in unit.unit.weapons}
    for name, count in value.items():
        weapon = weapons.get(name)
        if weapon is None:
            known = ", ".join(weapons) or "none"
            raise CorrectionError(
                f"correct {uid}: {key}: {unit.unit.name} has no weapon {name!r} (weapons: {known})",
                unit=uid,
                field=key,
            )
        most = MAX_COUNT
        if key == "fired" and weapon.limited_ammo is not None:
            most = weapon.limited_ammo
        _count(uid, f"{key} {name}", count, most)


def _dice(uid: str, key: str, value: Any) -> None:
    """``poison`` or ``bleeding``: the die of each instance."""
    if (
        not isinstance(value, list | tuple)
        or len(value) > MAX_COUNT
        or not all(_whole(d) and d in VALID_SIDES for d in value)
    ):
        sides = ", ".join(str(d) for d in sorted(VALID_SIDES))
        raise CorrectionError(
            f"correct {uid}: {key} lists the die of each instance ({sides}), not {value!r}",
            unit=uid,
            field=key,
        )


def check_unit_field(state: MatchState, unit: UnitState, key: str, value: Any) -> None:
    """Refuse a value of ``key`` the unit cannot have on the table (see the module
    docstring); the error names the unit and the field."""
    uid, card = unit.uid, unit.unit
    if key in COUNTS:
        _count(uid, key, value, MAX_COUNT)
    elif key == "alive":
        _count(uid, key, value, card.models)
    elif key == "elites_alive":
        _count(uid, key, value, card.elites)
    elif key == "facing":
        _count(uid, key, value, 5)
    elif key == "speed":
        names = [s.name for s in card.speeds]
        if value not in names:
            raise CorrectionError(
                f"correct {uid}: a {card.name} has no speed {value!r} (speeds: {', '.join(names)})",
                unit=uid,
                field=key,
            )
    elif key in ("hex", "token_hex"):
        if key == "token_hex" and value is None:
            return
        try:
            h = state.battle_map.parse(str(value))
        except LabelError as exc:
            raise CorrectionError(f"correct {uid}: {key}: {exc}", unit=uid, field=key) from None
        if h not in state.battle_map:
            raise CorrectionError(
                f"correct {uid}: {key}: {hex_label(h)} is not on the map", unit=uid, field=key
            )
    elif key in ("loaded", "fired"):
        _per_weapon(unit, key, value)
    elif key in DICE_LISTS:
        _dice(uid, key, value)
    elif key == "side" and value not in (1, 2):
        raise CorrectionError(f"correct {uid}: side is 1 or 2, not {value!r}", unit=uid, field=key)
    elif key in ("flying", "hidden") and not isinstance(value, bool):
        raise CorrectionError(
            f"correct {uid}: {key} is true or false, not {value!r}", unit=uid, field=key
        )


def correct_unit(state: MatchState, command: Correct, dice: Dice) -> Event:
    """The referee mirrors the table: set fields of one unit as they really are."""
    uid = command.uid
    try:
        unit = state.unit(uid)
    except UnknownUnit as exc:
        raise CorrectionError(f"correct: {exc}", unit=uid) from None
    fields = command.set
    data = unit_state_json(unit)
    if not isinstance(fields, Mapping) or not fields:
        raise CorrectionError(
            f"correct {uid}: 'set' names the fields to set (fields: {', '.join(sorted(data))})",
            unit=uid,
            field="set",
        )
    for key in fields:
        if key not in data or key in ("uid", "unit"):
            settable = sorted(set(data) - {"uid", "unit"})
            raise CorrectionError(
                f"correct {uid}: cannot set {key} (fields: {', '.join(settable)})",
                unit=uid,
                field=str(key),
            )
        check_unit_field(state, unit, key, fields[key])
    data.update(fields)
    if "elites_alive" not in fields:  # fewer models left than elites: the elites go too
        data["elites_alive"] = min(data["elites_alive"], data["alive"])
    if data["elites_alive"] > data["alive"]:
        raise CorrectionError(
            f"correct {uid}: {data['elites_alive']} elites alive but only {data['alive']} models",
            unit=uid,
            field="elites_alive",
        )
    try:
        fixed = unit_state_from_json(data, state.cards)
    except RefereeError as exc:
        raise CorrectionError(f"correct {uid}: {exc}", unit=uid) from None
    what = "; ".join(field_words(k, v) for k, v in fields.items())
    said_before = ", ".join(f"{k} = {v!r}" for k, v in fields.items())  # referee 0.1's words
    return Event(
        "correct",
        command,
        Changes(units={uid: unit_state_json(fixed)}),
        f"referee's correction: {uid} {what}",
        former={"text": f"referee's correction: {uid} {said_before}"},
    )
