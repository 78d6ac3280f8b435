"""One side's hits as the referee deals them: damaging hits per source and target, support
hits per source on each roll, and the acid and poison tokens (clauses
``assault.allocation``, ``assault.damaging``, ``assault.support``, ``assault.psychic``,
``assault.acid``, ``assault.poison``). The editor shows the constraints of the edition and,
beside each roll, its exact odds over the rolls above it and the damage already waiting in
the step (:func:`~referee.rules.assault.damage.rolls_odds`);
the page checks the dealing with the engine."""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import cast

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
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
from referee.app.widgets.flow_layout import FlowLayout
from referee.app.widgets.plain_text import plain_tip
from referee.app.widgets.style import side_name
from referee.app.wizards.assault.page import FittedTable, fit_height, problem_label
from referee.rules.assault.damage import rolls_odds
from referee.rules.assault.dealing import (
    DamageRollPlan,
    SideAllocation,
    TokenKind,
    TokenPlan,
    roll_plan,
)
from referee.rules.assault.deflection import Deflected
from referee.rules.assault.hits import hits_of
from referee.rules.assault.table import assault_rules
from referee.rules.damage.pending import PendingLedger
from referee.rules.damage.sequence_odds import RollOdds
from referee.ruleset import Ruleset


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def hits_sentence(side: int, by: int, hits: dict[str, int]) -> str:
    """Whose hits these are and who places them, as a referee says it (rich text, the ids
    escaped): ``Side 2 (red) hit 3 times (boars 2, grunts 1); side 1 (blue), the winner,
    places the hits on its own bases.`` (clause ``assault.allocation``)."""
    if not hits:
        return f"<b>{escape(side_name(side, capital=True))}</b> scored no hit: nothing to place."
    total = sum(hits.values())
    got = ", ".join(f"{u} {n}" for u, n in hits.items())
    enemy = 3 - side
    who = (
        f"{side_name(side)} places them on {side_name(enemy)}'s bases"
        if by == side
        else f"{side_name(by)}, the winner, places them on its own bases"
    )
    return (
        f"<b>{escape(side_name(side, capital=True))} hit {total} "
        f"time{'s' if total != 1 else ''}</b> ({escape(got)}); {escape(who)}."
    )


def odds_text(odds: RollOdds | None) -> tuple[str, str]:
    """One damage roll's odds as the page shows them (the rolls above it on the same base
    counted, ruling ``damage.pending-tokens``): the rows likeliest first, and every row whole
    for a tooltip."""
    if odds is None:
        return "no assault damage", ""
    parts = [
        (p, odds.labels[rk].split(":")[0] if rk[1] is not None else "nothing", odds.labels[rk])
        for rk, p in odds.rows.items()
        if p
    ]
    if odds.unread:
        parts.append((odds.unread, "blocked by the armor", "blocked by the armor"))
    if odds.gone:
        parts.append((odds.gone, "already destroyed", "the base is destroyed by the rolls above"))
    parts.sort(key=lambda x: x[0], reverse=True)
    short = ", ".join(f"{_pct(p)} {name}" for p, name, _ in parts)
    full = "\n".join(f"{_pct(p)} {label}" for p, _, label in parts)
    return short, full


def constraints_text(rules: Ruleset, deflected: Deflected, side: int) -> str:
    """The rules a dealing of ``side``'s hits keeps, as the edition has them."""
    table = assault_rules(rules)
    contest = deflected.advantage.rolled.pools.contest
    enemies = contest.enemy(side).alive
    room = ", ".join(f"{e.uid} {e.unit.alive}" for e in enemies) or "none"
    lines = [
        f"• At most one damaging hit per alive model of each enemy base ({room}); "
        "each is rolled on the damage table (assault.damaging)."
    ]
    if table.damaging == "fill-first":
        lines.append(
            "• While an enemy model has no damaging hit, every hit must be damaging "
            "(ruling assault.damaging-first)."
        )
    lines.append("• Every other hit supports one damage roll: +1 to it (assault.support).")
    if table.kinds_apart:
        lines.append(
            "• Real and psychic damage are apart: one of each per model, and support "
            "helps only a roll of its own kind (assault.psychic)."
        )
    if table.allocator != "each-side":
        lines.append(
            f"• The winner, side {deflected.advantage.side}, deals these hits (assault.allocation)."
        )
    return "\n".join(lines)


