"""What a step decided: the record a journal keeps, and what changed for the window.

:class:`Decision` is the step's record: the command, a one-line summary, the working in
words, the clause and ruling ids applied, every die (rolled or typed, through the dice
service) and the :class:`Changes` (which pieces and tiles to redraw, whether the phase or
the turn moved on). :class:`Outcome` pairs it with the new state. :class:`Recorder` is the
mutable notebook a step writes into before it freezes the record.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import msgspec

from referee.board.hexgrid import Hex, hex_label
from referee.dice.service import Roll
from referee.rules.activation.commands import Command
from referee.rules.activation.state import ActivationState


class Changes(msgspec.Struct, frozen=True):
    """What a step changed, for a window to redraw (pieces by uid, tiles)."""

    pieces: frozenset[str] = frozenset()
    tiles: frozenset[Hex] = frozenset()
    phase: bool = False
    turn: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "pieces": sorted(self.pieces),
            "tiles": sorted(hex_label(h) for h in self.tiles),
            "phase": self.phase,
            "turn": self.turn,
        }


class Decision(msgspec.Struct, frozen=True):
    command: Command
    summary: str
    working: tuple[str, ...]
    clauses: tuple[str, ...]
    rulings: tuple[str, ...]
    rolls: tuple[Roll, ...]
    changes: Changes
    former_working: tuple[str, ...] | None = None
    """The working as an earlier referee worded it, when a line has been reworded since
    (``Recorder.note(..., former=...)``); never written, only compared by ``match check``."""

    def to_json(self) -> dict[str, object]:
        return {
            "command": self.command.to_json(),
            "text": self.command.text(),
            "summary": self.summary,
            "working": list(self.working),
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
            "dice": [r.to_json() for r in self.rolls],
            "changes": self.changes.to_json(),
        }


class Outcome(msgspec.Struct, frozen=True):
    state: ActivationState
    decision: Decision


@dataclass
class Recorder:
    """The working of a step as it is decided (see the module docstring)."""

    summary: str = ""
    working: list[str] = field(default_factory=list)
    former_working: list[str] = field(default_factory=list)
    clauses: set[str] = field(default_factory=set)
    rulings: set[str] = field(default_factory=set)
    pieces: set[str] = field(default_factory=set)
    tiles: set[Hex] = field(default_factory=set)
    damaged: set[Hex] = field(default_factory=set)
    """Fortifications that lost pips in this step (ruling ``activation.health-check-when``)."""

    def note(
        self, line: str, *clauses: str, rulings: tuple[str, ...] = (), former: str | None = None
    ) -> None:
        """One line of the working; ``former``: the same line as an earlier referee worded
        it, so a match it recorded still checks exact."""
        self.working.append(line)
        self.former_working.append(line if former is None else former)
        self.clauses.update(clauses)
        self.rulings.update(r for r in rulings if r)

    def cite(self, *clauses: str, rulings: tuple[str, ...] = ()) -> None:
        self.clauses.update(clauses)
        self.rulings.update(r for r in rulings if r)

    def touched(self, *uids: str, tiles: tuple[Hex | None, ...] = ()) -> None:
        self.pieces.update(uids)
        self.tiles.update(t for t in tiles if t is not None)

    def decision(
        self,
        command: Command,
        rolls: tuple[Roll, ...],
        before: ActivationState,
        after: ActivationState,
    ) -> Decision:
        return Decision(
            command=command,
            summary=self.summary or command.text(),
            working=tuple(self.working),
            former_working=(
                tuple(self.former_working) if self.former_working != self.working else None
            ),
            clauses=tuple(sorted(self.clauses)),
            rulings=tuple(sorted(self.rulings)),
            rolls=rolls,
            changes=Changes(
                frozenset(self.pieces),
                frozenset(self.tiles),
                before.phase != after.phase,
                before.turn != after.turn,
            ),
        )
