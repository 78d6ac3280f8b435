"""What a wizard may draw on the main map while it is open, and nothing more.

A wizard beside the map shows its question on the map itself: the movement wizard's arrows,
the gunnery wizard's line from shooter to target with the range and the sectors, the
assault wizard's hex fought over and the hexes a loser may retreat into. It does so through
this small interface, handed to it by the
:class:`~referee.app.docks.wizard_host.WizardHost`; the
map scene stays the only thing that paints, and the host takes everything off the map when
the wizard closes (:meth:`MapOverlay.clear`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from referee.app.map.map_scene import MapScene
from referee.board.hexgrid import Hex, hex_label

if TYPE_CHECKING:  # the wizard that draws them imports them
    from referee.app.map.move_arrow_item import MoveArrow
    from referee.app.map.shot_line_item import ShotLine


class MapOverlay:
    """A wizard's pen on ``scene`` (see the module docstring)."""

    def __init__(self, scene: MapScene) -> None:
        self.scene = scene

    def arrows(self, arrows: Iterable[MoveArrow]) -> None:
        """Arrows from hex to hex, replacing those drawn before."""
        self.scene.show_moves(arrows)

    def hexes(self, hexes: Iterable[Hex], colour: str, tooltip: str = "") -> None:
        """Tint and rim ``hexes`` in ``colour``, over the hexes marked before."""
        self.scene.highlight_hexes(hexes, colour, tooltip)

    def clear_hexes(self) -> None:
        self.scene.clear_highlight()

    def shot(self, shot: ShotLine | None) -> None:
        """The line of one shot (None: no line), replacing the one drawn before."""
        self.scene.show_shot(shot)

    def clear(self) -> None:
        """Take off everything a wizard drew."""
        self.scene.clear_moves()
        self.scene.clear_highlight()
        self.scene.show_shot(None)

    def drawn(self) -> list[str]:
        """What is on the map now, in words (for tests and screenshots)."""
        out = [f"arrow {item.arrow.text()}" for item in self.scene.drawings.arrow_items]
        out += [f"hex {hex_label(h)} {spec}" for h, spec in self.scene.highlighted().items()]
        if self.scene.drawings.shot_item is not None:
            out.append(f"shot {self.scene.drawings.shot_item.shot.text()}")
        return out
