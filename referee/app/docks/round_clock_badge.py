"""The time left in a round, in the corner of the match window's menu bar, for a match made
for a tournament's table (``referee tournament match``): "Round 2, table 3: 1:23:45 left".

Which clock it shows (the round's clock at the event, else the table's own) is
:mod:`referee.tournament.table_clock`'s; the tooltip says which and why. The match names
its event's place, and a match file can be edited: the event is read only once the referee
confirmed that place (a click on the badge asks, naming the event and its host or file; the
answer is remembered, :mod:`referee.app.docks.confirmed_events`), and always on a thread of its
own (:mod:`referee.app.docks.event_clock_worker`), so a desk out of reach shows "desk unreachable"
and never holds up the window. In the last ten minutes the badge turns red and says so, and
:attr:`warned` is emitted once (the window shows it in its status bar). A match not made for
a round hides the badge.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QLabel, QMenuBar, QWidget

from referee.app.widgets.plain_text import plain_tip
from referee.errors import RefereeError

if TYPE_CHECKING:  # the match file (and sqlite-utils) come with the match opened, the
    # tournament's clocks with a match made for a round, the question's box when asked
    from PySide6.QtWidgets import QMessageBox

    from referee.app.docks.confirmed_events import ConfirmedEvents
    from referee.app.docks.event_clock_worker import EventClockWorker
    from referee.match.games.orders_file import MatchFile
    from referee.tournament.event_place import EventPlace
    from referee.tournament.table_clock import EventReading, TableClock, TableClockReader
    from referee.tournament.table_match import TableOrigin

CALM = "QLabel { padding: 1px 8px; border-radius: 3px; background: #e7eef7; color: #123; }"
WARNING = (
    "QLabel { padding: 1px 8px; border-radius: 3px; background: #c00; color: white;"
    " font-weight: bold; }"
)


TOURNAMENT_KEYS = "tournament-"
"""What the settings of a match made for a round begin with
(:meth:`referee.tournament.table_match.TableOrigin.from_settings`): a match without them
loads nothing of the tournament."""

ASK = "click to read the desk's"
"""What the badge offers while the event's place is not confirmed."""
SAYS = {
    "unconfirmed": f"table's clock; {ASK}",
    "reaching": "table's clock, reaching the desk…",
    "unreachable": "table's clock, desk unreachable",
    "other event": "table's clock, not this event's desk",
    "refused": "table's clock",
}
"""What the badge adds to the time when it shows the table's own clock, by the event's
reach (:class:`referee.tournament.table_clock.EventReading`)."""


def _now() -> datetime:
    return datetime.now(UTC)


