"""A match file: one SQLite database (sqlite-utils) holding a whole match.

Tables: ``meta`` (format version, ruleset and the readings it takes, seed, the map's own
text), ``cards`` (every unit card as the catalogue gave it, so the file stands alone),
``units`` (the units as set up), ``steps`` (named steps: the unit of undo) and ``events``
(the append-only journal: command, dice, changes, working, clause and ruling ids).

Every step, undo and redo is one write transaction (``BEGIN IMMEDIATE``) that reads the
journal it builds on inside the transaction: two programs writing one match take turns,
never lose or double a committed step, and a handle kept open (the app's) that last read
the file before another program wrote to it builds on what is in the file now, or, asked to
be ``strict``, refuses with :class:`MatchMovedOn` (the file's revision tells). A handle
keeps no connection between operations (:mod:`referee.match.journal.journal_file`). A process
killed mid-write loses at most that step, never the file; a command that fails commits
nothing. A file from a newer version, one that is not a match file, or one that is damaged
(tampered rows, a dropped column, a damaged page) is refused with a message naming it and is
never written to. The meta's ``versions`` is the stamp of the referee that wrote the file
(:mod:`referee.versions`): a file stamped with newer data is refused, an older one is read
with the ruleset version it was made with. Reopening a file folds the journal's changes;
:meth:`MatchFile.replay_check` runs every command again with its recorded dice and reports
any event that would now come out differently. The game's rules are
:class:`referee.rules.orders.system.OrdersSystem`; run, undo, redo and the replay check are
the journal file's, written once for every game system.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from referee.board.hexgrid import parse_label
from referee.board.maps import BattleMap, MapError, find_map, parse_map
from referee.dice.service import Dice
from referee.errors import (
    RefereeError,
    one_line,
    parse_toml,
    read_bounded,
    read_toml,
    whole_number,
)
from referee.limits import (
    DATA_FILE_MAX_BYTES,
    NAME_MAX_CHARS,
)
from referee.match.journal.formats import readings_for
from referee.match.journal.journal_file import (  # the names other modules import from here
    BUSY_SECONDS,
    FORMAT_VERSION,
    JournalFile,
    MatchFileError,
    MatchMovedOn,
    _json,
    _now,
    _sqlite_errors,
    check_new_match,
    step_seed,
)
from referee.rules.orders.serial import unit_state_from_json, unit_state_json
from referee.rules.orders.state import MatchState
from referee.rules.orders.system import ORDERS, OrdersSystem
from referee.rules.state import UnitState
from referee.rules.turn.clock import TurnPosition
from referee.ruleset import Ruleset
from referee.ruleset.shipped import load_ruleset
from referee.units.model import UnitType
from referee.versions import stamp

if TYPE_CHECKING:
    from referee.match.journal.text_journal import TextJournal
    from referee.scenarios.model import Scenario
    from referee.units.parse_unit import CardRules

__all__ = [
    "BUSY_SECONDS",
    "FORMAT_VERSION",
    "MatchFile",
    "MatchFileError",
    "MatchMovedOn",
    "find_unit_card",
    "step_seed",
]


def _scenario_of(meta: Mapping[str, Any], rules: Ruleset) -> Scenario | None:
    """The scenario a match was made under, read from its own copy in the file."""
    text = meta.get("scenario_text")
    if not text:
        return None
    from referee.scenarios.loader import parse_scenario  # a match made with a scenario

    name = Path(f"{meta['scenario']}.toml")
    return parse_scenario(name, parse_toml(text, name))


def _card_source(unit: UnitType, read: dict[Path, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The ``[[unit]]`` table a card was read from, as plain data (``read``: the unit files
    read so far by the caller, by path: each file is parsed once for a whole army)."""
    from referee.units.parse_unit import kept_card

    if unit.source is None:
        raise MatchFileError(f"unit {unit.id}: its card has no source file to copy")
    if read is None:
        read = {}
    doc = read.get(unit.source)
    if doc is None:
        doc = read[unit.source] = read_toml(unit.source)
    card = kept_card(doc, unit.id)
    if card is None:
        raise MatchFileError(f"unit {unit.id}: not found in {unit.source}")
    return card


