"""The main window's docks laid out: their sizes in characters and lines, fitted around a map
as tall as the window, the journal ten rows tall, folded away and back."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

from referee.app.docks.wizard_host import WIZARD_CHARS
from referee.app.window.lazy_docks import LazyDocks

if TYPE_CHECKING:  # each wizard and the map editor are imported when first opened; the
    # panels and the engine when the window is finished (build_panels), after a first start
    # has painted the map; so are the Qt classes of the menus' actions and of the dialogs
    # (PySide makes the enums of a class the first time it is named)

    pass


class DockLayout(LazyDocks):
    """The docks laid out (a part of the main window)."""

    def _dock(self, title: str, area: Qt.DockWidgetArea) -> QDockWidget:
        """An empty dock (its panel comes with :meth:`build_panels`)."""
        dock = QDockWidget(title, self)
        dock.setObjectName(f"{title.lower().replace(' ', '-')}-dock")
        self._dock_features(dock)
        self.addDockWidget(area, dock)
        return dock

    @staticmethod
    def _dock_features(dock: QDockWidget) -> None:
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )

    def _size_docks(self) -> None:
        """Dock sizes in characters and lines, so they scale with the font (HiDPI)."""
        char = self.fontMetrics().averageCharWidth()
        line = self.fontMetrics().lineSpacing()
        self.resizeDocks(
            [self.tracker_dock, self.journal_dock],
            [60 * char, 60 * char],
            Qt.Orientation.Horizontal,
        )
        self.resizeDocks([self.inspector_dock], [52 * char], Qt.Orientation.Horizontal)
        self.resizeDocks(
            [self.tracker_dock, self.journal_dock], [16 * line, 20 * line], Qt.Orientation.Vertical
        )

    def show_journal_rows(self, rows: int = 10) -> None:
        """The journal shown and at least ``rows`` rows tall (the dock above it gives way)."""
        dock, table = self.journal_dock, self.journal.table
        dock.show()
        dock.raise_()
        chrome = dock.height() - table.viewport().height()
        wanted = chrome + rows * table.verticalHeader().defaultSectionSize() + 2
        if dock.isFloating():
            dock.resize(dock.width(), max(dock.height(), wanted))
        elif table.viewport().height() < rows * table.verticalHeader().defaultSectionSize():
            area = self.dockWidgetArea(dock)
            above = [
                d
                for d in self.findChildren(QDockWidget)
                if d is not dock
                and d.isVisible()
                and not d.isFloating()
                and self.dockWidgetArea(d) == area
                and d.geometry().left() == dock.geometry().left()
            ]
            total = dock.height() + sum(d.height() for d in above)
            rest = [max(0, total - wanted) // len(above)] * len(above) if above else []
            self.resizeDocks([dock, *above], [wanted, *rest], Qt.Orientation.Vertical)

    def fold_for_room(self, fold: bool) -> bool:
        """Fold the docks away for want of room (``fold``; said in the status bar unless
        it says something else than where the match is written), or unfold them: whether
        it did (not while the referee has them folded, nor before the window's menus
        exist)."""
        if not self.panels_built or (self.folded is not None) != (not fold):
            return False
        self._fold_docks()
        bar = self.statusBar()
        if fold and bar.currentMessage() in ("", self._elided):  # over no other message
            from referee.app.window.docks_give_way import FOLDED_MESSAGE, FOLDED_TIP

            bar.showMessage(FOLDED_MESSAGE, 15000)
            bar.set_message_tip(FOLDED_TIP)  # the whole (it goes with its message)
        return True

    def fold_docks(self) -> None:
        """Fold the docks away, leaving the map (and an open wizard); again: unfold them."""
        self.docks_give_way.forget_fold()
        self._fold_docks()

    def _fold_docks(self) -> None:
        if self.folded is not None:
            for dock in self.folded:
                dock.show()
            for dock in self.folded_in_front:  # each tab group as it was
                dock.raise_()
            self.folded = None
        else:
            self.folded = [
                d
                for d in self.findChildren(QDockWidget)
                if d.isVisible() and not (d is self.wizard_host and self.wizard_host.wizard)
            ]
            self.folded_in_front = [d for d in self.folded if not d.visibleRegion().isEmpty()]
            for dock in self.folded:
                dock.hide()
        self.fold_action.setChecked(self.folded is not None)

    def fit_docks(self) -> None:
        """Lay the docks out around a map as tall as the window: the map gets the width its
        hexes need at that height, the left column (turn, journal) and the right one (unit,
        line of sight, rules, wizard) share the rest; the journal gets most of the left.
        The right column is at least as wide as a wizard opens (:data:`WIZARD_CHARS`), so
        that a wizard opening or closing beside the map never moves the map."""
        char = self.fontMetrics().averageCharWidth()
        rect = self.scene.sceneRect()
        height = max(
            1,
            self.height()
            - self.menuBar().sizeHint().height()
            - self.statusBar().sizeHint().height(),
        )
        map_width = round(height * rect.width() / rect.height()) if rect.height() else 0
        spare = max(0, self.width() - map_width - 24)
        right = max(WIZARD_CHARS * char, spare * 40 // 100)
        left = max(40 * char, spare - right)
        self.resizeDocks(
            [self.tracker_dock, self.journal_dock], [left, left], Qt.Orientation.Horizontal
        )
        self.resizeDocks([self.inspector_dock], [right], Qt.Orientation.Horizontal)
        self.resizeDocks(
            [self.tracker_dock, self.journal_dock],
            [height * 42 // 100, height * 58 // 100],
            Qt.Orientation.Vertical,
        )
