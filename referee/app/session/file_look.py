"""The open match file as a session looks at it (:class:`FileLook`, the base of
:class:`~referee.app.session.match_session.MatchSession`): its signals, the state and steps
it shows, and what it does when the file changes under it without a step.

Another program may change the file without writing a step (``sqlite3`` setting a unit's
damage tokens to -5, truncating a journal row): the file's stamp (its size and time of change,
:func:`file_stamp`) moves while its revision does not. The look then reads the file again
whole (:meth:`JournalFile.reread`, all or nothing). A file that no longer reads leaves the
session *unreadable*: it keeps the last state and steps it read well (what :attr:`state` and
:meth:`steps` give, so the window goes on showing them), refuses every step, undo and redo
(nothing written) and emits ``unreadable`` with the reason, naming the file and the field,
and the way forward; read well again (put right, restored from a copy), it carries on.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from referee.errors import RefereeError
from referee.rules.events import Step

if TYPE_CHECKING:
    from referee.match.journal.journal_file import JournalFile  # sqlite-utils: when opened


def file_stamp(path: Path) -> tuple[int, ...]:
    """What moves whenever any program writes the file at ``path`` (its inode, size and time
    of change; a match file keeps its journal in itself, ``journal_mode`` delete): compared
    with the stamp the session last knew, it tells a change that wrote no step. A file that
    cannot be looked at has the empty stamp."""
    try:
        st = os.stat(path)
    except OSError:
        return ()
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


class FileLook(QObject):
    """The match file of a session (see the module docstring): what it shows of it, the
    last read well, and the refusal of a change while it no longer reads. :meth:`sync`,
    the look at the file, is the session's."""

    changed = Signal(object)  # the ChangeFlag of what changed
    notice = Signal(str)  # a sentence for the status bar: another program wrote, read again
    refused = Signal(str)  # a change asked of the session refused, nothing written: why (the
    # window's one refusal path: the status bar until the next action, the game's panel)
    lost = Signal(str)  # the file is gone from its place (deleted, moved away): said once
    unreadable = Signal(str)  # the file no longer reads (see the module docstring): why

    def __init__(self, match: JournalFile[Any], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.match = match
        self.damage = ""
        """Why the file no longer reads (the engine's words, naming the file and the field),
        or "": it reads."""
        self._good: tuple[Any, list[Step]] = (match.state, match.steps(include_undone=True))
        """The state and the steps (undone ones too) last read well from the file."""
        self._stamp = file_stamp(match.path)

    @property
    def path(self) -> Path:
        return self.match.path

    def sync(self) -> bool:
        """Look at the file again (the session's); True if the match changed."""
        raise NotImplementedError

    @property
    def state(self) -> Any:
        """The match's state now (a :class:`MatchState`, or the activation rules' own); of a
        file that no longer reads, the last read well."""
        if not self.damage:
            try:
                self._good = (self.match.state, self._good[1])
            except RefereeError as exc:
                self._went_bad(exc)
        return self._good[0]

    def steps(self) -> list[Step]:
        """Every step of the journal, undone ones (which redo brings back) included; of a
        file that no longer reads, those last read well."""
        if not self.damage:
            try:
                self._good = (self._good[0], self.match.steps(include_undone=True))
            except RefereeError as exc:
                self._went_bad(exc)
        return list(self._good[1])

    def done_steps(self) -> list[Step]:
        """The steps not undone (see :meth:`steps`)."""
        return [s for s in self.steps() if not s.undone]

    # --- a file that no longer reads ------------------------------------------------

    def _went_bad(self, error: RefereeError) -> None:
        """The file did not read (``error`` names it and the field): the session keeps what
        it last read well and refuses every change until the file reads again; the reason
        is said (``unreadable``), once for each reason."""
        said = str(error)
        if said == self.damage:
            return
        self.damage = said
        self.notice.emit(f"The match file cannot be read now: {said}")
        self._say_bad(said)

    def _say_bad(self, said: str) -> None:
        """Say why the file does not read (``said``) in the window's dialog: a file deleted
        or moved away is gone (``lost``), not damaged (``unreadable``)."""
        (self.unreadable if os.path.lexists(self.path) else self.lost).emit(said)

    def refusal(self) -> str:
        """Why a change of the match is refused now ("": it is not): the file no longer
        reads. The file is looked at first, so a change made since the last look is seen."""
        if self._stamp != file_stamp(self.path):
            self.sync()
        if not self.damage:
            return ""
        return (
            f"{self.damage}\n\nNothing was written: the window shows the match as it was "
            "last read well. Put the file right (restore it from a copy, say) and the window "
            "carries on from it; or open it again (File > Open)."
        )

    def refuse_if_unreadable(self) -> bool:
        """Refuse a change of the match if the file no longer reads (said through
        ``unreadable``, the window's dialog, and ``refused``); True if refused."""
        why = self.refusal()
        if why:
            self._say_bad(self.damage)
            self.refused.emit(self.damage)
        return bool(why)

    def _check_current(self, *, look: bool = True) -> None:
        """Refuse a change (raise, nothing written) built on a view of the file that no
        longer stands: another program changed the file since it was last looked at, even
        without writing a step (:class:`MatchMovedOn`; ``look``: the view is brought up to
        date first, else by the caller, later: not from inside the undo stack's own undo),
        or the file no longer reads (said through ``unreadable`` too)."""
        from referee.match.journal.journal_file import MatchFileError, MatchMovedOn

        if self._stamp != file_stamp(self.path) and (not look or self.sync()):
            raise MatchMovedOn(
                f"{self.path}: another program wrote to this match since it was last read; "
                "nothing was written: look at the match as it is now and do it again",
                file=self.path,
            )
        why = self.refusal()
        if why:
            self._say_bad(self.damage)
            raise MatchFileError(why.replace("\n\n", " "), file=self.path)
