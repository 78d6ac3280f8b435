"""Reading ``data/rulesets/<id>/agony.toml``: the agony schedule and each effect's table.

Clause ``agony.schedule``: which effect is carried out in which agony step, in order.
The file also holds the damage types of continuous damage, the acid table, minor acid,
fire, poison, bleeding, terror, shaken and the aftermath (schema: data/README.md,
section "Agony"). A placement in the acid table is checked against the ruleset's
hex_effects.toml. Every problem is reported at once in a :class:`DataFileError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, cast

from msgspec.structs import replace

from referee.rules.agony.specs import (
    AFTERMATH_STEPS,
    EFFECTS,
    AcidRow,
    AcidTable,
    AcidWear,
    AftermathRule,
    AftermathStep,
    AgonyRules,
    ContinuousDamage,
    DamageType,
    InstanceOrder,
    MarkerRemoval,
    MinorAcid,
    OnKill,
    ShakenGunnery,
    ShakenMovement,
    ShakenRule,
    Splash,
    StopRule,
    Terror,
    TokensSeen,
    TwoDowngrades,
)
from referee.rules.hexes.markers import PlacementSpec, Strength
from referee.rules.hexes.rules import HEX_EFFECTS, HexEffectRules
from referee.rules.table_reader import TableReader
from referee.ruleset.readings import ruling_resolver
from referee.ruleset.tables import TableKind

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

FILE_NAME = "agony.toml"

_TOP_KEYS = (
    "instance_order",
    "tokens",
    "schedule",
    "damage-types",
    "acid",
    "acid-wear",
    "minor-acid",
    "fire",
    "poison",
    "bleeding",
    "terror",
    "shaken",
    "aftermath",
)
_ROW_KEYS = (
    "roll",
    "like",
    "downgrade",
    "damage_tokens",
    "armor_down",
    "on_fire",
    "roll_again",
    "place",
    "splash",
)


def _schedule(r: TableReader, raw: object, present: set[str]) -> tuple[tuple[str, ...], ...]:
    if not isinstance(raw, list) or not raw:
        r.problem("schedule", "expected [[schedule]] tables, one per agony step from 0")
        return ()
    steps: dict[int, tuple[str, ...]] = {}
    seen: set[str] = set()
    for i, entry in enumerate(raw):
        where = f"schedule[{i}]"
        t = r.table(entry, where)
        r.keys(t, where, ("step", "effects"))
        step = r.integer(t, where, "step", low=0)
        if step in steps:
            r.problem(f"{where}.step", f"agony {step} is listed twice")
        effects = r.words(t, where, "effects")
        for e in effects:
            if e not in EFFECTS:
                r.problem(f"{where}.effects", f"{e!r} is not one of {', '.join(EFFECTS)}")
            elif e in seen:
                r.problem(f"{where}.effects", f"{e!r} is scheduled twice")
            elif e != "burn-out" and e not in present:
                r.problem(f"{where}.effects", f"{e!r} has no [{e}] table in this file")
            seen.add(e)
        steps[step] = effects
    if sorted(steps) != list(range(len(steps))):
        r.problem("schedule", f"steps must run 0, 1, 2 ... without a gap, got {sorted(steps)}")
    for e in sorted(present - seen):
        r.problem(e, "this effect is never carried out: add it to a [[schedule]] step")
    return tuple(steps[s] for s in sorted(steps))


def _damage_types(r: TableReader, raw: object) -> dict[str, DamageType]:
    out: dict[str, DamageType] = {}
    for tid, value in r.table(raw, "damage-types").items():
        where = f"damage-types.{tid}"
        t = r.table(value, where)
        r.keys(t, where, ("clause", "table", "resistance", "previous_damage", "armor"))
        resistance = r.text(t, where, "resistance", "") or None
        previous = r.flag(t, where, "previous_damage", True)
        out[tid] = DamageType(
            id=tid,
            clause=r.text(t, where, "clause"),
            table=r.text(t, where, "table"),
            resistance=resistance,
            previous_damage=previous,
            armor=r.flag(t, where, "armor", False),
            resistance_ruling=r.ruling(where, "resistance"),
            previous_ruling=r.ruling(where, "previous_damage"),
        )
    return out


def _placement(
    r: TableReader, raw: object, where: str, hexes: HexEffectRules
) -> PlacementSpec | None:
    t = r.table(raw, where)
    r.keys(t, where, ("effect", "strength", "level"))
    effect = r.text(t, where, "effect")
    strengths_raw = r.value(t, where, "strength") or []
    if not isinstance(strengths_raw, list) or not all(
        isinstance(v, (int, str)) and not isinstance(v, bool) for v in strengths_raw
    ):
        r.problem(f"{where}.strength", 'expected a list such as [4, "minor"]')
        return None
    level = r.integer(t, where, "level", 0, low=0, high=6) or None
    strengths = tuple(cast(list[Strength], strengths_raw))
    for p in hexes.placement_problems(effect, strengths, level):
        r.problem(where, f"{p} (see {hexes.path.name})")
    return PlacementSpec(effect, strengths, level)


def _fold(
    r: TableReader,
    rolls: Mapping[int, Mapping[str, object]],
    roll: int,
    hexes: HexEffectRules,
    trail: tuple[int, ...] = (),
) -> AcidRow:
    """Row ``roll`` with the rows it is 'like' folded in (their effects add to its own)."""
    where = f"acid.row[roll={roll}]"
    t = rolls[roll]
    base = AcidRow(roll)
    like_raw = r.value(t, where, "like")
    rulings: list[str] = []
    if like_raw is not None:
        if (rid := r.ruling(where, "like")) is not None:
            rulings.append(rid)
        if isinstance(like_raw, bool) or not isinstance(like_raw, int) or like_raw not in rolls:
            r.problem(f"{where}.like", f"{like_raw!r} is not a roll of this table")
        elif like_raw in (*trail, roll):
            r.problem(f"{where}.like", f"rows refer to each other in a circle: {like_raw}")
        else:
            base = _fold(r, rolls, like_raw, hexes, (*trail, roll))
    place = r.value(t, where, "place")
    spec = _placement(r, place, f"{where}.place", hexes) if place is not None else None
    splash_to = r.text(t, where, "splash", "", choices=("", "others", "all"))
    if (rid := r.ruling(where, "splash")) is not None:
        rulings.append(rid)
    return AcidRow(
        roll=roll,
        downgrades=base.downgrades + (1 if r.flag(t, where, "downgrade", False) else 0),
        damage_tokens=base.damage_tokens + r.integer(t, where, "damage_tokens", 0, low=0),
        armor_down=base.armor_down + r.integer(t, where, "armor_down", 0, low=0),
        on_fire=base.on_fire + r.integer(t, where, "on_fire", 0, low=0),
        roll_again=base.roll_again + r.integer(t, where, "roll_again", 0, low=0),
        place=base.place + ((spec,) if spec else ()),
        splash=base.splash + (1 if splash_to else 0),
        splash_to=cast(Splash, splash_to or base.splash_to),
        like=(*base.like, like_raw)
        if isinstance(like_raw, int) and like_raw in rolls
        else base.like,
        rulings=tuple(dict.fromkeys([*base.rulings, *rulings])),
    )


def _acid(r: TableReader, raw: object, hexes: HexEffectRules) -> AcidTable:
    t = r.table(raw, "acid")
    r.keys(t, "acid", ("clause", "die", "two_downgrades", "row"))
    die = r.integer(t, "acid", "die", low=2, high=20)
    rows_raw = t.get("row", [])
    rolls: dict[int, Mapping[str, object]] = {}
    if not isinstance(rows_raw, list):
        r.problem("acid.row", "expected [[acid.row]] tables")
        rows_raw = []
    for i, row in enumerate(rows_raw):
        rt = r.table(row, f"acid.row[{i}]")
        r.keys(rt, f"acid.row[{i}]", _ROW_KEYS)
        roll = r.integer(rt, f"acid.row[{i}]", "roll", low=1, high=die)
        if roll in rolls:
            r.problem(f"acid.row[{i}].roll", f"{roll} has two rows")
        rolls[roll] = rt
    if sorted(rolls) != list(range(1, die + 1)):
        r.problem("acid.row", f"needs one row for each roll 1 to {die}, got {sorted(rolls)}")
    rows = tuple(_fold(r, rolls, roll, hexes) for roll in sorted(rolls))
    if rows and all(row.roll_again for row in rows):
        r.problem("acid.row", "every row rolls again: the acid roll would never end")
    two = r.text(t, "acid", "two_downgrades", choices=("per-instance", "per-unit"))
    return AcidTable(
        clause=r.text(t, "acid", "clause"),
        die=die,
        rows=rows,
        two_downgrades=cast(TwoDowngrades, two),
        two_downgrades_ruling=r.ruling("acid", "two_downgrades"),
    )


def _stop(r: TableReader, raw: Mapping[str, object], where: str) -> StopRule | None:
    value = r.value(raw, where, "stop")
    if value is None:
        return None
    t = r.table(value, f"{where}.stop")
    r.keys(t, f"{where}.stop", ("at_most", "minus_resistance", "damage"))
    return StopRule(
        at_most=r.integer(t, f"{where}.stop", "at_most", low=0),
        minus_resistance=r.flag(t, f"{where}.stop", "minus_resistance", False),
        damage=r.flag(t, f"{where}.stop", "damage", False),
    )


def _damage_type(
    r: TableReader, t: Mapping[str, object], where: str, types: Mapping[str, DamageType]
) -> DamageType:
    name = r.text(t, where, "damage_type")
    if name not in types:
        r.problem(f"{where}.damage_type", f"{name!r} is not in [damage-types]")
        return DamageType(name, "", "regular", None, False, False)
    return types[name]


def _continuous(
    r: TableReader, effect: str, raw: object, types: Mapping[str, DamageType]
) -> ContinuousDamage:
    where = effect
    t = r.table(raw, where)
    r.keys(
        t, where, ("clause", "damage_type", "die", "per_token", "stop", "units", "on_kill", "chain")
    )
    per_token_raw = r.text(t, where, "per_token", "each-token", choices=("each-token", "one-roll"))
    chain_raw = r.value(t, where, "chain") or []
    if not isinstance(chain_raw, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 2 for v in chain_raw
    ):
        r.problem(f"{where}.chain", "expected a list of die sizes, largest first")
        chain_raw = []
    rulings = tuple(
        rid
        for key in ("per_token", "stop", "units", "on_kill", "chain")
        if (rid := r.ruling(where, key)) is not None
    )
    return ContinuousDamage(
        effect=effect,
        clause=r.text(t, where, "clause"),
        damage_type=_damage_type(r, t, where, types),
        die=r.integer(t, where, "die", 0, low=0, high=20) or None,
        per_token=per_token_raw == "each-token",
        stop=_stop(r, t, where),
        units=r.words(t, where, "units"),
        on_kill=cast(OnKill, r.text(t, where, "on_kill", "keep", choices=("remove", "keep"))),
        chain=tuple(chain_raw),
        rulings=rulings,
    )


def _shaken(r: TableReader, raw: object) -> ShakenRule:
    t = r.table(raw, "shaken")
    r.keys(t, "shaken", ("clause", "first", "again", "movement", "gunnery"))
    return ShakenRule(
        clause=r.text(t, "shaken", "clause"),
        first=r.integer(t, "shaken", "first", low=1),
        again=r.integer(t, "shaken", "again", low=0),
        movement=cast(ShakenMovement, r.text(t, "shaken", "movement", choices=("default",))),
        gunnery=cast(ShakenGunnery, r.text(t, "shaken", "gunnery", choices=("none",))),
        rulings=tuple(rid for k in ("first", "again") if (rid := r.ruling("shaken", k))),
    )


def _aftermath(r: TableReader, raw: object) -> AftermathRule:
    t = r.table(raw, "aftermath")
    r.keys(t, "aftermath", ("clause", "steps", "markers", "shaken_tokens"))
    steps = r.words(t, "aftermath", "steps")
    for s in steps:
        if s not in AFTERMATH_STEPS:
            r.problem("aftermath.steps", f"{s!r} is not one of {', '.join(AFTERMATH_STEPS)}")
    if len(set(steps)) != len(steps):
        r.problem("aftermath.steps", "a step is listed twice")
    markers = r.text(t, "aftermath", "markers", choices=("each-type", "one-per-hex"))
    return AftermathRule(
        clause=r.text(t, "aftermath", "clause"),
        steps=cast(tuple[AftermathStep, ...], steps),
        markers=cast(MarkerRemoval, markers),
        shaken_tokens=r.integer(t, "aftermath", "shaken_tokens", low=0),
        rulings=tuple(rid for k in ("markers",) if (rid := r.ruling("aftermath", k))),
    )


def parse_agony(
    path: Path, raw: Mapping[str, object], readings: Mapping[str, str], hexes: HexEffectRules
) -> AgonyRules:
    """Check and read a parsed agony.toml (``hexes``: the same ruleset's hex effects)."""
    r = TableReader(path, ruling_resolver(readings))
    r.keys(raw, "agony", _TOP_KEYS)
    present = {
        k
        for k in ("acid", "acid-wear", "minor-acid", "fire", "poison", "bleeding", "terror")
        if k in raw
    }
    schedule = _schedule(r, raw.get("schedule"), present)
    types = _damage_types(r, raw.get("damage-types", {}))
    aftermath = _aftermath(r, raw.get("aftermath"))
    burn_outs = sum("burn-out" in s for s in schedule) + ("burn-out" in aftermath.steps)
    if burn_outs != 1:
        r.problem(
            "schedule",
            f"burn-out must be in exactly one agony step or in aftermath.steps, found {burn_outs}",
        )
    if (
        any(roll.each == "crew-damage" for k in hexes.markers.values() for roll in k.rolls)
        and "crew" not in types
    ):
        r.problem("damage-types", f"{hexes.path.name} deals crew damage: add [damage-types.crew]")
    acid = _acid(r, raw["acid"], hexes) if "acid" in raw else None
    wear = None
    if "acid-wear" in raw:
        wt = r.table(raw["acid-wear"], "acid-wear")
        r.keys(wt, "acid-wear", ("clause", "damage_tokens"))
        wear = AcidWear(
            r.text(wt, "acid-wear", "clause"), r.integer(wt, "acid-wear", "damage_tokens", low=0)
        )
    minor = None
    if "minor-acid" in raw:
        mt = r.table(raw["minor-acid"], "minor-acid")
        r.keys(mt, "minor-acid", ("clause", "die", "remove_at_most", "token_at"))
        minor = MinorAcid(
            clause=r.text(mt, "minor-acid", "clause"),
            die=r.integer(mt, "minor-acid", "die", low=2, high=20),
            remove_at_most=r.integer(mt, "minor-acid", "remove_at_most", low=0),
            token_at=r.integer(mt, "minor-acid", "token_at", low=1),
        )
    terror = None
    if "terror" in raw:
        tt = r.table(raw["terror"], "terror")
        r.keys(tt, "terror", ("clause", "ability", "damage_type"))
        terror = Terror(
            r.text(tt, "terror", "clause"),
            r.text(tt, "terror", "ability"),
            _damage_type(r, tt, "terror", types),
        )
    shaken = _shaken(r, raw.get("shaken"))
    cont = {
        e: replace(_continuous(r, e, raw[e], types), shaken_tokens=shaken.tokens)
        for e in ("fire", "poison", "bleeding")
        if e in raw
    }
    order = r.text(
        raw, "agony", "instance_order", "oldest-first", choices=("oldest-first", "largest-first")
    )
    tokens = r.text(raw, "agony", "tokens", "immediately", choices=("immediately", "at-apply"))
    rules = AgonyRules(
        path=path,
        schedule=schedule,
        instance_order=cast(InstanceOrder, order),
        tokens=cast(TokensSeen, tokens),
        damage_types=MappingProxyType(types),
        shaken=shaken,
        aftermath=aftermath,
        acid=acid,
        acid_wear=wear,
        minor_acid=minor,
        fire=cont.get("fire"),
        poison=cont.get("poison"),
        bleeding=cont.get("bleeding"),
        terror=replace(terror, shaken_tokens=shaken.tokens) if terror else None,
        order_ruling=r.ruling("agony", "instance_order"),
        tokens_ruling=r.ruling("agony", "tokens"),
    )
    r.check()
    return rules


AGONY: TableKind[AgonyRules] = TableKind(
    "agony",
    (FILE_NAME,),
    lambda src: parse_agony(
        src.path(FILE_NAME), src.doc(FILE_NAME), src.readings, src.table(HEX_EFFECTS)
    ),
    needs=("hex_effects",),
)
"""The agony tables of a ruleset (``agony.toml``; its markers are the hex effects')."""


def agony_rules(rules: Ruleset) -> AgonyRules:
    """The agony tables of ``rules`` under its readings."""
    return rules.table(AGONY)
