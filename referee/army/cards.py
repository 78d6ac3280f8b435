"""What an army entry's upgrades make of its unit card, and the units an army puts on the table.

:func:`entry_card` checks the upgrades of one entry against the draft's rules and the
catalogue's requirements, then writes the upgraded card: the ``[[unit]]`` table of the
catalogue with the upgrades' weapons added (or replacing the card's), abilities and
resistances added, models made elite, and the cost of one base with its upgrades. The card is
read back by the same parser as the catalogue, so the match that keeps it reads it as it reads
any card. Clauses ``army.costs`` (requirements, whole base or one model), ``army.elite``
(model replacements), ``army.elite-weapon`` (one price per elite armed; ruling
``army.elite-weapons``), ``army.infantry-equipment`` (one two-handed or two one-handed items,
any number of independent ones; ruling ``army.equipment-slots``), ``army.unit-base-weapon``
(at most one per base, two models), ``army.weapon-upgrades`` (what an upgrade replaces),
``army.points`` (command points in advanced games only), ``army.unit-card``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import msgspec

from referee.army.model import Army, ArmyEntry, UpgradeChoice
from referee.army.problems import ArmyProblem
from referee.errors import RefereeError
from referee.units.model import COST_KINDS, UnitType
from referee.units.upgrades import Upgrade

if TYPE_CHECKING:
    from referee.ruleset import Ruleset
    from referee.units.catalogue import Catalogue

HANDS_OF_A_BASE = 2
"""One two-handed item or two one-handed items (clause ``army.infantry-equipment``)."""


class ArmyError(RefereeError):
    """An army whose units cannot be put on the table; the message lists why, by entry."""


class EntryCard(msgspec.Struct, frozen=True):
    """An entry's card with its upgrades (the catalogue's own card when it has none; ``None``
    when it cannot be written), the card as the match file keeps it, and the cost of one
    base (the upgrades the catalogue has counted)."""

    unit: UnitType
    card: UnitType | None
    data: Mapping[str, Any] | None
    """``{"nation", "sample", "raw"}``: the ``[[unit]]`` table the card reads from."""
    cost: Mapping[str, int]
    upgrades: tuple[tuple[Upgrade, int], ...] = ()


@cache
def _file_tables(path: Path) -> Mapping[str, Any]:
    with open(path, "rb") as fh:
        return MappingProxyType(tomllib.load(fh))


def catalogue_card_data(unit: UnitType) -> dict[str, Any]:
    """The ``[[unit]]`` table ``unit`` was read from, with its nation and sample flag."""
    if unit.source is None:
        raise ArmyError(f"unit {unit.id}: its card has no source file to copy")
    doc = _file_tables(unit.source)
    for raw in doc.get("unit", []):
        if raw.get("id") == unit.id:
            return {
                "nation": doc["nation"],
                "sample": bool(doc.get("sample", False)),
                "raw": _plain(raw),
            }
    raise ArmyError(f"unit {unit.id}: not found in {unit.source}")


def _plain(value: Any) -> Any:
    """A deep copy of TOML data as plain dicts and lists."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def upgraded_card_id(unit_id: str, choices: tuple[UpgradeChoice, ...]) -> str:
    """``hoplite-phalanx-hand-cannon-veteran-x2``: the unit and its upgrades, sorted."""
    parts = [
        c.id if c.count == 1 else f"{c.id}-x{c.count}" for c in sorted(choices, key=lambda c: c.id)
    ]
    return "-".join([unit_id, *parts])


def _field_of(entry: ArmyEntry, upgrade_id: str) -> str:
    """Where an entry names ``upgrade_id`` first: ``upgrades[0]`` or ``equipment[1]``."""
    for name, choices in (("upgrades", entry.upgrades), ("equipment", entry.equipment)):
        for i, c in enumerate(choices):
            if c.id == upgrade_id:
                return f"{name}[{i}]"
    return "upgrades"


def _cost_text(cost: Mapping[str, int]) -> str:
    return ", ".join(f"{cost[k]} {k.upper()}" for k in COST_KINDS if cost.get(k)) or "nothing"


class _Checker:
    """The checks of one entry's upgrades, each problem with its field and clause."""

    def __init__(self, unit_label: str, entry: ArmyEntry, unit: UnitType) -> None:
        self.unit_label, self.entry, self.unit = unit_label, entry, unit
        self.problems: list[ArmyProblem] = []

    def add(self, upgrade_id: str | None, rule: str, message: str) -> None:
        field = _field_of(self.entry, upgrade_id) if upgrade_id else "upgrades"
        self.problems.append(ArmyProblem(self.unit_label, field, rule, message))


