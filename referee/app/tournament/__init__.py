"""The tournament window: players and check-in, rounds and pairings, result entry, the
correction trail, standings, the clock, the wall view and exports. It only shows the event
and asks the desk (``referee.tournament.desk``); every change is the desk's record."""
