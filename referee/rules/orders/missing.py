"""Units without orders: which turns need orders at the orders step, who lacks them, and what
the edition's rule for a missing order puts in their place.

Clause ``orders.giving``: orders are written one round ahead, so at the orders step that
opens turn T the orders for T (written a round earlier) and for T + 1 must be on the table
(:func:`turns_due`). Clause ``orders.missing`` (ruling ``orders.missing``): the referee
confirms, unit by unit, that a unit without them does what the edition says: nothing in the
current edition, its default order in the first draft (clause ``orders.default``: the
default movement of the speed it has in each movement step, the default gunnery action).
:class:`MissingRule` says which, in words, and the orders record it writes in the match;
:func:`order_step` reads one step of such a record when the turn comes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

import msgspec

from referee.rules.orders.edition import Illegal, orders_rules
from referee.rules.orders.model import NOTHING, STEPS, OrderKind, Step
from referee.rules.orders.notation import parse_action, parse_order
from referee.rules.state import UnitState

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

CLAUSE = "orders.missing"
RULING = "orders.missing"
MISSING_KEY = "missing"
"""The key of an orders record that the rule for a missing order wrote (its value: what
the unit does, ``nothing`` or ``default``)."""


def turns_due(turn: int) -> tuple[int, int]:
    """The turns whose orders must be on the table at the orders step of ``turn``: this one
    and the next (clause ``orders.giving``)."""
    return (turn, turn + 1)


class Missing(msgspec.Struct, frozen=True):
    """A unit on the table without orders for ``turns``."""

    uid: str
    turns: tuple[int, ...]

    def why(self) -> str:
        which = " and ".join(str(t) for t in self.turns)
        return f"no orders for turn{'s' if len(self.turns) > 1 else ''} {which}"

    def text(self) -> str:
        return f"{self.uid}: {self.why()}"


def missing_orders(
    units: Sequence[UnitState], written: Mapping[str, Collection[str]], turn: int
) -> tuple[Missing, ...]:
    """The units of ``units`` still on the table (not destroyed) without orders for a turn
    of :func:`turns_due`, in the order given; ``written`` maps a uid to the turns (as text,
    as the match keeps them) it has orders for."""
    out = []
    for u in units:
        if u.destroyed:
            continue
        have = written.get(u.uid, ())
        lacking = tuple(t for t in turns_due(turn) if str(t) not in have)
        if lacking:
            out.append(Missing(u.uid, lacking))
    return tuple(out)


class MissingRule(msgspec.Struct, frozen=True):
    """What a unit without orders does under one ruleset (clause ``orders.missing``)."""

    does: Illegal
    default_gunnery: str
    rulings: tuple[str, ...]

    @property
    def clauses(self) -> tuple[str, ...]:
        extra = ("orders.default",) if self.does == "default" else ("orders.none",)
        return (CLAUSE, "orders.giving", *extra)

    def text(self) -> str:
        """What the unit does, in words."""
        if self.does == "nothing":
            return "does nothing this turn (- + - + -, - + -)"
        return (
            "carries out its default order: the default movement of its speed in each "
            "movement step, no gunnery action"
        )

    def record(self) -> dict[str, str]:
        """The orders record written for a unit without orders (the match's ``orders``
        map); a ``default`` movement is read step by step when the turn comes
        (:func:`order_step`), at the speed the unit has then."""
        gunnery = " + ".join(self.default_gunnery for _ in range(STEPS["gunnery"]))
        if self.does == "nothing":
            return {
                "movement": " + ".join("-" for _ in range(STEPS["movement"])),
                "gunnery": gunnery,
                MISSING_KEY: "nothing",
            }
        return {"gunnery": gunnery, MISSING_KEY: "default"}


def missing_rule(rules: Ruleset) -> MissingRule:
    """The rule for a missing order of ``rules`` (ruling ``orders.missing``; with its
    default reading it follows ``orders.illegal``)."""
    orules = orders_rules(rules)
    rulings = [RULING]
    if rules.reading(RULING).id == "as-illegal" and orules.ruling("illegal"):
        rulings.append(str(orules.ruling("illegal")))
    return MissingRule(orules.missing, orules.default_gunnery, tuple(rulings))


def order_step(
    record: Mapping[str, str], kind: OrderKind, number: int, unit: UnitState
) -> Step | None:
    """Step ``number`` of ``unit``'s ``kind`` order in ``record`` (one turn of the match's
    orders map); for a record the default rule wrote, the default action of the speed the
    unit has now (clause ``orders.default``); ``None``: no order of that kind."""
    text = record.get(kind)
    if text:
        return parse_order(text, kind).step(number)
    if record.get(MISSING_KEY) != "default":
        return None
    if kind == "gunnery":
        return (NOTHING,)
    speed = unit.unit.speed(unit.speed)
    return (parse_action(speed.default_movement, "movement"),)
