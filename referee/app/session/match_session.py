"""An open match in the app, of either game system: the match file, its undo stack, and one
``changed`` signal.

Every change goes through here: :meth:`MatchSession.run_step` asks the engine to carry out
a named step (the match file writes it whole, so there is nothing to save), then pushes a
:class:`StepCommand` so that Edit > Undo names it. ``changed`` carries the
:class:`~referee.rules.changes.ChangeFlag` of what happened (the kinds of the events'
changes: ``UNITS``, ``HEXES``, ``ORDERS``, ``TURN``... and always ``JOURNAL``; ``UNDO``,
``REDO``, ``EXTERNAL`` say how it came); views redraw from them.
:meth:`MatchSession.undo_back_to` takes back every step after a chosen one as one user
action (the journal's "Undo back to here").


Another program may write to the same file (``referee match step`` in a terminal, a second
window): :meth:`MatchSession.sync`, run on a timer and when the app comes back to the front,
notices it (the file's revision, ``JournalFile.moved_on``), reads the match again, rebuilds
the undo stack and emits ``changed`` with ``EXTERNAL`` and ``notice`` with what happened.
Steps, undo and redo from the window are ``strict``: one built on a view the file has moved
on from is refused (nothing written), the view is brought up to date and the referee sees
why. A change that wrote no step, or a file that no longer reads: :mod:`.file_look`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QUndoStack

from referee.app.session.file_look import FileLook, file_stamp
from referee.app.session.step_command import StepCommand
from referee.errors import RefereeError, one_line
from referee.rules.changes import CHANGE_KINDS, ChangeFlag
from referee.rules.events import Step

if TYPE_CHECKING:
    from referee.match.journal.journal_file import JournalFile  # sqlite-utils: when opened
    from referee.rules.command import Command

DICE_SETTING = "dice"
"""The key of the dice mode in a match file's settings (values ``app``, ``typed``)."""


def _every_change() -> ChangeFlag:
    flags = ChangeFlag.JOURNAL | ChangeFlag.MATCH
    for kind in CHANGE_KINDS:
        flags |= ChangeFlag[kind.upper()]
    return flags


ALL_CHANGES = _every_change()
"""Every change: each kind of change an event makes (:mod:`referee.rules.changes`), the
journal, and the match as a whole (another file opened)."""


def change_flags(step: Step | None) -> ChangeFlag:
    """What ``step`` changed: the kinds of its events' changes, and ``JOURNAL``."""
    flags = ChangeFlag.JOURNAL
    for event in step.events if step is not None else ():
        flags |= event.changes.flags
    return flags


