"""The assault wizard's pools and roll: each side's assault and deflection pools by unit base
and sector (dice, success number, where the dice come from; clauses ``assault.stats``,
``assault.facing``, ``assault.multiple-units``, ``assault.deflection``), the pre-assault
phase (Fear, clause ``assault.pre-assault``), each side's exact odds of gaining the advantage
from these pools (:func:`~referee.rules.assault.advantage_odds.advantage_odds`), then the dice,
rolled by the app or typed per pool in the order the engine asks for them, and the successes
they give."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
)

from referee.app.widgets.plain_text import plain_tip
from referee.app.wizards.assault.page import (
    AssaultPage,
    FittedTable,
    Page,
    fit_height,
    problem_label,
    scrolled,
)
from referee.app.wizards.assault.plan import AssaultPlan, StageDice, StageRun, run_stage
from referee.app.wizards.common.dice_entry import DiceEntry
from referee.rules.assault.advantage_odds import TooManyPools, advantage_odds
from referee.rules.assault.pools import Pool, Pools
from referee.ruleset import Ruleset

COLUMNS = ("Side", "Pool", "Dice", "Needs", "From")
"""The pools, narrow enough for the dock beside the map: where the dice come from and the
notes share a column, wrapped."""


def pool_notes(pool: Pool) -> str:
    notes = []
    if pool.halved_from is not None:
        notes.append(f"halved from {pool.halved_from} (shaken, entering against Fear)")
    if pool.ork and pool.kind == "assault":
        notes.append("Ork Assault: each 6 counts twice")
    if pool.reroll:
        notes.append(f"Reroll Assault {pool.reroll}: per 6, rerolls up to {pool.reroll}")
    return "; ".join(notes)


def odds_text(rules: Ruleset, pools: Pools) -> str:
    """Each side's exact odds of gaining the advantage from ``pools`` (plain text)."""
    try:
        return advantage_odds(rules, pools).text()
    except TooManyPools as exc:
        return f"No exact odds of the advantage: {exc}."


class RollPage(AssaultPage):
    page_id = Page.ROLL

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Pools and the roll")
        self.setSubTitle(
            "Each base rolls its own pools (clause assault.stats). Let the app roll, or type "
            "what the table rolled, pool by pool in the order shown."
        )
        self.pools = QTableWidget(0, len(COLUMNS))
        self.pools.setHorizontalHeaderLabels(list(COLUMNS))
        self.pools.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.pools.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.pools.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # read only: Tab goes on to the dice
        self.pools.setTabKeyNavigation(False)
        self.pools.verticalHeader().setVisible(False)
        self.pools.setWordWrap(True)
        self.pools.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.pools.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header = self.pools.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        for column in (1, 4):  # the pool and where its dice come from take the width left
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        self.odds = QLabel()
        self.odds.setWordWrap(True)
        self.odds.setTextFormat(Qt.TextFormat.PlainText)  # unit ids from the file
        self.before = QLabel()
        self.before.setWordWrap(True)
        self.before.setTextFormat(Qt.TextFormat.PlainText)  # unit ids from the file
        self.dice = DiceEntry(reveal=True)  # the next choices need them
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setTextFormat(Qt.TextFormat.PlainText)
        self.problem = problem_label()
        layout = scrolled(self)
        FittedTable(self.pools, 2)
        layout.addWidget(self.pools)
        layout.addWidget(self.odds)
        layout.addWidget(self.before)
        layout.addWidget(self.dice)
        layout.addWidget(self.result)
        layout.addWidget(self.problem)
        layout.addStretch(1)
        self.dice.changed.connect(self._update)
        self.run: StageRun | None = None

    def initializePage(self) -> None:
        plan = self.plan()
        self.run = None
        wizard = self.aw()
        pools = run_stage(wizard.state, plan, wizard.dice_seed, "rerolls-given").fight
        self.pools.setRowCount(0)
        self.odds.clear()
        if pools is not None and pools.pools is not None:
            self._show_pools(pools.pools)
            self.odds.setText(odds_text(wizard.state.rules, pools.pools))
        self.odds.setVisible(bool(self.odds.text()))
        self.prepare_dice(self.dice, plan)
        self._update()

    def _show_pools(self, pools: Pools) -> None:
        self.pools.setRowCount(0)
        for p in pools.pools:
            notes = pool_notes(p)
            cells = (
                str(p.side),
                f"{p.uid} {p.kind}",
                str(p.dice),
                f"{p.hit}+",
                f"{p.per_model} per model x {p.models}, {p.sector}"
                + (f"; {notes}" if notes else ""),
            )
            row = self.pools.rowCount()
            self.pools.insertRow(row)
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(plain_tip(p.explain()))
                self.pools.setItem(row, col, item)
        self.pools.resizeRowsToContents()
        fit_height(self.pools, 2)

    def _update(self) -> None:
        run = self.stage(self.dice, self.plan(), "rerolls-given")
        self.run = run
        fight = run.fight
        if fight is not None and fight.pools is not None:
            extra = (
                [f"Over the limit, no assault dice: {', '.join(fight.pools.left_out)}"]
                if fight.pools.left_out
                else []
            )
            pre = fight.pre_assault
            fear = pre.explain() if pre is not None and (pre.fear or pre.retreats) else ""
            self.before.setText("\n".join([*([fear] if fear else []), *extra]))
        self.before.setVisible(bool(self.before.text()))
        if fight is not None and fight.rolled is not None:
            self.result.setText("Successes:\n" + fight.rolled.explain())
        elif run.problem is None:
            self.result.setText(
                f"Type every die (still to type: die {self.dice.missing()[0]})."
                if self.dice.missing()
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
        return plan.with_dice(StageDice("pools", asked, self.dice.values()))

    def nextId(self) -> int:
        run = self.run
        if (
            run is not None
            and run.fight is not None
            and run.fight.rolled is not None
            and run.fight.rolled.offers
        ):
            return int(Page.REROLL)
        return int(Page.ADVANTAGE)
