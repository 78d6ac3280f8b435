"""Every message box of the app (a question, a warning, a refusal: both games, the desk, the
army builder, the map editor) gives each of its buttons its own letter, as its menus do:
Qt's theme here writes "OK", "Save", "Discard", "Cancel", "Close" with none (only "&Yes" and
"&No" have one), so a keyboard referee had Tab and Return alone. With a letter, Alt+letter,
or the letter alone (a message box takes it, as Qt's do), presses the button.

:class:`MessageBox` is the one message box class of the app (a test finds any other): it
gives the letters as it shows, and again when a button is added while it is shown (a
refusal offering to save the match to a new file), by the rule the wizards' own buttons
take theirs by too (:mod:`.key_letters`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QAbstractButton, QMessageBox

from referee.app.widgets.key_letters import lettered


def give_letters(buttons: list[QAbstractButton]) -> None:
    """Each of ``buttons`` its own letter (its text changed only where it must)."""
    for button, text in zip(buttons, lettered([b.text() for b in buttons]), strict=True):
        if button.text() != text:
            button.setText(text)


class MessageBox(QMessageBox):
    """A QMessageBox whose buttons have their letters (see the module docstring)."""

    def showEvent(self, event: QShowEvent) -> None:
        give_letters(self.buttons())
        super().showEvent(event)

    def addButton(self, *args: Any) -> Any:
        """Qt's, each of its forms; a button added to a box on the screen gets its letter."""
        button = super().addButton(*args)
        if self.isVisible():
            give_letters(self.buttons())
        return button
