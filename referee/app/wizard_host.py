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

from PySide6.QtCore import Qt, QTimer, Signal
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
        self.lent: tuple[list[QDockWidget], list[int], int] | None = None
        """The docks across the map, their widths and this dock's before a wizard widened
        it."""
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
        self.setWindowTitle(f"Wizard: {wizard.windowTitle().split(':')[0]}")
        wizard.finished.connect(lambda result: self._finished(wizard, result, then))
        wizard.show()
        self.present()
        return True

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
        wanted = min(self.wizard.minimumSizeHint().width() + 8, window.width() // 2)
        grow = wanted - self.width()
        if grow <= 0:
            return
        across = self._docks_across(window)
        if self.lent is None:
            self.lent = (across, [d.width() for d in across], self.width())
        least = 36 * self.fontMetrics().averageCharWidth()
        window.resizeDocks([*across, self], [*(max(least, d.width() - grow) for d in across),
                                             wanted], Qt.Orientation.Horizontal)

    def _give_back(self) -> None:
        """The widths borrowed for the wizard, back to the docks (if no wizard opened
        since)."""
        window, lent = self.parentWidget(), self.lent
        self.lent = None
        if self.wizard is not None or lent is None or not isinstance(window, QMainWindow):
            self.lent = lent if self.wizard is not None else None
            return
        across, widths, mine = lent
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
        self.setWindowTitle("Wizard")
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
