"""The damage method of a ruleset as data: ``data/rulesets/<id>/damage.toml``.

Range modifiers to AP and damage (clause ``damage.range``), the first draft's AP decay
(clause ``damage.ap-decay``), the number of armor dice, their success number and what the
successes do (clauses ``damage.armor-dice``, ``damage.armor-outcome``, ``damage.no-armor``)
and how special damage types are rolled (clause ``damage.special-types``). Values written
``"@ruling-id"`` take the ruleset's reading of that ruling; the field remembers the ruling
so that a result can name it.

Clause ``damage.method``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, cast

import msgspec

from referee.board.ranges import Band
from referee.errors import DataFileError
from referee.ruleset.readings import Resolve
from referee.ruleset.tables import TableKind

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

FILE_NAME = "damage.toml"
RANGE_BANDS: tuple[Band, ...] = ("point-blank", "normal", "long")
DiceCount = Literal["armor-minus-ap", "armor"]
SuccessRule = Literal["at-least", "above"]


class RangeModifier(msgspec.Struct, frozen=True):
    """What a range band adds to AP and to the damage result (clause ``damage.range``)."""

    ap: int
    damage: int


class ApDecay(msgspec.Struct, frozen=True):
    """Positive AP loses ``amount`` per ``every`` hexes, down to ``minimum`` (``damage.ap-decay``).

    ``count`` is ``range`` (the hex distance) or ``between`` (range - 1).
    """

    every: int
    amount: int
    minimum: int
    count: Literal["range", "between"]

    def hexes(self, distance: int) -> int:
        return distance if self.count == "range" else max(0, distance - 1)

    def decayed(self, ap: int, distance: int) -> int:
        """``ap`` after decay over ``distance`` hexes; zero or negative AP does not decay."""
        if ap <= 0:
            return ap
        return max(self.minimum, ap - self.amount * (self.hexes(distance) // self.every))


class ArmorRule(msgspec.Struct, frozen=True):
    """How armor is rolled and what its successes do (``damage.armor-dice``/``-outcome``)."""

    die: int
    dice: DiceCount
    negative_ap_dice: DiceCount
    success: Mapping[int, int]
    """The success number by AP; the largest key stands for that AP and above."""
    success_rule: SuccessRule
    beyond_table: Literal["cap", "extend"]
    per_success: int
    block_at: int
    """This many successes or more stop the hit; 0: no number of successes does."""
    zero_armor: Literal["no-armor", "roll"]

    def dice_count(self, armor: int, ap: int) -> int:
        """Armor dice against ``ap``: ``Armor - AP`` or ``Armor``, never below 0."""
        rule = self.dice if ap >= 0 else self.negative_ap_dice
        return max(0, armor - ap if rule == "armor-minus-ap" else armor)

    def target(self, ap: int) -> int:
        """The number N of the table for ``ap`` (before ``success_rule``)."""
        keys = sorted(self.success)
        if ap >= keys[-1]:
            return self.success[keys[-1]]
        if ap in self.success:
            return self.success[ap]
        if ap < keys[0]:
            lowest = self.success[keys[0]]
            return lowest - (keys[0] - ap) if self.beyond_table == "extend" else lowest
        # between listed keys: the next listed AP above it
        return self.success[min(k for k in keys if k > ap)]

    def lowest_success(self, ap: int) -> int:
        """The lowest face of an armor die that succeeds against ``ap``."""
        n = self.target(ap)
        return n if self.success_rule == "at-least" else n + 1


class SpecialRule(msgspec.Struct, frozen=True):
    """How one special damage type is rolled (clause ``damage.special-types``).

    ``table`` ``None`` means the target's table named like the type.
    """

    table: str | None
    armor: bool
    range: bool
    previous: bool
    units: tuple[str, ...] = ()
    """Who the type hurts (``biological``, a type word...); none: every unit with the table."""
    continuous: bool = False
    """The hit places the continuous damage of that name instead of rolling (``fire``: set
    on fire; ``poison``: a Poison[N] with the dN's N), rolled at its agony step."""


class DamageMethod(msgspec.Struct, frozen=True):
    """The resolved ``damage.toml`` of one ruleset (with its readings of the rulings)."""

    path: Path
    range: Mapping[str, RangeModifier]
    decay: ApDecay | None
    armor: ArmorRule
    special: SpecialRule
    special_types: Mapping[str, SpecialRule]
    rulings: Mapping[str, str]
    """Which ruling decided a field, by key: ``armor.success_rule`` -> ``damage.armor-success``."""

    def range_modifier(self, band: Band | None) -> RangeModifier:
        """The band's modifiers; ``None`` (an assault) and out of range add nothing."""
        if band is None or band not in self.range:
            return RangeModifier(0, 0)
        return self.range[band]

    def special_rule(self, damage_type: str) -> SpecialRule:
        return self.special_types.get(damage_type, self.special)

    def ruling(self, key: str) -> str | None:
        return self.rulings.get(key)


class _Reader:
    """Reads keys of one file, resolving ``"@ruling"`` and collecting every problem."""

    def __init__(self, path: Path, resolve: Resolve) -> None:
        self.path = path
        self.resolve = resolve
        self.problems: list[str] = []
        self.rulings: dict[str, str] = {}

    def value(self, table: Mapping[str, object], key: str, where: str) -> object:
        raw = table.get(key)
        if isinstance(raw, str) and raw.startswith("@"):
            rid = raw[1:]
            try:
                value = self.resolve(rid)
            except KeyError:
                self.problems.append(f"{where}: refers to unknown ruling {rid!r}")
                return None
            self.rulings[where] = rid
            return value
        return raw

    def integer(
        self, table: Mapping[str, object], key: str, where: str, least: int | None = None
    ) -> int:
        v = self.value(table, key, where)
        if isinstance(v, bool) or not isinstance(v, int):
            if v is not None or key in table:
                self.problems.append(f"{where}: expected a whole number, got {v!r}")
            else:
                self.problems.append(f"{where}: missing")
            return 0
        if least is not None and v < least:
            self.problems.append(f"{where}: expected a whole number >= {least}, got {v}")
        return v

    def choice(
        self, table: Mapping[str, object], key: str, where: str, options: tuple[str, ...]
    ) -> str:
        v = self.value(table, key, where)
        if v not in options:
            got = "missing" if v is None and key not in table else f"got {v!r}"
            self.problems.append(f"{where}: expected one of {', '.join(options)}, {got}")
            return options[0]
        return str(v)

    def flag(self, table: Mapping[str, object], key: str, where: str) -> bool:
        v = self.value(table, key, where)
        if not isinstance(v, bool):
            self.problems.append(f"{where}: expected true or false, got {v!r}")
            return False
        return v

    def table(
        self, doc: Mapping[str, object], key: str, where: str, required: bool = True
    ) -> Mapping[str, object] | None:
        raw = doc.get(key)
        if raw is None:
            if required:
                self.problems.append(f"{where}: missing")
            return None
        if not isinstance(raw, dict):
            self.problems.append(f"{where}: expected a table")
            return None
        return cast(Mapping[str, object], raw)

    def only(self, table: Mapping[str, object], keys: set[str], where: str) -> None:
        for key in sorted(set(table) - keys):
            self.problems.append(f"{where}.{key}: unknown key")


def _range(r: _Reader, doc: Mapping[str, object]) -> dict[str, RangeModifier]:
    out: dict[str, RangeModifier] = {}
    table = r.table(doc, "range", "range")
    if table is None:
        return out
    r.only(table, set(RANGE_BANDS), "range")
    for band in RANGE_BANDS:
        entry = r.table(table, band, f"range.{band}")
        if entry is None:
            continue
        r.only(entry, {"ap", "damage"}, f"range.{band}")
        out[band] = RangeModifier(
            r.integer(entry, "ap", f"range.{band}.ap"),
            r.integer(entry, "damage", f"range.{band}.damage"),
        )
    return out


def _decay(r: _Reader, doc: Mapping[str, object]) -> ApDecay | None:
    table = r.table(doc, "ap_decay", "ap_decay", required=False)
    if table is None:
        return None
    r.only(table, {"every", "amount", "minimum", "count"}, "ap_decay")
    count = r.choice(table, "count", "ap_decay.count", ("range", "between"))
    return ApDecay(
        r.integer(table, "every", "ap_decay.every", 1),
        r.integer(table, "amount", "ap_decay.amount", 0),
        r.integer(table, "minimum", "ap_decay.minimum", 0),
        cast(Literal["range", "between"], count),
    )


def _success(r: _Reader, table: Mapping[str, object]) -> dict[int, int]:
    raw = r.table(table, "success", "armor.success")
    out: dict[int, int] = {}
    for key in raw or {}:
        try:
            ap = int(key)
        except ValueError:
            r.problems.append(f'armor.success.{key}: the key must be an AP value such as "-1"')
            continue
        out[ap] = r.integer(cast(Mapping[str, object], raw), key, f"armor.success.{key}", 1)
    if raw is not None and not out:
        r.problems.append('armor.success: give at least the success number for "0"')
    return out


def _armor(r: _Reader, doc: Mapping[str, object]) -> ArmorRule:
    table = r.table(doc, "armor", "armor") or {}
    r.only(
        table,
        {
            "die",
            "dice",
            "negative_ap_dice",
            "success",
            "success_rule",
            "beyond_table",
            "per_success",
            "block_at",
            "zero_armor",
        },
        "armor",
    )
    counts = ("armor-minus-ap", "armor")
    return ArmorRule(
        die=r.integer(table, "die", "armor.die", 2),
        dice=cast(DiceCount, r.choice(table, "dice", "armor.dice", counts)),
        negative_ap_dice=cast(
            DiceCount, r.choice(table, "negative_ap_dice", "armor.negative_ap_dice", counts)
        ),
        success=MappingProxyType(_success(r, table) or {0: 5}),
        success_rule=cast(
            SuccessRule,
            r.choice(table, "success_rule", "armor.success_rule", ("at-least", "above")),
        ),
        beyond_table=cast(
            Literal["cap", "extend"],
            r.choice(table, "beyond_table", "armor.beyond_table", ("cap", "extend")),
        ),
        per_success=r.integer(table, "per_success", "armor.per_success"),
        block_at=r.integer(table, "block_at", "armor.block_at", 0),
        zero_armor=cast(
            Literal["no-armor", "roll"],
            r.choice(table, "zero_armor", "armor.zero_armor", ("no-armor", "roll")),
        ),
    )


CONTINUOUS_TYPES = ("fire", "poison")
"""The types whose hit may place their continuous damage instead (``continuous``)."""


def _special_rule(r: _Reader, table: Mapping[str, object], where: str, typed: bool) -> SpecialRule:
    keys = {"armor", "range", "previous"} | (
        {"table", "units", "continuous"} if typed else {"types"}
    )
    r.only(table, keys, where)
    name = table.get("table") if typed else None
    if typed and name is not None and not (isinstance(name, str) and name):
        r.problems.append(f"{where}.table: expected the name of a damage table")
        name = None
    units = table.get("units", [])
    if not isinstance(units, list) or not all(isinstance(u, str) and u for u in units):
        r.problems.append(f"{where}.units: expected a list of unit words (biological...)")
        units = []
    continuous = (
        r.flag(table, "continuous", f"{where}.continuous") if "continuous" in table else False
    )
    if continuous and where.rpartition(".")[2] not in CONTINUOUS_TYPES:
        r.problems.append(
            f"{where}.continuous: only {', '.join(CONTINUOUS_TYPES)} damage "
            "can place its continuous damage"
        )
    return SpecialRule(
        cast("str | None", name),
        r.flag(table, "armor", f"{where}.armor"),
        r.flag(table, "range", f"{where}.range"),
        r.flag(table, "previous", f"{where}.previous"),
        tuple(cast("list[str]", units)),
        continuous,
    )


def parse_damage_method(path: Path, doc: Mapping[str, object], resolve: Resolve) -> DamageMethod:
    """Build a :class:`DamageMethod` from a parsed ``damage.toml``; ``resolve("id")`` reads a
    ruling (the ruleset's one resolver); every problem at once."""
    r = _Reader(path, resolve)
    r.only(doc, {"range", "ap_decay", "armor", "special"}, "(top level)")
    rng = _range(r, doc)
    decay = _decay(r, doc)
    armor = _armor(r, doc)
    special_table = r.table(doc, "special", "special") or {}
    special = _special_rule(r, special_table, "special", typed=False)
    types: dict[str, SpecialRule] = {}
    raw_types = r.table(special_table, "types", "special.types", required=False) or {}
    for name, raw in raw_types.items():
        if not isinstance(raw, dict):
            r.problems.append(f"special.types.{name}: expected a table")
            continue
        types[name] = _special_rule(r, raw, f"special.types.{name}", typed=True)
    if r.problems:
        raise DataFileError(path, r.problems)
    return DamageMethod(
        path,
        MappingProxyType(rng),
        decay,
        armor,
        special,
        MappingProxyType(types),
        MappingProxyType(dict(r.rulings)),
    )


DAMAGE: TableKind[DamageMethod] = TableKind(
    "damage",
    (FILE_NAME,),
    lambda src: parse_damage_method(src.path(FILE_NAME), src.doc(FILE_NAME), src.resolve),
)
"""The damage method of a ruleset (``damage.toml``)."""


def damage_method(rules: Ruleset) -> DamageMethod:
    """The damage method of ``rules`` under its readings (cached per folder and readings)."""
    return rules.table(DAMAGE)
