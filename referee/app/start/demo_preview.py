"""The demo match as its first frame shows it: the map and the units of
:mod:`referee.match.setup.demo`, read from the map file and the demo armies' unit files (their
cards alone, never the whole catalogue) without the engine,
so that a first start paints the demo before the rules are loaded and the match file is
written (:func:`referee.app.start.app.run_app`). The demo's one step writes orders and moves the
clock: no unit moves, so the match file, once open, shows the same tokens on the same hexes
(``tests/app/test_app_start.py`` checks it).
"""

from __future__ import annotations

from referee.board.hexgrid import parse_label
from referee.board.maps import BattleMap, find_map, load_map
from referee.match.setup.demo import DEMO_MAP, DEMO_UNITS, demo_unit_types
from referee.rules.state import UnitState

Preview = tuple[BattleMap, list[UnitState]]


def demo_preview() -> Preview:
    """The demo's battlefield (the terrain of the edition its file names) and its units as
    set up (card, side, hex, facing, speed), read from the map file and the demo armies'
    unit files."""
    battle_map = load_map(find_map(DEMO_MAP))
    cards = demo_unit_types()
    units = [
        UnitState(
            uid=spec["uid"],
            unit=cards[spec["unit"]],
            side=spec["side"],
            hex=parse_label(spec["hex"]),
            facing=spec["facing"],
            speed=spec["speed"],
        )
        for spec in DEMO_UNITS
    ]
    return battle_map, units
