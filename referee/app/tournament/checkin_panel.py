"""The army check-in of the players tab: pick a player's army file, see it checked with the
army rules for the event's game (every problem with its file, unit entry, field and clause),
its checksum and its huge units; an army that is not valid is checked in only with the
organiser's reason (``referee.tournament.checkin``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from referee.app.widgets.file_dialogs import ask_open_path
from referee.army import ArmyFileError
from referee.errors import RefereeError
from referee.paths import armies_dir
from referee.tournament.checkin import ArmyRefused


class ArmyNotAccepted(RefereeError):
    """An army that is not valid, entered without the organiser's reason."""


Checker = Callable[[Path, str], dict[str, Any]]
"""The desk's check of an army file (``Desk.check_army``): path, override -> record data."""


class CheckinPanel(QGroupBox):
    """See the module docstring; :meth:`checkin` gives the record data to enter."""

    def __init__(self, check: Checker, parent: QWidget | None = None) -> None:
        super().__init__("Army list (checked, then frozen at check-in)", parent)
        self.check = check
        self.path: Path | None = None
        self.checked: dict[str, Any] | None = None
        self.file_line = QLineEdit(placeholderText="no army file chosen")
        self.file_line.setReadOnly(True)
        self.choose = QPushButton("&Choose army file…")
        self.choose.clicked.connect(self.choose_file)
        self.clear_button = QPushButton("Clear")
        self.clear_button.clicked.connect(self.clear)
        self.verdict = QLabel()
        self.verdict.setTextFormat(Qt.TextFormat.PlainText)
        self.verdict.setWordWrap(True)
        self.huge = QLabel()
        self.huge.setTextFormat(Qt.TextFormat.PlainText)
        self.huge.setWordWrap(True)
        self.huge.setStyleSheet("color: #8a4b00; font-weight: bold;")
        self.problems = QListWidget()
        self.problems.setMaximumHeight(110)
        self.override = QLineEdit(
            placeholderText="the organiser's reason to accept this army anyway (recorded)"
        )
        self.override.setObjectName("army-override")
        row = QHBoxLayout()
        row.addWidget(self.file_line, 1)
        row.addWidget(self.choose)
        row.addWidget(self.clear_button)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.verdict)
        layout.addWidget(self.huge)
        layout.addWidget(self.problems)
        layout.addWidget(self.override)
        self.clear()

    def choose_file(self) -> None:
        start = str(self.path.parent if self.path else armies_dir())  # the builder's folder
        path = ask_open_path(
            self, "A player's army list", start, "Army lists (*.toml);;All files (*)"
        )
        if path is not None:
            self.set_file(path)

    def clear(self) -> None:
        self.path, self.checked = None, None
        self.file_line.clear()
        self.verdict.setText(
            "Enter a player with an army list: choose the file, then Enter "
            "player (or Check in for the selected player)."
        )
        self.verdict.setStyleSheet("")
        self.huge.hide()
        self.problems.clear()
        self.problems.hide()
        self.override.clear()
        self.override.hide()

    def set_file(self, path: Path) -> None:
        """Check the army at ``path`` and show what the check found."""
        self.clear()
        self.path = path
        self.file_line.setText(str(path))
        try:
            self.checked = self.check(path, "")
        except ArmyRefused as exc:
            self._show_problems(
                f"{path.name}: not valid for this event's game ({len(exc.errors)} problem(s))",
                [f"{path.name}: {e.text()}" for e in exc.errors],
            )
            self.override.show()
            return
        except ArmyFileError as exc:
            self._show_problems(
                f"{path.name}: not an army list", [f"{path.name}: {e.text()}" for e in exc.errors]
            )
            return
        except (RefereeError, OSError) as exc:
            self._show_problems(f"{path.name}: cannot be checked", [str(exc)])
            return
        c = self.checked
        self.verdict.setText(
            f"✓ {c['army_name']} ({c['nation']}, {c['game']} game): valid. "
            f"Checksum {c['checksum'][:16]}…"
        )
        self.verdict.setStyleSheet("color: #060;")
        if c["declaration"]:
            self.huge.setText(c["declaration"])
            self.huge.show()

    def _show_problems(self, verdict: str, lines: list[str]) -> None:
        self.verdict.setText("✗ " + verdict)
        self.verdict.setStyleSheet("color: #a00; font-weight: bold;")
        self.problems.addItems(lines)
        self.problems.show()

    def checkin(self) -> dict[str, Any] | None:
        """The check-in record's data of the chosen army (None: no file chosen); an army
        that is not valid needs the override's reason (else :class:`ArmyRefused`)."""
        if self.path is None:
            return None
        if self.checked is not None:
            return self.checked
        if self.override.isVisibleTo(self) and not self.override.text().strip():
            self.override.setFocus()
            raise ArmyNotAccepted(
                f"{self.path.name} is not a valid army (its problems are listed above): give "
                "the organiser's reason to accept it anyway, or choose another file"
            )
        return self.check(self.path, self.override.text())
