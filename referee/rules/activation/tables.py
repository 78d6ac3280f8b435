"""The tables of the activation rules, read from ``data/rulesets/<id>/`` under its readings.

Four files (schema: data/README.md, "The activation rules"): ``start.toml`` (bans, first
player, deployment, reserves, passing), ``movement.toml`` (unit types, costs, vehicle turns,
aircraft, slots), ``fortifications.toml`` (damage, the d12 for the units inside, the health
check, capture) and ``attack.toml`` (shooting, penetration, ammunition). Each is a small
frozen value; :class:`ActivationRules` holds the four. A value written ``"@ruling-id"`` takes
the reading the ruleset chooses, and each table remembers which ruling decided which key
(:meth:`Table.ruling`), so that a decision can cite it. Every problem of a file is reported at
once in a :class:`~referee.errors.DataFileError`.

Clauses ``activation.deployment``, ``activation.move-actions``, ``activation.slots``,
``activation.fortification-damage``, ``activation.fortification-health``,
``activation.capture``, ``activation.penetration``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, TypeVar, cast

import msgspec
from msgspec.structs import replace

from referee.dice.expression import DiceExpr, DiceExpressionError, parse_dice
from referee.dice.success import Target, TargetError, parse_target
from referee.errors import read_toml
from referee.rules.table_reader import TableReader
from referee.ruleset.readings import ruling_resolver
from referee.ruleset.tables import TableKind

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

Colour = Literal["ally", "enemy", "neutral"]
COLOURS: tuple[Colour, ...] = ("ally", "enemy", "neutral")
MOVES = ("free", "vehicle", "aircraft")
SIDES = ("front", "front-right", "back-right", "back", "back-left", "front-left")
"""A tile's sides relative to a facing, clockwise from the front (0 to 5)."""
TILES = {"here": 0, "ahead": 1, "behind": -1}


class Table(msgspec.Struct, frozen=True):
    """What every table has: its file and the rulings that decided its keys."""

    path: Path
    decided_by: Mapping[str, str]

    def ruling(self, key: str) -> str | None:
        """The ruling whose reading gave ``key`` (``section.key``), or None."""
        return self.decided_by.get(key)

    def rulings(self, *keys: str) -> tuple[str, ...]:
        return tuple(r for k in keys if (r := self.decided_by.get(k)) is not None)


# --- start.toml ------------------------------------------------------------------------------


class StartTable(Table, frozen=True):
    first_ban: Literal["random", "side-1"]
    order_die: int
    depth: int
    """Rows from the edge a player deploys in, the edge row counting as the first."""
    adjacent: Literal["own", "any"]
    after_pass: Literal["done", "skip"]
    capacity: Literal["points", "units"]
    reserves_entry: Literal["edge", "mission"]
    reserves_ammunition: Literal["choose", "full", "none"]
    """The ammunition a unit entering from the reserves has (ruling
    ``activation.reserves-ammunition``)."""
    passing: Literal["when-unable", "always"]


def parse_start(path: Path, raw: Mapping[str, object], readings: Mapping[str, str]) -> StartTable:
    r = TableReader(path, ruling_resolver(readings))
    r.keys(raw, "start", ("missions", "player_order", "deployment", "reserves", "activation"))
    missions = r.table(raw.get("missions", {}), "missions")
    r.keys(missions, "missions", ("clause", "first_ban"))
    order = r.table(raw.get("player_order", {}), "player_order")
    r.keys(order, "player_order", ("clause", "die"))
    deploy = r.table(raw.get("deployment", {}), "deployment")
    r.keys(deploy, "deployment", ("clause", "depth", "adjacent", "after_pass", "capacity"))
    reserves = r.table(raw.get("reserves", {}), "reserves")
    r.keys(reserves, "reserves", ("clause", "entry", "ammunition"))
    act = r.table(raw.get("activation", {}), "activation")
    r.keys(act, "activation", ("clause", "pass"))
    table = StartTable(
        path=path,
        decided_by={},
        first_ban=cast(
            Literal["random", "side-1"],
            r.text(missions, "missions", "first_ban", choices=("random", "side-1")),
        ),
        order_die=r.integer(order, "player_order", "die", 2, low=2, high=2),
        depth=r.integer(deploy, "deployment", "depth", low=1, high=15),
        adjacent=cast(
            Literal["own", "any"], r.text(deploy, "deployment", "adjacent", choices=("own", "any"))
        ),
        after_pass=cast(
            Literal["done", "skip"],
            r.text(deploy, "deployment", "after_pass", choices=("done", "skip")),
        ),
        capacity=cast(
            Literal["points", "units"],
            r.text(deploy, "deployment", "capacity", choices=("points", "units")),
        ),
        reserves_entry=cast(
            Literal["edge", "mission"],
            r.text(reserves, "reserves", "entry", choices=("edge", "mission")),
        ),
        reserves_ammunition=cast(
            Literal["choose", "full", "none"],
            r.text(reserves, "reserves", "ammunition", choices=("choose", "full", "none")),
        ),
        passing=cast(
            Literal["when-unable", "always"],
            r.text(act, "activation", "pass", choices=("when-unable", "always")),
        ),
    )
    r.check()
    return _decided(table, r)


