"""Checking a dealing of the hits, and both sides' dealings with what follows from them.

Clause ``assault.allocation``: after deflection every hit of a side goes to the enemy,
dealt by that side (current edition) or by the winner for both sides (first draft).
Clause ``assault.damaging``: damaging hits come first, at most one per alive model of a
base; whether every hit must be damaging while a model has none is ruling
``assault.damaging-first``. Clause ``assault.support``: every further hit is support, +1 to
one damage roll. Clause ``assault.psychic``: in the current edition real and psychic damage
are separate entries (one of each per model) and support helps only its own kind.
Clause ``abilities.cunning-assault``: light damage per N successes on one base, besides
them (current) or replacing them (first draft). Clauses ``assault.acid``,
``assault.poison``: one token per N hits. :func:`check_allocation` lists every violation of
a dealing; the values are in :mod:`.dealing`, what the hits do in :mod:`.hits`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from referee.rules.assault.contest import AssaultError, Contest
from referee.rules.assault.dealing import (
    DamageRollPlan,
    LightRoll,
    SideAllocation,
    TokenKind,
    TokenPlan,
    roll_plan,
)
from referee.rules.assault.deflection import Deflected
from referee.rules.assault.hits import (
    ANY,
    allocator,
    cunning_n,
    entry_kind,
    expected_tokens,
    extra_light_rolls,
    fire_targets,
    hits_of,
    kinds,
)
from referee.rules.assault.table import AssaultRules, assault_rules

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

__all__ = [
    "Allocated",
    "DamageRollPlan",
    "LightRoll",
    "SideAllocation",
    "TokenPlan",
    "allocated",
    "check_allocation",
    "roll_plan",
]

CLAUSES = (
    "assault.allocation",
    "assault.damaging",
    "assault.support",
    "assault.psychic",
    "assault.multiple-units",
)


def _fill_problems(
    table: AssaultRules, alloc: SideAllocation, contest: Contest, hits: Mapping[str, int]
) -> list[str]:
    """Ruling ``assault.damaging-first``: while enemy models lack a damaging hit of a kind,
    every hit of that kind must be damaging (hits a Cunning Assault replaced count as
    assigned to their base)."""
    if table.damaging != "fill-first":
        return []
    enemies = contest.enemy(alloc.side).alive
    cap = {e.uid: e.unit.alive for e in enemies}
    kind_of = {u: entry_kind(table, contest.combatant(u).unit.unit.assault) for u in hits}
    problems: list[str] = []
    for kind in sorted(set(kind_of.values())):
        have = sum(n for u, n in hits.items() if kind_of[u] == kind)
        room = sum(cap.values())
        damaging = {e.uid: 0 for e in enemies}
        for r in alloc.rolls:
            if kind_of.get(r.source) == kind and r.target in damaging:
                damaging[r.target] += 1
        replaced: dict[str, int] = {}
        for x in alloc.light:
            if kind_of.get(x.source) == kind and x.target in damaging:
                n = cunning_n(contest.combatant(x.source)) or 0
                replaced[x.target] = replaced.get(x.target, 0) + n
        filled = sum(min(cap[t], damaging[t] + replaced.get(t, 0)) for t in damaging)
        need = min(have, room)
        if filled < need:
            what = "" if kind == ANY else f"{kind} "
            problems.append(
                f"side {alloc.side}: {filled} {what}damaging hits, but {need} are required: "
                f"every hit must be damaging while an enemy model has none "
                f"({have} hits, {room} alive enemy models)"
            )
    return problems


def _roll_problems(
    table: AssaultRules, alloc: SideAllocation, contest: Contest, hits: Mapping[str, int]
) -> list[str]:
    problems: list[str] = []
    enemies = {e.uid: e for e in contest.enemy(alloc.side).alive}
    count: dict[tuple[str, str], int] = {}
    for i, r in enumerate(alloc.rolls, 1):
        where = f"side {alloc.side} roll {i} ({r.text()})"
        if r.source not in hits:
            problems.append(f"{where}: {r.source} has no hits to deal")
            continue
        if r.target not in enemies:
            problems.append(f"{where}: {r.target} is not a living enemy base in the assault")
            continue
        stats = contest.combatant(r.source).unit.unit.assault
        kind = entry_kind(table, stats)
        count[(r.target, kind)] = count.get((r.target, kind), 0) + 1
        for s, n in r.support.items():
            if s not in hits:
                problems.append(f"{where}: support from {s}, which has no hits to deal")
            elif n < 0:
                problems.append(f"{where}: {n} support hits from {s}")
            elif table.kinds_apart and not (
                kinds(contest.combatant(s).unit.unit.assault) & kinds(stats)
            ):
                problems.append(
                    f"{where}: {s} deals no damage of this roll's kind; real "
                    "damage supports real damage, psychic supports psychic"
                )
    for (target, kind), n in count.items():
        alive = enemies[target].unit.alive
        if n > alive:
            what = "" if kind == ANY else f" {kind}"
            problems.append(
                f"side {alloc.side}: {n}{what} damaging hits on {target}, at most "
                f"one per alive model ({alive})"
            )
    return problems


def _usage_problems(
    table: AssaultRules, alloc: SideAllocation, contest: Contest, hits: Mapping[str, int]
) -> list[str]:
    """Every hit is dealt, unless it can neither be damaging (no room left for its kind)
    nor support a roll of its kind."""
    problems: list[str] = []
    used = dict.fromkeys(hits, 0)
    for r in alloc.rolls:
        if r.source in used:
            used[r.source] += 1
        for s, n in r.support.items():
            if s in used:
                used[s] += n
    for x in alloc.light:
        per = cunning_n(contest.combatant(x.source)) if x.source in hits else None
        if per:
            used[x.source] += per
    room = sum(e.unit.alive for e in contest.enemy(alloc.side).alive)
    for uid, n in hits.items():
        stats = contest.combatant(uid).unit.unit.assault
        kind = entry_kind(table, stats)
        taken = sum(
            1
            for r in alloc.rolls
            if r.source in hits
            and entry_kind(table, contest.combatant(r.source).unit.unit.assault) == kind
        )
        supports = any(
            not table.kinds_apart
            or kinds(contest.combatant(r.source).unit.unit.assault) & kinds(stats)
            for r in alloc.rolls
        )
        if used[uid] > n:
            problems.append(f"{uid}: {used[uid]} hits dealt, it has {n}")
        elif used[uid] < n and (supports or taken < room):
            problems.append(
                f"{uid}: {n - used[uid]} of its {n} hits not dealt; every hit is "
                "a damaging hit or support"
            )
    return problems


def _light_problems(
    table: AssaultRules, alloc: SideAllocation, contest: Contest, hits: Mapping[str, int]
) -> list[str]:
    if not alloc.light:
        return []
    if table.cunning_mode == "extra":
        return [
            f"side {alloc.side}: Cunning Assault's light damage follows from the hits in "
            "this edition; it is not chosen"
        ]
    problems: list[str] = []
    enemies = {e.uid: e for e in contest.enemy(alloc.side).alive}
    for x in alloc.light:
        where = f"cunning assault {x.source} -> {x.target}"
        if x.source not in hits or not cunning_n(contest.combatant(x.source)):
            problems.append(f"{where}: {x.source} has no Cunning Assault or no hits")
        elif x.target not in enemies:
            problems.append(f"{where}: {x.target} is not a living enemy base in the assault")
        elif enemies[x.target].unit.unit.damage_table(table.cunning_damage.type) is None:
            problems.append(
                f"{where}: {x.target} has no {table.cunning_damage.type} damage "
                "table; only hits on such a base can be replaced"
            )
    return problems


def _token_problems(
    table: AssaultRules, alloc: SideAllocation, deflected: Deflected, contest: Contest
) -> list[str]:
    problems: list[str] = []
    expected = expected_tokens(table, deflected, alloc.side, contest)
    given: dict[tuple[str, TokenKind], int] = {}
    enemies = {e.uid for e in contest.enemy(alloc.side).alive}
    for t in alloc.tokens:
        given[(t.source, t.kind)] = given.get((t.source, t.kind), 0) + 1
        if t.target not in enemies:
            problems.append(
                f"{t.source} {t.kind} on {t.target}: not a living enemy base in the assault"
            )
    for key in sorted(set(expected) | set(given)):
        if expected.get(key, 0) != given.get(key, 0):
            problems.append(
                f"{key[0]}: places {expected.get(key, 0)} {key[1]} "
                f"(one per N hits), {given.get(key, 0)} placed"
            )
    return problems


def check_allocation(rules: Ruleset, deflected: Deflected, alloc: SideAllocation) -> list[str]:
    """Every reason ``alloc`` is not a legal dealing of its side's hits (empty: legal)."""
    table = assault_rules(rules)
    contest = deflected.advantage.rolled.pools.contest
    problems: list[str] = []
    if alloc.side not in (1, 2):
        return [f"side {alloc.side}: there is no such side"]
    expected_by = allocator(table, deflected, alloc.side)
    if alloc.by != expected_by:
        problems.append(
            f"side {alloc.side}'s hits are dealt by side {expected_by}, not side {alloc.by}"
        )
    hits = hits_of(deflected, alloc.side)
    problems += _roll_problems(table, alloc, contest, hits)
    problems += _light_problems(table, alloc, contest, hits)
    problems += _usage_problems(table, alloc, contest, hits)
    problems += _fill_problems(table, alloc, contest, hits)
    problems += _token_problems(table, alloc, deflected, contest)
    return problems


