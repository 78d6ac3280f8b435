"""Waiting for the tournament window's look at the event: its timer's reads run on the
event reader's thread (referee.app.tournament.event_reader), so a test that wrote with
another desk ticks and then waits until the window draws the event's last revision."""

from __future__ import annotations

from typing import Any

from referee.app.tournament.window import TournamentWindow
from referee.tournament.desk import Desk


def caught_up(qtbot: Any, w: TournamentWindow) -> None:
    """Tick ``w`` and wait until it shows the event as it is now."""
    with Desk.open(w.desk.store.name, read_only=True) as desk:
        revision = desk.store.revision()
    w.tick()
    qtbot.waitUntil(lambda: w.tournament.revision == revision, timeout=15000)
