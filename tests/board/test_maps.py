"""Map files (data/README.md, section "Maps"): what loads, what each bad input reports.

Hex counts and zone sizes are worked out by hand: 7 x 9 = 63 hexes with 3 rows of 7 per zone;
a hexagon of side 8 has 3·8·7 + 1 = 169 hexes and 8 + 9 + 10 = 27 within 3 hexes of a side.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import map_path

from referee.board.hexgrid import hex_label, parse_label
from referee.board.maps import BattleMap, MapError, find_map, load_map

MINIMAL = """\
name = "Practice field"
shape = "rectangle"
columns = 7
rows = 9
default_terrain = "clear"

[terrain]
C4 = "forest"
"""

RECT = 'name = "t"\nshape = "rectangle"\ncolumns = 7\nrows = 9\n'
ZONES_3_3_3 = """
[zones]
side2 = { rows = [1, 3] }
no_mans_land = { rows = [4, 6] }
side1 = { rows = [7, 9] }
"""


def load_text(tmp_path: Path, text: str) -> BattleMap:
    path = tmp_path / "map.toml"
    path.write_text(text, encoding="utf-8")
    return load_map(path)


def problems(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(MapError) as info:
        load_text(tmp_path, text)
    assert info.value.path == tmp_path / "map.toml"
    return info.value.problems


def labels(hexes) -> set[str]:
    return {hex_label(h) for h in hexes}


# --- what loads --------------------------------------------------------------------------


def test_minimal_map_from_the_schema_loads_with_defaults(tmp_path):
    bm = load_text(tmp_path, MINIMAL)
    assert bm.name == "Practice field"
    assert bm.edition == "current"
    assert bm.description == ""
    assert (bm.shape, bm.columns, bm.rows, bm.side) == ("rectangle", 7, 9, None)
    assert len(bm) == 63
    assert bm.terrain_at(parse_label("C4")) == "forest"
    assert {bm.terrain_at(h) for h in bm if hex_label(h) != "C4"} == {"clear"}
    assert bm.roads == () and bm.rivers == ()
    assert dict(bm.zones) == {}
    assert bm.forbid_in_no_mans_land == frozenset()


def test_default_terrain_is_clear_when_omitted(tmp_path):
    bm = load_text(tmp_path, RECT)
    assert {bm.terrain_at(h) for h in bm} == {"clear"}


def test_rectangle_holds_every_label_from_a1_to_the_last_column_and_row(tmp_path):
    bm = load_text(tmp_path, RECT)
    assert parse_label("A1") in bm and parse_label("G9") in bm
    assert parse_label("H1") not in bm and parse_label("A10") not in bm
    assert hex_label(bm.hexes[0]) == "A1"  # label order: column by column
    assert hex_label(bm.hexes[9]) == "B1"


@pytest.mark.parametrize(
    ("name", "edition", "hexes", "zones"),
    [
        ("standard", "first-draft", 63, {"side2": 21, "no_mans_land": 21, "side1": 21}),
        ("entrenched", "current", 63, {"side2": 21, "no_mans_land": 21, "side1": 21}),
        ("activation", "activation", 169, {"side2": 27, "side1": 27}),
    ],
)
def test_shipped_maps_load(name, edition, hexes, zones):
    bm = load_map(map_path(name))
    assert bm.edition == edition
    assert len(bm) == hexes
    assert {k: len(v) for k, v in bm.zones.items()} == zones


def test_shipped_rectangles_split_three_rows_each():
    # ruling setup.entrenched-zones / setup.first-draft-zones, default readings
    for name in ("standard", "entrenched"):
        bm = load_map(map_path(name))
        assert labels(bm.zones["side2"]) == {f"{c}{r}" for c in "ABCDEFG" for r in (1, 2, 3)}
        assert labels(bm.zones["no_mans_land"]) == {f"{c}{r}" for c in "ABCDEFG" for r in (4, 5, 6)}
        assert labels(bm.zones["side1"]) == {f"{c}{r}" for c in "ABCDEFG" for r in (7, 8, 9)}


def test_no_mans_land_rules_of_the_shipped_maps():
    assert load_map(map_path("standard")).forbid_in_no_mans_land == {"blocking"}
    assert load_map(map_path("entrenched")).forbid_in_no_mans_land == {"blocking", "advanced"}


def test_entrenched_roads_are_paths_of_neighbours():
    bm = load_map(map_path("entrenched"))
    assert [[hex_label(h) for h in road] for road in bm.roads] == [
        ["E9", "E8", "E7"],
        ["D3", "D2", "E2"],
    ]
    steps = bm.road_steps()
    assert (parse_label("E8"), parse_label("E9")) in steps  # both ways round
    assert (parse_label("E9"), parse_label("E7")) not in steps


def test_hexagon_of_side_8_sits_in_a_15_by_15_grid():
    bm = load_map(map_path("activation"))
    assert (bm.shape, bm.side, bm.columns, bm.rows) == ("hexagon", 8, 15, 15)

    def column(letter):
        return sorted(
            (h for h in bm if hex_label(h).rstrip("0123456789") == letter), key=lambda h: h.r
        )

    # Column A is the left side: 8 hexes, rows 5-12; H the centre column, the full height.
    assert [hex_label(h) for h in column("A")] == [f"A{r}" for r in range(5, 13)]
    assert [hex_label(h) for h in column("H")] == [f"H{r}" for r in range(1, 16)]
    assert [hex_label(h) for h in column("O")] == [f"O{r}" for r in range(5, 13)]
    assert len(column("B")) == 9
    for off_map in ("A1", "A4", "A13", "O4", "P8", "H16"):
        assert parse_label(off_map) not in bm


def test_hexagon_zones_lie_along_opposite_sides():
    bm = load_map(map_path("activation"))
    side2, side1 = bm.zones["side2"], bm.zones["side1"]
    # edge N is the side from the top corner H1 to O5; edge S from H15 to A12.
    assert {"H1", "I2", "J2", "K3", "L3", "M4", "N4", "O5"} <= labels(side2)
    assert {"H15", "G15", "F14", "E14", "D13", "C13", "B12", "A12"} <= labels(side1)
    assert "H8" not in labels(side1 | side2)  # the centre is 8 hexes deep from every side


def test_map_parse_refuses_labels_off_the_map(tmp_path):
    from referee.board.hexgrid import LabelError

    bm = load_text(tmp_path, RECT)
    assert bm.parse("c4") == parse_label("C4")
    with pytest.raises(LabelError, match="H1"):
        bm.parse("H1")


def test_find_map_by_name_or_path(tmp_path):
    assert find_map("standard") == map_path("standard")
    assert find_map(str(map_path("entrenched"))) == map_path("entrenched")
    with pytest.raises(MapError, match="activation, entrenched, standard"):
        find_map("no-such-map")


# --- what each bad input reports -------------------------------------------------------------


def test_unknown_terrain_names_the_hex(tmp_path):
    (p,) = problems(tmp_path, RECT + '[terrain]\nC4 = "lava"\n')
    assert p.startswith("terrain.C4:") and "'lava'" in p


def test_unknown_default_terrain(tmp_path):
    (p,) = problems(tmp_path, RECT + 'default_terrain = "lava"\n')
    assert p.startswith("default_terrain:") and "'lava'" in p


def test_terrain_of_another_edition_is_unknown(tmp_path):
    # sand dunes exist only in the current edition
    (p,) = problems(tmp_path, RECT + 'edition = "first-draft"\n[terrain]\nF3 = "sand-dunes"\n')
    assert p.startswith("terrain.F3:") and "first-draft" in p


def test_label_outside_the_map(tmp_path):
    (p,) = problems(tmp_path, RECT + '[terrain]\nH1 = "forest"\n')
    assert p.startswith("terrain.H1:") and "outside the map" in p


def test_malformed_label(tmp_path):
    (p,) = problems(tmp_path, RECT + '[terrain]\n4C = "forest"\n')
    assert p.startswith("terrain.4C:") and "not a hex label" in p


def test_duplicate_label_in_two_spellings(tmp_path):
    (p,) = problems(tmp_path, RECT + '[terrain]\nc4 = "forest"\nC4 = "hill"\n')
    assert p.startswith("terrain.C4:") and "terrain.c4" in p


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('name = "t"\nshape = "square"\ncolumns = 7\nrows = 9\n', "shape:"),
        ('name = "t"\ncolumns = 7\nrows = 9\n', "shape:"),
        ('name = "t"\nshape = "rectangle"\ncolumns = 0\nrows = 9\n', "columns:"),
        ('name = "t"\nshape = "rectangle"\ncolumns = "7"\nrows = 9\n', "columns:"),
        ('name = "t"\nshape = "rectangle"\ncolumns = 7\nrows = true\n', "rows:"),
        ('name = "t"\nshape = "rectangle"\nrows = 9\n', "columns:"),
        ('name = "t"\nshape = "rectangle"\ncolumns = 7\nrows = 9\nside = 8\n', "side:"),
        ('name = "t"\nshape = "hexagon"\n', "side:"),
        ('name = "t"\nshape = "hexagon"\nside = 0\n', "side:"),
        ('name = "t"\nshape = "hexagon"\nside = 8\ncolumns = 15\n', "columns:"),
        ('shape = "rectangle"\ncolumns = 7\nrows = 9\n', "name:"),
        (RECT + "colour = 3\n", "colour:"),
        (RECT + 'edition = "third"\n', "edition:"),
    ],
)
def test_bad_shape_and_size(tmp_path, text, key):
    found = problems(tmp_path, text)
    assert any(p.startswith(key) for p in found), found


def test_road_of_hexes_that_are_not_neighbours(tmp_path):
    (p,) = problems(tmp_path, RECT + 'roads = [["E9", "E8", "E6"]]\n')
    assert p.startswith("roads[0]:") and "E8 and E6 are not neighbours" in p


def test_river_off_the_map(tmp_path):
    (p,) = problems(tmp_path, RECT + 'rivers = [["A1", "A0"]]\n')
    assert p.startswith("rivers[0]:")


def test_road_in_an_edition_without_roads(tmp_path):
    (p,) = problems(tmp_path, RECT + 'edition = "first-draft"\nroads = [["E9", "E8"]]\n')
    assert p.startswith("roads:") and "first-draft" in p


def test_overlapping_zones(tmp_path):
    text = RECT + "[zones]\nside2 = { rows = [1, 4] }\nno_mans_land = { rows = [4, 6] }\n"
    found = problems(tmp_path, text)
    assert len(found) == 7  # row 4 of each of the 7 columns
    assert all(p.startswith("zones.no_mans_land:") and "side2" in p for p in found)


@pytest.mark.parametrize(
    ("zones", "key"),
    [
        ("side1 = { rows = [7, 10] }", "zones.side1.rows:"),
        ("side1 = { rows = [true, 3] }", "zones.side1.rows:"),
        ('side1 = { edge = "NE", depth = 2 }', "zones.side1.edge:"),
        ('side1 = { edge = "S", depth = 0 }', "zones.side1.depth:"),
        ('side1 = { hexes = ["A1", "H1"] }', "zones.side1.hexes:"),
        ("side1 = { rows = [7, 9], depth = 3 }", "zones.side1:"),
        ("side3 = { rows = [1, 2] }", "zones.side3:"),
        ('forbid_in_no_mans_land = ["water"]', "zones.forbid_in_no_mans_land:"),
        ('forbid_in_no_mans_land = [{ kind = "blocking" }]', "zones.forbid_in_no_mans_land:"),
    ],
)
def test_bad_zones(tmp_path, zones, key):
    found = problems(tmp_path, RECT + "[zones]\n" + zones + "\n")
    assert any(p.startswith(key) for p in found), found


def test_edge_and_depth_on_a_rectangle_counts_rows(tmp_path):
    bm = load_text(
        tmp_path,
        RECT + '[zones]\nside1 = { edge = "S", depth = 3 }\nside2 = { edge = "N", depth = 2 }\n',
    )
    assert labels(bm.zones["side1"]) == {f"{c}{r}" for c in "ABCDEFG" for r in (7, 8, 9)}
    assert labels(bm.zones["side2"]) == {f"{c}{r}" for c in "ABCDEFG" for r in (1, 2)}


def test_blocking_terrain_in_no_mans_land_when_forbidden(tmp_path):
    text = (
        RECT
        + '[terrain]\nC5 = "forest"\nD4 = "hill"\nE5 = "ruins"\n'
        + ZONES_3_3_3
        + 'forbid_in_no_mans_land = ["blocking"]\n'
    )
    found = problems(tmp_path, text)
    assert len(found) == 2  # ruins do not block
    assert (
        found[0].startswith("zones.no_mans_land:") and "C5" in found[0] and "blocking" in found[0]
    )
    assert "D4" in found[1]


def test_blocking_terrain_in_no_mans_land_when_allowed(tmp_path):
    bm = load_text(tmp_path, RECT + '[terrain]\nC5 = "forest"\n' + ZONES_3_3_3)
    assert bm.terrain_at(parse_label("C5")) == "forest"


def test_advanced_terrain_and_roads_in_no_mans_land(tmp_path):
    text = (
        RECT
        + 'roads = [["A3", "A4"]]\n[terrain]\nC5 = "swamp"\n'
        + ZONES_3_3_3
        + 'forbid_in_no_mans_land = ["advanced"]\n'
    )
    found = problems(tmp_path, text)
    assert len(found) == 2
    assert any("A4" in p and "road" in p for p in found)
    assert any("C5" in p and "advanced" in p for p in found)
    assert all(p.startswith("zones.no_mans_land:") for p in found)
    # the same swamp passes where only blocking terrain is kept out
    load_text(tmp_path, text.replace('["advanced"]', '["blocking"]'))


def test_toml_syntax_error_names_the_line(tmp_path):
    (p,) = problems(tmp_path, RECT + "[terrain]\nC4 forest\n")
    assert "not valid TOML" in p and "line 6" in p


def test_missing_file(tmp_path):
    with pytest.raises(MapError) as info:
        load_map(tmp_path / "nowhere.toml")
    assert info.value.problems == ["file not found"]
    assert "nowhere.toml" in str(info.value)


def test_every_problem_is_reported_at_once(tmp_path):
    text = """\
name = "t"
shape = "rectangle"
columns = 7
rows = 9
colour = "green"
roads = [["E9", "E7"]]

[terrain]
C4 = "lava"
H1 = "forest"
4C = "forest"

[zones]
side2 = { rows = [1, 3] }
no_mans_land = { rows = [3, 6] }
"""
    found = problems(tmp_path, text)
    starts = [p.split(":")[0] for p in found]
    assert "colour" in starts
    assert "roads[0]" in starts
    assert {"terrain.C4", "terrain.H1", "terrain.4C"} <= set(starts)
    assert starts.count("zones.no_mans_land") == 7  # row 3 twice, once per column