# --- movement.toml ---------------------------------------------------------------------------


class SlotRef(msgspec.Struct, frozen=True):
    """One slot relative to a unit: the tile (0 its own, 1 ahead, -1 behind) and the side
    relative to its facing (0 front ... 5 front-left), or ``None`` for every side."""

    tile: int
    side: int | None


class MovementTable(Table, frozen=True):
    moves: Mapping[str, str]
    """Unit type -> ``free``, ``vehicle`` or ``aircraft``."""
    type_clauses: Mapping[str, str]
    tile_cost: int
    leave_enemy: int
    combine: Literal["multiply", "once"]
    embark_reach: int
    transport_destroyed: Literal["disembark", "destroyed"]
    """What becomes of the units aboard a destroyed transport."""
    transport_counts: Literal["units", "points"]
    """What a transport card's capacity counts (ruling ``activation.transport-capacity``)."""
    embark_leaving: Literal["one-tile", "double"]
    """Whether embarking or disembarking out of an enemy tile reaches its 1 tile (ruling
    ``activation.embark-leaving``)."""
    turn: int
    """Hex sides one turn may go (3 reaches every facing)."""
    turn_in_place: int
    backwards: int
    turn_order: Mapping[str, Literal["either", "after"]]
    """Vehicle class -> when its turn may come in a step."""
    aircraft_minimum: Literal["one-tile", "full"]
    collision: Literal["tile", "slots"]
    layer: Literal["air", "ground"]
    attack_after_move: bool
    enemy_building: Literal["over", "cross"]
    """Whether an aircraft may end its move over an enemy building (ruling
    ``activation.aircraft-enemy-building``)."""
    footprints: Mapping[str, tuple[SlotRef, ...]]
    """Vehicle class -> the slots it occupies (the table the ruling picked)."""

    @property
    def classes(self) -> tuple[str, ...]:
        return tuple(self.turn_order)


def parse_slot_ref(text: str) -> SlotRef:
    """``front``, ``all``, ``behind:back``: a slot relative to a unit (KeyError if not)."""
    tile_word, _, side_word = text.rpartition(":")
    tile = TILES[tile_word or "here"]
    side = None if side_word == "all" else SIDES.index(side_word) if side_word in SIDES else -1
    if side == -1:
        raise KeyError(text)
    return SlotRef(tile, side)


