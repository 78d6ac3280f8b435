"""What one journal event changes in the match state: a typed value, each kind checked.

A command's step returns its :class:`Changes`;
:meth:`referee.rules.orders.state.MatchState.apply` carries them out and the window redraws
what :attr:`Changes.flags` names (:class:`ChangeFlag`: ``UNITS``, ``HEXES``...). In the
match file they are a JSON table, one key per kind
(:meth:`Changes.from_json` / :meth:`Changes.to_json`); a key that is no kind of change, or
holds the wrong shape, is refused as :class:`ChangesError` naming it (a tampered journal).

Values keep their journal form (a unit as its JSON, a hex as its label): reading a unit
needs the match's cards and map, which the state has (:meth:`MatchState.apply`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from referee.errors import RefereeError, whole_number


class ChangesError(RefereeError):
    """An event's changes that cannot be carried out (a tampered journal); names the key."""


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _texts(value: object, size: int | None = None) -> bool:
    return (
        isinstance(value, list | tuple)
        and all(isinstance(x, str) for x in value)
        and (size is None or len(value) == size)
    )


def _table(value: object) -> bool:
    return isinstance(value, Mapping)


def _tables(value: object) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(c, Mapping) for c in value)


_PENDING_KEYS = {"unit": str, "source": str, "cause": str, "table": str}


def _pending(value: object) -> bool:
    return isinstance(value, list | tuple) and all(
        isinstance(p, Mapping)
        and all(isinstance(p.get(k), t) for k, t in _PENDING_KEYS.items())
        and _is_int(p.get("natural"))
        and _is_int(p.get("result"))
        and (p.get("row_at") is None or _is_int(p.get("row_at")))
        for p in value
    )


def _orders(value: object) -> bool:
    return isinstance(value, Mapping) and all(
        isinstance(by, Mapping)
        and all(
            isinstance(t, str)
            and whole_number(t) is not None
            and isinstance(o, Mapping)
            and all(isinstance(k, str) and isinstance(x, str) for k, x in o.items())
            for t, o in by.items()
        )
        for by in value.values()
    )


_CHECKS: dict[str, Callable[[object], bool]] = {
    "units": lambda v: (
        isinstance(v, Mapping)
        and all(isinstance(k, str) and (x is None or isinstance(x, Mapping)) for k, x in v.items())
    ),
    "hexes": _table,
    "terrain": lambda v: (
        isinstance(v, Mapping)
        and all(isinstance(k, str) and isinstance(x, str) for k, x in v.items())
    ),
    "pending": _pending,
    "pending_conditions": _tables,
    "orders": _orders,
    "triggered": lambda v: isinstance(v, list | tuple) and all(_texts(t, 3) for t in v),
    "entered": _texts,
    "contests": _tables,
    "turn": lambda v: isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 10**6,
    "step": lambda v: isinstance(v, str),
    "setup": lambda v: v is None or isinstance(v, Mapping),
    "fired": _texts,
}


class ChangeFlag(enum.Flag):
    """What a step changed, one flag per kind (Anki's ``OpChanges``): each kind of change
    an event makes (a key of :meth:`Changes.to_json`), and the journal and the match as a
    whole, for a window to redraw what they name and nothing else."""

    UNITS = enum.auto()
    HEXES = enum.auto()
    TERRAIN = enum.auto()
    PENDING = enum.auto()
    PENDING_CONDITIONS = enum.auto()
    ORDERS = enum.auto()
    TRIGGERED = enum.auto()
    ENTERED = enum.auto()
    CONTESTS = enum.auto()
    TURN = enum.auto()
    STEP = enum.auto()
    SETUP = enum.auto()
    FIRED = enum.auto()
    JOURNAL = enum.auto()
    """A step written, undone or redone."""
    MATCH = enum.auto()
    """The match as a whole (another file opened, another program's steps)."""
    UNDO = enum.auto()
    """How it came: a step of the journal taken back."""
    REDO = enum.auto()
    """How it came: a step of the journal brought back."""
    EXTERNAL = enum.auto()
    """How it came: another program wrote to the match file."""


