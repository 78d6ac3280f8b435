"""File > Venue tables… in the tournament window: the venue's tables as a list to edit (name,
terrain, the player a table is fixed for, top table), in the order they are used. The dialog
only collects the list (:meth:`VenueDialog.tables`); the window hands it to the desk, which
refuses a list that does not hold (a name twice, a player unknown or fixed twice): given
``take`` (the window's hand-over), OK hands it over and a refused list keeps the dialog open
with the edits, the desk's reason shown above them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from referee.app.widgets.boxes import ComboBox
from referee.tournament.venue import VenueTable

NOBODY = "(nobody)"
COLUMNS = ("name", "terrain", "fixed for", "top table")


class VenueDialog(QDialog):
    def __init__(
        self,
        tables: Sequence[VenueTable],
        players: Sequence[str],
        parent: QWidget | None = None,
        take: Callable[[list[VenueTable]], str | None] | None = None,
    ) -> None:
        super().__init__(parent)
        self.take = take
        self.problem = QLabel()
        self.problem.setTextFormat(Qt.TextFormat.PlainText)  # the desk's words, names in them
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #a00;")
        self.problem.hide()
        self.setWindowTitle("Venue tables")
        self.resize(640, 420)
        self.players = list(players)
        self.grid = QTableWidget(0, len(COLUMNS))
        self.grid.setHorizontalHeaderLabels(list(COLUMNS))
        self.grid.horizontalHeader().setStretchLastSection(True)
        self.grid.verticalHeader().setVisible(False)
        for t in tables:
            self.add_row(t)
        add = QPushButton("&Add table")
        add.clicked.connect(lambda: self.add_row(VenueTable(f"Table {self.grid.rowCount() + 1}")))
        remove = QPushButton("&Remove selected")
        remove.clicked.connect(self.remove_selected)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        note = QLabel(
            "Tables are used in this order: pairing 1 on the first top table, then the others; "
            "a player never plays on a table twice when it can be avoided, and a player a "
            "table is fixed for always plays there. Rounds paired from now on are placed."
        )
        note.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(add)
        row.addWidget(remove)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.problem)
        layout.addWidget(self.grid, 1)
        layout.addLayout(row)
        layout.addWidget(buttons)

    def accept(self) -> None:
        """OK: the list goes to the desk (``take``); refused, the dialog stays open with the
        edits and says why."""
        if self.take is not None:
            why = self.take(self.tables())
            if why is not None:
                self.problem.setText(f"Not taken: {why}. Change the list, or Cancel.")
                self.problem.show()
                return
        super().accept()

    def add_row(self, table: VenueTable) -> None:
        r = self.grid.rowCount()
        self.grid.insertRow(r)
        self.grid.setItem(r, 0, QTableWidgetItem(table.name))
        self.grid.setItem(r, 1, QTableWidgetItem(table.terrain))
        fixed = ComboBox()
        fixed.addItem(NOBODY, None)  # data, not text: a player may be named "(nobody)"
        for name in self.players:
            fixed.addItem(name, name)
        if table.fixed in self.players:
            fixed.setCurrentIndex(self.players.index(table.fixed) + 1)
        self.grid.setCellWidget(r, 2, fixed)
        top = QTableWidgetItem()
        top.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
        top.setCheckState(Qt.CheckState.Checked if table.top else Qt.CheckState.Unchecked)
        self.grid.setItem(r, 3, top)

    def remove_selected(self) -> None:
        for r in sorted({i.row() for i in self.grid.selectedIndexes()}, reverse=True):
            self.grid.removeRow(r)

    def tables(self) -> list[VenueTable]:
        """The list as edited, in its order."""
        out = []
        for r in range(self.grid.rowCount()):
            name, terrain, top = self.grid.item(r, 0), self.grid.item(r, 1), self.grid.item(r, 3)
            fixed = self.grid.cellWidget(r, 2)
            assert isinstance(fixed, QComboBox)
            chosen = fixed.currentData()
            out.append(
                VenueTable(
                    name.text().strip() if name is not None else "",
                    terrain.text().strip() if terrain is not None else "",
                    chosen if isinstance(chosen, str) else None,
                    top is not None and top.checkState() == Qt.CheckState.Checked,
                )
            )
        return out
