"""The orders wizard's second page: the units in a list; for the one picked, its orders in
an :class:`~referee.app.wizards.orders.order_editor.OrderEditor` and where they stand
(written, not written yet, or confirmed missing: clause ``orders.missing``), judged against
the speed the unit starts the turn at (``orders.speed``)."""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from referee.app.widgets.flow_layout import FlowLayout
from referee.app.widgets.plain_text import plain_tip
from referee.app.wizards.orders.order_editor import OrderEditor
from referee.app.wizards.orders.units_page import UnitsPage
from referee.rules.orders.carried import movement_steps_done, start_speed
from referee.rules.orders.missing import MISSING_KEY, missing_rule
from referee.rules.orders.notation import KINDS, parse_order
from referee.rules.orders.state import MatchState

NO_MOVEMENT = "- + - + -"
NO_GUNNERY = "- + -"
__all__ = ["OrdersPage", "Status", "movement_steps_done", "start_speed"]


class Status(IntEnum):
    """Where one unit's orders stand on the orders page."""

    OPEN = 0
    """No orders for the turn, none written yet: nothing is written for it."""
    WRITTEN = 1
    """The orders in the editor are written."""
    MISSING = 2
    """The referee confirms the players gave none: the rule for a missing order applies."""


class OrdersPage(QWizardPage):
    """The units of the chosen side above, one line each; for the picked unit, whether its
    orders are written, not yet, or confirmed missing, and its orders below (narrow enough
    for the wizard dock beside the map)."""

    def __init__(self, state: MatchState, units_page: UnitsPage) -> None:
        super().__init__()
        self.units_page = units_page
        """The first page: whose orders, for which turn."""
        self.state = state
        self.setTitle("Orders")
        self.rule = missing_rule(state.rules)
        self.list = QListWidget()
        rows = min(7, max(3, len(state.units)))
        self.list.setFixedHeight(self.fontMetrics().lineSpacing() * rows + 8)
        self.editor = OrderEditor(state.rules)
        self.status_box = QWidget()
        self.open_button = QRadioButton("Not written yet")  # one line: the dock's height
        self.open_button.setToolTip("Nothing is written for this unit when the wizard finishes")
        self.written_button = QRadioButton("Written")
        self.written_button.setToolTip("The orders below are written for this unit")
        self.missing_button = QRadioButton("None given")
        self.missing_button.setToolTip(
            plain_tip(
                f"Its players gave no orders: the missing-order rule, the unit "
                f"{self.rule.text()}; the journal records it with clause orders.missing"
            )
        )
        self.rule_text = QLabel(
            f"Without orders the unit {self.rule.text()} (clause orders.missing)."
        )
        self.rule_text.setTextFormat(Qt.TextFormat.PlainText)
        self.rule_text.setWordWrap(True)
        self.rule_text.setStyleSheet("color: #555")
        self.all_missing_button = QPushButton(
            "No orders for every unit not written yet: "
            + ("each does nothing" if self.rule.does == "nothing" else "each its default order")
        )
        self.all_missing_button.setToolTip(
            plain_tip(
                "Confirm at once, for every unit still marked 'not written yet', that its "
                f"players gave no orders: each {self.rule.text()} (clause orders.missing)"
            )
        )
        self.all_missing_button.setAutoDefault(False)
        self.statuses = QButtonGroup(self)
        box = QVBoxLayout(self.status_box)
        box.setSpacing(2)
        box.setContentsMargins(0, 0, 0, 0)
        radios = QWidget()
        flow = FlowLayout(radios)  # side by side, wrapped in a narrow dock: the editor
        for status, button in zip(  # below keeps the dock's height
            Status, (self.open_button, self.written_button, self.missing_button), strict=True
        ):
            self.statuses.addButton(button, int(status))
            flow.addWidget(button)
        box.addWidget(radios)
        box.addWidget(self.rule_text)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.editor)
        self.editor_scroll = scroll
        self.problem = QLabel()
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #c62828")
        self.finish_note = QLabel()
        """What Finish writes while some units are not written yet, and what stays."""
        self.finish_note.setTextFormat(Qt.TextFormat.PlainText)
        self.finish_note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.list)
        layout.addWidget(self.all_missing_button)
        layout.addWidget(self.status_box)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.finish_note)
        self.all_missing_button.clicked.connect(self.confirm_all_missing)
        self.texts: dict[str, tuple[str, str]] = {}
        self.notes: dict[str, tuple[str, str]] = {}
        self.status: dict[str, Status] = {}
        self.given: set[str] = set()
        """Units that had orders for the turn when the page opened."""
        self.edited: set[str] = set()
        self.current: str | None = None
        self.turn = state.turn + 1
        self.list.currentRowChanged.connect(self._pick)
        self.editor.changed.connect(self._edited)
        self.statuses.idClicked.connect(self._status_chosen)

    def initializePage(self) -> None:
        self.turn = self.units_page.chosen_turn()
        self.setSubTitle(
            f"Turn {self.turn}: write each unit's orders (buttons or typed), or "
            "confirm its players gave none."
        )
        self.texts, self.notes, self.status, self.current = {}, {}, {}, None
        self.given, self.edited = set(), set()
        for u in self.units_page.units():
            given = self.state.orders.get(u.uid, {}).get(str(self.turn), {})
            self.texts[u.uid] = (
                given.get("movement", NO_MOVEMENT),
                given.get("gunnery", NO_GUNNERY),
            )
            self.notes[u.uid] = start_speed(self.state, u.uid, self.turn)
            self.status[u.uid] = (
                Status.MISSING
                if given.get(MISSING_KEY)
                else Status.WRITTEN
                if given
                else Status.OPEN
            )
            if given:
                self.given.add(u.uid)
        self.list.blockSignals(True)
        self.list.clear()
        for uid in self.texts:
            item = QListWidgetItem(uid)
            item.setData(Qt.ItemDataRole.UserRole, uid)
            self.list.addItem(item)
        self.list.blockSignals(False)
        waiting = [uid for uid, s in self.status.items() if s == Status.OPEN]
        # opened again after a partial step: on the first unit still to write, not on one
        # written before, whose Finish has nothing to write
        self.list.setCurrentRow(list(self.texts).index(waiting[0]) if waiting else 0)
        self._mark()

    def _pick(self, row: int) -> None:
        item = self.list.item(row)
        if item is None:
            return
        uid = str(item.data(Qt.ItemDataRole.UserRole))
        self.current = uid
        speed, note = self.notes[uid]
        movement, gunnery = self.texts[uid]
        self.editor.blockSignals(True)
        self.editor.set_unit(self.state.unit(uid).with_(speed=speed), movement, gunnery, note)
        self.editor.blockSignals(False)
        self.missing_button.setEnabled(uid not in self.given)
        self.open_button.setEnabled(uid not in self.given)
        self.statuses.button(int(self.status[uid])).setChecked(True)
        self._show_rule()

    def _edited(self) -> None:
        if self.current is not None:
            self.texts[self.current] = (self.editor.text("movement"), self.editor.text("gunnery"))
            self.edited.add(self.current)
            self.status[self.current] = Status.WRITTEN
            self.written_button.setChecked(True)
        self._mark()
        self.completeChanged.emit()

    def _show_rule(self) -> None:
        """The missing-order rule in words while the unit picked is confirmed without
        orders (the only time it bears on it; the buttons' tooltips say it too)."""
        self.rule_text.setVisible(
            self.current is not None and self.status.get(self.current) == Status.MISSING
        )

    def _status_chosen(self, status: int) -> None:
        if self.current is not None:
            self.status[self.current] = Status(status)
            if status == Status.WRITTEN:
                self.edited.add(self.current)
        self._mark()
        self.completeChanged.emit()

    def choose(self, uid: str, status: Status) -> None:
        """Set ``uid``'s status as its radio button would (what a test or a caller uses)."""
        self.status[uid] = status
        if status == Status.WRITTEN:
            self.edited.add(uid)
        if uid == self.current:
            self.statuses.button(int(status)).setChecked(True)
        self._mark()
        self.completeChanged.emit()

    def confirm_all_missing(self) -> list[str]:
        """ "No orders for every unit not written yet": each unit still open is confirmed
        without orders, in one action (clause ``orders.missing``); the units so marked."""
        marked = [
            uid for uid, s in self.status.items() if s == Status.OPEN and uid not in self.given
        ]
        for uid in marked:
            self.status[uid] = Status.MISSING
        if self.current in marked:
            self.statuses.button(int(Status.MISSING)).setChecked(True)
        self._mark()
        self.completeChanged.emit()
        return marked

    def _mark(self) -> None:
        """Each unit in the list with its orders, what keeps them from reading, or that they
        are not written yet / confirmed missing."""
        first = None
        for row in range(self.list.count()):
            item = self.list.item(row)
            uid = str(item.data(Qt.ItemDataRole.UserRole))
            status = self.status[uid]
            problem = self.problem_of(uid) if status == Status.WRITTEN else None
            movement, gunnery = self.texts[uid]
            if status == Status.OPEN:
                item.setText(f"{uid}: not written yet")
                item.setForeground(QColor("#b26a00"))
            elif status == Status.MISSING:
                item.setText(f"{uid}: none, the missing-order rule ({self.rule.does})")
                item.setForeground(QColor("#1565c0"))
            else:
                item.setText(
                    f"{uid}: {movement} · {gunnery}{self._carried(uid)}"
                    if problem is None
                    else f"{uid}: does not read"
                )
                item.setForeground(QColor("#c62828") if problem else QColor("#000000"))
            first = first or (f"{uid}, {problem}" if problem else None)
        self.problem.setText(first or "")
        self.finish_note.setText(self._finish_words())
        self.finish_note.setVisible(bool(self.finish_note.text()))
        self.all_missing_button.setEnabled(
            any(s == Status.OPEN and uid not in self.given for uid, s in self.status.items())
        )
        self._show_rule()

    def _carried(self, uid: str) -> str:
        """`` -> - + - + -`` when an action of ``uid``'s orders is illegal at the speed it
        starts the turn at, as the engine will carry them out (clause ``orders.illegal``)."""
        from referee.rules.orders.legality import check_turn

        movement, gunnery = self.texts[uid]
        unit = self.state.unit(uid).with_(speed=self.notes[uid][0])
        check = check_turn(
            unit,
            parse_order(movement, "movement"),
            parse_order(gunnery, "gunnery"),
            self.state.rules,
        )
        if check.movement.legal and check.gunnery.legal:
            return ""
        return f" (carried out: {check.movement.done.text()} · {check.gunnery.done.text()})"

    def _finish_words(self) -> str:
        """What Finish will do while units are not written yet: write only those written or
        confirmed, the rest stay to write (the orders step waits for them); "" when every
        unit is settled."""
        left = [uid for uid, s in self.status.items() if s == Status.OPEN]
        if not left:
            return ""
        writing = self.to_write()
        rest = ", ".join(left)
        if not writing:
            return (
                f"Nothing to write yet: {rest} not written. Pick one, write its orders "
                "or mark it None given."
            )
        return (
            f"Finish writes only {', '.join(writing)}; {rest} stay not written "
            "(Next step opens this wizard for them)."
        )

    def problem_of(self, uid: str) -> str | None:
        for kind, text in zip(KINDS, self.texts[uid], strict=True):
            try:
                parse_order(text, kind)
            except ValueError as exc:
                return f"{kind}: {exc}"
        return None

    def to_write(self) -> list[str]:
        """The units whose orders Finish writes: written now (new or edited) or confirmed
        missing."""
        return [
            uid
            for uid, s in self.status.items()
            if (s == Status.WRITTEN and (uid in self.edited or uid not in self.given))
            or (s == Status.MISSING and uid not in self.given)
        ]

    def isComplete(self) -> bool:
        written = [uid for uid, s in self.status.items() if s == Status.WRITTEN]
        return bool(self.to_write()) and all(self.problem_of(uid) is None for uid in written)