class MatchSession(FileLook):
    """One open match file of any game system (see the module docstring): a match of written
    orders (:class:`~referee.match.games.orders_file.MatchFile`) or of the activation rules
    (:class:`~referee.match.games.activation_file.ActivationMatch`), the same journal, undo and
    sync for both."""

    SYNC_MS = 1500
    """How often the file is looked at for steps written by another program."""

    def __init__(self, match: JournalFile[Any], parent: QObject | None = None) -> None:
        from referee.match.journal.open_lock import hold_open

        super().__init__(match, parent)
        self.open_lock, self.held_by = hold_open(match.path)
        """This window's hold on the file, and who else held it when it was opened
        (:mod:`referee.match.journal.open_lock`)."""
        self.undo_stack = QUndoStack(self)
        self._mirroring = False
        self._unreadable = ""
        """What :meth:`sync` last said it cannot read (said once, not at every look)."""
        self._restore_stack()
        self.timer = QTimer(self)
        self.timer.setInterval(self.SYNC_MS)
        self.timer.timeout.connect(self.sync)
        self.timer.start()

    @classmethod
    def open(cls, path: Path | str, parent: QObject | None = None) -> MatchSession:
        """The match file at ``path`` opened whole: its journal read and its state built
        (every unit of its set-up checked, every step folded) before a session is made of
        it, so a damaged file is refused here (a RefereeError naming the file and the field)
        and nothing that shows the open match has turned to it yet."""
        from referee.match.games.systems import open_match

        match = open_match(path)
        try:
            match.steps(include_undone=True)
            match.state  # noqa: B018 (built now, not at the window's first look)
        except BaseException:
            match.close()
            raise
        return cls(match, parent)

    @property
    def dice_mode(self) -> str:
        """Who rolls this match's dice by default: ``app`` or ``typed`` (the referee types
        what the table rolled), from the match file's settings (``app`` if not set)."""
        settings = self.match.meta.get("settings") or {}
        return "typed" if settings.get(DICE_SETTING) == "typed" else "app"

    @property
    def system(self) -> str:
        """The game system of the match (``orders``, ``activation``)."""
        return str(self.match.SYSTEM)

    def next_dice_seed(self) -> int:
        """The seed of the next step's dice (what a wizard's dry run rolls with): a step
        written again after an undo draws afresh (format 6)."""
        return self.match.next_dice_seed()

    def next_dice(self) -> tuple[int, int, int]:
        """The next step's number, attempt and dice seed (format 6: a step written again,
        or whose dice a wizard showed, draws afresh)."""
        return self.match.next_dice()

    def dice_seen(self, number: int, attempt: int) -> None:
        """A wizard showed the app's dice of step ``number`` at ``attempt`` before it is
        written (an assault): the file records it, so the step drawn again after Cancel
        gets fresh dice. A file that cannot take it now is said, not raised."""
        from referee.match.journal.journal_file import MatchMovedOn

        try:  # strict: a write of another program is not taken as seen by this view
            self._check_current()
            self.match.dice_seen(number, attempt, strict=True)
            self._stamp = file_stamp(self.path)
        except MatchMovedOn:
            self.sync()  # the wizard is outdated; Finish is refused, nothing is written
        except RefereeError as exc:
            self.notice.emit(f"The match file cannot record the dice shown: {exc}")

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

    def sync(self) -> bool:
        """If another program changed the file since the window last read it, read it again
        whole, mirror its journal on the undo stack and tell the views; True if so. A file
        that no longer reads is said (``unreadable``) and the last match read well stays
        (see the module docstring); one another program holds right now is looked at again
        at the next tick."""
        try:
            if self.match.busy():
                return False
            stamp = file_stamp(self.path)
            moved = self.match.moved_on()
        except RefereeError as exc:  # the file went bad or busy meanwhile: say so, keep going
            if str(exc) != self._unreadable:  # once, not at every look
                self._unreadable = str(exc)
                if not self.path.exists():
                    self.lost.emit(str(exc))
                self.notice.emit(f"The match file cannot be read now: {exc}")
            return False
        self._unreadable = ""
        if not moved and stamp == self._stamp:
            return False
        old_state, old_steps = self._good
        try:
            state = self.match.reread()  # all or nothing: the match read well stays
            steps = self.match.steps(include_undone=True)
        except RefereeError as exc:
            self._stamp = stamp  # read again when the file changes again
            self._went_bad(exc)
            return False
        self._stamp = stamp
        was_bad, self.damage = self.damage, ""
        self._good = (state, steps)
        if not (moved or was_bad) and steps == old_steps and state == old_state:
            return False  # the file was written, the match was not changed
        self._stack_from_file()
        done = [s for s in steps if not s.undone]
        last = f": now at step {done[-1].number}, {done[-1].name}" if done else ""
        if was_bad:
            self.notice.emit(f"The match file reads again{last}")
        else:
            self.notice.emit(f"Another program wrote to this match{last}")
        self.changed.emit(ALL_CHANGES | ChangeFlag.EXTERNAL)
        return True

    def run_step(
        self,
        name: str,
        commands: Iterable[Command],
        typed: Iterable[int] = (),
        attempt: int | None = None,
    ) -> Step:
        """Carry out and write one named step of ``commands``, the match's game's command
        values (what the referee typed is read into them at the app's edge); the engine's
        refusal (a RefereeError naming the field) propagates and nothing is written or
        pushed. A step built on a view the file has moved on from is refused too
        (:class:`MatchMovedOn`), after the view is brought up to date."""
        from referee.match.journal.journal_file import MatchMovedOn

        self._check_current()
        try:
            step = self.match.run(
                name, list(commands), typed=list(typed), strict=True, attempt=attempt
            )
        except MatchMovedOn:
            self.sync()
            raise
        self._stamp = file_stamp(self.path)
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
        try:
            self._check_current()
            undone = self.match.undo_back_to(number, strict=True)
        except RefereeError as exc:
            self._refused(exc)
            return []
        self._stamp = file_stamp(self.path)
        self._moved_stack(index, ChangeFlag.UNDO, undone)
        return undone

    def redo_up_to(self, number: int) -> list[Step]:
        """Redo every undone step up to step ``number`` as one user action (the stack moves
        above them; one ``changed``)."""
        index = self.stack_index_of(number)
        if index is None or index <= self.undo_stack.index():
            return []
        done = [s for s in self.steps() if s.undone and s.number <= number]
        try:
            self._check_current()
            for _ in done:
                self.match.redo(strict=True)
        except RefereeError as exc:
            self._refused(exc)
            return []
        finally:
            self._stamp = file_stamp(self.path)
        self._moved_stack(index, ChangeFlag.REDO, done)
        return done

    def _moved_stack(self, index: int, flag: ChangeFlag, steps: list[Step]) -> None:
        """The file has undone or redone ``steps`` already: move the undo stack to
        ``index`` without doing them again, and emit one ``changed`` for all of them."""
        self._mirroring = True
        try:
            self.undo_stack.setIndex(index)
        finally:
            self._mirroring = False
        flags = flag
        for step in steps:
            flags |= change_flags(step)
        self.changed.emit(flags)

    def mirror_undo(self) -> None:
        self._mirror(self.match.undo, ChangeFlag.UNDO)

    def mirror_redo(self) -> None:
        self._mirror(self.match.redo, ChangeFlag.REDO)

    def _mirror(self, move: Callable[..., Step | None], flag: ChangeFlag) -> None:
        """The undo stack moved by one command: the file undoes or redoes one step too
        (unless the stack is only following the file, :meth:`_moved_stack`)."""
        if self._mirroring:
            return
        try:
            self._check_current(look=False)  # (the stack is in its undo: it is rebuilt later)
            step = move(strict=True)
        except RefereeError as exc:
            self._refused(exc)
            return
        self._stamp = file_stamp(self.path)
        self.changed.emit(change_flags(step) | flag)

    def _refused(self, error: RefereeError) -> None:
        """An undo or redo the file refused: the stack already moved, the file did not, so
        the stack is rebuilt from the file once Qt has finished the undo it is in; the
        refusal is said (``refused``) after that, so the stack's moves (each the window's
        "next action") do not take it away."""
        why = one_line(error)
        QTimer.singleShot(0, lambda: self._rebuild(why))

    def _rebuild(self, why: str) -> None:
        if not self.sync():
            self._stack_from_file()
            self.changed.emit(ALL_CHANGES)
        self.refused.emit(why)

    def write_copy(self, target: Path | str, *, replace: bool = False) -> Path:
        """Write the match whole to a new match file at ``target`` (File > Save As): every
        step, undone ones too, as the window last read them well, so a match whose file
        is gone or damaged is saved as it shows (:mod:`referee.match.journal.match_copy`).
        A file still there is looked at first (a step another program wrote is in the
        copy). The engine's refusal (a RefereeError naming ``target``) propagates; nothing
        is written then. ``replace``: a file of that name is replaced (the save dialog
        asked)."""
        from referee.match.journal.match_copy import write_copy

        if not self.path.exists():  # gone: the steps last read well, not read again
            return write_copy(self.match, target, list(self._good[1]), replace=replace)
        self.sync()
        return write_copy(self.match, target, self.steps(), replace=replace)

    def go_on_with(self, path: Path | str) -> None:
        """Go on with the match file at ``path`` in place of this one (File > Save As: the
        copy :meth:`write_copy` wrote): opened whole (a RefereeError naming it leaves the
        session as it was), then every step, undo and redo is written there. The session
        stays the one the window, its undo stack and an open wizard hold: the match is the
        same, step for step, so nothing built on it goes out of date. A copy whose journal
        differs from the one shown (written meanwhile) is shown as every change made
        elsewhere is (``changed`` with ``EXTERNAL``)."""
        from referee.match.games.systems import open_match

        match = open_match(path)
        try:
            steps = match.steps(include_undone=True)
            state = match.state
        except BaseException:
            match.close()
            raise
        old, shown = self.match, self._good[1]
        self.match = match
        self._good = (state, steps)
        self._stamp = file_stamp(match.path)
        self.damage = self._unreadable = ""
        old.close()
        if steps != shown:
            self._stack_from_file()
            self.changed.emit(ALL_CHANGES | ChangeFlag.EXTERNAL)

    def _stack_from_file(self) -> None:
        """The undo stack made again from the file's steps, none of them run again."""
        self._mirroring = True
        try:
            self.undo_stack.clear()
        finally:
            self._mirroring = False
        self._restore_stack()

    def close(self) -> None:
        self.timer.stop()
        self.undo_stack.clear()
        self.match.close()
        if self.open_lock is not None:
            self.open_lock.release()
            self.open_lock = None
