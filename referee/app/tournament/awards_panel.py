"""The tournament window's Awards tab: a vote entered at the desk (from a paper ballot, or to
put one right), the weights of best overall, and the awards as they stand with best
overall's formula in words. The panel only collects choices (its signals); the window hands
them to the desk (``awards``), which refuses what the rules do not allow."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from referee.app.tournament.tables import fill, make_table
from referee.app.widgets.boxes import ComboBox, SpinBox
from referee.tournament.awards import CATEGORIES, WEIGHT_KEYS, WEIGHT_MAX, awards
from referee.tournament.event import Event

WEIGHT_LABELS = {
    "tvp": "Total TVP",
    "painting": "Painting votes",
    "sportsmanship": "Sportsmanship votes",
    "favourite-opponent": "Favourite-opponent votes",
}


class AwardsPanel(QWidget):
    vote_requested = Signal(str, str, str)
    """voter, category, for."""
    weights_requested = Signal(dict)
    """{key: weight} of every part of best overall."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.voter = ComboBox()
        self.category = ComboBox()
        for key, title in CATEGORIES.items():
            self.category.addItem(title.capitalize(), key)
        self.choice = ComboBox()
        self.vote_button = QPushButton("E&nter vote")
        self.vote_button.clicked.connect(self._vote)
        vote_row = QHBoxLayout()
        for label, widget in (
            ("Voter", self.voter),
            ("votes for", self.choice),
            ("as", self.category),
        ):
            name = QLabel(label)
            name.setTextFormat(Qt.TextFormat.PlainText)
            vote_row.addWidget(name)
            vote_row.addWidget(widget, 1)
        vote_row.addWidget(self.vote_button)

        self.weights: dict[str, QSpinBox] = {}
        form = QHBoxLayout()
        form.addWidget(QLabel("Best overall's weights:"))
        for key in WEIGHT_KEYS:
            box = SpinBox()
            box.setRange(0, WEIGHT_MAX)
            self.weights[key] = box
            weight = QLabel(WEIGHT_LABELS[key])
            weight.setTextFormat(Qt.TextFormat.PlainText)
            form.addWidget(weight)
            form.addWidget(box)
        self.weights_button = QPushButton("Set &weights")
        self.weights_button.clicked.connect(self._weights)
        form.addWidget(self.weights_button)
        form.addStretch(1)
        self.formula = QLabel()
        self.formula.setTextFormat(Qt.TextFormat.PlainText)
        self.formula.setWordWrap(True)
        self.table = make_table(["award", "player(s)", "why"])
        self.tallies = QLabel()
        self.tallies.setTextFormat(Qt.TextFormat.PlainText)  # players' names
        self.tallies.setWordWrap(True)

        note = QLabel(
            "A vote entered here replaces the voter's vote in that category. Painting: any "
            "other player; best sport and favourite opponent: a player the voter was paired "
            "against."
        )
        note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addLayout(vote_row)
        layout.addLayout(form)
        layout.addWidget(self.formula)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.tallies)

    def _vote(self) -> None:
        voter, choice = self.voter.currentData(), self.choice.currentData()
        if isinstance(voter, str) and isinstance(choice, str):
            self.vote_requested.emit(voter, str(self.category.currentData()), choice)

    def _weights(self) -> None:
        self.weights_requested.emit({k: box.value() for k, box in self.weights.items()})

    def show_event(self, event: Event) -> None:
        """Redraw from the event: its players, weights, awards and tallies."""
        names = list(event.players)
        for combo in (self.voter, self.choice):
            kept = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            for n in names:
                combo.addItem(n, n)  # data, not text: the name exactly as entered
            if kept in names:
                combo.setCurrentIndex(names.index(kept))
            combo.blockSignals(False)
        found = awards(event)
        for key, box in self.weights.items():
            if not box.hasFocus():
                box.setValue(found.weights[key])
        self.formula.setText(found.formula[0].upper() + found.formula[1:])
        fill(self.table, [(a.title, ", ".join(a.winners), a.why) for a in found.awards])
        self.tallies.setText(
            "\n".join(
                f"{CATEGORIES[c].capitalize()}: {text} ({found.voters[c]} voted)"
                for c, text in found.votes_text().items()
            )
        )
