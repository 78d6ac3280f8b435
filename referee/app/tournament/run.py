"""Starting the tournament window on an event file (``referee tournament open FILE``)."""

from __future__ import annotations

from pathlib import Path


def run_tournament_window(path: Path | str) -> int:
    from referee.app.docks.confirmed_events import remember_window_event
    from referee.app.start.qt_application import ensure_app
    from referee.app.tournament.window import TournamentWindow
    from referee.tournament.desk import Desk

    app = ensure_app()
    window = TournamentWindow(Desk.open(path))
    remember_window_event(window)  # the referee opened it: its tables' clocks are read
    window.show()
    return int(app.exec())
