"""The army builder's header: the army's name, nation, game, budget (where the game offers
several) and the advanced game; it shows an army and the window edits the army from it."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from referee.app.widgets.boxes import ComboBox
from referee.army import Army
from referee.units.budget import Budgets
from referee.units.catalogue import Catalogue


class ArmyHeader(QWidget):
    """The fields above the army (their signals are the window's to connect)."""

    def __init__(
        self, catalogue: Catalogue, budgets: Budgets, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.budgets = budgets
        self.name = QLineEdit()
        self.name.setAccessibleName("army name")
        self.nation = ComboBox()
        self.nation.setAccessibleName("nation")
        for nation in sorted(
            {f.nation for f in catalogue.files},
            key=lambda n: [f.nation for f in catalogue.files].index(n),
        ):
            self.nation.addItem(nation.replace("-", " ").title(), nation)
        self.game = ComboBox()
        self.game.setAccessibleName("game")
        for game in budgets.games.values():
            label = f"{game.name} ({game.allowances[0].text()})" if game.symmetric else game.name
            self.game.addItem(label, game.id)
        self.allowance = ComboBox()
        self.allowance.setAccessibleName("budget")
        self.advanced = QCheckBox(budgets.advanced_name.replace("&", "&&"))
        self.advanced.setAccessibleName("advanced game")
        header = QFormLayout(self)
        header.setContentsMargins(0, 0, 0, 0)
        header.addRow("&Name", self.name)
        nation_row = QHBoxLayout()
        nation_row.addWidget(self.nation, 1)
        game_label = QLabel("&Game")
        game_label.setBuddy(self.game)
        nation_row.addWidget(game_label)
        nation_row.addWidget(self.game, 2)
        nation_row.addWidget(self.allowance, 2)
        nation_row.addWidget(self.advanced)
        nation_label = QLabel("Na&tion")
        nation_label.setBuddy(self.nation)
        header.addRow(nation_label, nation_row)

    def show_army(self, army: Army) -> None:
        """Show ``army``'s fields, without a signal (nothing was edited)."""
        fields = (self.name, self.nation, self.game, self.allowance, self.advanced)
        for widget in fields:
            widget.blockSignals(True)
        self.name.setText(army.name)
        self.nation.setCurrentIndex(max(0, self.nation.findData(army.nation)))
        self.game.setCurrentIndex(max(0, self.game.findData(army.game)))
        self.fill_allowances(army.allowance)
        self.advanced.setChecked(army.advanced)
        for widget in fields:
            widget.blockSignals(False)

    def fill_allowances(self, chosen: str | None) -> None:
        """The budgets of the game chosen (hidden for a game with one), ``chosen`` picked."""
        game = self.budgets.games.get(str(self.game.currentData()))
        self.allowance.clear()
        if game is None or game.symmetric:
            self.allowance.setVisible(False)
            return
        self.allowance.addItem("choose a budget…", None)
        for a in game.allowances:
            self.allowance.addItem(a.name, a.id)
        self.allowance.setCurrentIndex(max(0, self.allowance.findData(chosen)))
        self.allowance.setVisible(True)
