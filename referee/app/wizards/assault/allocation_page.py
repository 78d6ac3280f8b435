"""The assault wizard's allocation: for each side, where its hits go after the deflections
(clause ``assault.allocation``): the engine's proposal filled in, editable, and checked as it
is edited (:func:`~referee.rules.assault.allocation.check_allocation` names every violation;
Next waits until both sides' dealings are legal)."""

from __future__ import annotations

from types import MappingProxyType

from msgspec.structs import replace
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget

from referee.app.wizards.assault.page import AssaultPage, Page, problem_label
from referee.app.wizards.assault.plan import AssaultPlan, run_stage
from referee.app.wizards.assault.side_editor import SideAllocationEditor
from referee.rules.assault.allocation import check_allocation
from referee.rules.assault.dealing import SideAllocation
from referee.rules.assault.deflection import Deflected


class AllocationPage(AssaultPage):
    page_id = Page.ALLOCATION

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Allocation of the hits")
        self.setSubTitle(
            "Each hit is a damaging hit on an enemy base or supports a damage roll; the "
            "proposal is filled in. Change it as the players deal their hits."
        )
        self.editors = {s: SideAllocationEditor(s) for s in (1, 2)}
        inner = QWidget()
        column = QVBoxLayout(inner)
        for s in (1, 2):
            column.addWidget(self.editors[s])
            if s == 1:
                line = QFrame()
                line.setFrameShape(QFrame.Shape.HLine)
                column.addWidget(line)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(inner)
        self.problem = problem_label()
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.problem)
        self.deflected: Deflected | None = None
        self.proposals: dict[int, SideAllocation] = {}
        self.problems: dict[int, list[str]] = {1: [], 2: []}
        for editor in self.editors.values():
            editor.changed.connect(self._check)

    def initializePage(self) -> None:
        wizard = self.aw()
        run = run_stage(wizard.state, self.plan(), wizard.dice_seed, "deflected")
        fight = run.fight
        self.problem.setText(run.problem or "")
        self.deflected = fight.deflected if fight is not None else None
        if fight is None or self.deflected is None:
            self.completeChanged.emit()
            return
        self.proposals = {s: fight.proposal(s) for s in (1, 2)}
        # the damage waiting when the hits are rolled: the step's so far, then Fear's
        pre = fight.pre_assault
        ledger = pre.ledger if pre is not None else wizard.state.ledger()
        for s, editor in self.editors.items():
            editor.blockSignals(True)
            editor.set_stage(wizard.state.rules, self.deflected, self.proposals[s], ledger)
            editor.blockSignals(False)
        self._check()

    def _check(self) -> None:
        if self.deflected is None:
            return
        rules = self.aw().state.rules
        for s, editor in self.editors.items():
            self.problems[s] = check_allocation(rules, self.deflected, editor.allocation())
            editor.show_violations(self.problems[s])
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return self.deflected is not None and not any(self.problems.values())

    def violations(self) -> list[str]:
        return [p for s in (1, 2) for p in self.problems[s]]

    def contribute(self, plan: AssaultPlan) -> AssaultPlan:
        if self.deflected is None:
            return plan
        changed = {}
        for s, editor in self.editors.items():
            dealt = editor.allocation()
            proposal = self.proposals.get(s)
            if proposal is None or dealt.to_json() != proposal.to_json():
                changed[s] = dealt
        return replace(plan, allocation=MappingProxyType(changed))
