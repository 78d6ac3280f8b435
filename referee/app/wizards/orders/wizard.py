"""The orders wizard: every unit's movement and gunnery orders for a turn, in one step.

1. **Units**: whose orders (one side or every unit) and for which turn: the next one, and
   the current one while a unit has none for it (clause ``orders.giving``).
2. **Orders**: the units in a list; for the one picked, an
   :class:`~referee.app.wizards.orders.order_editor.OrderEditor` offering at each step only the
   codes its speed allows there, or the notation typed in. A unit starts the next turn at
   the speed the rest of this turn's movement order leaves it at (``orders.speed``); that
   is what its next orders are judged against. A unit without orders for the turn is
   marked "not written yet" until the referee writes its orders (an edit, or "Written
   below") or confirms that its players gave none, so that the rule for a missing order
   applies to it (clause ``orders.missing``): unit by unit, or for every unit still not
   written in one action ("No orders for every unit not written yet"), never by default.
   The unit's orders take the dock's height below a compact list (one line a step).

Finishing hands back one step with an ``orders`` command per unit written or confirmed
(:meth:`OrdersWizard.chosen_step`); units left "not written yet" are not written; leaving
writes nothing.
"""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QFrame,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from referee.app.widgets.flow_layout import FlowLayout
from referee.app.widgets.plain_text import plain_tip, plain_titles
from referee.app.widgets.style import side_name
from referee.app.wizards.common.chosen_step import ChosenStep
from referee.app.wizards.orders.order_editor import OrderEditor
from referee.rules.orders.commands import Orders
from referee.rules.orders.missing import MISSING_KEY, missing_rule
from referee.rules.orders.notation import KINDS, parse_order
from referee.rules.orders.state import MatchState
from referee.rules.state import UnitState
from referee.rules.turn.clock import TurnPosition

NO_MOVEMENT = "- + - + -"
NO_GUNNERY = "- + -"


class Page(IntEnum):
    UNITS = 0
    ORDERS = 1


class Status(IntEnum):
    """Where one unit's orders stand on the orders page."""

    OPEN = 0
    """No orders for the turn, none written yet: nothing is written for it."""
    WRITTEN = 1
    """The orders in the editor are written."""
    MISSING = 2
    """The referee confirms the players gave none: the rule for a missing order applies."""


def movement_steps_done(state: MatchState) -> int:
    """How many movement steps of this turn are behind the match (a step it is at is not)."""
    position = TurnPosition.at(state.rules, state.turn, state.step)
    return sum(
        1 for s in position.steps[: position.index] if s.kind == "movement" and s.id == s.group
    )


def start_speed(state: MatchState, uid: str, turn: int) -> tuple[str, str]:
    """The speed ``uid`` starts ``turn`` at, and how it is known: its speed now for this
    turn; for the next, the speed the rest of this turn's movement order leaves it at
    (clauses ``orders.speed``, ``orders.illegal``)."""
    from referee.rules.orders.legality import check_movement
    from referee.rules.orders.model import NOTHING, Order

    unit = state.unit(uid)
    if turn <= state.turn:
        return unit.speed, ""
    text = state.orders.get(uid, {}).get(str(state.turn), {}).get("movement")
    if not text:
        return unit.speed, " (no movement order this turn)"
    order = parse_order(text, "movement")
    done = movement_steps_done(state)
    if done >= len(order.steps):
        return unit.speed, ""
    rest = Order(
        "movement", tuple((NOTHING,) if i < done else s for i, s in enumerate(order.steps))
    )
    end = check_movement(unit, rest, state.rules).speed_end
    return end, f" (after this turn's {order.text()})"


def turns_offered(state: MatchState) -> list[int]:
    """The turns orders can be written for: the current one while a unit has none for it,
    and the next."""
    live = [u for u in state.units.values() if not u.destroyed]
    lacking = any(str(state.turn) not in state.orders.get(u.uid, {}) for u in live)
    return ([state.turn] if lacking else []) + [state.turn + 1]