def _resolve(
    check: _Checker, entry: ArmyEntry, unit: UnitType, catalogue: Catalogue
) -> list[tuple[Upgrade, int]]:
    """The entry's upgrades found in the nation's catalogue; the others reported."""
    found: list[tuple[Upgrade, int]] = []
    for name, choices in (("upgrades", entry.upgrades), ("equipment", entry.equipment)):
        for i, c in enumerate(choices):
            upgrade = catalogue.upgrade(unit.nation, c.id)
            if upgrade is not None:
                continue
            elsewhere = [n for n in _nations(catalogue) if catalogue.upgrade(n, c.id)]
            offered = ", ".join(u.id for u in catalogue.upgrades_of(unit.nation)) or "none"
            message = (
                f"{c.id!r} is an upgrade of the {elsewhere[0]} catalogue, not of the {unit.nation}"
                if elsewhere
                else f"no upgrade {c.id!r} in the {unit.nation} catalogue (its upgrades: {offered})"
            )
            check.problems.append(
                ArmyProblem(check.unit_label, f"{name}[{i}]", "army.costs", message)
            )
    for c in entry.choices:
        upgrade = catalogue.upgrade(unit.nation, c.id)
        if upgrade is not None:
            found.append((upgrade, c.count))
    return found


def _nations(catalogue: Catalogue) -> list[str]:
    return sorted({f.nation for f in catalogue.files})


def _requirements(check: _Checker, unit: UnitType, chosen: list[tuple[Upgrade, int]]) -> set[str]:
    """The requirements of each upgrade; the upgrades not meant for this unit at all."""
    ids = {u.id for u, _ in chosen}
    foreign: set[str] = set()
    for upgrade, _ in chosen:
        req = upgrade.requires
        if (req.units and unit.id not in req.units) or not set(req.types) <= unit.types:
            foreign.add(upgrade.id)
        if req.units and unit.id not in req.units:
            check.add(
                upgrade.id,
                "army.costs",
                f"{upgrade.name} is for {', '.join(req.units)} only, not {unit.id}",
            )
        missing_types = [t for t in req.types if t not in unit.types]
        if missing_types:
            check.add(
                upgrade.id,
                "army.costs",
                f"{upgrade.name} needs a unit of type {', '.join(req.types)}; "
                f"{unit.name} is {', '.join(sorted(unit.types))}",
            )
        if req.models and unit.models < req.models:
            check.add(
                upgrade.id,
                "army.costs",
                f"{upgrade.name} needs a base of {req.models} models or more; "
                f"{unit.name} has {unit.models}",
            )
        for other in req.upgrades:
            if other not in ids:
                check.add(
                    upgrade.id,
                    "army.costs",
                    f"{upgrade.name} needs the upgrade {other!r} on the same base",
                )
    return foreign


def _counts(
    check: _Checker, unit: UnitType, chosen: list[tuple[Upgrade, int]], elite_rule: str
) -> int:
    """Whole-base upgrades once, model replacements within the regular models, elite
    upgrades within the elites; the elites of the upgraded base."""
    promoted = sum(u.elites * n for u, n in chosen if u.per == "model")
    regular = unit.models - unit.elites
    if promoted > regular:
        first = next(u for u, _ in chosen if u.per == "model" and u.elites)
        check.add(
            first.id,
            "army.elite",
            f"{promoted} models made elite, but {unit.name} has {regular} regular "
            f"model(s) ({unit.models} models, {unit.elites} elite already)",
        )
    elites = min(unit.models, unit.elites + promoted)
    for upgrade, n in chosen:
        if upgrade.per == "base" and n != 1:
            check.add(
                upgrade.id,
                "army.costs",
                f"{upgrade.name} upgrades the whole base: it is bought once, not {n} times",
            )
        elif upgrade.per == "model" and not upgrade.elites and n > unit.models:
            check.add(
                upgrade.id,
                "army.costs",
                f"{upgrade.name} is bought per model: {n} for a base of {unit.models}",
            )
        elif upgrade.per == "elite" and n > elites:
            check.add(
                upgrade.id,
                "army.elite-weapon",
                f"{upgrade.name} is paid once per elite armed: {n} bought, but the base "
                f"has {elites} elite(s)",
            )
    if elite_rule == "one-each":
        card_weapons = [w.name for w in unit.weapons if w.carried == "elite"]
        bought = [(u, n) for u, n in chosen if u.per == "elite" and u.weapons]
        total = len(card_weapons) + sum(n for _, n in bought)
        if bought and total > elites:
            carried = ", ".join(card_weapons) or "none"
            check.add(
                bought[-1][0].id,
                "army.elite-weapon",
                f"each elite carries one elite weapon (ruling army.elite-weapons): "
                f"{total} elite weapons (on the card: {carried}) for {elites} elite(s)",
            )
    return elites


