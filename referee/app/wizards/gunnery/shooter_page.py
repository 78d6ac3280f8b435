"""The gunnery wizard's first page: which unit fires (those ordered to fire now first; those
that fired since the clock last moved last, marked so). A unit with nothing it may fire at
(nothing loaded, no enemy in reach) cannot be picked and says why in one sentence
(:func:`referee.rules.orders.fire_orders.fire_chance`), rather than leading to a page of greyed
weapons or targets."""

from __future__ import annotations

from collections.abc import Collection

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout

from referee.app.widgets.plain_text import plain_tip
from referee.app.wizards.gunnery.page import GunneryPage
from referee.rules.orders.state import MatchState


class ShooterPage(GunneryPage):
    def __init__(self, state: MatchState, fired: Collection[str] = ()) -> None:
        super().__init__()
        self.setTitle("Shooter")
        self.setSubTitle("Which unit fires? Units ordered to fire in this step come first.")
        self.list = QListWidget()
        acting = state.actions_now()

        def ordered(uid: str) -> bool:
            return "fire" in [a.casefold() for a in acting.get(uid, ())]

        units = sorted(
            (u for u in state.units.values() if u.unit.weapons and not u.destroyed),
            key=lambda u: (2 if u.uid in fired else 0 if ordered(u.uid) else 1, u.uid),
        )
        from referee.rules.orders.fire_orders import fire_chance

        self.list.setWordWrap(True)  # a sentence of why not, in a panel beside the map
        for u in units:
            note = (
                "  (has fired in this step)"
                if u.uid in fired
                else "  (ordered to fire now)"
                if ordered(u.uid)
                else ""
            )
            chance = fire_chance(state, u.uid, ordered=ordered(u.uid) and u.uid not in fired)
            text = f"{u.uid} — {u.unit.name} at {u.hex}{note}"
            if not chance.may_fire:
                text += f"\n{chance.why}"
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, u.uid)
            if not chance.may_fire:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
                item.setToolTip(plain_tip(chance.why))  # names units: as typed
            self.list.addItem(item)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        self.registerField("shooter*", self.list, "currentRow", self.list.currentRowChanged)

    def uid(self) -> str:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else ""
