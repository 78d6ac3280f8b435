"""Rolling the assault and deflection pools, with Ork Assault and Reroll Assault.

Every die goes through :class:`~referee.dice.service.Dice`, pool by pool: side 1's assault
pools, then its deflection pools, then side 2's (clause ``assault.deflection``: assault and
deflection dice are rolled together in different colours). Clause ``abilities.ork-assault``:
each 6 on the assault dice of a base with Ork Assault counts as two successes. Clause
``abilities.reroll-assault``: for each 6 on its assault dice a base with Reroll Assault N
may reroll up to N assault or deflection dice (whose: ruling ``assault.reroll-dice``), all
in one go; no die is rerolled twice; 6s on its rerolled assault dice repeat the process.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace

from referee.dice.service import Dice
from referee.rules.assault.contest import AssaultError
from referee.rules.assault.pools import Pool, PoolKind, Pools, pool_id

if TYPE_CHECKING:
    from referee.ruleset import Ruleset


class DieRef(msgspec.Struct, frozen=True, order=True):
    """One die of a pool: the pool id and the die's position in it."""

    pool: str
    index: int

    def text(self) -> str:
        return f"{self.pool}#{self.index + 1}"


class RolledPool(msgspec.Struct, frozen=True):
    """A pool's dice as they fell, and as they stand after rerolls."""

    pool: Pool
    first: tuple[int, ...]
    dice: tuple[int, ...]
    rerolled: frozenset[int] = frozenset()

    @property
    def successes(self) -> int:
        """Dice at ``hit`` or more; with Ork Assault each assault 6 counts twice."""
        hits = sum(1 for d in self.dice if d >= self.pool.hit)
        if self.pool.ork and self.pool.kind == "assault" and self.pool.hit <= 6:
            hits += self.dice.count(6)
        return hits

    def explain(self) -> str:
        faces = " ".join(f"{d}{'*' if i in self.rerolled else ''}" for i, d in enumerate(self.dice))
        ork = (
            " (Ork Assault: 6s count twice)"
            if self.pool.ork and self.pool.kind == "assault"
            else ""
        )
        return (
            f"{self.pool.uid} {self.pool.kind}: {faces or '-'} -> "
            f"{self.successes} at {self.pool.hit}+{ork}"
        )

    def to_json(self) -> dict[str, object]:
        return {
            "pool": self.pool.id,
            "first": list(self.first),
            "dice": list(self.dice),
            "rerolled": sorted(self.rerolled),
            "successes": self.successes,
        }


class RerollOffer(msgspec.Struct, frozen=True):
    """What a base with Reroll Assault may reroll now: ``allowed`` dice among ``eligible``."""

    uid: str
    sixes: int
    allowed: int
    eligible: tuple[DieRef, ...]

    def to_json(self) -> dict[str, object]:
        return {
            "unit": self.uid,
            "sixes": self.sixes,
            "allowed": self.allowed,
            "eligible": [d.text() for d in self.eligible],
        }


RerollChoice = Mapping[str, Sequence[DieRef]]


class Rolled(msgspec.Struct, frozen=True):
    """The rolled pools, the rerolls still on offer, and the batches rerolled so far."""

    pools: Pools
    rolled: tuple[RolledPool, ...]
    offers: tuple[RerollOffer, ...]
    batches: tuple[tuple[DieRef, ...], ...]
    scope: str
    ruling: str | None

    def of(self, pid: str) -> RolledPool:
        for r in self.rolled:
            if r.pool.id == pid:
                return r
        raise AssaultError(f"no dice pool {pid!r} was rolled")

    def successes(self, side: int, kind: PoolKind) -> Mapping[str, int]:
        """Successes per pool id of one side and kind."""
        return MappingProxyType(
            {
                r.pool.id: r.successes
                for r in self.rolled
                if r.pool.side == side and r.pool.kind == kind
            }
        )

    def total(self, side: int, kind: PoolKind) -> int:
        return sum(self.successes(side, kind).values())

    def check_reroll(self, choice: RerollChoice) -> list[str]:
        """Every reason ``choice`` is not a legal batch of rerolls (empty: legal)."""
        problems: list[str] = []
        offers = {o.uid: o for o in self.offers}
        used: set[DieRef] = set()
        for uid, refs in choice.items():
            offer = offers.get(uid)
            if offer is None:
                problems.append(f"{uid}: has no rerolls on offer")
                continue
            if len(refs) > offer.allowed:
                problems.append(
                    f"{uid}: {len(refs)} dice chosen, {offer.allowed} allowed ({offer.sixes} sixes)"
                )
            for ref in refs:
                if ref not in offer.eligible:
                    problems.append(
                        f"{uid}: {ref.text()} may not be rerolled by it "
                        "(another base's die, or rerolled already)"
                    )
                if ref in used:
                    problems.append(f"{ref.text()}: chosen twice in one go")
                used.add(ref)
        return problems

    def reroll(self, choice: RerollChoice, dice: Dice) -> Rolled:
        """Reroll one batch (clause ``abilities.reroll-assault``), in the order chosen; an
        empty choice declines every offer. 6s on a holder's own rerolled assault dice make
        the next offers."""
        problems = self.check_reroll(choice)
        if problems:
            raise AssaultError("; ".join(problems))
        refs = list(dict.fromkeys(r for rs in choice.values() for r in rs))
        new: dict[str, RolledPool] = {r.pool.id: r for r in self.rolled}
        for ref in refs:
            rp = new[ref.pool]
            face = dice.roll(6, f"reroll {rp.pool.kind} {rp.pool.uid}")
            faces = list(rp.dice)
            faces[ref.index] = face
            new[ref.pool] = replace(rp, dice=tuple(faces), rerolled=rp.rerolled | {ref.index})
        rolled = tuple(new[r.pool.id] for r in self.rolled)
        sixes = {
            o.uid: sum(
                1
                for ref in refs
                if ref.pool == pool_id(o.uid, "assault") and new[ref.pool].dice[ref.index] == 6
            )
            for o in self.offers
        }
        offers = _offers(self.pools, rolled, self.scope, sixes)
        return Rolled(
            self.pools, rolled, offers, (*self.batches, tuple(refs)), self.scope, self.ruling
        )

    def explain(self) -> str:
        lines = [r.explain() for r in self.rolled]
        for s in (1, 2):
            lines.append(
                f"side {s}: {self.total(s, 'assault')} assault successes, "
                f"{self.total(s, 'deflection')} deflections"
            )
        lines.extend(f"{o.uid} may reroll {o.allowed} dice ({o.sixes} sixes)" for o in self.offers)
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "pools": [r.to_json() for r in self.rolled],
            "offers": [o.to_json() for o in self.offers],
            "batches": [[d.text() for d in b] for b in self.batches],
            "clauses": ["assault.stats", "abilities.ork-assault", "abilities.reroll-assault"],
            "rulings": [self.ruling] if self.ruling else [],
        }


