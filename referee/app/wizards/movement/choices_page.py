"""The movement wizard's choices: every pending choice in the nations' order (clause
``orders.choice-order``), each picked from its list or by clicking its hex on the map."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizard,
)

from referee.app.widgets.boxes import ComboBox
from referee.app.widgets.plain_text import plain_tip
from referee.app.wizards.movement.choices import option_text
from referee.app.wizards.movement.page import MovementPage, Page
from referee.app.wizards.movement.step_html import cite
from referee.board.hexgrid import Hex, hex_label
from referee.rules.movement_step.result import Choice, PendingChoice


class ChoiceBox(ComboBox):
    """A choice's list: nothing chosen until the referee chooses, but its list opens on
    its first option (Return there chooses it, as Down does on the closed box)."""

    def showPopup(self) -> None:
        super().showPopup()
        if self.currentIndex() < 0 and self.count():
            self.view().setCurrentIndex(self.model().index(0, self.modelColumn()))


@dataclass
class _Row:
    """One pending choice on the choices page: its combo and its map-pick button."""

    choice: PendingChoice
    label: QLabel
    combo: QComboBox
    pick: QPushButton | None

    def value(self) -> Hex | int | None:
        index = self.combo.currentIndex()
        return self.choice.options[index] if index >= 0 else None


class ChoicesPage(MovementPage):
    """Every pending choice in the order the nations make them; more may follow from the
    first ones (the hex of a head-on assault is known once the others are chosen)."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Choices, in the nations' order")
        self.setSubTitle(
            "Pick each choice from its list, or press its Map button and click "
            "the hex on the map. The highest rank chooses last."
        )
        self.rows: list[_Row] = []
        self.grid = QGridLayout()
        self.grid.setColumnStretch(0, 1)
        holder = QWidget()
        box = QVBoxLayout(holder)
        box.addLayout(self.grid)
        box.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(holder)
        # the page's keyboard starts on the first choice's list, not on the scroll area
        # (QWizard focuses the first child that takes focus; arrows would only scroll)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.status)
        self.picking: _Row | None = None

    def initializePage(self) -> None:
        self.update_rows()
        QTimer.singleShot(0, self, self.keyboard_on)  # once the wizard placed its own

    def keyboard_on(self) -> None:
        """The keyboard on the first choice still open (Down chooses its first option,
        Return then goes on), else on Next."""
        wizard = self.wizard()
        if wizard is None or wizard.currentPage() is not self:
            return
        row = next((r for r in self.rows if r.value() is None), None)
        if row is not None:
            row.combo.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        button = wizard.button(QWizard.WizardButton.NextButton)
        if button.isEnabled():
            button.setFocus(Qt.FocusReason.OtherFocusReason)

    def cleanupPage(self) -> None:
        self.picking = None

    def chosen(self) -> dict[str, Choice]:
        """The choices made so far, by key (a facing, a hex, or both)."""
        facing: dict[str, int] = {}
        hexes: dict[str, Hex] = {}
        for row in self.rows:
            value = row.value()
            if isinstance(value, Hex):
                hexes[row.choice.key] = value
            elif value is not None:
                facing[row.choice.key] = value
        out: dict[str, Choice] = {}
        for key in dict.fromkeys(r.choice.key for r in self.rows):
            if key not in facing and key not in hexes:
                continue
            if key in facing and key in hexes:
                out[key] = (facing[key], hexes[key])
            else:
                out[key] = facing[key] if key in facing else hexes[key]
        return out

    def _find(self, choice: PendingChoice) -> _Row | None:
        return next(
            (r for r in self.rows if (r.choice.key, r.choice.kind) == (choice.key, choice.kind)),
            None,
        )

    def update_rows(self) -> None:
        """Ask the engine, round after round, what is still to choose: keep the rows it
        still asks for, add the new ones, drop the others."""
        wizard = self.movement_wizard_or_none()
        if wizard is None:
            return
        typed = wizard.typed()
        keep: list[_Row] = []
        chosen: dict[str, Choice] = {}
        problem = None
        for _ in range(8):  # each round answers at least one choice
            result, _, problem = wizard.dry_run(chosen, typed)
            if result is None or not result.pending:
                break
            open_row = False
            for p in result.pending:
                row = self._find(p) or self._add(p)
                if row not in keep:
                    keep.append(row)
                open_row = open_row or row.value() is None
            if open_row:
                break
            chosen = self._chosen_of(keep)
        for row in [r for r in self.rows if r not in keep]:
            self._drop(row)
        self.rows = keep
        self._relayout()
        self._report(problem)
        wizard.draw(self.chosen())
        self.completeChanged.emit()

    def _chosen_of(self, rows: list[_Row]) -> dict[str, Choice]:
        saved = self.rows
        self.rows = rows
        try:
            return self.chosen()
        finally:
            self.rows = saved

    def _add(self, choice: PendingChoice) -> _Row:
        label = QLabel(choice.text())
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        label.setToolTip(plain_tip(cite(choice.clause, choice.ruling)))
        combo = ChoiceBox()
        combo.setPlaceholderText("choose…")
        combo.addItems([option_text(choice, o) for o in choice.options])
        combo.setCurrentIndex(-1)
        combo.setAccessibleName(f"choice {choice.key}")
        pick = None
        if any(isinstance(o, Hex) for o in choice.options):
            pick = QPushButton("Map…")
            pick.setToolTip("Then click the hex on the map")
        row = _Row(choice, label, combo, pick)
        combo.currentIndexChanged.connect(lambda _i: self.update_rows())
        if pick is not None:
            pick.clicked.connect(lambda: self.arm(row))
        self.rows.append(row)
        return row

    def _drop(self, row: _Row) -> None:
        for w in (row.label, row.combo, row.pick):
            if w is not None:
                self.grid.removeWidget(w)
                w.deleteLater()
        if self.picking is row:
            self.picking = None

    def _relayout(self) -> None:
        for i, row in enumerate(self.rows):
            self.grid.addWidget(row.label, i, 0)
            self.grid.addWidget(row.combo, i, 1)
            if row.pick is not None:
                self.grid.addWidget(row.pick, i, 2)

    def _report(self, problem: str | None) -> None:
        left = [r.choice.key for r in self.rows if r.value() is None]
        if problem:
            self.status.setText(f"Refused: {problem}")
        elif left:
            self.status.setText(
                f"Still to choose: {', '.join(left)}. By keyboard: Down in a list chooses "
                "its first option (Alt+Down opens it), then Return goes on."
            )
        else:
            self.status.setText("Every choice is made.")

    def arm(self, row: _Row) -> None:
        """The next hex clicked on the map answers ``row``."""
        self.picking = row
        options = ", ".join(hex_label(o) for o in row.choice.options if isinstance(o, Hex))
        self.status.setText(f"Click the hex for {row.choice.key} on the map: {options}.")

    def pick_hex(self, h: Hex) -> bool:
        """A hex clicked on the map: the armed choice takes it if it is an option."""
        row = self.picking
        if row is None:
            return False
        if h not in row.choice.options:
            self.status.setText(f"{hex_label(h)} is not an option for {row.choice.key}.")
            return False
        self.picking = None
        row.combo.setCurrentIndex(row.choice.options.index(h))
        return True

    def isComplete(self) -> bool:
        wizard = self.movement_wizard_or_none()
        if wizard is None or any(r.value() is None for r in self.rows):
            return False
        result, _, _ = wizard.dry_run(self.chosen(), wizard.typed())
        return result is not None and not result.pending

    def nextId(self) -> int:
        wizard = self.movement_wizard()
        return int(Page.DICE) if wizard.needs_dice(self.chosen()) else int(Page.RESULT)
