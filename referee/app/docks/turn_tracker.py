"""The turn tracker: the steps of the edition's turn with the current one highlighted, what
the current step asks of the referee (the engine's agenda; at a gunnery step, a unit that has
fired since the clock last moved, as the journal says, is listed as such instead of still to
fire, one that cannot fire says why, and the units the clock waits for are named), what the
step the clock last left did (its phase report, as MegaMek's after each phase:
:mod:`referee.match.reports.phase_report`), and a Next step button."""

from __future__ import annotations

from collections.abc import Collection
from html import escape
from typing import TYPE_CHECKING

from msgspec.structs import replace
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from referee.app.widgets.next_step_button import NextStepButton
from referee.app.widgets.plain_text import plain_tip
from referee.rules.orders.agenda import match_agenda
from referee.rules.orders.state import MatchState
from referee.rules.turn.agenda import NOTHING_TO_DO, Agenda
from referee.rules.turn.involved import Involved
from referee.rules.turn.sequence import turn_sequence

if TYPE_CHECKING:  # the report comes with the first step the clock leaves
    from referee.match.reports.phase_report import PhaseReport


def units_html(units: tuple[Involved, ...]) -> list[str]:
    """The units a step concerns, those with the same why on one line ("no orders for turn
    3: tank, hoplites, ..."), so a short dock shows them all."""
    by_why: dict[str, list[str]] = {}
    for i in units:
        by_why.setdefault("no action" if i.why == "-" else i.why, []).append(i.uid)
    return [
        f"<li>{escape(why)}: <b>{escape(', '.join(uids))}</b></li>"
        if len(uids) > 1
        else f"<li><b>{escape(uids[0])}</b>: {escape(why)}</li>"
        for why, uids in by_why.items()
    ]


def mark_fired(
    units: tuple[Involved, ...],
    fired: Collection[str],
    unable: tuple[tuple[str, str], ...] = (),
) -> tuple[Involved, ...]:
    """``units`` with each unit ordered to Fire that is in ``fired`` said to have fired, and
    each that cannot fire said why (``unable``: uid and its sentence)."""
    why_not = dict(unable)
    return tuple(
        replace(i, why="has fired in this step")
        if i.uid in fired and "fire" in {a.casefold() for a in i.actions}
        else replace(
            i, why="cannot fire: " + why_not[i.uid].removeprefix(f"{i.uid} is ordered to fire but ")
        )
        if i.uid in why_not
        else i
        for i in units
    )


def report_html(report: PhaseReport | None) -> str:
    """What the step the clock last left did, in words (every text from the file escaped)."""
    if report is None:
        return (
            "<p style='color:#666'><i>The clock has not moved yet: each step of the turn is "
            "told here once the clock moves on from it.</i></p>"
        )
    lines = [*report.lines] or ["nothing happened"]
    if report.passed:
        lines.append(report.passed_text())
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return (
        f"<p><b>What {escape(report.title())} did</b> "
        f"<span style='color:#666'>({escape(report.journal_words())})</span></p>"
        f"<ul style='margin-left:0'>{items}</ul>"
    )


