"""The assault wizard's last page: the outcome (clauses ``assault.advantage``,
``assault.retreat``, ``abilities.stubborn``, ``assault.stubborn-edge``,
``assault.overcrowding``). The winners enter; each loser's legal hexes are highlighted on
the main map (green; the one chosen orange) and picked with a click there or in the table, with the
facings it may turn to; a surrounded loser's new assault, a Stubborn holder and a repeated
assault are explained. By keyboard: the page opens on the first loser's hex, Up and Down
change it, Tab goes on to its facing (and the next loser's hex); the row with the keyboard
is the one selected, its hex orange on the map. Finishing checks the whole step with a dry
run before it is written.
"""

from __future__ import annotations

from types import MappingProxyType

from msgspec.structs import replace
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWizard,
)

from referee.app.widgets.boxes import ComboBox
from referee.app.widgets.plain_text import plain_tip
from referee.app.wizards.assault.page import (
    AssaultPage,
    FittedTable,
    Page,
    fit_height,
    problem_label,
)
from referee.app.wizards.assault.plan import AssaultPlan, run_stage
from referee.app.wizards.common.face_box import FOCUS_FRAME
from referee.board.hexgrid import Hex, facing_name, hex_label, parse_label
from referee.board.retreat import Retreat
from referee.rules.assault.outcome import Outcome

LEGAL = "#2e7d32"
CHOSEN = "#ff8f00"
ASSAULT_INTO = "#c62828"
COLUMNS = ("Unit", "Retreat", "Into", "Facing")
RETREATS = "The side with the advantage enters; the other retreats (clause assault.retreat)."
PICK = (
    "On the map, the hexes a loser may retreat into are green and the one chosen orange: "
    "click another, or choose in the table."
)


def turn_text(facing: int, now: int) -> str:
    """A facing as the turn it is from ``now`` (directions go clockwise)."""
    turn = {0: "kept", 1: "turned right", 5: "turned left", 3: "turned about"}
    return f"{facing_name(facing)} ({turn.get((facing - now) % 6, 'turned')})"


def outcome_lines(out: Outcome) -> list[str]:
    """The outcome in words, the retreats without a hex to choose included."""
    lines = [f"Side {out.winner} has the advantage."]
    for uid, why in out.stubborn.items():
        reason = "is Stubborn" if why == "ability" else "gains Stubborn at the board edge"
        lines.append(
            f"{uid} {reason} and held the hex: "
            + (
                "the assault is fought again, until one side wins or dies."
                if out.repeat
                else f"side {out.retreating} retreats instead."
            )
        )
    for uid, r in out.retreats.items():
        if r.kind == "surrounded":
            into = ", ".join(map(hex_label, r.assault_into))
            lines.append(
                f"{uid} is surrounded: no hex to retreat into; it assaults {into} "
                "(another assault, red on the map)."
            )
        elif not r.options:
            lines.append(f"{uid}: {r.reason}.")
    lines.extend(f"{uid} enters {hex_label(out.contest.hex)}." for uid in out.enter)
    if out.shaken:
        lines.append(
            f"Over the stacking limit, shaken: {', '.join(out.shaken)} (assault.overcrowding)."
        )
    return lines