def _eligible(
    pools: Pools, rolled: Sequence[RolledPool], holder: Pool, scope: str
) -> tuple[DieRef, ...]:
    out: list[DieRef] = []
    for r in rolled:
        mine = r.pool.uid == holder.uid
        if not mine and not (scope == "side" and r.pool.side == holder.side):
            continue
        out.extend(DieRef(r.pool.id, i) for i in range(len(r.dice)) if i not in r.rerolled)
    return tuple(out)


def _offers(
    pools: Pools, rolled: Sequence[RolledPool], scope: str, sixes: Mapping[str, int] | None
) -> tuple[RerollOffer, ...]:
    """Offers for the holders of Reroll Assault: their first 6s (``sixes`` None) or the 6s
    of their own assault dice rerolled in the last batch."""
    offers: list[RerollOffer] = []
    for r in rolled:
        p = r.pool
        if p.kind != "assault" or p.reroll <= 0:
            continue
        n = r.first.count(6) if sixes is None else sixes.get(p.uid, 0)
        eligible = _eligible(pools, rolled, p, scope)
        if n and eligible:
            offers.append(RerollOffer(p.uid, n, n * p.reroll, eligible))
    return tuple(offers)


def roll_pools(rules: Ruleset, pools: Pools, dice: Dice) -> Rolled:
    """Roll every pool once, in the order of ``pools``; the rerolls are then on offer."""
    rolled = tuple(
        RolledPool(p, faces, faces)
        for p in pools.pools
        for faces in (dice.roll_many(p.dice, 6, f"{p.kind} {p.uid}"),)
    )
    ruling = "assault.reroll-dice" if any(p.reroll for p in pools.pools) else None
    scope = _scope(rules)
    return Rolled(pools, rolled, _offers(pools, rolled, scope, None), (), scope, ruling)


def _scope(rules: Ruleset) -> str:
    value = str(rules.reading("assault.reroll-dice").value)
    if value not in ("own", "side"):
        raise AssaultError(
            f"ruling assault.reroll-dice: unknown value {value!r} (expected own or side)"
        )
    return value


def propose_rerolls(rolled: Rolled) -> dict[str, tuple[DieRef, ...]]:
    """A sensible batch: each holder rerolls its failed dice, assault dice first, the
    lowest first, up to what it is allowed."""
    chosen: dict[str, tuple[DieRef, ...]] = {}
    taken: set[DieRef] = set()
    for offer in rolled.offers:
        failed = []
        for ref in offer.eligible:
            rp = rolled.of(ref.pool)
            face = rp.dice[ref.index]
            if face < rp.pool.hit and ref not in taken:
                failed.append((rp.pool.kind != "assault", face, ref))
        picked = tuple(ref for _, _, ref in sorted(failed)[: offer.allowed])
        taken.update(picked)
        chosen[offer.uid] = picked
    return chosen


Chooser = Callable[[Rolled], Mapping[str, Sequence[DieRef]]]


def roll_with_rerolls(
    rules: Ruleset, pools: Pools, dice: Dice, choose: Chooser = propose_rerolls
) -> Rolled:
    """Roll every pool and take the rerolls ``choose`` picks until none is on offer."""
    rolled = roll_pools(rules, pools, dice)
    while rolled.offers:
        choice = choose(rolled)
        rolled = rolled.reroll(choice, dice)
        if not any(choice.values()):
            break
    return rolled
