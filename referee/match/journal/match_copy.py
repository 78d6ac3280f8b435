"""A match written whole to a new file, of any game system (File > Save As in the window,
``referee match copy FILE NEW``): its set-up, its settings and every step of its journal,
undone ones too (redo brings them back in the copy as it would have in the file), each
event's row in the very JSON text the match read from its file (an older file's key order
kept byte for byte), a step the window wrote itself as the journal writes it
(:meth:`Event.to_row`), and the attempts its
steps' dice were drawn at, so the copy replays exactly (``referee match check``).

The copy is written from what the open match holds (:meth:`JournalFile.kept_rows` and the
steps given), never by copying the file's bytes: a window whose file was deleted, moved away
or damaged saves the match as it last read it well. It is written to a file of its own
beside the target (the same folder, so the same disk), read back whole (opened, its journal
read, its state built) and only then put in place in one step: a full disk, a folder without
write permission or a failure anywhere leaves no file at the target and nothing half
written. A name that exists is replaced only when asked (``replace``: the window's save
dialog asked first); the open match's own file never is.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from referee.errors import RefereeError, storage_problem
from referee.match.journal.journal_file import TABLE_SQL, JournalFile, MatchFileError, SqlValue
from referee.paths import staging_path, sync_folder
from referee.rules.events import Step


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file (the same path, a link to it, another
    spelling of it)."""
    try:
        if os.path.samefile(a, b):
            return True
    except OSError:  # one of them is not there
        pass
    return os.path.abspath(a) == os.path.abspath(b)


def is_own_file(match_path: Path, target: Path) -> bool:
    """Whether ``target`` is the open match's own file, at ``match_path`` (a copy is never
    written over it; a file gone from there may be saved back in its place)."""
    return match_path.exists() and _same_file(match_path, target)


def _refused(target: Path, problem: str) -> MatchFileError:
    return MatchFileError(
        f"{target}: the match was not saved there: {problem}; nothing was written",
        file=target,
    )


def _journal_rows(
    match: JournalFile[Any], steps: Sequence[Step], created: Any
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The steps' rows and their events' rows: each event's JSON text as the match read
    it from its file (:meth:`JournalFile.recorded_texts`: an older file's bytes, whatever
    order today's referee writes the keys in), else as :meth:`JournalFile._write_step`
    writes it."""
    step_rows = [(s.number, s.name, int(s.undone), created.get(s.number)) for s in steps]
    event_rows = []
    for s in steps:
        texts = match.recorded_texts(s)
        for i, e in enumerate(s.events):
            text = texts[i] if texts is not None else json.dumps(e.to_row())
            event_rows.append((s.number, i, e.kind, text))
    return step_rows, event_rows


def _shape(steps: Sequence[Step]) -> list[tuple[object, ...]]:
    """The journal as JSON values (what a copy must read back as)."""
    return [
        (s.number, s.name, s.undone, [json.loads(json.dumps(e.to_row())) for e in s.events])
        for s in steps
    ]


def write_copy(
    match: JournalFile[Any],
    target: Path | str,
    steps: Sequence[Step] | None = None,
    *,
    replace: bool = False,
) -> Path:
    """Write ``match`` whole to a new match file at ``target`` (see the module docstring);
    ``steps``: its journal, undone steps too, as a window last read it well (None: read
    from the file now). Refused with a :class:`MatchFileError` naming ``target`` (nothing
    written): the open match's own file, a name that exists (unless ``replace``), a
    folder, no such folder, and whatever the disk refuses (full, no permission). Returns
    the path written."""
    target = Path(target)
    if is_own_file(match.path, target):
        raise _refused(target, "it is the match's own file; choose another name")
    if target.is_dir():
        raise _refused(target, "it is a folder")
    if not replace and (target.exists() or target.is_symlink()):
        raise _refused(target, "a file of that name exists; choose another name")
    folder = target.parent
    if not folder.is_dir():
        raise _refused(target, f"no folder {str(folder)!r}")
    if steps is None:
        steps = match.steps(include_undone=True)
    kept = match.kept_rows
    step_rows, event_rows = _journal_rows(match, steps, kept.created)
    try:
        partial = staging_path(target)
    except OSError as exc:
        raise _refused(target, _problem(exc, target)) from None
    try:
        _write_rows(partial, kept.meta, kept.cards, kept.units, step_rows, event_rows)
        _read_back(type(match), partial, target, _shape(steps))
        _place(partial, target, replace)
    except (OSError, sqlite3.Error) as exc:
        raise _refused(target, _problem(exc, target)) from None
    finally:
        for leftover in (partial, partial.with_name(partial.name + "-journal")):
            leftover.unlink(missing_ok=True)
    sync_folder(folder)
    return target


def _problem(exc: BaseException, target: Path) -> str:
    """What the disk (or SQLite) refused, in words."""
    problem = storage_problem(exc, target)
    if problem is not None:
        return problem
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)


def _write_rows(
    partial: Path,
    meta: Any,
    cards: Sequence[tuple[SqlValue, SqlValue]],
    units: Sequence[tuple[SqlValue, SqlValue]],
    step_rows: list[tuple[Any, ...]],
    event_rows: list[tuple[Any, ...]],
) -> None:
    """Every table of a match file at ``partial`` (made here), in one transaction."""
    db = sqlite3.connect(partial)
    try:
        with db:
            db.execute(TABLE_SQL["meta"])
            db.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", list(meta.items()))
            db.execute(TABLE_SQL["cards"])
            db.executemany("INSERT INTO cards (id, data) VALUES (?, ?)", cards)
            db.execute(TABLE_SQL["units"])
            db.executemany(
                "INSERT INTO units (uid, position, data) VALUES (?, ?, ?)",
                [(uid, i, data) for i, (uid, data) in enumerate(units)],
            )
            db.execute(TABLE_SQL["steps"])
            db.executemany(
                "INSERT INTO steps (number, name, undone, created) VALUES (?, ?, ?, ?)",
                step_rows,
            )
            db.execute(TABLE_SQL["events"])
            db.executemany(
                "INSERT INTO events (step, position, kind, data) VALUES (?, ?, ?, ?)",
                event_rows,
            )
            db.execute(TABLE_SQL["events index"])
    finally:
        db.close()


def _read_back(
    kind: type[JournalFile[Any]], partial: Path, target: Path, wanted: list[tuple[object, ...]]
) -> None:
    """Open the copy as its game's match file, read its journal and build its state:
    refused unless it reads back as the journal written (the copy is not put in place)."""
    try:
        copy = kind.open(partial)
        steps = copy.steps(include_undone=True)
        copy.state  # noqa: B018 (every active step folded, as opening it in the window does)
    except RefereeError as exc:
        said = str(exc).replace(str(partial), str(target))
        raise _refused(target, f"the copy did not read back ({said})") from None
    if _shape(steps) != wanted:
        raise _refused(target, "the copy did not read back as the match's journal")


def _place(partial: Path, target: Path, replace: bool) -> None:
    """Put the finished copy at ``target`` in one step: over a file there only when
    ``replace``; else refused if one appeared meanwhile."""
    if replace:
        os.replace(partial, target)
        return
    try:
        os.link(partial, target)  # never over a file that appeared since the check
    except FileExistsError:
        raise _refused(target, "a file of that name exists; choose another name") from None
    except OSError:  # a file system without hard links
        if target.exists():
            raise _refused(target, "a file of that name exists; choose another name") from None
        os.replace(partial, target)
