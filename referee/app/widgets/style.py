"""Colours of the map: terrain, nations, deployment zones and overlays (presentation only).

Terrain colours follow what a referee expects on a printed map: forest dark green, hills
brown, mountains grey, water blue. A terrain id not listed here is drawn grey with its name.

One scheme for the sides, the same everywhere: a side has one colour (side 1 blue, side 2
red), named in words by :func:`side_name`; it rims the side's deployment zone and each of
its tokens, and fills the band with the unit's id across the token's top. The nation's
colour fills the rest of the token, and no nation's colour is close to a side's, so a token
never reads as the other side.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

TERRAIN_FILL: dict[str, str] = {
    "clear": "#e9e4c8",
    "forest": "#3d6b35",
    "burned-forest": "#5b4f44",
    "hill": "#c49a5c",
    "mountain": "#8e8e8e",
    "building": "#d9cbb3",
    "water": "#6aa6d8",
    "swamp": "#8d9b62",
    "ruins": "#bdb6a8",
    "rough": "#cdb88d",
    "sand-dunes": "#ecd48e",
}
UNKNOWN_TERRAIN = "#b0b0b0"

NATION_COLOURS: dict[str, str] = {
    "spartan": "#b8862b",  # bronze
    "ork": "#3f8f2f",  # green
    "elf": "#23998c",  # teal
    "dark-elf": "#6b45a8",  # purple
    "dwarf": "#85705a",  # stone
}
SIDE_COLOURS: dict[int, str] = {1: "#1f5fa8", 2: "#c0281b"}
"""The side's colour: its deployment zone's rim, its tokens' rim and id band."""
SIDE_COLOUR_NAMES: dict[int, str] = {1: "blue", 2: "red"}
"""The side's colour in words, as the wizards and the inspector say it."""
NEUTRAL_NATION = "#8a8a8a"
"""The inside of a token of a nation not listed."""

ZONE_COLOURS: dict[str, str] = {"side1": SIDE_COLOURS[1], "side2": SIDE_COLOURS[2]}

OVERLAY_COLOURS: dict[str, tuple[str, int]] = {
    # role: (colour, alpha 0-255)
    "start": ("#ffd400", 150),
    "end": ("#ffd400", 150),
    "crossed": ("#fff176", 120),
    "edge": ("#fff9c4", 110),
    "corner": ("#fff9c4", 80),
    "blocked": ("#e53935", 150),
    "blind": ("#8e24aa", 120),
    "hidden": ("#202020", 150),
    "seen": ("#ffffff", 0),
    "source": ("#ffd400", 160),
}
LINE_COLOURS: dict[str, str] = {"visible": "#0b7a0b", "blind": "#8e24aa", "blocked": "#c62828"}

MARKER_COLOURS: dict[str, str] = {
    "smoke": "#9e9e9e",
    "fire": "#f57c00",
    "poison-cloud": "#7b1fa2",
    "acid-cloud": "#9ccc24",
}

BADGE_COLOURS: dict[str, str] = {
    "damage": "#ef6c00",
    "shaken": "#fdd835",
    "fire": "#e53935",
    "acid": "#9ccc24",
    "poison": "#8e24aa",
    "bleeding": "#b71c1c",
    "pending": "#d50000",
}


def argb(spec: str | int, alpha: int = 255) -> int:
    """A colour as a premultiplied ARGB32 pixel (what :data:`QImage.Format_ARGB32_Premultiplied`
    holds): from ``#rrggbb`` or ``0xrrggbb``."""
    value = int(spec[1:], 16) if isinstance(spec, str) else spec
    r, g, b = (value >> 16) & 255, (value >> 8) & 255, value & 255
    r, g, b = ((c * alpha + 127) // 255 for c in (r, g, b))
    return (alpha << 24) | (r << 16) | (g << 8) | b


def colour(spec: str, alpha: int = 255) -> QColor:
    c = QColor(spec)
    c.setAlpha(alpha)
    return c


def terrain_colour(terrain_id: str) -> QColor:
    return QColor(TERRAIN_FILL.get(terrain_id, UNKNOWN_TERRAIN))


def unit_colour(nation: str, side: int) -> QColor:
    """The inside of a token: its nation's colour (``side`` kept for callers)."""
    return QColor(NATION_COLOURS.get(nation, NEUTRAL_NATION))


def side_colour(side: int) -> QColor:
    return QColor(SIDE_COLOURS.get(side, "#444444"))


def side_name(side: int, *, capital: bool = False) -> str:
    """``side 1 (blue)``: a side as every word of the app says it."""
    word = SIDE_COLOUR_NAMES.get(side)
    text = f"side {side}" + (f" ({word})" if word else "")
    return text[0].upper() + text[1:] if capital else text


def text_colour_on(background: QColor) -> QColor:
    """Black or white, whichever reads better on ``background``."""
    return QColor("#000000") if background.lightnessF() > 0.6 else QColor("#ffffff")
