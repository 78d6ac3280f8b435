"""Loading a ruleset whole: its system's list of tables (``data/rulesets/systems.toml``), the
files each needs, every table read under the ruleset's readings, every problem of every file
reported at once.

``data/rulesets/<id>/ruleset.toml`` names the ruleset, its ``system`` and the readings it takes
(``[rulings]``); a match made with an older version of a ruleset reads that version's folder
(:func:`referee.versions.ruleset_folder`). The kinds of table are an argument: their parsers
live in the rules (:mod:`referee.rules.ruleset` hands them in).
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
from referee.ruleset.tables import TableKind, TableSource
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
    "terrain", ("terrain.toml",),
    lambda s: parse_terrain_table(s.path("terrain.toml"), s.doc("terrain.toml"), s.ruleset_id))
LOS: TableKind[LosRules] = TableKind(
    "los", ("los.toml",),
    lambda s: parse_los_rules(s.path("los.toml"), s.doc("los.toml"), _los_resolve(s.resolve)))
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


def _order(names: Iterable[str], kinds: Mapping[str, TableKind[object]]) -> list[str]:
    """``names`` with every table after those it needs."""
    done: list[str] = []

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in done or name in path or name not in kinds:
            return
        for need in kinds[name].needs:
            visit(need, (*path, name))
        done.append(name)

    for name in names:
        visit(name, ())
    return done


@cache
def _read_tables(
    ruleset_id: str, folder: Path, system: str, names: tuple[str, ...],
    readings: tuple[tuple[str, str], ...],
    kinds: tuple[TableKind[object], ...],
) -> Mapping[str, object]:
    by_name = {k.name: k for k in kinds}
    chosen = dict(readings)
    resolve = ruling_resolver(chosen)
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
    failed: list[DataFileError] = []
    loaded: dict[str, object] = {}
    for name in _order(names, by_name):
        kind = by_name[name]
        if any(need not in loaded for need in kind.needs):
            continue  # a table it needs has problems, reported below
        source = TableSource(ruleset_id, folder, MappingProxyType(chosen), resolve, loaded)
        try:
            loaded[name] = kind.parse(source)
        except DataFileError as exc:
            failed.append(exc)
    if len(failed) == 1:
        raise failed[0]
    if failed:
        raise DataFileError(folder, [
            f"{_within(folder, exc.path)}: {p}" for exc in failed for p in exc.problems])
    return MappingProxyType(loaded)


def _within(folder: Path, path: Path) -> str:
    try:
        return path.relative_to(folder).as_posix()
    except ValueError:
        return str(path)


def _system(ruleset_id: str, meta_path: Path) -> str:
    """The ruleset's system, as its current ``ruleset.toml`` names it (a ruleset's older
    versions in ``history/`` belong to the same system)."""
    now = data_dir() / "rulesets" / ruleset_id / "ruleset.toml"
    value = read_toml(now).get("system")
    known = systems()
    if not isinstance(value, str) or value not in known:
        raise DataFileError(meta_path, [
            f"system: {value!r} is not a game system of {SYSTEMS_FILE} "
            f"({', '.join(known)})"])
    return value


def load_ruleset(
    ruleset_id: str,
    kinds: Iterable[TableKind[object]],
    readings: Mapping[str, str] | None = None,
    version: int | None = None,
) -> Ruleset:
    """Load ``data/rulesets/<ruleset_id>`` whole: every table its system lists, read by
    ``kinds`` (besides terrain and line of sight); ``readings`` overrides its chosen readings;
    ``version`` picks an older version of the ruleset (None: the version shipped now). A
    missing file or a problem in any file refuses the ruleset, naming every one."""
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
    tables = _read_tables(ruleset_id, folder, system, systems()[system],
                          readings_key(picked), (*BASE_KINDS, *kinds))

    def reload(other: Mapping[str, str]) -> Ruleset:
        return load_ruleset(ruleset_id, kinds, other, version)

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
        tables=tables,
        reload=reload,
    )


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
        choose_readings(path, dict(raw) if isinstance(raw, dict) else {}, register()))
