"""A unit type printed back: a readable unit card, and its fields as JSON.

The abilities of a weapon that fill its fields (Burst, Load, Misfire...) are written back as
ability text by :func:`weapon_abilities`, so a card reads like the file it came from and its
text parses back to the same weapon. Clause ``army.unit-card``.
"""

from __future__ import annotations

from typing import Any

from referee.units.abilities import AppliesTo, display_text
from referee.units.model import (
    Ability,
    Assault,
    DamageTable,
    Deflection,
    Speed,
    UnitType,
    Weapon,
)


def weapon_abilities(weapon: Weapon, where: AppliesTo = "weapon") -> tuple[Ability, ...]:
    """Every ability of ``weapon`` as written on a card, its field values included."""
    out: list[Ability] = []
    if weapon.load != 1:
        out.append(Ability("load", (str(weapon.load),)))
    if weapon.burst != 1:
        out.append(Ability("burst", (str(weapon.burst),)))
    if weapon.limited_ammo is not None:
        out.append(Ability("limited-ammo", (str(weapon.limited_ammo),)))
    if weapon.misfire is not None:
        out.append(Ability("misfire", (f"{weapon.misfire}-",)))
    if weapon.area is not None:
        out.append(Ability("area", (f"{weapon.area}+",)))
    if weapon.set_on_fire:
        out.append(Ability("set-on-fire"))
    if weapon.acid is not None:
        name = "acid" if weapon.acid == "major" else "minor-acid"
        per = (f"1 for {weapon.acid_per}",) if weapon.acid_per is not None else ()
        out.append(Ability(name, per))
    if weapon.poison is not None:
        per = (f"1 for {weapon.poison_per}",) if weapon.poison_per is not None else ()
        out.append(Ability("poison", (str(weapon.poison), *per)))
    out.extend(Ability(f"{s.type}-damage", (s.dice.text(),)) for s in weapon.special_damage)
    if weapon.penetration_bonus:
        out.append(Ability("penetration-bonus", (f"{weapon.penetration_bonus:+d}",)))
    out.extend(weapon.abilities)
    return tuple(out)


def deflection_text(deflection: Deflection) -> str:
    """``2, 5+ / -, - / -, - / -, -`` (the draft's form)."""
    parts = []
    for dice, hit in zip(deflection.dice.values, deflection.hit.values, strict=True):
        parts.append(f"{dice}, {hit}+" if dice and hit is not None else "-, -")
    return " / ".join(parts)


def _angle(weapon: Weapon) -> str:
    if weapon.fixed is not None:
        return f"fixed {weapon.fixed.text()}"
    return f"arc {weapon.arc.text()}" if weapon.arc is not None else "no arc"


def weapon_line(weapon: Weapon) -> str:
    """``Main gun: range 6, AP 2, damage d6+1, arc */*/*/*; burst[2]``."""
    damage = weapon.damage.text() if weapon.damage else "-"
    who = "" if weapon.carried == "each-model" else f" ({weapon.carried})"
    line = (
        f"{weapon.name}{who}: range {weapon.range}, AP {weapon.ap:+d}, damage {damage}, "
        f"{_angle(weapon)}"
    )
    abilities = [display_text(a, "weapon") for a in weapon_abilities(weapon)]
    return line + (f"; {', '.join(abilities)}" if abilities else "")


def assault_line(assault: Assault) -> str:
    """``4/3/3/2 5+: AP -1, damage d6-1`` (dice per model, clause ``assault.stats``)."""
    damage = assault.damage.text() if assault.damage else "-"
    line = f"{assault.dice.text()} {assault.hit}+: AP {assault.ap:+d}, damage {damage}"
    if assault.weapon is not None:
        abilities = [display_text(a, "assault") for a in weapon_abilities(assault.weapon)]
        line += f"; {', '.join(abilities)}"
    return line


def speed_line(speed: Speed) -> str:
    return (
        f"{speed.name}: movement {' '.join(speed.movement)} (default {speed.default_movement})"
        f"; gunnery {' '.join(speed.gunnery)}"
    )


