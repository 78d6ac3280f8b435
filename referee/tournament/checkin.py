"""Army check-in: a player's army list checked with the army rules for the event's game and
edition (:func:`referee.army.validate_army`), then frozen in the event.

The ``checkin`` record keeps the list's content (the army file's data, not its path), so a
later edit of the file changes nothing at the event; its checksum (``Army.checksum``, the
SHA-256 of the content) is shown at check-in, in the players list and on the table's match
file, and :func:`frozen_army` refuses a stored army that no longer matches it. The huge units
of the army are declared to the opponent (clause ``army.huge-units``; when and to whom:
ruling ``tournament.huge-units``).

An army that is not valid is refused with every problem (its file, unit entry, field and
clause). The organiser may accept it anyway with a reason (``override``): the record keeps
the problems and the reason, and every listing marks the army "accepted by the organiser".
A file that is no army at all (not TOML, unknown keys) is always refused: there is nothing
to freeze.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from referee.army import Army, ArmyFileError, ArmyProblem, ArmyReport, load_army, parse_army
from referee.army.load import army_document
from referee.army.validate import HugeUnit, declaration
from referee.errors import RefereeError
from referee.ruleset import Ruleset
from referee.tournament.event import Event


class ArmyRefused(RefereeError):
    """An army that is not valid for the event's game, checked in without the organiser's
    override; ``errors`` are its problems (``unit`` and ``field`` those of the first)."""

    def __init__(self, path: Path, report: ArmyReport) -> None:
        self.file = path
        self.errors = report.errors
        first = report.errors[0]
        self.unit, self.field = first.unit, first.field
        lines = "\n".join(f"  - {path}: {e.text()}" for e in report.errors)
        super().__init__(
            f"{path}: {report.army.name} is not a valid army for a {report.game} game "
            f"({len(report.errors)} problem(s)); it was not checked in:\n{lines}\n"
            "(the organiser may accept it anyway, giving the reason: --override REASON)"
        )


class FrozenArmyError(RefereeError):
    """A check-in record whose army cannot be read back as it was frozen."""


def check_army(path: Path | str, *, game: str, rules: Ruleset) -> ArmyReport:
    """The army file at ``path`` checked whole for ``game`` (``ArmyFileError`` when the file
    is no army: every problem with its unit entry, field and clause)."""
    from referee.army import validate_army

    return validate_army(load_army(path), game=game, rules=rules)


def checkin_data(report: ArmyReport, path: Path | str, override: str = "") -> dict[str, Any]:
    """The ``checkin`` record's data for ``report`` (see the module docstring); an army that
    is not valid needs ``override``, the organiser's reason, else :class:`ArmyRefused`."""
    path = Path(path)
    override = override.strip()
    if not report.valid and not override:
        raise ArmyRefused(path, report)
    return {
        "army": army_document(report.army),
        "file": str(path),
        "army_name": report.army.name,
        "nation": report.army.nation,
        "game": report.game,
        "checksum": report.checksum,
        "valid": report.valid,
        "errors": [e.to_json() for e in report.errors],
        "cost": dict(report.cost),
        "huge_units": [
            {"type": h.type, "name": h.name, "count": h.count} for h in report.huge_units
        ],
        "declaration": report.declaration,
        "override": override if not report.valid else "",
    }


def check_in_army(
    path: Path | str, *, game: str, rules: Ruleset, override: str = ""
) -> dict[str, Any]:
    """Check the army file at ``path`` and give its ``checkin`` record's data."""
    return checkin_data(check_army(path, game=game, rules=rules), path, override)


def frozen_army(checkin: Mapping[str, Any], player: str = "") -> Army:
    """The army as it was frozen at check-in, its checksum checked."""
    who = f"{player}'s army" if player else "the frozen army"
    try:
        army = parse_army(dict(checkin["army"]), Path(str(checkin.get("file") or "<army>")))
    except (KeyError, TypeError, ArmyFileError) as exc:
        raise FrozenArmyError(f"{who} cannot be read back from the event ({exc})") from None
    if army.checksum() != checkin.get("checksum"):
        raise FrozenArmyError(
            f"{who} no longer matches its checksum {str(checkin.get('checksum'))[:16]}: the "
            "event's record was changed"
        )
    return army


