"""Edit > Undo and Redo of the main window: the undo group's last step, named after it
("Undo Correction: tank moved to C6"), as Qt's own undo actions name it, but asked first
whether the step may move now (``guard``): while a blind setup's screen is turned, a step
holding the entry of the side looking away is refused with the reason said (``refuse``),
and the menu does not name it (ruling ``setup.blind-undo``,
:mod:`referee.rules.orders.blind_screen`). The shortcut stays live while refused, so Ctrl+Z
says why instead of doing nothing. Each keeps its letter (Alt+E, U; Alt+E, R) whatever the
step is called: the letter is the first word's, and an ``&`` of the step's name is shown as
typed (``&&``), never taken for a letter."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup

Guard = Callable[[bool], "str | None"]
"""``guard(redo)``: why the undo (redo) of the step it would move is refused now, or None."""


class StepUndoActions(QObject):
    """The two actions (``undo``, ``redo``) over ``group`` (see the module docstring)."""

    def __init__(
        self,
        group: QUndoGroup,
        parent: QObject,
        guard: Guard,
        refuse: Callable[[str], None],
        short: Callable[[], str],
    ) -> None:
        super().__init__(parent)
        self.group = group
        self.guard = guard
        self.refuse = refuse
        self.short = short
        """The menu's words for a refused step ("not while side 2 is at the screen")."""
        self.undo = QAction("&Undo", parent)
        self.undo.setShortcut(QKeySequence("Ctrl+Z"))
        self.redo = QAction("&Redo", parent)
        self.redo.setShortcut(QKeySequence("Ctrl+Shift+Z"))
        self.undo.triggered.connect(lambda: self._move(redo=False))
        self.redo.triggered.connect(lambda: self._move(redo=True))
        for signal in (
            group.canUndoChanged,
            group.canRedoChanged,
            group.undoTextChanged,
            group.redoTextChanged,
        ):
            signal.connect(lambda *_: self.update())
        group.activeStackChanged.connect(lambda *_: self.update())
        group.indexChanged.connect(lambda *_: self.update())
        self.update()

    def update(self) -> None:
        """Name and enable both actions as the group and the guard say now."""
        for action, redo in ((self.undo, False), (self.redo, True)):
            word = "&Redo" if redo else "&Undo"
            can = self.group.canRedo() if redo else self.group.canUndo()
            text = self.group.redoText() if redo else self.group.undoText()
            action.setEnabled(can)
            if can and self.guard(redo) is not None:
                action.setText(f"{word} (refused: {as_typed(self.short())})")
            else:
                action.setText(f"{word} {as_typed(text)}" if can and text else word)

    def _move(self, *, redo: bool) -> None:
        refusal = self.guard(redo)
        if refusal is not None:
            self.refuse(refusal)
            return
        if redo:
            self.group.redo()
        else:
            self.group.undo()


def as_typed(text: str) -> str:
    """``text`` in a menu entry as it is written: its ``&`` doubled, so none is a letter."""
    return text.replace("&", "&&")
