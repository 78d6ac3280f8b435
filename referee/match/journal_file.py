"""What every match file shares, whatever its game system: one SQLite database with the
tables ``meta`` (format version, ruleset and the readings it takes, seed, the stamp
of the referee that wrote it), ``cards``, ``units`` (the set-up), ``steps`` (named steps: the
unit of undo) and ``events`` (the append-only journal: command, dice, changes, working,
clause and ruling ids).

:class:`JournalFile` opens, checks and writes such a file: every step, undo and redo is one
write transaction (``BEGIN IMMEDIATE``) that reads the journal it builds on inside the
transaction, so two programs writing one match take turns and never lose or double a
committed step (:mod:`referee.match.store` says more). What a step does, and how the journal
folds into the state of the game, is the game system's: :class:`referee.match.store.MatchFile`
for the game of written orders, :class:`referee.match.activation_file.ActivationMatch` for the
activation rules; :mod:`referee.match.systems` opens a file with the class of its ruleset's
system. The file is read and written with Python's own sqlite3 (quick to import); a reader
outside the match (a tournament's results) may ask for it as a ``sqlite_utils.Database``
(:attr:`JournalFile.db`). :meth:`JournalFile.batch` writes many steps as one transaction (a
replay).
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence, Sized
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

from referee.dice.service import Roll
from referee.errors import RefereeError
from referee.limits import MATCH_MAX_STEPS, MATCH_MAX_UNITS, NAME_MAX_CHARS
from referee.match.changes import Changes
from referee.match.events import Event, Step
from referee.match.formats import CURRENT
from referee.ruleset import Ruleset
from referee.versions import check_stamp

if TYPE_CHECKING:
    from referee.match.text_journal import TextJournal

S = TypeVar("S")

FORMAT_VERSION = CURRENT  # turns begin with the orders step, fire at gunnery steps (formats.py)
TABLES = ("meta", "cards", "units", "steps", "events")
COLUMNS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "meta": frozenset({"key", "value"}),
        "cards": frozenset({"id", "data"}),
        "units": frozenset({"uid", "position", "data"}),
        "steps": frozenset({"number", "name", "undone", "created"}),
        "events": frozenset({"id", "step", "position", "kind", "data"}),
    }
)
"""The columns each table must have (a file with one dropped is damaged)."""
TABLE_SQL: Mapping[str, str] = MappingProxyType(
    {
        "meta": 'CREATE TABLE "meta" (\n   "key" TEXT PRIMARY KEY,\n   "value" TEXT\n)',
        "cards": 'CREATE TABLE "cards" (\n   "id" TEXT PRIMARY KEY,\n   "data" TEXT\n)',
        "units": 'CREATE TABLE "units" (\n   "uid" TEXT PRIMARY KEY,\n   "position" INTEGER,\n'
        '   "data" TEXT\n)',
        "steps": 'CREATE TABLE "steps" (\n   "number" INTEGER PRIMARY KEY,\n   "name" TEXT,\n'
        '   "undone" INTEGER,\n   "created" TEXT\n)',
        "events": 'CREATE TABLE "events" (\n   "id" INTEGER PRIMARY KEY,\n'
        '   "step" INTEGER REFERENCES "steps"("number"),\n   "position" INTEGER,\n'
        '   "kind" TEXT,\n   "data" TEXT\n)',
        "events index": 'CREATE INDEX "idx_events_step_position"\n'
        '    ON "events" ("step", "position")',
    }
)
"""A new match file's tables, in SQL word for word as sqlite-utils wrote them before (so a
file is laid out as it was, page for page), written with Python's own sqlite3, which
imports in no time."""
BUSY_SECONDS = 15.0
"""How long a command waits for another program's write to the same file to finish."""


def _plain(data: object) -> object:
    """``data`` as JSON gives it back (tuples become lists), for comparing events."""
    return json.loads(json.dumps(data))


