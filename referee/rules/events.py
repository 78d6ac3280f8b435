"""A journal event: one ruling the engine made, or one thing the referee did.

Every event keeps the command that asked for it (enough to run it again), every die it
used, the changes it made to the match state, its working in words, and the clause and
ruling ids it applied. Events are grouped in named steps ("Fire: e34 at grunts"), the unit
of undo and redo.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgspec

from referee.rules.changes import Changes
from referee.rules.command import Command

if TYPE_CHECKING:  # the dice service comes with the first step that rolls
    from referee.dice.service import Roll


@dataclass(frozen=True)
class Event:
    """One journal event: the command (a typed value of its game, written as its JSON form),
    what it changed, the working in words, the dice rolled, the clauses and rulings applied,
    and any detail."""

    kind: str
    command: Command
    changes: Changes
    text: str
    dice: tuple[Roll, ...] = ()
    clauses: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    detail: Mapping[str, Any] = field(default_factory=dict)
    """The engine's full result as JSON (to_hit terms, armor dice...), for the report."""
    former: Mapping[str, Any] = field(default_factory=dict, compare=False)
    """The keys of :meth:`to_row` as an earlier referee worded the same ruling (``text``,
    ``detail``), never written: ``match check`` takes a row written in those words as this
    event, so rewording a ruling leaves older match files exact (:meth:`former_row`)."""

    def to_row(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "command": self.command.to_json(),
            "changes": self.changes.to_json(),
            "text": self.text,
            "dice": [r.to_json() for r in self.dice],
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
            "detail": dict(self.detail),
        }

    def former_row(self) -> dict[str, Any] | None:
        """The row an earlier referee wrote for this ruling, or None when its words have
        not changed since."""
        return {**self.to_row(), **self.former} if self.former else None


class Step(msgspec.Struct, frozen=True):
    """A named step of the journal: what undo takes back in one go."""

    number: int
    name: str
    events: tuple[Event, ...]
    undone: bool = False

    @property
    def title(self) -> str:
        """The step in words, for Edit > Undo and the status bar, in every game: its name,
        unless the name is only its commands' text (a step typed as a command line, as the
        activation rules' wizards and command line write theirs: ``move uid=buggy
        path=H4:S``); then what each event decided, its text's first line (``buggy moves
        from H3:S to H4:S (1 of 6)``)."""
        typed = [e.command.text() for e in self.events]
        if not typed or self.name.strip() not in (*typed, "; ".join(typed)):
            return self.name
        said = [e.text.split("\n", 1)[0].strip() for e in self.events]
        return "; ".join(s for s in said if s) or self.name


def fired_since_advance(steps: Sequence[Step]) -> set[str]:
    """The units that fired since the clock last moved (in this gunnery step)."""
    fired: set[str] = set()
    for step in reversed(steps):
        for event in reversed(step.events):
            if event.kind == "advance":
                return fired
            if event.kind == "fire":
                fired.add(str(event.command.to_json().get("shooter")))
    return fired
