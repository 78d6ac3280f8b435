"""File > Tournament of the match window: a new event (the new-event dialog, then the
tournament window on it), an event file, or an event on a PostgreSQL server (its URL typed
in) opened in the tournament window. The windows are
the launcher's, so several events may be open beside the match."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from referee.errors import RefereeError

if TYPE_CHECKING:  # the desk (and networkx) load when a tournament is opened, not before;
    # the dialogs' classes too (the match window makes the launcher as it starts)
    from PySide6.QtWidgets import QInputDialog

    from referee.app.tournament.new_event_dialog import NewEvent, NewEventDialog
    from referee.app.tournament.window import TournamentWindow
    from referee.app.widgets.refusals import Refusals
    from referee.tournament.desk import Desk


def tournaments_folder() -> Path:
    """Where new events go by default (``referee.paths.tournaments_dir``)."""
    from referee.paths import tournaments_dir

    return tournaments_dir()


class TournamentLauncher(QObject):
    """See the module docstring; ``parent`` is the match window (messages go over it)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.host = parent
        self.windows: list[TournamentWindow] = []
        self.last_error = ""
        self.refusals: Refusals | None = None
        """The dialog of the last refusal (made at the first)."""

    def _refused(self, exc: Exception) -> None:
        """Say ``exc`` in a dialog of plain text over the match window (the message quotes
        the file's words, an event's name: shown as typed), not waited for."""
        from referee.app.widgets.refusals import Refusals

        self.last_error = str(exc)
        if self.refusals is None:
            self.refusals = Refusals(self.host)
        self.refusals.say("Tournament", str(exc))

    def new_event_dialog(self) -> NewEventDialog:
        from PySide6.QtWidgets import QDialog

        from referee.app.tournament.new_event_dialog import NewEventDialog

        dialog = NewEventDialog(self.host, tournaments_folder())

        def finished(result: int) -> None:
            if result == QDialog.DialogCode.Accepted:
                self.create(dialog.chosen())
            dialog.deleteLater()

        dialog.finished.connect(finished)
        dialog.open()
        return dialog

    def create(self, chosen: NewEvent) -> TournamentWindow | None:
        from referee.tournament.desk import Desk

        try:
            desk = Desk.create(
                chosen.path,
                name=chosen.name,
                rounds=chosen.rounds,
                game=chosen.game,
                round_minutes=chosen.round_minutes,
                scenario=chosen.scenario,
            )
        except (RefereeError, OSError) as exc:
            self._refused(exc)
            return None
        return self._show(desk)

    def open_dialog(self) -> TournamentWindow | None:
        from referee.app.widgets.file_dialogs import ask_open_path

        path = ask_open_path(
            self.host, "Open an event", tournaments_folder(), "Event files (*.db);;All files (*)"
        )
        return self.open(path) if path is not None else None

    def server_dialog(self) -> QInputDialog:
        """Ask for the URL of an event on a server (the password from PGPASSWORD or
        ~/.pgpass, never typed here), then open it."""
        from PySide6.QtWidgets import QDialog, QInputDialog, QLineEdit

        dialog = QInputDialog(self.host)
        dialog.setWindowTitle("Open an event on a server")
        dialog.setLabelText(
            "The event's server URL, postgresql://user@host/dbname\n"
            "(the password comes from PGPASSWORD or ~/.pgpass, never the URL):"
        )
        dialog.setTextEchoMode(QLineEdit.EchoMode.Normal)
        dialog.setTextValue("postgresql://")
        dialog.resize(560, dialog.sizeHint().height())

        def finished(result: int) -> None:
            if result == QDialog.DialogCode.Accepted:
                self.open_server(dialog.textValue().strip())
            dialog.deleteLater()

        dialog.finished.connect(finished)
        dialog.open()
        return dialog

    def open_server(self, url: str) -> TournamentWindow | None:
        from referee.tournament.store import EventServerError
        from referee.tournament.targets import is_server_url

        if not is_server_url(url):
            self._refused(
                EventServerError(
                    f"{url or 'nothing'}: not a server URL (postgresql://user@host/dbname)"
                )
            )
            return None
        return self.open(url)

    def open(self, path: Path | str) -> TournamentWindow | None:
        from referee.tournament.desk import Desk

        try:
            desk = Desk.open(path)
        except (RefereeError, OSError) as exc:
            self._refused(exc)
            return None
        return self._show(desk)

    def _show(self, desk: Desk) -> TournamentWindow:
        from referee.app.docks.confirmed_events import remember_window_event
        from referee.app.tournament.window import TournamentWindow

        window = TournamentWindow(desk)
        remember_window_event(window)  # the referee opened it: its tables' clocks are read
        self.windows = [w for w in self.windows if w.isVisible()] + [window]
        window.show()
        window.raise_()
        window.activateWindow()
        return window
