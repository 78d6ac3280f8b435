"""The assault wizard's damage rolls (clause ``assault.damage``): every dealt hit rolled on the
target's damage table, side 1's first, each with its working (armor, support, previous
damage); the dice rolled by the app or typed. The rows wait for the 'apply damage' step
(clause ``damage.sequence``); fire, acid and poison from assault weapons are listed."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout

from referee.app.wizards.assault.page import AssaultPage, Page, problem_label
from referee.app.wizards.assault.plan import AssaultPlan, StageDice, StageRun
from referee.app.wizards.common.dice_entry import DiceEntry


class DamagePage(AssaultPage):
    page_id = Page.DAMAGE

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Damage rolls")
        self.setSubTitle(
            "Each damaging hit is rolled like a ranged hit without a range band, against the "
            "armor of the sector the target fights with; each support hit adds 1."
        )
        self.dice = DiceEntry(reveal=True)  # the next choices need them
        self.working = QTextBrowser()
        self.pending = QLabel("The damage waits for the 'apply damage' step.")
        self.pending.setStyleSheet("color: #555")
        self.pending.setWordWrap(True)
        self.problem = problem_label()
        layout = QVBoxLayout(self)
        layout.addWidget(self.dice)
        layout.addWidget(self.working, 1)
        layout.addWidget(self.pending)
        layout.addWidget(self.problem)
        self.run: StageRun | None = None
        self.dice.changed.connect(self._update)

    def initializePage(self) -> None:
        self.dice.clear()
        self.prepare_dice(self.dice, self.plan())
        self._update()

    def _update(self) -> None:
        run = self.stage(self.dice, self.plan(), "damage")
        self.run = run
        damage = run.fight.damage if run.fight is not None else None
        self.dice.setVisible(bool(self.dice.slots))
        if damage is not None:
            parts = [r.explain() for r in damage.rolls] or ["No damaging hit: nothing to roll."]
            parts.extend(p.text() for p in damage.placements)
            self.working.setPlainText("\n\n".join(parts))
        elif run.problem is None:
            missing = self.dice.missing()
            self.working.setPlainText(
                f"Type every die (still to type: die {missing[0]})."
                if missing
                else "Roll the dice (Return): the damage rolls show with them."
                if self.dice.awaits_roll()
                else ""
            )
        self.problem.setText(run.problem or "")
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        run = self.run
        if self.dice.awaits_roll():  # Next reads Roll: it rolls the app's dice
            return run is not None and run.problem is None
        return run is not None and run.fight is not None and run.problem is None

    def validatePage(self) -> bool:
        return not self.roll_first(self.dice)  # rolled now: the dice show on this page

    def contribute(self, plan: AssaultPlan) -> AssaultPlan:
        asked = len(self.run.asked) if self.run is not None else 0
        return plan.with_dice(StageDice("damage", asked, self.dice.values()))
