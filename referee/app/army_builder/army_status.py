"""The army builder's status below the army: the budget of every cost kind (over in red),
the huge units to declare, every problem of the army (a click selects its entry) and the
checksum, as :func:`referee.army.validate_army` reported them."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from referee.army import ArmyReport
from referee.army.problems import ArmyProblem
from referee.army.sheet import checksum_groups
from referee.units.model import COST_KINDS

OVER = "color:#c62828; font-weight:bold"


def problem_text(problem: ArmyProblem, report: ArmyReport) -> str:
    """``problem`` as the window says it: its entry by the unit's name and row, as the
    entries table shows them (``Hoplite phalanx (row 2), upgrades[2]: ...``); the file's
    ``unit[1]`` is for the file and the command line."""
    row = problem.entry
    if row is None or not 0 <= row < len(report.army.entries):
        return problem.text()
    built = report.cards[row] if row < len(report.cards) else None
    name = built.unit.name if built is not None else report.army.entries[row].type
    field = f", {problem.field}" if problem.field else ""
    return f"{name} (row {row + 1}){field}: {problem.message} (clause {problem.rule})"


class ArmyStatus(QWidget):
    """The report of the army's check, shown."""

    entry_picked = Signal(int)
    """A problem naming an entry was clicked: that entry's row."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.budget = QLabel()
        self.budget.setTextFormat(Qt.TextFormat.RichText)  # HTML on purpose, names escaped
        self.budget.setAccessibleName("budget")
        self.budget.setWordWrap(True)
        self.declaration = QLabel()
        self.declaration.setTextFormat(Qt.TextFormat.PlainText)
        self.declaration.setWordWrap(True)
        self.declaration.setStyleSheet(OVER)
        self.problems = QListWidget()
        self.problems.setAccessibleName("problems")
        self.problems.setWordWrap(True)
        self.problems.setFixedHeight(6 * self.fontMetrics().lineSpacing())
        self.problems.itemClicked.connect(self._problem_clicked)
        self.checksum = QLabel()
        self.checksum.setTextFormat(Qt.TextFormat.PlainText)
        self.checksum.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        bottom = QVBoxLayout(self)
        bottom.setContentsMargins(0, 0, 0, 0)
        bottom.addWidget(self.budget)
        bottom.addWidget(self.declaration)
        bottom.addWidget(self.problems)
        bottom.addWidget(self.checksum)

    def show_report(self, r: ArmyReport) -> None:
        over = set(r.budget_check.over_kinds) if r.budget_check is not None else set()
        parts = []
        for kind in COST_KINDS:
            spent, budget = r.cost[kind], r.budget[kind]
            if spent or budget:
                text = f"{kind.upper()} {spent}/{budget}"
                parts.append(f"<span style='{OVER}'>{text}</span>" if kind in over else text)
        pool = r.allowance.pool if r.allowance is not None else None
        if pool is not None and r.budget_check is not None:
            text = (
                f"pool {'/'.join(k.upper() for k in pool.kinds)} "
                f"{r.budget_check.pool_spent}/{pool.points}"
            )
            parts.append(
                f"<span style='{OVER}'>{text}</span>" if r.budget_check.pool_over else text
            )
        verdict = (
            "<b>valid</b>"
            if r.valid
            else f"<span style='{OVER}'>not valid: {len(r.errors)} problem(s)</span>"
        )
        self.budget.setText(
            f"Budget ({escape(r.game)}): {' · '.join(parts) or 'nothing'} — {verdict}"
        )
        self.declaration.setText(r.declaration)
        self.declaration.setVisible(bool(r.huge_units))
        self.problems.clear()
        for e in r.errors:
            item = QListWidgetItem(problem_text(e, r))
            item.setForeground(Qt.GlobalColor.red)
            item.setData(Qt.ItemDataRole.UserRole, e.entry)
            self.problems.addItem(item)
        if not r.errors:
            self.problems.addItem("No problem found: the army may be played.")
        self.checksum.setText(f"Checksum: {checksum_groups(r.checksum)}")

    def _problem_clicked(self, item: QListWidgetItem) -> None:
        row = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(row, int):
            self.entry_picked.emit(row)
