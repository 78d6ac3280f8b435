"""A new event, as ``referee tournament new`` makes it: its name, rounds, the round's
minutes, the game size, the scenario its tables play and the event file."""

from __future__ import annotations

from pathlib import Path

import msgspec
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from referee.app.widgets.boxes import ComboBox, SpinBox
from referee.app.widgets.save_dialog import ask_save_path
from referee.paths import safe_file_name
from referee.scenarios.loader import scenario, scenario_files
from referee.units.budget import load_budgets


class NewEvent(msgspec.Struct, frozen=True):
    path: Path
    name: str
    rounds: int
    round_minutes: int
    game: str
    scenario: str


class NewEventDialog(QDialog):
    """See the module docstring; :meth:`chosen` is the event once accepted."""

    def __init__(self, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New tournament event")
        self.folder = folder or Path.home()
        self.name = QLineEdit(placeholderText="e.g. Spring Cup 2025")
        self.name.setObjectName("event-name")
        self.rounds = SpinBox(minimum=1, maximum=20, value=5)
        self.minutes = SpinBox(minimum=10, maximum=24 * 60, value=120, suffix=" min")
        self.game = ComboBox()
        budgets = load_budgets()
        for game_id, game in budgets.games.items():
            self.game.addItem(game.name, game_id)
        self.game.setCurrentIndex(max(0, self.game.findData(budgets.default)))
        self.scenario = ComboBox()
        for path in scenario_files():
            s = scenario(path.stem)
            self.scenario.addItem(f"{s.name} ({s.edition})", s.id)
        self.scenario.setCurrentIndex(max(0, self.scenario.findData("entrenched")))
        self.file = QLineEdit()
        self.file.setObjectName("event-file")
        browse = QPushButton("C&hoose…")
        browse.clicked.connect(self.choose_file)
        self.name.textChanged.connect(self._suggest_file)
        file_row = QHBoxLayout()
        file_row.addWidget(self.file, 1)
        file_row.addWidget(browse)
        self.problem = QLabel()
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setStyleSheet("color: #a00;")
        self.problem.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow("&Name *", self.name)
        form.addRow("&Rounds", self.rounds)
        form.addRow("&Each round", self.minutes)
        form.addRow("&Game size", self.game)
        form.addRow("&Scenario", self.scenario)
        file_label = QLabel("Event &file *")  # a row of two: its letter goes to the name
        file_label.setBuddy(self.file)
        form.addRow(file_label, file_row)
        form.addRow(self.problem)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Crea&te the event")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.resize(520, self.sizeHint().height())

    def _suggest_file(self, name: str) -> None:
        stem = safe_file_name(name.lower(), "")
        if stem and not self.file.isModified():
            self.file.setText(str(self.folder / f"{stem}.db"))

    def choose_file(self) -> None:
        path = ask_save_path(
            self, "The event file", self.file.text(), "Event files (*.db);;All files (*)", ".db"
        )
        if path is not None:
            self.file.setText(str(path))
            self.file.setModified(True)

    def chosen(self) -> NewEvent:
        return NewEvent(
            Path(self.file.text().strip()),
            self.name.text().strip(),
            self.rounds.value(),
            self.minutes.value(),
            str(self.game.currentData()),
            str(self.scenario.currentData()),
        )

    def accept(self) -> None:
        c = self.chosen()
        if not c.name:
            self.problem.setText("The event needs a name.")
        elif not self.file.text().strip():
            self.problem.setText("Choose where the event file goes.")
        elif c.path.exists():
            self.problem.setText(
                f"{c.path} already exists: an event file is never "
                "overwritten (File > Tournament > Open event… opens it)."
            )
        else:
            try:
                c.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                self.problem.setText(f"{c.path.parent}: cannot be made ({exc})")
                return
            super().accept()
