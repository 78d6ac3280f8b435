"""The map as a graphics scene: one :class:`HexItem` per hex, roads and rivers through hex
centres, a token per unit, a marker row per hex with markers, the overlays of the
line-of-sight tool (hex tints and the line itself) and what the wizards draw through their
:class:`~referee.app.map.map_overlay.MapOverlay` (arrows, highlighted hexes, a shot's line).

The scene only draws: :meth:`MapScene.set_state` redraws it from a match state, and the
overlays are set by whoever computed them (the engine's answer, never the scene's).

The scene holds the terrain, the markers and the line-of-sight overlay; its other layers
are each their own part: the tokens (:mod:`referee.app.map.token_layer`), what the wizards
draw (:mod:`referee.app.map.wizard_drawings`) and the far picture of a large map
(:mod:`referee.app.map.far_picture`). Its methods for them pass the call on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QLineF, QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsLineItem,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsSceneHelpEvent,
    QToolTip,
    QWidget,
)

from referee.app.map.far_picture import FAR_MIN_HEXES, FAR_PIXELS, HexLayer, far_picture
from referee.app.map.geometry import HEX_SIZE, hex_at_scene, hex_centre
from referee.app.map.hex_item import HexItem
from referee.app.map.marker_item import MarkerItem
from referee.app.map.overlay_layer import OverlayLayer
from referee.app.map.token_layer import TokenLayer
from referee.app.map.unit_item import UnitItem
from referee.app.map.wizard_drawings import WizardDrawings
from referee.app.widgets.style import LINE_COLOURS
from referee.board.hexgrid import Hex
from referee.board.maps import BattleMap
from referee.rules.state import UnitState

if TYPE_CHECKING:  # numpy and the far picture come when first zoomed out (a quicker start)
    import numpy as np
    import numpy.typing as npt

    from referee.app.map.map_raster import MapRaster
    from referee.app.map.move_arrow_item import MoveArrow
    from referee.app.map.shot_line_item import ShotLine
    from referee.rules.orders.outcome import PendingOnUnit
    from referee.rules.orders.state import MatchState  # the engine, when a match is opened

__all__ = ["FAR_MIN_HEXES", "FAR_PIXELS", "MapScene"]


class MapScene(QGraphicsScene):
    """The battlefield (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.battle_map: BattleMap | None = None
        self.hex_items: dict[Hex, HexItem] = {}
        self.marker_items: dict[Hex, MarkerItem] = {}
        self.tokens = TokenLayer(self)
        """The units' tokens (:mod:`referee.app.map.token_layer`)."""
        self.drawings = WizardDrawings(self)
        """What the wizards draw (:mod:`referee.app.map.wizard_drawings`)."""
        self._line: QGraphicsLineItem | None = None
        self.hex_layer = HexLayer()
        """The parent of every hex: hidden whole while the map is seen from afar."""
        self.overlay = OverlayLayer()
        self.raster: MapRaster | None = None
        """Which hex each pixel of the far picture shows (made when first seen from afar)."""
        self.far_item: QGraphicsPixmapItem | None = None
        """The terrain's far picture (a large map seen whole)."""
        self.far = False
        """Whether the map is drawn from afar: one picture instead of its hexes."""
        self.zoom_pixels = HEX_SIZE
        """A hex's circumradius on the screen, in pixels, as the view last said."""
        self._smoked: frozenset[Hex] = frozenset()
        """The hexes described with smoke last time (their words change when it goes)."""
        self.setBackgroundBrush(QColor("#5d6b59"))
        # No spatial index: the few top-level items are walked (the hexes under their
        # layer), which costs less than an index that answers ten thousand hidden hexes
        # on every frame of a large map seen from afar.
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)

    # --- building ------------------------------------------------------------------

    def clear_map(self) -> None:
        """No map: every item goes (a first start's preview of a demo that could not be
        written)."""
        self.clear()
        self.hex_items, self.marker_items = {}, {}
        self.tokens.forget()
        self.drawings.forget()
        self._line = None
        self._smoked = frozenset()
        self.battle_map = None
        self.hex_layer = HexLayer()
        self.overlay = OverlayLayer()
        self.raster = None
        self.far_item = None
        self.far = False

    def set_map(self, battle_map: BattleMap) -> None:
        """Draw ``battle_map``'s hexes, zones, roads and rivers (everything else goes)."""
        self.clear_map()
        self.battle_map = battle_map
        self.hex_layer = HexLayer()
        self.addItem(self.hex_layer)
        layer = self.hex_layer
        for h in battle_map.hexes:
            item = HexItem(h, battle_map.zone_of(h))
            item.setPos(hex_centre(h))
            item.setParentItem(layer)
            self.hex_items[h] = item
        self.overlay = OverlayLayer(battle_map.hexes)
        self.addItem(self.overlay)
        self.raster = None
        self.far_item = None
        self.far = False
        for river in battle_map.rivers:
            self._path(river, "#2f78c4", 0.16, z=2)
        for road in battle_map.roads:
            self._path(road, "#7b5b3a", 0.1, z=3, dashed=True)
        margin = HEX_SIZE * 0.5
        self.setSceneRect(self.itemsBoundingRect().adjusted(-margin, -margin, margin, margin))
        self.set_zoom(self.zoom_pixels)

    def _path(
        self, hexes: Iterable[Hex], spec: str, width: float, z: float, dashed: bool = False
    ) -> None:
        points = [hex_centre(h) for h in hexes]
        if len(points) < 2:
            return
        path = QPainterPath(points[0])
        for p in points[1:]:
            path.lineTo(p)
        pen = QPen(QColor(spec), width * HEX_SIZE)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        item = QGraphicsPathItem(path)
        item.setPen(pen)
        item.setZValue(z)
        self.addItem(item)

    def set_state(self, state: MatchState) -> None:
        """Redraw terrain, tokens and markers from ``state`` (the map must be set)."""
        if self.battle_map is None or state.battle_map.name != self.battle_map.name:
            self.set_map(state.battle_map)
        from referee.rules.orders.board_now import board_now

        board = board_now(state)
        smoke = board.smoke
        repainted = False
        for h, item in self.hex_items.items():
            terrain = state.terrain_at(h)
            if (
                terrain != item.terrain or h in smoke or not item.description or h in self._smoked
            ):  # only what changed: a large map has many hexes
                repainted = repainted or terrain != item.terrain
                item.set_terrain(terrain, board.describe(h))
        self._smoked = frozenset(smoke)
        if repainted and self.far_item is not None:
            self.removeItem(self.far_item)
            self.far_item = None
            self._show_far()
        self._set_units(state)
        self._set_markers(state)

    def _set_units(self, state: MatchState) -> None:
        """The tokens of the units on the table: a destroyed unit leaves the map (the
        journal and the inspector keep it)."""
        on_table = {uid: u for uid, u in state.units.items() if not u.destroyed}
        pending: dict[str, PendingOnUnit] = {}
        if state.pending:  # what applying it will do comes with the first damage rolled
            from referee.rules.orders.outcome import pending_by_unit

            pending = pending_by_unit(state)
        self.tokens.place_units(on_table, pending)

    def show_preview(self, battle_map: BattleMap, units: Iterable[UnitState]) -> None:
        """Draw ``battle_map`` and ``units`` before the match's engine is loaded (the demo
        match a first start is writing, :mod:`referee.app.start.demo_preview`): the terrain and
        the tokens as the match will show them; the hexes' words and the damage waiting
        come with :meth:`set_state`."""
        self.set_map(battle_map)
        for h, item in self.hex_items.items():
            item.set_terrain(battle_map.terrain[h], "")
        self.tokens.place_units({u.uid: u for u in units}, {})

    def _set_markers(self, state: MatchState) -> None:
        from referee.rules.hexes.rules import hex_effect_rules

        for item in self.marker_items.values():
            self.removeItem(item)
        self.marker_items = {}
        names = {k: m.name for k, m in hex_effect_rules(state.rules).markers.items()}
        for h in state.hexes.hexes():
            markers = state.hexes.at(h)
            if not markers or h not in self.hex_items:
                continue
            item = MarkerItem(h, markers, names)
            item.setPos(hex_centre(h))
            self.addItem(item)
            self.marker_items[h] = item

    # --- near and far ------------------------------------------------------------------

    def set_zoom(self, pixels: float) -> None:
        """The view shows a hex ``pixels`` wide (its circumradius on the screen): a large
        map seen from that far is drawn as one picture (:mod:`referee.app.map.map_raster`),
        its hexes hidden; closer, hex by hex with their labels."""
        self.zoom_pixels = pixels
        far = pixels < FAR_PIXELS and len(self.hex_items) >= FAR_MIN_HEXES
        if far == self.far:
            return
        self.far = far
        self._show_far()

    def _show_far(self) -> None:
        far = self.far
        if far and self.raster is None and self.battle_map is not None:
            from referee.app.map.map_raster import MapRaster

            self.raster = MapRaster(self.battle_map.hexes)
        if far and self.far_item is None and self.raster is not None:
            self.far_item = far_picture(self.raster, self.hex_items)
            self.addItem(self.far_item)
        if self.far_item is not None:
            self.far_item.setVisible(far)
        self.hex_layer.setVisible(not far)
        self.overlay.set_raster(self.raster if far else None)

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        """Seen from afar the hexes are hidden: the hex under the mouse still says its
        terrain, unless a token or a marker there has its own tooltip."""
        if self.far:
            point = event.scenePos()
            h = self.hex_at(point)
            shown = [i for i in self.items(point) if i.isVisible() and i.toolTip()]
            if h is not None and not shown:
                QToolTip.showText(event.screenPos(), self.hex_items[h].toolTip(), event.widget())
                event.accept()
                return
        super().helpEvent(event)

    # --- the tokens (:class:`TokenLayer`) ---------------------------------------------

    @property
    def unit_items(self) -> dict[str, UnitItem]:
        return self.tokens.unit_items

    @property
    def selected_uid(self) -> str | None:
        return self.tokens.selected_uid

    @property
    def concealed_sides(self) -> frozenset[int]:
        return self.tokens.concealed_sides

    def set_concealed_sides(self, sides: Iterable[int]) -> None:
        self.tokens.set_concealed_sides(sides)

    def is_concealed(self, uid: str) -> bool:
        return self.tokens.is_concealed(uid)

    def show_pending(self, units: Iterable[UnitState]) -> None:
        self.tokens.show_pending(units)

    def units_at(self, h: Hex) -> list[str]:
        return self.tokens.units_at(h)

    def token_at(self, point: QPointF) -> str | None:
        return self.tokens.token_at(point)

    def select_unit(self, uid: str | None) -> None:
        self.tokens.select_unit(uid)

    # --- picking ---------------------------------------------------------------------

    def hex_at(self, point: QPointF) -> Hex | None:
        """The map's hex under a scene point, or None off the map."""
        h = hex_at_scene(point)
        return h if h in self.hex_items else None

    # --- overlays --------------------------------------------------------------------

    def show_overlay(
        self, roles: Mapping[Hex, str], line: tuple[Hex, Hex] | None = None, verdict: str = ""
    ) -> None:
        """Tint hexes by role (see :data:`referee.app.widgets.style.OVERLAY_COLOURS`) and draw the
        line between two hex centres, coloured by ``verdict`` (visible, blind, blocked)."""
        items = self.hex_items
        self.overlay.set_roles({h: r for h, r in roles.items() if r and h in items})
        if line is None:
            if self._line is not None:
                self._line.hide()
            return
        if self._line is None:
            self._line = QGraphicsLineItem()
            self._line.setZValue(20)
            self._line.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.addItem(self._line)
        a, b = line
        pen = QPen(QColor(LINE_COLOURS.get(verdict, "#000000")), 0.07 * HEX_SIZE)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self._line.setPen(pen)
        self._line.setLine(QLineF(hex_centre(a), hex_centre(b)))
        self._line.show()

    def overlay_line(self) -> QLineF | None:
        """The line of sight drawn on the map (between two hex centres), if any."""
        if self._line is None or not self._line.isVisible():
            return None
        return self._line.line()

    def show_overlay_codes(self, codes: npt.NDArray[np.uint8]) -> None:
        """Tint the hexes by role code, one per hex of the map in its order
        (:func:`referee.app.map.overlay_layer.role_code`: what the visibility engine's vectors
        give without a loop over the hexes); no line."""
        self.overlay.set_codes(codes)
        if self._line is not None:
            self._line.hide()

    def clear_overlay(self) -> None:
        self.show_overlay({})

    def overlay_roles(self) -> dict[Hex, str]:
        """The role shown on each tinted hex (what a test or a screenshot checks)."""
        return dict(self.overlay.roles)

    # --- what the wizards draw (:class:`WizardDrawings`) -----------------------------

    def show_moves(self, moves: Iterable[MoveArrow]) -> None:
        self.drawings.show_moves(moves)

    def clear_moves(self) -> None:
        self.drawings.clear_moves()

    def highlight_hexes(self, hexes: Iterable[Hex], colour: str, tooltip: str = "") -> None:
        """Tint and rim ``hexes`` in ``colour`` (the assault wizard's hex fought over and
        retreat hexes), over the highlights drawn before; hexes off the map are skipped."""
        self.drawings.highlight_hexes(hexes, self.hex_items, colour, tooltip)

    def clear_highlight(self) -> None:
        self.drawings.clear_highlight()

    def show_shot(self, shot: ShotLine | None) -> None:
        self.drawings.show_shot(shot)

    def highlighted(self) -> dict[Hex, str]:
        return self.drawings.highlighted()
