"""The unit catalogue: every unit file under ``data/units/``, checked, loaded and looked up.

A unit file holds the unit types of one nation (``nation = "ork"``, ``[[unit]]`` tables);
``sample = true`` marks the sample catalogues of ``data/units/sample/``, which are built from
the drafts' examples and are not an official army list. Unit ids are unique across the whole
catalogue. Every problem of a file is reported at once, each naming the unit and the field
(:class:`UnitFileError`). The vocabulary file ``data/units/abilities.toml`` is not a unit
file. Clause ``army.unit-base``; readings of rulings ``units.models-per-base`` and
``units.assault-acid``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from referee.errors import DataFileError, RefereeError, read_toml
from referee.paths import data_dir
from referee.units.abilities import REGISTER_FILE
from referee.units.card_rules import card_rules
from referee.units.model import UnitType
from referee.units.parse_unit import CardRules, parse_unit

if TYPE_CHECKING:
    from referee.ruleset import Ruleset
    from referee.units.upgrades import Upgrade

FILE_KEYS = frozenset({"nation", "sample", "description", "unit", "upgrade"})


class UnitFileError(DataFileError):
    """A unit file that cannot be used; ``problems`` name the unit and the field."""


class UnknownUnit(RefereeError):
    """No unit of the catalogue has the id asked for; the message suggests near ids."""


class UnitFile(msgspec.Struct, frozen=True):
    """One unit file: its nation, whether it is sample data, its unit types in order and the
    upgrades it offers (:mod:`referee.units.upgrades`)."""

    path: Path
    nation: str
    sample: bool
    description: str
    units: tuple[UnitType, ...]
    upgrades: tuple[Upgrade, ...] = ()


def _parse_file(
    path: Path, doc: Mapping[str, object], rules: CardRules
) -> tuple[UnitFile | None, list[str]]:
    problems: list[str] = []
    for key in sorted(set(doc) - FILE_KEYS):
        problems.append(f"{key}: unknown key (known: {', '.join(sorted(FILE_KEYS))})")
    nation = doc.get("nation")
    nations = rules.register.nations
    if nation not in nations:
        problems.append(
            "nation: missing"
            if nation is None
            else f"nation: {nation!r} is not a nation ({', '.join(nations)})"
        )
    sample = doc.get("sample", False)
    if not isinstance(sample, bool):
        problems.append(f"sample: expected true or false, got {sample!r}")
    description = doc.get("description", "")
    if not isinstance(description, str):
        problems.append("description: expected text")
    raw_units = doc.get("unit")
    if not isinstance(raw_units, list) or not raw_units:
        problems.append("unit: expected one or more [[unit]] tables")
        raw_units = []
    units: list[UnitType] = []
    first_index: dict[str, int] = {}
    for i, raw in enumerate(raw_units):
        uid = raw.get("id") if isinstance(raw, dict) else None
        if isinstance(uid, str) and uid in first_index:
            problems.append(f"unit {uid}: defined twice (unit[{first_index[uid]}] and unit[{i}])")
            continue
        if isinstance(uid, str):
            first_index[uid] = i
        unit = parse_unit(raw, i, str(nation), problems, rules, sample=sample is True, source=path)
        if unit is not None:
            units.append(unit)
    raw_upgrades = doc.get("upgrade", [])
    if not isinstance(raw_upgrades, list):
        problems.append("upgrade: expected [[upgrade]] tables")
        raw_upgrades = []
    upgrades: list[Upgrade] = []
    if raw_upgrades:  # their parser imported when a file has some (a match check reads none)
        from referee.units.upgrades import parse_upgrade
    for i, raw in enumerate(raw_upgrades):
        upgrade = parse_upgrade(raw, i, str(nation), problems, rules, sample=sample is True)
        if upgrade is None:
            continue
        if any(u.id == upgrade.id for u in upgrades):
            problems.append(f"upgrade {upgrade.id}: defined twice")
            continue
        upgrades.append(upgrade)
    written = [raw.get("id") for raw in raw_units if isinstance(raw, dict)]
    _check_upgrade_references(upgrades, {i for i in written if isinstance(i, str)}, problems)
    if problems:
        return None, problems
    return UnitFile(
        path, str(nation), bool(sample), str(description), tuple(units), tuple(upgrades)
    ), []


def _check_upgrade_references(
    upgrades: list[Upgrade], unit_ids: set[str], problems: list[str]
) -> None:
    """An upgrade's required upgrades are of the same file; the units it names are too."""
    ids = {u.id for u in upgrades}
    for upgrade in upgrades:
        for other in upgrade.requires.upgrades:
            if other not in ids or other == upgrade.id:
                problems.append(
                    f"upgrade {upgrade.id}.requires.upgrades: no other upgrade "
                    f"{other!r} in this file"
                )
        for uid in upgrade.requires.units:
            if uid not in unit_ids:
                problems.append(
                    f"upgrade {upgrade.id}.requires.units: no unit {uid!r} in this file"
                )


