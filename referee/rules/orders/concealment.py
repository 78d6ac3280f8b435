"""A match as one side sees it (clause ``setup.hidden``, ``setup.blind``): the other side's
hidden units are hidden tokens only (a token at a hex, no name, no type), and while a blind
setup is not revealed its placements are not shown at all. The journal says the same: a
placement of such a unit reads "side 2 sets up a hidden token at B2" (or "side 2 enters a
placement, shown at the reveal"), and its step's name the same after "Setup: ".

The app's View > Hide side N's hidden units and ``referee match show FILE --view N`` (side N's
view: the other side hidden) both read the match through :func:`concealed_uids` and
:func:`conceal_steps`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any, ClassVar

import msgspec

from referee.board.hexgrid import hex_label
from referee.rules.changes import Changes
from referee.rules.events import Event, Step
from referee.rules.orders.hidden_commands import Place
from referee.rules.orders.state import MatchState


def sides_of(state: MatchState) -> dict[str, int]:
    """Every unit's side: those on the table and those still waiting for the setup."""
    sides = {uid: u.side for uid, u in state.units.items()}
    if state.setup is not None:
        sides.update({w.uid: w.side for w in state.setup.waiting})
    return sides


def concealed_uids(state: MatchState, hidden_sides: Iterable[int]) -> frozenset[str]:
    """The units of ``hidden_sides`` the other side may not name: hidden units on the table,
    and placements entered in a blind setup not yet revealed."""
    hidden = frozenset(hidden_sides)
    on_table = {uid for uid, u in state.units.items() if u.hidden and u.side in hidden}
    entered: set[str] = set()
    if state.setup is not None and not state.setup.done:
        sides = sides_of(state)
        entered = {uid for uid in state.setup.entered if sides.get(uid) in hidden}
    return frozenset(on_table | entered)


def hidden_tokens(state: MatchState, hidden_sides: Iterable[int]) -> list[dict[str, Any]]:
    """``[{"side": 2, "hex": "B2"}]``: the hidden tokens the other side sees on the table."""
    hidden = frozenset(hidden_sides)
    return sorted(
        (
            {"side": u.side, "hex": hex_label(u.hex)}
            for u in state.units.values()
            if u.hidden and u.side in hidden
        ),
        key=lambda t: (t["side"], t["hex"]),
    )


def seen_state(state: MatchState, hidden_sides: Iterable[int]) -> MatchState:
    """``state`` less the hidden units of ``hidden_sides`` (for whatever names units)."""
    hidden = frozenset(hidden_sides)
    if not hidden:
        return state
    units = {uid: u for uid, u in state.units.items() if not (u.hidden and u.side in hidden)}
    return replace(state, units=MappingProxyType(units))


class HiddenPlacement(msgspec.Struct, frozen=True):
    """A placement as the other side sees it: whose it is, nothing more."""

    side: int
    KIND: ClassVar[str] = "place"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.KIND, "side": self.side}

    def text(self) -> str:
        return f"{self.KIND} side={self.side}"


def _placed_uid(event: Event) -> str | None:
    command = event.command
    return command.uid if isinstance(command, Place) and command.uid is not None else None


def _masked(event: Event, state: MatchState, side: int) -> Event:
    unit = state.units.get(str(_placed_uid(event)))
    if unit is not None:  # on the table as a hidden token: its hex is seen, nothing more
        text = f"side {side} sets up a hidden token at {hex_label(unit.hex)}"
    elif state.setup is not None and state.setup.procedure == "blind":
        text = f"side {side} enters a placement, shown at the reveal"
    else:  # a hidden unit placed by a step since undone
        text = f"side {side} sets up a hidden token"
    return Event(event.kind, HiddenPlacement(side), Changes(), text, clauses=event.clauses)


def _conceals(
    event: Event, uid: str, state: MatchState, sides: dict[str, int], hidden_sides: frozenset[int]
) -> int:
    """The side the placement ``event`` of ``uid`` is kept from the other of (0: none): a
    hidden unit's (on the table, or placed by a step since undone), or an entry of a blind
    setup not yet revealed."""
    placed = (event.changes.units or {}).get(uid) or {}
    side = sides.get(uid, placed.get("side"))
    if not isinstance(side, int) or side not in hidden_sides:
        return 0
    unit = state.units.get(uid)
    if unit is not None:
        return side if unit.hidden else 0
    blind = state.setup is not None and not state.setup.done
    return side if placed.get("hidden") or blind else 0


def conceal_steps(
    steps: Sequence[Step], state: MatchState, hidden_sides: Iterable[int]
) -> list[Step]:
    """``steps`` with each placement of a unit :func:`concealed_uids` names masked (text,
    command and changes), and the step's name with it."""
    hidden_sides = frozenset(hidden_sides)
    if not hidden_sides:
        return list(steps)
    sides = sides_of(state)
    out = []
    for step in steps:
        events, masked = [], ""
        for event in step.events:
            uid = _placed_uid(event)
            side = _conceals(event, uid, state, sides, hidden_sides) if uid else 0
            if side:
                events.append(_masked(event, state, side))
                masked = events[-1].text
            else:
                events.append(event)
        if masked:
            step = msgspec.structs.replace(step, name=f"Setup: {masked}", events=tuple(events))
        out.append(step)
    return out
