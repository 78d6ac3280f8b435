"""The dice pools of an assault: one assault pool and one deflection pool per unit base.

Clause ``assault.stats``: every model rolls its assault dice, so a base rolls the dice of
its sector times its alive models, each succeeding on the ``hit`` number. Clause
``assault.facing``: the sector is the front for a unit entering, the back for one reversing
in, the sector attacked from for a stationary unit. Clause ``assault.multiple-units``: at
most the limit of bases (two) add their dice, and each base's dice are its own pool, so a
hit is always known by its source (a hero's special weapon applies only to its own dice).
Clause ``assault.deflection``: deflection pools likewise (whose: ruling
``assault.deflectors``). Clauses ``abilities.fear``/``abilities.terror``: a shaken base
entering against a unit with Fear rolls half its assault dice (ruling
``assault.fear-halving``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal

import msgspec

from referee.board.sector_stats import Sector
from referee.rules.assault.contest import AssaultError, AssaultSide, Combatant, Contest
from referee.rules.assault.table import AssaultRules, assault_rules

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

PoolKind = Literal["assault", "deflection"]


def pool_id(uid: str, kind: PoolKind) -> str:
    """``uid`` for a base's assault pool, ``uid/deflection`` for its deflection pool."""
    return uid if kind == "assault" else f"{uid}/deflection"


class Pool(msgspec.Struct, frozen=True):
    """The dice one base rolls of one kind, and what makes them special."""

    id: str
    uid: str
    side: int
    kind: PoolKind
    sector: Sector
    dice: int
    hit: int
    per_model: int
    models: int
    halved_from: int | None = None
    """The dice before Fear halved them (clause ``abilities.fear``)."""
    ork: bool = False
    """Ork Assault: each 6 counts as two successes (clause ``abilities.ork-assault``)."""
    reroll: int = 0
    """Reroll Assault N of the base (clause ``abilities.reroll-assault``)."""

    def explain(self) -> str:
        text = (
            f"{self.uid} {self.kind}: {self.dice} dice at {self.hit}+ "
            f"({self.per_model} per model x {self.models}, {self.sector})"
        )
        if self.halved_from is not None:
            text += f", halved from {self.halved_from} (shaken, entering against Fear)"
        return text

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "unit": self.uid,
            "side": self.side,
            "kind": self.kind,
            "sector": self.sector,
            "dice": self.dice,
            "hit": self.hit,
            "halved_from": self.halved_from,
            "ork": self.ork,
            "reroll": self.reroll,
        }


class Pools(msgspec.Struct, frozen=True):
    """Every pool of the assault, the contributing bases of each side, and why."""

    contest: Contest
    pools: tuple[Pool, ...]
    contributors: Mapping[int, tuple[str, ...]]
    left_out: tuple[str, ...]
    """Bases of a side over the limit: no assault dice (clause ``assault.multiple-units``)."""
    clauses: tuple[str, ...]
    rulings: tuple[str, ...]

    def of(self, side: int, kind: PoolKind) -> tuple[Pool, ...]:
        return tuple(p for p in self.pools if p.side == side and p.kind == kind)

    def pool(self, pid: str) -> Pool:
        for p in self.pools:
            if p.id == pid:
                return p
        raise AssaultError(f"no dice pool {pid!r} in the assault")

    def dice(self, side: int, kind: PoolKind) -> int:
        return sum(p.dice for p in self.of(side, kind))

    def explain(self) -> str:
        lines = []
        for s in (1, 2):
            lines.append(
                f"side {s}: {self.dice(s, 'assault')} assault dice, "
                f"{self.dice(s, 'deflection')} deflection dice"
            )
            lines.extend(f"  {p.explain()}" for p in self.pools if p.side == s)
        if self.left_out:
            lines.append(f"over the limit, no assault dice: {', '.join(self.left_out)}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "pools": [p.to_json() for p in self.pools],
            "contributors": {str(k): list(v) for k, v in self.contributors.items()},
            "left_out": list(self.left_out),
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
        }