class UnitsPage(QWizardPage):
    def __init__(self, state: MatchState) -> None:
        super().__init__()
        self.state = state
        self.setTitle("Whose orders, for which turn")
        self.setSubTitle(
            "Orders are written for the next turn, or for this one while a unit has none."
        )
        self.side = QComboBox()
        self.side.addItem("Every unit", 0)
        for side in sorted({u.side for u in state.units.values()}):
            nations = sorted({u.nation for u in state.units.values() if u.side == side})
            self.side.addItem(f"{side_name(side, capital=True)}: {', '.join(nations)}", side)
        self.turn = QComboBox()
        for turn in turns_offered(state):
            which = "this turn" if turn == state.turn else "next turn"
            self.turn.addItem(f"Turn {turn} ({which})", turn)
        self.preview = QListWidget()
        form = QFormLayout()
        form.addRow("Units:", self.side)
        form.addRow("Turn:", self.turn)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview, 1)
        self.side.currentIndexChanged.connect(self._preview)
        self.turn.currentIndexChanged.connect(self._preview)
        self._preview()

    def chosen_turn(self) -> int:
        return int(self.turn.currentData())

    def units(self) -> list[UnitState]:
        side = int(self.side.currentData())
        return [
            u
            for u in self.state.units.values()
            if not u.destroyed and (side == 0 or u.side == side)
        ]

    def _preview(self) -> None:
        self.preview.clear()
        turn = str(self.chosen_turn())
        for u in self.units():
            given = self.state.orders.get(u.uid, {}).get(turn)
            said = "; ".join(f"{k} {v}" for k, v in given.items()) if given else "no orders yet"
            self.preview.addItem(f"{u.uid} — {u.unit.name} at {u.hex}: {said}")


class OrdersPage(QWizardPage):
    """The units of the chosen side above, one line each; for the picked unit, whether its
    orders are written, not yet, or confirmed missing, and its orders below (narrow enough
    for the wizard dock beside the map)."""

    def __init__(self, state: MatchState) -> None:
        super().__init__()
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
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.list)
        layout.addWidget(self.all_missing_button)
        layout.addWidget(self.status_box)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.problem)
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
        wizard = self.wizard()
        assert isinstance(wizard, OrdersWizard)
        self.turn = wizard.units_page.chosen_turn()
        self.setSubTitle(
            f"Turn {self.turn}: write each unit's orders (buttons or typed), or "
            "confirm its players gave none."
        )
        self.texts, self.notes, self.status, self.current = {}, {}, {}, None
        self.given, self.edited = set(), set()
        for u in wizard.units_page.units():
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
        self.list.setCurrentRow(0)
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
                    f"{uid}: {movement} · {gunnery}" if problem is None else f"{uid}: does not read"
                )
                item.setForeground(QColor("#c62828") if problem else QColor("#000000"))
            first = first or (f"{uid}, {problem}" if problem else None)
        self.problem.setText(first or "")
        self.all_missing_button.setEnabled(
            any(s == Status.OPEN and uid not in self.given for uid, s in self.status.items())
        )
        self._show_rule()

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


class OrdersWizard(QWizard):
    """Orders for a turn (see the module docstring); ``chosen_step()`` once accepted."""

    def __init__(self, state: MatchState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        plain_titles(self)  # page titles name units and scenarios
        self.state = state
        self.setWindowTitle("Orders")
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.units_page = UnitsPage(state)
        self.orders_page = OrdersPage(state)
        self.setPage(Page.UNITS, self.units_page)
        self.setPage(Page.ORDERS, self.orders_page)
        self.setStartId(Page.UNITS)
        chars = self.fontMetrics().averageCharWidth()
        self.resize(118 * chars, self.fontMetrics().lineSpacing() * 40)

    def commands(self) -> list[Orders]:
        page = self.orders_page
        turn = page.turn
        out: list[Orders] = []
        for uid in page.to_write():
            if page.status[uid] == Status.MISSING:
                out.append(Orders(uid=uid, turn=turn, missing="confirm"))
                continue
            movement, gunnery = page.texts[uid]
            out.append(
                Orders(
                    uid=uid,
                    turn=turn,
                    movement=parse_order(movement, "movement").text(),
                    gunnery=parse_order(gunnery, "gunnery").text(),
                )
            )
        return out

    def chosen_step(self) -> ChosenStep:
        turn = self.orders_page.turn
        side = int(self.units_page.side.currentData())
        who = f" (side {side})" if side else ""
        return ChosenStep(f"Orders for turn {turn}{who}", tuple(self.commands()))
