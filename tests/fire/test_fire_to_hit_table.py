"""The to-hit tables as data (``data/rulesets/<id>/to_hit.toml``, clause ``fire.to-hit``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.errors import DataFileError, read_toml
from referee.paths import data_dir
from referee.rules.fire.to_hit_table import parse_to_hit_table, to_hit_table

CURRENT = data_dir() / "rulesets" / "current" / "to_hit.toml"


def resolve(ruling_id: str) -> object:
    values = {"fire.smoke-shooter": -1, "fire.steady-to-be-hit": 1, "fire.area-stacking": 1}
    return values[ruling_id]


def test_base_is_5_in_both_editions(current, first_draft) -> None:
    assert to_hit_table(current).base == 5
    assert to_hit_table(first_draft).base == 5


def test_every_speed_row_of_draft_004(current) -> None:
    table = to_hit_table(current)
    rows = {s: (table.speeds[s].to_hit, table.speeds[s].to_be_hit) for s in table.speeds}
    assert rows == {
        "stand-still": (1, 1),
        "crawling": (1, 1),
        "rest": (1, 1),
        "setup": (1, 1),
        "slow": (0, 0),
        "fast": (-1, -1),
    }
    assert (table.flying.to_hit, table.flying.to_be_hit) == (-1, -1)
    assert table.aim.to_hit == 2
    assert {b: r.to_hit for b, r in table.ranges.items()} == {
        "point-blank": 1,
        "normal": 0,
        "long": -1,
    }
    assert table.on_edge.to_hit == -1
    assert table.sizes["huge"].to_be_hit == 1


def test_abilities_absent_from_the_first_draft(current, first_draft) -> None:
    now, first = to_hit_table(current), to_hit_table(first_draft)
    for name in ("superb-shot", "optimal-at-point-blank", "elusive"):
        assert name in now.unit_abilities
        assert name not in first.unit_abilities
        assert name in first.not_in_edition
    assert "enhanced-accuracy" in now.weapon_abilities
    assert "enhanced-accuracy" not in first.weapon_abilities
    for name in ("good-shot", "excellent-shot", "bad-shot", "steady", "camouflage", "take-cover"):
        assert name in first.unit_abilities


def test_evasion_method_and_area_stacking_differ_as_data(current, first_draft) -> None:
    now, first = to_hit_table(current), to_hit_table(first_draft)
    assert (now.evasion.method, now.evasion.terrain) == ("negate", "terrain-table")
    assert (first.evasion.method, first.evasion.terrain) == ("worsen", "cover-with-take-cover")
    assert now.unit_abilities["take-cover"].improve_evasion == 1
    assert first.unit_abilities["take-cover"].improve_evasion == 0
    assert first.area.stack_bonus == 1 and first.area.stack_ruling is None
    assert now.area.stack_ruling == "fire.area-stacking"


def test_decline_current_by_text_first_draft_by_ruling(current, first_draft) -> None:
    assert to_hit_table(current).orders.may_decline is True
    first = to_hit_table(first_draft).orders
    assert (first.may_decline, first.decline_ruling) == (False, "fire.decline-first-draft")
    house = first_draft.with_readings({"fire.decline-first-draft": "may-decline"})
    assert to_hit_table(house).orders.may_decline is True


def test_cover_lives_in_the_terrain_table_only() -> None:
    doc = read_toml(CURRENT)
    assert "terrain" not in doc
    assert set(doc["cover"]) == {"label", "clause"}


def _bad(doc: dict[str, object]) -> list[str]:
    with pytest.raises(DataFileError) as err:
        parse_to_hit_table(Path("to_hit.toml"), doc, resolve)
    return err.value.problems


def test_every_problem_is_reported_with_its_key() -> None:
    doc = read_toml(CURRENT)
    doc["speeds"]["fast"]["to_hit"] = "minus one"
    doc["unit_abilities"]["good-shot"]["colour"] = "red"
    doc["evasion"]["method"] = "dodge"
    del doc["ranges"]["long"]
    doc["sizes"]["gigantic"] = {"label": "g", "clause": "c"}
    doc["aim"]["to_hit"] = "@no.such-ruling"
    problems = _bad(doc)
    for key in (
        "speeds.fast.to_hit:",
        "unit_abilities.good-shot.colour:",
        "evasion.method:",
        "ranges.long: missing",
        "sizes.gigantic:",
        "aim.to_hit: refers to unknown",
    ):
        assert any(p.startswith(key) for p in problems), (key, problems)


def test_param_value_needs_an_at_speed_row() -> None:
    doc = read_toml(CURRENT)
    doc["unit_abilities"]["good-shot"]["to_hit"] = "param"
    assert any('"param" needs when' in p for p in _bad(doc))
