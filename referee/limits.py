"""The limits on what referee reads: every input is checked for size before the work that
grows with it, and one over a limit is refused with a message naming the field and the limit.

The limits are generous for real play (a standard battlefield is 7x9 hexes, a unit card has
at most 10 armor dice, a rulebook is a few hundred kilobytes) and small enough that no input
can make a command run for minutes or exhaust memory. They are documented in the README
(section "Limits") and in ``data/README.md``; ``LIMITS`` lists them all for that purpose (a
test checks the documents against it). The refusal is :class:`referee.errors.LimitError`,
raised by :func:`referee.errors.at_most`, :func:`referee.errors.within` and
:func:`referee.errors.read_bounded`.
"""

from __future__ import annotations

# --- maps -----------------------------------------------------------------------------------

MAP_MAX_COLUMNS = 200
"""Columns of a rectangular map (A to GR)."""
MAP_MAX_ROWS = 200
"""Rows of a rectangular map."""
MAP_MAX_SIDE = 100
"""Hexes along each side of a hexagonal map (29,701 hexes, 199 columns across)."""
MAP_MAX_HEXES = MAP_MAX_COLUMNS * MAP_MAX_ROWS
"""Hexes of any map."""

# --- data files and imports -----------------------------------------------------------------

DATA_FILE_MAX_BYTES = 4_000_000
"""A data file (map, unit file, ruleset table, rulings) or a map kept in a match file."""
IMPORT_MAX_BYTES = 8_000_000
"""A rulebook imported for search (``referee rules import``)."""
JOURNAL_MAX_BYTES = 8_000_000
"""A text journal (``referee replay``, ``referee match new --from``)."""

# --- dice and odds --------------------------------------------------------------------------

DICE_MAX_COUNT = 20
"""Dice in one dice expression (``20d6``)."""
DICE_MAX_MODIFIER = 1000
"""The number added to or taken from a dice expression (``d6+1000``), or a fixed number."""
OPEN_ENDED_MAX_SIDES = 1000
"""Sides of an open-ended die (``referee odds open-ended --sides``)."""
NEED_MAX = 1000
"""A to-hit number (``referee odds hit --need``, ``odds damage --need``)."""
ARMOR_MAX = 100
"""Armor dice (``referee odds armor --armor``)."""
AP_MAX = 1000
"""AP of a weapon or assault, either way (``--ap``)."""
MODIFIER_MAX = 1000
"""Any other number a command adds: tokens, resistance, bonus, support, range, levels."""
TAIL_MIN_EXPONENT = 30
"""The smallest tail of ``odds open-ended --tail``: 1/10^30."""

# --- matches --------------------------------------------------------------------------------

MATCH_MAX_UNITS = 1000
"""Units in a match (set-up, text journal or match file)."""
MATCH_MAX_STEPS = 100_000
"""Steps in a match's journal (done and undone); a long match has a few thousand."""
STEP_MAX_COMMANDS = 1000
"""Commands in one step."""
NAME_MAX_CHARS = 500
"""A step's name, a match's title, a unit's id in a match."""

# --- army lists -----------------------------------------------------------------------------

ARMY_MAX_ENTRIES = 100
"""``[[unit]]`` entries of an army list, and upgrade or equipment choices of one entry (an
army of a standard game has about ten; 10,000 entries took a minute to print as a sheet)."""

# --- search ---------------------------------------------------------------------------------

QUERY_MAX_CHARS = 1000
"""A rules search, in characters."""
QUERY_MAX_WORDS = 64
"""A rules search, in words."""

LIMITS: dict[str, int] = {
    name: value
    for name, value in globals().items()
    if name.isupper() and isinstance(value, int) and not name.startswith("_")
}
"""Every limit by name, for the documents and their test."""
