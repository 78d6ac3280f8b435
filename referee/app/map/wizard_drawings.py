"""What the wizards draw on the map scene, through their
:class:`~referee.app.map.map_overlay.MapOverlay`: the movement plan's arrows, highlighted
hexes (the hex fought over, retreat hexes; the setup's zones) and the shot's line."""

from __future__ import annotations

from collections.abc import Container, Iterable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QGraphicsScene

from referee.app.map.geometry import hex_centre
from referee.app.map.highlight_item import HighlightItem
from referee.board.hexgrid import Hex

if TYPE_CHECKING:  # a wizard's arrows and shot line are drawn when a wizard draws them
    from referee.app.map.move_arrow_item import MoveArrow, MoveArrowItem
    from referee.app.map.shot_line_item import ShotLine, ShotLineItem


class WizardDrawings:
    """The arrows, highlights and shot line on ``scene``."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.arrow_items: list[MoveArrowItem] = []
        self.highlight_items: list[HighlightItem] = []
        self.shot_item: ShotLineItem | None = None

    def forget(self) -> None:
        """The scene was cleared: its drawings went with it."""
        self.arrow_items = []
        self.highlight_items = []
        self.shot_item = None

    def show_moves(self, moves: Iterable[MoveArrow]) -> None:
        """Draw ``moves`` as arrows from hex to hex (the movement wizard's plan), replacing
        the arrows drawn before."""
        from referee.app.map.move_arrow_item import MoveArrowItem

        self.clear_moves()
        for arrow in moves:
            item = MoveArrowItem(arrow)
            self.scene.addItem(item)
            self.arrow_items.append(item)

    def clear_moves(self) -> None:
        for item in self.arrow_items:
            self.scene.removeItem(item)
        self.arrow_items = []

    def highlight_hexes(
        self, hexes: Iterable[Hex], on_map: Container[Hex], colour: str, tooltip: str = ""
    ) -> None:
        """Tint and rim ``hexes`` in ``colour``, over the highlights drawn before; hexes not
        ``on_map`` are skipped."""
        for h in hexes:
            if h not in on_map:
                continue
            item = HighlightItem(h, colour, tooltip)
            item.setPos(hex_centre(h))
            self.scene.addItem(item)
            self.highlight_items.append(item)

    def clear_highlight(self) -> None:
        for item in self.highlight_items:
            self.scene.removeItem(item)
        self.highlight_items = []

    def show_shot(self, shot: ShotLine | None) -> None:
        """Draw ``shot`` (the gunnery wizard's line from shooter to target), replacing the
        one drawn before; None takes it off."""
        if self.shot_item is not None:
            self.scene.removeItem(self.shot_item)
            self.shot_item = None
        if shot is not None:
            from referee.app.map.shot_line_item import ShotLineItem

            self.shot_item = ShotLineItem(shot)
            self.scene.addItem(self.shot_item)

    def highlighted(self) -> dict[Hex, str]:
        """The colour of each highlighted hex, the last drawn on top (what tests check)."""
        return {item.hex: item.spec for item in self.highlight_items}