def table_lines(table: DamageTable) -> list[str]:
    """``5-6: Hull hit``, ..., ``11+: Destroyed`` (a row runs up to the next one's start)."""
    lines = []
    for row, nxt in zip(table.rows, [*table.rows[1:], None], strict=True):
        span = (
            f"{row.at}+"
            if nxt is None
            else (f"{row.at}" if nxt.at == row.at + 1 else f"{row.at}-{nxt.at - 1}")
        )
        lines.append(f"{span}: {row.text}")
    return lines


def unit_card(unit: UnitType) -> list[str]:
    """The unit card as lines of text, in the order of the drafts' stat lines."""
    elites = f", {unit.elites} elite" if unit.elites else ""
    lines = [
        f"{unit.name} [{unit.id}] — {unit.nation}{' (sample data)' if unit.sample else ''}",
        f"  base: {unit.models} model(s){elites}; size {unit.size}; "
        f"type: {', '.join(sorted(unit.types))}",
        f"  cost: {', '.join(f'{n} {k}' for k, n in unit.cost.items())}",
        f"  armor: {unit.armor.text() if unit.armor else 'none'}",
    ]
    lines.append("  speeds:")
    lines.extend(f"    {speed_line(s)}" for s in unit.speeds)
    if unit.weapons:
        lines.append("  weapons:")
        lines.extend(f"    {weapon_line(w)}" for w in unit.weapons)
    if unit.assault is not None:
        lines.append(f"  assault: {assault_line(unit.assault)}")
    if unit.deflection is not None:
        lines.append(f"  deflection: {deflection_text(unit.deflection)}")
    if unit.abilities:
        lines.append(f"  abilities: {', '.join(display_text(a) for a in unit.abilities)}")
    if unit.resistances:
        res = ", ".join(f"{k} {n}" for k, n in unit.resistances.items())
        lines.append(f"  resistances: {res}")
    for name, table in unit.damage_tables.items():
        lines.append(f"  {name} damage table:")
        lines.extend(f"    {line}" for line in table_lines(table))
    if unit.notes:
        lines.append(f"  notes: {unit.notes}")
    return lines


def _weapon_json(weapon: Weapon, where: AppliesTo = "weapon") -> dict[str, Any]:
    return {
        "name": weapon.name,
        "range": weapon.range,
        "ap": weapon.ap,
        "damage": weapon.damage.text() if weapon.damage else None,
        "arc": weapon.arc.text() if weapon.arc else None,
        "fixed": weapon.fixed.text() if weapon.fixed else None,
        "carried": weapon.carried,
        "abilities": [display_text(a, where) for a in weapon_abilities(weapon, where)],
    }


def unit_json(unit: UnitType) -> dict[str, Any]:
    """The unit's fields as JSON values (stats in the text form of the files)."""
    assault = None
    if unit.assault is not None:
        a = unit.assault
        assault = {
            "dice": a.dice.text(),
            "hit": f"{a.hit}+",
            "ap": a.ap,
            "damage": a.damage.text() if a.damage else None,
            "abilities": [display_text(x, "assault") for x in weapon_abilities(a.weapon)]
            if a.weapon
            else [],
        }
    return {
        "id": unit.id,
        "name": unit.name,
        "nation": unit.nation,
        "sample": unit.sample,
        "models": unit.models,
        "elites": unit.elites,
        "types": sorted(unit.types),
        "size": unit.size,
        "speeds": [
            {
                "name": s.name,
                "movement": list(s.movement),
                "gunnery": list(s.gunnery),
                "default": s.default_movement,
            }
            for s in unit.speeds
        ],
        "armor": unit.armor.text() if unit.armor else None,
        "weapons": [_weapon_json(w) for w in unit.weapons],
        "assault": assault,
        "deflection": deflection_text(unit.deflection) if unit.deflection else None,
        "damage": {
            name: [
                {
                    "at": r.at,
                    "effects": [
                        {"kind": e.kind, "amount": e.amount, "text": e.text} for e in r.effects
                    ],
                    "text": r.text,
                }
                for r in t.rows
            ]
            for name, t in unit.damage_tables.items()
        },
        "resistances": dict(unit.resistances),
        "abilities": [display_text(a) for a in unit.abilities],
        "cost": dict(unit.cost),
        "notes": unit.notes,
        "source": str(unit.source) if unit.source else None,
    }
