"""One journal step on Qt's undo stack: undo and redo call the match file's own.

The match file is the truth and the stack mirrors it. A step is written by
:meth:`MatchFile.run` *before* its command is pushed, so the push (which calls ``redo``) must
not run it again: the first ``redo`` is skipped. Steps already in a file when it is opened
are pushed the same way.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtGui import QUndoCommand

from referee.rules.events import Step


class Mirror(Protocol):
    """What the stack's steps call: the open match's own undo and redo
    (:class:`~referee.app.session.match_session.MatchSession`)."""

    def mirror_undo(self) -> None: ...

    def mirror_redo(self) -> None: ...


class StepCommand(QUndoCommand):
    """The step ``step`` of ``session``'s match file, named in words (:attr:`Step.title`:
    the journal's name, or what a step typed as a command line decided)."""

    def __init__(self, session: Mirror, step: Step) -> None:
        super().__init__(step.title)
        self.session = session
        self.step = step
        self._written = True

    def redo(self) -> None:
        if self._written:  # already in the file: this is the push
            self._written = False
            return
        self.session.mirror_redo()

    def undo(self) -> None:
        self.session.mirror_undo()
