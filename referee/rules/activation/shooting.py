"""Shooting: which targets a weapon may shoot, and the penetration roll.

Clause ``activation.shooting``: each weapon of the unit that can shoot fires once, at a
target of its own choosing within its range R (at most R tiles away) and in line of sight
(the activation ruleset's line-of-sight table, ``los.toml``). Clause
``activation.penetration``: the weapon's Penetration Roll (a dice expression, its bonus
included) plus any effects, rolled up against the target's Armor (ruling
``activation.penetration``: Armor+, or Armor+1 to beat it); a success costs 1 H. Ammunition:
ruling ``activation.ammunition``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from referee.board.hexgrid import Hex, distance, hex_label
from referee.board.los import LosBoard, line_of_sight
from referee.dice.service import Dice
from referee.dice.success import Check, Effect, Target, roll_up
from referee.rules.activation.cards import WeaponCard
from referee.rules.activation.tables import AttackTable


def range_problem(shooter: Hex, target: Hex, weapon: WeaponCard) -> str | None:
    """Why ``target`` is out of ``weapon``'s range from ``shooter`` (None: in range)."""
    d = distance(shooter, target)
    if d > weapon.range:
        return (
            f"{hex_label(target)} is {d} tiles from {hex_label(shooter)}, beyond "
            f"{weapon.name}'s R {weapon.range}"
        )
    return None


def sight_problem(board: LosBoard, shooter: Hex, target: Hex) -> str | None:
    """Why ``shooter`` does not see ``target`` (None: in line of sight)."""
    if shooter == target:
        return None
    seen = line_of_sight(board, shooter, target, 0, 0)
    if seen.visible:
        return None
    blockers = ", ".join(hex_label(h) for h in seen.blocked_by)
    return f"{hex_label(target)} is not in line of sight of {hex_label(shooter)} ({blockers})"


def penetration_need(armor: int, table: AttackTable) -> Target:
    """What the penetration roll must reach against ``armor`` (ruling
    ``activation.penetration``): rolling up, Armor or more (or more than the Armor)."""
    return roll_up(armor + table.beat_by)


def penetration(
    weapon: WeaponCard,
    armor: int,
    table: AttackTable,
    dice: Dice,
    purpose: str,
    effects: Iterable[Effect] = (),
) -> Check:
    """Roll ``weapon``'s penetration against ``armor`` (clause ``activation.penetration``)."""
    return dice.check(penetration_need(armor, table), weapon.penetration, purpose, effects)


def ammunition_spent(weapons: Sequence[WeaponCard], table: AttackTable) -> int:
    """The ammunition an attack firing ``weapons`` spends (ruling ``activation.ammunition``)."""
    using = sum(1 for w in weapons if w.ammunition)
    if table.spend == "per-attack":
        return min(using, 1)
    return using