def _parse_card(data: object, rules: Ruleset | CardRules, where: str) -> UnitType:
    """A card the file holds, read under ``rules`` (or the card rules read from them,
    once for every card of the file)."""
    from referee.units.card_rules import card_rules
    from referee.units.parse_unit import CardRules, parse_unit

    if (
        not isinstance(data, dict)
        or not isinstance(data.get("nation"), str)
        or not isinstance(data.get("sample", False), bool)
    ):
        raise MatchFileError(f"{where}: expected a card with its nation and unit table")
    problems: list[str] = []
    card = parse_unit(
        data.get("raw"),
        0,
        data["nation"],
        problems,
        rules if isinstance(rules, CardRules) else card_rules(rules),
        sample=data.get("sample", False),
    )
    if card is None:
        raise MatchFileError(f"{where}: a unit card no longer reads: {'; '.join(problems)}")
    return card


class MatchFile(JournalFile[MatchState]):
    """An open match file of the game of written orders (see the module docstring)."""

    SYSTEM: ClassVar[str] = ORDERS.SYSTEM
    system: OrdersSystem = ORDERS
    STEP_ENGINE: ClassVar[tuple[str, ...]] = ("referee.rules.orders.step",)

    def _load(self, meta: Mapping[str, Any], ruleset_version: int) -> None:
        path = self.path
        where = f"{path}"
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
                from referee.scenarios.battlefield import scenario_map

                self.battle_map = scenario_map(self.battle_map, self.scenario, self.rules)
        except RefereeError as exc:
            raise MatchFileError(f"{where}: cannot be read: {one_line(exc)}", file=path) from None
        cards: dict[str, UnitType] = {}
        crules: CardRules | None = None
        for cid, data in self.rows("SELECT id, data FROM cards"):
            here = f"{path}: card {cid!r}"
            try:
                if crules is None:
                    from referee.units.card_rules import card_rules

                    crules = card_rules(self.rules)
                cards[str(cid)] = _parse_card(_json(data, here), crules, here)
            except RefereeError as exc:
                raise MatchFileError(str(exc), file=path) from None
        self.cards: Mapping[str, UnitType] = MappingProxyType(cards)

    def _meta_problems(self, meta: Mapping[str, object]) -> list[str]:
        def text(key: str, required: bool = True) -> str | None:
            if key not in meta:
                return f"no {key}" if required else None
            return None if isinstance(meta[key], str) else f"{key} is not text: {meta[key]!r:.40}"

        problems = [
            text("map_name"),
            text("map_text"),
            text("scenario", "scenario_text" in meta),
            text("scenario_text", False),
            None
            if isinstance(meta.get("setup_roster", []), list)
            else "setup_roster is not a list",
        ]
        return [p for p in problems if p]

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
            raise MatchFileError(
                f"{path}: already exists; a match file is never overwritten", file=path
            )
        check_new_match(settings, title, seed, units)
        chosen_scenario = None
        if scenario:  # a match without a scenario never imports the scenarios' modules
            from referee.scenarios.loader import find_scenario

            chosen_scenario = find_scenario(scenario)
        if chosen_scenario is not None:
            map_name = map_name or chosen_scenario.map
            ruleset = ruleset or chosen_scenario.edition
        map_path = find_map(map_name)
        try:
            map_text = read_bounded(map_path, DATA_FILE_MAX_BYTES, "map file").decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MapError(map_path, [f"not UTF-8 text: {exc}"]) from None
        map_doc = parse_toml(map_text, map_path)  # the text the file will hold
        edition = ruleset or map_doc.get("edition", "current")
        if not isinstance(edition, str):
            raise MapError(map_path, [f"edition: {edition!r} is not a ruleset id"])
        rules = load_ruleset(edition, readings or {})
        bm = parse_map(map_path, map_doc, rules.terrain)
        if chosen_scenario is not None:
            from referee.scenarios.battlefield import scenario_map

            bm = scenario_map(bm, chosen_scenario, rules)
        victory_meta = None
        if victory is not None:
            from referee.rules.orders.victory import chosen_victory

            victory_meta = chosen_victory(victory, chosen_scenario, rules)
        roster: list[dict[str, Any]] = []
        seed = seed if seed is not None else Dice().seed
        cards: dict[str, dict[str, Any]] = {}
        unit_files: dict[Path, dict[str, Any]] = {}  # each card's file parsed once
        initial: list[dict[str, Any]] = []
        seen: set[str] = set()
        loaded = rules.reading("setup.loaded").value == "loaded"
        for i, spec in enumerate(units):
            if (
                chosen_scenario is not None
                and isinstance(spec, Mapping)
                and spec.get("hex") is None
            ):  # waits for the scenario's setup procedure
                waiting = _waiting_unit(spec, f"units[{i}]", rules, seen)
                given = spec.get("card")
                if waiting["unit"] not in cards:
                    cards[waiting["unit"]] = (
                        _card_source(find_unit_card(waiting["unit"]), unit_files)
                        if given is None
                        else dict(given)
                    )
                roster.append(waiting)
                continue
            state = _set_up_unit(spec, f"units[{i}]", bm, rules, loaded, seen)
            given = spec.get("card")
            if state.unit.id not in cards:
                cards[state.unit.id] = (
                    _card_source(state.unit, unit_files) if given is None else dict(given)
                )
            initial.append(unit_state_json(state))
        meta: dict[str, Any] = {
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
        cls.write_new(path, meta, cards, initial)
        return cls.open(path)

    @classmethod
    def from_journal(cls, journal: TextJournal, path: Path | str) -> MatchFile:
        return cls.create(
            path,
            map_name=journal.map,
            units=journal.units,
            ruleset=journal.edition,
            readings=readings_for(journal.format, journal.readings),
            seed=journal.seed,
            scenario=journal.scenario,
            victory=journal.victory,
        )

    @property
    def victory(self) -> dict[str, Any] | None:
        """The victory condition chosen when the match was made (``condition``, its
        ``name`` and ``clause``, and the ``minutes`` of a fixed-time match), or None."""
        from referee.rules.orders.victory import victory_json

        return victory_json(self.meta.get("victory"), self.scenario, self.rules)

    def initial_state(self) -> MatchState:
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
        state = MatchState(
            self.rules,
            self.battle_map,
            self.cards,
            MappingProxyType(units),
            step=first.step_id,
            scenario=self.scenario,
        )
        roster = self.meta.get("setup_roster")
        if self.scenario is not None and roster:
            from referee.rules.orders.setup_commands import initial_setup  # the setup's rules

            try:
                state = replace(state, setup=initial_setup(state, roster))
            except RefereeError as exc:
                raise MatchFileError(
                    f"{self.path}: damaged: its setup roster: {exc}", file=self.path
                ) from None
        return state


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
    spec: Mapping[str, Any], where: str, bm: BattleMap, rules: Ruleset, loaded: bool, seen: set[str]
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
        raise MatchFileError(
            f"{where} ({uid}): no hex; a unit without one waits for the setup "
            "of a scenario (give the match a scenario)"
        )
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
        if isinstance(value, str) and whole_number(value) is not None:
            value = whole_number(value)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise MatchFileError(
                f"{where}: {key} {value!r:.40} is not a whole number from {low} to {high}"
            )
        numbers[key] = value
    speeds = [s.name for s in card.speeds]
    speed = spec.get("speed") or (speeds[0] if speeds else "slow")
    if not isinstance(speed, str) or (speeds and speed not in speeds):
        raise MatchFileError(
            f"{where}: speed {speed!r:.40}: a {card.name} moves at {', '.join(speeds)}"
        )
    ammo = {w.name: max(w.load, w.burst) for w in card.weapons} if loaded else {}
    return UnitState(
        uid, card, numbers["side"], at, facing=numbers["facing"], speed=speed, loaded=ammo
    )
