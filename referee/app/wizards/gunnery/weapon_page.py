"""The gunnery wizard's weapon: each with its line and what is loaded; one that cannot fire
whatever the target is greyed with the reason (clauses ``fire.load``, ``fire.burst``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout

from referee.app.wizards.gunnery.page import GunneryPage


class WeaponPage(GunneryPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Weapon")
        self.list = QListWidget()
        self.list.setWordWrap(True)  # a weapon's whole line, in a panel beside the map
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        self.registerField("weapon*", self.list, "currentRow", self.list.currentRowChanged)

    def initializePage(self) -> None:
        wizard = self.gunnery_wizard()
        shooter = wizard.shooter()
        from referee.rules.fire.legality import weapon_reasons
        from referee.units.card_text import weapon_line

        self.list.clear()
        ready = 0
        for w in shooter.unit.weapons:
            loaded = shooter.loaded.get(w.name, 0)
            text = f"{weapon_line(w)}  [loaded: {loaded}]"
            reasons = weapon_reasons(wizard.state.rules, shooter, w)
            if reasons:  # the same for every target: said here, before a target is chosen
                text += "\ncannot fire now — " + "; ".join(
                    f"{r.text} ({r.clause})" for r in reasons
                )
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, w.name)
            if reasons:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            else:
                ready += 1
            self.list.addItem(item)
        self.setSubTitle(
            f"Which weapon does {shooter.uid} fire?"
            if ready
            else f"No weapon of {shooter.uid} can fire now: each says why below. A weapon "
            "fires once it is loaded (a Load order in an earlier step); Cancel to go back."
        )

    def name(self) -> str:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else ""
