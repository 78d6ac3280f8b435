"""Who gains the advantage of an assault (clauses ``assault.advantage``,
``assault.nation-order``, ``assault.deflection``).

Each side's successes less those the enemy's deflections cancel (as many as they can); the
side with more left gains the advantage (the first draft: wins). On equal numbers the
nation higher in the assault winning-power order (``nations.toml`` ``[assault_tie]``); a
side ranks as its highest contributing nation, and sides of the same rank roll off or the
referee names one (ruling ``assault.tie-rank``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from referee.dice.service import Dice
from referee.rules.assault.contest import AssaultError
from referee.rules.assault.matching import deflectors, most_cancelled
from referee.rules.assault.pools import Pools
from referee.rules.assault.roll import Rolled
from referee.rules.assault.table import assault_rules
from referee.rules.nations import nations

if TYPE_CHECKING:
    from referee.ruleset import Ruleset


class TieBreak(msgspec.Struct, frozen=True):
    """How equal successes were decided: the sides' nations, and a roll-off if needed."""

    nations: Mapping[int, str]
    by: str
    """``nation-order``, ``roll-off`` or ``referee``."""
    rolls: tuple[tuple[int, int], ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "nations": {str(k): v for k, v in self.nations.items()},
            "by": self.by,
            "rolls": [list(r) for r in self.rolls],
        }


class Advantage(msgspec.Struct, frozen=True):
    """Successes, deflections and the side that gains the advantage."""

    rolled: Rolled
    successes: Mapping[int, int]
    deflections: Mapping[int, int]
    cancelled: Mapping[int, int]
    """How many of each side's successes the enemy's deflections cancel."""
    side: int
    tie: TieBreak | None
    rulings: tuple[str, ...] = ()
    clauses: tuple[str, ...] = ("assault.advantage", "assault.deflection")

    @property
    def other(self) -> int:
        return 3 - self.side

    def net(self, side: int) -> int:
        return self.successes[side] - self.cancelled[side]

    def explain(self) -> str:
        lines = [
            f"side {s}: {self.successes[s]} successes - {self.cancelled[s]} deflected = "
            f"{self.net(s)} hits ({self.deflections[s]} deflections of its own)"
            for s in (1, 2)
        ]
        how = ""
        if self.tie is not None:
            how = f" (equal hits: {self.tie.by}"
            if self.tie.rolls:
                how += ", " + "; ".join(f"{a} vs {b}" for a, b in self.tie.rolls)
            how += ")"
        lines.append(f"advantage: side {self.side}{how}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "successes": {str(k): v for k, v in self.successes.items()},
            "deflections": {str(k): v for k, v in self.deflections.items()},
            "cancelled": {str(k): v for k, v in self.cancelled.items()},
            "net": {str(s): self.net(s) for s in (1, 2)},
            "side": self.side,
            "tie": self.tie.to_json() if self.tie else None,
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
        }


def side_nation(rules: Ruleset, rolled: Rolled, side: int) -> str:
    """The nation a side ranks as: its highest-ranked contributing nation."""
    return pools_nation(rules, rolled.pools, side)


def pools_nation(rules: Ruleset, pools: Pools, side: int) -> str:
    """The nation a side of ``pools`` ranks as: its highest-ranked contributing nation."""
    contest = pools.contest
    uids = pools.contributors.get(side) or tuple(c.uid for c in contest.side(side).alive)
    found = [contest.combatant(u).unit.nation for u in uids]
    if not found:
        raise AssaultError(f"side {side} has no unit base in the assault")
    return nations(rules).assault_tie.highest(found)


def _tie(
    rules: Ruleset, rolled: Rolled, dice: Dice | None, tie_winner: int | None
) -> tuple[int, TieBreak, tuple[str, ...]]:
    order = nations(rules).assault_tie
    named = {s: side_nation(rules, rolled, s) for s in (1, 2)}
    ranks = {s: order.rank(n) for s, n in named.items()}
    if ranks[1] != ranks[2]:
        return (
            min(ranks, key=lambda s: ranks[s]),
            TieBreak(MappingProxyType(named), "nation-order"),
            (),
        )
    how = assault_rules(rules).tie
    ruling = ("assault.tie-rank",)
    if how == "referee":
        if tie_winner not in (1, 2):
            raise AssaultError(
                "equal hits and nations of the same rank: the referee names the "
                "side that gains the advantage (ruling assault.tie-rank)"
            )
        return tie_winner, TieBreak(MappingProxyType(named), "referee"), ruling
    if dice is None:
        raise AssaultError("equal hits and nations of the same rank: a roll-off needs dice")
    rolls: list[tuple[int, int]] = []
    while True:
        pair = (dice.roll(6, "assault tie: side 1"), dice.roll(6, "assault tie: side 2"))
        rolls.append(pair)
        if pair[0] != pair[1]:
            break
    winner = 1 if rolls[-1][0] > rolls[-1][1] else 2
    return winner, TieBreak(MappingProxyType(named), "roll-off", tuple(rolls)), ruling


def advantage(
    rules: Ruleset, rolled: Rolled, dice: Dice | None = None, tie_winner: int | None = None
) -> Advantage:
    """The advantage of the assault (see the module docstring); ``dice`` for a roll-off,
    ``tie_winner`` when the referee decides a tie (ruling ``assault.tie-rank``)."""
    if rolled.offers:
        raise AssaultError("rerolls are still on offer: reroll or decline them first")
    table = assault_rules(rules)
    successes = {s: rolled.total(s, "assault") for s in (1, 2)}
    defl = {s: rolled.total(s, "deflection") for s in (1, 2)}
    cancelled = {
        s: most_cancelled(rolled.successes(s, "assault"), deflectors(table, rolled, 3 - s))
        for s in (1, 2)
    }
    net = {s: successes[s] - cancelled[s] for s in (1, 2)}
    rulings: tuple[str, ...] = ()
    tie: TieBreak | None = None
    if net[1] != net[2]:
        side = 1 if net[1] > net[2] else 2
    else:
        side, tie, rulings = _tie(rules, rolled, dice, tie_winner)
    return Advantage(
        rolled,
        MappingProxyType(successes),
        MappingProxyType(defl),
        MappingProxyType(cancelled),
        side,
        tie,
        rulings,
        ("assault.advantage", "assault.deflection", "assault.nation-order")
        if tie
        else ("assault.advantage", "assault.deflection"),
    )
