"""The time left in a round, in the corner of the match window's menu bar, for a match made
for a tournament's table (``referee tournament match``): "Round 2, table 3: 1:23:45 left".

Which clock it reads (the round's clock at the event when the event can be opened, else the
table's own) is :mod:`referee.tournament.table_clock`'s; the tooltip says which and why. In
the last ten minutes the badge turns red and says so, and :attr:`warned` is emitted once
(the window shows it in its status bar). A match not made for a round hides the badge.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QLabel, QMenuBar, QWidget

from referee.errors import RefereeError

if TYPE_CHECKING:  # the match file (and sqlite-utils) come with the match opened, the
    # tournament's clocks with a match made for a round
    from referee.match.store import MatchFile
    from referee.tournament.table_clock import TableClock, TableClockReader

CALM = "QLabel { padding: 1px 8px; border-radius: 3px; background: #e7eef7; color: #123; }"
WARNING = (
    "QLabel { padding: 1px 8px; border-radius: 3px; background: #c00; color: white;"
    " font-weight: bold; }"
)


TOURNAMENT_KEYS = "tournament-"
"""What the settings of a match made for a round begin with
(:meth:`referee.tournament.table_match.TableOrigin.from_settings`): a match without them
loads nothing of the tournament."""


def _now() -> datetime:
    return datetime.now(UTC)


class RoundClockBadge(QLabel):
    """See the module docstring."""

    warned = Signal(str)

    def __init__(self, parent: QWidget | None = None, now: Callable[[], datetime] = _now) -> None:
        super().__init__(parent)
        self.setObjectName("round-clock")
        self.now = now
        self.match: MatchFile | None = None
        self.reader: TableClockReader | None = None
        self.shown: TableClock | None = None
        self.warned_once = False
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self.tick)
        self.hide()

    def set_match(self, match: MatchFile | None) -> None:
        """Follow ``match``'s round (None, or a match not made for a round: hidden)."""
        if self.reader is not None:
            self.reader.close()
        self.match, self.reader, self.shown, self.warned_once = match, None, None, False
        origin = None
        settings = (match.meta.get("settings") or {}) if match is not None else {}
        if settings and any(key.startswith(TOURNAMENT_KEYS) for key in settings):
            from referee.tournament.table_match import TableOrigin

            try:
                origin = TableOrigin.from_settings(settings)
            except RefereeError as exc:
                self.setText("Round clock: ?")
                self.setToolTip(str(exc))
                self.show()
                return
        if origin is None:
            self.timer.stop()
            self.hide()
            return
        from referee.tournament.table_clock import TableClockReader

        self.reader = TableClockReader(origin)
        self.show()
        self.tick()
        self.timer.start()

    def tick(self) -> None:
        if self.reader is None:
            return
        from referee.tournament.table_clock import first_step_at

        now = self.now()
        first = first_step_at(self.match) if self.match is not None else None
        self.shown = shown = self.reader.read(now, first)
        warning = shown.warning(now)
        text = shown.text(now)
        if warning and shown.clock.left(now).total_seconds() > 0:
            text += " — last ten minutes"
        if not shown.from_event:
            text += " (table's clock)"  # the desk's pauses unknown: see the tooltip
        self.setText(text)
        self.setStyleSheet(WARNING if warning else CALM)
        self._fit()
        self.setToolTip(
            f"{shown.origin.label()}: {shown.origin.players[0]} v "
            f"{shown.origin.players[1]}\n{shown.source()}"
        )
        if warning and not self.warned_once:
            self.warned_once = True
            said = f"Ten minutes or less left in round {shown.origin.round}: {text}"
            # after the window's own messages of the moment (opening a match says its file)
            QTimer.singleShot(0, self, lambda: self.warned.emit(said))

    def _fit(self) -> None:
        """Make room for a longer text: a menu bar lays its corner out only when the corner
        widget is set (or the bar resized), not when the widget's size hint changes."""
        bar = self.parentWidget()
        corner = Qt.Corner.TopRightCorner
        if (
            isinstance(bar, QMenuBar)
            and bar.cornerWidget(corner) is self
            and self.width() != self.sizeHint().width()
        ):
            bar.setCornerWidget(self, corner)

    def stop(self) -> None:
        self.timer.stop()
        if self.reader is not None:
            self.reader.close()
            self.reader = None
