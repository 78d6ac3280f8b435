"""File > Serve to the room… in the tournament window: the event served to the players'
phones (``referee.tournament.room_server``, as ``referee tournament serve`` serves it) from
the window, with the address and its QR code to show the room, and who is connected (the
devices that asked for a page in the last minute)."""

from __future__ import annotations

import io
import threading

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from referee.tournament.room_server import RoomServer, lan_address


class ServeDialog(QDialog):
    """Serves ``target`` on ``host``:``port`` while open (8000, or any free port when it is
    taken); closing it stops serving."""

    def __init__(
        self, target: str, host: str = "0.0.0.0", port: int = 8000, parent: QWidget | None = None
    ) -> None:
        import segno

        super().__init__(parent)
        self.setWindowTitle("Serve to the room")
        self.setMinimumWidth(480)
        try:
            self.server = RoomServer(target, host, port)
        except OSError:
            self.server = RoomServer(target, host, 0)  # the port is taken: any free one
        shown = lan_address() if host in ("0.0.0.0", "") else host
        self.url = f"http://{shown}:{self.server.port}/"
        self.serving_thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.serving_thread.start()
        self.address = QLabel(
            f"Players open {self.url} on their phones (the venue's network; no internet needed)"
        )
        self.address.setTextFormat(Qt.TextFormat.PlainText)
        self.address.setWordWrap(True)
        png = io.BytesIO()
        segno.make(self.url, error="m").save(png, kind="png", scale=6)
        qr = QPixmap()
        qr.loadFromData(png.getvalue(), "PNG")
        self.qr = QLabel()
        self.qr.setPixmap(qr)
        self.connected = QLabel()
        self.connected.setTextFormat(Qt.TextFormat.PlainText)
        self.connected.setWordWrap(True)
        stop = QPushButton("&Stop serving")
        stop.clicked.connect(self.close)
        layout = QVBoxLayout(self)
        for w in (self.address, self.qr, self.connected, stop):
            layout.addWidget(w)
        self.timer = QTimer(self)
        self.timer.setInterval(2000)
        self.timer.timeout.connect(self.refresh)
        self.timer.start()
        self.refresh()

    def refresh(self) -> None:
        """Who is connected: the devices that asked for a page in the last minute."""
        seen = self.server.connected(60.0)
        self.connected.setText(
            f"Connected: {len(seen)} device(s) in the last minute"
            + (f" ({', '.join(seen[:8])}{', ...' if len(seen) > 8 else ''})" if seen else "")
        )

    def closeEvent(self, event: object) -> None:
        self.timer.stop()
        self.server.stop()
        self.serving_thread.join(5)
        super().closeEvent(event)  # type: ignore[arg-type]
