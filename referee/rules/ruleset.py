"""A ruleset: one edition's tables plus the reading it takes of every ruling.

``data/rulesets/<id>/`` holds ``ruleset.toml`` (name, drafts, chosen readings),
``terrain.toml`` and ``los.toml``. A referee may switch any ruling's reading for a
match (house rules) with :meth:`Ruleset.with_readings`. A match made with an older version
of a ruleset loads that version (``version``, :func:`referee.versions.ruleset_folder`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

from referee.board.los_rules import LosRules, parse_los_rules
from referee.board.terrain import TerrainTable, parse_terrain_table
from referee.catalogue.rulings import Ruling, RulingOption, register
from referee.errors import DataFileError, RefereeError, read_toml
from referee.paths import data_dir
from referee.versions import FIRST, data_version, ruleset_folder


class UnknownRuleset(RefereeError):
    pass


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    description: str
    folder: Path
    readings: Mapping[str, str]
    terrain: TerrainTable
    los: LosRules
    version: int = FIRST

    def reading(self, ruling_id: str) -> RulingOption:
        """The option this ruleset takes for ``ruling_id``."""
        return register()[ruling_id].option(self.readings[ruling_id])

    def with_readings(self, overrides: Mapping[str, str]) -> Ruleset:
        """The same ruleset with some rulings read differently (house rules)."""
        # Every current reading, not only those that differ from the register's default:
        # a house rule that sets a reading back to the default must survive a later switch.
        return load_ruleset(self.id, {**self.readings, **overrides}, self.version)


def available_rulesets() -> list[str]:
    root = data_dir() / "rulesets"
    return sorted(p.name for p in root.iterdir() if (p / "ruleset.toml").is_file())


def _choose_readings(
    path: Path, chosen: Mapping[str, object], rulings: Mapping[str, Ruling]
) -> dict[str, str]:
    problems: list[str] = []
    readings = {rid: r.default for rid, r in rulings.items()}
    for rid, option in chosen.items():
        if rid not in rulings:
            problems.append(f"rulings.{rid}: no such ruling in the register")
        elif not isinstance(option, str) or option not in {o.id for o in rulings[rid].options}:
            known = ", ".join(o.id for o in rulings[rid].options)
            problems.append(f"rulings.{rid}: {option!r} is not one of its readings ({known})")
        else:
            readings[rid] = option
    if problems:
        raise DataFileError(path, problems)
    return readings


def load_ruleset(
    ruleset_id: str = "current",
    readings: Mapping[str, str] | None = None,
    version: int | None = None,
) -> Ruleset:
    """Load ``data/rulesets/<ruleset_id>``; ``readings`` overrides its chosen readings;
    ``version`` picks an older version of the ruleset (None: the version shipped now)."""
    if not isinstance(ruleset_id, str) or ruleset_id not in available_rulesets():
        known = ", ".join(available_rulesets())
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})")
    folder = ruleset_folder(ruleset_id, version)
    if not (folder / "ruleset.toml").is_file():
        known = ", ".join(available_rulesets())
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})")
    meta_path = folder / "ruleset.toml"
    meta = read_toml(meta_path)
    rulings = register()
    chosen = dict(meta.get("rulings", {}))  # type: ignore[call-overload]
    chosen.update(readings or {})
    picked = _choose_readings(meta_path, chosen, rulings)

    def resolve(ruling_id: str) -> object:
        if ruling_id not in rulings:
            raise KeyError(f"refers to unknown ruling {ruling_id!r}")
        return rulings[ruling_id].option(picked[ruling_id]).value

    terrain_path = folder / "terrain.toml"
    los_path = folder / "los.toml"
    return Ruleset(
        id=ruleset_id,
        name=str(meta.get("name", ruleset_id)),
        description=str(meta.get("description", "")),
        folder=folder,
        readings=MappingProxyType(picked),
        terrain=parse_terrain_table(terrain_path, read_toml(terrain_path), ruleset_id),
        los=parse_los_rules(los_path, read_toml(los_path), resolve),
        version=data_version(meta_path),
    )


@cache
def ruleset(ruleset_id: str = "current") -> Ruleset:
    """The shipped ruleset with its own readings, loaded once."""
    return load_ruleset(ruleset_id)
