"""The assault wizard's Reroll Assault page (clause ``abilities.reroll-assault``; which dice:
ruling ``assault.reroll-dice``): the offers of the bases with the ability, and for each batch
the referee accepts the proposal (failed dice first, assault dice first), chooses the dice,
or declines; the rerolled dice are rolled by the app or typed. Sixes on a holder's rerolled
assault dice make new offers, batch after batch, until none is left."""

from __future__ import annotations

from typing import cast

from msgspec.structs import replace
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWizard,
)

from referee.app.wizards.assault.page import (
    AssaultPage,
    Page,
    counted,
    problem_label,
    scrolled,
)
from referee.app.wizards.assault.plan import (
    AssaultPlan,
    RerollBatch,
    StageDice,
    StageRun,
    run_stage,
)
from referee.app.wizards.common.dice_entry import DiceEntry
from referee.rules.assault.roll import DieRef, Rolled, propose_rerolls

HIDDEN_REROLLS = (
    "The app rolls the dice listed when Reroll is pressed, and shows their new faces "
    "then: the dice to reroll are chosen before those faces are seen."
)
"""What the page says of the app's rerolled dice (the dice above have shown already)."""

NEXT_WAITS = "Next waits until the rerolls on offer are taken or declined:"
"""Why Next is greyed while offers stand (the page's first line)."""

NO_OFFER_LEFT = "No reroll is on offer any more:"


def batch_text(batch: RerollBatch) -> str:
    parts = [
        f"{uid} rerolls {', '.join(d.text() for d in refs) or 'nothing'}"
        for uid, refs in batch.items()
    ]
    return "; ".join(parts) or "declined"


