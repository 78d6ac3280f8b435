"""The assault wizard's advantage and deflections: each side's successes, the deflections
that cancel them, who gains the advantage and why (equal hits: the nations' assault order,
then a roll-off or the referee; clauses ``assault.advantage``, ``assault.nation-order``,
ruling ``assault.tie-rank``), then the advantaged side's choice of which successes are
deflected (clause ``assault.deflection``): the engine's proposal, ready to accept or change
pool by pool, checked as it is edited (:func:`~referee.rules.assault.deflection.check_deflection`).
"""

from __future__ import annotations

from html import escape

from msgspec.structs import replace
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from referee.app.widgets.boxes import ComboBox, SpinBox
from referee.app.wizards.assault.page import AssaultPage, Page, counted, problem_label
from referee.app.wizards.assault.plan import AssaultPlan, StageDice, StageRun
from referee.app.wizards.common.dice_entry import DiceEntry
from referee.rules.assault.advantage import Advantage
from referee.rules.assault.deflection import (
    DeflectionChoice,
    check_deflection,
    choice,
    propose_deflection,
)
from referee.rules.assault.table import assault_rules


def advantage_html(adv: Advantage) -> str:
    """Successes, deflections and the advantage, with the reason."""
    rows = "".join(
        f"<tr><td>side {s}</td><td align='center'>{adv.successes[s]}</td>"
        f"<td align='center'>{adv.deflections[s]}</td>"
        f"<td align='center'>{adv.cancelled[s]}</td>"
        f"<td align='center'><b>{adv.net(s)}</b></td></tr>"
        for s in (1, 2)
    )
    table = (
        "<table cellspacing='0' cellpadding='3' border='1'>"
        "<tr><th></th><th>successes</th><th>its deflections</th>"
        "<th>deflected by the enemy</th><th>hits</th></tr>" + rows + "</table>"
    )
    tie = adv.tie
    if tie is None:
        why = f"{adv.net(adv.side)} hits against {adv.net(adv.other)}"
    else:
        nations = ", ".join(f"side {s}: {n}" for s, n in sorted(tie.nations.items()))
        why = f"equal hits ({nations}); "
        if tie.by == "nation-order":
            why += "its nation is higher in the assault winning-power order (assault.nation-order)"
        elif tie.by == "roll-off":
            why += (
                "nations of the same rank: a roll-off, "
                + "; ".join(f"{a} against {b}" for a, b in tie.rolls)
                + " (ruling assault.tie-rank)"
            )
        else:
            why += "nations of the same rank: the referee named it (ruling assault.tie-rank)"
    return (
        f"{table}<p><b>Side {adv.side} gains the advantage</b>: {escape(why)}. "
        f"It chooses which successes the deflections cancel.</p>"
    )


