"""The gunnery wizard's target: only legal targets can be picked, each with its need and the
chance of at least one hit; the others are greyed with the engine's reasons (clause
``fire.target``)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout

from referee.app.wizards.gunnery.action_odds_html import condition_brief, pct
from referee.app.wizards.gunnery.page import GunneryPage, gunnery_number
from referee.rules.fire.aim import GunneryStep
from referee.rules.fire.preview import ShotPreview, preview_shot
from referee.rules.orders.board_now import board_now


class TargetPage(GunneryPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Target")
        self.setSubTitle("Only legal targets can be picked; the others say why not.")
        self.list = QListWidget()
        self.list.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        self.registerField("target*", self.list, "currentRow", self.list.currentRowChanged)
        self.previews: dict[str, ShotPreview] = {}

    def initializePage(self) -> None:
        wizard = self.gunnery_wizard()
        state, shooter = wizard.state, wizard.shooter()
        weapon = shooter.unit.weapon(wizard.weapon_name())
        board = board_now(state)
        ledger = state.ledger()
        now = GunneryStep(state.turn, gunnery_number(state))
        self.list.clear()
        self.previews = {}
        others = [u for u in state.units.values() if u.uid != shooter.uid]
        for u in sorted(others, key=lambda u: (u.side == shooter.side, u.uid)):
            preview = preview_shot(
                state.rules,
                board,
                shooter,
                u,
                weapon,
                now=now,
                units=state.units.values(),
                ledger=ledger,
            )
            self.previews[u.uid] = preview
            action = preview.action
            if preview.allowed and action is not None:
                text = f"{u.uid} at {u.hex}: " + (
                    f"needs {action.need}"
                    if action.area is None
                    else f"{action.dice} area dice at {action.need}+"
                )
                text += f", at least one hit {pct(action.at_least_one_hit)}"
                text += "".join(f"; {condition_brief(c)}" for c in action.conditions)
            else:
                why = "; ".join(r.text for r in preview.check.reasons)
                text = f"{u.uid} at {u.hex}: not allowed — {why}"
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, u.uid)
            if not preview.allowed:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.list.addItem(item)

    def uid(self) -> str:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else ""
