"""The map editor's side panel: the map's name and edition, the scenario it is made for,
who is designing, and the live check (the verdict and every problem, in red)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from referee.app.widgets.boxes import ComboBox
from referee.ruleset import Ruleset
from referee.scenarios.loader import scenarios_of
from referee.scenarios.model import Scenario

PROBLEM_COLOUR = "#c62828"
DESIGNER_NAMES = {
    "referee": "The referee (the whole map)",
    "side1": "Side 1 (its territory)",
    "side2": "Side 2 (its territory)",
}


class MapSidePanel(QWidget):
    """The fields beside the map and its check (their signals are the window's)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = QLineEdit()
        self.name.setAccessibleName("map name")
        self.edition = QLabel()
        self.edition.setTextFormat(Qt.TextFormat.PlainText)
        self.scenario_box = ComboBox()
        self.scenario_box.setAccessibleName("scenario")
        self.designer = ComboBox()
        self.designer.setAccessibleName("designing as")
        for key, text in DESIGNER_NAMES.items():
            self.designer.addItem(text, key)
        self.verdict = QLabel()
        self.verdict.setTextFormat(Qt.TextFormat.RichText)  # HTML on purpose, names escaped
        self.verdict.setWordWrap(True)
        self.checks = QListWidget()
        self.checks.setAccessibleName("check")
        self.checks.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Name", self.name)
        form.addRow("Edition", self.edition)
        form.addRow("S&cenario", self.scenario_box)
        form.addRow("&Designing as", self.designer)
        legend = QLabel(
            "Zones: side 1's territory rimmed blue (the bottom), side 2's red (the "
            "top), no man's land between them; hexes that break the scenario "
            "rimmed red."
        )
        legend.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(legend)
        layout.addWidget(self.verdict)
        layout.addWidget(self.checks, 1)

    @property
    def scenario(self) -> Scenario | None:
        data = self.scenario_box.currentData()
        return data if isinstance(data, Scenario) else None

    def show_scenarios(self, rules: Ruleset, scenario_id: str | None) -> None:
        """The scenarios of ``rules``' edition, ``scenario_id`` picked if it is one of
        them (else the first, or none), without a signal."""
        box = self.scenario_box
        box.blockSignals(True)
        box.clear()
        box.addItem("None: the map's own zones", None)
        for s in scenarios_of(rules.id):
            box.addItem(s.name, s)
        wanted = next(
            (i for i in range(1, box.count()) if box.itemData(i).id == scenario_id),
            None,
        )
        box.setCurrentIndex(wanted if wanted is not None else min(1, box.count() - 1))
        box.blockSignals(False)

    def show_check(self, problems: list[str]) -> None:
        """The verdict of the check and its ``problems`` (none: the map keeps the rules)."""
        self.checks.clear()
        for problem in problems:
            item = QListWidgetItem(problem)
            item.setForeground(QBrush(QColor(PROBLEM_COLOUR)))
            self.checks.addItem(item)
        scenario = self.scenario
        if problems:
            what = f"breaks {escape(scenario.name)}" if scenario else "cannot be saved as it is"
            self.verdict.setText(
                f"<b style='color:{PROBLEM_COLOUR}'>The map {what} — "
                f"{len(problems)} problem(s).</b> Save is refused until "
                "they are fixed."
            )
        else:
            keeps = f"keeps the rules of {escape(scenario.name)}" if scenario else "is a usable map"
            stop = "" if keeps[-1] in ".!?" else "."
            self.verdict.setText(f"<b style='color:#2e7d32'>The map {keeps}{stop}</b>")