def wrapped(text: str) -> QLabel:
    """A label of the deflection editor, its words wrapped to the dock (never widening it)."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class AdvantagePage(AssaultPage):
    page_id = Page.ADVANTAGE

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Advantage and deflections")
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.RichText)  # HTML on purpose, names escaped
        self.summary.setWordWrap(True)
        self.tie_dice = DiceEntry(reveal=True)  # the next choices need them
        self.tie_label = QLabel(
            "Equal hits and nations of the same rank: the referee names "
            "the side that gains the advantage (ruling assault.tie-rank)."
        )
        self.tie_label.setWordWrap(True)
        self.tie_side = ComboBox()
        self.tie_side.addItems(["(name the side)", "side 1", "side 2"])
        self.editor = QWidget()
        self.grid = QGridLayout(self.editor)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.proposal_button = QPushButton("Use the proposal")
        self.violations = problem_label()
        buttons = QHBoxLayout()
        buttons.addWidget(self.proposal_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.tie_dice)
        layout.addWidget(self.tie_label)
        layout.addWidget(self.tie_side)
        layout.addWidget(self.editor)
        layout.addLayout(buttons)
        layout.addWidget(self.violations)
        layout.addStretch(1)
        self.spins: dict[tuple[int, str], QSpinBox] = {}
        self.run: StageRun | None = None
        self.advantage: Advantage | None = None
        self.proposed: DeflectionChoice | None = None
        self.problems: list[str] = ["not decided yet"]
        self.tie_dice.changed.connect(self._decide)
        self.tie_side.currentIndexChanged.connect(lambda _i: self._decide())
        self.proposal_button.clicked.connect(self.use_proposal)

    def _tie_winner(self) -> int | None:
        return self.tie_side.currentIndex() or None

    def _plan(self) -> AssaultPlan:
        return replace(self.plan(), tie_winner=self._tie_winner())

    def initializePage(self) -> None:
        self.setSubTitle(
            "Each success deflected cancels one enemy success; the side with more "
            "hits left gains the advantage (clause assault.advantage)."
        )
        self.tie_side.blockSignals(True)
        self.tie_side.setCurrentIndex(0)
        self.tie_side.blockSignals(False)
        self.tie_dice.clear()
        self.prepare_dice(self.tie_dice, self.plan())
        self._decide()

    def _decide(self) -> None:
        run = self.stage(self.tie_dice, self._plan(), "advantage")
        self.run = run
        self.tie_dice.setVisible(bool(self.tie_dice.slots))
        by_referee = assault_rules(self.aw().state.rules).tie == "referee"
        needs_name = by_referee and (
            self._tie_winner() is not None
            or (run.fight is None and run.problem is not None and "tie-rank" in run.problem)
        )
        self.tie_label.setVisible(needs_name)
        self.tie_side.setVisible(needs_name)
        fight = run.fight
        self.advantage = fight.advantage if fight is not None else None
        if self.advantage is None:
            self.summary.setText(
                run.problem
                or (
                    "Equal hits: a roll-off. Roll the dice (Return) to see who gains the advantage."
                    if self.tie_dice.awaits_roll()
                    else "Type the dice of the roll-off."
                )
            )
            self._build_editor(None)
            self._check()
            return
        self.summary.setText(advantage_html(self.advantage))
        self._build_editor(self.advantage)
        self._check()

    def _build_editor(self, adv: Advantage | None) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.spins = {}
        self.proposed = None
        if adv is None:
            return
        rules = self.aw().state.rules
        self.proposed = propose_deflection(rules, adv)
        row = 0
        if not any(adv.cancelled[s] for s in (1, 2)):
            self.grid.addWidget(wrapped("No success is deflected: nothing to choose."), 0, 0)
            self.proposal_button.setEnabled(False)
            return
        self.proposal_button.setEnabled(True)
        self.grid.addWidget(
            wrapped(
                f"Side {adv.side} chooses the successes deflected (the proposal is filled in):"
            ),
            row,
            0,
            1,
            3,
        )
        for s in (1, 2):
            if not adv.cancelled[s]:
                continue
            row += 1
            self.grid.addWidget(
                wrapped(
                    f"Side {s}: the enemy's deflections cancel exactly {adv.cancelled[s]} of its "
                    f"{counted(adv.successes[s], 'success', 'successes')}"
                ),
                row,
                0,
                1,
                3,
            )
            for pid, n in adv.rolled.successes(s, "assault").items():
                row += 1
                spin = SpinBox()
                spin.setRange(0, n)
                spin.setValue(self.proposed.of(s).get(pid, 0))
                spin.setAccessibleName(f"deflected of {pid}")
                spin.valueChanged.connect(lambda _v: self._check())
                self.spins[(s, pid)] = spin
                self.grid.addWidget(
                    wrapped(f"{pid} ({counted(n, 'success', 'successes')}): deflected"), row, 0
                )
                self.grid.addWidget(spin, row, 1)
        self.grid.setColumnStretch(2, 1)

    def chosen(self) -> DeflectionChoice | None:
        adv = self.advantage
        if adv is None:
            return None
        picked: dict[int, dict[str, int]] = {1: {}, 2: {}}
        for (s, pid), spin in self.spins.items():
            picked[s][pid] = spin.value()
        return choice(adv.side, picked)

    def use_proposal(self) -> None:
        if self.proposed is None:
            return
        for (s, pid), spin in self.spins.items():
            spin.setValue(self.proposed.of(s).get(pid, 0))

    def _check(self) -> None:
        adv, chosen = self.advantage, self.chosen()
        if adv is None or chosen is None:
            self.problems = (
                [self.run.problem or "the advantage is not decided yet"]
                if self.run is not None and self.run.problem
                else ["not decided yet"]
            )
        else:
            self.problems = check_deflection(self.aw().state.rules, adv, chosen)
        shown = self.problems if adv is not None else []
        self.violations.setText("\n".join(f"• {p}" for p in shown))
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        if self.tie_dice.awaits_roll():  # Next reads Roll: it rolls the roll-off
            return self.run is not None and self.run.problem is None
        return self.advantage is not None and not self.problems

    def validatePage(self) -> bool:
        return not self.roll_first(self.tie_dice)  # rolled now: the roll-off shows here

    def contribute(self, plan: AssaultPlan) -> AssaultPlan:
        if self.run is not None and self.run.asked:
            plan = plan.with_dice(StageDice("tie", len(self.run.asked), self.tie_dice.values()))
        chosen = self.chosen()
        changed = (
            chosen is not None
            and self.proposed is not None
            and chosen.to_json() != self.proposed.to_json()
        )
        return replace(plan, tie_winner=self._tie_winner(), deflection=chosen if changed else None)
