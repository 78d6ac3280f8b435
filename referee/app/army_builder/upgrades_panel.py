"""The upgrades an army entry's unit may take (its nation's, those meant for it), each with
its cost and what it does (what one purchase buys, its slot, its own line: wrapped, read
whole); a whole-base upgrade is ticked, one paid per model or per elite is counted.
``changed`` carries the entry's new upgrades and equipment."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHeaderView,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from referee.app.widgets.boxes import SpinBox
from referee.app.widgets.cell_editors import CellEditors
from referee.army.model import ArmyEntry, UpgradeChoice
from referee.units.model import UnitType
from referee.units.upgrades import Upgrade

MAX_PER_MODEL = 4


def offered(unit: UnitType, upgrades: tuple[Upgrade, ...]) -> tuple[Upgrade, ...]:
    """The upgrades meant for ``unit``: its unit id or type words are what they ask for."""
    return tuple(
        u
        for u in upgrades
        if (not u.requires.units or unit.id in u.requires.units)
        and set(u.requires.types) <= unit.types
    )


def what_it_does(upgrade: Upgrade) -> str:
    """``Whole base, unit-base weapon. A unit-base weapon: fired once by the base...``: what
    one purchase buys, its slot, then the upgrade's own line."""
    kind = {"base": "Whole base", "model": "Per model", "elite": "Per elite"}[upgrade.per]
    if upgrade.slot:
        kind += f", {upgrade.slot}"
    if upgrade.unit_base_weapons:
        kind += ", unit-base weapon"
    if upgrade.advanced:
        kind += ", advanced games only"
    return f"{kind}. {upgrade.text}" if upgrade.text else f"{kind}."


class UpgradesPanel(QTableWidget):
    """The upgrades of one entry (see the module docstring)."""

    changed = Signal(tuple, tuple)
    """(upgrades, equipment): tuples of :class:`UpgradeChoice`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 3, parent)
        self.setHorizontalHeaderLabels(["Upgrade", "Cost", "What it does"])
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setMinimumSectionSize(self.fontMetrics().height() + 12)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWordWrap(True)  # what an upgrade does is read whole, on as many lines as it takes
        header = self.horizontalHeader()
        for column in (0, 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(self.fontMetrics().averageCharWidth() * 6)
        header.sectionResized.connect(lambda *_: self.resizeRowsToContents())
        self.upgrades: tuple[Upgrade, ...] = ()
        self.editors: dict[str, QCheckBox | QSpinBox] = {}
        self.keys = CellEditors(self)  # Tab goes through the upgrades, Space ticks one

    def show_entry(
        self, unit: UnitType | None, entry: ArmyEntry | None, upgrades: tuple[Upgrade, ...]
    ) -> None:
        """The upgrades ``unit`` may take, set as ``entry`` takes them."""
        offer = offered(unit, upgrades) if unit is not None else ()
        counts = {c.id: c.count for c in entry.choices} if entry is not None else {}
        if offer == self.upgrades and offer:  # the same editors: the keyboard stays in one
            for upgrade_id, kept in self.editors.items():
                kept.blockSignals(True)
                self.set_count(upgrade_id, counts.get(upgrade_id, 0))
                kept.blockSignals(False)
            return
        self.upgrades = offer
        self.editors = {}
        self.setRowCount(len(self.upgrades))
        for row, upgrade in enumerate(self.upgrades):
            editor: QCheckBox | QSpinBox
            if upgrade.per == "base":
                editor = QCheckBox(upgrade.name.replace("&", "&&"))  # a name, no key
                editor.setChecked(counts.get(upgrade.id, 0) > 0)
                editor.toggled.connect(self._edited)
            else:
                editor = SpinBox()
                editor.setRange(0, MAX_PER_MODEL)
                editor.setPrefix(f"{upgrade.name}: ")
                editor.setValue(counts.get(upgrade.id, 0))
                editor.valueChanged.connect(self._edited)
            editor.setAccessibleName(f"upgrade {upgrade.id}")
            self.setCellWidget(row, 0, editor)
            self.editors[upgrade.id] = editor
            self.setItem(row, 1, QTableWidgetItem(upgrade.cost_text()))
            self.setItem(row, 2, QTableWidgetItem(what_it_does(upgrade)))
        self.resizeRowsToContents()
        self.keys.order(list(self.editors.values()))
        if self.upgrades:  # a cell without an editor: else the table's first focus makes
            self.setCurrentCell(0, 1)  # the first editor's cell current and Tab skips it

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
