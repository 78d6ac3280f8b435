"""The one place the step wizards open: a dock beside the map, never over it.

Every wizard of a step (orders, gunnery, movement, assault, agony, aftermath, and those of
the steps to come) is a :class:`~PySide6.QtWidgets.QWizard` embedded here as a widget, so
the map it talks about stays in view; it draws on the map through the host's
:class:`~referee.app.map_overlay.MapOverlay`, and a hex clicked on the map answers its
question when it asks for one (:meth:`WizardHost.pick_hex`, passed on to the wizard's own
``pick_hex``). One wizard is open at a time: opening another while one is open brings the
open one forward instead. Finishing a wizard runs its chosen step (``chosen_step()``: a
name, commands and typed dice) through ``run_step``, then ``then``; cancelling it, or
closing the dock, writes nothing. Either way what it drew leaves the map.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QLabel,
    QMainWindow,
    QVBoxLayout,
    QWidget,
    QWizard,
)

from referee.app.map_overlay import MapOverlay
from referee.app.map_scene import MapScene
from referee.board.hexgrid import Hex
from referee.match.events import Step

Then = Callable[[], object] | None
WIZARD_CHARS = 66
"""How wide the dock opens for a wizard, in characters (the docks across the map lend it)."""
IDLE_TEXT = (
    "No wizard is open.\n\nNext step (N) opens the wizard of the step the match is at; "
    "the Wizards menu opens any of them. A wizard opens here, beside the map it draws on."
)


class RunStep(Protocol):
    def __call__(
        self, name: str, commands: Iterable[Mapping[str, Any]], typed: Iterable[int] = ()
    ) -> Step | None: ...


class WizardHost(QDockWidget):
    """The dock of the open wizard (see the module docstring); ``closed`` once it is gone."""

    closed = Signal()

    def __init__(self, scene: MapScene, run_step: RunStep, parent: QWidget | None = None) -> None:
        super().__init__("Wizard", parent)
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
        self.idle = QLabel(IDLE_TEXT)
        self.idle.setWordWrap(True)
        self.idle.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.idle.setMargin(12)
        self.box.addWidget(self.idle)
        self.setWidget(self.holder)

    def open(self, wizard: QWizard, then: Then = None) -> bool:
        """Embed ``wizard`` and show it beside the map; False (and the open wizard brought
        forward) if another wizard is open."""
        if self.wizard is not None:
            self.present()
            return False
        self.wizard = wizard
        wizard.setParent(self.holder, Qt.WindowType.Widget)
        self.idle.hide()
        self.box.addWidget(wizard)
        wizard.finished.connect(lambda result: self._finished(wizard, result, then))
        wizard.currentIdChanged.connect(lambda _id: QTimer.singleShot(0, self._page_shown))
        wizard.installEventFilter(self)
        self.present()
        wizard.resize(self.holder.size())  # not the size it asked for as a dialog
        wizard.show()
        return True

    def _page_shown(self) -> None:
        self.fit_subtitle()
        self._make_room()  # a page may need the dock wider than the first did

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
        if watched is self.wizard and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self.fit_subtitle)
        return super().eventFilter(watched, event)

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
        other = {Qt.DockWidgetArea.RightDockWidgetArea: Qt.DockWidgetArea.LeftDockWidgetArea,
                 Qt.DockWidgetArea.LeftDockWidgetArea: Qt.DockWidgetArea.RightDockWidgetArea}
        return [d for d in window.findChildren(QDockWidget)
                if d is not self and d.isVisible() and not d.isFloating()
                and window.dockWidgetArea(d) == other.get(mine)]

    def _make_room(self) -> None:
        """Widen the dock to what the wizard needs, taken from the docks across the map
        (so the map keeps its size); they get it back when the wizard closes."""
        window = self.parentWidget()
        if not isinstance(window, QMainWindow) or self.wizard is None or self.isFloating():
            return
        char = self.fontMetrics().averageCharWidth()
        wanted = min(max(self.wizard.minimumSizeHint().width() + 8, WIZARD_CHARS * char),
                     window.width() // 2)
        if self.lent is None:
            across = self._docks_across(window)
            central = window.centralWidget()
            self.lent = (across, [d.width() for d in across], self.width(),
                         central.width() if central is not None else 0)
        if self.width() < wanted:
            window.resizeDocks([self], [wanted], Qt.Orientation.Horizontal)
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
        window.resizeDocks(across, [max(least, d.width() - short) for d in across],
                           Qt.Orientation.Horizontal)

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

    def pick_hex(self, h: Hex) -> bool:
        """A hex clicked on the map: True if the open wizard took it as its answer."""
        picker = getattr(self.wizard, "pick_hex", None)
        return bool(picker(h)) if callable(picker) else False

    def cancel(self) -> None:
        """Leave the open wizard (nothing is written)."""
        if self.wizard is not None:
            self.wizard.reject()

    def _finished(self, wizard: QWizard, result: int, then: Then) -> None:
        if self.wizard is not wizard:
            return
        self.wizard = None
        self.overlay.clear()
        self.box.removeWidget(wizard)
        wizard.hide()
        self.idle.show()
        if result == QDialog.DialogCode.Accepted:
            chosen = wizard.chosen_step()  # type: ignore[attr-defined]
            step = self.run_step(chosen.name, chosen.commands, chosen.typed)
            if step is not None and then is not None:
                then()
        wizard.deleteLater()
        QTimer.singleShot(0, self._give_back)  # unless the step opened the next wizard
        self.closed.emit()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.cancel()
        super().closeEvent(event)
