"""The far picture of a large map: each pixel shows the hex the hex grid's own picking finds
under the pixel's centre (a tile of the grid's period, repeated, against cube rounding one
point at a time)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.app.map.geometry import HEX_SIZE
from referee.app.map.map_raster import MapRaster
from referee.app.widgets.style import argb
from referee.board.hexgrid import Hex, hex_at_point
from referee.board.maps import hexagon_hexes, rectangle_hexes

MAPS = {
    "rectangle 50x50": MapRaster(tuple(rectangle_hexes(50, 50))),
    "rectangle 7x9": MapRaster(tuple(rectangle_hexes(7, 9))),
    "hexagon of side 8": MapRaster(tuple(hexagon_hexes(8)[0])),
}


def hex_under(raster: MapRaster, row: int, col: int) -> Hex:
    width, height = raster.size
    x = raster.rect.left() + (col + 0.5) * raster.rect.width() / width
    y = raster.rect.top() + (row + 0.5) * raster.rect.height() / height
    return hex_at_point(x / HEX_SIZE, y / HEX_SIZE)


@settings(max_examples=300, deadline=None)
@given(
    name=st.sampled_from(sorted(MAPS)),
    fx=st.floats(0, 1, exclude_max=True),
    fy=st.floats(0, 1, exclude_max=True),
)
def test_each_pixel_shows_the_hex_under_its_centre(name, fx, fy):
    raster = MAPS[name]
    width, height = raster.size
    row, col = int(fy * height), int(fx * width)
    expected = hex_under(raster, row, col)
    hexes = list(raster.hexes)
    shown = int(raster.index[row, col])
    assert shown == (hexes.index(expected) if expected in hexes else len(hexes))


def test_every_hex_of_the_map_has_pixels_and_the_picture_covers_the_map():
    for name, raster in MAPS.items():
        seen = set(raster.index.ravel().tolist())
        assert seen == set(range(len(raster.hexes) + 1)), name


def test_a_colour_per_hex_becomes_the_colour_of_its_pixels():
    raster = MAPS["rectangle 7x9"]
    hexes = list(raster.hexes)
    import numpy as np

    colours = np.zeros(len(hexes) + 1, np.uint32)
    red, blue = argb("#ff0000"), argb("#0000ff")
    colours[hexes.index(Hex(3, 2))] = red
    colours[hexes.index(Hex(0, 0))] = blue
    image = raster.picture(colours)
    width, height = raster.size
    for h, want in ((Hex(3, 2), red), (Hex(0, 0), blue)):
        # the pixel at the hex's centre
        x = (1.5 * h.q * HEX_SIZE - raster.rect.left()) * width / raster.rect.width()
        y = (
            (3**0.5 * (h.r + h.q / 2) * HEX_SIZE - raster.rect.top())
            * height
            / raster.rect.height()
        )
        assert image.pixel(int(x), int(y)) == want
    assert argb("#ff0000", 128) == (128 << 24) | (128 << 16)  # premultiplied: 255 * 128/255