@dataclass(frozen=True)
class EventRow:
    """One event as the file holds it: its JSON ``text``, the value read from it
    (``data``, its shape checked as far as running it again needs: kind, command, dice)
    and where it is, for messages. :meth:`event` reads the whole event, checking the rest."""

    text: str
    data: Mapping[str, Any]
    dice: tuple[Roll, ...]
    where: str

    @property
    def kind(self) -> str:
        return str(self.data["kind"])

    @property
    def command(self) -> Mapping[str, Any]:
        return self.data["command"]  # type: ignore[no-any-return]

    def event(self) -> Event:
        return _event(self.data, self.where)

    def same(self, again: Event) -> bool:
        """Whether ``again`` (the event run again) is this one: the very text the file
        would get, or else (a row another version wrote, its keys in another order) the
        same JSON value as the event read from the row, in today's words or in the words
        an earlier version gave the same ruling (:attr:`Event.former`)."""
        fresh = again.to_row()
        if json.dumps(fresh) == self.text:
            return True
        mine = _plain(self.event().to_row())
        former = again.former_row()
        return _plain(fresh) == mine or (former is not None and _plain(former) == mine)


class MatchFileError(RefereeError):
    """A match file that cannot be opened or written; the message names the file."""

    def __init__(self, message: str, *, file: Path | str | None = None) -> None:
        super().__init__(message)
        self.file = None if file is None else Path(file)


class MatchMovedOn(MatchFileError):
    """Another program wrote to the match file since this handle last read it, and the
    caller asked for its view to be current (``strict``); nothing was written."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def step_seed(seed: int, number: int) -> int:
    """The seed of step ``number``'s dice: the match's seed and the step, mixed (the first
    48 bits of the SHA-256 of ``"seed:number"``)."""
    digest = _sha256(f"{seed}:{number}".encode()).hexdigest()
    return int(digest[:12], 16)


def _builtin_sha256() -> Any:
    """SHA-256 from CPython's own module (``_sha2``, ``_sha256`` before 3.12): the very digest
    ``hashlib.sha256`` gives, without loading OpenSSL, which ``import hashlib`` does (about
    3 ms of a ``referee match check``, which needs only this); hashlib's where there is none."""
    import importlib

    for name in ("_sha2", "_sha256"):
        try:
            return importlib.import_module(name).sha256
        except (ImportError, AttributeError):
            continue
    import hashlib

    return hashlib.sha256


_sha256 = _builtin_sha256()


@contextmanager
def _sqlite_errors(path: Path) -> Iterator[None]:
    """SQLite's complaints about the file as a :class:`MatchFileError` naming it; a misuse
    of the connection (:class:`sqlite3.ProgrammingError`) is a bug and is left alone."""
    try:
        yield
    except sqlite3.ProgrammingError:
        raise
    except sqlite3.OperationalError as exc:
        text = str(exc)
        if "locked" in text or "busy" in text:
            raise MatchFileError(
                f"{path}: busy: another program kept it locked for over {BUSY_SECONDS:g} s; "
                "nothing was changed, try again",
                file=path,
            ) from None
        raise MatchFileError(
            f"{path}: not a match file or damaged ({text}); it was not changed", file=path
        ) from None
    except sqlite3.DatabaseError as exc:
        raise MatchFileError(
            f"{path}: not a match file or damaged ({exc}); it was not changed", file=path
        ) from None
    except UnicodeDecodeError:  # SQLite's own text (a damaged name in its check) not UTF-8
        raise MatchFileError(
            f"{path}: the file is damaged (text that is not UTF-8); it was not changed", file=path
        ) from None


def check_new_match(
    settings: Mapping[str, str] | None, title: object, seed: object, units: Sized
) -> None:
    """What every new match file's header must be, whatever its game system: settings as
    text, a title of at most ``NAME_MAX_CHARS``, a seed from 0 below 2^63, at most
    ``MATCH_MAX_UNITS`` units."""
    for key, value in (settings or {}).items():
        if not isinstance(key, str) or not isinstance(value, str):
            raise MatchFileError(f"settings: {key!r} = {value!r}: expected text for both")
    if not isinstance(title, str) or len(title) > NAME_MAX_CHARS:
        raise MatchFileError(f"title: text of at most {NAME_MAX_CHARS} characters")
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63
    ):
        raise MatchFileError(f"seed: {seed!r} is not a whole number from 0 below 2^63")
    if len(units) > MATCH_MAX_UNITS:
        raise MatchFileError(f"units: {len(units)}, over the limit of {MATCH_MAX_UNITS}")