def agenda_html(agenda: Agenda, fired: Collection[str] = ()) -> str:
    """The agenda in words: who acts and how (first: a short dock shows it), what to do,
    dice, choices, notes, clauses; ``fired``: the units that fired since the clock last
    moved."""
    parts = [f"<p><b>{escape(agenda.position.text())}</b></p>"]
    if agenda.blocked:  # the setup is not finished: Next step would be refused
        parts.append(f"<p style='color:#c62828'><b>{escape(agenda.blocked)}</b></p>")
    elif agenda.is_empty:
        parts.append(f"<p><i>{escape(NOTHING_TO_DO)}</i></p>")
    items = units_html(mark_fired(agenda.units, fired, agenda.fire_unable))
    items += [f"<li><s>{escape(i.text())}</s> (left out)</li>" for i in agenda.excluded]
    if items:
        parts.append("<ul style='margin-left:0'>" + "".join(items) + "</ul>")
    if agenda.hexes:
        parts.append(f"<p>Hexes: {escape(', '.join(str(h) for h in agenda.hexes))}</p>")
    parts.append(f"<p>{escape(agenda.todo)}</p>")
    if agenda.fire_pending:  # ruling turn.unfired-fire-order
        parts.append(
            "<p style='color:#c62828'>Ordered to fire and not fired yet: "
            f"<b>{escape(', '.join(agenda.fire_pending))}</b>. The clock waits for them: "
            "Next step asks before it passes them.</p>"
        )
    if agenda.orders_missing and agenda.step.kind != "orders":
        parts.append(
            "<p style='color:#c62828'>Without orders for this turn or the next: "
            f"{escape(', '.join(agenda.orders_missing))}</p>"
        )
    parts.append("<p>Dice needed.</p>" if agenda.needs_dice else "<p>No dice.</p>")
    if agenda.choices:
        order = "".join(f"<li>{escape(g.text())}</li>" for g in agenda.choices)
        parts.append(
            f"<p>Choices, in this order (the highest rank chooses last):</p><ol>{order}</ol>"
        )
    parts.extend(f"<p><i>Note: {escape(n)}</i></p>" for n in agenda.notes)
    parts.append(f"<p style='color:#666'>{escape(', '.join(agenda.clauses))}</p>")
    return "".join(parts)


class TurnTracker(QWidget):
    """Shows where the match stands; ``nextRequested`` when the referee moves on."""

    nextRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        font = QFont(self.title.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.title.setFont(font)
        self.steps = QListWidget()
        self.steps.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.steps.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.steps.setWordWrap(True)
        self.steps.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.agenda = QTextBrowser()
        self.agenda.setOpenLinks(False)
        self.report = QTextBrowser()
        """What the step the clock last left did (:meth:`set_report`)."""
        self.report.setOpenLinks(False)
        self.report.setHtml(report_html(None))
        self.next_button = NextStepButton("Move the match on to the next step of the turn")
        self.next_button.clicked.connect(self.nextRequested)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.steps)
        split.addWidget(self.agenda)
        split.addWidget(self.report)
        split.setChildrenCollapsible(False)
        # the agenda (who lacks orders, who acts) before the list of the turn's steps,
        # which shows a few around the current one: a short dock keeps the agenda in view;
        # what the last step did under it
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 4)
        split.setStretchFactor(2, 2)
        split.setSizes([70, 300, 110])
        self.split = split
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(split, 1)
        layout.addWidget(self.next_button)
        self._step_ids: tuple[str, ...] = ()

    def set_state(self, state: MatchState, fired: Collection[str] = ()) -> None:
        """Show ``state``; ``fired``: the units that fired since the clock last moved."""
        sequence = turn_sequence(state.rules)
        ids = tuple(s.id for s in sequence)  # readings may add or drop steps (orders)
        if self._step_ids != ids:
            self.steps.clear()
            for step in sequence:
                item = QListWidgetItem(step.label)
                item.setData(Qt.ItemDataRole.UserRole, step.id)
                item.setToolTip(plain_tip(step.todo))
                self.steps.addItem(item)
            self._step_ids = ids
        self.title.setText(f"Turn {state.turn}")
        for i in range(self.steps.count()):
            item = self.steps.item(i)
            current = item.data(Qt.ItemDataRole.UserRole) == state.step
            font = item.font()
            font.setBold(current)
            item.setFont(font)
            # a brush of a colour and a style: QBrush(colour) alone makes PySide weigh (and
            # build) QGradient among its overloads
            solid = Qt.BrushStyle.SolidPattern
            item.setBackground(QBrush(QColor("#ffe082"), solid) if current else QBrush())
            item.setForeground(QBrush(QColor("#000000"), solid) if current else QBrush())
            if current:
                self.steps.scrollToItem(item, QListWidget.ScrollHint.PositionAtCenter)
        self.agenda.setHtml(agenda_html(match_agenda(state), fired))

    def set_report(self, report: PhaseReport | None) -> None:
        """Show what the step the clock last left did (None: the clock has not moved)."""
        self.report.setHtml(report_html(report))

    def current_step_label(self) -> str:
        for i in range(self.steps.count()):
            item = self.steps.item(i)
            if item.font().bold():
                return item.text()
        return ""
