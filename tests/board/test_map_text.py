"""A map written back as a map file reads back as the same map (data/README.md, "Maps")."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from conftest import map_path

from referee.board.map_text import blank_map, map_text
from referee.board.maps import load_map, parse_map


@pytest.mark.parametrize("name", ["standard", "entrenched", "activation"])
def test_a_shipped_map_written_back_reads_the_same(name):
    original = load_map(map_path(name))
    again = parse_map(Path("again.toml"), tomllib.loads(map_text(original)))
    for key in (
        "name",
        "edition",
        "shape",
        "columns",
        "rows",
        "side",
        "default_terrain",
        "roads",
        "rivers",
        "forbid_in_no_mans_land",
    ):
        assert getattr(again, key) == getattr(original, key), key
    assert dict(again.terrain) == dict(original.terrain)
    assert {k: set(v) for k, v in again.zones.items()} == {
        k: set(v) for k, v in original.zones.items()
    }


def test_zones_may_be_written_in_their_own_form_and_a_comment_heads_the_file():
    text = map_text(
        load_map(map_path("entrenched")),
        {"side1": {"rows": [7, 9]}},
        comment="made in the editor\nruling setup.entrenched-zones",
    )
    assert text.startswith("# made in the editor\n# ruling setup.entrenched-zones\n")
    assert "side1 = { rows = [7, 9] }" in text


def test_a_blank_map_has_only_its_default_terrain():
    m = blank_map("New", "current", 7, 10)
    assert len(m) == 70 and set(m.terrain.values()) == {"clear"}
    assert "[terrain]" not in map_text(m)