def check_unit_file(path: Path | str, rules: Ruleset | None = None) -> list[str]:
    """Every problem of a unit file (empty: the file is good).

    A file that cannot be read at all (missing, not TOML) raises :class:`DataFileError`.
    """
    path = Path(path)
    return _parse_file(path, read_toml(path), card_rules(rules))[1]


def load_unit_file(path: Path | str, rules: Ruleset | None = None) -> UnitFile:
    """Load one unit file; :class:`UnitFileError` lists every problem."""
    path = Path(path)
    unit_file, problems = _parse_file(path, read_toml(path), card_rules(rules))
    if unit_file is None:
        raise UnitFileError(path, problems)
    return unit_file


def units_folder() -> Path:
    return data_dir() / "units"


NOT_UNIT_FILES = (REGISTER_FILE, "budgets.toml", "units.toml")
"""Files of ``data/units/`` that are not unit files: the vocabulary, the game budgets and
the data version (:mod:`referee.versions`)."""


def unit_files(folder: Path | None = None) -> list[Path]:
    """Every unit file under ``folder`` (default ``data/units/``), in path order."""
    folder = folder or units_folder()
    skipped = {folder / name for name in NOT_UNIT_FILES}
    return sorted(p for p in folder.rglob("*.toml") if p not in skipped)


def find_unit_file(name: str) -> Path:
    """A path as given, or the catalogue file called ``name`` (``ork`` -> ``sample/ork.toml``)."""
    path = Path(name)
    if path.exists() or path.suffix == ".toml" or "/" in name:
        return path
    matches = [p for p in unit_files() if p.stem == name]
    return matches[0] if matches else path


class Catalogue(msgspec.Struct, frozen=True):
    """Every unit file and every unit type by id."""

    files: tuple[UnitFile, ...]
    units: Mapping[str, UnitType]

    def upgrades_of(self, nation: str) -> tuple[Upgrade, ...]:
        """Every upgrade the files of ``nation`` offer, file by file."""
        return tuple(u for f in self.files if f.nation == nation for u in f.upgrades)

    def upgrade(self, nation: str, upgrade_id: str) -> Upgrade | None:
        """The upgrade ``upgrade_id`` of ``nation`` (``None`` if it has none)."""
        return next((u for u in self.upgrades_of(nation) if u.id == upgrade_id), None)

    def find(self, unit_id: str) -> UnitType:
        try:
            return self.units[unit_id]
        except KeyError:
            import difflib  # only for the hint of an unknown id: opening a match never needs it

            near = difflib.get_close_matches(unit_id, list(self.units), n=3)
            hint = f" (did you mean {', '.join(near)}?)" if near else ""
            raise UnknownUnit(f"unknown unit {unit_id!r}{hint}") from None

    def of_nation(self, nation: str) -> tuple[UnitType, ...]:
        return tuple(u for u in self.units.values() if u.nation == nation)


def load_catalogue(folder: Path | None = None, rules: Ruleset | None = None) -> Catalogue:
    """Load every unit file; ids must be unique across files (:class:`UnitFileError`)."""
    crules = card_rules(rules)
    files: list[UnitFile] = []
    units: dict[str, UnitType] = {}
    for path in unit_files(folder):
        unit_file, problems = _parse_file(path, read_toml(path), crules)
        if unit_file is None:
            raise UnitFileError(path, problems)
        clashes = [
            f"unit {u.id}: already defined in {units[u.id].source}"
            for u in unit_file.units
            if u.id in units
        ]
        clashes += [
            f"upgrade {u.id}: the {unit_file.nation} upgrade is already defined in {f.path}"
            for f in files
            if f.nation == unit_file.nation
            for u in unit_file.upgrades
            if any(o.id == u.id for o in f.upgrades)
        ]
        if clashes:
            raise UnitFileError(path, clashes)
        units.update((u.id, u) for u in unit_file.units)
        files.append(unit_file)
    return Catalogue(tuple(files), MappingProxyType(units))


@cache
def catalogue() -> Catalogue:
    """The shipped catalogue under the current edition, loaded once."""
    return load_catalogue()


def find_unit(unit_id: str) -> UnitType:
    """The unit type ``unit_id`` of the shipped catalogue (:class:`UnknownUnit` if none)."""
    return catalogue().find(unit_id)


def all_units() -> tuple[UnitType, ...]:
    """Every unit type of the shipped catalogue, file by file in file order."""
    return tuple(catalogue().units.values())
