"""The editions' orders tables (data/rulesets/<id>/orders.toml) and the rulings on orders."""

from __future__ import annotations

import pytest

from referee.errors import DataFileError
from referee.rules.orders.edition import orders_rules, parse_orders_rules
from referee.ruleset.rulings import register


def test_the_current_edition_illegal_order_does_nothing_by_ruling(current):
    rules = orders_rules(current)
    assert rules.illegal == "nothing"
    assert rules.ruling("illegal") == "orders.illegal"
    assert {"Follow", "Road"} <= set(rules.movement)


def test_the_first_draft_illegal_order_becomes_the_default_by_its_own_text(first_draft):
    rules = orders_rules(first_draft)
    assert rules.illegal == "default"
    assert rules.ruling("illegal") is None
    assert not {"Follow", "Road"} & set(rules.movement)


def test_the_contradiction_of_draft_004_is_a_ruling():
    ruling = register()["orders.illegal"]
    assert ruling.default == "nothing"
    assert {o.id for o in ruling.options} == {"nothing", "default"}
    assert "do the default order instead" in ruling.unclear and "does nothing" in ruling.unclear


@pytest.mark.parametrize(
    "rid",
    [
        "orders.illegal-scope",
        "orders.speed-change",
        "orders.speed-annotation",
        "orders.follow-card",
        "orders.rewrite",
    ],
)
def test_each_reading_on_orders_is_in_the_register(rid):
    assert rid in register()


GOOD = {
    "movement": ["F", "-"],
    "gunnery": ["Fire", "-"],
    "illegal": "nothing",
}


def test_a_minimal_table_takes_the_documented_defaults(tmp_path):
    rules = parse_orders_rules(tmp_path / "orders.toml", GOOD, {})
    assert (
        rules.illegal_scope,
        rules.speed_change,
        rules.speed_annotation,
        rules.follow,
        rules.rewrite,
        rules.default_gunnery,
    ) == ("step", "next-step", "note", "leader", False, "-")


def test_a_bad_table_names_every_bad_key(tmp_path):
    bad = {
        "movement": ["F", "Jump"],
        "gunnery": ["Fire"],
        "illegal": "ignore",
        "colour": "red",
        "speed_change": "@no.such-ruling",
    }
    with pytest.raises(DataFileError) as info:
        parse_orders_rules(tmp_path / "orders.toml", bad, {})
    text = "\n".join(info.value.problems)
    assert "orders.colour: unknown key" in text
    assert "'Jump' is not an order code" in text
    assert "orders.gunnery: '-' (no action) must be listed" in text
    assert "orders.illegal: 'ignore' is not one of nothing, default" in text
    assert "orders.speed_change: '@no.such-ruling' names no ruling" in text
