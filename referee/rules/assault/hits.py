"""What a side's hits do: damage kinds, who deals them, Cunning Assault, fire and tokens.

Clause ``assault.psychic``: in the current edition real and psychic damage are separate
entries and support helps only its own kind. Clause ``assault.allocation``: a side deals its
own hits (current) or the winner deals both sides' (first draft). Clause
``abilities.cunning-assault``: light damage per N hits of a source on one base (besides
them in the current edition). Clauses ``assault.set-on-fire``, ``assault.acid``,
``assault.poison``: the assault-weapon effects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.rules.assault.contest import Combatant, Contest
from referee.rules.assault.dealing import LightRoll, SideAllocation, TokenKind
from referee.rules.assault.table import AssaultRules
from referee.units.model import Assault

if TYPE_CHECKING:
    from referee.rules.assault.deflection import Deflected

REGULAR = "regular"
ANY = "any"


def kinds(stats: Assault | None) -> frozenset[str]:
    """The damage types an assault deals: ``regular`` and each special type."""
    if stats is None:
        return frozenset()
    out = {REGULAR} if stats.damage is not None else set()
    out.update(sd.type for sd in (stats.weapon.special_damage if stats.weapon else ()))
    return frozenset(out)


def entry_kind(table: AssaultRules, stats: Assault | None) -> str:
    """The entry a damaging hit of this assault fills (clause ``assault.psychic``): real
    damage, or the special type of an assault with only special damage; one entry for all
    when the edition does not keep them apart."""
    if not table.kinds_apart:
        return ANY
    if stats is None or stats.damage is not None:
        return REGULAR
    specials = stats.weapon.special_damage if stats.weapon else ()
    return specials[0].type if specials else REGULAR


def allocator(table: AssaultRules, deflected: Deflected, side: int) -> int:
    """Who deals side ``side``'s hits: itself, or the winner (first draft)."""
    return side if table.allocator == "each-side" else deflected.advantage.side


def hits_of(deflected: Deflected, side: int) -> dict[str, int]:
    """Hits left per source base of ``side`` (assault pool ids are base uids)."""
    return {
        deflected.advantage.rolled.of(p).pool.uid: n for p, n in deflected.of(side).items() if n > 0
    }


def token_hits(table: AssaultRules, deflected: Deflected, side: int) -> dict[str, int]:
    """The hits that count for Acid[1 for N] and Poison[M][1 for N] (ruling
    ``assault.token-hits``)."""
    if table.token_hits == "rolled":
        rolled = deflected.advantage.rolled
        return {rolled.of(p).pool.uid: n for p, n in rolled.successes(side, "assault").items()}
    return hits_of(deflected, side)


def expected_tokens(
    table: AssaultRules, deflected: Deflected, side: int, contest: Contest
) -> dict[tuple[str, TokenKind], int]:
    """How many tokens of each kind each source places: one per N hits."""
    out: dict[tuple[str, TokenKind], int] = {}
    for uid, n in token_hits(table, deflected, side).items():
        stats = contest.combatant(uid).unit.unit.assault
        weapon = stats.weapon if stats else None
        if weapon is None:
            continue
        if weapon.acid and weapon.acid_per and "acid" in table.effects:
            out[(uid, "acid" if weapon.acid == "major" else "minor-acid")] = n // weapon.acid_per
        if weapon.poison and weapon.poison_per and "poison" in table.effects:
            out[(uid, "poison")] = n // weapon.poison_per
    return {k: v for k, v in out.items() if v}


def cunning_n(c: Combatant) -> int | None:
    """N of the base's Cunning Assault[1 per N], if it has the ability."""
    found = c.unit.unit.ability("cunning-assault")
    return found.number() if found else None


def assigned(alloc: SideAllocation, source: str, target: str, with_support: bool) -> int:
    """Hits of ``source`` assigned to ``target``: damaging (and support to rolls on it)."""
    n = sum(1 for r in alloc.rolls if r.source == source and r.target == target)
    if with_support:
        n += sum(r.support.get(source, 0) for r in alloc.rolls if r.target == target)
    return n


def extra_light_rolls(
    table: AssaultRules, alloc: SideAllocation, contest: Contest
) -> tuple[LightRoll, ...]:
    """Current edition: one light damage per N hits a Cunning Assault source assigns to one
    base (ruling ``assault.cunning-hits``), besides the hits."""
    if table.cunning_mode != "extra":
        return ()
    out: list[LightRoll] = []
    sources = dict.fromkeys(
        [r.source for r in alloc.rolls] + [s for r in alloc.rolls for s in r.support]
    )
    targets = dict.fromkeys(r.target for r in alloc.rolls)
    support = table.cunning_hits == "damaging-and-support"
    for uid in sources:
        n = cunning_n(contest.combatant(uid))
        if not n:
            continue
        for t in targets:
            out.extend(LightRoll(uid, t) for _ in range(assigned(alloc, uid, t, support) // n))
    return tuple(out)


def fire_targets(
    table: AssaultRules, alloc: SideAllocation, contest: Contest
) -> tuple[tuple[str, str], ...]:
    """(source, target) for every base hit by a source with Set on Fire (ruling
    ``assault.set-on-fire-hit``); a hit replaced by Cunning Assault is still a hit."""
    out: list[tuple[str, str]] = []
    support = table.fire_hits == "any-hit"
    if "set-on-fire" not in table.effects:
        return ()
    for c in contest.side(alloc.side).combatants:
        stats = c.unit.unit.assault
        if not (stats and stats.weapon and stats.weapon.set_on_fire):
            continue
        hit = [r.target for r in alloc.rolls if assigned(alloc, c.uid, r.target, support)]
        hit += [x.target for x in alloc.light if x.source == c.uid]
        out.extend((c.uid, t) for t in dict.fromkeys(hit))
    return tuple(out)
