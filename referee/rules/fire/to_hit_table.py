"""The to-hit table of an edition as data: ``data/rulesets/<id>/to_hit.toml``.

Clause ``fire.to-hit``: the base to-hit number and every modifier row (speeds, flying,
markers, aim, range bands, on edge, size, unit and weapon abilities), each with its
label and clause id; with the edition's area, evasion and fire-order rules and what the
hits of fire, acid and poison weapons place (``[conditions]``), whether Misfire[N-] is
rolled (``[misfire]``) and who fires a weapon every model carries (``[models]``). Terrain
cover and terrain evasion are not here: :mod:`referee.ruleset.terrain` holds them.
A value written ``"@ruling-id"`` takes the ruleset's reading of that ruling.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

import msgspec

from referee.board.ranges import BANDS
from referee.errors import DataFileError
from referee.ruleset.tables import TableKind
from referee.ruleset.terrain import SIZES

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

FILE_NAME = "to_hit.toml"

When = Literal["always", "in-terrain", "at-speed", "at-point-blank"]
WHENS: tuple[When, ...] = ("always", "in-terrain", "at-speed", "at-point-blank")
Value = int | Literal["param"]
EvasionMethod = Literal["negate", "worsen"]
EvasionTerrain = Literal["terrain-table", "cover-with-take-cover"]

Resolver = Callable[[str], object]


class Modifier(msgspec.Struct, frozen=True):
    """One row of the to-hit table: the shooter's ``to_hit``, the target's ``to_be_hit``.

    ``"param"`` takes the value from the ability's last parameter (Take Cover[slow,-1]);
    ``when`` says when an ability row applies; ``*_ruling`` names the ruling that gave
    a value, if one did.
    """

    id: str
    label: str
    clause: str
    to_hit: Value = 0
    to_be_hit: Value = 0
    when: When = "always"
    improve_evasion: int = 0
    aliases: tuple[str, ...] = ()
    to_hit_ruling: str | None = None
    to_be_hit_ruling: str | None = None


class CoverWording(msgspec.Struct, frozen=True):
    """How terrain cover (from terrain.toml) reads in the working: ``target in forest``."""

    label: str
    clause: str

    def text(self, terrain: str) -> str:
        return self.label.replace("{terrain}", terrain)


class AreaRules(msgspec.Struct, frozen=True):
    """Area(n+) (clause ``fire.area``): ``stack_bonus`` per extra identical attack."""

    clause: str
    stack_bonus: int
    stack_clause: str
    stack_ruling: str | None = None


class EvasionRules(msgspec.Struct, frozen=True):
    """How evasion works in the edition (clause ``fire.evasion``)."""

    clause: str
    method: EvasionMethod
    terrain: EvasionTerrain
    terrain_value: int
    improve_clause: str


class OrderRules(msgspec.Struct, frozen=True):
    """Fire orders: whether a unit may hold its fire (clause ``fire.decline``)."""

    may_decline: bool
    decline_clause: str
    decline_ruling: str | None = None


class MisfireRules(msgspec.Struct, frozen=True):
    """Whether a weapon's Misfire[N-] die is rolled before its fire action (clause
    ``fire.misfire``); ``ruling`` names the ruling that decided it, if one did. A ruleset
    version written before ``[misfire]`` rolled it, as it was played."""

    rolled: bool = True
    clause: str = "fire.misfire"
    ruling: str | None = None


class ModelRules(msgspec.Struct, frozen=True):
    """Who fires a weapon every model of a base carries: whether an elite whose elite weapon
    replaced it fires it too (clause ``army.elite-weapon``; ruling ``ruling``). A ruleset
    version written before ``[models]`` had every alive model fire it, as it was played."""

    elite_fires_model_weapon: bool = True
    clause: str = "army.elite-weapon"
    ruling: str | None = None


ConditionTiming = Literal["at-once", "apply-damage"]
ConditionCount = Literal["hits", "successes"]
UnaffectedPoison = Literal["skip", "place"]


class ConditionRules(msgspec.Struct, frozen=True):
    """What the hits of Set on Fire, (minor) Acid and Poison[N] weapons place, and when
    (clauses ``weapons.set-on-fire``, ``weapons.acid``, ``weapons.poison``; read by
    :mod:`referee.rules.fire.weapon_conditions`). ``rulings`` names the ruling behind each
    field that one decided."""

    places: bool = True
    timing: ConditionTiming = "at-once"
    evaded: ConditionCount = "hits"
    unaffected_poison: UnaffectedPoison = "skip"
    rulings: Mapping[str, str] = msgspec.field(default_factory=lambda: MappingProxyType({}))

    def ruling(self, key: str) -> tuple[str, ...]:
        """The ruling that decided field ``key``, if one did (zero or one id)."""
        return (self.rulings[key],) if key in self.rulings else ()


class ToHitTable(msgspec.Struct, frozen=True):
    """The resolved to-hit table of one ruleset."""

    base: int
    clause: str
    speeds: Mapping[str, Modifier]
    flying: Modifier
    markers: Mapping[str, Modifier]
    cover: CoverWording
    aim: Modifier
    ranges: Mapping[str, Modifier]
    on_edge: Modifier
    sizes: Mapping[str, Modifier]
    unit_abilities: Mapping[str, Modifier]
    weapon_abilities: Mapping[str, Modifier]
    not_in_edition: frozenset[str]
    area: AreaRules
    evasion: EvasionRules
    orders: OrderRules
    source: Path | None = None
    conditions: ConditionRules = ConditionRules()
    misfire: MisfireRules = MisfireRules()
    models: ModelRules = ModelRules()

    def speed(self, name: str) -> Modifier:
        """The row of speed ``name`` (or one of its aliases); ValueError if the table has none."""
        for row in self.speeds.values():
            if name == row.id or name in row.aliases:
                return row
        known = ", ".join(self.speeds)
        raise ValueError(f"{self.source}: speed {name!r} has no row in speeds (known: {known})")


# --- parsing -------------------------------------------------------------------------------

_TOP = {
    "base",
    "clause",
    "speeds",
    "flying",
    "markers",
    "cover",
    "aim",
    "ranges",
    "on_edge",
    "sizes",
    "unit_abilities",
    "weapon_abilities",
    "not_in_edition",
    "area",
    "evasion",
    "orders",
    "conditions",
    "misfire",
    "models",
}
_ROW_KEYS = {"label", "clause", "to_hit", "to_be_hit"}
_ABILITY_KEYS = _ROW_KEYS | {"when", "improve_evasion"}


class _Reader:
    """Collects every problem of one file, each naming its key."""

    def __init__(self, resolve: Resolver) -> None:
        self.resolve = resolve
        self.problems: list[str] = []

    def table(self, doc: Mapping[str, object], key: str) -> dict[str, object]:
        raw = doc.get(key)
        if raw is None:
            self.problems.append(f"{key}: missing")
            return {}
        if not isinstance(raw, dict):
            self.problems.append(f"{key}: expected a table")
            return {}
        return raw

    def text(self, where: str, raw: Mapping[str, object], key: str) -> str:
        value = raw.get(key)
        if not isinstance(value, str) or not value:
            self.problems.append(f"{where}.{key}: missing (expected text)")
            return ""
        return value

    def keys(self, where: str, raw: Mapping[str, object], allowed: set[str]) -> None:
        for key in sorted(set(raw) - allowed):
            known = ", ".join(sorted(allowed))
            self.problems.append(f"{where}.{key}: unknown key (known: {known})")

    def ruling(self, where: str, value: object) -> tuple[object, str | None]:
        """``value``, or the reading of the ruling an ``"@id"`` names."""
        if isinstance(value, str) and value.startswith("@"):
            rid = value[1:]
            try:
                return self.resolve(rid), rid
            except KeyError:
                self.problems.append(f"{where}: refers to unknown ruling {rid!r}")
                return None, rid
        return value, None

    def integer(self, where: str, value: object, *, param: bool = False) -> Value | None:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if param and value == "param":
            return "param"
        also = ' or "param"' if param else ""
        self.problems.append(f"{where}: expected a whole number{also}, got {value!r}")
        return None

    def row(
        self, where: str, rid: str, raw: object, *, ability: bool = False, aliases: bool = False
    ) -> Modifier | None:
        if not isinstance(raw, dict):
            self.problems.append(f"{where}: expected a table")
            return None
        allowed = _ABILITY_KEYS if ability else _ROW_KEYS
        self.keys(where, raw, allowed | ({"aliases"} if aliases else set()))
        label, clause = self.text(where, raw, "label"), self.text(where, raw, "clause")
        values: dict[str, Value] = {}
        rulings: dict[str, str | None] = {}
        for col in ("to_hit", "to_be_hit"):
            value, ruling = self.ruling(f"{where}.{col}", raw.get(col, 0))
            got = self.integer(f"{where}.{col}", value, param=ability) if value is not None else 0
            values[col] = 0 if got is None else got
            rulings[col] = ruling
        when = raw.get("when", "always")
        if when not in WHENS:
            self.problems.append(f"{where}.when: {when!r} is not one of {', '.join(WHENS)}")
            when = "always"
        improve = self.integer(f"{where}.improve_evasion", raw.get("improve_evasion", 0))
        names = raw.get("aliases", [])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            self.problems.append(f"{where}.aliases: expected a list of names")
            names = []
        if "param" in values.values() and when != "at-speed":
            self.problems.append(f'{where}: "param" needs when = "at-speed" (Ability[speed,-N])')
        return Modifier(
            id=rid,
            label=label,
            clause=clause,
            to_hit=values["to_hit"],
            to_be_hit=values["to_be_hit"],
            when=when,
            improve_evasion=improve if isinstance(improve, int) else 0,
            aliases=tuple(names),
            to_hit_ruling=rulings["to_hit"],
            to_be_hit_ruling=rulings["to_be_hit"],
        )

    def rows(
        self,
        doc: Mapping[str, object],
        section: str,
        *,
        ability: bool = False,
        aliases: bool = False,
        required: tuple[str, ...] = (),
        allowed: tuple[str, ...] = (),
    ) -> Mapping[str, Modifier]:
        raw = doc.get(section, {})
        if not isinstance(raw, dict):
            self.problems.append(f"{section}: expected [{section}.NAME] tables")
            return MappingProxyType({})
        out: dict[str, Modifier] = {}
        for rid, body in raw.items():
            if allowed and rid not in allowed:
                self.problems.append(f"{section}.{rid}: not one of {', '.join(allowed)}")
                continue
            row = self.row(f"{section}.{rid}", rid, body, ability=ability, aliases=aliases)
            if row is not None:
                out[rid] = row
        for rid in required:
            if rid not in raw:
                self.problems.append(f"{section}.{rid}: missing")
        return MappingProxyType(out)


def _area(r: _Reader, doc: Mapping[str, object]) -> AreaRules:
    raw = r.table(doc, "area")
    r.keys("area", raw, {"clause", "stack_bonus", "stack_clause"})
    value, ruling = r.ruling("area.stack_bonus", raw.get("stack_bonus", 0))
    bonus = r.integer("area.stack_bonus", value) if value is not None else 0
    return AreaRules(
        clause=r.text("area", raw, "clause"),
        stack_bonus=bonus if isinstance(bonus, int) else 0,
        stack_clause=r.text("area", raw, "stack_clause"),
        stack_ruling=ruling,
    )


def _evasion(r: _Reader, doc: Mapping[str, object]) -> EvasionRules:
    raw = r.table(doc, "evasion")
    r.keys("evasion", raw, {"clause", "method", "terrain", "terrain_value", "improve_clause"})
    method = raw.get("method")
    if method not in ("negate", "worsen"):
        r.problems.append(f"evasion.method: {method!r} is not one of negate, worsen")
        method = "negate"
    terrain = raw.get("terrain")
    if terrain not in ("terrain-table", "cover-with-take-cover"):
        r.problems.append(
            f"evasion.terrain: {terrain!r} is not one of terrain-table, cover-with-take-cover"
        )
        terrain = "terrain-table"
    value = r.integer("evasion.terrain_value", raw.get("terrain_value", 0))
    if terrain == "cover-with-take-cover" and "terrain_value" not in raw:
        r.problems.append("evasion.terrain_value: missing (needed by cover-with-take-cover)")
    return EvasionRules(
        clause=r.text("evasion", raw, "clause"),
        method=method,  # type: ignore[arg-type]
        terrain=terrain,  # type: ignore[arg-type]
        terrain_value=value if isinstance(value, int) else 0,
        improve_clause=r.text("evasion", raw, "improve_clause"),
    )


def _orders(r: _Reader, doc: Mapping[str, object]) -> OrderRules:
    raw = r.table(doc, "orders")
    r.keys("orders", raw, {"may_decline", "decline_clause"})
    value, ruling = r.ruling("orders.may_decline", raw.get("may_decline"))
    if not isinstance(value, bool):
        r.problems.append(f"orders.may_decline: expected true or false, got {value!r}")
        value = False
    return OrderRules(value, r.text("orders", raw, "decline_clause"), ruling)


def _flag(r: _Reader, raw: Mapping[str, object], where: str, key: str) -> tuple[bool, str | None]:
    """A true/false key that may be ``"@ruling-id"``: its value and the ruling, if one."""
    if key not in raw:
        r.problems.append(f"{where}.{key}: missing")
        return True, None
    value, ruling = r.ruling(f"{where}.{key}", raw[key])
    if not isinstance(value, bool):
        r.problems.append(f"{where}.{key}: expected true or false, got {value!r}")
        return True, ruling
    return value, ruling


def _misfire(r: _Reader, doc: Mapping[str, object]) -> MisfireRules:
    if "misfire" not in doc:  # a ruleset version before [misfire]: Misfire was rolled
        return MisfireRules()
    raw = r.table(doc, "misfire")
    r.keys("misfire", raw, {"clause", "rolled"})
    rolled, ruling = _flag(r, raw, "misfire", "rolled")
    return MisfireRules(rolled, r.text("misfire", raw, "clause"), ruling)


def _models(r: _Reader, doc: Mapping[str, object]) -> ModelRules:
    if "models" not in doc:  # a ruleset version before [models]: every alive model fired
        return ModelRules()
    raw = r.table(doc, "models")
    r.keys("models", raw, {"clause", "elite_fires_model_weapon"})
    fires, ruling = _flag(r, raw, "models", "elite_fires_model_weapon")
    return ModelRules(fires, r.text("models", raw, "clause"), ruling)


_CONDITION_CHOICES: dict[str, tuple[object, ...]] = {
    "places": (True, False),
    "timing": ("at-once", "apply-damage"),
    "evaded": ("hits", "successes"),
    "unaffected_poison": ("skip", "place"),
}


def _conditions(r: _Reader, doc: Mapping[str, object]) -> ConditionRules:
    if "conditions" not in doc:  # a ruleset before its [conditions]: its weapons placed none
        return ConditionRules(places=False)
    raw = r.table(doc, "conditions")
    r.keys("conditions", raw, set(_CONDITION_CHOICES))
    values: dict[str, object] = {}
    rulings: dict[str, str] = {}
    for key, choices in _CONDITION_CHOICES.items():
        if key not in raw:
            r.problems.append(f"conditions.{key}: missing")
            continue
        value, ruling = r.ruling(f"conditions.{key}", raw[key])
        if ruling is not None:
            rulings[key] = ruling
        if value not in choices or isinstance(value, bool) != isinstance(choices[0], bool):
            shown = ", ".join(str(c).lower() for c in choices)
            r.problems.append(f"conditions.{key}: expected one of {shown}, got {value!r}")
            continue
        values[key] = value
    return ConditionRules(rulings=MappingProxyType(rulings), **values)  # type: ignore[arg-type]


def _not_in_edition(r: _Reader, doc: Mapping[str, object]) -> frozenset[str]:
    raw = doc.get("not_in_edition", {})
    if not isinstance(raw, dict):
        r.problems.append("not_in_edition: expected a table")
        return frozenset()
    r.keys("not_in_edition", raw, {"unit_abilities", "weapon_abilities"})
    names: set[str] = set()
    for key in ("unit_abilities", "weapon_abilities"):
        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            r.problems.append(f"not_in_edition.{key}: expected a list of ability names")
            continue
        for name in value:
            rows = doc.get(key)
            if isinstance(rows, dict) and name in rows:
                r.problems.append(f"not_in_edition.{key}: {name!r} has a row in [{key}]")
            names.add(name)
    return frozenset(names)


_EMPTY = Modifier("", "", "")


def parse_to_hit_table(path: Path, doc: Mapping[str, object], resolve: Resolver) -> ToHitTable:
    """Build the table from a parsed ``to_hit.toml``; every problem names its key."""
    r = _Reader(resolve)
    for key in sorted(set(doc) - _TOP):
        r.problems.append(f"{key}: unknown section (known: {', '.join(sorted(_TOP))})")
    base = doc.get("base")
    if not isinstance(base, int) or isinstance(base, bool):
        r.problems.append(f"base: expected the base to-hit number, got {base!r}")
        base = 0
    clause = doc.get("clause")
    if not isinstance(clause, str) or not clause:
        r.problems.append("clause: missing")
        clause = ""
    single = {
        key: r.row(key, key, r.table(doc, key)) or _EMPTY for key in ("flying", "aim", "on_edge")
    }
    cover = r.table(doc, "cover")
    r.keys("cover", cover, {"label", "clause"})
    table = ToHitTable(
        base=base,
        clause=clause,
        speeds=r.rows(doc, "speeds", aliases=True),
        flying=single["flying"],
        markers=r.rows(doc, "markers"),
        cover=CoverWording(r.text("cover", cover, "label"), r.text("cover", cover, "clause")),
        aim=single["aim"],
        ranges=r.rows(doc, "ranges", required=BANDS[:3], allowed=BANDS[:3]),
        on_edge=single["on_edge"],
        sizes=r.rows(doc, "sizes", allowed=SIZES),
        unit_abilities=r.rows(doc, "unit_abilities", ability=True),
        weapon_abilities=r.rows(doc, "weapon_abilities", ability=True),
        not_in_edition=_not_in_edition(r, doc),
        area=_area(r, doc),
        evasion=_evasion(r, doc),
        orders=_orders(r, doc),
        source=path,
        conditions=_conditions(r, doc),
        misfire=_misfire(r, doc),
        models=_models(r, doc),
    )
    if not table.speeds:
        r.problems.append("speeds: missing: at least one [speeds.NAME] table")
    if r.problems:
        raise DataFileError(path, r.problems)
    return table


TO_HIT: TableKind[ToHitTable] = TableKind(
    "to_hit",
    (FILE_NAME,),
    lambda src: parse_to_hit_table(src.path(FILE_NAME), src.doc(FILE_NAME), src.resolve),
)
"""The to-hit table of a ruleset (``to_hit.toml``)."""


def to_hit_table(rules: Ruleset) -> ToHitTable:
    """The to-hit table of ``rules`` (its folder's ``to_hit.toml`` under its readings)."""
    return rules.table(TO_HIT)
