"""A match file: one SQLite database (sqlite-utils) holding a whole match.

Tables: ``meta`` (format version, ruleset and the readings it takes, seed, the map's own
text), ``cards`` (every unit card as the catalogue gave it, so the file stands alone),
``units`` (the units as set up), ``steps`` (named steps: the unit of undo) and ``events``
(the append-only journal: command, dice, changes, working, clause and ruling ids).

Every step, undo and redo is one write transaction (``BEGIN IMMEDIATE``) that reads the
journal it builds on inside the transaction: two programs writing one match take turns,
never lose or double a committed step, and a handle kept open (the app's) that last read
the file before another program wrote to it builds on what is in the file now, or, asked to
be ``strict``, refuses with :class:`MatchMovedOn` (``PRAGMA data_version`` tells). A process
killed mid-write loses at most that step, never the file; a command that fails commits
nothing. A file from a newer version, one that is not a match file, or one that is damaged
(tampered rows, a dropped column, a damaged page) is refused with a message naming it and is
never written to. The meta's ``versions`` is the stamp of the referee that wrote the file
(:mod:`referee.versions`): a file stamped with newer data is refused, an older one is read
with the ruleset version it was made with. Reopening a file folds the journal's changes;
:meth:`MatchFile.replay_check` runs every command again with its recorded dice and reports
any event that would now come out differently.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any

from referee.board.hexgrid import parse_label
from referee.board.maps import MapError, find_map, parse_map
from referee.dice.service import Dice, Roll
from referee.errors import RefereeError, one_line, parse_toml, read_bounded, read_toml
from referee.limits import (
    DATA_FILE_MAX_BYTES,
    MATCH_MAX_STEPS,
    MATCH_MAX_UNITS,
    NAME_MAX_CHARS,
    STEP_MAX_COMMANDS,
)
from referee.match.changes import Changes
from referee.match.commands import execute
from referee.match.events import Event, Step
from referee.match.formats import CURRENT, readings_for
from referee.match.serial import unit_state_from_json, unit_state_json
from referee.match.state import MatchState
from referee.match.victory import chosen_victory, victory_json
from referee.rules.ruleset import load_ruleset
from referee.rules.state import UnitState
from referee.rules.turn.clock import TurnPosition
from referee.ruleset import Ruleset
from referee.scenarios.battlefield import scenario_map
from referee.scenarios.loader import find_scenario, parse_scenario
from referee.scenarios.model import Scenario
from referee.units.model import UnitType
from referee.versions import check_stamp, stamp

FORMAT_VERSION = CURRENT  # 2: turns begin with the orders step (referee/match/formats.py)
TABLES = ("meta", "cards", "units", "steps", "events")
COLUMNS: Mapping[str, frozenset[str]] = MappingProxyType({
    "meta": frozenset({"key", "value"}),
    "cards": frozenset({"id", "data"}),
    "units": frozenset({"uid", "position", "data"}),
    "steps": frozenset({"number", "name", "undone", "created"}),
    "events": frozenset({"id", "step", "position", "kind", "data"}),
})
"""The columns each table must have (a file with one dropped is damaged)."""
TABLE_SQL: Mapping[str, str] = MappingProxyType({
    "meta": 'CREATE TABLE "meta" (\n   "key" TEXT PRIMARY KEY,\n   "value" TEXT\n)',
    "cards": 'CREATE TABLE "cards" (\n   "id" TEXT PRIMARY KEY,\n   "data" TEXT\n)',
    "units": 'CREATE TABLE "units" (\n   "uid" TEXT PRIMARY KEY,\n   "position" INTEGER,\n'
             '   "data" TEXT\n)',
    "steps": 'CREATE TABLE "steps" (\n   "number" INTEGER PRIMARY KEY,\n   "name" TEXT,\n'
             '   "undone" INTEGER,\n   "created" TEXT\n)',
    "events": 'CREATE TABLE "events" (\n   "id" INTEGER PRIMARY KEY,\n'
              '   "step" INTEGER REFERENCES "steps"("number"),\n   "position" INTEGER,\n'
              '   "kind" TEXT,\n   "data" TEXT\n)',
    "events index": 'CREATE INDEX "idx_events_step_position"\n    ON "events" ("step", "position")',
})
"""A new match file's tables, in SQL word for word as sqlite-utils wrote them before (so a
file is laid out as it was, page for page), written with Python's own sqlite3, which
imports in no time."""
BUSY_SECONDS = 15.0
"""How long a command waits for another program's write to the same file to finish."""


