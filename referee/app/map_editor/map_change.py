"""One change to the map in the editor, for Qt's undo stack: the map before and after.

The hexes painted in one stroke of the mouse (press, drag, release) merge into one command,
so Undo takes back the whole stroke ("Undo Paint forest (3 hexes)"), and one run of typing
in the Name field is one step. A merge that brings the map back to what it was before the
step (the Name field's own Ctrl+Z, or Backspace, back to the name it had) leaves no step:
the command is obsolete and the stack drops it, so a map brought back to its saved state is
clean again (no unsaved mark, nothing asked at closing).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from referee.board.maps import BattleMap

MERGE_ID = 7401


class MapChange(QUndoCommand):
    """``set_map(after)`` on redo, ``set_map(before)`` on undo."""

    def __init__(
        self,
        set_map: Callable[[BattleMap], None],
        before: BattleMap,
        after: BattleMap,
        text: str,
        stroke: int | None = None,
        hexes: int = 1,
    ) -> None:
        super().__init__()
        self.set_map = set_map
        self.before = before
        self.after = after
        self.label = text
        self.stroke = stroke
        self.hexes = hexes
        self._name()

    def _name(self) -> None:
        count = f" ({self.hexes} hexes)" if self.stroke is not None and self.hexes > 1 else ""
        self.setText(f"{self.label}{count}")

    def redo(self) -> None:
        self.set_map(self.after)

    def undo(self) -> None:
        self.set_map(self.before)

    def id(self) -> int:
        return MERGE_ID if self.stroke is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if (
            not isinstance(other, MapChange)
            or other.stroke != self.stroke
            or other.label != self.label
        ):
            return False
        self.after = other.after
        self.hexes += other.hexes
        self._name()
        self.setObsolete(self.after == self.before)  # back where it was: no step left
        return True
