"""What the pages of the assault wizard share: their ids, in the order of the rules, what a
page reads from its wizard (:class:`Choices`, which :class:`~.wizard.AssaultWizard` gives),
and a base page that reaches the wizard, adds its choices to the plan and takes a stage's
dice.

Pages: the contest (clause ``assault.trigger``), the pools and the roll
(``assault.stats``), the Reroll Assault offers (``abilities.reroll-assault``), the advantage
and the deflections (``assault.advantage``, ``assault.deflection``), the allocation
(``assault.allocation``), the damage rolls (``assault.damage``) and the retreat
(``assault.retreat``).
"""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Protocol, cast

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QTableWidget,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)
from shiboken6 import isValid

from referee.app.wizards.assault.plan import AssaultPlan, StageRun, run_stage
from referee.app.wizards.common.dice_entry import DiceEntry
from referee.dice.service import Dice
from referee.rules.assault.flow import Assault
from referee.rules.orders.assault_stages import Stop, fight

if TYPE_CHECKING:
    from referee.app.map.map_overlay import MapOverlay
    from referee.rules.orders.state import MatchState

TYPED_AFTER_APP = (
    "The app rolled dice earlier in this assault, so it rolls these too: typed dice answer "
    "a step's first dice."
)


ROLL_WORDS = "&Roll the dice"
"""Next's words on a page whose app dice wait for the referee's choice to be rolled."""

NEXT = QWizard.WizardButton.NextButton


class Page(IntEnum):
    CONTEST = 0
    ROLL = 1
    REROLL = 2
    ADVANTAGE = 3
    ALLOCATION = 4
    DAMAGE = 5
    RETREAT = 6
    OUTCOME = 7


def counted(n: int, one: str, many: str) -> str:
    """``1 six``, ``2 sixes``: a number and its noun."""
    return f"{n} {one if n == 1 else many}"


def problem_label() -> QLabel:
    """A label for the engine's refusals: plain text (they quote unit ids from the file)."""
    label = QLabel()
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setStyleSheet("color: #c62828")
    return label


def fit_height(table: QTableWidget, min_rows: int = 1) -> None:
    """A table as tall as its rows (at least ``min_rows``): the page lays out, the table
    does not scroll."""
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    rows += max(0, min_rows - table.rowCount()) * table.verticalHeader().defaultSectionSize()
    frame = 2 * table.frameWidth() + 2
    height = rows + table.horizontalHeader().sizeHint().height() + frame
    if table.height() != height or table.minimumHeight() != height:
        table.setFixedHeight(height)


class FittedTable(QObject):
    """Keeps a table of wrapped rows as tall as its rows at whatever width the dock gives
    it (:func:`fit_height` again after each of the table's resizes): no row cut off, no
    scrolling inside a page."""

    def __init__(self, table: QTableWidget, min_rows: int = 1) -> None:
        super().__init__(table)
        self.table, self.min_rows = table, min_rows
        table.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self.fit)
        return False

    def fit(self) -> None:
        if isValid(self.table):
            self.table.resizeRowsToContents()
            fit_height(self.table, self.min_rows)


def scrolled(page: QWizardPage) -> QVBoxLayout:
    """A layout for ``page``'s contents inside a scroll area (vertical only): a tall page
    scrolls in a short dock instead of squeezing its parts over one another."""
    inner = QWidget()
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(inner)
    outer = QVBoxLayout(page)
    outer.setContentsMargins(0, 0, 0, 0)
    outer.addWidget(scroll)
    layout = QVBoxLayout(inner)
    layout.setContentsMargins(0, 0, 0, 0)
    return layout


class Choices(Protocol):
    """What a page reads from its wizard: the match, the seed of the step's dice, the map's
    overlay, the choices of the pages visited, and whether the app's dice have shown."""

    state: MatchState
    dice_seed: int
    overlay: MapOverlay | None
    prefer_typed: bool
    """Whether the last stage's dice were typed (a page sets it)."""
    settled: bool

    def settle(self) -> None: ...

    def plan(self, before: Page | None = None) -> AssaultPlan: ...

    def dry_run(self) -> str | None: ...


class AssaultPage(QWizardPage):
    """A page of the assault wizard (see the module docstring)."""

    page_id: Page
    _next_words: str | None = None

    def aw(self) -> Choices:
        return cast("Choices", self.wizard())

    def _roll_on_next(self, waits: bool) -> None:
        """Next reads Roll while the page's app dice wait to be rolled (Return presses it)."""
        words = ROLL_WORDS if waits else None
        if words != self._next_words:
            self._next_words = words
            wizard = self.wizard()
            default = wizard.buttonText(NEXT) if wizard is not None else "&Next >"
            self.setButtonText(NEXT, words or default)

    def roll_first(self, box: DiceEntry) -> bool:
        """For ``validatePage``: Next on a page whose app dice wait to be rolled rolls them
        and shows them on the page (True: rolled now, the page stays)."""
        if not box.awaits_roll():
            return False
        box.roll()
        return True

    def plan(self) -> AssaultPlan:
        """The choices of the pages before this one."""
        return self.aw().plan(self.page_id)

    def contribute(self, plan: AssaultPlan) -> AssaultPlan:
        """``plan`` with this page's choices added (the wizard folds the visited pages)."""
        return plan

    def prepare_dice(self, box: DiceEntry, plan: AssaultPlan) -> None:
        """Digital or typed as the stage before, if typing is still allowed."""
        allowed = plan.can_type()
        box.set_typing_allowed(allowed, "" if allowed else TYPED_AFTER_APP)
        box.set_typed(self.aw().prefer_typed and allowed)

    def stage(self, box: DiceEntry, plan: AssaultPlan, until: Stop) -> StageRun:
        """The assault up to ``until`` with ``box``'s dice (the dice of the stages before
        answered first); the box lists the dice the stage asks. Typed dice not all typed
        yet: the run has no result (``fight`` None) and no problem."""
        wizard = self.aw()
        state, command = wizard.state, plan.command()

        def run(dice: Dice) -> Assault:
            return fight(state, command, dice, until)

        box.set_step(run, wizard.dice_seed, plan.typed(), plan.rolled_before())
        self._roll_on_next(box.awaits_roll())
        if box.awaits_roll():  # nothing of the app's dice before Roll: no result either
            return StageRun(None, (), box.last.problem if box.last is not None else None)
        if box.hides_dice():  # the app's dice, shown once the page takes them (rerolls)
            return run_stage(state, plan, wizard.dice_seed, until)
        asked = box.asked()
        if asked:
            wizard.prefer_typed = box.is_typed()
            if not box.is_typed():  # the app's dice show: the choices before them stand
                wizard.settle()
        last = box.last
        if last is None or last.problem or not last.complete:
            return StageRun(None, asked, last.problem if last is not None else None)
        return StageRun(cast(Assault, last.result), asked, None)
