"""A text journal as read (:mod:`referee.match.journal.journal_text` reads and writes its text): its
header (format, map, ruleset, seed, readings, scenario, units...) and its steps, the value
every kind of match file is made from (``from_journal``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.rules.command import Command


@dataclass
class JournalStep:
    """A ``step:`` of a text journal: its name and line, its commands (each with its line)
    and the dice typed for it."""

    name: str
    line: int
    commands: list[Command] = field(default_factory=list)
    """Its commands, read at the edge into the typed values of the journal's game."""
    lines: list[int] = field(default_factory=list)
    """The line of each command."""
    dice: list[int] = field(default_factory=list)


@dataclass
class TextJournal:
    """A text journal read: its header (format, map, ruleset, seed, readings, scenario,
    units...) and its steps."""

    format: int = 1
    map: str = ""
    edition: str | None = None
    seed: int = 0
    readings: dict[str, str] = field(default_factory=dict)
    scenario: str | None = None
    victory: dict[str, object] | None = None
    units: list[dict[str, object]] = field(default_factory=list)
    steps: list[JournalStep] = field(default_factory=list)
    missions: list[str] = field(default_factory=list)
    """The activation rules: the missions offered for the bans (none: every mission)."""
