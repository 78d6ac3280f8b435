"""A blind setup's screen (clause ``setup.blind``): which side's placements are being entered,
while the other side looks away."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

SIDE_WORDS = {1: "Side 1 (blue, the bottom edge)", 2: "Side 2 (red, the top edge)"}


class BlindSideBox(QGroupBox):
    """A button per side (one checked) and what is left to place."""

    sideClicked = Signal(int)
    """The referee now enters this side's placements."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Behind the screen: entering the placements of", parent)
        self.side_buttons = {side: QPushButton(SIDE_WORDS[side]) for side in (1, 2)}
        group = QButtonGroup(self)
        row = QHBoxLayout()
        for side, button in self.side_buttons.items():
            button.setCheckable(True)
            group.addButton(button, side)
            row.addWidget(button)
        self.side_hint = QLabel()
        self.side_hint.setTextFormat(Qt.TextFormat.PlainText)
        self.side_hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.side_hint)
        self.side_buttons[1].setChecked(True)
        group.idClicked.connect(self.sideClicked)

    def show_left(self, entering: int, left: int) -> None:
        """``entering``'s side has ``left`` units still to place; the other looks away."""
        self.side_hint.setText(
            f"Side {3 - entering} looks away: its placements are not shown. "
            + (
                f"Side {entering} still has {left} to place."
                if left
                else f"Side {entering} has placed every unit."
            )
        )
