"""Loading a ruleset: its system's list of tables (``data/rulesets/systems.toml``), the files
each needs (a missing one refuses the ruleset), every table read under the ruleset's readings
when first used (:mod:`referee.ruleset.table_set`), or every table at once with every problem
of every file (``whole``: the tests and ``referee rules check``).

``data/rulesets/<id>/ruleset.toml`` names the ruleset, its ``system`` and the readings it takes
(``[rulings]``); a match made with an older version of a ruleset reads that version's folder
(:func:`referee.versions.ruleset_folder`). The kinds of table are an argument: their parsers
live in the rules (:mod:`referee.ruleset.shipped` hands them in).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

from referee.errors import DataFileError, RefereeError, read_toml
from referee.paths import data_dir
from referee.ruleset.los_rules import LosRules, parse_los_rules
from referee.ruleset.model import Ruleset
from referee.ruleset.readings import Resolve, choose_readings, readings_key, ruling_resolver
from referee.ruleset.rulings import register
from referee.ruleset.table_set import KindRef, TableSet
from referee.ruleset.tables import TableKind
from referee.ruleset.terrain import TerrainTable, parse_terrain_table
from referee.versions import data_version, ruleset_folder

SYSTEMS_FILE = "systems.toml"


class UnknownRuleset(RefereeError):
    pass


def _los_resolve(resolve: Resolve) -> Resolve:
    def named(ruling_id: str) -> object:
        try:
            return resolve(ruling_id)
        except KeyError:
            raise KeyError(f"refers to unknown ruling {ruling_id!r}") from None

    return named


TERRAIN: TableKind[TerrainTable] = TableKind(
    "terrain",
    ("terrain.toml",),
    lambda s: parse_terrain_table(s.path("terrain.toml"), s.doc("terrain.toml"), s.ruleset_id),
)
LOS: TableKind[LosRules] = TableKind(
    "los",
    ("los.toml",),
    lambda s: parse_los_rules(s.path("los.toml"), s.doc("los.toml"), _los_resolve(s.resolve)),
)
BASE_KINDS: tuple[TableKind[object], ...] = (TERRAIN, LOS)  # type: ignore[assignment]
"""The tables every ruleset has, read here: the board needs them."""


def available_rulesets() -> list[str]:
    root = data_dir() / "rulesets"
    return sorted(p.name for p in root.iterdir() if (p / "ruleset.toml").is_file())


def systems() -> dict[str, tuple[str, ...]]:
    """Each game system and the tables a ruleset of it must have (``systems.toml``)."""
    path = data_dir() / "rulesets" / SYSTEMS_FILE
    doc = read_toml(path)
    problems: list[str] = []
    found: dict[str, tuple[str, ...]] = {}
    raw = doc.get("system")
    if not isinstance(raw, dict) or not raw:
        raise DataFileError(path, ["system: expected [system.<id>] tables"])
    for sid, table in raw.items():
        if not isinstance(table, dict):
            problems.append(f"system.{sid}: expected a table")
            continue
        for key in sorted(set(table) - {"name", "tables"}):
            problems.append(f"system.{sid}.{key}: unknown key")
        names = table.get("tables")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            problems.append(f"system.{sid}.tables: expected a list of table names")
            continue
        found[sid] = tuple(names)
    if problems:
        raise DataFileError(path, problems)
    return found


@cache
def _table_set(
    ruleset_id: str,
    folder: Path,
    system: str,
    names: tuple[str, ...],
    readings: tuple[tuple[str, str], ...],
    kinds: tuple[KindRef, ...],
) -> TableSet:
    """The tables of one ruleset folder under one set of readings, each read on first use
    (one :class:`TableSet` per folder and readings, shared by every load); a table its
    system lists without a kind, or a missing file, refuses the ruleset at once, naming
    every one."""
    by_name = {k.name: k for k in kinds}
    problems: list[str] = []
    for name in names:
        if name not in by_name:
            problems.append(f"{SYSTEMS_FILE}: system {system}: no kind of table {name!r}")
            continue
        for file in by_name[name].files:
            if not (folder / file).is_file():
                problems.append(f"{file}: missing (the {name} table of system {system})")
    if problems:
        raise DataFileError(folder, problems)
    chosen = dict(readings)
    return TableSet(ruleset_id, folder, names, chosen, ruling_resolver(chosen), by_name)


def _system(ruleset_id: str, meta_path: Path) -> str:
    """The ruleset's system, as its current ``ruleset.toml`` names it (a ruleset's older
    versions in ``history/`` belong to the same system)."""
    now = data_dir() / "rulesets" / ruleset_id / "ruleset.toml"
    value = read_toml(now).get("system")
    known = systems()
    if not isinstance(value, str) or value not in known:
        raise DataFileError(
            meta_path,
            [f"system: {value!r} is not a game system of {SYSTEMS_FILE} ({', '.join(known)})"],
        )
    return value


def ruleset_system(ruleset_id: str) -> str:
    """The game system of the shipped ruleset ``ruleset_id`` (its ``ruleset.toml``'s
    ``system``), without loading its tables or readings: which kind of match file plays it
    (:func:`referee.match.games.systems.match_class`). An unknown ruleset or system is
    refused as :func:`load_ruleset` refuses it."""
    if not isinstance(ruleset_id, str) or ruleset_id not in available_rulesets():
        known = ", ".join(available_rulesets())
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})")
    meta_path = data_dir() / "rulesets" / ruleset_id / "ruleset.toml"
    return _system(ruleset_id, meta_path)


def load_ruleset(
    ruleset_id: str,
    kinds: Iterable[KindRef],
    readings: Mapping[str, str] | None = None,
    version: int | None = None,
    whole: bool = False,
) -> Ruleset:
    """Load ``data/rulesets/<ruleset_id>``: every table its system lists, read by ``kinds``
    (besides terrain and line of sight) on first use; ``readings`` overrides its chosen
    readings; ``version`` picks an older version of the ruleset (None: the version shipped
    now). A missing file refuses the ruleset, naming every one; a problem in a table is
    raised when the table is first read, or here for every table at once with ``whole``."""
    if not isinstance(ruleset_id, str) or ruleset_id not in available_rulesets():
        known = ", ".join(available_rulesets())
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})")
    folder = ruleset_folder(ruleset_id, version)
    meta_path = folder / "ruleset.toml"
    if not meta_path.is_file():
        known = ", ".join(available_rulesets())
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})")
    meta = read_toml(meta_path)
    rulings = register()
    raw_chosen = meta.get("rulings", {})
    chosen = dict(raw_chosen) if isinstance(raw_chosen, dict) else {}
    chosen.update(readings or {})
    picked = choose_readings(meta_path, chosen, rulings)
    system = _system(ruleset_id, meta_path)
    kinds = tuple(kinds)
    tables = _table_set(
        ruleset_id, folder, system, systems()[system], readings_key(picked), (*BASE_KINDS, *kinds)
    )
    if whole:
        tables.check()

    def reload(other: Mapping[str, str]) -> Ruleset:
        return load_ruleset(ruleset_id, kinds, other, version, whole)

    return Ruleset(
        id=ruleset_id,
        name=str(meta.get("name", ruleset_id)),
        description=str(meta.get("description", "")),
        folder=folder,
        readings=MappingProxyType(picked),
        terrain=tables[TERRAIN.name],  # type: ignore[arg-type]
        los=tables[LOS.name],  # type: ignore[arg-type]
        version=data_version(meta_path),
        system=system,
        drafts=_drafts(meta.get("drafts")),
        tables=tables,
        reload=reload,
    )


def _drafts(value: object) -> tuple[str, ...]:
    """``ruleset.toml``'s ``drafts``: the drafts' numbers as text (anything else: none)."""
    if not isinstance(value, list):
        return ()
    return tuple(str(d) for d in value if isinstance(d, str | int))


@cache
def ruleset_terrain(ruleset_id: str) -> TerrainTable:
    """The terrain table of the shipped ruleset ``ruleset_id`` alone (a map names its
    edition; reading its terrain needs none of the other tables)."""
    if not isinstance(ruleset_id, str) or ruleset_id not in available_rulesets():
        known = ", ".join(available_rulesets())
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})")
    path = data_dir() / "rulesets" / ruleset_id / "terrain.toml"
    return parse_terrain_table(path, read_toml(path), ruleset_id)


@cache
def ruleset_readings(ruleset_id: str) -> Mapping[str, str]:
    """The readings the shipped ruleset ``ruleset_id`` takes of every ruling, alone."""
    if not isinstance(ruleset_id, str) or ruleset_id not in available_rulesets():
        known = ", ".join(available_rulesets())
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})")
    path = data_dir() / "rulesets" / ruleset_id / "ruleset.toml"
    raw = read_toml(path).get("rulings", {})
    return MappingProxyType(
        choose_readings(path, dict(raw) if isinstance(raw, dict) else {}, register())
    )
