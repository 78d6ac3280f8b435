"""The demo match as its first frame shows it: the map and the units of
:mod:`referee.match.setup.demo`, read from the map file and the demo armies' unit files (their
cards alone, never the whole catalogue) without the engine,
so that a first start paints the demo before the rules are loaded and the match file is
written (:func:`referee.app.start.app.run_app`). The demo's one step writes orders and moves the
clock: no unit moves, so the match file, once open, shows the same tokens on the same hexes
(``tests/app/test_app_start.py`` checks it).
"""

from __future__ import annotations

from typing import Any

from referee.board.hexgrid import parse_label
from referee.board.maps import BattleMap, find_map, load_map
from referee.errors import DataFileError
from referee.match.setup.demo import DEMO_MAP, DEMO_UNITS, demo_army_files, demo_cards
from referee.rules.state import UnitState
from referee.units.card_rules import card_rules
from referee.units.model import UnitType
from referee.units.parse_unit import parse_unit

Preview = tuple[BattleMap, list[UnitState]]


def demo_unit_types(cards: dict[str, dict[str, Any]] | None = None) -> dict[str, UnitType]:
    """The demo's unit types by id, its cards (:func:`~referee.match.setup.demo.demo_cards`)
    read under the current edition; :class:`~referee.errors.DataFileError` names a card that
    does not read."""
    crules = card_rules()
    types: dict[str, UnitType] = {}
    problems: list[str] = []
    for i, (uid, card) in enumerate((cards or demo_cards()).items()):
        unit = parse_unit(
            card["raw"], i, str(card["nation"]), problems, crules, sample=card["sample"]
        )
        if unit is not None:
            types[uid] = unit
    if problems:
        raise DataFileError(demo_army_files()[0], problems)
    return types


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