class RerollPage(AssaultPage):
    page_id = Page.REROLL

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Reroll Assault")
        self.setSubTitle(
            "For each 6 on its assault dice, a base with Reroll Assault N may reroll up to N "
            "dice, all in one go (clause abilities.reroll-assault)."
        )
        self.faces = QLabel()
        self.faces.setWordWrap(True)
        self.faces.setTextFormat(Qt.TextFormat.PlainText)  # unit ids from the file
        self.offers = QLabel()
        self.offers.setTextFormat(Qt.TextFormat.PlainText)
        self.offers.setWordWrap(True)
        self.proposal = QRadioButton("Accept the proposal")
        self.choose = QRadioButton("Choose the dice")
        self.decline = QRadioButton("Decline the rerolls")
        self.proposal.setChecked(True)
        group = QButtonGroup(self)
        for b in (self.proposal, self.choose, self.decline):
            group.addButton(b)
        self.list = QListWidget()
        rows = self.list.fontMetrics().lineSpacing() * 6  # a few dice; more scroll inside
        self.list.setMaximumHeight(rows + 2 * self.list.frameWidth())
        self.dice = DiceEntry(hidden_words=HIDDEN_REROLLS)  # shown once the batch is taken
        self.apply_button = QPushButton("&Reroll")  # Alt+R, round after round
        self.restart_button = QPushButton("Start the rerolls &over")
        self.done = QLabel()
        self.done.setWordWrap(True)
        self.done.setTextFormat(Qt.TextFormat.PlainText)
        self.problem = problem_label()
        self.todo = QLabel()
        """What the referee does to go on, and why Next waits (always in view)."""
        self.todo.setWordWrap(True)
        self.todo.setTextFormat(Qt.TextFormat.PlainText)
        self.todo.setStyleSheet("font-weight: bold")
        buttons = QHBoxLayout()
        buttons.addWidget(self.apply_button)
        buttons.addWidget(self.restart_button)
        buttons.addStretch(1)
        layout = scrolled(self)  # a short dock scrolls the page, never squeezes its words
        layout.addWidget(self.faces)
        layout.addWidget(self.offers)
        for b in (self.proposal, self.choose, self.decline):
            layout.addWidget(b)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.dice)
        layout.addWidget(self.done)
        layout.addWidget(self.problem)
        # what to do at the top, the buttons that do it at the bottom, outside the scrolled
        # part: on a 1366x768 screen the dice push them below the fold otherwise
        outer = cast(QVBoxLayout, self.layout())
        outer.insertWidget(0, self.todo)
        outer.addLayout(buttons)
        self.batches: list[tuple[RerollBatch, StageDice]] = []
        self.rolled: Rolled | None = None
        self.run: StageRun | None = None
        group.buttonToggled.connect(self._toggled)
        self.list.itemChanged.connect(lambda _item: self._choice_changed())
        self.dice.changed.connect(self._dice_changed)
        self.apply_button.clicked.connect(self.apply_batch)
        self.restart_button.clicked.connect(self.restart)

    # --- the plan -------------------------------------------------------------------

    def contribute(self, plan: AssaultPlan) -> AssaultPlan:
        for batch, stage in self.batches:
            plan = replace(plan, rerolls=(*plan.rerolls, batch)).with_dice(stage)
        return plan

    def _with_current(self) -> AssaultPlan:
        plan = self.contribute(self.plan())
        return replace(plan, rerolls=(*plan.rerolls, self.current()))

    # --- set-up ---------------------------------------------------------------------

    def initializePage(self) -> None:
        self.batches = []
        self.refresh()
        # the keyboard on the page once it shows (the wizard would leave it on the scroll
        # area, and the dock then on the wizard, where Return meets a disabled Next)
        QTimer.singleShot(0, self, self._keyboard_on)

    def restart(self) -> None:
        if self.aw().settled:  # the app's dice have shown: the batches taken stand
            return
        self.batches = []
        self.refresh()

    def refresh(self) -> None:
        """The offers left after the batches taken so far."""
        wizard = self.aw()
        plan = self.contribute(self.plan())
        found = run_stage(wizard.state, plan, wizard.dice_seed, "rerolls-given").fight
        self.rolled = found.rolled if found is not None else None
        rolled = self.rolled
        self.done.setText(
            "Rerolled: " + "; then ".join(batch_text(b) for b, _ in self.batches)
            if self.batches
            else ""
        )
        if rolled is None:
            return
        self.faces.setText(
            "The dice now (* rerolled):\n" + "\n".join(r.explain() for r in rolled.rolled)
        )
        open_offers = bool(rolled.offers)
        for w in (
            self.proposal,
            self.choose,
            self.decline,
            self.list,
            self.dice,
            self.apply_button,
        ):
            w.setEnabled(open_offers)
        if not open_offers:
            self._return_rerolls(False)  # Return goes on again
            self.offers.setText("No reroll is on offer any more.")
            self.todo.setText(f"{NO_OFFER_LEFT} Next (Return) goes on.")
            self.list.clear()
            self.dice.set_step(None, 0)
            self.problem.clear()
            self.completeChanged.emit()
            return
        proposal = propose_rerolls(rolled)
        self.offers.setText(
            "\n".join(
                f"{o.uid}: {counted(o.sixes, 'six', 'sixes')}, may reroll up to "
                f"{counted(o.allowed, 'die', 'dice')}"
                for o in rolled.offers
            )
            + "\nThe proposal: "
            + batch_text(proposal)
        )
        self._fill_list(rolled, proposal)
        self.dice.clear()
        self.prepare_dice(self.dice, plan)
        self._choice_changed()

    def _fill_list(self, rolled: Rolled, proposal: RerollBatch) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        several = len(rolled.offers) > 1
        for o in rolled.offers:
            for ref in o.eligible:
                rp = rolled.of(ref.pool)
                face = rp.dice[ref.index]
                verdict = "success" if face >= rp.pool.hit else "failed"
                holder = f"[{o.uid}] " if several else ""
                item = QListWidgetItem(
                    f"{holder}{ref.text()}: {rp.pool.uid} {rp.pool.kind} showed {face} ({verdict})"
                )
                item.setData(Qt.ItemDataRole.UserRole, (o.uid, ref.pool, ref.index))
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                chosen = ref in proposal.get(o.uid, ())
                item.setCheckState(Qt.CheckState.Checked if chosen else Qt.CheckState.Unchecked)
                self.list.addItem(item)
        self.list.blockSignals(False)

    # --- the batch ------------------------------------------------------------------

    def current(self) -> RerollBatch:
        """The batch as chosen on the page now."""
        rolled = self.rolled
        if rolled is None or self.decline.isChecked():
            return {}
        if self.proposal.isChecked():
            return propose_rerolls(rolled)
        out: dict[str, tuple[DieRef, ...]] = {o.uid: () for o in rolled.offers}
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                uid, pool, index = item.data(Qt.ItemDataRole.UserRole)
                out[uid] = (*out[uid], DieRef(pool, index))
        return out

    def _toggled(self, _button: object, on: bool) -> None:
        if on:
            self._choice_changed()

    def _choice_changed(self) -> None:
        self.list.setEnabled(
            self.choose.isChecked() and self.rolled is not None and bool(self.rolled.offers)
        )
        self._dice_changed()

    def _dice_changed(self) -> None:
        rolled = self.rolled
        if rolled is None or not rolled.offers:
            return
        batch = self.current()
        problems = rolled.check_reroll(batch)
        self.run = None
        if not problems:
            self.run = self.stage(self.dice, self._with_current(), "rerolls-given")
            if self.run.problem:
                problems.append(self.run.problem)
        self.apply_button.setText("Decline" if not any(batch.values()) else "&Reroll")
        ready = not problems and self.run is not None and self.run.fight is not None
        self.apply_button.setEnabled(ready)
        self.problem.setText("\n".join(problems))
        self.todo.setText(self._todo_text(batch, ready))
        self._return_rerolls(ready)
        self.completeChanged.emit()  # nothing to reroll: Next may decline

    def _todo_text(self, batch: RerollBatch, ready: bool) -> str:
        """What the referee does next while offers stand, and why Next waits."""
        if ready and not any(batch.values()):
            return "Nothing to reroll in this batch: Next (Return) declines the rerolls."
        if ready:
            return f"{NEXT_WAITS} Reroll (Return) takes this batch; or choose Decline the rerolls."
        if self.dice.is_typed() and self.dice.missing():
            return (
                f"{NEXT_WAITS} Type the rerolled dice below, then Reroll (Return); or "
                "choose Decline the rerolls."
            )
        return f"{NEXT_WAITS} Choose the dice to reroll (see below), or Decline the rerolls."

    def _return_rerolls(self, ready: bool) -> None:
        """Reroll shows as the button Return presses while a batch is ready (Next waits
        for the rerolls; :meth:`keyPressEvent` presses it)."""
        self.apply_button.setDefault(ready)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Return anywhere on the page takes the batch while one is ready: Next waits for
        the rerolls, and the wizard would press nothing."""
        if (
            event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and not self.isComplete()
            and self.apply_button.isEnabled()
        ):
            self.apply_button.click()
            event.accept()
            return
        super().keyPressEvent(event)

    def apply_batch(self) -> None:
        """Take the batch chosen (its dice as rolled or typed) and show what is left."""
        run = self.run
        if run is None or run.fight is None:
            return
        stage = StageDice(f"reroll {len(self.batches) + 1}", len(run.asked), self.dice.values())
        self.batches.append((self.current(), stage))
        if stage.typed is None and stage.count:  # the app's dice now show: the batch stands
            self.aw().settle()
        self.refresh()
        self._keyboard_on()

    def _keyboard_on(self) -> None:
        """The keyboard, after a batch: on Next when no offer is left, else on the next die
        to type or on Reroll (the box it was in may have gone)."""
        wizard = self.wizard()
        if wizard is None or wizard.currentPage() is not self:
            return  # the referee moved on before the event loop's turn
        if self.isComplete():
            wizard.button(QWizard.WizardButton.NextButton).setFocus()
            self._show_from_the_top()
        elif self.dice.is_typed() and self.dice.missing():
            self.dice.focus_next()
        else:
            self.apply_button.setFocus()

    def _show_from_the_top(self) -> None:
        """The page scrolled back to the dice as they now stand (typing the rerolled dice
        scrolled it down to their boxes)."""
        area = self.faces.parentWidget()
        while area is not None and not isinstance(area, QScrollArea):
            area = area.parentWidget()
        if area is not None:
            area.verticalScrollBar().setValue(0)

    def _nothing_to_reroll(self) -> bool:
        """The batch chosen rerolls no die (declined, or a proposal with no die worth
        rerolling, as when every die offered already succeeded) and is ready."""
        offers = self.rolled is not None and bool(self.rolled.offers)
        return offers and self.apply_button.isEnabled() and not any(self.current().values())

    def isComplete(self) -> bool:
        """No offer is left, or the batch chosen rerolls nothing: Next declines it."""
        if self.rolled is None:
            return False
        return not self.rolled.offers or self._nothing_to_reroll()

    def validatePage(self) -> bool:
        if self._nothing_to_reroll():
            self.apply_batch()  # Next with nothing to reroll: the rerolls are declined
        return self.rolled is not None and not self.rolled.offers
