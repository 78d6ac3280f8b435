"""The cards of the activation rules: units and structures (sample data).

``data/rulesets/<id>/units.toml`` and ``structures.toml`` (schema: data/README.md, "The
activation rules"). The draft names no units and gives no stats; the shipped cards are
sample data for trying the rules. A unit's type must be one of the movement table's types
and a vehicle's or aircraft's class one of its vehicle classes; every problem of a file is
reported at once, naming the unit and the key.

Clauses ``activation.movement``, ``activation.shooting``, ``activation.fortifications``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, cast

import msgspec

from referee.dice.expression import DiceExpr, DiceExpressionError, parse_dice
from referee.errors import RefereeError, read_toml
from referee.rules.activation.tables import ACTIVATION, MovementTable
from referee.rules.table_reader import TableReader
from referee.ruleset.readings import ruling_resolver
from referee.ruleset.tables import TableKind

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

UNITS_FILE = "units.toml"
STRUCTURES_FILE = "structures.toml"
BeforeKind = Literal["move", "table"]


class UnknownCard(RefereeError):
    """A unit or structure id that no card has."""


class WeaponCard(msgspec.Struct, frozen=True):
    id: str
    name: str
    range: int
    """R: the most tiles away a target may be."""
    penetration: DiceExpr
    """The Penetration Roll, its bonus included (ruling ``activation.penetration``)."""
    ammunition: bool = True
    """Whether shooting it spends ammunition (ruling ``activation.ammunition``)."""


class BeforeBattleAction(msgspec.Struct, frozen=True):
    """A "before the battle" action of a card: ``move`` (a move action) or ``table``."""

    id: str
    name: str
    kind: BeforeKind


class UnitCard(msgspec.Struct, frozen=True):
    id: str
    name: str
    type: str
    """A type of the movement table: infantry, hover, vehicle, aircraft."""
    vehicle_class: str | None
    """N, L, M or H for vehicles and aircraft; None for the others."""
    movement: int
    health: int
    armor: int
    ammunition: int
    capacity: int
    weapons: tuple[WeaponCard, ...] = ()
    transport: int = 0
    transport_types: tuple[str, ...] = ()
    before_battle: tuple[BeforeBattleAction, ...] = ()

    def weapon(self, weapon_id: str) -> WeaponCard:
        for w in self.weapons:
            if w.id == weapon_id:
                return w
        known = ", ".join(w.id for w in self.weapons) or "none"
        raise UnknownCard(f"{self.name} has no weapon {weapon_id!r} (weapons: {known})")

    def action(self, action_id: str) -> BeforeBattleAction:
        for a in self.before_battle:
            if a.id == action_id:
                return a
        known = ", ".join(a.id for a in self.before_battle) or "none"
        raise UnknownCard(
            f"{self.name} has no 'before the battle' action {action_id!r} (actions: {known})"
        )


class StructureCard(msgspec.Struct, frozen=True):
    id: str
    name: str
    pips: int
    armor: int
    capacity: int


class Cards(msgspec.Struct, frozen=True):
    units: Mapping[str, UnitCard]
    structures: Mapping[str, StructureCard]

    def unit(self, card_id: str) -> UnitCard:
        if card_id not in self.units:
            raise UnknownCard(f"no unit card {card_id!r} (cards: {', '.join(sorted(self.units))})")
        return self.units[card_id]

    def structure(self, card_id: str) -> StructureCard:
        if card_id not in self.structures:
            raise UnknownCard(
                f"no structure {card_id!r} (structures: {', '.join(sorted(self.structures))})"
            )
        return self.structures[card_id]

    def is_structure(self, card_id: str) -> bool:
        return card_id in self.structures


_UNIT_KEYS = (
    "id",
    "name",
    "type",
    "class",
    "movement",
    "health",
    "armor",
    "ammunition",
    "capacity",
    "weapon",
    "transport",
    "before_battle",
)
_WEAPON_KEYS = ("id", "name", "range", "penetration", "ammunition")


def _entries(r: TableReader, raw: Mapping[str, object], key: str) -> list[Mapping[str, object]]:
    value = raw.get(key, [])
    if not isinstance(value, list):
        r.problem(key, "expected [[" + key + "]] tables")
        return []
    return [r.table(v, f"{key}[{i}]") for i, v in enumerate(value)]


def _weapon(r: TableReader, raw: Mapping[str, object], where: str) -> WeaponCard:
    r.keys(raw, where, _WEAPON_KEYS)
    pen_text = r.text(raw, where, "penetration")
    try:
        pen = parse_dice(pen_text)
    except DiceExpressionError as exc:
        r.problem(f"{where}.penetration", str(exc))
        pen = DiceExpr(1, 12)
    return WeaponCard(
        id=r.text(raw, where, "id"),
        name=r.text(raw, where, "name"),
        range=r.integer(raw, where, "range", low=0, high=169),
        penetration=pen,
        ammunition=r.flag(raw, where, "ammunition", True),
    )


def _unit(
    r: TableReader, raw: Mapping[str, object], index: int, movement: MovementTable
) -> UnitCard | None:
    uid = raw.get("id")
    if not isinstance(uid, str) or not uid:
        r.problem(f"unit[{index}].id", "missing")
        return None
    where = f"unit {uid}"
    r.keys(raw, where, _UNIT_KEYS)
    utype = r.text(raw, where, "type", choices=tuple(movement.moves))
    moves = movement.moves.get(utype)
    cls: str | None = None
    if moves in ("vehicle", "aircraft"):
        cls = r.text(raw, where, "class", choices=movement.classes)
    elif "class" in raw:
        r.problem(f"{where}.class", f"only vehicles and aircraft have a class, not {utype}")
    weapons: list[WeaponCard] = []
    raw_weapons = raw.get("weapon", [])
    if not isinstance(raw_weapons, list):
        r.problem(f"{where}.weapon", "expected [[unit.weapon]] tables")
        raw_weapons = []
    for i, w in enumerate(raw_weapons):
        weapons.append(_weapon(r, r.table(w, f"{where}.weapon[{i}]"), f"{where}.weapon[{i}]"))
    ids = [w.id for w in weapons]
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        r.problem(f"{where}.weapon", f"the weapon id {dup!r} is used twice")
    transport = r.table(raw.get("transport", {}), f"{where}.transport")
    r.keys(transport, f"{where}.transport", ("capacity", "types"))
    carried = r.words(transport, f"{where}.transport", "types")
    for t in carried:
        if t not in movement.moves:
            r.problem(f"{where}.transport.types", f"{t!r} is not a unit type")
    actions: list[BeforeBattleAction] = []
    raw_actions = raw.get("before_battle", [])
    if not isinstance(raw_actions, list):
        r.problem(f"{where}.before_battle", "expected a list of { id, name, kind } tables")
        raw_actions = []
    for i, a in enumerate(raw_actions):
        aw = f"{where}.before_battle[{i}]"
        at = r.table(a, aw)
        r.keys(at, aw, ("id", "name", "kind"))
        actions.append(
            BeforeBattleAction(
                r.text(at, aw, "id"),
                r.text(at, aw, "name"),
                cast(BeforeKind, r.text(at, aw, "kind", choices=("move", "table"))),
            )
        )
    return UnitCard(
        id=uid,
        name=r.text(raw, where, "name"),
        type=utype,
        vehicle_class=cls,
        movement=r.integer(raw, where, "movement", low=0, high=50),
        health=r.integer(raw, where, "health", low=1, high=99),
        armor=r.integer(raw, where, "armor", low=0, high=99),
        ammunition=r.integer(raw, where, "ammunition", 0, low=0, high=99),
        capacity=r.integer(raw, where, "capacity", 1, low=0, high=99),
        weapons=tuple(weapons),
        transport=r.integer(transport, f"{where}.transport", "capacity", 0, low=0, high=20),
        transport_types=carried,
        before_battle=tuple(actions),
    )


def parse_units(
    path: Path, raw: Mapping[str, object], movement: MovementTable
) -> dict[str, UnitCard]:
    """The unit cards of a parsed ``units.toml``; every problem at once."""
    r = TableReader(path, ruling_resolver({}))
    r.keys(raw, "units", ("unit",))
    units: dict[str, UnitCard] = {}
    for i, entry in enumerate(_entries(r, raw, "unit")):
        card = _unit(r, entry, i, movement)
        if card is None:
            continue
        if card.id in units:
            r.problem(f"unit {card.id}", "already defined in this file")
        units[card.id] = card
    r.check()
    return units


def parse_structures(
    path: Path, raw: Mapping[str, object], most_pips: int
) -> dict[str, StructureCard]:
    """The structure cards of a parsed ``structures.toml``, each deployed with at most
    ``most_pips`` pips (ruling ``activation.most-pips``); every problem at once."""
    r = TableReader(path, ruling_resolver({}))
    r.keys(raw, "structures", ("structure",))
    out: dict[str, StructureCard] = {}
    for i, entry in enumerate(_entries(r, raw, "structure")):
        sid = entry.get("id")
        if not isinstance(sid, str) or not sid:
            r.problem(f"structure[{i}].id", "missing")
            continue
        where = f"structure {sid}"
        r.keys(entry, where, ("id", "name", "pips", "armor", "capacity"))
        if sid in out:
            r.problem(where, "already defined in this file")
        out[sid] = StructureCard(
            id=sid,
            name=r.text(entry, where, "name"),
            pips=r.integer(entry, where, "pips", low=1, high=most_pips),
            armor=r.integer(entry, where, "armor", low=0, high=99),
            capacity=r.integer(entry, where, "capacity", 1, low=0, high=99),
        )
    r.check()
    return out


def parse_cards(folder: Path, movement: MovementTable, most_pips: int) -> Cards:
    units_path, structures_path = folder / UNITS_FILE, folder / STRUCTURES_FILE
    units = parse_units(units_path, read_toml(units_path), movement)
    structures = parse_structures(structures_path, read_toml(structures_path), most_pips)
    clash = sorted(set(units) & set(structures))
    if clash:
        from referee.errors import DataFileError

        raise DataFileError(
            structures_path,
            [f"structure {c}: the id of a unit card too (ids name one card)" for c in clash],
        )
    return Cards(MappingProxyType(units), MappingProxyType(structures))


CARDS: TableKind[Cards] = TableKind(
    "activation_cards",
    (
        UNITS_FILE,
        STRUCTURES_FILE,
    ),
    lambda src: parse_cards(
        src.folder,
        src.table(ACTIVATION).movement,
        src.table(ACTIVATION).fortifications.most_pips,
    ),
    needs=("activation",),
)
"""The unit and structure cards of an activation ruleset (its movement table checks them, its
fortifications table bounds a structure's pips)."""


def activation_cards(rules: Ruleset) -> Cards:
    """The unit and structure cards of ``rules`` (its movement table checks their types)."""
    return rules.table(CARDS)