def parse_movement(
    path: Path, raw: Mapping[str, object], readings: Mapping[str, str]
) -> MovementTable:
    r = TableReader(path, ruling_resolver(readings))
    r.keys(raw, "movement", ("types", "costs", "transport", "vehicles", "aircraft", "slots"))
    moves: dict[str, str] = {}
    type_clauses: dict[str, str] = {}
    types = r.table(raw.get("types", {}), "types")
    if not types:
        r.problem("types", "expected at least one unit type")
    for name, entry in types.items():
        t = r.table(entry, f"types.{name}")
        r.keys(t, f"types.{name}", ("clause", "moves"))
        moves[name] = r.text(t, f"types.{name}", "moves", choices=MOVES)
        type_clauses[name] = r.text(t, f"types.{name}", "clause")
    costs = r.table(raw.get("costs", {}), "costs")
    r.keys(costs, "costs", ("clause", "tile", "leave_enemy", "combine", "embark"))
    transport = r.table(raw.get("transport", {}), "transport")
    r.keys(transport, "transport", ("clause", "destroyed", "capacity", "leaving"))
    vehicles = r.table(raw.get("vehicles", {}), "vehicles")
    r.keys(vehicles, "vehicles", ("clause", "turn", "turn_in_place", "backwards", "turn_order"))
    order_raw = r.table(vehicles.get("turn_order", {}), "vehicles.turn_order")
    turn_order: dict[str, Literal["either", "after"]] = {}
    for cls in order_raw:
        turn_order[cls] = cast(
            Literal["either", "after"],
            r.text(order_raw, "vehicles.turn_order", cls, choices=("either", "after")),
        )
    if not turn_order:
        r.problem("vehicles.turn_order", "expected at least one vehicle class")
    air = r.table(raw.get("aircraft", {}), "aircraft")
    r.keys(
        air,
        "aircraft",
        ("clause", "minimum", "collision", "layer", "attack_after_move", "enemy_building"),
    )
    slots = r.table(raw.get("slots", {}), "slots")
    chosen = r.text(slots, "slots", "footprints")
    r.keys(
        slots, "slots", ("clause", "footprints", *(k for k in slots if isinstance(slots[k], dict)))
    )
    footprints: dict[str, tuple[SlotRef, ...]] = {}
    for name, entry in slots.items():
        if not isinstance(entry, dict):
            continue
        where = f"slots.{name}"
        for cls in sorted(set(turn_order) - set(entry)):
            r.problem(f"{where}.{cls}", "missing: every vehicle class needs its slots")
        for cls in sorted(set(entry) - set(turn_order)):
            r.problem(f"{where}.{cls}", "not a vehicle class of vehicles.turn_order")
        for cls in entry:
            words = r.words(entry, where, cls)
            parsed: list[SlotRef] = []
            for word in words:
                try:
                    parsed.append(parse_slot_ref(word))
                except (KeyError, ValueError):
                    r.problem(
                        f"{where}.{cls}",
                        f"{word!r} is not a slot ({', '.join(SIDES)}, "
                        "all; 'ahead:' or 'behind:' before one for a neighbouring tile)",
                    )
            if name == chosen:
                footprints[cls] = tuple(parsed)
    if chosen and not any(isinstance(v, dict) and k == chosen for k, v in slots.items()):
        r.problem("slots.footprints", f"no table [slots.{chosen}]")
    table = MovementTable(
        path=path,
        decided_by={},
        moves=MappingProxyType(moves),
        type_clauses=MappingProxyType(type_clauses),
        tile_cost=r.integer(costs, "costs", "tile", low=1),
        leave_enemy=r.integer(costs, "costs", "leave_enemy", low=1),
        combine=cast(
            Literal["multiply", "once"],
            r.text(costs, "costs", "combine", choices=("multiply", "once")),
        ),
        embark_reach=r.integer(costs, "costs", "embark", low=0, high=1),
        transport_destroyed=cast(
            Literal["disembark", "destroyed"],
            r.text(transport, "transport", "destroyed", choices=("disembark", "destroyed")),
        ),
        transport_counts=cast(
            Literal["units", "points"],
            r.text(transport, "transport", "capacity", choices=("units", "points")),
        ),
        embark_leaving=cast(
            Literal["one-tile", "double"],
            r.text(transport, "transport", "leaving", choices=("one-tile", "double")),
        ),
        turn=r.integer(vehicles, "vehicles", "turn", low=1, high=3),
        turn_in_place=r.integer(vehicles, "vehicles", "turn_in_place", low=1),
        backwards=r.integer(vehicles, "vehicles", "backwards", low=1),
        turn_order=MappingProxyType(turn_order),
        aircraft_minimum=cast(
            Literal["one-tile", "full"],
            r.text(air, "aircraft", "minimum", choices=("one-tile", "full")),
        ),
        collision=cast(
            Literal["tile", "slots"],
            r.text(air, "aircraft", "collision", choices=("tile", "slots")),
        ),
        layer=cast(
            Literal["air", "ground"], r.text(air, "aircraft", "layer", choices=("air", "ground"))
        ),
        attack_after_move=r.flag(air, "aircraft", "attack_after_move", False),
        enemy_building=cast(
            Literal["over", "cross"],
            r.text(air, "aircraft", "enemy_building", choices=("over", "cross")),
        ),
        footprints=MappingProxyType(footprints),
    )
    r.check()
    return _decided(table, r)


