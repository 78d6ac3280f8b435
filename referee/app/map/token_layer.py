"""The units' tokens on the map scene: a token per unit on the table (sharing a hex, side by
side and smaller), the one selected, hidden units of a concealed side shown as hidden
tokens, and the pale tokens of a blind setup's placements not on the table yet."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsScene

from referee.app.map.geometry import HEX_SIZE, hex_centre
from referee.app.map.unit_item import UnitItem, token_names, tooltip
from referee.app.widgets.plain_text import plain_tip
from referee.board.hexgrid import Hex
from referee.rules.state import UnitState

if TYPE_CHECKING:
    from referee.rules.orders.outcome import PendingOnUnit  # the engine, when a match is opened

SLOT_SPACING = 0.52 * HEX_SIZE
"""Horizontal distance between the tokens of three or more units sharing a hex (drawn
smaller, :data:`SHARED_SCALE`); they overlap a little."""
PAIR_SPACING = 0.74 * HEX_SIZE
"""The distance between two tokens sharing a hex: side by side without overlapping (each
is 0.72 hex radii wide at :data:`SHARED_SCALE`), both inside the hex."""
SHARED_SCALE = 0.6


def slot_offset(i: int, n: int) -> float:
    """The horizontal offset of the ``i``-th of ``n`` tokens in one hex, from its centre."""
    spacing = PAIR_SPACING if n == 2 else SLOT_SPACING
    return (i - (n - 1) / 2) * spacing


class TokenLayer:
    """The tokens of ``scene`` (see the module docstring)."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.unit_items: dict[str, UnitItem] = {}
        self.selected_uid: str | None = None
        self.concealed_sides: frozenset[int] = frozenset()
        """Sides whose hidden units show as hidden tokens (the referee's "hide side N")."""
        self.pending_items: list[UnitItem] = []
        """Placements entered behind the screen of a blind setup, not on the table yet."""

    def forget(self) -> None:
        """The scene was cleared: its tokens went with it."""
        self.unit_items = {}
        self.pending_items = []

    def place_units(
        self, units: Mapping[str, UnitState], pending: Mapping[str, PendingOnUnit]
    ) -> None:
        """A token for each of ``units`` (with the damage ``pending`` on it), no other."""
        for uid in list(self.unit_items):
            if uid not in units:
                self.scene.removeItem(self.unit_items.pop(uid))
        by_hex: dict[Hex, list[str]] = {}
        for uid, unit in units.items():
            by_hex.setdefault(unit.hex, []).append(uid)
            item = self.unit_items.get(uid)
            if item is None:
                item = UnitItem(unit)
                self.scene.addItem(item)
                self.unit_items[uid] = item
            item.set_unit(unit, pending.get(uid))
        names = token_names(units)
        for uid, item in self.unit_items.items():
            item.short_name = names[uid]
        for h, uids in by_hex.items():
            n = len(uids)
            for i, uid in enumerate(uids):
                item = self.unit_items[uid]
                offset = slot_offset(i, n)
                item.setScale(1.0 if n == 1 else SHARED_SCALE)
                item.setPos(hex_centre(h) + QPointF(offset, 0))
        for uid, item in self.unit_items.items():
            item.set_selected(uid == self.selected_uid)
            item.set_concealed(item.unit.hidden and item.unit.side in self.concealed_sides)

    def set_concealed_sides(self, sides: Iterable[int]) -> None:
        """Show the hidden units of ``sides`` as hidden tokens only (clause
        ``setup.hidden``): the owner's secret, kept from the other side's eyes."""
        self.concealed_sides = frozenset(sides)
        for item in self.unit_items.values():
            item.set_concealed(item.unit.hidden and item.unit.side in self.concealed_sides)

    def is_concealed(self, uid: str) -> bool:
        item = self.unit_items.get(uid)
        return item is not None and item.concealed

    def show_pending(self, units: Iterable[UnitState]) -> None:
        """Draw placements entered for a blind setup (clause ``setup.blind``) as pale tokens,
        replacing those drawn before; they are not on the table until the reveal."""
        for item in self.pending_items:
            self.scene.removeItem(item)
        self.pending_items = []
        by_hex: dict[Hex, list[UnitState]] = {}
        for unit in units:
            by_hex.setdefault(unit.hex, []).append(unit)
        names = token_names([*self.unit_items, *(u.uid for u in units)])
        for h, here in by_hex.items():
            for i, unit in enumerate(here):
                item = UnitItem(unit)
                item.short_name = names[unit.uid]
                item.setOpacity(0.6)
                item.setToolTip(
                    plain_tip(
                        f"{tooltip(unit)}\nentered behind the screen: on the table at the reveal"
                    )
                )
                offset = slot_offset(i, len(here))
                item.setScale(1.0 if len(here) == 1 else SHARED_SCALE)
                item.setPos(hex_centre(h) + QPointF(offset, 0))
                self.scene.addItem(item)
                self.pending_items.append(item)

    def units_at(self, h: Hex) -> list[str]:
        return [uid for uid, item in self.unit_items.items() if item.unit.hex == h]

    def token_at(self, point: QPointF) -> str | None:
        """The unit whose token is under the scene point (of several in one hex, the one
        clicked), or None."""
        under = []
        for uid, item in self.unit_items.items():
            box = item.sceneBoundingRect()
            if item.isVisible() and box.contains(point):
                d = box.center() - point
                under.append((d.x() ** 2 + d.y() ** 2, uid))
        return min(under)[1] if under else None  # of two overlapping, the nearer centre

    def select_unit(self, uid: str | None) -> None:
        self.selected_uid = uid
        for u, item in self.unit_items.items():
            item.set_selected(u == uid)
