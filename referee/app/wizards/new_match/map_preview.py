"""A small map view for a page of the new-match wizard (the map page, the armies page)."""

from __future__ import annotations

from referee.app.map.map_scene import MapScene
from referee.app.map.map_view import MapView


def map_preview() -> tuple[MapScene, MapView]:
    """A small map view for a wizard page (no dragging: a click picks a hex)."""
    scene = MapScene()
    view = MapView(scene)
    view.setDragMode(MapView.DragMode.NoDrag)
    view.setMinimumSize(160, 160)
    return scene, view
