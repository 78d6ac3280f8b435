"""How much harm one assault hit is likely to do: the yardstick of the proposals.

Not a rule: the referee's proposals (which hits to deflect, where to put damaging and
support hits) rank hits by the expected weight of the damage-table rows they reach, from
the exact odds of :func:`~referee.rules.damage.damage_roll.shot_odds` (clause
``assault.damage``: an assault hit is resolved like a ranged hit, without a range band).
The weights below only order choices; the players may always choose otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING

from referee.rules.assault.contest import ASSAULT_DISTANCE, Combatant
from referee.rules.damage.damage_roll import shot_odds
from referee.units.model import DamageRow, DamageTable, SpecialDamage

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

WEIGHTS = {
    "kill": 10,
    "destroy": 10,
    "shaken": 3,
    "immobilised": 3,
    "bleeding": 2,
    "on-fire": 2,
    "armor-down": 2,
    "weapon-lost": 2,
    "damage-token": 1,
    "note": 1,
}


def row_weight(row: DamageRow | None, alive: int) -> int:
    """The weight of a row for a base of ``alive`` models (destroy: every model)."""
    if row is None:
        return 0
    return sum(
        WEIGHTS.get(e.kind, 1) * (alive if e.kind == "destroy" else e.amount) for e in row.effects
    )


def _special_harm(sd: SpecialDamage, table: DamageTable, alive: int, support: int) -> Fraction:
    faces = list(product(range(1, sd.dice.sides + 1), repeat=sd.dice.count))
    mod = sd.dice.modifier + support
    return Fraction(sum(row_weight(table.lookup(sum(f) + mod), alive) for f in faces), len(faces))


def hit_harm(rules: Ruleset, attacker: Combatant, target: Combatant, support: int = 0) -> Fraction:
    """The expected row weight of one damaging hit of ``attacker`` on ``target`` with
    ``support`` support hits (regular damage and any special damage together)."""
    stats = attacker.unit.unit.assault
    if stats is None or target.unit.destroyed:
        return Fraction(0)
    harm = Fraction(0)
    if stats.damage is not None and target.unit.unit.damage_table("regular") is not None:
        odds = shot_odds(
            rules,
            stats,
            target.unit,
            None,
            support=support,
            sector=target.fights_with,
            distance=ASSAULT_DISTANCE,
        )
        harm += sum((r.p * row_weight(r.row, target.unit.alive) for r in odds.rows), Fraction(0))
    extras: Iterable[SpecialDamage] = stats.weapon.special_damage if stats.weapon else ()
    for sd in extras:
        table = target.unit.unit.damage_table(sd.type)
        if table is not None:
            harm += _special_harm(sd, table, target.unit.alive, support)
    return harm
