"""The new-match wizard's last page: the match file (never one that exists) and its title."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWizardPage,
)

from referee.app.wizards.new_match.armies_page import PROBLEM_STYLE
from referee.app.wizards.new_match.page import new_match_wizard


def default_match_path(folder: Path | None = None) -> Path:
    """``match-<date>-<time>.referee`` in the matches folder (the README's), not yet used."""
    from referee.match.setup.demo import demo_folder, unused_match_path

    return unused_match_path(folder or demo_folder(), "match")


class FilePage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Match file")
        self.setSubTitle("Every step is written to this file as it happens: there is no Save.")
        self.path = QLineEdit()
        self.path.setAccessibleName("match file")
        self.choose = QPushButton("Choose…")
        self.match_title = QLineEdit()
        self.match_title.setAccessibleName("match title")
        self.problem = QLabel()
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(PROBLEM_STYLE)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path, 1)
        path_row.addWidget(self.choose)
        form = QFormLayout()
        form.addRow("File", path_row)
        form.addRow("Title", self.match_title)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addStretch(1)
        self.path.textChanged.connect(self.completeChanged)
        self.choose.clicked.connect(self.choose_file)

    def initializePage(self) -> None:
        wizard = new_match_wizard(self)
        if not self.path.text():
            self.path.setText(str(default_match_path()))
        self.match_title.setText(wizard.default_title())
        self.problem.clear()

    def choose_file(self) -> None:
        from referee.app.widgets.save_dialog import ask_save_path

        path = ask_save_path(
            self, "New match file", self.path.text(), "Match files (*.referee)", ".referee"
        )
        if path is not None:
            self.path.setText(str(path))

    def chosen_path(self) -> Path:
        path = Path(self.path.text().strip()).expanduser()
        return path if path.suffix == ".referee" else path.with_name(f"{path.name}.referee")

    def isComplete(self) -> bool:
        return bool(self.path.text().strip())

    def validatePage(self) -> bool:
        path = self.chosen_path()
        problem = ""
        if path.exists():
            problem = f"{path} already exists: a match file is never overwritten"
        elif path.parent.exists() and not path.parent.is_dir():
            problem = f"{path.parent} is not a folder"
        self.problem.setText(problem)
        return not problem
