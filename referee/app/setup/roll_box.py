"""The setup-advantage roll (clause ``setup.advantage``): each side's die as the table rolled
it, or the app's roll."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from referee.app.widgets.boxes import SpinBox


class AdvantageRollBox(QGroupBox):
    """Side 1's and side 2's dice typed (both needed), or "Roll for us"."""

    rollRequested = Signal(object)
    """The dice typed (side 1's, side 2's), or () for the app's roll."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Setup advantage", parent)
        self.dice = {side: SpinBox() for side in (1, 2)}
        form = QFormLayout()
        for side, spin in self.dice.items():
            spin.setRange(0, 6)
            spin.setSpecialValueText("—")
            spin.setAccessibleName(f"side {side} setup die")
            form.addRow(f"Side {side}'s die", spin)
            spin.valueChanged.connect(self.update_buttons)
        self.enter_dice = QPushButton("Enter the table's dice")
        self.roll = QPushButton("Roll for us")
        buttons = QHBoxLayout()
        buttons.addWidget(self.enter_dice)
        buttons.addWidget(self.roll)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        self.enter_dice.clicked.connect(
            lambda: self.rollRequested.emit(tuple(self.dice[side].value() for side in (1, 2)))
        )
        self.roll.clicked.connect(lambda: self.rollRequested.emit(()))

    def update_buttons(self) -> None:
        """The table's dice are entered once both are typed."""
        self.enter_dice.setEnabled(all(spin.value() for spin in self.dice.values()))

    def clear(self) -> None:
        """The dice typed go (the roll was asked for)."""
        for spin in self.dice.values():
            spin.setValue(0)
