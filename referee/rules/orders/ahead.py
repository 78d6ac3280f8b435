"""Orders one round ahead: the orders on the table for the turn running and for the next.

Clause ``orders.giving``: "At any time you should have orders 1 round of orders ahead of
time. For most units, this means you should have 1 movement order and one fire order on the
table when making a new order." So the sequence is: turn T starts (its orders, written a
round earlier, are on the table: :meth:`OrderBook.start_turn` refuses to start it without
them); the players write the orders for T + 1 (:meth:`OrderBook.write`); before T is carried
out :meth:`OrderBook.missing` lists the units still without orders for T + 1. Orders for a
turn already running (or over) are refused, and so are orders more than one round ahead.
Before turn 1 (``turn`` 0) the orders for turn 1 are written; turn 1 starts and those for
turn 2 follow. Whether an order may be rewritten before its turn starts is ruling
``orders.rewrite`` (``OrdersRules.rewrite``; the caller passes it). :class:`OrderBook` is a
frozen value: every change returns a new book, and the match layer keeps it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

import msgspec
from msgspec.structs import replace

from referee.errors import RefereeError
from referee.rules.orders.model import Order, OrderKind


class OrdersRefused(RefereeError):
    """Orders written for the wrong turn, of the wrong kind, or twice."""


class OrdersMissing(RefereeError):
    """A turn cannot start: units without orders for it (``uids``)."""

    def __init__(self, turn: int, uids: tuple[str, ...]) -> None:
        self.turn = turn
        self.uids = uids
        super().__init__(f"turn {turn} cannot start: no orders for {', '.join(uids)}")


class TurnOrders(msgspec.Struct, frozen=True):
    """A unit's movement and gunnery orders for one turn."""

    movement: Order
    gunnery: Order

    def __post_init__(self) -> None:
        _need_kind(self.movement, "movement")
        _need_kind(self.gunnery, "gunnery")


def _need_kind(order: Order, kind: OrderKind) -> None:
    if order.kind != kind:
        raise OrdersRefused(f"expected a {kind} order, got the {order.kind} order {order}")


def _frozen(
    d: Mapping[str, Mapping[int, TurnOrders]] | None = None,
) -> Mapping[str, Mapping[int, TurnOrders]]:
    return MappingProxyType({uid: MappingProxyType(dict(t)) for uid, t in (d or {}).items()})


class OrderBook(msgspec.Struct, frozen=True):
    """Every unit's orders by turn; ``turn`` is the turn running (0: before the first)."""

    turn: int = 0
    orders: Mapping[str, Mapping[int, TurnOrders]] = msgspec.field(default_factory=_frozen)

    @property
    def next_turn(self) -> int:
        return self.turn + 1

    def write(
        self, uid: str, turn: int, movement: Order, gunnery: Order, *, rewrite: bool = False
    ) -> OrderBook:
        """The book with ``uid``'s orders for ``turn``, which must be the next turn
        (clause ``orders.giving``); ``rewrite``: an order already written may be replaced
        (ruling ``orders.rewrite``)."""
        if turn <= self.turn:
            state = "is running" if turn == self.turn else "is over"
            raise OrdersRefused(
                f"orders for {uid}, turn {turn}: that turn {state} (orders are written for "
                f"turn {self.next_turn})"
            )
        if turn > self.next_turn:
            raise OrdersRefused(
                f"orders for {uid}, turn {turn}: more than one round ahead (turn {self.turn} "
                f"is running; write orders for turn {self.next_turn})"
            )
        entry = TurnOrders(movement, gunnery)
        if not rewrite and self.for_turn(uid, turn) is not None:
            raise OrdersRefused(
                f"orders for {uid}, turn {turn}: already written ({self.for_turn(uid, turn)}); "
                "once written, orders stand (ruling orders.rewrite)"
            )
        by_turn = {**self.orders.get(uid, {}), turn: entry}
        return replace(self, orders=_frozen({**self.orders, uid: by_turn}))

    def for_turn(self, uid: str, turn: int) -> TurnOrders | None:
        """``uid``'s orders for ``turn`` (``None``: none written)."""
        return self.orders.get(uid, {}).get(turn)

    def missing(self, uids: Iterable[str]) -> tuple[str, ...]:
        """The units of ``uids`` without orders for the next turn, in the order given: once
        a turn has started, it is carried out only when this is empty."""
        return tuple(uid for uid in uids if self.for_turn(uid, self.next_turn) is None)

    def start_turn(self, uids: Iterable[str]) -> OrderBook:
        """The book with the next turn running; :class:`OrdersMissing` if a unit of ``uids``
        (the units on the table) has no orders for it."""
        lacking = self.missing(uids)
        if lacking:
            raise OrdersMissing(self.next_turn, lacking)
        return replace(self, turn=self.next_turn)
