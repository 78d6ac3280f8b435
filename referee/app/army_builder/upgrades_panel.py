"""The upgrades an army entry's unit may take (its nation's, those meant for it), each with
its cost, slot and what it does; a whole-base upgrade is ticked, one paid per model or per
elite is counted. ``changed`` carries the entry's new upgrades and equipment."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHeaderView,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from referee.army.model import ArmyEntry, UpgradeChoice
from referee.units.model import UnitType
from referee.units.upgrades import Upgrade

MAX_PER_MODEL = 4


def offered(unit: UnitType, upgrades: tuple[Upgrade, ...]) -> tuple[Upgrade, ...]:
    """The upgrades meant for ``unit``: its unit id or type words are what they ask for."""
    return tuple(
        u for u in upgrades
        if (not u.requires.units or unit.id in u.requires.units)
        and set(u.requires.types) <= unit.types
    )


class UpgradesPanel(QTableWidget):
    """The upgrades of one entry (see the module docstring)."""

    changed = Signal(tuple, tuple)
    """(upgrades, equipment): tuples of :class:`UpgradeChoice`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 4, parent)
        self.setHorizontalHeaderLabels(["Upgrade", "Cost", "Kind", "What it does"])
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 12)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setWordWrap(False)
        header = self.horizontalHeader()
        for column in (0, 1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(self.fontMetrics().averageCharWidth() * 6)
        self.upgrades: tuple[Upgrade, ...] = ()
        self.editors: dict[str, QCheckBox | QSpinBox] = {}

    def show_entry(self, unit: UnitType | None, entry: ArmyEntry | None,
                   upgrades: tuple[Upgrade, ...]) -> None:
        """The upgrades ``unit`` may take, set as ``entry`` takes them."""
        self.upgrades = offered(unit, upgrades) if unit is not None else ()
        counts = {c.id: c.count for c in entry.choices} if entry is not None else {}
        self.editors = {}
        self.setRowCount(len(self.upgrades))
        for row, upgrade in enumerate(self.upgrades):
            editor: QCheckBox | QSpinBox
            if upgrade.per == "base":
                editor = QCheckBox(upgrade.name)
                editor.setChecked(counts.get(upgrade.id, 0) > 0)
                editor.toggled.connect(self._edited)
            else:
                editor = QSpinBox()
                editor.setRange(0, MAX_PER_MODEL)
                editor.setPrefix(f"{upgrade.name}: ")
                editor.setValue(counts.get(upgrade.id, 0))
                editor.valueChanged.connect(self._edited)
            editor.setAccessibleName(f"upgrade {upgrade.id}")
            self.setCellWidget(row, 0, editor)
            self.editors[upgrade.id] = editor
            kind = {"base": "whole base", "model": "per model", "elite": "per elite"}[upgrade.per]
            if upgrade.slot:
                kind += f", {upgrade.slot}"
            if upgrade.unit_base_weapons:
                kind += ", unit-base weapon"
            if upgrade.advanced:
                kind += ", advanced"
            for column, text in ((1, upgrade.cost_text()), (2, kind), (3, upgrade.text)):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.setItem(row, column, item)

    def count(self, upgrade_id: str) -> int:
        editor = self.editors[upgrade_id]
        if isinstance(editor, QCheckBox):
            return 1 if editor.isChecked() else 0
        return editor.value()

    def set_count(self, upgrade_id: str, n: int) -> None:
        editor = self.editors[upgrade_id]
        if isinstance(editor, QCheckBox):
            editor.setChecked(n > 0)
        else:
            editor.setValue(n)

    def _edited(self) -> None:
        upgrades: list[UpgradeChoice] = []
        equipment: list[UpgradeChoice] = []
        for upgrade in self.upgrades:
            n = self.count(upgrade.id)
            if n:
                (equipment if upgrade.equipment else upgrades).append(UpgradeChoice(upgrade.id, n))
        self.changed.emit(tuple(upgrades), tuple(equipment))