# --- fortifications.toml ---------------------------------------------------------------------


class FortificationTable(Table, frozen=True):
    most_pips: int
    """The most pips one building holds, all colours together (ruling
    ``activation.most-pips``)."""
    tie_order: tuple[Colour, ...]
    inside_die: DiceExpr
    inside_need: Target
    inside_loss: int
    inside: Literal["each-unit", "one-die"]
    hits: Literal["penetration", "every-shot"]
    destroyed: Literal["removed", "rubble"]
    attacks: Literal["lose-one", "roll"]
    attack_die: DiceExpr
    attack_need: Target
    allied: Literal["acting", "holder"]
    when: Literal["every-step", "after-damage"]
    capture_pips: int
    capture_neutral: int
    capture_reach: int
    capture_second: Literal["two-neutral", "neutral-and-any"]


def _dice(r: TableReader, raw: Mapping[str, object], where: str, key: str) -> DiceExpr:
    text = r.text(raw, where, key)
    try:
        return parse_dice(text)
    except DiceExpressionError as exc:
        r.problem(f"{where}.{key}", str(exc))
        return DiceExpr(1, 6)


def _target(r: TableReader, raw: Mapping[str, object], where: str, key: str) -> Target:
    text = r.text(raw, where, key)
    try:
        return parse_target(text)
    except TargetError as exc:
        r.problem(f"{where}.{key}", str(exc))
        return Target(1, "up")


def parse_fortifications(
    path: Path, raw: Mapping[str, object], readings: Mapping[str, str]
) -> FortificationTable:
    r = TableReader(path, ruling_resolver(readings))
    r.keys(raw, "fortifications", ("pips", "damage", "health_check", "capture"))
    pips = r.table(raw.get("pips", {}), "pips")
    r.keys(pips, "pips", ("most",))
    dmg = r.table(raw.get("damage", {}), "damage")
    r.keys(
        dmg,
        "damage",
        (
            "clause",
            "tie_order",
            "inside_die",
            "inside_need",
            "inside_loss",
            "inside",
            "hits",
            "destroyed",
        ),
    )
    tie = r.words(dmg, "damage", "tie_order")
    if sorted(tie) != sorted(COLOURS):
        r.problem("damage.tie_order", f"expected each of {', '.join(COLOURS)} once, got {tie!r}")
        tie = COLOURS
    hc = r.table(raw.get("health_check", {}), "health_check")
    r.keys(hc, "health_check", ("clause", "attacks", "attack_die", "attack_need", "allied", "when"))
    cap = r.table(raw.get("capture", {}), "capture")
    r.keys(cap, "capture", ("clause", "pips", "neutral", "reach", "second"))
    table = FortificationTable(
        path=path,
        decided_by={},
        most_pips=r.integer(pips, "pips", "most", low=1),
        tie_order=cast(tuple[Colour, ...], tuple(tie)),
        inside_die=_dice(r, dmg, "damage", "inside_die"),
        inside_need=_target(r, dmg, "damage", "inside_need"),
        inside_loss=r.integer(dmg, "damage", "inside_loss", low=0),
        inside=cast(
            Literal["each-unit", "one-die"],
            r.text(dmg, "damage", "inside", choices=("each-unit", "one-die")),
        ),
        hits=cast(
            Literal["penetration", "every-shot"],
            r.text(dmg, "damage", "hits", choices=("penetration", "every-shot")),
        ),
        destroyed=cast(
            Literal["removed", "rubble"],
            r.text(dmg, "damage", "destroyed", choices=("removed", "rubble")),
        ),
        attacks=cast(
            Literal["lose-one", "roll"],
            r.text(hc, "health_check", "attacks", choices=("lose-one", "roll")),
        ),
        attack_die=_dice(r, hc, "health_check", "attack_die"),
        attack_need=_target(r, hc, "health_check", "attack_need"),
        allied=cast(
            Literal["acting", "holder"],
            r.text(hc, "health_check", "allied", choices=("acting", "holder")),
        ),
        when=cast(
            Literal["every-step", "after-damage"],
            r.text(hc, "health_check", "when", choices=("every-step", "after-damage")),
        ),
        capture_pips=r.integer(cap, "capture", "pips", low=1),
        capture_neutral=r.integer(cap, "capture", "neutral", low=1),
        capture_reach=r.integer(cap, "capture", "reach", low=0, high=1),
        capture_second=cast(
            Literal["two-neutral", "neutral-and-any"],
            r.text(cap, "capture", "second", choices=("two-neutral", "neutral-and-any")),
        ),
    )
    r.check()
    return _decided(table, r)


