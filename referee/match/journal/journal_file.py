"""What every match file shares, whatever its game system: one SQLite database with the
tables ``meta`` (format version, ruleset and the readings it takes, seed, the stamp
of the referee that wrote it), ``cards``, ``units`` (the set-up), ``steps`` (named steps: the
unit of undo) and ``events`` (the append-only journal: command, dice, changes, working,
clause and ruling ids).

:class:`JournalFile` opens, checks and writes such a file: every step, undo and redo is one
write transaction (``BEGIN IMMEDIATE``) that reads the journal it builds on inside the
transaction, so two programs writing one match take turns and never lose or double a
committed step (:mod:`referee.match.games.orders_file` says more). What a step does, and how the
journal folds into the state of the game, is the game system's:
:class:`referee.match.games.orders_file.MatchFile` for the game of written orders,
:class:`referee.match.games.activation_file.ActivationMatch` for the activation rules;
:mod:`referee.match.games.systems` opens a file with the class of its ruleset's system. The file is
read and written with Python's own sqlite3 (quick to import); a reader outside the match (a
tournament's results) reads rows with :meth:`JournalFile.rows`. :meth:`JournalFile.batch` writes
many steps as one transaction (a replay).

An open match file holds no connection between operations: each read and each write opens
the file, does its one transaction and closes it, inside :func:`referee.sqlite_files.hold`,
so nothing else the process does with the file (a file dialog reading it to guess its type)
can leave a window's connection without its locks, writing where no other program reads
(issue 23). What the handle last read is marked by the file's revision (:meth:`_revision`:
a counter every write of this version moves on, and the shape of the journal, which any
writer's step, undo or redo changes); a write from a view the file has moved on from is
refused (``strict``) or decided again on the file as it is.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Sized
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeAlias, TypeVar, cast

import msgspec
from msgspec.structs import replace

from referee.dice.service import Dice, Roll
from referee.errors import RefereeError, storage_problem, whole_number
from referee.limits import MATCH_MAX_STEPS, MATCH_MAX_UNITS, NAME_MAX_CHARS, STEP_MAX_COMMANDS
from referee.match.journal.formats import CURRENT, DRAWN_PER_ATTEMPT
from referee.rules.changes import Changes
from referee.rules.command import Command
from referee.rules.events import Event, Step
from referee.rules.system import GameSystem
from referee.ruleset import Ruleset
from referee.sqlite_files import connect, in_use
from referee.versions import check_stamp

if TYPE_CHECKING:
    from referee.match.journal.text_journal import TextJournal

S = TypeVar("S")
T = TypeVar("T")

SqlValue: TypeAlias = str | int | float | bytes | None
"""One value of a row as Python's sqlite3 gives it back."""
Revision: TypeAlias = tuple[SqlValue, ...]
"""Where a file's journal is: its write counter and its shape (:meth:`JournalFile._revision`);
two readings are equal only if nothing was written between them."""
RawRows: TypeAlias = tuple[list[tuple[SqlValue, ...]], dict[int, list[tuple[SqlValue, SqlValue]]]]
"""The steps' rows (number, name, undone) and each step's events (position, JSON text), as
the file holds them (:meth:`JournalFile._raw_rows`)."""

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
UNDONE_INDEX_SQL = (
    'CREATE INDEX IF NOT EXISTS "idx_steps_undone" ON "steps" ("number") WHERE "undone" = 1'
)
"""The steps undone (waiting for redo), found without reading the whole journal: a step
written asks whether there are any to drop, a redo for the first. Added by the first write
of a handle (inside its transaction), never by a reading command; a file without it (an
older one, or one only read so far) is read and written the same, only by a scan."""
BUSY_SECONDS = 15.0
"""How long a command waits for another program's write to the same file to finish."""
REVISION_KEY = "revision"
"""The key of the meta table's write counter (:meth:`JournalFile._revision`)."""
ATTEMPTS_KEY = "attempts"
"""The meta key of the steps written more than once (step number as text -> the attempt
its row was written at; format 6 on, :func:`step_seed`)."""
SEEN_KEY = "attempts_seen"
"""The meta key of the attempts whose app dice a wizard showed before the step was written
(step number as text -> attempt; format 6 on, :meth:`JournalFile.dice_seen`)."""
WRITTEN_KEY = "steps_written"
"""The meta key of the highest step number ever written, kept when a step written again
drops the steps undone after it (format 6 on)."""


def _plain(data: object) -> object:
    """``data`` as JSON gives it back (tuples become lists), for comparing events."""
    return json.loads(json.dumps(data))


_ROW_TEXT = json.JSONEncoder(check_circular=False).encode
"""``json.dumps`` of an event row, the text the file gets, without looking for a table
inside itself at every table (an event's row is made of fresh values): a check compares
each event run again with its row's text."""


