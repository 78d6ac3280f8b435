"""One unit's orders for a turn: built from code buttons, or typed in the drafts' notation.

Each step of the movement order (three) and of the gunnery order (two) offers buttons for
the codes the unit's card allows at the speed in force at that step (clause
``orders.speed-restrictions``) -- speeds change with A and B along the way (``orders.speed``),
and gunnery 2 is judged at the speed movement 3 ends at (``turn.sequence``). The notation
fields are the truth: a button rewrites them, and what is typed there is parsed at once
(:func:`~referee.rules.orders.notation.parse_order`); a notation that stops making sense is
shown with a caret at the position the parser gives. Under the fields, the engine's check of
the turn (:func:`~referee.rules.orders.legality.check_turn`) says what each step will do and
why an illegal action becomes nothing or the default, with its clauses.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from referee.app.widgets.flow_layout import FlowLayout
from referee.app.widgets.plain_text import plain_tip
from referee.rules.movement_step.intent import MOVE_CODES, TURN_CODES
from referee.rules.movement_step.speed import SPEED_CODES
from referee.rules.orders.legality import OrderCheck, TurnCheck, check_turn
from referee.rules.orders.model import STEPS, Action, Order, OrderKind, Step
from referee.rules.orders.notation import KINDS, OrderSyntaxError, parse_action, parse_order
from referee.rules.state import UnitState
from referee.ruleset import Ruleset

MEANINGS: dict[str, str] = {
    "F": "forward one hex",
    "R": "rotate one hexside right",
    "L": "rotate one hexside left",
    "B": "brake to the next slower speed",
    "A": "accelerate to the next faster speed",
    "Rev": "reverse one hex",
    "Chase": "chase the nearest enemy",
    "Follow": "follow its leader",
    "Flee": "flee from the nearest enemy",
    "Road": "move along the road",
    "360": "turn to any facing",
    "-": "no action",
    "Aim": "aim",
    "Load": "load",
    "Fire": "fire",
    "Spot": "spot",
}
"""Button tooltips (the codes of clauses ``orders.movement-codes``, ``orders.gunnery-codes``)."""

GROUPS: tuple[tuple[str, ...], ...] = (MOVE_CODES, TURN_CODES, SPEED_CODES)
"""A movement step holds one action of each group at most: one move, one turn, one change
of speed (the movement engine refuses two moves in a step)."""


def caret_html(error: OrderSyntaxError) -> str:
    """The notation with a caret under the position where it stops making sense."""
    line = escape(error.text) or "&nbsp;"
    caret = "&nbsp;" * error.position + "^"
    return (
        f"<pre style='margin:0'>{line}\n{caret}</pre>"
        f"<span style='color:#c62828'>{escape(error.message, quote=False)} (character "
        f"{error.position}: expected {escape(error.expected, quote=False)})</span>"
    )


def with_code(kind: OrderKind, step: Step, code: str) -> Step:
    """``step`` after the button ``code``: '-' clears it; a code already there goes; a
    movement code replaces the one of its group (a second move, turn or speed change)."""
    action = parse_action(code, kind)
    if action.is_nothing:
        return (action,)
    kept = [a for a in step if not a.is_nothing]
    if any(a.text() == action.text() for a in kept):
        kept = [a for a in kept if a.text() != action.text()]
        return tuple(kept) or (Action("-"),)
    if kind == "movement":
        group = next((g for g in GROUPS if action.code in g), (action.code,))
        kept = [a for a in kept if a.code not in group]
    return (*kept, action)


class OrderEditor(QWidget):
    """The orders of one unit for one turn; ``changed`` on every edit."""

    changed = Signal()

    def __init__(self, rules: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules = rules
        self.unit: UnitState | None = None
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.RichText)  # rich on purpose, names escaped
        self.heading.setWordWrap(True)
        self.fields: dict[OrderKind, QLineEdit] = {}
        self.errors: dict[OrderKind, QLabel] = {}
        self.grids: dict[OrderKind, QGridLayout] = {}
        self.buttons: dict[tuple[OrderKind, int], list[QPushButton]] = {}
        self.step_labels: dict[tuple[OrderKind, int], QLabel] = {}
        self.built_for: dict[OrderKind, str | None] = {}
        """The unit each kind's buttons were made for (kept, off, while its order does not
        read: the rows do not jump)."""
        self.check_text = QLabel()
        self.check_text.setTextFormat(Qt.TextFormat.RichText)  # HTML on purpose, names escaped
        self.check_text.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        for kind in KINDS:
            layout.addWidget(self._kind_box(kind))
        layout.addWidget(self.check_text)
        layout.addStretch(1)

    def _kind_box(self, kind: OrderKind) -> QWidget:
        """An order's notation field and its steps' buttons, under a bold title (no frame:
        a unit's whole turn fits the dock's height)."""
        box = QWidget()
        field = QLineEdit()
        field.setAccessibleName(f"{kind} notation")
        field.setPlaceholderText(" + ".join("-" for _ in range(STEPS[kind])))
        field.textChanged.connect(self._typed)
        error = QLabel()
        error.setTextFormat(Qt.TextFormat.RichText)  # HTML on purpose, the order escaped
        error.setWordWrap(True)
        grid = QGridLayout()
        grid.setColumnStretch(1, 1)
        grid.setVerticalSpacing(2)
        lay = QVBoxLayout(box)
        lay.setSpacing(3)
        lay.setContentsMargins(0, 4, 0, 0)
        title = QLabel(f"<b>{kind.capitalize()} order</b>")
        title.setTextFormat(Qt.TextFormat.RichText)  # the program's own words
        lay.addWidget(title)
        lay.addWidget(field)
        lay.addWidget(error)
        lay.addLayout(grid)
        self.fields[kind], self.errors[kind], self.grids[kind] = field, error, grid
        for number in range(1, STEPS[kind] + 1):  # the step's name beside its buttons: one
            label = QLabel()  # line a step, so a unit's whole turn fits the dock's height
            label.setTextFormat(Qt.TextFormat.PlainText)
            grid.addWidget(label, number - 1, 0, Qt.AlignmentFlag.AlignTop)
            self.step_labels[(kind, number)] = label
            holder = QWidget()
            FlowLayout(holder)  # the codes wrap in a narrow dock instead of widening it
            grid.addWidget(holder, number - 1, 1)
            self.buttons[(kind, number)] = []
        return box

    # --- the unit -----------------------------------------------------------------------

    def set_unit(self, unit: UnitState, movement: str, gunnery: str, note: str = "") -> None:
        """Edit ``unit``'s orders (``unit.speed``: the speed it starts the turn at)."""
        self.unit = unit
        self.heading.setText(
            f"<b>{escape(unit.uid)}</b> — {escape(unit.unit.name)}, {escape(unit.speed)} at "
            f"the start of the turn{escape(note)}. Speeds: "
            f"{escape(', '.join(s.name for s in unit.unit.speeds))}."
        )
        for kind, text in zip(KINDS, (movement, gunnery), strict=True):
            field = self.fields[kind]
            field.blockSignals(True)
            field.setText(text)
            field.blockSignals(False)
        self.refresh()

    def text(self, kind: OrderKind) -> str:
        return self.fields[kind].text()

    def order(self, kind: OrderKind) -> Order | None:
        """The order typed so far (None while it does not parse)."""
        try:
            return parse_order(self.text(kind), kind)
        except ValueError:
            return None

    def problem(self) -> str | None:
        """Why the orders cannot be written as they are (None: they can)."""
        for kind in KINDS:
            try:
                parse_order(self.text(kind), kind)
            except ValueError as exc:
                return f"{kind}: {exc}"
        return None

    # --- editing ------------------------------------------------------------------------

    def _typed(self) -> None:
        self.refresh()
        self.changed.emit()

    def press(self, kind: OrderKind, number: int, code: str) -> None:
        """The button ``code`` of step ``number``: rewrite the notation."""
        order = self.order(kind)
        if order is None:
            return
        steps = list(order.steps)
        steps[number - 1] = with_code(kind, steps[number - 1], code)
        self.fields[kind].setText(Order(kind, tuple(steps), order.speed, order.step_speeds).text())

    def check(self) -> TurnCheck | None:
        movement, gunnery = self.order("movement"), self.order("gunnery")
        if self.unit is None or movement is None or gunnery is None:
            return None
        return check_turn(self.unit, movement, gunnery, self.rules)

    def refresh(self) -> None:
        """Errors, buttons and the check again, from the notation."""
        if self.unit is None:
            return
        for kind in KINDS:
            try:
                parse_order(self.text(kind), kind)
            except OrderSyntaxError as exc:
                self.errors[kind].setText(caret_html(exc))
                self.errors[kind].show()
            except ValueError as exc:
                self.errors[kind].setText(f"<span style='color:#c62828'>{escape(str(exc))}</span>")
                self.errors[kind].show()
            else:
                self.errors[kind].clear()
                self.errors[kind].hide()
        turn = self.check()
        steps = self._speeds() if turn is None else turn
        for kind in KINDS:
            judged = None if steps is None else getattr(steps, kind)
            self._buttons(kind, judged, usable=turn is not None or self.order(kind) is not None)
        self.check_text.setText(self._check_html(turn))

    def _speeds(self) -> TurnCheck | None:
        """The turn checked with a gunnery order of nothing, while only the gunnery order
        does not read: the speeds of every step (they follow from the movement order), so
        each step keeps its buttons in place (None: the movement order does not read)."""
        movement = self.order("movement")
        if self.unit is None or movement is None:
            return None
        nothing = parse_order(" + ".join("-" for _ in range(STEPS["gunnery"])), "gunnery")
        return check_turn(self.unit, movement, nothing, self.rules)

    def _buttons(self, kind: OrderKind, judged: OrderCheck | None, usable: bool = True) -> None:
        """The code buttons of each step of ``kind``, at the speeds ``judged`` (None: the
        steps' buttons stay as they were, off); off while ``kind``'s own order does not
        read (a press could not rewrite it), none checked then."""
        assert self.unit is not None
        if judged is None and self.built_for.get(kind) == self.unit.uid:
            for buttons in (self.buttons[(kind, n)] for n in range(1, STEPS[kind] + 1)):
                for button in buttons:
                    button.setEnabled(False)
            return
        self.built_for[kind] = self.unit.uid if judged is not None else None
        for number in range(1, STEPS[kind] + 1):
            grid = self.grids[kind]
            cell = grid.itemAtPosition(number - 1, 1)
            holder = cell.widget() if cell is not None else None
            row = holder.layout() if holder is not None else None
            assert isinstance(row, FlowLayout)
            for old in self.buttons[(kind, number)]:
                row.removeWidget(old)
                old.hide()  # gone at once; deleted once its click is over
                old.deleteLater()
            self.buttons[(kind, number)] = []
            label = self.step_labels[(kind, number)]
            if judged is None:  # another unit's buttons gone; none for this one yet
                label.setText(f"{kind.capitalize()} {number}:")
                continue
            step = judged.steps[number - 1]
            label.setText(f"{kind.capitalize()} {number}\n({step.speed}):")
            speed = self.unit.unit.speed(step.speed)
            codes = speed.movement if kind == "movement" else speed.gunnery
            given = {a.text() for a in step.given}
            for code in codes:
                button = QPushButton(code)
                button.setCheckable(True)
                button.setChecked(usable and code in given)
                button.setEnabled(usable)
                button.setToolTip(plain_tip(MEANINGS.get(code.split("[", 1)[0], code)))
                button.setAccessibleName(f"{kind} {number} {code}")
                width = button.fontMetrics().horizontalAdvance(code)
                button.setFixedWidth(width + 3 * button.fontMetrics().averageCharWidth())
                button.clicked.connect(
                    lambda _c=False, k=kind, n=number, c=code: self.press(k, n, c)
                )
                row.addWidget(button)
                self.buttons[(kind, number)].append(button)
            if holder is not None:
                holder.updateGeometry()

    def _check_html(self, turn: TurnCheck | None) -> str:
        if turn is None:
            return "<i>The check waits for orders that read.</i>"
        lines = []
        for judged in (turn.movement, turn.gunnery):
            for step in judged.steps:
                colour = "#1b5e20" if step.kept else "#c62828"
                lines.append(f"<span style='color:{colour}'>{escape(step.explain())}</span>")
            lines.extend(f"<i>{escape(n)}</i>" for n in judged.notes)
        lines.append(f"Speed at the end of movement 3: <b>{escape(turn.movement.speed_end)}</b>")
        return "<br>".join(lines)

    def step_buttons(self, kind: OrderKind, number: int) -> list[str]:
        """The codes offered for step ``number`` (what a test reads)."""
        return [b.text() for b in self.buttons[(kind, number)]]

    def button(self, kind: OrderKind, number: int, code: str) -> QPushButton:
        for b in self.buttons[(kind, number)]:
            if b.text() == code:
                return b
        raise KeyError(
            f"no {code!r} button in {kind} {number} (offered: "
            f"{', '.join(self.step_buttons(kind, number))})"
        )
