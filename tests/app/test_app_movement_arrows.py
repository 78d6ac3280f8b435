"""The movement wizard's arrows in each side's colour, as the tokens and the zones: side 1
blue, side 2 red; an arrow into an assault keeps its side's colour, rimmed in the orange
of the hex fought over."""

from __future__ import annotations

from app_window import demo_window
from test_app_wizard_movement import open_with_n, setup, to_movement

from referee.app.widgets.style import SIDE_COLOURS
from referee.rules.orders.commands import Advance, Movement


def colours(window) -> dict[str, tuple[str, str]]:
    return {
        item.arrow.text(): (item.arrow.colour(), item.arrow.kind)
        for item in window.scene.drawings.arrow_items
    }


def test_each_move_arrow_is_in_its_units_side_colour(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    to_movement(window)
    wizard = open_with_n(qtbot, window)
    blue, red = SIDE_COLOURS[1], SIDE_COLOURS[2]
    # demo orders, movement 1: the hoplites and companions (side 1) and the grunts and
    # boars (side 2) go forward
    assert colours(window) == {
        "E7->E6 (move)": (blue, "move"),
        "G8->G7 (move)": (blue, "move"),
        "B3->B4 (move)": (red, "move"),
        "E3->E4 (move)": (red, "move"),
    }
    wizard.reject()


def test_an_arrow_into_an_assault_keeps_its_sides_colour(qtbot, tmp_path):
    # the hoplites and the boars both enter E5 in movement 2 of the demo: an assault
    window = demo_window(qtbot, tmp_path)
    setup(window, "Movement 1", [Advance(to="movement-1", unfired="pass")])
    setup(window, "Movement 1 moves", [Movement(step=1)])
    to_movement(window, 2)
    wizard = open_with_n(qtbot, window)
    found = colours(window)
    assert found["E6->E5 (assault)"] == (SIDE_COLOURS[1], "assault")
    assert found["E4->E5 (assault)"] == (SIDE_COLOURS[2], "assault")
    wizard.reject()
