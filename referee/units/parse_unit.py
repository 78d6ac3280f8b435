"""One unit card of a unit file, checked and built into a :class:`UnitType`.

Every problem is collected, never only the first: each names the unit and the field path,
``unit standard-tank.weapon[0].damage: 'd7': a d7 is not a die ...``. The schema is
documented in ``data/README.md`` (section "Units"). Clause ids: ``army.unit-base`` (models,
elites), ``army.unit-base-weapon`` (two alive models, one per base), ``army.costs``,
``angles.sectors`` / ``angles.armor`` / ``angles.fixed-weapons``,
``assault.stats``, ``damage.resistance``, and the clause of each ability
(``data/units/abilities.toml``); speeds, deflection and damage tables are read by
:mod:`referee.units.parse_tables`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import msgspec

from referee.board.sector_stats import SectorStatError, parse_firing_arc, parse_fixed_guns
from referee.dice.expression import parse_dice
from referee.units.abilities import (
    AbilityError,
    AbilitySpec,
    AppliesTo,
    CardContext,
    Register,
    check_ability,
    parse_ability,
)
from referee.units.fields import (
    ID_RE,
    At,
    is_int,
    read_dice,
    read_hit,
    read_int,
    read_sector,
    read_strings,
    read_text,
    required,
)
from referee.units.model import (
    COST_KINDS,
    SIZES,
    Ability,
    Assault,
    Carried,
    SpecialDamage,
    UnitType,
    Weapon,
)
from referee.units.parse_tables import DICE_MAX, parse_damage_tables, parse_deflection, parse_speeds

UNIT_KEYS = frozenset(
    {
        "id",
        "name",
        "models",
        "elites",
        "types",
        "size",
        "speeds",
        "armor",
        "weapon",
        "assault",
        "deflection",
        "damage",
        "resistances",
        "abilities",
        "cost",
        "notes",
    }
)
WEAPON_KEYS = frozenset({"name", "range", "ap", "damage", "arc", "fixed", "carried", "abilities"})
ASSAULT_KEYS = frozenset({"dice", "hit", "ap", "damage", "abilities"})
CARRIED: tuple[Carried, ...] = ("each-model", "elite", "unit-base")

ARMOR_MAX = 10
COST_MAX = 48
"""The largest budget of a kind in the drafts (an asymmetric game's 48 ip)."""
RANGE_MAX = 24
AP_RANGE = (-5, 10)


def kept_card(doc: Mapping[str, Any], uid: str) -> dict[str, Any] | None:
    """Unit ``uid``'s card in a unit file's parsed ``doc`` as a match file keeps it: its
    nation, whether it is sample data, its ``[[unit]]`` table (read back by
    :func:`parse_unit`); None when the file has no unit ``uid``."""
    units = doc.get("unit", [])
    for raw in units if isinstance(units, list) else []:
        if isinstance(raw, dict) and raw.get("id") == uid:
            sample = bool(doc.get("sample", False))
            return {"nation": doc.get("nation"), "sample": sample, "raw": raw}
    return None


class CardRules(msgspec.Struct, frozen=True):
    """What a unit card is checked against: the register and the ruleset's readings.

    ``models`` is the reading of ruling ``units.models-per-base``; ``assault_acid`` that of
    ``units.assault-acid``; ``terrain`` the terrain ids of the ruleset (for Camouflage).
    """

    register: Register
    terrain: frozenset[str]
    models: frozenset[int]
    assault_acid: str


# --- abilities --------------------------------------------------------------------------------


def _abilities(
    at: At, value: object, where: AppliesTo, rules: CardRules, context: CardContext
) -> list[tuple[Ability, AbilitySpec]]:
    """The abilities of a list, each checked; duplicates refused."""
    texts = read_strings(at, value)
    out: list[tuple[Ability, AbilitySpec]] = []
    seen: set[str] = set()
    for i, text in enumerate(texts or []):
        item = at(f"[{i}]")
        try:
            written = parse_ability(text)
        except AbilityError as exc:
            item.add(str(exc))
            continue
        ability, spec, problems = check_ability(written, where, context, rules.register)
        for p in problems:
            item.add(p)
        if problems or spec is None:
            continue
        if ability.name in seen:
            item.add(f"{ability.name!r} is given twice")
            continue
        seen.add(ability.name)
        out.append((ability, spec))
    return out


def _weapon_fields(
    at: At, abilities: list[tuple[Ability, AbilitySpec]], where: AppliesTo, rules: CardRules
) -> tuple[dict[str, Any], list[SpecialDamage], list[Ability]]:
    """Weapon abilities that fill a :class:`Weapon` field (``field`` in the register)."""
    fields: dict[str, Any] = {}
    special: list[SpecialDamage] = []
    rest: list[Ability] = []
    for ability, spec in abilities:
        if spec.is_family:
            dtype = ability.name.removesuffix(spec.name.removeprefix("[type]"))
            special.append(SpecialDamage(dtype, parse_dice(ability.params[0])))
            continue
        if spec.field is None:
            rest.append(ability)
            continue
        if spec.field in fields:
            at.add(f"{ability.name!r} sets {spec.field}, already set by another ability")
            continue
        value: Any = spec.value
        if where == "assault" and spec.field == "acid" and rules.assault_acid == "minor":
            value = "minor"  # ruling units.assault-acid
        for i, kind in enumerate(spec.kinds(where)):
            if kind == "per" and spec.per_field:
                fields[spec.per_field] = ability.number(i)
            else:
                value = ability.number(i)
        fields[spec.field] = value
    return fields, special, rest


# --- weapons and assault --------------------------------------------------------------


def parse_weapon(at: At, raw: object, rules: CardRules, context: CardContext) -> Weapon | None:
    """One ``[[unit.weapon]]`` table (clauses ``fire.*``, ``army.unit-base-weapon``)."""
    if not isinstance(raw, dict):
        at.add("expected a table")
        return None
    before = len(at.problems)
    at.unknown_keys(raw, WEAPON_KEYS)
    name = read_text(at("name"), raw.get("name"))
    wrange = read_int(at("range"), raw.get("range"), 1, RANGE_MAX)
    ap = read_int(at("ap"), raw.get("ap"), *AP_RANGE)
    damage = read_dice(at("damage"), raw["damage"]) if "damage" in raw else None
    arc = fixed = None
    if ("arc" in raw) == ("fixed" in raw):
        at.add("give exactly one of arc ('*/-/-/-') or fixed ('x2/x1/x1/-')")
    try:
        if "arc" in raw:
            arc = parse_firing_arc(raw["arc"])
        if "fixed" in raw:
            fixed = parse_fixed_guns(raw["fixed"])
    except SectorStatError as exc:
        at("arc" if "arc" in raw else "fixed").add(str(exc))
    carried = raw.get("carried", "each-model")
    if carried not in CARRIED:
        at("carried").add(f"{carried!r} is not one of {', '.join(CARRIED)}")
    abilities = _abilities(at("abilities"), raw.get("abilities", []), "weapon", rules, context)
    fields, special, rest = _weapon_fields(at("abilities"), abilities, "weapon", rules)
    if "damage" not in raw and not special:
        at("damage").add("missing (a weapon needs damage or a '[type] damage[dN]' ability)")
    if len(at.problems) > before or name is None or wrange is None or ap is None:
        return None
    return Weapon(
        name=name,
        range=wrange,
        ap=ap,
        damage=damage,
        arc=arc,
        fixed=fixed,
        carried=carried,
        special_damage=tuple(special),
        abilities=tuple(rest),
        **fields,
    )


def parse_assault(at: At, raw: object, rules: CardRules, context: CardContext) -> Assault | None:
    """``assault = { dice = "4/3/3/2", hit = "5+", ap = -1, damage = "d6-1" }`` (clause
    ``assault.stats``); ``abilities`` are the assault weapon's (set on fire, acid...)."""
    if not isinstance(raw, dict):
        at.add('expected a table like { dice = "4/3/3/2", hit = "5+", ap = -1, damage = "d6" }')
        return None
    before = len(at.problems)
    at.unknown_keys(raw, ASSAULT_KEYS)
    dice = read_sector(at("dice"), raw.get("dice"), "assault dice", DICE_MAX)
    hit = read_hit(at("hit"), raw.get("hit"))
    ap = read_int(at("ap"), raw.get("ap", 0), *AP_RANGE)
    damage = read_dice(at("damage"), raw["damage"]) if "damage" in raw else None
    abilities = _abilities(at("abilities"), raw.get("abilities", []), "assault", rules, context)
    fields, special, rest = _weapon_fields(at("abilities"), abilities, "assault", rules)
    if "damage" not in raw and not special:
        at("damage").add("missing (an assault needs damage or a '[type] damage[dN]' ability)")
    if len(at.problems) > before or dice is None or hit is None or ap is None:
        return None
    weapon = None
    if abilities:
        weapon = Weapon(
            name="assault",
            range=0,
            ap=ap,
            damage=damage,
            special_damage=tuple(special),
            abilities=tuple(rest),
            **fields,
        )
    return Assault(dice=dice, hit=hit, ap=ap, damage=damage, weapon=weapon)


# --- the unit -----------------------------------------------------------------------------------


def _cost(at: At, value: object) -> Mapping[str, int]:
    if value is None:
        return MappingProxyType({})
    if not isinstance(value, dict) or not value:
        at.add(f"expected a table like {{ ip = 6 }} (kinds: {', '.join(COST_KINDS)})")
        return MappingProxyType({})
    cost: dict[str, int] = {}
    for kind, amount in value.items():
        if kind not in COST_KINDS:
            at(kind).add(f"unknown cost kind (known: {', '.join(COST_KINDS)})")
            continue
        n = read_int(at(kind), amount, 0, COST_MAX)
        if n is not None:
            cost[kind] = n
    if cost and not any(cost.values()):
        at.add("a unit costs something: at least one kind above 0")
    return MappingProxyType(cost)


def _resistances(at: At, value: object) -> Mapping[str, int]:
    if not isinstance(value, dict):
        at.add("expected a table like { fire = 2, poison = 1 }")
        return MappingProxyType({})
    out: dict[str, int] = {}
    for dtype, amount in value.items():
        if not ID_RE.match(dtype):
            at(dtype).add("a damage type is lower case with hyphens (regular, fire, poison...)")
            continue
        n = read_int(at(dtype), amount, 1, 10)
        if n is not None:
            out[dtype] = n
    return MappingProxyType(out)


def _types(at: At, value: object, reg: Register) -> frozenset[str]:
    if value is None:
        return frozenset()
    words = read_strings(at, value)
    if words is not None and not words:
        at.add("the type line needs at least one word (infantry, vehicle...)")
    out: set[str] = set()
    for i, w in enumerate(words or []):
        found = reg.type_word(w)
        if found is None:
            at(f"[{i}]").add(f"{w!r} is not a type word ({', '.join(reg.types)})")
        else:
            out.add(found.name)
    return frozenset(out)


def _check_carried(at: At, weapons: list[Weapon], models: int | None, elites: int) -> None:
    """Clause ``army.unit-base-weapon``: a unit-base weapon needs two alive models and a
    base has at most one; clause ``army.elite``: an elite's weapon needs an elite."""
    base = [i for i, w in enumerate(weapons) if w.carried == "unit-base"]
    if len(base) > 1:
        at.add(
            f"weapons {', '.join(f'[{i}]' for i in base)} are unit-base weapons: "
            "a unit base may have at most one"
        )
    if base and models is not None and models < 2:
        at(f"[{base[0]}]")("carried").add(
            "a unit-base weapon needs at least 2 alive models; this base has 1"
        )
    for i, w in enumerate(weapons):
        if w.carried == "elite" and elites < 1:
            at(f"[{i}]")("carried").add("an elite's weapon needs elites >= 1")


def parse_unit(
    raw: object,
    index: int,
    nation: str,
    problems: list[str],
    rules: CardRules,
    *,
    sample: bool = False,
    source: Path | None = None,
) -> UnitType | None:
    """Check one ``[[unit]]`` table and build it; ``None`` (problems recorded) if it is bad."""
    if not isinstance(raw, dict):
        problems.append(f"unit[{index}]: expected a table")
        return None
    uid = raw.get("id")
    if isinstance(uid, str) and ID_RE.match(uid):
        at = At(f"unit {uid}", problems)
    else:
        at = At(f"unit[{index}]", problems)
        at("id").add(
            "missing"
            if uid is None
            else f"{uid!r} is not an id: lower case letters, digits and hyphens"
        )
    before = len(problems)
    at.unknown_keys(raw, UNIT_KEYS)
    reg = rules.register
    name = read_text(at("name"), raw.get("name"))
    models = None
    if "models" not in raw:
        at("models").add("missing")
    elif not is_int(raw["models"]) or raw["models"] not in rules.models:
        counts = [str(n) for n in sorted(rules.models)]
        allowed = f"{', '.join(counts[:-1])} or {counts[-1]}" if len(counts) > 1 else counts[0]
        at("models").add(
            f"{raw['models']!r}: a unit base has {allowed} models (ruling units.models-per-base)"
        )
    else:
        models = int(raw["models"])
    elites = read_int(at("elites"), raw.get("elites", 0), 0, models or 4) or 0
    types = _types(at("types"), required(at, raw, "types"), reg)
    size = raw.get("size")
    if size not in SIZES:
        at("size").add("missing" if size is None else f"{size!r} is not one of {', '.join(SIZES)}")
    raw_speeds = required(at, raw, "speeds")
    speeds = parse_speeds(at("speeds"), raw_speeds, rules.register)
    written_speeds = (
        [s.get("name") for s in raw_speeds if isinstance(s, dict)]
        if isinstance(raw_speeds, list)
        else []
    )
    context = CardContext(frozenset(s for s in written_speeds if isinstance(s, str)), rules.terrain)
    armor = read_sector(at("armor"), raw["armor"], "armor", ARMOR_MAX) if "armor" in raw else None
    raw_weapons = raw.get("weapon", [])
    weapons: list[Weapon] = []
    if not isinstance(raw_weapons, list):
        at("weapon").add("expected [[unit.weapon]] tables")
        raw_weapons = []
    for i, w in enumerate(raw_weapons):
        weapon = parse_weapon(at(f"weapon[{i}]"), w, rules, context)
        if weapon is not None:
            weapons.append(weapon)
    if len(weapons) == len(raw_weapons):
        _check_carried(at("weapon"), weapons, models, elites)
    names = [w.name for w in weapons]
    for n in sorted({n for n in names if names.count(n) > 1}):
        at("weapon").add(f"two weapons are called {n!r}")
    assault = (
        parse_assault(at("assault"), raw["assault"], rules, context) if "assault" in raw else None
    )
    deflection = None
    if "deflection" in raw:
        try:
            deflection = parse_deflection(raw["deflection"])
        except ValueError as exc:
            at("deflection").add(str(exc))
    tables = parse_damage_tables(at("damage"), required(at, raw, "damage"), models or 4)
    resistances = _resistances(at("resistances"), raw.get("resistances", {}))
    abilities = _abilities(at("abilities"), raw.get("abilities", []), "unit", rules, context)
    cost = _cost(at("cost"), required(at, raw, "cost"))
    notes = raw.get("notes", "")
    if not isinstance(notes, str):
        at("notes").add("expected text")
    if len(problems) > before or name is None or models is None:
        return None
    return UnitType(
        id=str(uid),
        name=name,
        nation=nation,
        models=models,
        types=types,
        size=size,  # type: ignore[arg-type]
        speeds=speeds,
        armor=armor,
        weapons=tuple(weapons),
        assault=assault,
        deflection=deflection,
        damage_tables=tables,
        elites=elites,
        resistances=resistances,
        abilities=tuple(a for a, _ in abilities),
        cost=cost,
        sample=sample,
        source=source,
        notes=str(notes),
    )