class RoundClockBadge(QLabel):
    """See the module docstring."""

    warned = Signal(str)
    notice = Signal(str)
    """A word for the status bar (the match names an event not confirmed yet)."""

    def __init__(
        self,
        parent: QWidget | None = None,
        now: Callable[[], datetime] = _now,
        confirmed: ConfirmedEvents | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("round-clock")
        self.setTextFormat(Qt.TextFormat.PlainText)  # names and places come from the file
        self.now = now
        self._confirmed = confirmed
        self.match: MatchFile | None = None
        self.origin: TableOrigin | None = None
        self.place: EventPlace | None = None
        self.reading: EventReading | None = None
        self.worker: EventClockWorker | None = None
        self.shown: TableClock | None = None
        self.prompt: QMessageBox | None = None
        self.warned_once = False
        self.timer = QTimer(self)
        self.timer.setInterval(1000)
        self.timer.timeout.connect(self.tick)
        self.hide()

    @property
    def reader(self) -> TableClockReader | None:
        """The reader of the event's clock, while one reads."""
        return self.worker.reader if self.worker is not None else None

    @property
    def confirmed(self) -> ConfirmedEvents:
        if self._confirmed is None:
            from referee.app.docks.confirmed_events import ConfirmedEvents

            self._confirmed = ConfirmedEvents()
        return self._confirmed

    def set_match(self, match: MatchFile | None) -> None:
        """Follow ``match``'s round (None, or a match not made for a round: hidden)."""
        self._stop_worker()
        self._close_prompt()
        self.match, self.origin, self.place, self.reading = match, None, None, None
        self.shown, self.warned_once = None, False
        origin = None
        settings = (match.meta.get("settings") or {}) if match is not None else {}
        if settings and any(key.startswith(TOURNAMENT_KEYS) for key in settings):
            from referee.tournament.table_match import TableOrigin

            try:
                origin = TableOrigin.from_settings(settings)
            except RefereeError as exc:
                self.timer.stop()
                self.setText("Round clock: ?")
                self.setToolTip(plain_tip(str(exc)))
                self.show()
                return
        if origin is None:
            self.timer.stop()
            self.hide()
            return
        from referee.tournament.event_place import EventPlaceError, event_place
        from referee.tournament.table_clock import EventReading

        self.origin = origin
        try:
            self.place = event_place(origin.event, origin.event_id, origin.store)
        except EventPlaceError as exc:
            self.reading = EventReading(None, str(exc), "refused")
        else:
            if self.place.key in self.confirmed:
                self._start_worker()
            else:
                self.reading = EventReading(
                    None,
                    f"the match names its event's desk, not confirmed yet: {self.place.where}",
                    "unconfirmed",
                )
                said = (
                    f"This match names the desk of the event “{origin.event}” "
                    f"({self.place.host}): click the round clock to read the time there."
                )  # after the window's own message of the moment (the file opened)
                QTimer.singleShot(0, self, lambda: self.notice.emit(said))
        self.show()
        self.tick()
        self.timer.start()

    # --- the event, confirmed and read off the window's thread ----------------------------

    def _start_worker(self) -> None:
        from referee.app.docks.event_clock_worker import EventClockWorker
        from referee.tournament.table_clock import TableClockReader

        if self.origin is None:
            return
        self.worker = EventClockWorker(TableClockReader(self.origin, confirmed=True), self.now)
        self.worker.relay.delivered.connect(self._delivered)
        self.worker.start()

    def _stop_worker(self) -> None:
        if self.worker is not None:
            self.worker.relay.delivered.disconnect(self._delivered)
            self.worker.stop()
            self.worker = None

    def _delivered(self, worker: object, reading: EventReading) -> None:
        if worker is not self.worker:
            return  # a look from a match no longer shown
        self.reading = reading
        self.tick()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self.asks():
            self.ask()
            event.accept()
            return
        super().mousePressEvent(event)

    def asks(self) -> bool:
        """Whether the badge offers to read the desk's clock (its place not confirmed)."""
        return (
            self.place is not None
            and self.reading is not None
            and self.reading.reach == "unconfirmed"
        )

    def ask(self) -> QMessageBox:
        """The question, beside the window (it blocks nothing): read the clock at the place
        the match names?"""
        from PySide6.QtWidgets import QMessageBox

        from referee.app.widgets.message_box import MessageBox

        if self.prompt is not None:
            self.prompt.raise_()
            self.prompt.activateWindow()
            return self.prompt
        place = self.place
        box = MessageBox(self.window())
        box.setWindowModality(Qt.WindowModality.NonModal)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("Read the round's clock at the desk?")
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setText(place.question() if place is not None else "")
        yes = box.addButton(
            "Connect to this desk" if place is not None and place.server else "Read this file",
            QMessageBox.ButtonRole.AcceptRole,
        )
        box.addButton("Not now", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(yes)

        def answered() -> None:
            chosen = box.clickedButton()
            self.prompt = None
            box.deleteLater()
            if chosen is yes:
                self.confirm()

        box.finished.connect(answered)
        self.prompt = box
        box.show()
        return box

    def confirm(self) -> None:
        """The referee confirmed the place: remember it and read the event there."""
        place = self.place
        if place is None or self.worker is not None:
            return
        from referee.tournament.table_clock import EventReading

        self.confirmed.add(place.key, f"{place.event}: {place.where}")
        self.reading = EventReading(None, f"reaching {place.where}", "reaching")
        self._start_worker()
        self.tick()

    def _close_prompt(self) -> None:
        if self.prompt is not None:
            prompt, self.prompt = self.prompt, None
            prompt.finished.disconnect()
            prompt.close()
            prompt.deleteLater()

    # --- showing -------------------------------------------------------------------------

    def tick(self) -> None:
        origin = self.origin
        if origin is None:
            return
        from referee.tournament.table_clock import first_step_at, table_clock

        now = self.now()
        first = first_step_at(self.match) if self.match is not None else None
        self.shown = shown = table_clock(origin, self.reading, first)
        warning = shown.warning(now)
        text = shown.text(now)
        if warning and shown.clock.left(now).total_seconds() > 0:
            text += " — last ten minutes"
        if not shown.from_event:  # the desk's pauses unknown: see the tooltip
            reach = self.reading.reach if self.reading is not None else "reaching"
            text += f" ({SAYS.get(reach, SAYS['refused'])})"
        self.setText(text)
        self.setStyleSheet(WARNING if warning else CALM)
        self.setCursor(
            Qt.CursorShape.PointingHandCursor if self.asks() else Qt.CursorShape.ArrowCursor
        )
        self._fit()
        tip = f"{origin.label()}: {origin.players[0]} v {origin.players[1]}\n{shown.source()}"
        if self.asks():
            tip += "\nClick to read the round's clock at the desk (you are asked first)."
        self.setToolTip(plain_tip(tip))
        if warning and not self.warned_once:
            self.warned_once = True
            said = f"Ten minutes or less left in round {origin.round}: {text}"
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
        self._stop_worker()
        self._close_prompt()