def _slots(
    check: _Checker, unit: UnitType, chosen: list[tuple[Upgrade, int]], slot_rule: str
) -> None:
    """One two-handed or two one-handed items per base (clause ``army.infantry-equipment``)."""
    if slot_rule == "infantry" and "infantry" not in unit.types:
        return
    replaced = {name for u, _ in chosen if u.per == "base" for name in u.replaces}
    standard = [
        w.name for w in unit.weapons if w.carried == "each-model" and w.name not in replaced
    ]
    items = [(f"{' and '.join(standard)} (standard, two-handed)", 2)] if standard else []
    held = [u for u, _ in chosen if u.per == "base" and u.hands]
    items += [(f"{u.name} ({u.slot})", u.hands) for u in held]
    hands = sum(n for _, n in items)
    if hands > HANDS_OF_A_BASE:
        check.add(
            held[-1].id,
            "army.infantry-equipment",
            f"{'; '.join(text for text, _ in items)} take {hands} hands: a base carries "
            "one two-handed or two one-handed items (and any independent ones)",
        )


def _weapons(
    check: _Checker, unit: UnitType, chosen: list[tuple[Upgrade, int]], foreign: set[str]
) -> None:
    names = {w.name for w in unit.weapons}
    for upgrade, _ in chosen:
        for name in upgrade.replaces if upgrade.id not in foreign else ():
            if name not in names:
                check.add(
                    upgrade.id,
                    "army.weapon-upgrades",
                    f"{upgrade.name} replaces {name!r}, which {unit.name} does not carry "
                    f"(its weapons: {', '.join(sorted(names)) or 'none'})",
                )
    base = [w.name for w in unit.weapons if w.carried == "unit-base"]
    base += [w.name for u, _ in chosen for w in u.unit_base_weapons]
    if len(base) > 1:
        last = next(u for u, _ in reversed(chosen) if u.unit_base_weapons)
        check.add(
            last.id,
            "army.unit-base-weapon",
            f"a unit base may have at most one unit-base weapon: {', '.join(base)}",
        )
    if base and unit.models < 2:
        with_base = next((u for u, _ in chosen if u.unit_base_weapons), None)
        if with_base is not None:
            check.add(
                with_base.id,
                "army.unit-base-weapon",
                f"a unit-base weapon needs 2 alive models; {unit.name} has {unit.models}",
            )


def _advanced(check: _Checker, chosen: list[tuple[Upgrade, int]], advanced: bool) -> None:
    if advanced:
        return
    for upgrade, _ in chosen:
        if upgrade.advanced or upgrade.cost.get("com"):
            check.add(
                upgrade.id,
                "army.points",
                f"{upgrade.name} is for advanced games only (command points): set advanced = true",
            )


def _card_raw(
    base: Mapping[str, Any],
    unit: UnitType,
    chosen: list[tuple[Upgrade, int]],
    elites: int,
    card_id: str,
    cost: Mapping[str, int],
) -> dict[str, Any]:
    raw: dict[str, Any] = _plain(base)
    replaced = {name for u, _ in chosen if u.per == "base" for name in u.replaces}
    weapons = [w for w in raw.get("weapon", []) if w.get("name") not in replaced]
    for upgrade, n in chosen:
        for table in upgrade.weapon_tables:
            copies = n if upgrade.per == "elite" else 1
            for k in range(copies):
                w = _plain(table)
                if k:
                    w["name"] = f"{w['name']} {k + 1}"
                weapons.append(w)
    if weapons:
        raw["weapon"] = weapons
    else:
        raw.pop("weapon", None)
    abilities = list(raw.get("abilities", []))
    abilities += [a for u, _ in chosen for a in u.abilities]
    if abilities:
        raw["abilities"] = abilities
    resistances = dict(raw.get("resistances", {}))
    for u, _ in chosen:
        for kind, n in u.resistances.items():
            resistances[kind] = resistances.get(kind, 0) + n
    if resistances:
        raw["resistances"] = resistances
    if elites:
        raw["elites"] = elites
    names = [u.name if n == 1 else f"{u.name} x{n}" for u, n in chosen]
    raw["id"] = card_id
    raw["name"] = f"{unit.name} ({', '.join(names)})"
    raw["cost"] = {k: v for k, v in cost.items() if v}
    note = f"Upgrades: {', '.join(names)}."
    raw["notes"] = f"{raw['notes']} {note}" if raw.get("notes") else note
    return raw


def base_cost(unit: UnitType, chosen: list[tuple[Upgrade, int]]) -> dict[str, int]:
    """One base's cost: the card's and every upgrade's times how often it is paid."""
    cost = {k: unit.cost.get(k, 0) for k in COST_KINDS}
    for upgrade, n in chosen:
        for k, v in upgrade.cost.items():
            cost[k] = cost.get(k, 0) + v * n
    return cost