class Allocated(msgspec.Struct, frozen=True):
    """Both sides' hits as dealt, with the light rolls and fires that follow from them."""

    deflected: Deflected
    sides: Mapping[int, SideAllocation]
    light: Mapping[int, tuple[LightRoll, ...]]
    fires: Mapping[int, tuple[tuple[str, str], ...]]
    rulings: tuple[str, ...]
    clauses: tuple[str, ...] = CLAUSES

    def explain(self) -> str:
        lines: list[str] = []
        for s in (1, 2):
            lines.append(self.sides[s].explain())
            lines.extend(
                f"  cunning assault {x.source} -> {x.target}: light damage"
                for x in self.light[s]
                if x not in self.sides[s].light
            )
            lines.extend(f"  {src} sets {t} on fire" for src, t in self.fires[s])
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "sides": {str(s): a.to_json() for s, a in self.sides.items()},
            "light": {str(s): [x.to_json() for x in v] for s, v in self.light.items()},
            "fires": {str(s): [list(p) for p in v] for s, v in self.fires.items()},
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
        }


def allocated(
    rules: Ruleset, deflected: Deflected, sides: Mapping[int, SideAllocation]
) -> Allocated:
    """Both sides' checked allocations and what follows from them; raises
    :class:`~.contest.AssaultError` naming every violation."""
    table = assault_rules(rules)
    contest = deflected.advantage.rolled.pools.contest
    problems = [p for s in (1, 2) if s not in sides for p in [f"side {s}: no allocation"]]
    for s, a in sides.items():
        if a.side != s:
            problems.append(f"the allocation given for side {s} is side {a.side}'s")
        problems += check_allocation(rules, deflected, a)
    if problems:
        raise AssaultError("; ".join(problems))
    light = {s: sides[s].light or extra_light_rolls(table, sides[s], contest) for s in (1, 2)}
    fires = {s: fire_targets(table, sides[s], contest) for s in (1, 2)}
    keys = (
        "allocation.damaging",
        "cunning.hits",
        "weapons.places",
        "weapons.fire_hits",
        "weapons.token_hits",
    )
    rulings = tuple(r for r in (table.ruling(k) for k in keys) if r)
    return Allocated(
        deflected,
        MappingProxyType(dict(sides)),
        MappingProxyType(light),
        MappingProxyType(fires),
        rulings,
    )