class SideAllocationEditor(QWidget):
    """Edits one side's :class:`SideAllocation`; ``changed`` on every edit."""

    changed = Signal()

    def __init__(self, side: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side = side
        self.rules: Ruleset | None = None
        self.deflected: Deflected | None = None
        self.proposal: SideAllocation | None = None
        self.ledger: PendingLedger | None = None
        self.sources: list[str] = []
        self.enemies: list[str] = []
        self.header = QLabel()
        self.header.setTextFormat(Qt.TextFormat.RichText)  # rich on purpose, unit ids escaped
        self.header.setWordWrap(True)
        self.constraints = QLabel()
        self.constraints.setTextFormat(Qt.TextFormat.PlainText)
        self.constraints.setWordWrap(True)
        self.constraints.setStyleSheet("color: #555")
        self.rolls = QTableWidget(0, 0)
        FittedTable(self.rolls)  # the odds wrap anew at the dock's width
        self.rolls.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.rolls.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tokens = QTableWidget(0, 3)
        self.tokens.setHorizontalHeaderLabels(["Token", "placed by", "on"])
        self.tokens.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.tokens.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tokens.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.add_button = QPushButton("Add a damaging hit")
        self.remove_button = QPushButton("Remove the last")
        self.proposal_button = QPushButton("Use the proposal")
        self.violations = problem_label()
        buttons = QWidget()  # the buttons wrap in a narrow dock instead of widening it
        flow = FlowLayout(buttons)
        for b in (self.add_button, self.remove_button, self.proposal_button):
            flow.addWidget(b)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.header)
        layout.addWidget(self.constraints)
        layout.addWidget(self.rolls)
        layout.addWidget(self.tokens)
        layout.addWidget(buttons)
        layout.addWidget(self.violations)
        self.add_button.clicked.connect(lambda: self.add_roll())
        self.remove_button.clicked.connect(self.remove_roll)
        self.proposal_button.clicked.connect(self.use_proposal)

    # --- set-up ---------------------------------------------------------------------

    def set_stage(
        self,
        rules: Ruleset,
        deflected: Deflected,
        proposal: SideAllocation,
        ledger: PendingLedger | None = None,
    ) -> None:
        """The hits left after the deflections, the engine's proposal (filled in) and
        ``ledger``, the damage already waiting in the step when these hits are rolled
        (earlier rolls of the step, the pre-assault phase's Fear: clause
        ``damage.sequence``)."""
        self.rules, self.deflected, self.proposal = rules, deflected, proposal
        self.ledger = ledger
        contest = deflected.advantage.rolled.pools.contest
        hits = hits_of(deflected, self.side)
        self.sources = list(hits)
        self.enemies = [c.uid for c in contest.enemy(self.side).alive]
        self.header.setText(hits_sentence(self.side, proposal.by, hits))
        self.constraints.setText(constraints_text(rules, deflected, self.side))
        for w in (
            self.constraints,
            self.rolls,
            self.add_button,
            self.remove_button,
            self.proposal_button,
        ):
            w.setVisible(bool(hits))
        # short headings (the tooltips say them whole): the table fits the dock beside the
        # map, the odds wrap in the column left over
        columns = ["Hit of", "on", *(f"+{u}" for u in self.sources), "Odds of this roll"]
        tips = [
            "the unit that deals this damaging hit",
            "the enemy base it hits",
            *(f"support from {u}: +1 to the roll each" for u in self.sources),
            "the odds of this damage roll, counting what the rolls above it and the damage "
            "already waiting in this step may have done to the same base "
            "(ruling damage.pending-tokens)",
        ]
        self.rolls.setColumnCount(len(columns))
        self.rolls.setHorizontalHeaderLabels(columns)
        for col, tip in enumerate(tips):
            heading = self.rolls.horizontalHeaderItem(col)
            if heading is not None:
                heading.setToolTip(plain_tip(tip))
        self.rolls.setWordWrap(True)
        self.rolls.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.rolls.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header = self.rolls.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(columns) - 1, QHeaderView.ResizeMode.Stretch)
        self.set_allocation(proposal)

    def set_allocation(self, allocation: SideAllocation) -> None:
        self.rolls.setRowCount(0)
        for r in allocation.rolls:
            self.add_roll(r, emit=False)
        self.tokens.setRowCount(0)
        for t in allocation.tokens:
            self._add_token(t)
        self.tokens.setVisible(bool(allocation.tokens))
        self._refresh_odds()
        self.changed.emit()

    def use_proposal(self) -> None:
        if self.proposal is not None:
            self.set_allocation(self.proposal)

    # --- rows -----------------------------------------------------------------------

    def _combo(self, options: list[str], value: str) -> QComboBox:
        combo = ComboBox()
        combo.addItems(options)
        if value in options:
            combo.setCurrentText(value)
        combo.currentIndexChanged.connect(lambda _i: self._edited())
        return combo

    def add_roll(self, plan: DamageRollPlan | None = None, emit: bool = True) -> None:
        """A damaging hit (default: the first source on the first enemy base)."""
        if not self.sources or not self.enemies:
            return
        plan = plan or roll_plan(self.sources[0], self.enemies[0])
        row = self.rolls.rowCount()
        self.rolls.insertRow(row)
        self.rolls.setCellWidget(row, 0, self._combo(self.sources, plan.source))
        self.rolls.setCellWidget(row, 1, self._combo(self.enemies, plan.target))
        for col, uid in enumerate(self.sources, 2):
            spin = SpinBox()
            spin.setRange(0, 99)
            spin.setValue(plan.support.get(uid, 0))
            spin.setAccessibleName(f"support from {uid}, roll {row + 1}")
            spin.valueChanged.connect(lambda _v: self._edited())
            self.rolls.setCellWidget(row, col, spin)
        self.rolls.setItem(row, len(self.sources) + 2, QTableWidgetItem())
        if emit:
            self._edited()

    def remove_roll(self) -> None:
        if self.rolls.rowCount():
            self.rolls.removeRow(self.rolls.rowCount() - 1)
            self._edited()

    def _add_token(self, token: TokenPlan) -> None:
        row = self.tokens.rowCount()
        self.tokens.insertRow(row)
        self.tokens.setItem(row, 0, QTableWidgetItem(token.kind))
        self.tokens.setItem(row, 1, QTableWidgetItem(token.source))
        self.tokens.setCellWidget(row, 2, self._combo(self.enemies, token.target))

    def _edited(self) -> None:
        self._refresh_odds()
        self.changed.emit()

    def _fit_heights(self) -> None:
        self.rolls.resizeRowsToContents()
        fit_height(self.rolls)
        fit_height(self.tokens)

    def _refresh_odds(self) -> None:
        self._fit_heights()
        if self.rules is None or self.deflected is None:
            return
        contest = self.deflected.advantage.rolled.pools.contest
        col = len(self.sources) + 2
        try:
            odds = rolls_odds(self.rules, contest, self.allocation().rolls, self.ledger)
        except (ValueError, KeyError) as exc:  # a dealing the engine refuses: said below
            odds = ()
            problem = str(exc)
        for row in range(self.rolls.rowCount()):
            short, full = odds_text(odds[row]) if row < len(odds) else ("", problem)
            item = self.rolls.item(row, col)
            if item is not None:
                item.setText(short)
                item.setToolTip(plain_tip(full))
        self._fit_heights()

    # --- the dealing ----------------------------------------------------------------

    def allocation(self) -> SideAllocation:
        """The dealing as edited."""
        by = self.proposal.by if self.proposal is not None else self.side
        rolls = []
        for row in range(self.rolls.rowCount()):
            source = self.rolls.cellWidget(row, 0)
            target = self.rolls.cellWidget(row, 1)
            assert isinstance(source, QComboBox) and isinstance(target, QComboBox)
            support = {}
            for col, uid in enumerate(self.sources, 2):
                spin = self.rolls.cellWidget(row, col)
                assert isinstance(spin, QSpinBox)
                support[uid] = spin.value()
            rolls.append(roll_plan(source.currentText(), target.currentText(), support))
        tokens = []
        for row in range(self.tokens.rowCount()):
            kind_item, source_item = self.tokens.item(row, 0), self.tokens.item(row, 1)
            combo = self.tokens.cellWidget(row, 2)
            assert kind_item is not None and source_item is not None
            assert isinstance(combo, QComboBox)
            tokens.append(
                TokenPlan(
                    source_item.text(), combo.currentText(), cast(TokenKind, kind_item.text())
                )
            )
        light = self.proposal.light if self.proposal is not None else ()
        return SideAllocation(self.side, by, tuple(rolls), light, tuple(tokens))

    def show_violations(self, problems: list[str]) -> None:
        self.violations.setText("\n".join(f"• {p}" for p in problems))
