"""A small window (un-maximized on a laptop, dragged down to a corner of the screen) keeps a
map the referee can use: the docks give way down to their own minimums, never the map below
:data:`MAP_MIN_CHARS` characters; given its room back (maximized again), the window gives
the docks back the widths they had before they gave way."""

from __future__ import annotations

from app_window import demo_window

from referee.app.window.docks_give_way import MAP_MIN_CHARS


def widths(window) -> tuple[int, int, int]:
    """The left column's, the map's and the right column's widths."""
    return window.tracker_dock.width(), window.view.width(), window.inspector_dock.width()


def resized(qtbot, window, width: int, height: int) -> None:
    window.resize(width, height)
    qtbot.waitUntil(lambda: window.width() == width and window.height() == height)
    qtbot.wait(50)  # the docks laid out again (queued)


def test_a_small_window_keeps_a_usable_map_and_the_docks_give_way(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    left, _, right = widths(window)
    char = window.fontMetrics().averageCharWidth()
    resized(qtbot, window, 520, 480)
    small_left, small_map, small_right = widths(window)
    assert small_map >= MAP_MIN_CHARS * char  # not ~70 px
    assert small_left < left and small_right < right  # the docks gave way
    assert window.view.height() > 200


def test_maximized_again_the_docks_get_their_widths_back(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    before = widths(window)
    resized(qtbot, window, 520, 480)
    resized(qtbot, window, 1366, 768)
    left, middle, right = widths(window)
    assert abs(left - before[0]) <= 2 and abs(right - before[2]) <= 2
    assert abs(middle - before[1]) <= 4


def test_a_window_made_a_little_smaller_keeps_the_referees_own_dock_widths(qtbot, tmp_path):
    """Only docks that had to give way are given back their widths: a window narrowed a
    little (the map still over its minimum) and widened again leaves the docks alone."""
    window = demo_window(qtbot, tmp_path)
    left, _, right = widths(window)
    resized(qtbot, window, 1200, 768)
    assert widths(window)[0] == left and widths(window)[2] == right