class EventRow(msgspec.Struct, frozen=True):
    """One event as the file holds it: its JSON ``text``, the value read from it
    (``data``, its shape checked as far as running it again needs: kind, command, dice)
    and where it is, for messages. :meth:`event` reads the whole event, checking the rest."""

    text: str
    data: Mapping[str, object]
    dice: tuple[Roll, ...]
    where: str
    read: Callable[[Mapping[str, object]], Command]
    """How the match's game reads a command (its ``command_from_json``)."""

    @property
    def kind(self) -> str:
        return str(self.data["kind"])

    @property
    def command(self) -> Mapping[str, object]:
        """The command's JSON form (a table: :func:`_rolls` checked the row's shape)."""
        return cast("Mapping[str, object]", self.data["command"])

    def event(self) -> Event:
        return _event(self.data, self.where, self.read)

    def same(self, again: Event) -> bool:
        """Whether ``again`` (the event run again) is this one: the very text the file
        would get, or else (a row another version wrote, its keys in another order) the
        same JSON value as the event read from the row, in today's words or in the words
        an earlier version gave the same ruling (:attr:`Event.former`)."""
        fresh = again.to_row()
        if _ROW_TEXT(fresh) == self.text:
            return True
        mine = _plain(self.event().to_row())
        former = again.former_row()
        return _plain(fresh) == mine or (former is not None and _plain(former) == mine)


class KeptRows(msgspec.Struct, frozen=True):
    """The rows of a match file other than its journal, as the handle last read them well
    (opening it, :meth:`JournalFile.reread`) and wrote them since: what a copy of the match
    is written from when the file is gone or damaged (:mod:`.match_copy`)."""

    meta: Mapping[SqlValue, SqlValue]
    """Each key of the meta table with its JSON text as the file holds it (the write
    counter, :data:`REVISION_KEY`, left out)."""
    cards: tuple[tuple[SqlValue, SqlValue], ...]
    """The cards' rows (id, JSON text)."""
    units: tuple[tuple[SqlValue, SqlValue], ...]
    """The set-up's rows (uid, JSON text), in their order."""
    created: Mapping[int, str | None]
    """When each step was written, by step number."""


class _DiceBefore(msgspec.Struct, Generic[S], frozen=True):
    """The dice of a step as they stood before one of its events, made again only when
    ``match check`` looks into an event that replays differently: the step's seed and
    typed dice, the step's events before it run again (each on the state it ran on)."""

    system: GameSystem[S, Any]
    seed: int
    typed: Sequence[int]
    earlier: tuple[tuple[S, Command], ...]

    def dice(self, j: int, face: int) -> Dice | None:
        """Those dice, with the ``j``-th typed die still to answer showing ``face``
        instead (None when fewer typed dice are left)."""
        dice = Dice(self.seed)
        dice.type_in(self.typed)
        for state, command in self.earlier:
            try:
                self.system.step(state, command, dice)
            except RefereeError:
                continue
        left = list(dice.pending)
        if j >= len(left):
            return None
        left[j] = face
        dice.clear_typed()
        dice.type_in(left)
        return dice


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


def step_seed(seed: int, number: int, attempt: int = 1) -> int:
    """The seed of step ``number``'s dice, written for the ``attempt``-th time: the match's
    seed, the step and the attempt, mixed (the first 48 bits of the SHA-256 of
    ``"seed:number"`` for a first attempt, as every write of a file of format 5 or older
    had, of ``"seed:number:attempt"`` for a step written again;
    :mod:`referee.match.journal.formats`, format 6)."""
    material = f"{seed}:{number}" if attempt == 1 else f"{seed}:{number}:{attempt}"
    digest = _sha256(material.encode()).hexdigest()
    return int(digest[:12], 16)


class _Digest(Protocol):
    def hexdigest(self) -> str: ...


def _builtin_sha256() -> Callable[[bytes], _Digest]:
    """SHA-256 from CPython's own module (``_sha2``, ``_sha256`` before 3.12): the very digest
    ``hashlib.sha256`` gives, without loading OpenSSL, which ``import hashlib`` does (about
    3 ms of a ``referee match check``, which needs only this); hashlib's where there is none."""
    import importlib

    for name in ("_sha2", "_sha256"):
        try:
            return cast("Callable[[bytes], _Digest]", importlib.import_module(name).sha256)
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
        if not os.path.lexists(path):  # deleted or moved away while the match was open
            raise MatchFileError(
                f"{path}: the match file is gone: there is no file there now (deleted, or "
                "moved away by another program); nothing was written: put it back there, "
                "or open it where it is now",
                file=path,
            ) from None
        text = str(exc)
        problem = storage_problem(exc, path)
        if problem is not None:  # a full disk, a read-only file: said so, not "damaged"
            raise MatchFileError(f"{path}: {problem}; nothing was written", file=path) from None
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


def _json(text: object, where: str) -> object:
    """A JSON value kept in the file; anything else is damage."""
    if not isinstance(text, str | bytes):
        raise MatchFileError(f"{where}: expected JSON text, found {type(text).__name__}")
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise MatchFileError(f"{where}: not readable JSON ({str(exc)[:80]})") from None


def _step_row(row: Sequence[SqlValue], where: str) -> tuple[int, str, bool]:
    number, name, undone = row
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise MatchFileError(f"{where}: step number {number!r} is not a whole number from 1")
    if not isinstance(name, str):
        raise MatchFileError(f"{where}: step {number} has no name ({name!r})")
    if undone not in (0, 1):
        raise MatchFileError(f"{where}: step {number}: undone is {undone!r}, not 0 or 1")
    return number, name, bool(undone)