class RetreatPage(AssaultPage):
    page_id = Page.RETREAT

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("The outcome and the retreat")
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(list(COLUMNS))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # its cursor never showed: Tab goes
        self.table.setTabKeyNavigation(False)  # to the hex and facing boxes, which arrows change
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(True)  # the retreat in words, whole, in the narrow dock
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        FittedTable(self.table)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.problem = problem_label()
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.table)
        layout.addWidget(self.problem)
        layout.addStretch(1)
        self.outcome: Outcome | None = None
        self.rows: list[tuple[str, Retreat]] = []
        self.table.itemSelectionChanged.connect(self._highlight)

    def initializePage(self) -> None:
        self.setSubTitle(RETREATS)
        self.problem.clear()
        wizard = self.aw()
        run = run_stage(wizard.state, self.plan(), wizard.dice_seed, "outcome")
        self.outcome = run.fight.outcome if run.fight is not None else None
        self.table.setRowCount(0)
        self.rows = []
        if self.outcome is None:
            self.summary.setText(run.problem or "")
            return
        self.summary.setText("\n".join(outcome_lines(self.outcome)))
        for uid, r in self.outcome.retreats.items():
            if r.options:
                self._add_row(uid, r)
        self.table.setVisible(bool(self.rows))
        self.table.resizeRowsToContents()
        fit_height(self.table)
        if self.rows:
            self.table.selectRow(0)
            self.setSubTitle(f"{RETREATS} {PICK}")
        self._highlight()

    def _add_row(self, uid: str, r: Retreat) -> None:
        state = self.aw().state
        now = state.unit(uid).facing
        row = self.table.rowCount()
        self.table.insertRow(row)
        item = QTableWidgetItem(r.reason)
        item.setToolTip(
            plain_tip(r.reason + "".join(f"\n{hex_label(h)}: {why}" for h, why in r.refused))
        )
        self.table.setItem(row, 0, QTableWidgetItem(uid))
        self.table.setItem(row, 1, item)
        into = ComboBox()
        into.addItems([hex_label(h) for h in r.options])
        into.currentIndexChanged.connect(lambda _i: self._highlight())
        facing = ComboBox()
        for f in r.facings:
            facing.addItem(turn_text(f, now), f)
        if now in r.facings:
            facing.setCurrentIndex(r.facings.index(now))
        self.table.setCellWidget(row, 2, into)
        self.table.setCellWidget(row, 3, facing)
        for box in (into, facing):  # the keyboard's place, seen at once
            box.setStyleSheet(f"QComboBox:focus {{ border: 2px solid {FOCUS_FRAME}; }}")
        into.installEventFilter(self)
        facing.installEventFilter(self)
        self.rows.append((uid, r))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A loser's hex or facing box taking the keyboard selects its row (its hex orange);
        Return in it goes on, as anywhere in the wizard (Qt's default button is lost when
        the wizard, in its dock, is no window of its own)."""
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        ):
            wizard = self.wizard()
            for which in (QWizard.WizardButton.NextButton, QWizard.WizardButton.FinishButton):
                button = wizard.button(which) if wizard is not None else None
                if button is not None and button.isVisible() and button.isEnabled():
                    button.click()
                    return True
        if event.type() == QEvent.Type.FocusIn:
            for row in range(len(self.rows)):
                boxes = (self.table.cellWidget(row, 2), self.table.cellWidget(row, 3))
                if watched in boxes and row != self.current_row():
                    self.table.selectRow(row)
        return super().eventFilter(watched, event)

    def _combo(self, row: int, col: int) -> QComboBox:
        combo = self.table.cellWidget(row, col)
        assert isinstance(combo, QComboBox)
        return combo

    def current_row(self) -> int:
        rows = self.table.selectionModel().selectedRows() if self.rows else []
        return rows[0].row() if rows else 0

    def choice(self, uid: str) -> tuple[str, int]:
        """The hex and facing chosen for ``uid``."""
        row = next(i for i, (u, _) in enumerate(self.rows) if u == uid)
        return self._combo(row, 2).currentText(), int(self._combo(row, 3).currentData())

    def pick_hex(self, h: Hex) -> bool:
        """A click on the map: the hex for the selected unit if it may go there, else for
        the first unit that may."""
        order = [self.current_row(), *range(len(self.rows))]
        for row in order:
            if row < len(self.rows) and h in self.rows[row][1].options:
                self._combo(row, 2).setCurrentText(hex_label(h))
                self.table.selectRow(row)
                self.problem.clear()
                return True
        if self.rows:
            self.problem.setText(f"No retreating unit may go into {hex_label(h)}.")
        return False

    def _highlight(self) -> None:
        overlay = self.aw().overlay
        out = self.outcome
        if overlay is None or out is None:
            return
        overlay.clear_hexes()
        for uid, r in out.retreats.items():
            if r.kind == "surrounded":
                overlay.hexes(r.assault_into, ASSAULT_INTO, f"{uid} assaults here")
        for uid, r in self.rows:
            overlay.hexes(r.options, LEGAL, f"{uid} may retreat here")
        current = self.current_row()
        if current < len(self.rows):
            uid, _ = self.rows[current]
            overlay.hexes([parse_label(self.choice(uid)[0])], CHOSEN, f"{uid} retreats here")

    def contribute(self, plan: AssaultPlan) -> AssaultPlan:
        chosen: dict[str, tuple[str, int | None]] = {}
        state = self.aw().state
        for uid, _ in self.rows:
            to, facing = self.choice(uid)
            chosen[uid] = (to, None if facing == state.unit(uid).facing else facing)
        return replace(plan, retreats=MappingProxyType(chosen))

    def validatePage(self) -> bool:
        problem = self.aw().dry_run()
        self.problem.setText(problem or "")
        return problem is None