def _plain(data: object) -> object:
    """``data`` as JSON gives it back (tuples become lists), for comparing events."""
    return json.loads(json.dumps(data))


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
    """The seed of step ``number``'s dice: the match's seed and the step, mixed."""
    digest = hashlib.sha256(f"{seed}:{number}".encode()).hexdigest()
    return int(digest[:12], 16)


def _scenario_of(meta: Mapping[str, Any], rules: Ruleset) -> Scenario | None:
    """The scenario a match was made under, read from its own copy in the file."""
    text = meta.get("scenario_text")
    if not text:
        return None
    name = Path(f"{meta['scenario']}.toml")
    return parse_scenario(name, parse_toml(text, name))


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
                "nothing was changed, try again", file=path) from None
        raise MatchFileError(f"{path}: not a match file or damaged ({text}); it was not "
                             "changed", file=path) from None
    except sqlite3.DatabaseError as exc:
        raise MatchFileError(f"{path}: not a match file or damaged ({exc}); it was not changed",
                             file=path) from None
    except UnicodeDecodeError:  # SQLite's own text (a damaged name in its check) not UTF-8
        raise MatchFileError(f"{path}: the file is damaged (text that is not UTF-8); it was "
                             "not changed", file=path) from None


def _json(text: object, where: str) -> Any:
    """A JSON value kept in the file; anything else is damage."""
    if not isinstance(text, str | bytes):
        raise MatchFileError(f"{where}: expected JSON text, found {type(text).__name__}")
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise MatchFileError(f"{where}: not readable JSON ({str(exc)[:80]})") from None


def _card_source(unit: UnitType) -> dict[str, Any]:
    """The ``[[unit]]`` table a card was read from, as plain data."""
    if unit.source is None:
        raise MatchFileError(f"unit {unit.id}: its card has no source file to copy")
    doc = read_toml(unit.source)
    units = doc.get("unit", [])
    for raw in units if isinstance(units, list) else []:
        if isinstance(raw, dict) and raw.get("id") == unit.id:
            return {"nation": doc["nation"], "sample": bool(doc.get("sample", False)), "raw": raw}
    raise MatchFileError(f"unit {unit.id}: not found in {unit.source}")


def _parse_card(data: object, rules: Ruleset, where: str) -> UnitType:
    from referee.units.catalogue import card_rules
    from referee.units.parse_unit import parse_unit

    if not isinstance(data, dict) or not isinstance(data.get("nation"), str) \
            or not isinstance(data.get("sample", False), bool):
        raise MatchFileError(f"{where}: expected a card with its nation and unit table")
    problems: list[str] = []
    card = parse_unit(
        data.get("raw"),
        0,
        data["nation"],
        problems,
        card_rules(rules),
        sample=data.get("sample", False),
    )
    if card is None:
        raise MatchFileError(f"{where}: a unit card no longer reads: {'; '.join(problems)}")
    return card


def _meta_problems(meta: Mapping[str, Any]) -> list[str]:
    """What is wrong with a match file's meta table (empty: nothing)."""
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
        text("ruleset"), text("map_name"), text("map_text"), text("title", False),
        text("created", False), table("readings"), table("settings"),
        text("scenario", "scenario_text" in meta), text("scenario_text", False),
        None if isinstance(meta.get("setup_roster", []), list) else "setup_roster is not a list",
        None if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**63
        else f"seed is not a whole number from 0: {seed!r:.40}",
        None if len(str(meta.get("title", ""))) <= NAME_MAX_CHARS
        else f"the title is over the limit of {NAME_MAX_CHARS} characters",
    ]
    return [p for p in problems if p]


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
    if not isinstance(data, dict):
        raise MatchFileError(f"{where}: an event is a JSON object")
    kinds = {"kind": str, "command": dict, "changes": dict, "text": str, "dice": list,
             "clauses": list, "rulings": list}
    for key, kind in kinds.items():
        if not isinstance(data.get(key), kind):
            raise MatchFileError(f"{where}: {key} is missing or not a {kind.__name__}")
    if not isinstance(data.get("detail") or {}, dict):
        raise MatchFileError(f"{where}: detail is not an object")
    if not all(isinstance(x, str) for x in [*data["clauses"], *data["rulings"]]):
        raise MatchFileError(f"{where}: clause and ruling ids are text")
    dice = []
    for i, d in enumerate(data["dice"]):
        ok = isinstance(d, dict) and all(
            isinstance(d.get(k), int) and not isinstance(d.get(k), bool)
            for k in ("sides", "value")
        ) and isinstance(d.get("purpose"), str) and isinstance(d.get("typed"), bool)
        if not ok or not 1 <= d["value"] <= max(1, d["sides"]) <= 1000:
            raise MatchFileError(f"{where}: die {i} is not a die roll: {d!r:.60}")
        dice.append(Roll(d["sides"], d["value"], d["purpose"], d["typed"]))
    return Event(
        kind=data["kind"],
        command=data["command"],
        changes=Changes.from_json(data["changes"]),
        text=data["text"],
        dice=tuple(dice),
        clauses=tuple(data["clauses"]),
        rulings=tuple(data["rulings"]),
        detail=data.get("detail") or {},
    )


