"""The editions' assault tables (data/rulesets/<id>/assault.toml)."""

from __future__ import annotations

import tomllib

import pytest

from referee.errors import DataFileError
from referee.rules.assault.table import assault_rules, parse_assault_rules


def test_the_editions_differ_as_data(current, first_draft):
    now, then = assault_rules(current), assault_rules(first_draft)
    assert (now.allocator, then.allocator) == ("each-side", "winner")
    assert (now.cunning_mode, then.cunning_mode) == ("extra", "replace")
    assert (now.stubborn, then.stubborn) == ("enemy-retreats", "repeat")
    assert (now.edge_stubborn, then.edge_stubborn) == (True, False)
    assert (now.kinds_apart, then.kinds_apart) == (True, False)
    assert now.limit == then.limit == 2


def test_readings_come_from_the_rulings(current):
    table = assault_rules(current)
    assert table.damaging == "fill-first"
    assert table.ruling("allocation.damaging") == "assault.damaging-first"
    free = assault_rules(current.with_readings({"assault.damaging-first": "free"}))
    assert free.damaging == "free"


def test_a_bad_table_is_refused_naming_every_key(current):
    path = current.folder / "assault.toml"
    doc = tomllib.loads(path.read_text(encoding="utf-8"))
    doc["dice"]["limit"] = 0
    doc["allocation"]["allocator"] = "loser"
    doc["pre_assault"]["retreat_kinds"] = ["sideways"]
    doc["outcome"]["colour"] = "red"
    del doc["advantage"]
    with pytest.raises(DataFileError) as info:
        parse_assault_rules(path, doc, dict(current.readings))
    assert sorted(p.split(":")[0] for p in info.value.problems) == [
        "advantage",
        "advantage.clause",
        "advantage.tie",
        "allocation.allocator",
        "dice.limit",
        "outcome.colour",
        "pre_assault.retreat_kinds",
    ]
