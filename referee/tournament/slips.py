"""Table slips: what goes on the paper slip laid on each table of a round.

One slip a table: the event, round and table (and the venue's table it is played on, with
its terrain, when the venue's tables are listed: ``venue``), both players with their
nations and the checksums of the armies they checked in, the scenario, the round's time,
the address of the table's result page (``/tables/R/T`` of the served room) for a QR code,
and each player's code for reporting from a phone (``room``).

A code is never shown to anyone but its player (``room``), and a table's slip is read by
both: each code is printed on its own strip at the foot of the slip, below a cut line,
under its player's name; the desk cuts the strips off and hands each player theirs
(ruling ``tournament.slip-codes``; the other reading prints no code on the slip, the desk
hands the codes out from ``tournament codes``).

This module decides the slips' content only; the app draws them (``app/tournament/slips_pdf``).
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from referee.errors import RefereeError
from referee.tournament.event import Event


class SlipError(RefereeError):
    """Slips asked for a round that has no pairing."""


class SlipSide(msgspec.Struct, frozen=True):
    name: str
    nation: str
    checksum: str
    """The checked-in army's checksum, or "" when the player has not checked in."""
    code: str
    """The player's code, or "" (none issued, or the event's reading prints none)."""


class Slip(msgspec.Struct, frozen=True):
    event: str
    round: int
    table: int
    place: str
    """The venue's table this pairing plays on ("" when the venue's tables are not listed)."""
    terrain: str
    scenario: str
    minutes: int
    sides: tuple[SlipSide, SlipSide]
    url: str
    """The table's result page in the served room."""


def table_url(base: str, round_number: int, table: int) -> str:
    """The served room's result page of a table (``/tables/R/T``) under ``base``."""
    return f"{base.rstrip('/')}/tables/{round_number}/{table}"


def scenario_title(event: Event) -> str:
    """The scenario's name as the players know it, or its id/file when it cannot be read."""
    from referee.tournament.event_rules import scenario_of

    try:
        return scenario_of(event).name
    except RefereeError:
        return event.scenario


def table_slips(
    event: Event, round_number: int, base_url: str, codes: Mapping[str, str]
) -> list[Slip]:
    """A slip for each table of ``round_number`` in table order (the bye has no table)."""
    rnd = event.round(round_number)
    if rnd is None:
        raise SlipError(
            f"round {round_number} is not paired (the event has {event.current_round} "
            "round(s) paired)"
        )
    print_codes = event.reading("tournament.slip-codes") == "strips"
    scenario = scenario_title(event)
    places = event.places(round_number)
    slips = []
    for t, pair in enumerate(rnd.tables, start=1):
        sides = []
        for name in pair:
            player = event.players.get(name)
            army = player.army if player is not None else None
            sides.append(
                SlipSide(
                    name,
                    player.nation if player is not None else "",
                    str(army.get("checksum", "")) if army is not None else "",
                    codes.get(name, "") if print_codes else "",
                )
            )
        place = places.get(t)
        slips.append(
            Slip(
                event.name,
                round_number,
                t,
                place.name if place is not None else "",
                place.terrain if place is not None else "",
                scenario,
                event.round_minutes,
                (sides[0], sides[1]),
                table_url(base_url, round_number, t),
            )
        )
    return slips
