"""Reading and writing army files (``data/README.md``, section "Army lists").

A file that cannot be an army (not TOML, a key of the wrong kind, a count of 0, an unknown
key) raises :class:`ArmyFileError`, which lists every problem at once, each with its unit
entry, field and clause: ``unit[1].count: expected a whole number 1 or more, got 0 (clause
army.building)``. Whether the units exist in the nation's catalogue, fit the budget and may
take their upgrades is :func:`referee.army.validate.validate_army`'s business. A file carries
the versions stamp of the referee that wrote it (``[versions]``, :mod:`referee.versions`);
one from a newer referee is refused (:class:`referee.versions.NewerFileError`).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomli_w

from referee.army.model import Army, ArmyEntry, UpgradeChoice
from referee.army.problems import ArmyProblem
from referee.errors import DataFileError, excerpt, read_toml
from referee.limits import ARMY_MAX_ENTRIES
from referee.versions import check_stamp, stamp

ARMY_KEYS = frozenset({"name", "nation", "game", "allowance", "advanced", "unit", "versions"})
ENTRY_KEYS = frozenset({"type", "count", "upgrades", "equipment"})
CHOICE_KEYS = frozenset({"id", "count"})
COUNT_MAX = 99


class ArmyFileError(DataFileError):
    """An army file that cannot be read as an army; ``errors`` are the problems as
    :class:`ArmyProblem` values (unit entry, field, rule), ``problems`` the same as text.
    ``unit`` and ``field`` are those of the first problem."""

    def __init__(self, path: Path | str, errors: list[ArmyProblem]) -> None:
        self.errors = tuple(errors)
        super().__init__(path, [e.text() for e in errors])
        if errors:
            self.unit, self.field = errors[0].unit, errors[0].field


def _over(count: int, what: str) -> str:
    return (
        f"{count} {what}, over the limit of {ARMY_MAX_ENTRIES} (referee's limits are listed "
        "in its README, section Limits)"
    )


def _count(raw: object, unit: str | None, field: str, out: list[ArmyProblem]) -> int | None:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= COUNT_MAX:
        out.append(
            ArmyProblem(
                unit,
                field,
                "army.building",
                f"expected a whole number 1 or more (at most {COUNT_MAX}), got {excerpt(raw)}",
            )
        )
        return None
    return raw


def _choices(
    raw: object, unit: str, field: str, out: list[ArmyProblem]
) -> tuple[UpgradeChoice, ...]:
    if not isinstance(raw, list):
        out.append(
            ArmyProblem(
                unit,
                field,
                "army.costs",
                'expected a list like ["hand-cannon", { id = "veteran", '
                f"count = 2 }}], got {excerpt(raw)}",
            )
        )
        return ()
    if len(raw) > ARMY_MAX_ENTRIES:
        out.append(ArmyProblem(unit, field, "army.costs", _over(len(raw), "choices")))
        return ()
    found: list[UpgradeChoice] = []
    for i, item in enumerate(raw):
        where = f"{field}[{i}]"
        if isinstance(item, str) and item:
            found.append(UpgradeChoice(item))
        elif isinstance(item, dict):
            for key in sorted(set(item) - CHOICE_KEYS):
                out.append(
                    ArmyProblem(
                        unit, f"{where}.{key}", "army.costs", "unknown key (known: count, id)"
                    )
                )
            upgrade_id = item.get("id")
            if not isinstance(upgrade_id, str) or not upgrade_id:
                out.append(ArmyProblem(unit, f"{where}.id", "army.costs", "missing"))
                continue
            n = _count(item.get("count", 1), unit, f"{where}.count", out)
            if n is not None:
                found.append(UpgradeChoice(upgrade_id, n))
        else:
            out.append(
                ArmyProblem(
                    unit,
                    where,
                    "army.costs",
                    f"expected an upgrade id or {{ id, count }}, got {excerpt(item)}",
                )
            )
    return tuple(found)


def _entry(raw: object, index: int, out: list[ArmyProblem]) -> ArmyEntry | None:
    unit = f"unit[{index}]"
    if not isinstance(raw, dict):
        out.append(ArmyProblem(unit, None, "army.building", "expected a [[unit]] table"))
        return None
    before = len(out)
    for key in sorted(set(raw) - ENTRY_KEYS):
        out.append(
            ArmyProblem(
                unit, key, "army.building", f"unknown key (known: {', '.join(sorted(ENTRY_KEYS))})"
            )
        )
    unit_type = raw.get("type")
    if not isinstance(unit_type, str) or not unit_type:
        out.append(
            ArmyProblem(
                unit,
                "type",
                "army.building",
                "missing: a unit id of the nation's catalogue"
                if unit_type is None
                else f"expected a unit id, got {excerpt(unit_type)}",
            )
        )
    count = _count(raw.get("count", 1), unit, "count", out)
    upgrades = _choices(raw.get("upgrades", []), unit, "upgrades", out)
    equipment = _choices(raw.get("equipment", []), unit, "equipment", out)
    if len(out) > before or count is None or not isinstance(unit_type, str):
        return None
    return ArmyEntry(unit_type, count, upgrades, equipment)


def _unit_problems(raw_units: list[object], nation: str) -> list[ArmyProblem]:
    """The entries' units missing from ``nation``'s catalogue (or of another nation), told
    with a file's problems of form so that every problem shows at once (README, "Army
    lists"); the rest of the checks (:func:`referee.army.validate.validate_army`) need an
    army that reads whole."""
    from referee.army.cards import find_entry_unit
    from referee.units.catalogue import catalogue

    shipped = catalogue()
    out: list[ArmyProblem] = []
    for i, raw in enumerate(raw_units):
        unit_type = raw.get("type") if isinstance(raw, dict) else None
        if isinstance(unit_type, str) and unit_type:
            out += find_entry_unit(i, ArmyEntry(unit_type, 1), nation, shipped)[1]
    return out


def parse_army(doc: Mapping[str, object], path: Path | None = None) -> Army:
    """An army from a parsed file; :class:`ArmyFileError` lists every problem."""
    out: list[ArmyProblem] = []
    for key in sorted(set(doc) - ARMY_KEYS):
        out.append(
            ArmyProblem(
                None, key, "army.building", f"unknown key (known: {', '.join(sorted(ARMY_KEYS))})"
            )
        )
    text: dict[str, str] = {}
    for key, rule in (
        ("name", "army.building"),
        ("nation", "army.building"),
        ("game", "army.budgets"),
    ):
        value = doc.get(key)
        if not isinstance(value, str) or not value.strip():
            out.append(
                ArmyProblem(
                    None,
                    key,
                    rule,
                    "missing" if value is None else f"expected text, got {excerpt(value)}",
                )
            )
        else:
            text[key] = value.strip()
    allowance = doc.get("allowance")
    if allowance is not None and (not isinstance(allowance, str) or not allowance):
        out.append(
            ArmyProblem(
                None,
                "allowance",
                "army.budgets",
                f"expected an allowance id of the game, got {excerpt(allowance)}",
            )
        )
    advanced = doc.get("advanced", False)
    if not isinstance(advanced, bool):
        out.append(
            ArmyProblem(
                None, "advanced", "army.budgets", f"expected true or false, got {excerpt(advanced)}"
            )
        )
    raw_units = doc.get("unit", [])
    if not isinstance(raw_units, list):
        out.append(ArmyProblem(None, "unit", "army.building", "expected [[unit]] tables"))
        raw_units = []
    if len(raw_units) > ARMY_MAX_ENTRIES:  # refused before any entry is read
        out.append(ArmyProblem(None, "unit", "army.building", _over(len(raw_units), "entries")))
        raw_units = []
    entries = [_entry(raw, i, out) for i, raw in enumerate(raw_units)]
    versions = doc.get("versions")
    if versions is not None and not isinstance(versions, dict):
        out.append(
            ArmyProblem(
                None,
                "versions",
                "army.building",
                f"expected the [versions] table referee writes, got {excerpt(versions)}",
            )
        )
    if out:
        if "nation" in text:
            out += _unit_problems(raw_units, text["nation"])
        out.sort(key=lambda p: -1 if p.entry is None else p.entry)  # army, then entry by entry
        raise ArmyFileError(path or Path("<army>"), out)
    check_stamp(versions, path or Path("<army>"))  # a newer referee's file is refused
    return Army(
        name=text["name"],
        nation=text["nation"],
        game=text["game"],
        entries=tuple(e for e in entries if e is not None),
        allowance=allowance if isinstance(allowance, str) else None,
        advanced=bool(advanced),
        path=path,
    )


def load_army(path: Path | str) -> Army:
    """Read an army file; :class:`ArmyFileError` (a :class:`DataFileError`) names the file,
    and each problem its unit entry, field and clause."""
    path = Path(path)
    try:
        doc = read_toml(path)
    except ArmyFileError:
        raise
    except DataFileError as exc:
        raise ArmyFileError(
            path, [ArmyProblem(None, None, "army.building", p) for p in exc.problems]
        ) from None
    return parse_army(doc, path)


def _choices_toml(choices: tuple[UpgradeChoice, ...]) -> list[Any]:
    return [c.id if c.count == 1 else {"id": c.id, "count": c.count} for c in choices]


def army_document(army: Army) -> dict[str, Any]:
    """The army as the plain data of its file (keys left out where they hold the default)."""
    doc: dict[str, Any] = {"name": army.name, "nation": army.nation, "game": army.game}
    if army.allowance is not None:
        doc["allowance"] = army.allowance
    if army.advanced:
        doc["advanced"] = True
    units = []
    for e in army.entries:
        entry: dict[str, Any] = {"type": e.type}
        if e.count != 1:
            entry["count"] = e.count
        if e.upgrades:
            entry["upgrades"] = _choices_toml(e.upgrades)
        if e.equipment:
            entry["equipment"] = _choices_toml(e.equipment)
        units.append(entry)
    if units:
        doc["unit"] = units
    doc["versions"] = stamp()
    return doc


def dump_army(army: Army) -> str:
    """The army as the text of an army file, which :func:`parse_army` reads back the same."""
    header = '# An army list of referee (data/README.md, section "Army lists").\n'
    return header + tomli_w.dumps(army_document(army), multiline_strings=False)