class MatchFile:
    """An open match file (see the module docstring)."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        conn.isolation_level = None  # transactions are begun and ended here, explicitly
        self.conn = conn
        self._state: MatchState | None = None
        self._version = -1
        self._batch = False
        with self._reading():
            self._check_tables()
            meta = self._read_meta()
            where = f"{path}"
            self.meta: Mapping[str, Any] = MappingProxyType(meta)
            ruleset_version = check_stamp(meta.get("versions"), path)  # refuses a newer file
            try:
                self.rules = load_ruleset(
                    meta["ruleset"],
                    readings_for(meta["format_version"], meta.get("readings") or {}),
                    ruleset_version,
                )
                map_doc = parse_toml(meta["map_text"], f"{path}: the map it holds")
                self.battle_map = parse_map(Path(meta["map_name"]), map_doc, self.rules.terrain)
                self.scenario = _scenario_of(meta, self.rules)
                if self.scenario is not None:
                    self.battle_map = scenario_map(self.battle_map, self.scenario, self.rules)
            except RefereeError as exc:
                raise MatchFileError(f"{where}: cannot be read: {one_line(exc)}",
                                     file=path) from None
            cards: dict[str, UnitType] = {}
            for cid, data in conn.execute("SELECT id, data FROM cards"):
                here = f"{path}: card {cid!r}"
                try:
                    cards[str(cid)] = _parse_card(_json(data, here), self.rules, here)
                except RefereeError as exc:
                    raise MatchFileError(str(exc), file=path) from None
            self.cards: Mapping[str, UnitType] = MappingProxyType(cards)
            self._version = self._data_version()

    @property
    def db(self) -> Any:
        """The file as a ``sqlite_utils.Database`` (for readers outside the match: a
        tournament's results); imported when first asked for."""
        import sqlite_utils

        return sqlite_utils.Database(self.conn)

    # --- creating and opening -------------------------------------------------------

    @classmethod
    def create(
        cls,
        path: Path | str,
        *,
        map_name: str,
        units: Sequence[Mapping[str, Any]],
        ruleset: str | None = None,
        readings: Mapping[str, str] | None = None,
        seed: int | None = None,
        title: str = "",
        settings: Mapping[str, str] | None = None,
        scenario: str | None = None,
        victory: Mapping[str, Any] | None = None,
    ) -> MatchFile:
        """A new match file. ``units``: mappings with uid, unit (a catalogue id), side,
        hex (label), and optionally facing, speed and card (a card not in the catalogue, such
        as an army's upgraded one: ``{"nation", "sample", "raw"}`` with ``raw["id"]`` the
        unit id, :attr:`referee.army.TableUnit.card_data`); with a ``scenario`` (a shipped
        scenario's id or a file) a unit without a hex waits for the scenario's setup
        procedure, and ``map_name`` may be ``""`` for the scenario's own map, which must
        keep the scenario's rules. ``victory``: the victory condition chosen
        (``{"condition": "fixed-time", "minutes": 120}``). ``settings``: the app's choices
        for this match (text keys and values, e.g. ``dice = "typed"``), kept in the meta and
        read back as ``meta["settings"]``. An existing file is never replaced."""
        path = Path(path)
        if path.exists() or path.is_symlink():
            raise MatchFileError(f"{path}: already exists; a match file is never overwritten",
                                 file=path)
        for key, value in (settings or {}).items():
            if not isinstance(key, str) or not isinstance(value, str):
                raise MatchFileError(f"settings: {key!r} = {value!r}: expected text for both")
        if not isinstance(title, str) or len(title) > NAME_MAX_CHARS:
            raise MatchFileError(f"title: text of at most {NAME_MAX_CHARS} characters")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                                 or not 0 <= seed < 2**63):
            raise MatchFileError(f"seed: {seed!r} is not a whole number from 0 below 2^63")
        if len(units) > MATCH_MAX_UNITS:
            raise MatchFileError(f"units: {len(units)}, over the limit of {MATCH_MAX_UNITS}")
        chosen_scenario = find_scenario(scenario) if scenario else None
        if chosen_scenario is not None:
            map_name = map_name or chosen_scenario.map
            ruleset = ruleset or chosen_scenario.edition
        map_path = find_map(map_name)
        try:
            map_text = read_bounded(map_path, DATA_FILE_MAX_BYTES, "map file").decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MapError(map_path, [f"not UTF-8 text: {exc}"]) from None
        map_doc = parse_toml(map_text, map_path)
        edition = ruleset or map_doc.get("edition", "current")
        if not isinstance(edition, str):
            raise MapError(map_path, [f"edition: {edition!r} is not a ruleset id"])
        rules = load_ruleset(edition, readings or {})
        bm = parse_map(map_path, map_doc, rules.terrain)
        if chosen_scenario is not None:
            bm = scenario_map(bm, chosen_scenario, rules)
        victory_meta = chosen_victory(victory, chosen_scenario, rules)
        roster: list[dict[str, Any]] = []
        seed = seed if seed is not None else Dice().seed
        cards: dict[str, dict[str, Any]] = {}
        initial: list[dict[str, Any]] = []
        seen: set[str] = set()
        loaded = rules.reading("setup.loaded").value == "loaded"
        for i, spec in enumerate(units):
            if chosen_scenario is not None and isinstance(spec, Mapping) \
                    and spec.get("hex") is None:  # waits for the scenario's setup procedure
                waiting = _waiting_unit(spec, f"units[{i}]", rules, seen)
                given = spec.get("card")
                cards.setdefault(waiting["unit"], _card_source(find_unit_card(waiting["unit"]))
                                 if given is None else dict(given))
                roster.append(waiting)
                continue
            state = _set_up_unit(spec, f"units[{i}]", bm, rules, loaded, seen)
            given = spec.get("card")
            cards.setdefault(state.unit.id,
                             _card_source(state.unit) if given is None else dict(given))
            initial.append(unit_state_json(state))
        partial = path.with_name(f".{path.name}.partial")
        partial.unlink(missing_ok=True)
        db = sqlite3.connect(partial)
        try:
            with _sqlite_errors(partial), db:
                meta = {
                    "format_version": FORMAT_VERSION,
                    "ruleset": rules.id,
                    "readings": dict(readings or {}),
                    "seed": seed,
                    "title": title,
                    "map_name": map_path.stem,
                    "map_text": map_text,
                    "created": _now(),
                    "settings": dict(settings or {}),
                    "versions": stamp(rules.id, rules.version),
                }
                if chosen_scenario is not None and chosen_scenario.source is not None:
                    meta["scenario"] = chosen_scenario.id
                    meta["scenario_text"] = chosen_scenario.source.read_text(encoding="utf-8")
                    meta["setup_roster"] = roster
                if victory_meta is not None:
                    meta["victory"] = victory_meta
                # each table made, then filled, in the order sqlite-utils did
                db.execute(TABLE_SQL["meta"])
                db.executemany("INSERT INTO meta (key, value) VALUES (?, ?)",
                               [(k, json.dumps(v)) for k, v in meta.items()])
                db.execute(TABLE_SQL["cards"])
                db.executemany("INSERT INTO cards (id, data) VALUES (?, ?)",
                               [(k, json.dumps(v)) for k, v in cards.items()])
                db.execute(TABLE_SQL["units"])
                db.executemany("INSERT INTO units (uid, position, data) VALUES (?, ?, ?)",
                               [(u["uid"], i, json.dumps(u)) for i, u in enumerate(initial)])
                for table in ("steps", "events", "events index"):
                    db.execute(TABLE_SQL[table])
            db.close()
            if path.exists():
                raise MatchFileError(f"{path}: already exists; a match file is never overwritten",
                                     file=path)
            os.replace(partial, path)  # the file appears whole or not at all
        finally:
            db.close()
            partial.unlink(missing_ok=True)
        return cls.open(path)

    @classmethod
    def open(cls, path: Path | str) -> MatchFile:
        """Open a match file, refusing one that is damaged, foreign or from a newer version."""
        path = Path(path)
        if not path.is_file():
            raise MatchFileError(f"{path}: no such match file", file=path)
        with _sqlite_errors(path):
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True,
                                   timeout=BUSY_SECONDS)
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
            raise MatchFileError(f"{path}: the file is damaged ({ok[0] if ok else '?'}); it was "
                                 "not changed", file=path)
        names = {str(r[0]) for r in self.conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        missing = [t for t in TABLES if t not in names]
        if missing:
            raise MatchFileError(f"{path}: not a match file (no {', '.join(missing)} table)",
                                 file=path)
        for table, wanted in COLUMNS.items():
            have = {str(r[1]) for r in self.conn.execute(f"PRAGMA table_info({table})")}
            if not wanted <= have:
                raise MatchFileError(
                    f"{path}: damaged: table {table} has no column "
                    f"{', '.join(sorted(wanted - have))}; it was not changed", file=path)

    def _read_meta(self) -> dict[str, Any]:
        path = self.path
        meta: dict[str, Any] = {}
        for key, value in self.conn.execute("SELECT key, value FROM meta"):
            meta[str(key)] = _json(value, f"{path}: meta {key!r}")
        version = meta.get("format_version")
        if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
            raise MatchFileError(
                f"{path}: written by a newer referee (match format {version}; this one reads "
                f"up to {FORMAT_VERSION}); it was not changed", file=path
            )
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            raise MatchFileError(f"{path}: damaged: its format version is {version!r}, not a "
                                 "whole number from 1; it was not changed", file=path)
        meta.setdefault("settings", {})  # files written before settings existed
        problems = _meta_problems(meta)
        if problems:
            raise MatchFileError(f"{path}: damaged: {'; '.join(problems)}; it was not changed",
                                 file=path)
        for table, most in (("units", MATCH_MAX_UNITS), ("steps", MATCH_MAX_STEPS)):
            count = self.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
            if count > most:
                raise MatchFileError(f"{path}: {count} {table}, over the limit of {most}",
                                     file=path)
        return meta

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> MatchFile:
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
                            "and do it again", file=self.path)
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

    @property
    def seed(self) -> int:
        return int(self.meta["seed"])

    @property
    def victory(self) -> dict[str, Any] | None:
        """The victory condition chosen when the match was made (``condition``, its
        ``name`` and ``clause``, and the ``minutes`` of a fixed-time match), or None."""
        return victory_json(self.meta.get("victory"), self.scenario, self.rules)

    def initial_state(self) -> MatchState:
        from referee.match.setup_commands import initial_setup

        units: dict[str, UnitState] = {}
        with _sqlite_errors(self.path), self._reading():
            rows = list(self.conn.execute("SELECT uid, data FROM units ORDER BY position"))
        for uid, data in rows:
            where = f"{self.path}: unit {uid!r} of the set-up"
            try:
                u = unit_state_from_json(_json(data, where), self.cards)
            except RefereeError as exc:
                raise MatchFileError(f"{where}: {exc}", file=self.path) from None
            if u.hex not in self.battle_map:
                raise MatchFileError(f"{where}: {u.hex} is not on the map", file=self.path)
            units[u.uid] = u
        first = TurnPosition.first(self.rules)  # the orders step, or Gunnery 1 without one
        state = MatchState(self.rules, self.battle_map, self.cards, MappingProxyType(units),
                           step=first.step_id, scenario=self.scenario)
        roster = self.meta.get("setup_roster")
        if self.scenario is not None and roster:
            try:
                state = replace(state, setup=initial_setup(state, roster))
            except RefereeError as exc:
                raise MatchFileError(f"{self.path}: damaged: its setup roster: {exc}",
                                     file=self.path) from None
        return state

    def steps(self, *, include_undone: bool = False) -> list[Step]:
        where = "" if include_undone else " WHERE undone = 0"
        with _sqlite_errors(self.path), self._reading():
            rows = list(self.conn.execute(
                f"SELECT number, name, undone FROM steps{where} ORDER BY number"))
            events: dict[int, list[tuple[Any, Any]]] = {}
            for step, position, data in self.conn.execute(
                "SELECT step, position, data FROM events ORDER BY step, position"
            ):
                events.setdefault(step, []).append((position, data))
        out = []
        for row in rows:
            number, name, undone = _step_row(row, f"{self.path}")
            here = f"{self.path}: step {number}"
            out.append(Step(number, name, tuple(
                _event(_json(data, f"{here}, event {position!r}"), f"{here}, event {position!r}")
                for position, data in events.get(number, [])
            ), undone))
        return out

    def _fold(self, steps: Iterable[Step], state: MatchState | None = None) -> MatchState:
        """``state`` (the set-up by default) with ``steps``' changes, each checked."""
        state = state if state is not None else self.initial_state()
        for step in steps:
            for i, event in enumerate(step.events):
                try:
                    state = state.apply(event.changes)
                except RefereeError as exc:
                    raise MatchFileError(
                        f"{self.path}: damaged: step {step.number} ({step.name}), event {i}: "
                        f"{exc}; it was not changed", file=self.path) from None
        return state

    @property
    def state(self) -> MatchState:
        """The match as this handle last read it: the set-up with every active step's
        changes (:meth:`refresh` reads it again when another program wrote)."""
        if self._state is None:
            with _sqlite_errors(self.path), self._reading():
                self._version = self._data_version()
                self._state = self._fold(self.steps())
        return self._state

    def run(
        self,
        name: str,
        commands: Iterable[Mapping[str, Any]],
        typed: Iterable[int] = (),
        *,
        strict: bool = False,
    ) -> Step:
        """Carry out ``commands`` as one named step and write it (all or nothing).

        ``typed`` are dice the referee read off the table; they answer the step's first
        dice, the app rolls the rest. Steps undone before are dropped (no redo past a new
        step). Nothing is written if any command is refused. The step builds on the journal
        as it is in the file when it is written (``strict``: refused if another program
        wrote since this handle last read).
        """
        commands = list(commands)
        typed = list(typed)
        if not isinstance(name, str) or not name.strip():
            raise MatchFileError("a step needs a name")
        if len(name) > NAME_MAX_CHARS:
            raise MatchFileError(f"step name: {len(name)} characters, over the limit of "
                                 f"{NAME_MAX_CHARS}")
        if len(commands) > STEP_MAX_COMMANDS:
            raise MatchFileError(f"commands: {len(commands)} in one step, over the limit of "
                                 f"{STEP_MAX_COMMANDS}")
        if not all(isinstance(c, Mapping) for c in commands):
            raise MatchFileError("a command is a table of kind and fields")
        conn = self.conn
        with self._writing(strict):
            count = conn.execute("SELECT COUNT(*) FROM steps WHERE undone = 0").fetchone()[0]
            if count >= MATCH_MAX_STEPS:
                raise MatchFileError(f"{self.path}: {count} steps, the limit of "
                                     f"{MATCH_MAX_STEPS}: start a new match", file=self.path)
            number = self._next_number()
            dice = Dice(step_seed(self.seed, number))
            dice.type_in(typed)
            state = self.state
            events: list[Event] = []
            for command in commands:
                event = execute(state, command, dice)
                events.append(event)
                state = state.apply(event.changes)
            if dice.pending:
                raise MatchFileError(
                    f"{len(dice.pending)} typed dice left over ({list(dice.pending)}): "
                    "the step needed fewer dice; nothing was written"
                )
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
        self._state = state
        return Step(number, name, tuple(events))

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
            conn.execute("UPDATE steps SET undone = 1 WHERE undone = 0 AND number > ?",
                         (number,))
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

    def replay_check(self) -> list[str]:
        """Run every active step's commands again, with the dice typed at the table and the
        step's seed for the rest; list the events that come out differently (an empty list:
        the journal replays exactly, dice included)."""
        problems: list[str] = []
        with _sqlite_errors(self.path), self._reading():
            steps = self.steps()
            state = self.initial_state()
            now = self._fold(steps)
        for step in steps:
            dice = Dice(step_seed(self.seed, step.number))
            # the typed dice answered the step's first dice; the seed rolled the rest
            dice.type_in(r.value for e in step.events for r in e.dice if r.typed)
            for i, event in enumerate(step.events):
                try:
                    again = execute(state, event.command, dice)
                except RefereeError as exc:
                    problems.append(f"step {step.number} ({step.name}), event {i} "
                                    f"({event.kind}): refused now: {exc}")
                else:
                    if _plain(again.to_row()) != _plain(event.to_row()):
                        problems.append(
                            f"step {step.number} ({step.name}), event {i} "
                            f"({event.kind}): replays differently"
                        )
                state = state.apply(event.changes)
        if state.to_json() != now.to_json():
            problems.append("the replayed state differs from the journal's")
        return problems