def contributors_of(table: AssaultRules, side: AssaultSide) -> tuple[str, ...]:
    """The bases of ``side`` whose assault dice count: its choice, checked, or the first
    living ones with assault stats, up to the limit (clause ``assault.multiple-units``)."""
    alive = {c.uid for c in side.alive}
    if side.contributors is None:
        ranked = sorted(side.alive, key=lambda c: c.unit.unit.assault is None)
        return tuple(c.uid for c in ranked[: table.limit])
    problems = [
        f"{u}: not a living unit of side {side.side} in the assault"
        for u in side.contributors
        if u not in alive
    ]
    if len(set(side.contributors)) != len(side.contributors):
        problems.append(f"side {side.side}: a contributor is named twice")
    if len(side.contributors) > table.limit:
        problems.append(
            f"side {side.side}: {len(side.contributors)} contributors, at most "
            f"{table.limit} unit bases add their dice"
        )
    if problems:
        raise AssaultError("; ".join(problems))
    return side.contributors


def halves(table: AssaultRules, contest: Contest, c: Combatant) -> bool:
    """Whether ``c`` rolls half its assault dice: shaken, entering or reversing in, against
    a living enemy with a halving ability (ruling ``assault.fear-halving``)."""
    if table.halving != "assault-dice" or not c.unit.is_shaken or c.role == "stationary":
        return False
    return any(
        e.unit.unit.has(a)
        for e in contest.enemy(c.unit.side).alive
        for a in table.halving_abilities
    )


def _assault_pool(table: AssaultRules, contest: Contest, c: Combatant) -> Pool | None:
    stats = c.unit.unit.assault
    if stats is None:
        return None
    per_model = stats.dice[c.fights_with]
    dice = per_model * c.unit.alive
    halved: int | None = None
    if halves(table, contest, c):
        halved, dice = dice, dice // 2
    if dice <= 0:
        return None
    reroll = c.unit.unit.ability("reroll-assault")
    return Pool(
        pool_id(c.uid, "assault"),
        c.uid,
        c.unit.side,
        "assault",
        c.fights_with,
        dice,
        stats.hit,
        per_model,
        c.unit.alive,
        halved,
        c.unit.unit.has("ork-assault"),
        reroll.number() if reroll else 0,
    )


def _deflection_pool(c: Combatant) -> Pool | None:
    stats = c.unit.unit.deflection
    if stats is None:
        return None
    hit = stats.hit[c.fights_with]
    per_model = stats.dice[c.fights_with]
    if hit is None or per_model <= 0 or c.unit.alive <= 0:
        return None
    return Pool(
        pool_id(c.uid, "deflection"),
        c.uid,
        c.unit.side,
        "deflection",
        c.fights_with,
        per_model * c.unit.alive,
        hit,
        per_model,
        c.unit.alive,
    )


def assault_pools(rules: Ruleset, contest: Contest) -> Pools:
    """The dice pools of both sides (see the module docstring)."""
    table = assault_rules(rules)
    pools: list[Pool] = []
    chosen: dict[int, tuple[str, ...]] = {}
    left_out: list[str] = []
    rulings: list[str] = []
    for side in sorted(contest.sides, key=lambda s: s.side):
        uids = contributors_of(table, side)
        chosen[side.side] = uids
        left_out.extend(c.uid for c in side.alive if c.uid not in uids)
        for uid in uids:
            c = contest.combatant(uid)
            pool = _assault_pool(table, contest, c)
            if pool is not None:
                pools.append(pool)
                if pool.halved_from is not None:
                    rulings.append("assault.fear-halving")
        deflecting = (
            uids if table.deflectors == "contributors" else tuple(c.uid for c in side.alive)
        )
        for uid in deflecting:
            d = _deflection_pool(contest.combatant(uid))
            if d is not None:
                pools.append(d)
    if left_out:
        rulings.append(table.ruling("dice.deflectors") or "")
    return Pools(
        contest,
        tuple(pools),
        MappingProxyType(chosen),
        tuple(left_out),
        ("assault.stats", "assault.facing", "assault.multiple-units", "assault.deflection"),
        tuple(dict.fromkeys(r for r in rulings if r)),
    )