def _json(text: object, where: str) -> Any:
    """A JSON value kept in the file; anything else is damage."""
    if not isinstance(text, str | bytes):
        raise MatchFileError(f"{where}: expected JSON text, found {type(text).__name__}")
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise MatchFileError(f"{where}: not readable JSON ({str(exc)[:80]})") from None


def _step_row(row: Sequence[Any], where: str) -> tuple[int, str, bool]:
    number, name, undone = row
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise MatchFileError(f"{where}: step number {number!r} is not a whole number from 1")
    if not isinstance(name, str):
        raise MatchFileError(f"{where}: step {number} has no name ({name!r})")
    if undone not in (0, 1):
        raise MatchFileError(f"{where}: step {number}: undone is {undone!r}, not 0 or 1")
    return number, name, bool(undone)


def _event(data: object, where: str) -> Event:
    """An event row as the file holds it, checked for shape before the engine sees it."""
    dice = _rolls(data, where)
    assert isinstance(data, dict)  # _rolls checked it
    return Event(
        kind=data["kind"],
        command=data["command"],
        changes=Changes.from_json(data["changes"]),
        text=data["text"],
        dice=dice,
        clauses=tuple(data["clauses"]),
        rulings=tuple(data["rulings"]),
        detail=data.get("detail") or {},
    )


def _rolls(data: object, where: str) -> tuple[Roll, ...]:
    """The dice of an event row, the row's shape checked first (all but its changes,
    which :meth:`Changes.from_json` checks)."""
    if not isinstance(data, dict):
        raise MatchFileError(f"{where}: an event is a JSON object")
    for key, kind in _ROW_KINDS.items():
        if not isinstance(data.get(key), kind):
            raise MatchFileError(f"{where}: {key} is missing or not a {kind.__name__}")
    if not isinstance(data.get("detail") or {}, dict):
        raise MatchFileError(f"{where}: detail is not an object")
    if not all(isinstance(x, str) for x in [*data["clauses"], *data["rulings"]]):
        raise MatchFileError(f"{where}: clause and ruling ids are text")
    dice = []
    for i, d in enumerate(data["dice"]):
        ok = (
            isinstance(d, dict)
            and all(
                isinstance(d.get(k), int) and not isinstance(d.get(k), bool)
                for k in ("sides", "value")
            )
            and isinstance(d.get("purpose"), str)
            and isinstance(d.get("typed"), bool)
        )
        if not ok or not 1 <= d["value"] <= max(1, d["sides"]) <= 1000:
            raise MatchFileError(f"{where}: die {i} is not a die roll: {d!r:.60}")
        dice.append(Roll(d["sides"], d["value"], d["purpose"], d["typed"]))
    return tuple(dice)


_ROW_KINDS: Mapping[str, type] = MappingProxyType(
    {
        "kind": str,
        "command": dict,
        "changes": dict,
        "text": str,
        "dice": list,
        "clauses": list,
        "rulings": list,
    }
)
"""What each key of an event row holds."""


def _meta_problems(meta: Mapping[str, Any]) -> list[str]:
    """What is wrong with the keys every match file's meta table has (empty: nothing)."""

    def text(key: str, required: bool = True) -> str | None:
        if key not in meta:
            return f"no {key}" if required else None
        return None if isinstance(meta[key], str) else f"{key} is not text: {meta[key]!r:.40}"

    def table(key: str) -> str | None:
        value = meta.get(key) or {}
        if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in value.items()
        ):
            return f"{key} is not a table of text: {value!r:.40}"
        return None

    seed = meta.get("seed")
    problems = [
        text("ruleset"),
        text("title", False),
        text("created", False),
        table("readings"),
        table("settings"),
        None
        if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**63
        else f"seed is not a whole number from 0: {seed!r:.40}",
        None
        if len(str(meta.get("title", ""))) <= NAME_MAX_CHARS
        else f"the title is over the limit of {NAME_MAX_CHARS} characters",
    ]
    return [p for p in problems if p]


