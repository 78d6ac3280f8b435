"""The Turn dock's "Next step (N)" button, one widget for both game systems' Turn docks:
the same words, the same key named, what Turn > Next step does."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton, QWidget

from referee.app.widgets.plain_text import plain_tip

TEXT = "Next step (N)"


class NextStepButton(QPushButton):
    """The button; ``tip`` says what Next step does in its game."""

    def __init__(self, tip: str, parent: QWidget | None = None) -> None:
        super().__init__(TEXT, parent)
        self.setToolTip(plain_tip(tip))
