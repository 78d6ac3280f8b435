"""One side's army in the new-match wizard: its nation, how many of each unit of the nation's
catalogue, the budget it takes (an asymmetric game's sides take different ones) and what the
army costs against it, kind by kind, over-budget kinds in red (:mod:`referee.units.budget`,
clauses ``army.budgets``, ``army.building``) — or an army file (:mod:`referee.army`): its
units with their upgraded cards, checked whole, every problem listed. It only collects
choices; the wizard places the units and the main window writes the match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from referee.app.widgets.boxes import ComboBox, SpinBox
from referee.app.widgets.file_dialogs import ask_open_path
from referee.app.widgets.plain_text import plain_tip
from referee.app.widgets.style import side_name
from referee.army import Army, ArmyReport, TableUnit, load_army, table_units, validate_army
from referee.units.budget import Allowance, BudgetCheck, GameType, army_cost, check_budget
from referee.units.model import COST_KINDS, UnitType

MAX_COUNT = 12
OVER_STYLE = "color:#c62828; font-weight:bold"
SIDE_NAMES = {
    side: f"{side_name(side, capital=True)[:-1]}, the {edge} edge)"
    for side, edge in ((1, "bottom"), (2, "top"))
}


def cost_text(cost: Mapping[str, int]) -> str:
    """``6 IP`` or ``4 MP, 2 CP, 1 XP``, in the order of the cost kinds."""
    return ", ".join(f"{cost[k]} {k.upper()}" for k in COST_KINDS if cost.get(k)) or "free"


def budget_html(check: BudgetCheck, game_name: str) -> str:
    """The army's cost against its budget, each kind over it in red."""
    parts = []
    for line in check.lines:
        text = f"{line.kind.upper()} {line.spent}/{line.allowed}"
        parts.append(f"<span style='{OVER_STYLE}'>{text} over</span>" if line.over else text)
    pool = check.allowance.pool
    if pool is not None:
        kinds = "/".join(k.upper() for k in pool.kinds)
        text = f"{kinds} beyond their own {check.pool_spent}/{pool.points}"
        parts.append(f"<span style='{OVER_STYLE}'>{text} over</span>" if check.pool_over else text)
    verdict = f"<span style='{OVER_STYLE}'>over budget</span>" if check.over else "within budget"
    return f"{escape(game_name)}: {', '.join(parts) or 'nothing spent'} — {verdict}"