class JournalFile(Generic[S]):
    """An open match file of some game system, whose state is an ``S`` (see the module
    docstring). A system's class says how the file's set-up is read (:meth:`_load`), what
    else its meta must hold (:meth:`_meta_problems`), where the game starts
    (:meth:`initial_state`) and how the journal's events fold into its state (:meth:`_fold`);
    the transactions, the journal's rows, undo and redo are shared."""

    SYSTEM: ClassVar[str] = ""
    """The game system (``data/rulesets/systems.toml``) whose rulesets' matches this class
    plays."""
    rules: Ruleset

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        conn.isolation_level = None  # transactions are begun and ended here, explicitly
        self.conn = conn
        self._state: S | None = None
        self._version = -1
        self._batch = False
        with self._reading():
            self._check_tables()
            meta = self._read_meta()
            self.meta: Mapping[str, Any] = MappingProxyType(meta)
            ruleset_version = check_stamp(meta.get("versions"), path)  # refuses a newer file
            self._load(meta, ruleset_version)
            self._version = self._data_version()

    # --- what a game system says ----------------------------------------------------

    def _load(self, meta: Mapping[str, Any], ruleset_version: int) -> None:
        """Read the ruleset and the set-up (inside the opening read transaction); a file
        that cannot be read raises :class:`MatchFileError` naming it."""
        raise NotImplementedError

    def _meta_problems(self, meta: Mapping[str, Any]) -> list[str]:
        """What is wrong with the system's own keys of the meta table (empty: nothing)."""
        return []

    def initial_state(self) -> S:
        raise NotImplementedError

    def run(
        self,
        name: str,
        commands: Iterable[Mapping[str, Any]],
        typed: Iterable[int] = (),
        *,
        strict: bool = False,
    ) -> Step:
        """Carry out ``commands`` (their JSON forms) as one named step and write it, all or
        nothing; ``typed``: the dice read off the table, answering the step's first dice."""
        raise NotImplementedError

    def replay_check(self) -> list[str]:
        """Every event that would now come out differently (empty: the journal replays
        exactly)."""
        raise NotImplementedError

    @classmethod
    def from_journal(cls, journal: TextJournal, path: Path | str) -> Self:
        """A new match file at ``path`` with the set-up of a text journal."""
        raise NotImplementedError

    def _fold(self, steps: Iterable[Step], state: S | None = None) -> S:
        """``state`` (the set-up by default) with ``steps`` carried out as recorded."""
        raise NotImplementedError

    # --- creating and opening -------------------------------------------------------

    @staticmethod
    def write_new(
        path: Path,
        meta: Mapping[str, Any],
        cards: Mapping[str, Any],
        units: Sequence[Mapping[str, Any]],
    ) -> None:
        """Write a new match file at ``path`` with ``meta`` (a JSON value per key),
        ``cards`` (id -> JSON) and ``units`` (the set-up, each with its ``uid``); the file
        appears whole or not at all, and an existing file is never replaced."""
        if path.exists() or path.is_symlink():
            raise MatchFileError(
                f"{path}: already exists; a match file is never overwritten", file=path
            )
        partial = path.with_name(f".{path.name}.partial")
        partial.unlink(missing_ok=True)
        db = sqlite3.connect(partial)
        try:
            with _sqlite_errors(partial), db:
                # each table made, then filled, in the order sqlite-utils did
                db.execute(TABLE_SQL["meta"])
                db.executemany(
                    "INSERT INTO meta (key, value) VALUES (?, ?)",
                    [(k, json.dumps(v)) for k, v in meta.items()],
                )
                db.execute(TABLE_SQL["cards"])
                db.executemany(
                    "INSERT INTO cards (id, data) VALUES (?, ?)",
                    [(k, json.dumps(v)) for k, v in cards.items()],
                )
                db.execute(TABLE_SQL["units"])  # a match whose units all wait for setup has none
                db.executemany(
                    "INSERT INTO units (uid, position, data) VALUES (?, ?, ?)",
                    [(u["uid"], i, json.dumps(u)) for i, u in enumerate(units)],
                )
                for table in ("steps", "events", "events index"):
                    db.execute(TABLE_SQL[table])
            db.close()
            if path.exists():
                raise MatchFileError(
                    f"{path}: already exists; a match file is never overwritten", file=path
                )
            os.replace(partial, path)  # the file appears whole or not at all
        finally:
            db.close()
            partial.unlink(missing_ok=True)

    @classmethod
    def open(cls, path: Path | str) -> Self:
        """Open a match file, refusing one that is damaged, foreign or from a newer version."""
        path = Path(path)
        if not path.is_file():
            raise MatchFileError(f"{path}: no such match file", file=path)
        with _sqlite_errors(path):
            conn = sqlite3.connect(
                f"{path.resolve().as_uri()}?mode=rw", uri=True, timeout=BUSY_SECONDS
            )
        try:
            with _sqlite_errors(path):
                return cls(path, conn)
        except BaseException:
            conn.close()
            raise

    def _check_tables(self) -> None:
        path = self.path
        ok = self.conn.execute("PRAGMA quick_check").fetchone()
        if not ok or ok[0] != "ok":
            raise MatchFileError(
                f"{path}: the file is damaged ({ok[0] if ok else '?'}); it was not changed",
                file=path,
            )
        names = {
            str(r[0])
            for r in self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        missing = [t for t in TABLES if t not in names]
        if missing:
            raise MatchFileError(
                f"{path}: not a match file (no {', '.join(missing)} table)", file=path
            )
        for table, wanted in COLUMNS.items():
            have = {str(r[1]) for r in self.conn.execute(f"PRAGMA table_info({table})")}
            if not wanted <= have:
                raise MatchFileError(
                    f"{path}: damaged: table {table} has no column "
                    f"{', '.join(sorted(wanted - have))}; it was not changed",
                    file=path,
                )

    def _read_meta(self) -> dict[str, Any]:
        path = self.path
        meta: dict[str, Any] = {}
        for key, value in self.conn.execute("SELECT key, value FROM meta"):
            meta[str(key)] = _json(value, f"{path}: meta {key!r}")
        version = meta.get("format_version")
        if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
            raise MatchFileError(
                f"{path}: written by a newer referee (match format {version}; this one reads "
                f"up to {FORMAT_VERSION}); it was not changed",
                file=path,
            )
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise MatchFileError(
                f"{path}: damaged: its format version is {version!r}, not a "
                "whole number from 1; it was not changed",
                file=path,
            )
        meta.setdefault("settings", {})  # files written before settings existed
        problems = _meta_problems(meta) + self._meta_problems(meta)
        if problems:
            raise MatchFileError(
                f"{path}: damaged: {'; '.join(problems)}; it was not changed", file=path
            )
        for table, most in (("units", MATCH_MAX_UNITS), ("steps", MATCH_MAX_STEPS)):
            count = self.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
            if count > most:
                raise MatchFileError(
                    f"{path}: {count} {table}, over the limit of {most}", file=path
                )
        return meta

    @property
    def db(self) -> Any:
        """The file as a ``sqlite_utils.Database`` (for readers outside the match: a
        tournament's results); imported when first asked for."""
        import sqlite_utils

        return sqlite_utils.Database(self.conn)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- transactions ---------------------------------------------------------------

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """One read transaction: every read inside it sees the same journal."""
        conn = self.conn
        if conn.in_transaction:
            yield
            return
        with _sqlite_errors(self.path):
            conn.execute("BEGIN")
        try:
            yield
        finally:
            with _sqlite_errors(self.path):
                if conn.in_transaction:
                    conn.execute("ROLLBACK")

    @contextmanager
    def _writing(self, strict: bool) -> Iterator[None]:
        """One write transaction, taken before the journal is read (``BEGIN IMMEDIATE``):
        what is read inside it stays true until it commits. Whatever goes wrong inside
        rolls it all back. The handle's cached state is dropped if another program wrote
        since this handle last read; ``strict``: then refuse instead."""
        conn = self.conn
        if self._batch:  # inside :meth:`batch`: its one transaction holds every step
            yield
            return
        with _sqlite_errors(self.path):
            conn.execute("BEGIN IMMEDIATE")
            try:
                version = self._data_version()
                if version != self._version:
                    if strict:
                        raise MatchMovedOn(
                            f"{self.path}: another program wrote to this match since it was "
                            "last read; nothing was written: look at the match as it is now "
                            "and do it again",
                            file=self.path,
                        )
                    self._state = None
                    self._version = version
                yield
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Many steps (:meth:`run`, :meth:`undo`...) written as one transaction: all of them
        or, if any is refused or anything goes wrong, none (a replay writes a whole journal
        so, in a fraction of the time of a commit per step)."""
        if self._batch:
            yield
            return
        with self._writing(strict=False):
            self._batch = True
            try:
                yield
            except BaseException:
                self._state = None  # the steps run so far are rolled back with the rest
                raise
            finally:
                self._batch = False

    def _data_version(self) -> int:
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def moved_on(self) -> bool:
        """Has another program (or another handle) written to the file since this handle
        last read its journal? A cheap check, for a window that shows the match."""
        with _sqlite_errors(self.path):
            return self._data_version() != self._version

    def refresh(self) -> bool:
        """Read the journal again if the file moved on; True if it had."""
        with _sqlite_errors(self.path), self._reading():
            version = self._data_version()
            moved = version != self._version
            if moved:
                self._state = None
                self._version = version
            return moved

    # --- the journal ----------------------------------------------------------------

    # --- the journal ----------------------------------------------------------------

    @property
    def seed(self) -> int:
        return int(self.meta["seed"])

    def steps(self, *, include_undone: bool = False) -> list[Step]:
        return [
            Step(number, name, tuple(r.event() for r in rows), undone)
            for number, name, undone, rows in self.step_rows(include_undone=include_undone)
        ]

    def step_rows(
        self, *, include_undone: bool = False
    ) -> list[tuple[int, str, bool, tuple[EventRow, ...]]]:
        """Each step (number, name, undone) with its events as the file holds them
        (:class:`EventRow`): a check runs each again from its row and compares it with the
        row's text, reading a whole event only where they differ."""
        where = "" if include_undone else " WHERE undone = 0"
        with _sqlite_errors(self.path), self._reading():
            rows = list(
                self.conn.execute(f"SELECT number, name, undone FROM steps{where} ORDER BY number")
            )
            events: dict[int, list[tuple[Any, Any]]] = {}
            for step, position, data in self.conn.execute(
                "SELECT step, position, data FROM events ORDER BY step, position"
            ):
                events.setdefault(step, []).append((position, data))
        out = []
        for row in rows:
            number, name, undone = _step_row(row, f"{self.path}")
            here = f"{self.path}: step {number}"
            held = []
            for position, text in events.get(number, []):
                at = f"{here}, event {position!r}"
                data = _json(text, at)
                held.append(EventRow(text, data, _rolls(data, at), at))
            out.append((number, name, undone, tuple(held)))
        return out

    def step_count(self) -> int:
        """How many steps the journal holds (not counting those undone)."""
        with _sqlite_errors(self.path), self._reading():
            return int(
                self.conn.execute("SELECT COUNT(*) FROM steps WHERE undone = 0").fetchone()[0]
            )

    @property
    def state(self) -> S:
        """The match as this handle last read it: the set-up with every active step's
        changes (:meth:`refresh` reads it again when another program wrote)."""
        if self._state is None:
            with _sqlite_errors(self.path), self._reading():
                self._version = self._data_version()
                self._state = self._fold(self.steps())
        return self._state

    def _next_number(self) -> int:
        row = self.conn.execute("SELECT MAX(number) FROM steps WHERE undone = 0").fetchone()
        return int(row[0] or 0) + 1

    def undo(self, *, strict: bool = False) -> Step | None:
        """Take back the last step (it stays in the file for redo until a new step); the
        match it leaves is worked out before anything is written, so a step that cannot be
        taken back (a damaged journal) leaves the file as it was."""
        conn = self.conn
        with self._writing(strict):
            row = conn.execute(
                "SELECT number FROM steps WHERE undone = 0 ORDER BY number DESC LIMIT 1"
            ).fetchone()
            if row is None:
                return None
            steps = self.steps()
            taken = next(s for s in steps if s.number == row[0])
            state = self._fold([s for s in steps if s.number != taken.number])
            conn.execute("UPDATE steps SET undone = 1 WHERE number = ?", (taken.number,))
        self._state = state
        return Step(taken.number, taken.name, taken.events, True)

    def undo_back_to(self, number: int, *, strict: bool = False) -> list[Step]:
        """Take back every step after step ``number`` in one transaction (they stay in the
        file for redo, the earliest first, until a new step); the steps taken back. As with
        :meth:`undo`, the match they leave is worked out before anything is written."""
        conn = self.conn
        with self._writing(strict):
            steps = self.steps()
            later = [s for s in steps if s.number > number]
            if not later:
                return []
            state = self._fold([s for s in steps if s.number <= number])
            conn.execute("UPDATE steps SET undone = 1 WHERE undone = 0 AND number > ?", (number,))
        self._state = state
        return [Step(s.number, s.name, s.events, True) for s in later]

    def redo(self, *, strict: bool = False) -> Step | None:
        """Carry out again the step undone last (its recorded changes, dice and all)."""
        conn = self.conn
        with self._writing(strict):
            row = conn.execute(
                "SELECT number FROM steps WHERE undone = 1 ORDER BY number LIMIT 1"
            ).fetchone()
            if row is None:
                return None
            again = next(s for s in self.steps(include_undone=True) if s.number == row[0])
            state = self._fold([again], self.state)
            conn.execute("UPDATE steps SET undone = 0 WHERE number = ?", (again.number,))
        self._state = state
        return Step(again.number, again.name, again.events, False)

    def _write_step(self, number: int, name: str, events: Sequence[Event]) -> None:
        """Write step ``number`` with its ``events`` (inside :meth:`_writing`), dropping the
        steps undone before (no redo past a new step)."""
        conn = self.conn
        if conn.execute("SELECT 1 FROM steps WHERE undone = 1 LIMIT 1").fetchone():
            conn.execute(
                "DELETE FROM events WHERE step IN (SELECT number FROM steps WHERE undone = 1)"
            )
            conn.execute("DELETE FROM steps WHERE undone = 1")
        conn.execute(
            "INSERT INTO steps (number, name, undone, created) VALUES (?, ?, 0, ?)",
            (number, name, _now()),
        )
        conn.executemany(
            "INSERT INTO events (step, position, kind, data) VALUES (?, ?, ?, ?)",
            [(number, i, e.kind, json.dumps(e.to_row())) for i, e in enumerate(events)],
        )

    def _check_step(self, name: object, count: int, most: int) -> None:
        """Refuse a step without a name, or with over ``most`` commands."""
        if not isinstance(name, str) or not name.strip():
            raise MatchFileError("a step needs a name")
        if len(name) > NAME_MAX_CHARS:
            raise MatchFileError(
                f"step name: {len(name)} characters, over the limit of {NAME_MAX_CHARS}"
            )
        if count > most:
            raise MatchFileError(f"commands: {count} in one step, over the limit of {most}")

    def _open_step(self) -> int:
        """The number of the next step, refusing a step past the limit of steps (inside
        :meth:`_writing`): :meth:`_check_room` and :meth:`_next_number` in one query."""
        count, last = self.conn.execute(
            "SELECT COUNT(*), MAX(number) FROM steps WHERE undone = 0"
        ).fetchone()
        if count >= MATCH_MAX_STEPS:
            raise MatchFileError(
                f"{self.path}: {count} steps, the limit of {MATCH_MAX_STEPS}: start a new match",
                file=self.path,
            )
        return int(last or 0) + 1

    def _check_room(self) -> None:
        """Refuse a step past the limit of steps (inside :meth:`_writing`)."""
        count = self.conn.execute("SELECT COUNT(*) FROM steps WHERE undone = 0").fetchone()[0]
        if count >= MATCH_MAX_STEPS:
            raise MatchFileError(
                f"{self.path}: {count} steps, the limit of {MATCH_MAX_STEPS}: start a new match",
                file=self.path,
            )