def find_unit_card(unit_id: str) -> UnitType:
    from referee.units.catalogue import find_unit

    return find_unit(unit_id)


def _waiting_unit(
    spec: Mapping[str, Any], where: str, rules: Ruleset, seen: set[str]
) -> dict[str, Any]:
    """A unit of a scenario's match that waits for the setup procedure: its id, card, side."""
    for key in ("uid", "unit"):
        if key not in spec:
            raise MatchFileError(f"{where}: missing {key!r}")
    uid, unit_id = str(spec["uid"]), str(spec["unit"])
    if not uid.strip() or len(uid) > NAME_MAX_CHARS:
        raise MatchFileError(f"{where}: unit id {uid[:40]!r}: 1 to {NAME_MAX_CHARS} characters")
    if uid in seen:
        raise MatchFileError(f"{where}: unit id {uid!r} used twice")
    seen.add(uid)
    given = spec.get("card")
    card = find_unit_card(unit_id) if given is None else _parse_card(given, rules, where)
    if card.id != unit_id:
        raise MatchFileError(f"{where}: its card is {card.id!r}, not {unit_id!r}")
    side = spec.get("side", 1)
    if side not in (1, 2) or isinstance(side, bool):
        raise MatchFileError(f"{where}: side must be 1 or 2, not {side!r}")
    return {"uid": uid, "unit": card.id, "side": int(side)}


