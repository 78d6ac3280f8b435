"""Range bands of a weapon: point blank, normal, long, out of range (clause ``fire.range``).

Range is the hex distance between the two hexes. Point blank is range 1, normal range is
within the weapon's range and long range up to twice it. What each band does to the
to-hit roll, AP and damage is rules data elsewhere; this module only names the band and
the clause that gives its modifiers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import msgspec

from referee.board.hexgrid import Hex, distance

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

Band = Literal["point-blank", "normal", "long", "out-of-range"]
BANDS: tuple[Band, ...] = ("point-blank", "normal", "long", "out-of-range")
BAND_CLAUSES: dict[Band, str] = {
    "point-blank": "fire.range.point-blank",
    "normal": "fire.range.normal",
    "long": "fire.range.long",
    "out-of-range": "fire.range",
}

POINT_BLANK_RULING = "fire.point-blank"
RANGE_0_RULING = "fire.range-0"


class RangeBand(msgspec.Struct, frozen=True):
    """The band of one shot; ``ruling`` names the ruling that decided it, if one did."""

    band: Band
    distance: int
    weapon_range: int
    ruling: str | None = None

    @property
    def clause(self) -> str:
        return BAND_CLAUSES[self.band]

    @property
    def in_range(self) -> bool:
        return self.band != "out-of-range"


def _int(name: str, value: int, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{name} {value!r} is not a whole number of at least {least}")
    return value


def range_band(distance: int, weapon_range: int, rules: Ruleset) -> RangeBand:
    """The band of a shot at ``distance`` hexes with a weapon of range ``weapon_range``.

    Point blank is range 1 (ruling ``fire.point-blank``; the first draft does not define
    it), normal within the weapon's range, long up to twice it, else out of range
    (clause ``fire.range``). Range 0, a shot within one hex, follows ruling ``fire.range-0``.
    """
    _int("distance", distance, 0)
    _int("weapon range", weapon_range, 1)
    if distance == 0:
        value = rules.reading(RANGE_0_RULING).value
        if value not in ("point-blank", "normal"):
            raise ValueError(
                f"ruling {RANGE_0_RULING}: unknown value {value!r} (expected point-blank or normal)"
            )
        band: Band = "point-blank" if value == "point-blank" else "normal"
        return RangeBand(band, 0, weapon_range, RANGE_0_RULING)
    if distance == 1:
        value = rules.reading(POINT_BLANK_RULING).value
        if not isinstance(value, int) or isinstance(value, bool) or value not in (0, 1):
            raise ValueError(
                f"ruling {POINT_BLANK_RULING}: unknown value {value!r} (expected 1 or 0)"
            )
        if value == 1:
            return RangeBand("point-blank", 1, weapon_range, POINT_BLANK_RULING)
        return RangeBand("normal", 1, weapon_range, POINT_BLANK_RULING)
    if distance <= weapon_range:
        return RangeBand("normal", distance, weapon_range)
    if distance <= 2 * weapon_range:
        return RangeBand("long", distance, weapon_range)
    return RangeBand("out-of-range", distance, weapon_range)


def shot_range(shooter: Hex, target: Hex, weapon_range: int, rules: Ruleset) -> RangeBand:
    """The band of a shot from ``shooter`` to ``target`` (hex distance, clause ``fire.range``)."""
    return range_band(distance(shooter, target), weapon_range, rules)
