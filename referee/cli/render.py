"""A text picture of a map for the terminal: terrain, and what a hex sees.

Odd columns sit half a line lower, as on the printed map. Each hex shows a two-letter
terrain code and one mark: ``@`` the viewer, blank seen, ``~`` blind, ``#`` blocked.
"""

from __future__ import annotations

from referee.board.hexgrid import Hex, column_letters, to_offset
from referee.board.los import LosBoard, line_of_sight

CELL = 5


def terrain_code(name: str) -> str:
    words = name.replace("-", " ").split()
    if name == "clear":
        return " ."
    if len(words) > 1:
        return (words[0][0] + words[1][0]).upper()
    return name[:2].capitalize()


def render_map(board: LosBoard, viewer: Hex | None = None) -> str:
    bm = board.battle_map
    height = 2 * bm.rows + 1
    canvas = [[" "] * (4 + CELL * bm.columns) for _ in range(height + 1)]

    def put(x: int, y: int, text: str) -> None:
        for i, ch in enumerate(text):
            canvas[y][x + i] = ch

    for c in range(bm.columns):
        put(4 + CELL * c + 1, 0, column_letters(c))
    for r in range(bm.rows):
        put(0, 1 + 2 * r, f"{r + 1:>3}")
    for h in bm.hexes:
        col, row = to_offset(h)
        mark = " "
        if viewer is not None:
            if h == viewer:
                mark = "@"
            else:
                sight = line_of_sight(board, viewer, h)
                mark = " " if sight.visible else ("~" if sight.blind else "#")
        code = terrain_code(bm.terrain[h])
        if h in board.smoke:
            code = "Sm"
        put(4 + CELL * col, 1 + 2 * row + (col & 1), f"{code}{mark}")
    lines = ["".join(row).rstrip() for row in canvas]
    legend = (
        "  . clear  Fo forest  Hi hill  Mo mountain  Bu building  (@ viewer, ~ blind, # blocked)"
    )
    return "\n".join([*lines, legend])
