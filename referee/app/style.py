"""Colours of the map: terrain, nations, deployment zones and overlays (presentation only).

Terrain colours follow what a referee expects on a printed map: forest dark green, hills
brown, mountains grey, water blue. A terrain id not listed here is drawn grey with its name.
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
    "spartan": "#a8232b",
    "ork": "#3f8f2f",
    "elf": "#1f8a82",
    "dark-elf": "#5b3a9e",
    "dwarf": "#1f5fa8",
}
SIDE_COLOURS: dict[int, str] = {1: "#1f5fa8", 2: "#b33a1a"}
"""A unit of a nation not listed takes its side's colour; the side colour also rims every
token and tints the side's deployment zone."""

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


def colour(spec: str, alpha: int = 255) -> QColor:
    c = QColor(spec)
    c.setAlpha(alpha)
    return c


def terrain_colour(terrain_id: str) -> QColor:
    return QColor(TERRAIN_FILL.get(terrain_id, UNKNOWN_TERRAIN))


def unit_colour(nation: str, side: int) -> QColor:
    return QColor(NATION_COLOURS.get(nation, SIDE_COLOURS.get(side, "#666666")))


def text_colour_on(background: QColor) -> QColor:
    """Black or white, whichever reads better on ``background``."""
    return QColor("#000000") if background.lightnessF() > 0.6 else QColor("#ffffff")
