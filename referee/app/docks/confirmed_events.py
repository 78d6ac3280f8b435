"""The events whose place the referee confirmed (or opened in the tournament window), kept
in Qt's settings: a table's match file names its event's place, and the app reads the
round's clock there only once the referee said yes to that event at that place
(:mod:`referee.tournament.event_place`). A place is remembered by the event's id and name
and the place exactly as named, so a match edited to name another host asks again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings

if TYPE_CHECKING:
    from referee.app.tournament.window import TournamentWindow
    from referee.tournament.event import Event

GROUP = "confirmed-events"


class ConfirmedEvents:
    """See the module docstring; ``settings``: the app's own by default."""

    def __init__(self, settings: QSettings | None = None) -> None:
        self.settings = settings if settings is not None else QSettings()

    def __contains__(self, key: str) -> bool:
        return bool(self.settings.value(f"{GROUP}/{key}", ""))

    def add(self, key: str, said: str) -> None:
        """Remember the place of ``key`` as confirmed (``said``: the event and its place in
        words, for whoever reads the settings file)."""
        self.settings.setValue(f"{GROUP}/{key}", said)
        self.settings.sync()

    def forget(self, key: str) -> None:
        self.settings.remove(f"{GROUP}/{key}")
        self.settings.sync()


def remember_opened(event: Event) -> None:
    """An event the referee opened in the tournament window: the clocks of matches made for
    it are read without asking (its place as ``tournament match`` writes it in a match)."""
    from referee.tournament.event_place import EventPlaceError, event_place
    from referee.tournament.table_match import event_id, store_location

    try:
        place = event_place(event.name, event_id(event), store_location(event.store_name))
    except EventPlaceError:
        return
    ConfirmedEvents().add(place.key, f"{event.name}: {place.where} (opened at this desk)")


def remember_window_event(window: TournamentWindow) -> None:
    """The event of a tournament window just opened (:func:`remember_opened`)."""
    remember_opened(window.tournament)
