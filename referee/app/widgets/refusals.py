"""A window's refusals said whole in a dialog of plain text (the status bar cuts a long one
off; the words of a file stay words): one at a time, each in place of the last, not waited
for. The main window says so a match file it refused, the map editor an open or a save."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from referee.app.widgets.plain_text import plain_message


class Refusals:
    """The dialog of the last refusal over ``parent`` (``box``, while it is shown)."""

    def __init__(self, parent: QWidget) -> None:
        self.parent = parent
        self.box: QMessageBox | None = None

    def say(self, title: str, text: str) -> QMessageBox:
        """A warning of plain text (the words of a file stay words), in place of the last."""
        old = self.box
        if old is not None:
            old.close()
        box = plain_message(self.parent, QMessageBox.Icon.Warning, title, text)
        box.finished.connect(lambda _=0, shown=box: self._read(shown))
        self.box = box
        box.open()
        return box

    def _read(self, box: QMessageBox) -> None:
        if self.box is box:
            self.box = None
        box.deleteLater()
