"""The one place the step wizards open: a dock beside the map, never over it.

Every wizard of a step (orders, gunnery, movement, assault, agony, aftermath, and those of
the steps to come) is a :class:`~PySide6.QtWidgets.QWizard` embedded here as a widget, so
the map it talks about stays in view; it draws on the map through the host's
:class:`~referee.app.map.map_overlay.MapOverlay`, and a hex clicked on the map answers its
question when it asks for one (:meth:`WizardHost.pick_hex`, passed on to the wizard's own
``pick_hex``). One wizard is open at a time: opening another while one is open brings the
open one forward instead. Finishing a wizard runs its chosen step (``chosen_step()``: a
name, commands and typed dice) through ``run_step``, then ``then``; a step whose dice the
app rolled shows its outcome here once written (the wizard's ``written_html``: the app's dice
are never shown before, :mod:`referee.app.wizards.common.outcome_page`); cancelling it, or
closing the dock, or Esc (:meth:`MainWindow.cancel_tool`), writes nothing. Either way what
it drew leaves the map. A wizard is built on the match as it was when it opened: when the
match changes under it (a correction, an undo, a step written by another program, another
match opened), :meth:`WizardHost.outdate` closes it with :data:`OUTDATED` (nothing written)
and the dock says why, so that no step is ever built on a match that is no longer there.

This module opens, finishes, outdates and cancels the wizard; the rest is each its own
part: Return means Next, the keyboard stays where the referee types and the wizard's
buttons have letters no key of the page or window takes
(:mod:`referee.app.docks.wizard_keys`); the dock widens for the wizard with the width of
the docks across the map, so the map keeps its own (:mod:`referee.app.docks.wizard_room`);
lists, labels and subtitles wrap their lines to the dock's width
(:mod:`referee.app.docks.wizard_fit`, loaded with the first wizard).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QChildEvent, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from referee.app.docks.wizard_keys import FocusKeeper, ReturnMeansNext, letter_buttons
from referee.app.docks.wizard_room import WIZARD_CHARS as WIZARD_CHARS  # the dock layout's
from referee.app.docks.wizard_room import DockRoom
from referee.app.map.map_overlay import MapOverlay
from referee.app.map.map_scene import MapScene
from referee.board.hexgrid import Hex

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent
    from PySide6.QtWidgets import QTextBrowser, QWizard

    from referee.rules.command import Command
    from referee.rules.events import Step

Then = Callable[[], object] | None
OUTDATED = 2
"""The result a wizard closes with when the match changed under it (neither accepted nor
rejected by the referee: a unit whose gunnery wizard closed so has not held fire)."""
IDLE_TEXT = (
    "No wizard is open.\n\nNext step (N) opens the wizard of the step the match is at; "
    "the Wizards menu opens any of them. A wizard opens here, beside the map it draws on."
)


class RunStep(Protocol):
    def __call__(
        self,
        name: str,
        commands: Iterable[Command],
        typed: Iterable[int] = (),
        attempt: int | None = None,
    ) -> Step | None: ...


class WizardHost(QDockWidget):
    """The dock of the open wizard (see the module docstring); ``closed`` once it is gone."""

    closed = Signal()
    opened = Signal()
    """A wizard is embedded and shown."""
    linkClicked = Signal(str)
    """A clause or ruling link of a written step's outcome, for the rules browser."""

    def __init__(
        self,
        scene: MapScene,
        run_step: RunStep,
        parent: QWidget | None = None,
        idle_text: str = IDLE_TEXT,
    ) -> None:
        super().__init__("Wizard", parent)
        self.idle_text = idle_text
        """What the dock says while no wizard is open."""
        self.setObjectName("wizard-dock")
        self.overlay = MapOverlay(scene)
        self.run_step = run_step
        self.wizard: QWizard | None = None
        self.room = DockRoom(self)
        """The widths the dock borrows for a wizard from the docks across the map."""
        self.holder = QWidget()
        self.box = QVBoxLayout(self.holder)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.idle = QLabel(idle_text)
        self.idle.setTextFormat(Qt.TextFormat.PlainText)
        self.idle.setWordWrap(True)
        self.idle.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.idle.setMargin(12)
        self.box.addWidget(self.idle)
        self.written: QTextBrowser | None = None
        """The outcome of the step a wizard wrote with the app's dice, shown once written
        (made when first needed)."""
        self.setWidget(self.holder)
        self.return_means_next = ReturnMeansNext(self, self)
        """Installed on the application while a wizard is open."""
        self.focus = FocusKeeper(self, self)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self.focus.focus_moved)

    def open(self, wizard: QWizard, then: Then = None) -> bool:
        """Embed ``wizard`` and show it beside the map; False (and the open wizard brought
        forward) if another wizard is open."""
        if self.wizard is not None:
            self.present()
            return False
        from referee.app.docks.wizard_fit import fit_to_dock  # with the first wizard

        self.wizard = wizard
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self.return_means_next)
        wizard.setParent(self.holder, Qt.WindowType.Widget)
        self.idle.setText(self.idle_text)
        self.idle.hide()
        if self.written is not None:
            self.written.hide()
        self.written_step, self._said_undone = None, False  # no outcome shown now
        self.box.addWidget(wizard)
        wizard.finished.connect(lambda result: self._finished(wizard, result, then))
        wizard.currentIdChanged.connect(lambda _id: self._unpin_subtitle())
        wizard.currentIdChanged.connect(lambda _id: letter_buttons(wizard))
        wizard.currentIdChanged.connect(lambda _id: QTimer.singleShot(0, self._page_shown))
        wizard.installEventFilter(self)
        self._unpin_subtitle()
        for page_id in wizard.pageIds():
            wizard.page(page_id).installEventFilter(self)
        fit_to_dock(wizard)
        self.present()
        wizard.resize(self.holder.size())  # not the size it asked for as a dialog
        wizard.show()
        letter_buttons(wizard)  # its buttons' letters: none the page or the window takes
        self.opened.emit()
        return True

    def _page_shown(self) -> None:
        if self.wizard is not None:
            from referee.app.docks.wizard_fit import fit_minimum, fit_subtitle, wrap_labels

            wrap_labels(self.wizard)
            fit_subtitle(self.wizard)
            fit_minimum(self.wizard)
            letter_buttons(self.wizard)  # the page as it shows, its fields made
        self.room.make_room(self.wizard)  # a page may need the dock wider than the first did
        self.focus.focus_page()

    def _unpin_subtitle(self) -> None:
        if self.wizard is not None:
            from referee.app.docks.wizard_fit import unpin_subtitle

            unpin_subtitle(self.wizard)

    def fit_subtitle(self) -> None:
        if self.wizard is not None:
            from referee.app.docks.wizard_fit import fit_subtitle

            fit_subtitle(self.wizard)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ChildAdded and isinstance(event, QChildEvent):
            child = event.child()  # a label a page makes as it shows: wrapped before laid out
            if isinstance(child, QLabel) and " " in child.text() and not child.wordWrap():
                child.setWordWrap(True)
        if watched is self.wizard and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self.fit_subtitle)
        elif (
            event.type() == QEvent.Type.Resize
            and self.wizard is not None
            and self.room.is_map_widening(watched)
        ):
            QTimer.singleShot(0, self.room.keep_map)  # the dock took its width: the map too
        elif event.type() == QEvent.Type.Show and self.focus.lost_focus is not None:
            self.focus.give_focus_back()  # the page is back: so is the field's keyboard
        return super().eventFilter(watched, event)

    def present(self) -> None:
        """Show the dock in front of its tab group, wide enough for the wizard."""
        self.show()
        self.raise_()
        self.room.make_room(self.wizard)
        if self.wizard is not None:
            self.wizard.setFocus()

    def go_on(self) -> bool:
        """What Return does in the open wizard: Next, or Finish on its last page, when the
        page allows it; True if a button was pressed."""
        from PySide6.QtWidgets import QWizard  # loaded with the wizard, not at start

        wizard = self.wizard
        if wizard is None:
            return False
        for which in (QWizard.WizardButton.NextButton, QWizard.WizardButton.FinishButton):
            button = wizard.button(which)
            if button is not None and button.isVisible() and button.isEnabled():
                button.click()
                return True
        return False

    def pick_hex(self, h: Hex) -> bool:
        """A hex clicked on the map: True if the open wizard took it as its answer; then
        the keyboard goes back to the wizard (the click gave it to the map, where Return
        presses nothing): on Next when the answer completes the page, so Return goes on."""
        picker = getattr(self.wizard, "pick_hex", None)
        took = bool(picker(h)) if callable(picker) else False
        if took:
            QTimer.singleShot(0, self.keyboard_after_pick)  # once the map's click is done
        return took

    def keyboard_after_pick(self) -> None:
        """The keyboard back in the open wizard after a hex picked on the map: on Next if
        the page may go on, else on the page's field (:meth:`FocusKeeper.focus_page`)."""
        from PySide6.QtWidgets import QWizard  # loaded with the wizard, not at start

        wizard = self.wizard
        if wizard is None or not wizard.isVisible():
            return
        button = wizard.button(QWizard.WizardButton.NextButton)
        if button is not None and button.isVisible() and button.isEnabled():
            button.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        self.focus.focus_page()

    def cancel(self) -> None:
        """Leave the open wizard (nothing is written)."""
        if self.wizard is not None:
            self.wizard.reject()

    def outdate(self, why: str) -> str | None:
        """The match changed under the open wizard (``why``: what changed): close it with
        :data:`OUTDATED`, writing nothing, and say so in the dock; the message, or None if
        no wizard was open."""
        wizard = self.wizard
        if wizard is None:
            return None
        title = wizard.windowTitle() or "open"
        message = (
            f"The {title} wizard was closed without writing anything: the match "
            f"changed while it was open ({why}). Open it again to go on from the "
            "match as it is now."
        )
        wizard.done(OUTDATED)
        self.idle.setText(f"{message}\n\n{self.idle_text}")
        return message

    def _finished(self, wizard: QWizard, result: int, then: Then) -> None:
        from PySide6.QtWidgets import QDialog  # loaded with the wizard, not at start

        if self.wizard is not wizard:
            return
        self.wizard = None
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self.return_means_next)
        self.overlay.clear()
        self.box.removeWidget(wizard)
        wizard.hide()
        self.idle.show()
        if result == QDialog.DialogCode.Accepted:
            chosen = wizard.chosen_step()  # type: ignore[attr-defined]
            attempt = getattr(chosen, "attempt", None)  # the dice a wizard showed (an assault)
            step = self.run_step(chosen.name, chosen.commands, chosen.typed, attempt)
            written = getattr(wizard, "written_html", None)
            html = written(step) if step is not None and callable(written) else ""
            if html and step is not None:  # the app's dice, shown now that it is written
                self.show_written(str(html), step)
            if step is not None and then is not None:
                then()
        wizard.deleteLater()
        QTimer.singleShot(0, self._give_back)  # unless the step opened the next wizard
        self.closed.emit()

    def _give_back(self) -> None:
        """The widths borrowed for the wizard, back (if no wizard opened since)."""
        self.room.give_back(self.wizard is not None)

    def show_written(self, html: str, step: Step | None = None) -> None:
        """The outcome of ``step``, just written (with the app's dice, which show only now)
        in the dock, until the next wizard opens (while the step stands: :meth:`follow`)."""
        self.written_step = step
        self._said_undone = False
        if self.written is None:
            from PySide6.QtWidgets import QTextBrowser

            self.written = QTextBrowser()
            self.written.setOpenLinks(False)
            self.written.anchorClicked.connect(lambda url: self.linkClicked.emit(url.toString()))
            self.box.addWidget(self.written, 1)
        self.written.setHtml(
            html + "<p><i>Written: the journal keeps the step and its dice.</i></p>"
        )
        self.idle.hide()
        self.written.show()
        self.present()

    written_step: Step | None = None
    """The step whose outcome the dock shows (None: none)."""
    _said_undone = False
    """Whether the dock says that step was undone (in place of its outcome)."""

    def follow(self, steps: Iterable[Step]) -> None:
        """The journal now (``steps``, undone ones included): the outcome shown is of a
        step undone (Edit > Undo, the journal's "Undo back to here"), so the dock says so
        instead; redone, the outcome shows again; gone from the journal, it goes."""
        shown, written = self.written_step, self.written
        if shown is None or written is None or self.wizard is not None:
            return
        now = next((s for s in steps if s.number == shown.number), None)
        if now is None:
            self.forget_written()
        elif not now.undone:
            if self._said_undone:  # redone: its outcome stands again
                self._said_undone = False
                self.idle.setText(self.idle_text)
                self.idle.hide()
                written.show()
        elif not self._said_undone:
            self._said_undone = True
            written.hide()
            self.idle.setText(
                f"Step {shown.number}, {shown.name}, was undone: what it did no longer "
                f"stands (Edit > Redo brings it back).\n\n{self.idle_text}"
            )
            self.idle.show()

    def forget_written(self) -> None:
        """No outcome in the dock (another match is open, or its step is gone)."""
        if self._said_undone:
            self.idle.setText(self.idle_text)
        self.written_step = None
        self._said_undone = False
        if self.written is not None:
            self.written.hide()
        if self.wizard is None:
            self.idle.show()

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab from a page's last field goes on to the wizard's buttons, Shift+Tab from its
        buttons back to the page: every wizard of either game keeps the keyboard in the dock,
        never sends it to the map (:mod:`referee.app.wizards.common.tab_out`)."""
        wizard = self.wizard
        typed = QApplication.focusWidget()  # Tab pressed in a shown field: not Qt moving the
        # keyboard on from a field being hidden or deleted (a page rebuilding its fields)
        if wizard is not None and typed is not None and typed.isVisible():
            from referee.app.wizards.common.tab_out import keep_in_wizard

            moved = keep_in_wizard(wizard, next, super().focusNextPrevChild)
            if moved is not None:
                return moved
        return super().focusNextPrevChild(next)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.cancel()
        super().closeEvent(event)
