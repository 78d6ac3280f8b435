"""Unit states and hex markers as JSON, for the journal (hexes by label, units by uid).

``unit_state_json`` / ``unit_state_from_json`` and ``hexes_json`` / ``hexes_from_json`` are
pairs: what one writes the other reads back equal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.board.hexgrid import hex_label, parse_label
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


def unit_state_from_json(data: Mapping[str, Any], cards: Mapping[str, UnitType]) -> UnitState:
    """Read a unit state back; ``cards`` maps a unit-type id to its card."""
    card = cards.get(data["unit"])
    if card is None:
        raise ValueError(f"unit {data.get('uid')!r}: no card {data['unit']!r} in this match")
    aim = data.get("aim")
    token_hex = data.get("token_hex")
    return UnitState(
        uid=data["uid"],
        unit=card,
        side=data["side"],
        hex=parse_label(data["hex"]),
        loaded=dict(data.get("loaded", {})),
        fired=dict(data.get("fired", {})),
        poison=tuple(data.get("poison", ())),
        bleeding=tuple(data.get("bleeding", ())),
        aim=None if aim is None else Aim(parse_label(aim["hex"]), aim["turn"], aim["gunnery"]),
        token_hex=None if token_hex is None else parse_label(token_hex),
        **{k: data[k] for k in _SCALARS if k in data},
    )


def hexes_json(hexes: HexEffects) -> dict[str, list[dict[str, object]]]:
    return {hex_label(h): [m.to_json() for m in hexes.at(h)] for h in hexes.hexes()}


def hexes_from_json(data: Mapping[str, Any]) -> HexEffects:
    return HexEffects(
        {
            parse_label(label): tuple(
                HexMarker(m["kind"], m["count"], m.get("strength"), m.get("level"), m.get("side"))
                for m in stacks
            )
            for label, stacks in data.items()
        }
    )
