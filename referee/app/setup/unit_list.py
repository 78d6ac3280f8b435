"""The Setup dock's list of units to set up: the side being entered's units still waiting,
those the procedure lets be set up now enabled (clauses ``setup.order``, ``setup.blind``), a
blind entry marked with its hex."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from referee.board.hexgrid import hex_label
from referee.scenarios.procedure import may_place_now
from referee.scenarios.progress import SetupProgress
from referee.scenarios.setup_board import SetupBoard


def fill_unit_list(
    units: QListWidget,
    board: SetupBoard,
    progress: SetupProgress,
    side: int,
    current: str | None,
) -> int | None:
    """Fill ``units`` with ``side``'s waiting units (no signal) and return the row to pick:
    ``current`` unless it was just entered blind, else the next to place (in a blind setup
    one not entered yet); None when none may be set up now."""
    may = set(may_place_now(board, progress))
    units.blockSignals(True)
    units.clear()
    for w in progress.waiting:
        if w.side != side:
            continue
        entered = progress.entered.get(w.uid)
        where = f" → {hex_label(entered.hex)}" if entered else ""
        item = QListWidgetItem(f"{w.uid}: {board.cards[w.unit].name}{where}")
        item.setData(Qt.ItemDataRole.UserRole, w.uid)
        if w.uid not in may:
            item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            item.setToolTip("not set up in this step, or not this side's turn")
        units.addItem(item)
    units.blockSignals(False)
    rows = [r for r in range(units.count()) if units.item(r).flags() & Qt.ItemFlag.ItemIsEnabled]
    fresh = [r for r in rows if "→" not in units.item(r).text()]
    keep = next((r for r in fresh if units.item(r).data(Qt.ItemDataRole.UserRole) == current), None)
    if keep is None:
        keep = (fresh or rows)[0] if (fresh or rows) else None
    return keep
