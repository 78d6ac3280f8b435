"""A match file: one SQLite database (sqlite-utils) holding a whole match.

Tables: ``meta`` (format version, ruleset and the readings it takes, seed, the map's own
text), ``cards`` (every unit card as the catalogue gave it, so the file stands alone),
``units`` (the units as set up), ``steps`` (named steps: the unit of undo) and ``events``
(the append-only journal: command, dice, changes, working, clause and ruling ids).

Every step is written in one transaction: a process killed mid-write loses at most that
step, never the file. A file from a newer version, or one that is not a match file or is
damaged, is refused with a message naming it and is never written to. The meta's
``versions`` is the stamp of the referee that wrote the file (:mod:`referee.versions`): a
file stamped with newer data is refused, an older one is read with the ruleset version it
was made with. Reopening a file
folds the journal's changes; :meth:`MatchFile.replay_check` runs every command again
with its recorded dice and reports any event that would now come out differently.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any

import sqlite_utils

from referee.board.hexgrid import Hex, parse_label
from referee.board.maps import find_map, parse_map
from referee.dice.service import Dice
from referee.errors import RefereeError
from referee.match.commands import execute
from referee.match.events import Event, Step
from referee.match.formats import CURRENT, readings_for
from referee.match.serial import unit_state_from_json, unit_state_json
from referee.match.state import MatchState
from referee.match.victory import chosen_victory, victory_json
from referee.rules.ruleset import Ruleset, load_ruleset
from referee.rules.state import UnitState
from referee.rules.turn.clock import TurnPosition
from referee.scenarios.battlefield import scenario_map
from referee.scenarios.loader import find_scenario, parse_scenario
from referee.scenarios.model import Scenario
from referee.units.model import UnitType
from referee.versions import NewerFileError, check_stamp, stamp

FORMAT_VERSION = CURRENT  # 2: turns begin with the orders step (referee/match/formats.py)
TABLES = ("meta", "cards", "units", "steps", "events")


def _plain(data: object) -> object:
    """``data`` as JSON gives it back (tuples become lists), for comparing events."""
    return json.loads(json.dumps(data))


class MatchFileError(RefereeError):
    """A match file that cannot be opened or written; the message names the file."""


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
    return parse_scenario(Path(f"{meta['scenario']}.toml"), tomllib.loads(text))


def _card_source(unit: UnitType) -> dict[str, Any]:
    """The ``[[unit]]`` table a card was read from, as plain data."""
    if unit.source is None:
        raise MatchFileError(f"unit {unit.id}: its card has no source file to copy")
    with open(unit.source, "rb") as fh:
        doc = tomllib.load(fh)
    for raw in doc.get("unit", []):
        if raw.get("id") == unit.id:
            return {"nation": doc["nation"], "sample": bool(doc.get("sample", False)), "raw": raw}
    raise MatchFileError(f"unit {unit.id}: not found in {unit.source}")


def _parse_card(data: Mapping[str, Any], rules: Ruleset, where: str) -> UnitType:
    from referee.units.catalogue import card_rules
    from referee.units.parse_unit import parse_unit

    problems: list[str] = []
    card = parse_unit(
        data["raw"],
        0,
        data["nation"],
        problems,
        card_rules(rules),
        sample=data.get("sample", False),
    )
    if card is None:
        raise MatchFileError(f"{where}: a unit card no longer reads: {'; '.join(problems)}")
    return card


class MatchFile:
    """An open match file (see the module docstring)."""

    def __init__(self, path: Path, db: sqlite_utils.Database) -> None:
        self.path = path
        self.db = db
        meta = {r["key"]: json.loads(r["value"]) for r in db.table("meta").rows}
        meta.setdefault("settings", {})  # files written before settings existed
        self.meta: Mapping[str, Any] = MappingProxyType(meta)
        ruleset_version = check_stamp(meta.get("versions"), path)  # refuses a newer file
        self.rules = load_ruleset(
            meta["ruleset"],
            readings_for(meta["format_version"], meta.get("readings") or {}),
            ruleset_version,
        )
        map_doc = tomllib.loads(meta["map_text"])
        self.battle_map = parse_map(Path(meta["map_name"]), map_doc, self.rules.terrain)
        self.scenario = _scenario_of(meta, self.rules)
        if self.scenario is not None:
            self.battle_map = scenario_map(self.battle_map, self.scenario, self.rules)
        self.cards: Mapping[str, UnitType] = MappingProxyType(
            {
                r["id"]: _parse_card(json.loads(r["data"]), self.rules, f"{path}: card {r['id']}")
                for r in db.table("cards").rows
            }
        )
        self._state: MatchState | None = None

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
        from referee.units.catalogue import find_unit

        path = Path(path)
        if path.exists():
            raise MatchFileError(f"{path}: already exists; a match file is never overwritten")
        for key, value in (settings or {}).items():
            if not isinstance(key, str) or not isinstance(value, str):
                raise MatchFileError(f"settings: {key!r} = {value!r}: expected text for both")
        chosen_scenario = find_scenario(scenario) if scenario else None
        if chosen_scenario is not None:
            map_name = map_name or chosen_scenario.map
            ruleset = ruleset or chosen_scenario.edition
        map_path = find_map(map_name)
        map_text = map_path.read_text(encoding="utf-8")
        edition = ruleset or str(tomllib.loads(map_text).get("edition", "current"))
        rules = load_ruleset(edition, readings or {})
        bm = parse_map(map_path, tomllib.loads(map_text), rules.terrain)
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
            where = f"units[{i}]"
            try:
                uid, unit_id = str(spec["uid"]), str(spec["unit"])
                given = spec.get("card")
                card = find_unit(unit_id) if given is None else _parse_card(given, rules, where)
                if spec.get("hex") is not None:
                    at: Hex | None = parse_label(str(spec["hex"]))
                elif chosen_scenario is not None:
                    at = None
                else:
                    raise MatchFileError(
                        f"{where} ({uid}): no hex; a unit without one waits for the setup of "
                        "a scenario (give the match a scenario)"
                    )
            except KeyError as exc:
                raise MatchFileError(f"{where}: missing {exc}") from None
            except ValueError as exc:
                raise MatchFileError(f"{where}: {exc}") from None
            if uid in seen:
                raise MatchFileError(f"{where}: unit id {uid!r} used twice")
            seen.add(uid)
            if at is None:  # waits for the scenario's setup procedure
                side = spec.get("side", 1)
                if side not in (1, 2):
                    raise MatchFileError(f"{where}: side must be 1 or 2, not {side!r}")
                if card.id != unit_id:
                    raise MatchFileError(f"{where}: its card is {card.id!r}, not {unit_id!r}")
                cards.setdefault(card.id, _card_source(card) if given is None else dict(given))
                roster.append({"uid": uid, "unit": card.id, "side": int(side)})
                continue
            if at not in bm:
                raise MatchFileError(f"{where}: {spec['hex']} is not on the map {bm.name!r}")
            speed = str(spec.get("speed") or (card.speeds[0].name if card.speeds else "slow"))
            try:
                ammo = {w.name: max(w.load, w.burst) for w in card.weapons} if loaded else {}
                state = UnitState(
                    uid,
                    card,
                    int(spec.get("side", 1)),
                    at,
                    facing=int(spec.get("facing", 0)),
                    speed=speed,
                    loaded=ammo,
                )
            except ValueError as exc:
                raise MatchFileError(f"{where}: {exc}") from None
            if card.id != unit_id:
                raise MatchFileError(f"{where}: its card is {card.id!r}, not {unit_id!r}")
            cards.setdefault(card.id, _card_source(card) if given is None else dict(given))
            initial.append(unit_state_json(state))
        partial = path.with_name(f".{path.name}.partial")
        partial.unlink(missing_ok=True)
        db = sqlite_utils.Database(sqlite3.connect(partial))
        try:
            with db.conn:
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
                db.table("meta").insert_all(
                    ({"key": k, "value": json.dumps(v)} for k, v in meta.items()), pk="key"
                )
                db.table("cards").insert_all(
                    ({"id": k, "data": json.dumps(v)} for k, v in cards.items()), pk="id"
                )
                db.table("units").create(  # a match whose units all wait for setup has none
                    {"uid": str, "position": int, "data": str}, pk="uid"
                )
                db.table("units").insert_all(
                    (
                        {"uid": u["uid"], "position": i, "data": json.dumps(u)}
                        for i, u in enumerate(initial)
                    ),
                    pk="uid",
                )
                db.table("steps").create(
                    {"number": int, "name": str, "undone": int, "created": str}, pk="number"
                )
                db.table("events").create(
                    {"id": int, "step": int, "position": int, "kind": str, "data": str},
                    pk="id",
                    foreign_keys=[("step", "steps")],
                )
                db.table("events").create_index(["step", "position"])
            db.conn.close()
            if path.exists():
                raise MatchFileError(f"{path}: already exists; a match file is never overwritten")
            os.replace(partial, path)  # the file appears whole or not at all
        finally:
            db.conn.close()
            partial.unlink(missing_ok=True)
        return cls(path, sqlite_utils.Database(sqlite3.connect(path)))

    @classmethod
    def open(cls, path: Path | str) -> MatchFile:
        """Open a match file, refusing one that is damaged, foreign or from a newer version."""
        path = Path(path)
        if not path.is_file():
            raise MatchFileError(f"{path}: no such match file")
        try:
            conn = sqlite3.connect(f"file:{path}?mode=rw", uri=True)
            ok = conn.execute("PRAGMA quick_check").fetchone()
            if not ok or ok[0] != "ok":
                conn.close()
                raise MatchFileError(f"{path}: the file is damaged ({ok[0] if ok else '?'})")
            db = sqlite_utils.Database(conn)
            missing = [t for t in TABLES if t not in db.table_names()]
        except sqlite3.DatabaseError as exc:
            raise MatchFileError(f"{path}: not a match file or damaged ({exc})") from None
        if missing:
            conn.close()
            raise MatchFileError(f"{path}: not a match file (no {', '.join(missing)} table)")
        version = json.loads(
            next(db.table("meta").rows_where("key = ?", ["format_version"]))["value"]
        )
        if not isinstance(version, int) or version > FORMAT_VERSION:
            conn.close()
            raise MatchFileError(
                f"{path}: written by a newer referee (match format {version}; this one reads "
                f"up to {FORMAT_VERSION}); it was not changed"
            )
        try:
            return cls(path, db)
        except NewerFileError:
            conn.close()
            raise
        except (KeyError, ValueError, tomllib.TOMLDecodeError) as exc:
            conn.close()
            raise MatchFileError(f"{path}: cannot be read: {exc}") from None

    def close(self) -> None:
        self.db.conn.close()

    def __enter__(self) -> MatchFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

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

        units = {}
        for r in self.db.table("units").rows_where(order_by="position"):
            u = unit_state_from_json(json.loads(r["data"]), self.cards)
            units[u.uid] = u
        first = TurnPosition.first(self.rules)  # the orders step, or Gunnery 1 without one
        state = MatchState(self.rules, self.battle_map, self.cards, MappingProxyType(units),
                           step=first.step_id, scenario=self.scenario)
        roster = self.meta.get("setup_roster")
        if self.scenario is not None and roster:
            state = replace(state, setup=initial_setup(state, roster))
        return state

    def steps(self, *, include_undone: bool = False) -> list[Step]:
        where = None if include_undone else "undone = 0"
        out = []
        for s in self.db.table("steps").rows_where(where, order_by="number"):
            events = tuple(
                Event.from_row(json.loads(e["data"]))
                for e in self.db.table("events").rows_where(
                    "step = ?", [s["number"]], order_by="position"
                )
            )
            out.append(Step(s["number"], s["name"], events, bool(s["undone"])))
        return out

    @property
    def state(self) -> MatchState:
        """The match now: the initial state with every active step's changes."""
        if self._state is None:
            state = self.initial_state()
            for step in self.steps():
                for event in step.events:
                    state = state.apply(event.changes)
            self._state = state
        return self._state

    def run(
        self,
        name: str,
        commands: Iterable[Mapping[str, Any]],
        typed: Iterable[int] = (),
    ) -> Step:
        """Carry out ``commands`` as one named step and write it (all or nothing).

        ``typed`` are dice the referee read off the table; they answer the step's first
        dice, the app rolls the rest. Steps undone before are dropped (no redo past a new
        step). Nothing is written if any command is refused.
        """
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
        # Plain statements in one transaction: sqlite-utils' insert helpers commit on their
        # own, and a step must reach the file whole or not at all.
        conn = self.db.conn
        with conn:
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
        row = self.db.execute("SELECT MAX(number) FROM steps WHERE undone = 0").fetchone()
        return int(row[0] or 0) + 1

    def undo(self) -> Step | None:
        """Take back the last step (it stays in the file for redo until a new step)."""
        row = self.db.execute(
            "SELECT number FROM steps WHERE undone = 0 ORDER BY number DESC LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        with self.db.conn:
            self.db.table("steps").update(row[0], {"undone": 1})
        self._state = None
        return next(s for s in self.steps(include_undone=True) if s.number == row[0])

    def undo_back_to(self, number: int) -> list[Step]:
        """Take back every step after step ``number`` in one transaction (they stay in the
        file for redo, the earliest first, until a new step); the steps taken back."""
        later = [s for s in self.steps() if s.number > number]
        if not later:
            return []
        with self.db.conn:
            self.db.conn.execute(
                "UPDATE steps SET undone = 1 WHERE undone = 0 AND number > ?", (number,)
            )
        self._state = None
        return later

    def redo(self) -> Step | None:
        """Carry out again the step undone last."""
        row = self.db.execute(
            "SELECT number FROM steps WHERE undone = 1 ORDER BY number LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        with self.db.conn:
            self.db.table("steps").update(row[0], {"undone": 0})
        self._state = None
        return next(s for s in self.steps() if s.number == row[0])

    def replay_check(self) -> list[str]:
        """Run every active step's commands again, with the dice typed at the table and the
        step's seed for the rest; list the events that come out differently (an empty list:
        the journal replays exactly, dice included)."""
        problems: list[str] = []
        state = self.initial_state()
        for step in self.steps():
            dice = Dice(step_seed(self.seed, step.number))
            # the typed dice answered the step's first dice; the seed rolled the rest
            dice.type_in(r.value for e in step.events for r in e.dice if r.typed)
            for i, event in enumerate(step.events):
                again = execute(state, event.command, dice)
                if _plain(again.to_row()) != _plain(event.to_row()):
                    problems.append(
                        f"step {step.number} ({step.name}), event {i} "
                        f"({event.kind}): replays differently"
                    )
                state = state.apply(event.changes)
        if state.to_json() != self.state.to_json():
            problems.append("the replayed state differs from the journal's")
        return problems