class Changes(msgspec.Struct, frozen=True):
    """The changes of one event; a field left ``None`` is a kind the event does not change
    (``setup_done``: the scenario's setup is over, the state keeps no setup progress)."""

    units: Mapping[str, Mapping[str, Any] | None] | None = None
    """Each unit changed, as its journal JSON; ``None`` for a unit taken off the table."""
    hexes: Mapping[str, Any] | None = None
    """Every hex marker on the board afterwards (:func:`referee.rules.orders.serial.hexes_json`)."""
    terrain: Mapping[str, str] | None = None
    """Hexes whose terrain changed (a burnt forest), by label."""
    pending: tuple[Mapping[str, Any], ...] | None = None
    """The damage waiting for 'apply damage' afterwards (all of it)."""
    pending_conditions: tuple[Mapping[str, Any], ...] | None = None
    """The fire, acid and poison waiting for 'apply damage' afterwards (all of them)."""
    orders: Mapping[str, Mapping[str, Mapping[str, str]]] | None = None
    """Orders written: unit -> turn -> {"movement": text, "gunnery": text}."""
    triggered: tuple[tuple[str, str, str], ...] | None = None
    """The (unit, hex, marker kind) met this turn afterwards (all of them)."""
    entered: tuple[str, ...] | None = None
    """The units that entered a hex in the last movement step."""
    contests: tuple[Mapping[str, Any], ...] | None = None
    """The assaults waiting for the assault step afterwards (all of them)."""
    turn: int | None = None
    step: str | None = None
    """The turn step the match is at afterwards (``turn.toml``)."""
    setup: Mapping[str, Any] | None = None
    """Where the scenario's setup stands afterwards."""
    fired: tuple[str, ...] | None = None
    """The units that have fired in the gunnery step the match is at, afterwards (all of
    them; a fire event of a match of format 4 on, ruling ``turn.unfired-fire-order``).
    Moving the clock empties it."""
    setup_done: bool = False

    def __post_init__(self) -> None:
        for name, check in _CHECKS.items():
            value = getattr(self, name)
            if value is not None and not check(value):
                error = ChangesError(f"changes.{name}: {value!r:.60} is not what it holds")
                error.field = name
                raise error

    @property
    def flags(self) -> ChangeFlag:
        """The kinds of change this event makes (what a window redraws), as flags."""
        found = ChangeFlag(0)
        for name in self.to_json():
            found |= ChangeFlag[name.upper()]
        return found

    @classmethod
    def from_json(cls, raw: object) -> Changes:
        """The changes of a journal event; an unknown key or a value of the wrong shape is
        refused as :class:`ChangesError` naming it."""
        if isinstance(raw, Changes):
            return raw
        if not isinstance(raw, Mapping):
            raise ChangesError("changes: expected a table")
        unknown = sorted(str(k) for k in raw if k not in _CHECKS)
        if unknown:
            error = ChangesError(
                f"changes.{unknown[0]}: no such kind of change (kinds: {', '.join(_CHECKS)})"
            )
            error.field = unknown[0]
            raise error
        for name, check in _CHECKS.items():
            if name in raw and not check(raw[name]):
                error = ChangesError(f"changes.{name}: {raw[name]!r:.60} is not what it holds")
                error.field = name
                raise error
        sequences = {"pending", "pending_conditions", "contests", "entered", "fired"}
        values: dict[str, Any] = {}
        for name in _CHECKS:
            if name not in raw:
                continue
            value = raw[name]
            if name == "setup" and value is None:
                values["setup_done"] = True
            elif name == "triggered":
                values[name] = tuple(tuple(t) for t in value)
            elif name in sequences:
                values[name] = tuple(value)
            else:
                values[name] = value
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        """The journal form: one key per kind changed."""
        out: dict[str, Any] = {}
        for name in _FIELD_NAMES:
            value = getattr(self, name)
            if name == "setup_done":
                if value and self.setup is None:
                    out["setup"] = None
            elif value is None:
                continue
            elif name == "triggered":
                out[name] = [list(t) for t in value]
            elif isinstance(value, tuple):
                out[name] = [dict(v) if isinstance(v, Mapping) else v for v in value]
            elif isinstance(value, Mapping):
                out[name] = dict(value)
            else:
                out[name] = value
        return out


_FIELD_NAMES: tuple[str, ...] = Changes.__struct_fields__
"""The fields of :class:`Changes` in order (:meth:`Changes.to_json` reads them per event)."""

NO_CHANGES = Changes()
"""An event that changes nothing of the state (it is journalled all the same)."""

CHANGE_KINDS: tuple[str, ...] = tuple(_CHECKS)
"""Every kind of change, in the order the journal writes them."""