class SideArmyBox(QGroupBox):
    """Nation, unit counts and budget of one side; ``changed`` whenever any of them does."""

    changed = Signal()
    gameChosen = Signal(str, bool)
    """An army file was taken: its game id and advanced-game flag (the page's game follows)."""

    def __init__(self, side: int, parent: QWidget | None = None) -> None:
        super().__init__(SIDE_NAMES.get(side, f"Side {side}"), parent)
        self.side = side
        self.units_by_nation: Mapping[str, Sequence[UnitType]] = {}
        self.game: GameType | None = None
        self.advanced: Mapping[str, int] | None = None
        self.limit = "at-most"
        self.nation = ComboBox()
        self.nation.setAccessibleName(f"side {side} nation")
        self.allowance = ComboBox()
        self.allowance.setAccessibleName(f"side {side} budget")
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Unit", "Cost", "Count"])
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 12)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.spins: dict[str, QSpinBox] = {}
        self.budget = QLabel()
        self.budget.setTextFormat(Qt.TextFormat.RichText)  # HTML on purpose, names escaped
        self.budget.setWordWrap(True)
        self.army_file: Army | None = None
        self.army_report: ArmyReport | None = None
        self.army_units: tuple[TableUnit, ...] = ()
        self.file_button = QPushButton("Army file…")
        self.file_button.setAccessibleName(f"side {side} army file")
        self.counts_button = QPushButton("Unit counts")
        self.counts_button.setToolTip("Choose the units here instead of an army file")
        self.counts_button.setVisible(False)
        self.form = QFormLayout()
        self.form.addRow("Nation", self.nation)
        self.form.addRow("Budget", self.allowance)
        source = QHBoxLayout()
        source.addWidget(self.file_button)
        source.addWidget(self.counts_button)
        source.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(source)
        layout.addLayout(self.form)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.budget)
        self.nation.currentIndexChanged.connect(self._nation_changed)
        self.allowance.currentIndexChanged.connect(self._update)
        self.file_button.clicked.connect(self.choose_army_file)
        self.counts_button.clicked.connect(self.use_counts)

    # --- what is offered ------------------------------------------------------------

    def set_catalogue(self, units_by_nation: Mapping[str, Sequence[UnitType]], nation: str) -> None:
        """The nations and units to choose from (those of the match's edition)."""
        self.units_by_nation = units_by_nation
        self.nation.blockSignals(True)
        self.nation.clear()
        for name in units_by_nation:
            self.nation.addItem(name.replace("-", " ").title(), name)
        self.nation.setCurrentIndex(max(0, self.nation.findData(nation)))
        self.nation.blockSignals(False)
        self._nation_changed()

    def set_game(
        self, game: GameType, advanced: Mapping[str, int] | None, limit: str, allowance: int = 0
    ) -> None:
        """The game size (its allowances), an advanced game's extra points, and the reading
        of ruling ``army.budget-limit``."""
        self.game, self.advanced, self.limit = game, advanced, limit
        self.allowance.blockSignals(True)
        self.allowance.clear()
        for a in game.allowances:
            self.allowance.addItem(a.name, a.id)
        self.allowance.setCurrentIndex(min(allowance, len(game.allowances) - 1))
        taken = self.army_file.allowance if self.army_file is not None else None
        if taken is not None and self.allowance.findData(taken) >= 0:  # the file's budget
            self.allowance.setCurrentIndex(self.allowance.findData(taken))
        self.form.setRowVisible(self.allowance, not game.symmetric)  # one budget: no choice
        self.allowance.blockSignals(False)
        self._update()

    def _nation_changed(self) -> None:
        units = self.units_by_nation.get(str(self.nation.currentData()), ())
        self.table.setRowCount(len(units))
        self.spins = {}
        for row, unit in enumerate(units):
            name = QTableWidgetItem(unit.name)
            name.setToolTip(plain_tip(f"{unit.id}: {unit.size}, {', '.join(sorted(unit.types))}"))
            self.table.setItem(row, 0, name)
            self.table.setItem(row, 1, QTableWidgetItem(cost_text(unit.cost)))
            spin = SpinBox()
            spin.setRange(0, MAX_COUNT)
            spin.setAccessibleName(f"side {self.side} {unit.id} count")
            spin.valueChanged.connect(self._update)
            self.table.setCellWidget(row, 2, spin)
            self.spins[unit.id] = spin
        self._update()

    # --- what was chosen ------------------------------------------------------------

    def nation_id(self) -> str:
        return str(self.nation.currentData() or "")

    def set_count(self, unit_id: str, count: int) -> None:
        self.spins[unit_id].setValue(count)

    # --- an army file --------------------------------------------------------------

    def choose_army_file(self) -> None:
        path = ask_open_path(
            self, f"Army list of side {self.side}", "", "Army lists (*.toml);;All files (*)"
        )
        if path is not None:
            self.set_army_file(path)

    def set_army_file(self, path: Path | str) -> None:
        """Take side's army from an army file; a file that is no army is shown as the
        problem (file, unit entry, field, rule) and the counts stay."""
        try:
            army = load_army(path)
        except ValueError as exc:
            self.budget.setText(f"<span style='{OVER_STYLE}'>{escape(str(exc))}</span>")
            return
        self.army_file = army
        self.nation.blockSignals(True)
        self.nation.setCurrentIndex(max(0, self.nation.findData(army.nation)))
        self.nation.blockSignals(False)
        self.nation.setEnabled(False)
        if army.allowance is not None and self.allowance.findData(army.allowance) >= 0:
            self.allowance.blockSignals(True)
            self.allowance.setCurrentIndex(self.allowance.findData(army.allowance))
            self.allowance.blockSignals(False)
        self.allowance.setEnabled(False)
        self.file_button.setText(f"Army file: {Path(path).name}")
        self.counts_button.setVisible(True)
        self.table.setVisible(False)
        self.gameChosen.emit(army.game, army.advanced)  # the match is of the file's game
        self._update()

    def use_counts(self) -> None:
        """Back to the unit counts of the catalogue."""
        self.army_file, self.army_report, self.army_units = None, None, ()
        self.nation.setEnabled(True)
        self.allowance.setEnabled(True)
        self.file_button.setText("Army file…")
        self.counts_button.setVisible(False)
        self.table.setVisible(True)
        self._nation_changed()

    def army_problems(self) -> list[str]:
        """What is wrong with the army file (empty with counts or a valid file)."""
        if self.army_report is None:
            return []
        return [e.text() for e in self.army_report.errors]

    def card_data(self, card_id: str) -> Mapping[str, Any] | None:
        """The card an army file's unit takes into the match (``None``: the catalogue's)."""
        return next((u.card_data for u in self.army_units if u.card.id == card_id), None)

    def stems(self) -> dict[str, str]:
        """Card id -> unit type id of an army file's upgraded cards (for the units' names)."""
        return {u.card.id: u.type for u in self.army_units}

    def army(self) -> list[tuple[UnitType, int]]:
        """The units chosen and how many of each, in the catalogue's order (or the army
        file's, each upgraded card once)."""
        if self.army_file is not None:
            counts: dict[str, tuple[UnitType, int]] = {}
            for u in self.army_units:
                card, n = counts.get(u.card.id, (u.card, 0))
                counts[u.card.id] = (card, n + 1)
            return list(counts.values())
        units = self.units_by_nation.get(self.nation_id(), ())
        return [(u, self.spins[u.id].value()) for u in units if self.spins[u.id].value()]

    def chosen_allowance(self) -> Allowance | None:
        if self.game is None:
            return None
        return self.game.allowance(self.allowance.currentData())

    def budget_check(self) -> BudgetCheck | None:
        allowance = self.chosen_allowance()
        if allowance is None:
            return None
        totals = army_cost((u.cost, n) for u, n in self.army())
        return check_budget(totals, allowance, advanced=self.advanced, limit=self.limit)

    def _update(self) -> None:
        if self.army_file is not None and self.game is not None:
            self._check_army_file(self.army_file, self.game)
            self.changed.emit()
            return
        check = self.budget_check()
        if check is not None and self.game is not None:
            self.budget.setText(budget_html(check, self.game.name))
        self.changed.emit()

    def _check_army_file(self, army: Army, game: GameType) -> None:
        from referee.army.cards import ArmyError

        report = validate_army(army, game=game.id)
        self.army_report = report
        try:
            self.army_units = table_units(army)
        except ArmyError:
            self.army_units = ()
        check = report.budget_check
        lines = [
            f"<b>{escape(army.name)}</b>: "
            + ", ".join(f"{escape(e.type)} x{e.count}" for e in army.entries)
        ]
        if check is not None:
            lines.append(budget_html(check, game.name))
        if report.huge_units:
            lines.append(f"<span style='{OVER_STYLE}'>{escape(report.declaration)}</span>")
        lines += [f"<span style='{OVER_STYLE}'>{escape(e.text())}</span>" for e in report.errors]
        lines.append(f"checksum {report.checksum[:16]}…")
        self.budget.setText("<br>".join(lines))