def _set_up_unit(
    spec: Mapping[str, Any], where: str, bm: Any, rules: Ruleset, loaded: bool, seen: set[str]
) -> UnitState:
    """One unit of a new match's set-up, checked: its id, card (the catalogue's, or the one
    ``card`` gives), side, hex, facing, speed."""
    from referee.units.catalogue import find_unit

    if not isinstance(spec, Mapping):
        raise MatchFileError(f"{where}: expected uid, unit, side and hex")
    for key in ("uid", "unit"):
        if key not in spec:
            raise MatchFileError(f"{where}: missing {key!r}")
    uid, unit_id = str(spec["uid"]), str(spec["unit"])
    if spec.get("hex") is None:
        raise MatchFileError(f"{where} ({uid}): no hex; a unit without one waits for the setup "
                             "of a scenario (give the match a scenario)")
    if not uid.strip() or len(uid) > NAME_MAX_CHARS:
        raise MatchFileError(f"{where}: unit id {uid[:40]!r}: 1 to {NAME_MAX_CHARS} characters")
    if uid in seen:
        raise MatchFileError(f"{where}: unit id {uid!r} used twice")
    seen.add(uid)
    given = spec.get("card")
    card = find_unit(unit_id) if given is None else _parse_card(given, rules, where)
    if card.id != unit_id:
        raise MatchFileError(f"{where}: its card is {card.id!r}, not {unit_id!r}")
    at = parse_label(str(spec["hex"]))
    if at not in bm:
        raise MatchFileError(f"{where}: {spec['hex']} is not on the map {bm.name!r}")
    numbers = {}
    for key, default, low, high in (("side", 1, 1, 2), ("facing", 0, 0, 5)):
        value = spec.get(key, default)
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise MatchFileError(f"{where}: {key} {value!r:.40} is not a whole number from "
                                 f"{low} to {high}")
        numbers[key] = value
    speeds = [s.name for s in card.speeds]
    speed = spec.get("speed") or (speeds[0] if speeds else "slow")
    if not isinstance(speed, str) or (speeds and speed not in speeds):
        raise MatchFileError(f"{where}: speed {speed!r:.40}: a {card.name} moves at "
                             f"{', '.join(speeds)}")
    ammo = {w.name: max(w.load, w.burst) for w in card.weapons} if loaded else {}
    return UnitState(uid, card, numbers["side"], at, facing=numbers["facing"], speed=speed,
                     loaded=ammo)
