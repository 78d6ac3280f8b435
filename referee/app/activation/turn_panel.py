"""The Turn dock of a match of the activation rules: whose activation it is and what the
game asks now, a command line to play a step (the activation rules' commands, the dice
typed from the table or rolled; a click on a tile adds its label to the command being
typed, only while the command line has the keyboard), the Next step (N) button of the main
game's Turn dock, Undo and Redo buttons (the
window's undo stack), a button per wizard and what the last step did."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from referee.app.widgets.next_step_button import NextStepButton

if TYPE_CHECKING:
    from referee.app.map.map_view import MapView

SAID_LINES = 8
"""The lines of whose turn it is and what the game asks shown at once (more scroll)."""


class TurnPanel(QWidget):
    """The panel (see the module docstring); ``wizards``: (key, button text) of each wizard,
    a button each, two to a row."""

    def __init__(self, wizards: tuple[tuple[str, str], ...], parent: QWidget | None = None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        # whose turn it is and what the game asks, in a box of a fixed height (its text
        # scrolls when long): the command line under it never moves as the text changes
        said = QWidget(self)
        said_layout = QVBoxLayout(said)
        said_layout.setContentsMargins(0, 0, 0, 0)
        self.heading = QLabel(said)
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.asked = QLabel(said)
        self.asked.setWordWrap(True)
        self.asked.setTextFormat(Qt.TextFormat.PlainText)  # unit ids from the file
        self.asked.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        said_layout.addWidget(self.heading)
        said_layout.addWidget(self.asked)
        said_layout.addStretch(1)
        self.said_scroll = _scroll(self, said)
        self.said_scroll.setFixedHeight(self.fontMetrics().lineSpacing() * SAID_LINES + 8)
        layout.addWidget(self.said_scroll)
        # what the game asks, then the button that opens its wizard (as N does)
        self.next_button = NextStepButton(
            "Open the wizard of what the game asks now (Turn > Next step)", self
        )
        layout.addWidget(self.next_button)
        form = QFormLayout()
        self.command = QLineEdit(self)
        self.command.setPlaceholderText("deploy side=1 uid=tank hex=H15 facing=N")
        self.dice = QLineEdit(self)
        self.dice.setPlaceholderText("e.g. 9 4 (empty: the app rolls)")
        form.addRow("Command", self.command)
        form.addRow("Dice", self.dice)
        layout.addLayout(form)
        self.play_button = QPushButton("Play the step", self)
        layout.addWidget(self.play_button)
        row = QHBoxLayout()
        self.undo_button = QPushButton("Undo the last step", self)
        self.redo_button = QPushButton("Redo", self)
        row.addWidget(self.undo_button)
        row.addWidget(self.redo_button)
        layout.addLayout(row)
        grid = QGridLayout()
        self.buttons: dict[str, QPushButton] = {}
        for i, (key, text) in enumerate(wizards):
            button = QPushButton(text, self)
            grid.addWidget(button, i // 2, i % 2)
            self.buttons[key] = button
        layout.addLayout(grid)
        self.outcome = QLabel(self)
        self.outcome.setTextFormat(Qt.TextFormat.PlainText)  # unit ids from the file
        self.outcome.setWordWrap(True)
        self.outcome.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.outcome.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # a long step's outcome (a salvo, a collision, a fortification's d12s) scrolls in
        # the room the dock has left, instead of being cut off at the dock's bottom
        self.outcome_scroll = _scroll(self, self.outcome)
        layout.addWidget(self.outcome_scroll, 1)
        self.setMinimumWidth(300)
        self.left_command = False
        """The keyboard left the command line for the widget that has it now (a click on
        the map while typing moves it there first)."""
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_moved)

    def _focus_moved(self, old: QWidget | None, new: QWidget | None) -> None:
        self.left_command = old is self.command and new is not None

    def typing(self, clicked: MapView) -> bool:
        """The user is typing a command: the command line has the keyboard, or gave it
        to ``clicked`` (the map) by the click being handled (not by a click before it,
        on the map's background say: :attr:`MapView.click_took_keyboard`)."""
        return self.command.hasFocus() or (
            self.left_command and clicked.hasFocus() and clicked.click_took_keyboard
        )

    def say(self, text: str) -> None:
        """Show ``text`` (what the last step did, or why nothing was written), from its
        first line."""
        self.outcome.setText(text)
        self.outcome_scroll.verticalScrollBar().setValue(0)


def _scroll(parent: QWidget, inner: QWidget) -> QScrollArea:
    area = QScrollArea(parent)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(inner)
    return area