# --- attack.toml -----------------------------------------------------------------------------


class AttackTable(Table, frozen=True):
    garrison: Literal["protected", "exposed"]
    fortifications: Literal["any", "not-held"]
    """Which fortifications a player may shoot (``not-held``: not one their colour holds)."""
    beat_by: int
    """The penetration total needs the Armor plus this (0: meet it; 1: beat it)."""
    loss: int
    spend: Literal["per-shot", "per-attack"]


def parse_attack(path: Path, raw: Mapping[str, object], readings: Mapping[str, str]) -> AttackTable:
    r = TableReader(path, ruling_resolver(readings))
    r.keys(raw, "attack", ("shooting", "penetration", "ammunition"))
    shooting = r.table(raw.get("shooting", {}), "shooting")
    r.keys(shooting, "shooting", ("clause", "garrison", "fortifications"))
    pen = r.table(raw.get("penetration", {}), "penetration")
    r.keys(pen, "penetration", ("clause", "beat_by", "loss"))
    ammo = r.table(raw.get("ammunition", {}), "ammunition")
    r.keys(ammo, "ammunition", ("clause", "spend"))
    table = AttackTable(
        path=path,
        decided_by={},
        garrison=cast(
            Literal["protected", "exposed"],
            r.text(shooting, "shooting", "garrison", choices=("protected", "exposed")),
        ),
        fortifications=cast(
            Literal["any", "not-held"],
            r.text(shooting, "shooting", "fortifications", choices=("any", "not-held")),
        ),
        beat_by=r.integer(pen, "penetration", "beat_by", low=0, high=1),
        loss=r.integer(pen, "penetration", "loss", low=1),
        spend=cast(
            Literal["per-shot", "per-attack"],
            r.text(ammo, "ammunition", "spend", choices=("per-shot", "per-attack")),
        ),
    )
    r.check()
    return _decided(table, r)


# --- the four together -----------------------------------------------------------------------


_T = TypeVar("_T", bound=Table)


def _decided(table: _T, reader: TableReader) -> _T:
    return replace(table, decided_by=MappingProxyType(dict(reader.decided_by)))


class ActivationRules(msgspec.Struct, frozen=True):
    """The activation rules' tables of one ruleset under its readings."""

    start: StartTable
    movement: MovementTable
    fortifications: FortificationTable
    attack: AttackTable


FILES = ("start.toml", "movement.toml", "fortifications.toml", "attack.toml")


def parse_activation_rules(folder: Path, readings: Mapping[str, str]) -> ActivationRules:
    """The four tables of ``folder`` read under ``readings`` (every file checked)."""
    return ActivationRules(
        start=parse_start(folder / FILES[0], read_toml(folder / FILES[0]), readings),
        movement=parse_movement(folder / FILES[1], read_toml(folder / FILES[1]), readings),
        fortifications=parse_fortifications(
            folder / FILES[2], read_toml(folder / FILES[2]), readings
        ),
        attack=parse_attack(folder / FILES[3], read_toml(folder / FILES[3]), readings),
    )


ACTIVATION: TableKind[ActivationRules] = TableKind(
    "activation", (*FILES,), lambda src: parse_activation_rules(src.folder, src.readings)
)
"""The activation rules' four tables of a ruleset."""


def activation_rules(rules: Ruleset) -> ActivationRules:
    """The activation tables of ``rules`` under its readings."""
    return rules.table(ACTIVATION)
