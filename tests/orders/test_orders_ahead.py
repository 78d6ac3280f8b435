"""Orders one round ahead (clause orders.giving, ruling orders.rewrite): "At any time you
should have orders 1 round of orders ahead of time ... 1 movement order and one fire order on
the table when making a new order"."""

from __future__ import annotations

import pytest

from referee.rules.orders.ahead import OrderBook, OrdersMissing, OrdersRefused, TurnOrders
from referee.rules.orders.edition import orders_rules
from referee.rules.orders.notation import parse_order

MOVE = parse_order("F + F + -", "movement")
TURN = parse_order("L + - + -", "movement")
FIRE = parse_order("Fire + -", "gunnery")


def test_orders_for_turn_1_are_written_before_the_match_starts():
    book = OrderBook()
    assert book.turn == 0 and book.next_turn == 1
    book = book.write("A", 1, MOVE, FIRE)
    assert book.for_turn("A", 1) == TurnOrders(MOVE, FIRE)
    assert book.for_turn("A", 2) is None and book.for_turn("B", 1) is None


def test_a_turn_starts_only_when_every_unit_has_its_orders():
    book = OrderBook().write("A", 1, MOVE, FIRE)
    assert book.missing(["A", "B"]) == ("B",)
    with pytest.raises(OrdersMissing) as info:
        book.start_turn(["A", "B"])
    assert info.value.uids == ("B",) and info.value.turn == 1
    assert "B" in str(info.value)
    started = book.write("B", 1, TURN, FIRE).start_turn(["A", "B"])
    assert started.turn == 1


def test_once_a_turn_has_started_the_orders_for_the_next_are_missing_until_written():
    # turn 1 running: its orders are on the table; every unit now needs orders for turn 2.
    book = OrderBook().write("A", 1, MOVE, FIRE).start_turn(["A"])
    assert book.missing(["A"]) == ("A",)
    book = book.write("A", 2, TURN, FIRE)
    assert book.missing(["A"]) == ()
    assert book.for_turn("A", 1) == TurnOrders(MOVE, FIRE)  # still on the table
    assert book.for_turn("A", 2) == TurnOrders(TURN, FIRE)


def test_orders_for_a_turn_already_running_or_over_are_refused():
    book = OrderBook().write("A", 1, MOVE, FIRE).start_turn(["A"])
    with pytest.raises(OrdersRefused, match="turn 1: that turn is running"):
        book.write("B", 1, MOVE, FIRE)
    book = book.write("A", 2, MOVE, FIRE).start_turn(["A"])
    with pytest.raises(OrdersRefused, match="is over"):
        book.write("A", 1, MOVE, FIRE)


def test_orders_more_than_one_round_ahead_are_refused():
    with pytest.raises(OrdersRefused, match="more than one round ahead"):
        OrderBook().write("A", 2, MOVE, FIRE)


def test_orders_once_written_stand_unless_the_ruling_allows_rewriting(current):
    book = OrderBook().write("A", 1, MOVE, FIRE)
    assert orders_rules(current).rewrite is False  # ruling orders.rewrite: locked
    with pytest.raises(OrdersRefused, match="already written"):
        book.write("A", 1, TURN, FIRE, rewrite=orders_rules(current).rewrite)
    rules = current.with_readings({"orders.rewrite": "until-start"})
    assert orders_rules(rules).rewrite is True
    rewritten = book.write("A", 1, TURN, FIRE, rewrite=True)
    assert rewritten.for_turn("A", 1) == TurnOrders(TURN, FIRE)


def test_a_movement_order_goes_where_the_movement_order_goes():
    with pytest.raises(OrdersRefused, match="expected a movement order"):
        OrderBook().write("A", 1, FIRE, FIRE)
    with pytest.raises(OrdersRefused, match="expected a gunnery order"):
        OrderBook().write("A", 1, MOVE, MOVE)


def test_the_book_is_a_value():
    empty = OrderBook()
    written = empty.write("A", 1, MOVE, FIRE)
    assert empty.for_turn("A", 1) is None  # unchanged
    assert written == OrderBook().write("A", 1, MOVE, FIRE)
    with pytest.raises(TypeError):
        written.orders["B"] = {}  # type: ignore[index]
