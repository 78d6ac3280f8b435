"""An open match in the app: the match file, its undo stack, and one ``changed`` signal.

Every change goes through here: :meth:`MatchSession.run_step` asks the engine to carry out
a named step (the match file writes it whole, so there is nothing to save), then pushes a
:class:`StepCommand` so that Edit > Undo names it. ``changed`` carries the change flags of
what happened (the keys of the events' changes: ``units``, ``hexes``, ``orders``, ``turn``...
and always ``journal``); views redraw from them. :meth:`MatchSession.undo_back_to` takes back
every step after a chosen one as one user action (the journal's "Undo back to here").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from referee.app.step_command import StepCommand
from referee.match.events import Step
from referee.match.state import MatchState
from referee.match.store import MatchFile

DICE_SETTING = "dice"
"""The key of the dice mode in a match file's settings (values ``app``, ``typed``)."""

ALL_CHANGES = frozenset(
    {"units", "hexes", "terrain", "pending", "orders", "turn", "step", "journal", "match"}
)


def change_flags(step: Step | None) -> frozenset[str]:
    """What ``step`` changed: the keys of its events' changes, and ``journal``."""
    if step is None:
        return frozenset({"journal"})
    keys = {k for event in step.events for k in event.changes}
    return frozenset({"journal", *keys})


class MatchSession(QObject):
    """One open match file (see the module docstring)."""

    changed = Signal(object)  # frozenset[str] of change flags

    def __init__(self, match: MatchFile, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.match = match
        self.undo_stack = QUndoStack(self)
        self._mirroring = False
        self._restore_stack()

    @classmethod
    def open(cls, path: Path | str, parent: QObject | None = None) -> MatchSession:
        return cls(MatchFile.open(path), parent)

    @property
    def path(self) -> Path:
        return self.match.path

    @property
    def state(self) -> MatchState:
        return self.match.state

    @property
    def dice_mode(self) -> str:
        """Who rolls this match's dice by default: ``app`` or ``typed`` (the referee types
        what the table rolled), from the match file's settings (``app`` if not set)."""
        settings = self.match.meta.get("settings") or {}
        return "typed" if settings.get(DICE_SETTING) == "typed" else "app"

    def steps(self) -> list[Step]:
        """Every step of the journal, undone ones (which redo brings back) included."""
        return self.match.steps(include_undone=True)

    def next_dice_seed(self) -> int:
        """The seed of the next step's dice (what a wizard's dry run rolls with)."""
        from referee.match.store import step_seed

        number = max((s.number for s in self.match.steps()), default=0) + 1
        return step_seed(self.match.seed, number)

    def _restore_stack(self) -> None:
        """Mirror the steps already in the file: done ones below the stack's index, undone
        ones above it, so that Edit > Redo brings them back as the file would."""
        self._mirroring = True
        try:
            steps = self.steps()
            for step in steps:
                self.undo_stack.push(StepCommand(self, step))
            self.undo_stack.setIndex(sum(1 for s in steps if not s.undone))
            self.undo_stack.setClean()
        finally:
            self._mirroring = False

    def run_step(
        self, name: str, commands: Iterable[Mapping[str, Any]], typed: Iterable[int] = ()
    ) -> Step:
        """Carry out and write one named step; the engine's refusal (a ValueError naming
        the field) propagates and nothing is written or pushed."""
        step = self.match.run(name, list(commands), typed=list(typed))
        self.undo_stack.push(StepCommand(self, step))
        self.changed.emit(change_flags(step))
        return step

    def stack_index_of(self, number: int) -> int | None:
        """The undo stack's index just after the command of step ``number`` (None: no such
        step on the stack)."""
        for i in range(self.undo_stack.count()):
            command = self.undo_stack.command(i)
            if isinstance(command, StepCommand) and command.step.number == number:
                return i + 1
        return None

    def undo_back_to(self, number: int) -> list[Step]:
        """Undo every step after step ``number`` as one user action: the match file takes
        them back in one transaction, the undo stack moves below them (so Edit > Redo brings
        them back one by one, and a new step drops them), one ``changed`` is emitted."""
        index = self.stack_index_of(number)
        if index is None or index >= self.undo_stack.index():
            return []
        undone = self.match.undo_back_to(number)
        self._mirroring = True
        try:
            self.undo_stack.setIndex(index)
        finally:
            self._mirroring = False
        flags: set[str] = {"undo"}
        for step in undone:
            flags |= change_flags(step)
        self.changed.emit(frozenset(flags))
        return undone

    def redo_up_to(self, number: int) -> list[Step]:
        """Redo every undone step up to step ``number`` as one user action (the stack moves
        above them; one ``changed``)."""
        index = self.stack_index_of(number)
        if index is None or index <= self.undo_stack.index():
            return []
        done = [s for s in self.steps() if s.undone and s.number <= number]
        for _ in done:
            self.match.redo()
        self._mirroring = True
        try:
            self.undo_stack.setIndex(index)
        finally:
            self._mirroring = False
        flags: set[str] = {"redo"}
        for step in done:
            flags |= change_flags(step)
        self.changed.emit(frozenset(flags))
        return done

    def mirror_undo(self) -> None:
        if self._mirroring:
            return
        step = self.match.undo()
        self.changed.emit(change_flags(step) | {"undo"})

    def mirror_redo(self) -> None:
        if self._mirroring:
            return
        step = self.match.redo()
        self.changed.emit(change_flags(step) | {"redo"})

    def close(self) -> None:
        self.undo_stack.clear()
        self.match.close()
