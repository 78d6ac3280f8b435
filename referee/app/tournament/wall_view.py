"""The wall view: the time left, the round's tables and the standings, in letters large
enough to read across a room (a separate window, for a second screen or a projector: F11
makes it fill the screen, Esc gives the screen back). The clock and the lists shrink to fit
the window, so no table or rank is cut off on a small projector. A list longer than
``PAGE_ROWS`` is shown a page at a time, turning every ``PAGE_SECONDS`` (``page 2 of 3``),
so every player and every table is on the wall in turn."""

from __future__ import annotations

from datetime import UTC, datetime
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from referee.tournament.clock import RoundClock
from referee.tournament.event import Event
from referee.tournament.standings import held, standings

CLOCK_POINTS = 64
LIST_POINTS = 22
LIST_MIN_POINTS = 8
PAGE_ROWS = 16
PAGE_SECONDS = 10


def page_of(rows: list[str], now: datetime) -> tuple[list[str], str]:
    """The page of ``rows`` on the wall at ``now`` and its words ('' for a single page)."""
    pages = max(1, -(-len(rows) // PAGE_ROWS))
    if pages == 1:
        return rows, ""
    page = int(now.timestamp() // PAGE_SECONDS) % pages
    return rows[page * PAGE_ROWS : (page + 1) * PAGE_ROWS], f" &ndash; page {page + 1} of {pages}"


class WallView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Wall view")
        self.setStyleSheet("background: #101418; color: #f4f4f4;")
        self.title = QLabel()
        self.clock = QLabel()
        self.clock.setObjectName("wall-clock")
        self.tables = QLabel()
        self.ranking = QLabel()
        for label, size in (
            (self.title, 30),
            (self.clock, CLOCK_POINTS),
            (self.tables, LIST_POINTS),
            (self.ranking, LIST_POINTS),
        ):
            font = label.font()
            font.setPointSize(size)
            font.setBold(label in (self.title, self.clock))
            label.setFont(font)
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            label.setMinimumSize(1, 1)  # the window may be smaller than the text: it shrinks
        self.clock.setAlignment(Qt.AlignmentFlag.AlignCenter)
        columns = QHBoxLayout()
        columns.addWidget(self.tables, 1)
        columns.addWidget(self.ranking, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.clock)
        layout.addLayout(columns, 1)
        self.layout_ = layout
        self.fitted: tuple[str, str, int, int] | None = None
        self.resize(1280, 720)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """F11 fills the screen with the view, or gives it back; so does Esc, and Esc
        in a window closes the view (the desk's window stays)."""
        if event.key() == Qt.Key.Key_F11 and not self.isFullScreen():
            self.showFullScreen()
        elif event.key() in (Qt.Key.Key_F11, Qt.Key.Key_Escape) and self.isFullScreen():
            self.showNormal()
        elif event.key() == Qt.Key.Key_Escape:
            self.close()
        else:
            super().keyPressEvent(event)

    def fit_lists(self) -> None:
        """The tables and the standings as large as the window's height below the clock
        allows (``LIST_POINTS`` at most), each column within its half of the width;
        measured again only when the lists or the window's size change."""
        key = (self.tables.text(), self.ranking.text(), self.width(), self.height())
        if key == self.fitted:
            return
        self.fitted = key
        margins = self.layout_.contentsMargins()
        spacing = max(0, self.layout_.spacing())
        height = (
            self.height()
            - margins.top()
            - margins.bottom()
            - 2 * spacing
            - self.title.sizeHint().height()
            - self.clock.sizeHint().height()
        )
        width = (self.width() - margins.left() - margins.right() - spacing) // 2
        for size in range(LIST_POINTS, LIST_MIN_POINTS - 1, -1):
            for label in (self.tables, self.ranking):
                font = QFont(label.font())
                font.setPointSize(size)
                label.setFont(font)
            hints = [label.sizeHint() for label in (self.tables, self.ranking)]
            if all(h.height() <= height and h.width() <= width for h in hints):
                break

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_lists()

    def fit_clock(self, text: str) -> None:
        """The clock as large as the window's width allows (64 points at most)."""
        font = QFont(self.clock.font())
        width = max(1, self.width() - 40)
        for size in range(CLOCK_POINTS, 11, -4):
            font.setPointSize(size)
            if QFontMetrics(font).horizontalAdvance(text) <= width:
                break
        self.clock.setFont(font)

    def show_event(self, event: Event, clock: RoundClock, now: datetime | None = None) -> None:
        now = now or datetime.now(UTC)
        self.title.setText(escape(event.name))
        colour = "#ff6b6b" if clock.warning(now) else "#f4f4f4"
        said = clock.describe(now) if event.current_round else "No round paired yet"
        self.clock.setText(f'<span style="color:{colour}">{escape(said)}</span>')
        self.fit_clock(said)
        rnd = event.round(event.current_round)
        rows = []
        if rnd is not None:
            for i, (a, b) in enumerate(rnd.tables, 1):
                rows.append(
                    f"<tr><td align=right><b>{i}</b>&nbsp;&nbsp;</td>"
                    f"<td>{escape(a)} &ndash; {escape(b)}</td></tr>"
                )
            if rnd.bye:
                rows.append(f"<tr><td>bye&nbsp;&nbsp;</td><td>{escape(rnd.bye)}</td></tr>")
        rows, page = page_of(rows, now)
        self.tables.setText(f"<b>Tables{page}</b><table>{''.join(rows)}</table>")
        st = standings(event)
        ranks = [
            f"<tr><td align=right>{s.rank}.&nbsp;</td><td>{escape(s.name)}&nbsp;&nbsp;</td>"
            f"<td align=right>{s.text('tvp')}</td></tr>"
            for s in st.standings
        ]
        top, page = page_of(ranks, now)
        said = escape(held(event))
        self.ranking.setText(f"<b>Standings (TVP){page}</b><br>{said}<table>{''.join(top)}</table>")
        self.fit_lists()
