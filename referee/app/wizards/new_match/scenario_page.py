"""The scenario page of the new-match wizard: the scenario of the edition (its battlefield
rules, its setup procedure and its game size, ``data/scenarios``) or none, and the victory
condition chosen at the start (clauses ``victory.conditions``, ``victory.friendly``,
``victory.fixed-time``): a friendly match to elimination, or a tournament match of fixed
time with its minutes."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QVBoxLayout,
    QWizardPage,
)

from referee.app.widgets.boxes import SpinBox
from referee.rules.orders.victory import offered
from referee.ruleset.shipped import ruleset
from referee.scenarios.loader import scenarios_of
from referee.scenarios.model import Scenario, VictoryCondition

NO_SCENARIO = "No scenario: any map of the edition, the units placed on the Armies page"


@runtime_checkable
class ChosenEdition(Protocol):
    def edition(self) -> str: ...


def describe(scenario: Scenario) -> str:
    """The scenario in a few words: what it is, its battlefield, setup and game size."""
    field = scenario.battlefield
    return (
        f"{scenario.description} Battlefield {field.columns}x{field.rows} "
        f"(map: {scenario.map}); setup: {scenario.setup.procedure}; "
        f"game size: {scenario.game}."
    )


class ScenarioPage(QWizardPage):
    """The scenario (or none) and the victory condition."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Scenario and victory")
        self.list = QListWidget()
        self.list.setAccessibleName("scenario")
        self.description = QLabel()
        self.description.setTextFormat(Qt.TextFormat.PlainText)
        self.description.setWordWrap(True)
        self.victory_box = QGroupBox("Victory condition")
        self.victory_layout = QVBoxLayout(self.victory_box)
        self.victory_group = QButtonGroup(self)
        self.minutes = SpinBox()
        self.minutes.setRange(1, 24 * 60)
        self.minutes.setSuffix(" minutes")
        self.minutes.setAccessibleName("minutes")
        self.buttons: dict[str, QRadioButton] = {}
        self.conditions: dict[str, VictoryCondition] = {}
        minutes_row = QHBoxLayout()
        minutes_row.addWidget(QLabel("Time limit"))
        minutes_row.addWidget(self.minutes)
        minutes_row.addStretch(1)
        self.minutes_row = QVBoxLayout()
        self.minutes_row.addLayout(minutes_row)
        self.list.setMaximumHeight(6 * self.fontMetrics().lineSpacing())
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        layout.addWidget(self.description)
        layout.addWidget(self.victory_box)
        layout.addLayout(self.minutes_row)
        layout.addStretch(1)
        self.scenarios: tuple[Scenario, ...] = ()
        self.shown = ""
        self.list.currentRowChanged.connect(self._chosen)
        self.victory_group.idClicked.connect(lambda _: self._victory_changed())

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, ChosenEdition)
        edition = wizard.edition()
        self.setSubTitle(
            f"What the battle is under the {ruleset(edition).name}: the battlefield's rules, "
            "how the armies set up, and how the match is won."
        )
        if edition == self.shown:
            return
        self.shown = edition
        self.scenarios = scenarios_of(edition)
        self.list.blockSignals(True)
        self.list.clear()
        for s in self.scenarios:
            item = QListWidgetItem(f"{s.name}  ({s.setup.procedure} setup)")
            item.setData(Qt.ItemDataRole.UserRole, s.id)
            self.list.addItem(item)
        self.list.addItem(NO_SCENARIO)
        self.list.blockSignals(False)
        self.list.setCurrentRow(0)
        self._chosen()

    def scenario(self) -> Scenario | None:
        row = self.list.currentRow()
        return self.scenarios[row] if 0 <= row < len(self.scenarios) else None

    def _chosen(self) -> None:
        scenario = self.scenario()
        self.description.setText(
            describe(scenario)
            if scenario
            else "The match starts with every unit where the Armies page "
            "puts it; the referee moves any of them by hand."
        )
        for button in self.buttons.values():
            self.victory_group.removeButton(button)
            button.deleteLater()
        self.buttons, self.conditions = {}, {}
        if self.shown:
            choices = offered(scenario, ruleset(self.shown))
            for i, v in enumerate(choices):
                button = QRadioButton(f"{v.name}: {v.text}" if v.text else v.name)
                button.setAccessibleName(f"victory {v.id}")
                self.victory_group.addButton(button, i)
                self.victory_layout.addWidget(button)
                self.buttons[v.id] = button
                self.conditions[v.id] = v
            if self.buttons:
                next(iter(self.buttons.values())).setChecked(True)
        self._victory_changed()
        self.completeChanged.emit()

    def set_victory(self, victory_id: str) -> None:
        self.buttons[victory_id].setChecked(True)
        self._victory_changed()

    def _victory_changed(self) -> None:
        chosen = self.condition()
        timed = chosen is not None and chosen.minutes is not None
        self.minutes.setEnabled(timed)
        default = next((v.minutes for v in self.conditions.values() if v.minutes), None)
        if chosen is not None and chosen.minutes is not None:
            self.minutes.setValue(chosen.minutes)
        elif default is not None:
            self.minutes.setValue(default)  # shown greyed: what a fixed-time match would take

    def condition(self) -> VictoryCondition | None:
        for vid, button in self.buttons.items():
            if button.isChecked():
                return self.conditions[vid]
        return None

    def victory(self) -> dict[str, Any] | None:
        """The choice as the match file keeps it (``condition``, and ``minutes`` if timed)."""
        chosen = self.condition()
        if chosen is None:
            return None
        if chosen.minutes is None:
            return {"condition": chosen.id}
        return {"condition": chosen.id, "minutes": self.minutes.value()}