def _event(data: object, where: str, read: Callable[[Mapping[str, object]], Command]) -> Event:
    """An event row as the file holds it, checked for shape before the engine sees it, its
    command read back as the typed value of the match's game by ``read``."""
    dice = _rolls(data, where)
    assert isinstance(data, dict)  # _rolls checked it
    try:
        command = read(data["command"])
    except RefereeError as exc:
        raise MatchFileError(f"{where}: its command: {exc}") from None
    return Event(
        kind=data["kind"],
        command=command,
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
    for i, d in enumerate(data["dice"], 1):
        problem = _die_problem(d)
        if problem:
            raise MatchFileError(f"{where}: die {i}{problem}")
        dice.append(Roll(d["sides"], d["value"], d["purpose"], d["typed"]))
    return tuple(dice)


_SIDES_WORDS: Mapping[int, str] = MappingProxyType(
    {2: "two", 3: "three", 4: "four", 6: "six", 8: "eight", 10: "ten", 12: "twelve", 20: "twenty"}
)


def _die_problem(d: object) -> str:
    """What is wrong with a die of an event row, said after its number (``die 1``: its
    sides in words, what it was for, the face it holds), or "" when it is a die roll."""
    if not isinstance(d, dict):
        return " is not a die roll (a table of sides, value, purpose and typed)"
    sides, value, purpose = d.get("sides"), d.get("value"), d.get("purpose")
    if not isinstance(sides, int) or isinstance(sides, bool) or sides > 1000:
        return f": its sides, {sides!r:.20}, are not a whole number up to 1000"
    if not isinstance(purpose, str):
        return f" (a d{sides}): its purpose is not text"
    if not isinstance(d.get("typed"), bool):
        return f" (a d{sides}, {purpose!r:.60}): typed is not true or false"
    faces = max(1, sides)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= faces:
        words = _SIDES_WORDS.get(faces, str(faces))
        how = "typed as" if d["typed"] else "holds"
        return (
            f" (a d{sides}, {purpose!r:.60}) {how} {value!r:.20}: a {words}-sided die shows "
            f"1 to {faces}"
        )
    return ""


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


def _meta_problems(meta: Mapping[str, object]) -> list[str]:
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
    (:meth:`initial_state`) and its rules (:attr:`system`, a
    :class:`~referee.rules.system.GameSystem`: its commands, its step, how an event folds
    into its state); the transactions, the journal's rows, run, undo, redo and the replay
    check are written here once for every system."""

    SYSTEM: ClassVar[str] = ""
    """The game system (``data/rulesets/systems.toml``) whose rulesets' matches this class
    plays."""
    STEP_ENGINE: ClassVar[tuple[str, ...]] = ()
    """The modules that run a step of this system (imported when a step is first run: a
    command that only reads the match never loads them)."""
    rules: Ruleset
    system: GameSystem[S, Any]
    """The game system's rules for this match (set when the file is read, :meth:`_load`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._conn: sqlite3.Connection | None = None
        self._state: S | None = None
        self._version: Revision = ()
        self._batch = False
        self._indexed = False  # the undone steps' index made sure of (on the first write)
        self._read: dict[bool, tuple[Step, ...]] = {}
        """The journal as last read (by ``include_undone``), at the file's revision
        ``_read_at``."""
        self._read_at: Revision = ()
        self._recorded: dict[int, tuple[tuple[Event, ...], tuple[str, ...]]] = {}
        """Each step number's events as this handle last read them, with their JSON texts
        as the file held them (:meth:`recorded_texts`)."""
        self._pending: tuple[dict[SqlValue, SqlValue], dict[int, str | None]] = ({}, {})
        """The meta texts and steps' times written in the transaction under way, kept
        (:attr:`kept_rows`) once it commits."""
        with self._reading():
            self._check_tables()
            meta = self._read_meta()
            self._version = self._revision()
            self._kept = self._read_kept()
        self.meta: Mapping[str, Any] = MappingProxyType(meta)
        ruleset_version = check_stamp(meta.get("versions"), path)  # refuses a newer file
        self._load(meta, ruleset_version)  # the file is not held while its rules load

    # --- what a game system says ----------------------------------------------------

    def _load(self, meta: Mapping[str, Any], ruleset_version: int) -> None:
        """Read the ruleset, the game system's rules (:attr:`system`) and the set-up (the
        set-up and the cards never change once the file is made: each read of them is an
        operation of its own); a file that cannot be read raises :class:`MatchFileError`
        naming it."""
        raise NotImplementedError

    def _meta_problems(self, meta: Mapping[str, object]) -> list[str]:
        """What is wrong with the system's own keys of the meta table (empty: nothing)."""
        return []

    def initial_state(self) -> S:
        raise NotImplementedError

    @classmethod
    def from_journal(cls, journal: TextJournal, path: Path | str) -> Self:
        """A new match file at ``path`` with the set-up of a text journal."""
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
        if not path.parent.is_dir():
            raise MatchFileError(
                f"{path}: no folder {str(path.parent)!r} to write it in; make the folder "
                "first, or give another path",
                file=path,
            )
        partial = path.with_name(f".{path.name}.partial")
        partial.unlink(missing_ok=True)
        with _sqlite_errors(path):
            db = sqlite3.connect(partial)
        try:
            with _sqlite_errors(path), db:
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
            return cls(path)

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

    def _read_kept(self) -> KeptRows:
        """The rows other than the journal's events, as the file holds them (inside an
        operation; see :class:`KeptRows`): each value as SQLite gives it, checked where the
        match is read, never here."""
        conn = self.conn
        meta = dict(conn.execute("SELECT key, value FROM meta WHERE key != ?", (REVISION_KEY,)))
        cards = tuple((i, d) for i, d in conn.execute("SELECT id, data FROM cards"))
        units = tuple(
            (u, d) for u, d in conn.execute("SELECT uid, data FROM units ORDER BY position")
        )
        created = {
            n: c if isinstance(c, str) else None
            for n, c in conn.execute("SELECT number, created FROM steps")
            if isinstance(n, int)
        }
        return KeptRows(MappingProxyType(meta), cards, units, MappingProxyType(created))

    @property
    def kept_rows(self) -> KeptRows:
        """The rows other than the journal's events as last read well and written since
        (see :class:`KeptRows`)."""
        return self._kept

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
        meta.pop(REVISION_KEY, None)  # the write counter, not the match's (see _revision)
        for key in (
            ATTEMPTS_KEY,
            WRITTEN_KEY,
            SEEN_KEY,
        ):  # read afresh in each operation (_attempts)
            meta.pop(key, None)
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
    def conn(self) -> sqlite3.Connection:
        """The connection of the operation under way (:meth:`_reading`, :meth:`_writing`);
        there is none between operations."""
        if self._conn is None:
            raise sqlite3.ProgrammingError(
                f"{self.path}: the match file is read only inside an operation"
            )
        return self._conn

    def rows(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """The rows of one query, read as one operation (for readers outside the match: a
        tournament's results, a table's clock)."""
        with _sqlite_errors(self.path), self._reading():
            return [tuple(r) for r in self.conn.execute(sql, parameters)]

    def close(self) -> None:
        """Nothing to let go of: no connection outlives its operation."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- transactions ---------------------------------------------------------------

    @contextmanager
    def _connected(self) -> Iterator[sqlite3.Connection]:
        """The file, opened for one operation (:func:`referee.sqlite_files.connect`), or
        the connection of the operation under way."""
        if self._conn is not None:
            yield self._conn
            return
        with _sqlite_errors(self.path), connect(self.path, timeout=BUSY_SECONDS) as conn:
            self._conn = conn
            try:
                yield conn
            finally:
                self._conn = None

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """One read transaction: every read inside it sees the same journal."""
        if self._conn is not None and self._conn.in_transaction:
            yield
            return
        with self._connected() as conn:
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
        self._read = {}  # what this handle writes makes its journal read before stale
        try:
            with self._transaction(strict):
                yield
        finally:
            self._read = {}

    @contextmanager
    def _transaction(self, strict: bool) -> Iterator[None]:
        if self._batch:  # inside :meth:`batch`: its one transaction holds every step
            yield
            return
        with _sqlite_errors(self.path), self._connected() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                indexing = not self._indexed
                if indexing:
                    conn.execute(UNDONE_INDEX_SQL)
                version = self._revision()
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
                changes = conn.total_changes
                yield
                if conn.total_changes != changes:
                    conn.execute(
                        "INSERT INTO meta (key, value) VALUES (?, '1') ON CONFLICT (key) "
                        "DO UPDATE SET value = CAST(value AS INTEGER) + 1",
                        (REVISION_KEY,),
                    )
                written = self._revision()
                conn.execute("COMMIT")
                self._version = written
                self._indexed = self._indexed or indexing
                self._keep_written()
            except BaseException:
                self._pending = ({}, {})
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    def _keep_written(self) -> None:
        """What the transaction just committed wrote to the meta table and the steps'
        times, kept with the rows last read (:attr:`kept_rows`)."""
        meta, created = self._pending
        if meta or created:
            kept = self._kept
            self._kept = replace(
                kept,
                meta=MappingProxyType({**kept.meta, **meta}),
                created=MappingProxyType({**kept.created, **created}),
            )
        self._pending = ({}, {})

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

    def _revision(self) -> Revision:
        """Where the file's journal is (inside an operation): the write counter that every
        write of this version moves on, and the journal's shape (its steps, the undone ones,
        the last event), which any other writer's step, undo or redo changes. Two readings
        are equal only if nothing was written between them."""
        return tuple(
            self.conn.execute(
                # each part read through a key or an index, never the whole journal (the
                # undone steps through idx_steps_undone, once a write has added it)
                "SELECT (SELECT value FROM meta WHERE key = ?), "
                "(SELECT MAX(number) FROM steps), "
                "(SELECT COUNT(*) FROM steps WHERE undone = 1), "
                "(SELECT MAX(id) FROM events)",
                (REVISION_KEY,),
            ).fetchone()
        )

    def busy(self) -> bool:
        """Whether another program holds the file right now, asked without waiting: a
        window's timer then looks again at its next tick instead of freezing."""
        return self._conn is None and in_use(self.path)

    def moved_on(self) -> bool:
        """Has another program (or another handle) written to the file since this handle
        last read its journal? A cheap check, for a window that shows the match."""
        with _sqlite_errors(self.path), self._reading():
            return self._revision() != self._version

    def refresh(self) -> bool:
        """Read the journal again if the file moved on; True if it had."""
        with _sqlite_errors(self.path), self._reading():
            version = self._revision()
            moved = version != self._version
            if moved:
                self._state = None
                self._version = version
            return moved

    def reread(self) -> S:
        """Read the file again whole, as opening it does (its tables, its meta, every step,
        undone ones too, and the state the active ones fold to), whatever this handle read
        before: for a window whose file another program may have changed without writing a
        step (an edited unit, a damaged row). All or nothing: a file that does not read now
        raises :class:`MatchFileError` naming the file and the field, and this handle keeps
        what it last read (its state, its steps, its revision)."""
        with _sqlite_errors(self.path), self._reading():
            self._check_tables()
            self._read_meta()
            version = self._revision()
            raw = self._raw_rows(include_undone=True)
            kept = self._read_kept()
        every = tuple(self._steps(self._decoded(raw)))
        active = tuple(s for s in every if not s.undone)
        state = self._fold(active)
        self._read, self._read_at = {True: every, False: active}, version
        self._state, self._version = state, version
        self._kept = kept
        return state

    # --- the journal ----------------------------------------------------------------

    @property
    def seed(self) -> int:
        return int(self.meta["seed"])

    def steps(self, *, include_undone: bool = False) -> list[Step]:
        """The journal's steps (those undone too with ``include_undone``), each event read
        whole. Read once for each version of the file: asked again before this handle
        writes or another program does (the file's revision), the steps read are given
        again, so a window's opening reads a long journal once, not for each of its docks;
        the steps not undone come from all the steps read, when they have been."""
        with _sqlite_errors(self.path), self._reading():
            version = self._revision()
            cached = self._cached(version, include_undone)
            raw = None if cached is not None else self._raw_rows(include_undone=include_undone)
        if raw is not None:  # decoded after the file is let go
            cached = tuple(self._steps(self._decoded(raw)))
            self._read[include_undone] = cached
        assert cached is not None
        return list(cached)

    def _cached(self, version: Revision, include_undone: bool) -> tuple[Step, ...] | None:
        """The steps as last read if the file is still at ``version`` (the steps not undone
        taken from all the steps read, when they have been); None: to be read."""
        if version != self._read_at:
            self._read, self._read_at = {}, version
        if include_undone not in self._read and not include_undone and True in self._read:
            self._read[False] = tuple(s for s in self._read[True] if not s.undone)
        return self._read.get(include_undone)

    def _steps(self, rows: list[tuple[int, str, bool, tuple[EventRow, ...]]]) -> list[Step]:
        """The steps read whole, each event's text kept (:meth:`recorded_texts`)."""
        steps = []
        for number, name, undone, held in rows:
            step = Step(number, name, tuple(r.event() for r in held), undone)
            self._recorded[number] = (step.events, tuple(r.text for r in held))
            steps.append(step)
        return steps

    def recorded_texts(self, step: Step) -> tuple[str, ...] | None:
        """The JSON text of each of ``step``'s events as the file held it when this handle
        last read that step (a file of an older version may order an event's keys other
        than :meth:`Event.to_row` does today: a copy keeps the recorded bytes,
        :mod:`.match_copy`); None when this handle has not read these events at that
        number (a step it wrote itself is written as :meth:`Event.to_row` gives it)."""
        held = self._recorded.get(step.number)
        if held is None:
            return None
        events, texts = held
        return texts if events is step.events or events == step.events else None

    def step_rows(
        self, *, include_undone: bool = False
    ) -> list[tuple[int, str, bool, tuple[EventRow, ...]]]:
        """Each step (number, name, undone) with its events as the file holds them
        (:class:`EventRow`): a check runs each again from its row and compares it with the
        row's text, reading a whole event only where they differ."""
        return self._decoded(self._raw_rows(include_undone=include_undone))

    def _raw_rows(self, *, include_undone: bool = False, number: int | None = None) -> RawRows:
        """The steps' rows and their events' texts as the file holds them, read as one
        operation (or inside the one under way); ``number``: that step's only. Their JSON is
        read by :meth:`_decoded`, after the file is let go."""
        where = "" if include_undone else " AND undone = 0"
        steps = f"SELECT number, name, undone FROM steps WHERE TRUE{where} ORDER BY number"
        events_of = "SELECT step, position, data FROM events ORDER BY step, position"
        chosen: tuple[int, ...] = ()
        if number is not None:
            steps = f"SELECT number, name, undone FROM steps WHERE number = ?{where}"
            events_of = "SELECT step, position, data FROM events WHERE step = ? ORDER BY position"
            chosen = (number,)
        with _sqlite_errors(self.path), self._reading():
            rows = list(self.conn.execute(steps, chosen))
            events: dict[int, list[tuple[SqlValue, SqlValue]]] = {}
            for step, position, data in self.conn.execute(events_of, chosen):
                events.setdefault(step, []).append((position, data))
        return rows, events

    def _decoded(self, raw: RawRows) -> list[tuple[int, str, bool, tuple[EventRow, ...]]]:
        """:meth:`step_rows` from what :meth:`_raw_rows` read."""
        rows, events = raw
        read = self.system.command_from_json
        out = []
        for row in rows:
            number, name, undone = _step_row(row, f"{self.path}")
            here = f"{self.path}: step {number} ({name})"
            held = []
            for position, text in events.get(number, []):
                at = f"{here}, event {position!r}"
                data = _json(text, at)
                dice = _rolls(data, at)
                assert isinstance(data, dict)  # _rolls checked it
                kept = text.decode("utf-8", "replace") if isinstance(text, bytes) else str(text)
                held.append(EventRow(kept, data, dice, at, read))
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
                version = self._revision()
                cached = self._cached(version, False)
                raw = None if cached is not None else self._raw_rows()
            if raw is not None:  # decoded and folded while the file is not held
                cached = tuple(self._steps(self._decoded(raw)))
                self._read[False] = cached
            assert cached is not None
            self._state = self._fold(list(cached))
            self._version = version
        return self._state

    def _last_number(self) -> int:
        """The number of the last step not undone (0 for none), read from the journal's end
        back past the steps undone, never through the whole journal."""
        row = self.conn.execute(
            "SELECT number FROM steps WHERE undone = 0 ORDER BY number DESC LIMIT 1"
        ).fetchone()
        return int(row[0]) if row is not None else 0

    def _attempt_table(self, stored: Mapping[str, object], key: str, least: int) -> dict[int, int]:
        """The meta table ``key`` (step number as text -> an attempt from ``least``)."""
        where = f"{self.path}: damaged: meta {key!r}"
        table = _json(stored.get(key, "{}"), where)
        found: dict[int, int] = {}
        for text, value in table.items() if isinstance(table, dict) else ():
            number = whole_number(text)
            if number is None or not 1 <= number <= MATCH_MAX_STEPS:
                break
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                break
            found[number] = value
        if not isinstance(table, dict) or len(found) != len(table):
            raise MatchFileError(
                f"{where}: the steps' attempts are not whole numbers ({stored.get(key)!s:.40}); "
                "it was not changed",
                file=self.path,
            )
        return found

    def _attempts(self) -> tuple[dict[int, int], int, dict[int, int]]:
        """Inside an operation: the steps written more than once, each with the attempt
        its row was written at; the highest step number ever written; the attempts whose
        app dice a wizard has shown before the step was written (:meth:`dice_seen`).
        Damaged values are a damaged file."""
        keys = (ATTEMPTS_KEY, WRITTEN_KEY, SEEN_KEY)
        stored = dict(self.conn.execute("SELECT key, value FROM meta WHERE key IN (?, ?, ?)", keys))
        written = _json(stored.get(WRITTEN_KEY, "0"), f"{self.path}: damaged: meta")
        if isinstance(written, bool) or not isinstance(written, int):
            raise MatchFileError(
                f"{self.path}: damaged: meta {WRITTEN_KEY!r}: the steps' attempts are not "
                f"whole numbers ({written!r:.20}); it was not changed",
                file=self.path,
            )
        attempts = self._attempt_table(stored, ATTEMPTS_KEY, 2)
        seen = self._attempt_table(stored, SEEN_KEY, 1)
        most = self.conn.execute("SELECT MAX(number) FROM steps").fetchone()[0] or 0
        return attempts, max(written, int(most)), seen

    def _put_meta(self, key: str, value: object) -> None:
        text = json.dumps(value)
        self.conn.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) "
            "DO UPDATE SET value = excluded.value",
            (key, text),
        )
        self._pending[0][key] = text

    def _next_attempt(self, number: int) -> tuple[int, int]:
        """Inside an operation, of a file of format 6 on: the first attempt step
        ``number`` may be written at (after every write of that number, and every attempt
        whose dice were shown) and the last attempt whose dice were shown before it was
        written (0: none)."""
        attempts, written, seen = self._attempts()
        done = attempts.get(number, 1) if number <= written else 0
        shown = seen.get(number, 0)
        return max(done, shown) + 1, shown if shown > done else 0

    def _step_seed(self, number: int, *, write: bool, attempt: int | None = None) -> int:
        """The seed of the dice of step ``number`` about to be written (inside an operation):
        a step number written before (a step undone, or dropped by a step written again
        before it), or whose dice a wizard has shown, is written at its next attempt;
        ``attempt``: the attempt a wizard showed the dice of, which must be the last shown
        since the step was last written. ``write`` records it (inside :meth:`_writing`).
        A file of format 5 or older draws every attempt alike."""
        if self.meta["format_version"] < DRAWN_PER_ATTEMPT:
            return step_seed(self.seed, number)
        following, shown = self._next_attempt(number)
        if attempt is None:
            attempt = following
        elif attempt != shown:
            recorded = f"attempt {shown}" if shown else "none"
            raise MatchFileError(
                f"{self.path}: the dice shown were drawn for attempt {attempt} of step "
                f"{number}, not the attempt the file records as shown ({recorded}; the next "
                f"is {following}): open the wizard again; nothing was written",
                file=self.path,
            )
        if write and attempt > 1:
            attempts, written, _seen = self._attempts()
            attempts[number] = attempt
            self._put_meta(ATTEMPTS_KEY, {str(n): a for n, a in sorted(attempts.items())})
            self._put_meta(WRITTEN_KEY, max(written, number))
        return step_seed(self.seed, number, attempt)

    def step_seeds(self) -> dict[int, int]:
        """The seed each step's dice were drawn with (inside an operation), by step number:
        the steps written at a later attempt (format 6 on), the others at their first."""
        if self.meta["format_version"] < DRAWN_PER_ATTEMPT:
            return {}
        attempts, _, _ = self._attempts()
        return {n: step_seed(self.seed, n, a) for n, a in attempts.items()}

    def next_dice(self) -> tuple[int, int, int]:
        """The next step's number, attempt and dice seed, as :meth:`run` will draw them
        (what a wizard's dry run rolls with): a step after the last one not undone, at its
        next attempt if a step of that number was written, or its dice shown, before."""
        with _sqlite_errors(self.path), self._reading():
            number = self._last_number() + 1
            if self.meta["format_version"] < DRAWN_PER_ATTEMPT:
                return number, 1, step_seed(self.seed, number)
            attempt, _ = self._next_attempt(number)
            return number, attempt, step_seed(self.seed, number, attempt)

    def next_dice_seed(self) -> int:
        """The seed the next step's dice will be drawn with (:meth:`next_dice`)."""
        return self.next_dice()[2]

    def dice_seen(self, number: int, attempt: int, *, strict: bool = False) -> None:
        """Record that a wizard has shown the app's dice of step ``number`` at ``attempt``
        before the step is written (an assault, whose next choices are made on its dice):
        cancelled, the step drawn again gets fresh dice; finished, it is written at that
        attempt (:meth:`run`'s ``attempt``). Nothing is recorded in a file of format 5 or
        older, nor for a step already written."""
        if self.meta["format_version"] < DRAWN_PER_ATTEMPT:
            return
        with self._writing(strict):
            if number != self._last_number() + 1:
                return
            following, _ = self._next_attempt(number)
            if attempt != following:
                return
            _attempts, _written, seen = self._attempts()
            seen[number] = attempt
            self._put_meta(SEEN_KEY, {str(n): a for n, a in sorted(seen.items())})

    def _ready(self, strict: bool) -> None:
        """Work out the match before a write takes the file (:meth:`run`, :meth:`redo`):
        the fold of the journal is the slow part, and another program waiting for the file
        (a window) then waits for the SQL only. The write checks the file's revision as
        ever and works the match out again, holding the file, only if another program
        wrote in between. ``strict``: a file moved on from this handle's view is not read
        ahead (the write refuses it)."""
        if self._state is not None:
            return
        ahead = self._read_ahead(strict)
        if ahead is not None:
            version, steps = ahead
            self._state = self._fold(steps)  # the file is not held while the engine works
            self._version = version

    def _read_ahead(self, strict: bool) -> tuple[Revision, list[Step]] | None:
        """The journal's active steps and the revision they were read at, read as one
        operation before a write takes the file; None inside an operation or, ``strict``,
        from a file moved on from this handle's view."""
        if self._conn is not None or self._batch:
            return None
        with _sqlite_errors(self.path), self._reading():
            version = self._revision()
            raw = self._raw_rows()
        if strict and version != self._version:
            return None
        return version, self._steps(self._decoded(raw))

    def undo(self, *, strict: bool = False) -> Step | None:
        """Take back the last step (it stays in the file for redo until a new step); the
        match it leaves is worked out before anything is written, so a step that cannot be
        taken back (a damaged journal) leaves the file as it was. That match is worked out
        before the file is held, and again while it is only if another program wrote in
        between (:meth:`_ready`)."""
        ahead = self._read_ahead(strict)
        worked_out = None
        if ahead is not None and ahead[1]:
            version, active = ahead
            worked_out = (version, active[-1], self._fold(active[:-1]))
        with self._writing(strict):
            conn = self.conn
            row = conn.execute(
                "SELECT number FROM steps WHERE undone = 0 ORDER BY number DESC LIMIT 1"
            ).fetchone()
            if row is None:
                return None
            if (
                worked_out is not None
                and worked_out[0] == self._revision()
                and worked_out[1].number == row[0]
            ):
                _version, taken, state = worked_out
            else:
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
        with self._writing(strict):
            conn = self.conn
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
        self._ready(strict)
        with self._writing(strict):
            conn = self.conn
            row = conn.execute(
                "SELECT number FROM steps WHERE undone = 1 ORDER BY number LIMIT 1"
            ).fetchone()
            if row is None:
                return None
            (again,) = self._steps(
                self._decoded(self._raw_rows(include_undone=True, number=row[0]))
            )
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
        created = _now()
        conn.execute(
            "INSERT INTO steps (number, name, undone, created) VALUES (?, ?, 0, ?)",
            (number, name, created),
        )
        self._pending[1][number] = created
        conn.executemany(
            "INSERT INTO events (step, position, kind, data) VALUES (?, ?, ?, ?)",
            [(number, i, e.kind, json.dumps(e.to_row())) for i, e in enumerate(events)],
        )

    # --- playing: written once for every game system --------------------------------

    def _own(self, given: object) -> Command:
        """``given``, a command value of this match's game; anything else (its JSON or text
        form, read only at the edge by the game system's ``command_from_json`` or
        ``parse_command``) is refused."""
        system = self.system
        if isinstance(given, system.COMMAND):
            return cast(Command, given)
        raise MatchFileError(
            f"run() takes the {system.SYSTEM} game's command values, not "
            f"{type(given).__name__} (its JSON or text form: read it first, the game system's "
            "command_from_json or parse_command)"
        )

    def run(
        self,
        name: str,
        commands: Iterable[Command],
        typed: Iterable[int] = (),
        *,
        strict: bool = False,
        attempt: int | None = None,
    ) -> Step:
        """Carry out ``commands`` (command values of this match's game) as one named step
        and write it (all or nothing).

        ``typed`` are dice the referee read off the table; they answer the step's first
        dice, the step's seed rolls the rest (``attempt``: the attempt whose app dice a
        wizard showed, :meth:`dice_seen`; by default the step's next). Steps undone before
        are dropped (no redo past a new step). Nothing is written if any command is
        refused. The step builds on the journal as it is in the file when it is written
        (``strict``: refused if another program wrote since this handle last read).
        """
        given = list(commands)
        typed = list(typed)
        self._check_step(name, len(given), STEP_MAX_COMMANDS)
        if not given:
            raise MatchFileError("a step needs a command")
        parsed = [self._own(c) for c in given]
        self._ready(strict)
        with self._writing(strict):
            number = self._open_step()
            dice = Dice(self._step_seed(number, write=True, attempt=attempt))
            dice.type_in(typed)
            state = self.state
            events: list[Event] = []
            for command in parsed:
                outcome = self.system.step(state, command, dice)
                events.append(outcome.event)
                state = outcome.state
            if dice.pending:
                raise MatchFileError(
                    f"{len(dice.pending)} typed dice left over ({list(dice.pending)}): "
                    "the step needed fewer dice; nothing was written"
                )
            self._write_step(number, name, events)
        self._state = state
        return Step(number, name, tuple(events))

    def replay_check(self, since: int = 0) -> list[str]:
        """Run every active step's commands again, with the dice typed at the table and the
        step's seed for the rest; list the events that come out differently (an empty list:
        the journal replays exactly, dice included). Each event run again is compared with
        the file's row (:meth:`EventRow.same`); the state the next one runs on is the
        journal's own: the state of the event run again where it is the row's, else the
        row's, checked as opening the file does. ``since``: the steps numbered below it
        are folded as recorded, not run again (a check bounded in time)."""
        system = self.system
        problems: list[str] = []
        with _sqlite_errors(self.path), self._reading():
            journal = self.step_rows()
            state = self.initial_state()
            seeds = self.step_seeds()  # the steps written again after an undo (format 6)
        for number, name, _, rows in journal:
            if number < since:
                for i, row in enumerate(rows):
                    state = self._fold_event(
                        state, f"step {number} ({name}), event {i}", row.event()
                    )
                continue
            seed = seeds[number] if number in seeds else step_seed(self.seed, number)
            typed = [r.value for row in rows for r in row.dice if r.typed]
            dice = Dice(seed)
            # the typed dice answered the step's first dice; the seed rolled the rest
            dice.type_in(typed)
            earlier: list[tuple[S, Command]] = []  # the step's events run so far
            for i, row in enumerate(rows):
                where = f"step {number} ({name}), event {i}"
                command = system.command_from_json(row.command)
                try:
                    again = system.step(state, command, dice)
                except RefereeError as exc:
                    problems.append(f"{where} ({row.kind}): refused now: {exc}")
                else:
                    if not row.same(again.event):
                        start = _DiceBefore(system, seed, typed, tuple(earlier))
                        problems.append(
                            f"{where} ({row.kind}): replays differently: "
                            + self._difference(state, row, start, again.event)
                        )
                    else:
                        earlier.append((state, command))
                        state = again.state
                        continue
                earlier.append((state, command))
                state = self._fold_event(state, where, row.event())
        return problems

    def _difference(self, state: S, row: EventRow, before: _DiceBefore[S], again: Event) -> str:
        """What differs between ``row`` and ``again``, its command run again on ``state``
        with the dice as they were before it (``before``): :mod:`.replay_difference`."""
        from referee.match.journal.replay_difference import describe

        system = self.system
        command = system.command_from_json(row.command)

        def try_face(k: int, face: int) -> Event | None:
            j = sum(1 for r in row.dice[:k] if r.typed)  # the typed dice answer in order
            dice = before.dice(j, face)
            if dice is None:
                return None
            try:
                return system.step(state, command, dice).event
            except (RefereeError, ValueError):
                return None

        return describe(row.data, row.dice, again, try_face)

    def _fold(self, steps: Iterable[Step], state: S | None = None) -> S:
        """``state`` (the set-up by default) with ``steps`` carried out as recorded, each
        event checked; a system whose events keep the whole state folds from the last."""
        events = [
            (f"step {s.number} ({s.name}), event {i}", e)
            for s in steps
            for i, e in enumerate(s.events)
        ]
        if events:
            where, last = events[-1]
            kept = self._checked(where, lambda: self.system.kept_state(last))
            if kept is not None:
                return kept
        folded = state if state is not None else self.initial_state()
        for where, event in events:
            folded = self._fold_event(folded, where, event)
        return folded

    def _fold_event(self, state: S, where: str, event: Event) -> S:
        """``state`` with ``event`` carried out as recorded (``where``: "step N (name),
        event I"); an event that cannot be carried out is a damaged file."""
        return self._checked(where, lambda: self.system.fold(state, event))

    def _checked(self, where: str, fold: Callable[[], T]) -> T:
        try:
            return fold()
        except RefereeError as exc:
            raise MatchFileError(
                f"{self.path}: damaged: {where}: {exc}; it was not changed", file=self.path
            ) from None

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
        :meth:`_writing`). Step numbers are whole numbers from 1, each once, so the steps
        not undone are no more than the last one's number: they are counted (a scan) only
        when that number reaches the limit."""
        last = self._last_number()
        if last >= MATCH_MAX_STEPS:
            count = self.conn.execute("SELECT COUNT(*) FROM steps WHERE undone = 0").fetchone()[0]
            if count >= MATCH_MAX_STEPS:
                raise MatchFileError(
                    f"{self.path}: {count} steps, the limit of {MATCH_MAX_STEPS}: start a new "
                    "match",
                    file=self.path,
                )
        return last + 1