def entry_card(
    index: int,
    entry: ArmyEntry,
    unit: UnitType,
    catalogue: Catalogue,
    rules: Ruleset,
    *,
    advanced: bool = False,
) -> tuple[EntryCard, list[ArmyProblem]]:
    """The card of entry ``index`` with its upgrades, and every problem of its upgrades. The
    card is ``None`` only when it cannot be written (an upgrade the catalogue lacks)."""
    from referee.units.card_rules import card_rules
    from referee.units.parse_unit import parse_unit

    label = f"unit[{index}]"
    check = _Checker(label, entry, unit)
    chosen = _resolve(check, entry, unit, catalogue)
    unknown = bool(check.problems)
    foreign = _requirements(check, unit, chosen)
    elites = _counts(check, unit, chosen, str(rules.reading("army.elite-weapons").value))
    _slots(check, unit, chosen, str(rules.reading("army.equipment-slots").value))
    _weapons(check, unit, chosen, foreign)
    _advanced(check, chosen, advanced)
    cost = MappingProxyType(base_cost(unit, chosen))
    base = catalogue_card_data(unit)
    if not chosen and not unknown:
        return EntryCard(unit, unit, base, cost), check.problems
    if unknown:
        return EntryCard(unit, None, None, cost, tuple(chosen)), check.problems
    card_id = upgraded_card_id(unit.id, entry.choices)
    raw = _card_raw(base["raw"], unit, chosen, elites, card_id, cost)
    problems: list[str] = []
    card = parse_unit(raw, 0, unit.nation, problems, card_rules(rules), sample=unit.sample)
    if card is None:
        if not check.problems:  # what the checks above missed, as the card parser words it
            check.problems += [
                ArmyProblem(label, "upgrades", "army.unit-card", p) for p in problems
            ]
        return EntryCard(unit, None, None, cost, tuple(chosen)), check.problems
    data = {"nation": base["nation"], "sample": base["sample"], "raw": raw}
    return EntryCard(unit, card, MappingProxyType(data), cost, tuple(chosen)), check.problems


# --- the units on the table ----------------------------------------------------------------


class TableUnit(msgspec.Struct, frozen=True):
    """One unit base an army puts on the table: which entry it comes from (and which of the
    entry's ``count``), its catalogue type and its card with the upgrades applied.

    ``card_data`` is what :meth:`referee.match.games.orders_file.MatchFile.create` keeps of the card
    (pass it as a unit's ``card``)."""

    entry: int
    number: int
    type: str
    card: UnitType
    card_data: Mapping[str, Any]


def find_entry_unit(
    index: int, entry: ArmyEntry, nation: str, catalogue: Catalogue
) -> tuple[UnitType | None, list[ArmyProblem]]:
    """The catalogue unit of an entry; an unknown or foreign one reported (clause
    ``army.building``)."""
    label = f"unit[{index}]"
    unit = catalogue.units.get(entry.type)
    if unit is None:
        import difflib

        own = [u.id for u in catalogue.of_nation(nation)]
        near = difflib.get_close_matches(entry.type, own, n=3)
        hint = f" (did you mean {', '.join(near)}?)" if near else ""
        return None, [
            ArmyProblem(
                label,
                "type",
                "army.building",
                f"no unit {entry.type!r} in the {nation} catalogue{hint}",
            )
        ]
    if unit.nation != nation:
        return None, [
            ArmyProblem(
                label,
                "type",
                "army.building",
                f"{unit.name} ({unit.id}) is a unit of the {unit.nation} "
                f"catalogue; this army is {nation}",
            )
        ]
    return unit, []


def table_units(
    army: Army, *, catalogue: Catalogue | None = None, rules: Ruleset | None = None
) -> tuple[TableUnit, ...]:
    """Every unit base ``army`` puts on the table, entry by entry, each with its upgraded card.

    Budget and requirements are :func:`referee.army.validate.validate_army`'s business; this
    refuses (:class:`ArmyError`) only an army some of whose cards cannot be written."""
    from referee.ruleset.shipped import ruleset
    from referee.units.catalogue import catalogue as shipped

    rules = rules or ruleset("current")
    catalogue = catalogue or shipped()
    out: list[TableUnit] = []
    problems: list[ArmyProblem] = []
    for i, entry in enumerate(army.entries):
        unit, found = find_entry_unit(i, entry, army.nation, catalogue)
        problems += found
        if unit is None:
            continue
        built, checked = entry_card(i, entry, unit, catalogue, rules, advanced=army.advanced)
        if built.card is None or built.data is None:
            problems += checked
            continue
        card, data = built.card, built.data
        out += [TableUnit(i, n, unit.id, card, data) for n in range(entry.count)]
    if problems:
        where = f"{army.path}: " if army.path else ""
        lines = "\n".join(f"  - {p.text()}" for p in problems)
        raise ArmyError(f"{where}the army's units cannot be put on the table:\n{lines}")
    return tuple(out)
