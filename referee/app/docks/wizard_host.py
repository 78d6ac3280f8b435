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

Return means Next (or Finish) wherever the keyboard is in the wizard: a button of a page
the referee has pressed ("Use the proposal", a code of an order) never becomes the button
Return presses again (:class:`ReturnMeansNext`: no button of a page is an auto-default
button, as Qt makes every button inside a dialog).

Lists and labels wrap their lines to the dock's width
(:func:`referee.app.docks.wizard_fit.fit_to_dock`). The keyboard
stays where the referee types: a QWizard hides its pages for a moment whenever a page says
whether it is complete (which pages do on every edit), and a hidden field loses the focus
to the next widget of the window, the map; the host gives it back as the page shows again
(:meth:`WizardHost._focus_moved`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QChildEvent, QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from referee.app.map.map_overlay import MapOverlay
from referee.app.map.map_scene import MapScene
from referee.board.hexgrid import Hex

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent
    from PySide6.QtWidgets import QTextBrowser, QWizard

    from referee.rules.command import Command
    from referee.rules.events import Step

Then = Callable[[], object] | None
KEEP_SECONDS = 1.5
"""How long after a wizard widened the dock the map's width is kept (see ``keep_until``)."""
OUTDATED = 2
"""The result a wizard closes with when the match changed under it (neither accepted nor
rejected by the referee: a unit whose gunnery wizard closed so has not held fire)."""
WIZARD_CHARS = 66
"""How wide the dock opens for a wizard, in characters (the docks across the map lend it)."""
IDLE_TEXT = (
    "No wizard is open.\n\nNext step (N) opens the wizard of the step the match is at; "
    "the Wizards menu opens any of them. A wizard opens here, beside the map it draws on."
)


class ReturnMeansNext(QObject):
    """While a wizard is open: a push button of its page taking the keyboard is made no
    auto-default button (Qt makes every button inside a dialog one, so that the last button
    clicked took Return for itself), and Return on such a button goes to the wizard as
    Next, or Finish on the last page (see the module docstring)."""

    def __init__(self, host: WizardHost) -> None:
        super().__init__(host)
        self.host = host

    def _page_button(self, watched: QObject) -> QPushButton | None:
        wizard = self.host.wizard
        page = wizard.currentPage() if wizard is not None else None
        if (
            page is not None
            and isinstance(watched, QPushButton)
            and isValid(watched)
            and page.isAncestorOf(watched)
        ):
            return watched
        return None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.FocusIn:
            button = self._page_button(watched)
            if button is not None and button.autoDefault():
                button.setAutoDefault(False)
        elif kind == QEvent.Type.KeyPress and self._page_button(watched) is not None:
            from PySide6.QtGui import QKeyEvent  # named when a key first reaches a page

            if (
                isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            ):
                self.host.go_on()
                return True
        return False


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
        self.lent: tuple[list[QDockWidget], list[int], int, int] | None = None
        """The docks across the map, their widths, this dock's and the map's before a wizard
        widened it."""
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
        self.keep_until = 0.0
        """Until when (``time.monotonic``) a resize of the map is the dock widening, which
        the docks across the map make up for (:meth:`_keep_map`); later ones are the
        referee's."""
        self.return_means_next = ReturnMeansNext(self)
        """Installed on the application while a wizard is open."""
        self.lost_focus: QWidget | None = None
        """The field the wizard's hidden page took the keyboard from, to give it back."""
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_moved)

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
        self.box.addWidget(wizard)
        wizard.finished.connect(lambda result: self._finished(wizard, result, then))
        wizard.currentIdChanged.connect(lambda _id: self._unpin_subtitle())
        wizard.currentIdChanged.connect(lambda _id: QTimer.singleShot(0, self._page_shown))
        wizard.installEventFilter(self)
        self._unpin_subtitle()
        for page_id in wizard.pageIds():
            wizard.page(page_id).installEventFilter(self)
        fit_to_dock(wizard)
        self.present()
        wizard.resize(self.holder.size())  # not the size it asked for as a dialog
        wizard.show()
        return True

    def _page_shown(self) -> None:
        if self.wizard is not None:
            from referee.app.docks.wizard_fit import wrap_labels

            wrap_labels(self.wizard)
        self.fit_subtitle()
        self._fit_minimum()
        self._make_room()  # a page may need the dock wider than the first did
        self._focus_page()

    def _focus_page(self) -> None:
        """The keyboard on the page shown, unless it is there already: the next die to
        type when the page takes typed dice, else the page's first field or list (so keys
        and Return reach the wizard, not the map or a button that went disabled)."""
        wizard = self.wizard
        page = wizard.currentPage() if wizard is not None else None
        if wizard is None or page is None or not page.isVisible():
            return
        from referee.app.docks.wizard_fit import INPUTS, KEPT
        from referee.app.wizards.common.dice_entry import DiceEntry  # with the first wizard

        focus = QApplication.focusWidget()
        for entry in page.findChildren(DiceEntry):
            if entry.isVisible() and entry.is_typed() and entry.missing():
                if focus not in entry.boxes.values():
                    entry.focus_next()
                return
        if (
            focus is not None
            and page.isAncestorOf(focus)
            and focus.isVisible()
            and isinstance(focus, KEPT)
        ):
            return  # the referee's own choice of field (a scroll area is no such choice)
        for field in page.findChildren(QWidget):
            if (
                isinstance(field, INPUTS)
                and field.isVisible()
                and field.isEnabled()
                and field.focusPolicy() & Qt.FocusPolicy.TabFocus
            ):
                field.setFocus(Qt.FocusReason.OtherFocusReason)
                return
        wizard.setFocus(Qt.FocusReason.OtherFocusReason)

    def _unpin_subtitle(self) -> None:
        """A new page's subtitle never makes the wizard wider: QWizard pins the subtitle's
        minimum width to where its text takes the fewest lines, and the dock would grow a
        little with every page; the host lets it wrap (:meth:`fit_subtitle` gives it the
        height), before the window lays the page out."""
        wizard = self.wizard
        page = wizard.currentPage() if wizard is not None else None
        if wizard is None or page is None:
            return
        for label in wizard.findChildren(QLabel):
            if label.wordWrap() and not page.isAncestorOf(label) and label.minimumWidth() > 1:
                label.setMinimumWidth(1)
                header = label.parentWidget()  # the header is pinned to the label's width
                if header is not None and header is not wizard:
                    header.setMinimumWidth(0)
        self._fit_minimum()  # and so is the wizard, to the header's

    def _fit_minimum(self) -> None:
        """The wizard as narrow as its contents allow (not as QWizard pinned it)."""
        wizard = self.wizard
        if wizard is None:
            return
        inner = [
            c.minimumSizeHint().width()
            for c in wizard.children()
            if isinstance(c, QWidget) and not c.isWindow()
        ]
        if inner and wizard.minimumWidth() != max(inner):
            wizard.setMinimumWidth(max(inner))

    def fit_subtitle(self) -> None:
        """The page's subtitle as tall as its lines at the dock's width (QWizard keeps the
        height it had at the width it was made at, and a narrow dock cuts the last line)."""
        wizard = self.wizard
        page = wizard.currentPage() if wizard is not None else None
        if wizard is None or page is None or not page.subTitle():
            return
        for label in wizard.findChildren(QLabel):
            if label.text() != page.subTitle() or page.isAncestorOf(label):
                continue
            needed = label.heightForWidth(max(1, label.width()))
            header = label.parentWidget()
            if header is None or needed <= 0:
                continue
            made = header.property("referee-made")  # the heights QWizard gave them
            if not isinstance(made, list):
                made = [header.height(), label.minimumHeight()]
                header.setProperty("referee-made", made)
            label.setMinimumHeight(needed)
            header.setFixedHeight(made[0] + max(0, needed - made[1]))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ChildAdded and isinstance(event, QChildEvent):
            child = event.child()  # a label a page makes as it shows: wrapped before laid out
            if isinstance(child, QLabel) and " " in child.text() and not child.wordWrap():
                child.setWordWrap(True)
        if watched is self.wizard and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self.fit_subtitle)
        elif (
            event.type() == QEvent.Type.Resize
            and self.lent is not None
            and self.wizard is not None
            and time.monotonic() < self.keep_until
            and isinstance(watched, QWidget)
            and not watched.isWindow()
            and watched is getattr(self.parentWidget(), "centralWidget", lambda: None)()
        ):
            QTimer.singleShot(0, self._keep_map)  # the dock took its width: the map too
        elif event.type() == QEvent.Type.Show and self.lost_focus is not None:
            self._give_focus_back()  # the page is back: so is the field's keyboard
        return super().eventFilter(watched, event)

    def _focus_moved(self, old: QWidget | None, new: QWidget | None) -> None:
        """The keyboard left a field of the open wizard: if only because the wizard hid its
        page to update its buttons (the page hidden, the wizard not), remember the field to
        give it the keyboard back once the page shows again."""
        wizard = self.wizard
        if wizard is None or old is None or not wizard.isAncestorOf(old):
            return
        if new is not None and wizard.isAncestorOf(new):
            return
        page = wizard.currentPage()
        if page is None or page.isVisible() or not wizard.isVisible():
            return  # the referee moved on (a click elsewhere, another window)
        self.lost_focus = old
        QTimer.singleShot(0, self._give_focus_back)  # in case no page shows it again

    def _give_focus_back(self) -> None:
        field, self.lost_focus = self.lost_focus, None
        wizard = self.wizard
        if field is None or wizard is None or not isValid(field) or not field.isVisible():
            return
        focus = QApplication.focusWidget()
        if focus is None or not wizard.isAncestorOf(focus):
            field.setFocus(Qt.FocusReason.OtherFocusReason)

    def present(self) -> None:
        """Show the dock in front of its tab group, wide enough for the wizard."""
        self.show()
        self.raise_()
        self._make_room()
        if self.wizard is not None:
            self.wizard.setFocus()

    def _docks_across(self, window: QMainWindow) -> list[QDockWidget]:
        """The docks on the other side of the map, whose width the wizard may borrow."""
        mine = window.dockWidgetArea(self)
        other = {
            Qt.DockWidgetArea.RightDockWidgetArea: Qt.DockWidgetArea.LeftDockWidgetArea,
            Qt.DockWidgetArea.LeftDockWidgetArea: Qt.DockWidgetArea.RightDockWidgetArea,
        }
        return [
            d
            for d in window.findChildren(QDockWidget)
            if d is not self
            and d.isVisible()
            and not d.isFloating()
            and window.dockWidgetArea(d) == other.get(mine)
        ]

    def _make_room(self) -> None:
        """Widen the dock to what the wizard needs, taken from the docks across the map
        (so the map keeps its size); they get it back when the wizard closes."""
        window = self.parentWidget()
        if not isinstance(window, QMainWindow) or self.wizard is None or self.isFloating():
            return
        char = self.fontMetrics().averageCharWidth()
        wanted = min(
            max(self.wizard.minimumSizeHint().width() + 8, WIZARD_CHARS * char), window.width() // 2
        )
        if self.lent is None:
            across = self._docks_across(window)
            central = window.centralWidget()
            self.lent = (
                across,
                [d.width() for d in across],
                self.width(),
                central.width() if central is not None else 0,
            )
        if self.width() < wanted:
            window.resizeDocks([self], [wanted], Qt.Orientation.Horizontal)
        central = window.centralWidget()
        if central is not None:  # the window lays the docks out when it gets to it (X11:
            central.installEventFilter(self)  # later): the map's next resize is the cue
            self.keep_until = time.monotonic() + KEEP_SECONDS
        QTimer.singleShot(0, self._keep_map)

    def _keep_map(self) -> None:
        """The map as wide as before the wizard opened, the docks across it narrower (to a
        point) for what the wizard took."""
        window, lent = self.parentWidget(), self.lent
        central = window.centralWidget() if isinstance(window, QMainWindow) else None
        if not isinstance(window, QMainWindow) or lent is None or central is None:
            return
        across, _, _, map_width = lent
        short = map_width - central.width()
        across = [d for d in across if d.isVisible() and not d.isFloating()]
        if short <= 0 or not across:
            return
        least = 36 * self.fontMetrics().averageCharWidth()
        window.resizeDocks(
            across, [max(least, d.width() - short) for d in across], Qt.Orientation.Horizontal
        )

    def _give_back(self) -> None:
        """The widths borrowed for the wizard, back to the docks (if no wizard opened
        since)."""
        window, lent = self.parentWidget(), self.lent
        self.lent = None
        if self.wizard is not None or lent is None or not isinstance(window, QMainWindow):
            self.lent = lent if self.wizard is not None else None
            return
        across, widths, mine, _ = lent
        if all(d.isVisible() and not d.isFloating() for d in across) and not self.isFloating():
            window.resizeDocks([*across, self], [*widths, mine], Qt.Orientation.Horizontal)

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
        """A hex clicked on the map: True if the open wizard took it as its answer."""
        picker = getattr(self.wizard, "pick_hex", None)
        return bool(picker(h)) if callable(picker) else False

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
            if html:  # the app's dice, shown now that the step is written
                self.show_written(str(html))
            if step is not None and then is not None:
                then()
        wizard.deleteLater()
        QTimer.singleShot(0, self._give_back)  # unless the step opened the next wizard
        self.closed.emit()

    def show_written(self, html: str) -> None:
        """The outcome of a step just written (with the app's dice, which show only now)
        in the dock, until the next wizard opens."""
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

    def closeEvent(self, event: QCloseEvent) -> None:
        self.cancel()
        super().closeEvent(event)