def huge_units(checkin: Mapping[str, Any] | None) -> tuple[HugeUnit, ...]:
    return tuple(
        HugeUnit(str(h["type"]), str(h["name"]), int(h["count"]))
        for h in (checkin or {}).get("huge_units", ())
    )


def huge_text(checkin: Mapping[str, Any] | None) -> str:
    """The huge units in a few words (``Talos, the bronze giant x2``), or ''."""
    return ", ".join(h.text() for h in huge_units(checkin))


def declaration_of(checkin: Mapping[str, Any] | None) -> str:
    """The declaration the opponent must see before building (clause ``army.huge-units``)."""
    return declaration(huge_units(checkin))


def army_summary(checkin: Mapping[str, Any] | None) -> str:
    """One line for listings: the army's name, checksum (first 16), accepted or not."""
    if not checkin:
        return "no army checked in"
    text = f"{checkin.get('army_name', '')} ({str(checkin.get('checksum', ''))[:16]})"
    if not checkin.get("valid", True):
        text += f"; not valid, accepted by the organiser: {checkin.get('override', '')}"
    return text


def problems_of(checkin: Mapping[str, Any] | None) -> list[ArmyProblem]:
    return [
        ArmyProblem(
            e.get("unit"), e.get("field"), str(e.get("rule", "")), str(e.get("message", ""))
        )
        for e in (checkin or {}).get("errors", ())
    ]


def declared_to_all(event: Event) -> bool:
    """Whether the players list shows each army's huge units (ruling
    ``tournament.huge-units``: ``everyone``), or only the pairings do (``opponent``)."""
    return event.reading("tournament.huge-units") == "everyone"


def listed_huge_units(event: Event, name: str) -> str:
    """The huge units the players list shows for ``name`` ('' when the ruling keeps them to
    the pairings)."""
    player = event.players.get(name)
    if player is None or not declared_to_all(event):
        return ""
    return huge_text(player.army)


def table_declarations(event: Event, tables: Sequence[tuple[str, str]]) -> dict[str, str]:
    """For each player of ``tables`` whose opponent has huge units: what that player must
    be told (``Brin: Ada's army has huge units: Talos, the bronze giant``), by name."""
    out: dict[str, str] = {}
    for a, b in tables:
        for me, them in ((a, b), (b, a)):
            other = event.players.get(them)
            huge = huge_text(other.army if other is not None else None)
            if huge:
                out[me] = f"{them}'s army has huge units: {huge}"
    return out


def players_json(event: Event) -> list[dict[str, Any]]:
    """The players with their frozen armies, as ``tournament players --json`` prints them;
    ``huge_units`` is null where ruling ``tournament.huge-units`` keeps it to the pairings."""
    public = declared_to_all(event)
    door = event.current_round + 1  # the round the door is for
    rows = []
    for p in event.players.values():
        army = None
        if p.army is not None:
            c = p.army
            army = {
                "army_name": c.get("army_name", ""),
                "nation": c.get("nation", ""),
                "game": c.get("game", ""),
                "file": c.get("file", ""),
                "checksum": c.get("checksum", ""),
                "valid": bool(c.get("valid", True)),
                "override": c.get("override", ""),
                "errors": list(c.get("errors", ())),
                "huge_units": list(c.get("huge_units", ())) if public else None,
            }
        rows.append(
            {
                "name": p.name,
                "nation": p.nation,
                "entered": p.entered,
                "dropped_after": p.dropped_after,
                "army": army,
                "club": p.club,
                "present": event.present(door, p.name),
            }
        )
    return rows


def army_cells(event: Event, name: str) -> tuple[str, str, str, str]:
    """The players list's army columns: army, checksum (first 16), huge units (ruling
    ``tournament.huge-units``), check-in (valid, or accepted by the organiser and why)."""
    c = event.players[name].army
    if c is None:
        return ("", "", "", "no army checked in")
    state = (
        "valid"
        if c.get("valid", True)
        else (f"NOT valid, accepted by the organiser: {c.get('override', '')}")
    )
    return (
        str(c.get("army_name", "")),
        str(c.get("checksum", ""))[:16],
        listed_huge_units(event, name),
        state,
    )
