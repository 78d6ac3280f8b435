"""The rulings register: every unclear passage of the drafts and the readings of it.

A ruling names the passage, the readings a referee could take (options), the default
reading, and the clause ids it touches. A ruleset chooses one reading per ruling; data
tables refer to a ruling as ``"@ruling-id"`` and receive the chosen option's value.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec

from referee.errors import DataFileError, read_toml
from referee.paths import data_dir


class RulingOption(msgspec.Struct, frozen=True):
    """One reading of a ruling: its id, the reading in words, and the value tables get."""

    id: str
    reading: str
    value: object


class Ruling(msgspec.Struct, frozen=True):
    """A ruling of the register (see the module docstring)."""

    id: str
    title: str
    unclear: str
    clauses: tuple[str, ...]
    default: str
    options: tuple[RulingOption, ...]
    source: Path

    def option(self, option_id: str) -> RulingOption:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        known = ", ".join(o.id for o in self.options)
        raise KeyError(f"ruling {self.id} has no reading {option_id!r} (readings: {known})")


def _parse_ruling(path: Path, index: int, raw: object, problems: list[str]) -> Ruling | None:
    where = f"ruling[{index}]"
    if not isinstance(raw, dict):
        problems.append(f"{where}: expected a table")
        return None
    rid = raw.get("id")
    if not isinstance(rid, str) or not rid:
        problems.append(f"{where}.id: missing")
        return None
    where = f"ruling {rid}"
    ok = True
    for key in ("title", "unclear", "default"):
        if not isinstance(raw.get(key), str) or not raw.get(key):
            problems.append(f"{where}.{key}: missing")
            ok = False
    unknown = set(raw) - {"id", "title", "unclear", "default", "clauses", "option"}
    for key in sorted(unknown):
        problems.append(f"{where}.{key}: unknown key")
        ok = False
    clauses = raw.get("clauses", [])
    if not isinstance(clauses, list) or not all(isinstance(c, str) for c in clauses):
        problems.append(f"{where}.clauses: expected a list of clause ids")
        ok = False
    options: list[RulingOption] = []
    raw_options = raw.get("option", [])
    if not isinstance(raw_options, list):
        problems.append(f"{where}.option: expected [[ruling.option]] tables")
        raw_options = []
    for j, opt in enumerate(raw_options):
        if not isinstance(opt, dict) or not isinstance(opt.get("id"), str):
            problems.append(f"{where}.option[{j}].id: missing")
            ok = False
            continue
        for key in sorted(set(opt) - {"id", "reading", "value"}):
            problems.append(f"{where}.option {opt['id']}.{key}: unknown key")
            ok = False
        if opt["id"] in {o.id for o in options}:
            problems.append(f"{where}.option {opt['id']}: defined twice")
            ok = False
            continue
        if not isinstance(opt.get("reading"), str):
            problems.append(f"{where}.option {opt['id']}.reading: missing")
            ok = False
            continue
        options.append(RulingOption(opt["id"], opt["reading"], opt.get("value", opt["id"])))
    if len(options) < 2:
        problems.append(f"{where}: a ruling needs at least two readings (options)")
        ok = False
    if ok and raw["default"] not in {o.id for o in options}:
        problems.append(f"{where}.default: {raw['default']!r} is not one of its options")
        ok = False
    if not ok:
        return None
    return Ruling(
        id=rid,
        title=raw["title"],
        unclear=raw["unclear"],
        clauses=tuple(clauses),
        default=raw["default"],
        options=tuple(options),
        source=path,
    )


def load_register(folder: Path | None = None) -> dict[str, Ruling]:
    """Every ruling in ``data/catalogue/rulings/*.toml``, by id."""
    folder = folder or data_dir() / "catalogue" / "rulings"
    register: dict[str, Ruling] = {}
    for path in sorted(folder.glob("*.toml")):
        problems: list[str] = []
        doc = read_toml(path)
        raw_rulings = doc.get("ruling", [])
        if not isinstance(raw_rulings, list):
            raise DataFileError(path, ["ruling: expected [[ruling]] tables"])
        for i, raw in enumerate(raw_rulings):
            ruling = _parse_ruling(path, i, raw, problems)
            if ruling is None:
                continue
            if ruling.id in register:
                problems.append(
                    f"ruling {ruling.id}: already defined in {register[ruling.id].source.name}"
                )
                continue
            register[ruling.id] = ruling
        if problems:
            raise DataFileError(path, problems)
    return register


@cache
def register() -> dict[str, Ruling]:
    """The shipped register, loaded once."""
    return load_register()
