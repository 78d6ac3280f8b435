"""Unit states and hex markers as JSON, for the journal (hexes by label, units by uid).

``unit_state_json`` / ``unit_state_from_json`` and ``hexes_json`` / ``hexes_from_json`` are
pairs: what one writes the other reads back equal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.board.hexgrid import Hex, LabelError, hex_label, parse_label
from referee.errors import RefereeError
from referee.rules.hexes.markers import HexEffects, HexMarker
from referee.rules.state import Aim, UnitState
from referee.units.model import UnitType

_SCALARS = (
    "facing",
    "speed",
    "flying",
    "alive",
    "elites_alive",
    "damage_tokens",
    "shaken",
    "fire",
    "acid",
    "minor_acid",
    "armor_down",
    "hidden",
    "tokens",
)


def unit_state_json(u: UnitState) -> dict[str, Any]:
    out: dict[str, Any] = {"uid": u.uid, "unit": u.unit.id, "side": u.side, "hex": hex_label(u.hex)}
    for key in _SCALARS:
        out[key] = getattr(u, key)
    out["loaded"] = dict(u.loaded)
    out["fired"] = dict(u.fired)
    out["poison"] = list(u.poison)
    out["bleeding"] = list(u.bleeding)
    out["aim"] = (
        None
        if u.aim is None
        else {"hex": hex_label(u.aim.hex), "turn": u.aim.turn, "gunnery": u.aim.gunnery}
    )
    out["token_hex"] = None if u.token_hex is None else hex_label(u.token_hex)
    return out


class UnitDataError(RefereeError):
    """Unit data (a journal's changes, a correction, a match file's set-up) that cannot be a
    unit state; names the unit and the field."""

    def __init__(self, uid: object, field: str, problem: str) -> None:
        self.unit = str(uid)
        self.field = field
        super().__init__(f"unit {uid!r:.60}, {field}: {problem}")


COUNTER_MAX = 1000
"""Tokens, counters and shots of one kind on a unit (a sanity bound, far above play)."""
_COUNTERS = ("damage_tokens", "shaken", "fire", "acid", "minor_acid", "armor_down", "tokens")
DIE_SIDES = frozenset({2, 3, 4, 6, 8, 10, 12, 20})


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _label(uid: object, field: str, value: object) -> Hex:
    if not isinstance(value, str):
        raise UnitDataError(uid, field, f"{value!r:.40} is not a hex label")
    try:
        return parse_label(value)
    except LabelError as exc:
        raise UnitDataError(uid, field, str(exc)) from None


def _whole(uid: object, field: str, value: object, low: int, high: int) -> int:
    if not _is_int(value) or not low <= value <= high:  # type: ignore[operator]
        raise UnitDataError(uid, field, f"{value!r:.40} is not a whole number from {low} to {high}")
    return value  # type: ignore[return-value]


def _counts(uid: object, field: str, value: object) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise UnitDataError(uid, field, f"{value!r:.40} is not a table of weapon: count")
    return {str(k): _whole(uid, f"{field}.{k}", v, 0, COUNTER_MAX) for k, v in value.items()}


def _dice(uid: object, field: str, value: object) -> tuple[int, ...]:
    if (
        not isinstance(value, list | tuple)
        or len(value) > COUNTER_MAX
        or not all(_is_int(x) and x in DIE_SIDES for x in value)
    ):
        raise UnitDataError(
            uid,
            field,
            f"{value!r:.40} is not a list of die sizes ({', '.join(map(str, sorted(DIE_SIDES)))})",
        )
    return tuple(value)


def unit_state_from_json(data: object, cards: Mapping[str, UnitType]) -> UnitState:
    """Read a unit state back; ``cards`` maps a unit-type id to its card. Every field is
    checked (type and range), so what a file or a correction holds is refused with the unit
    and field it concerns, never half read."""
    if not isinstance(data, Mapping):
        raise UnitDataError("?", "(unit)", f"{data!r:.40} is not a table of fields")
    uid = data.get("uid")
    if not isinstance(uid, str) or not uid:
        raise UnitDataError(uid, "uid", "a unit id is text")
    card_id = data.get("unit")
    card = cards.get(card_id) if isinstance(card_id, str) else None
    if card is None:
        raise UnitDataError(uid, "unit", f"no card {data.get('unit')!r:.40} in this match")
    speeds = [s.name for s in card.speeds]
    scalars: dict[str, Any] = {}
    for key in _SCALARS:
        if key not in data:
            continue
        value = data[key]
        if key == "facing":
            scalars[key] = _whole(uid, key, value, 0, 5)
        elif key == "speed":
            if not isinstance(value, str) or (speeds and value not in speeds):
                raise UnitDataError(
                    uid, key, f"{value!r:.40}: a {card.name} moves at {', '.join(speeds)}"
                )
            scalars[key] = value
        elif key in ("flying", "hidden"):
            if not isinstance(value, bool):
                raise UnitDataError(uid, key, f"{value!r:.40} is not true or false")
            scalars[key] = value
        elif key == "alive":
            scalars[key] = _whole(uid, key, value, 0, card.models)
        elif key == "elites_alive":
            scalars[key] = _whole(uid, key, value, 0, card.elites)
        else:
            scalars[key] = _whole(uid, key, value, 0, COUNTER_MAX)
    aim = data.get("aim")
    if aim is not None and (not isinstance(aim, Mapping) or set(aim) != {"hex", "turn", "gunnery"}):
        raise UnitDataError(uid, "aim", f"{aim!r:.40}: expected hex, turn and gunnery")
    token_hex = data.get("token_hex")
    return UnitState(
        uid=uid,
        unit=card,
        side=_whole(uid, "side", data.get("side"), 1, 2),
        hex=_label(uid, "hex", data.get("hex")),
        loaded=_counts(uid, "loaded", data.get("loaded", {})),
        fired=_counts(uid, "fired", data.get("fired", {})),
        poison=_dice(uid, "poison", data.get("poison", [])),
        bleeding=_dice(uid, "bleeding", data.get("bleeding", [])),
        aim=None
        if aim is None
        else Aim(
            _label(uid, "aim.hex", aim["hex"]),
            _whole(uid, "aim.turn", aim["turn"], 1, 10**6),
            _whole(uid, "aim.gunnery", aim["gunnery"], 1, 2),
        ),
        token_hex=None if token_hex is None else _label(uid, "token_hex", token_hex),
        **scalars,
    )


def hexes_json(hexes: HexEffects) -> dict[str, list[dict[str, object]]]:
    return {hex_label(h): [m.to_json() for m in hexes.at(h)] for h in hexes.hexes()}


def hexes_from_json(data: Mapping[str, Any]) -> HexEffects:
    """Read hex markers back, each checked: a label, and markers of a kind with a count."""
    if not isinstance(data, Mapping):
        raise MarkerDataError(f"hexes: {data!r:.40} is not a table of hex: markers")
    out = {}
    for label, stacks in data.items():
        where = f"hexes.{label}"
        try:
            h = parse_label(label) if isinstance(label, str) else None
        except LabelError:
            h = None
        if h is None or not isinstance(stacks, list):
            raise MarkerDataError(f"{where}: expected a hex label and a list of markers")
        markers = []
        for m in stacks:
            ok = (
                isinstance(m, Mapping)
                and isinstance(m.get("kind"), str)
                and _is_int(m.get("count"))
                and 1 <= m["count"] <= COUNTER_MAX
                and all(m.get(k) is None or _is_int(m.get(k)) for k in ("level", "side"))
                and (m.get("strength") is None or isinstance(m.get("strength"), int | str))
            )
            if not ok:
                raise MarkerDataError(f"{where}: {m!r:.60} is not a marker (kind, count)")
            markers.append(
                HexMarker(m["kind"], m["count"], m.get("strength"), m.get("level"), m.get("side"))
            )
        out[h] = tuple(markers)
    return HexEffects(out)


class MarkerDataError(RefereeError):
    """Hex markers in a journal's changes that cannot be read; names the hex."""
