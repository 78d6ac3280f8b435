"""What a step did and what its damage will do when applied, before it is written.

:func:`dry_step` carries out a step's commands on a copy of the match, as the match file
will (one :class:`~referee.dice.service.Dice` for the step, typed dice first, the step's
seed for the rest). :func:`step_outcome` reads the result: the dice, each unit the step
changed at once (a retreat, a fire token, ammo), and each unit with damage rolled and
waiting for the 'apply damage' step, with what applying it will do (clauses
``damage.sequence``, ``damage.table``, ``damage.model-death``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from referee.dice.service import Dice, Roll
from referee.rules.events import Event
from referee.rules.orders.commands import Command
from referee.rules.orders.state import MatchState
from referee.rules.state import UnitState

if TYPE_CHECKING:  # the damage engine comes with the first damage the map shows
    from referee.rules.damage.pending import PendingDamage


def dry_step(
    state: MatchState,
    commands: Iterable[Command | Mapping[str, Any]],
    seed: int,
    typed: Sequence[int] = (),
) -> tuple[tuple[Event, ...], MatchState]:
    """The step's events and the state after it, on a copy (nothing is written)."""
    # the step's engine (every handler, the movement resolver) only for a dry run: the map
    # reads pending damage from here at the window's start without loading it
    from referee.rules.orders.step import execute

    dice = Dice(seed)
    dice.type_in(typed)
    events = []
    for command in commands:
        event = execute(state, command, dice)
        events.append(event)
        state = state.apply(event.changes)
    if dice.pending:
        from referee.rules.command import CommandError

        raise CommandError(
            f"{len(dice.pending)} typed dice left over "
            f"({', '.join(map(str, dice.pending))}): the step needs fewer"
        )
    return tuple(events), state


def _changes(before: UnitState, after: UnitState) -> list[str]:
    """What differs between two states of a unit, in a referee's words."""
    out: list[str] = []
    if after.alive != before.alive:
        out.append(
            f"models {before.alive} -> {after.alive}" + (" (destroyed)" if after.destroyed else "")
        )
    if after.hex != before.hex:
        from referee.board.hexgrid import hex_label

        out.append(f"moves {hex_label(before.hex)} -> {hex_label(after.hex)}")
    if after.facing != before.facing:
        out.append(f"faces {after.facing}")
    if after.damage_tokens != before.damage_tokens:
        out.append(f"+{after.damage_tokens} to future damage (was +{before.damage_tokens})")
    if after.shaken > before.shaken:
        out.append(f"shaken ({after.shaken} token{'s' if after.shaken != 1 else ''})")
    for name in ("fire", "acid", "minor_acid", "armor_down"):
        a, b = getattr(after, name), getattr(before, name)
        if a != b:
            out.append(f"{name.replace('_', ' ')} {b} -> {a}")
    for name, label in (("poison", "Poison"), ("bleeding", "Bleeding")):
        a, b = getattr(after, name), getattr(before, name)
        if a != b:
            out.append(f"{label} " + (", ".join(f"d{d}" for d in a) or "none"))
    return out


class UnitOutcome(msgspec.Struct, frozen=True):
    """One unit after the step: what changed at once, the damage it now waits for and
    what applying all of it will do."""

    uid: str
    now: tuple[str, ...]
    rolled: tuple[PendingDamage, ...]
    """This step's damage rolls on the unit, in order."""
    when_applied: tuple[str, ...]
    killed: int

    def explain(self) -> str:
        lines = [f"{self.uid}:"]
        if self.now:
            lines.append(f"  now: {'; '.join(self.now)}")
        for e in self.rolled:
            lines.append(f"  pending: {e.source}, {e.roll.explain()}")
        if self.rolled:
            lines.append(
                "  when damage is applied: " + ("; ".join(self.when_applied) or "nothing changes")
            )
        return "\n".join(lines)


def _sections(text: str, wanted: tuple[str, ...]) -> tuple[str, ...]:
    """The lines of the ``[name]`` sections ``wanted`` of an event's text (an assault's)."""
    out: list[str] = []
    keep = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("[") and stripped.endswith("]"):
            keep = stripped[1:-1] in wanted
        elif keep and stripped:
            out.append(stripped)
    return tuple(out) or tuple(text.splitlines()[:1])


def what_hit(event: Event) -> tuple[str, ...]:
    """The lines of a fire event that say what hit: the misfire, each die, the hits (the
    working of the damage is left to the rest of the page); of an assault, its successes
    and its outcome; any other event: its first line."""
    detail = event.detail
    if event.kind == "assault":
        return _sections(event.text, ("rolled", "outcome"))
    if event.kind != "fire":
        return tuple(event.text.splitlines()[:1])
    lines = [event.text.splitlines()[0]]
    misfire = detail.get("misfire")
    if misfire:
        lines.append(
            f"misfire[{misfire['on']}-] rolled {misfire['die']}: "
            + ("the action does nothing" if misfire["misfired"] else "no misfire")
        )
        if misfire["misfired"]:
            return tuple(lines)
    for r in detail.get("results", ()):  # an area attack, unit by unit
        dice = ", ".join(str(x["result"]) for x in r["rolls"])
        negated = f", {r['negated']} negated by evasion" if r.get("evasion_dice") else ""
        lines.append(
            f"{r['target']}: area dice {dice or 'none'} at {r['need']}+{negated}: "
            f"{r['hits']} hit{'s' if r['hits'] != 1 else ''}"
        )
    rolls = detail.get("rolls", ())
    if rolls:
        dice = ", ".join(str(x["result"]) for x in rolls)
        need = rolls[0]["need"]
        lines.append(
            f"to hit {dice} at {need}+: {detail.get('hits', 0)} "
            f"hit{'s' if detail.get('hits', 0) != 1 else ''}"
        )
    return tuple(lines)


class StepOutcome(msgspec.Struct, frozen=True):
    """A step's outcome before it is written (see the module docstring)."""

    events: tuple[Event, ...]
    units: tuple[UnitOutcome, ...]

    @property
    def dice(self) -> tuple[Roll, ...]:
        return tuple(r for e in self.events for r in e.dice)

    @property
    def text(self) -> str:
        return "\n".join(e.text for e in self.events)

    @property
    def conditions(self) -> tuple[Mapping[str, Any], ...]:
        """The fire, acid and poison the step's fire actions place (or the 'apply damage'
        step places), each with its ``text``, ``clause`` and ``rulings``
        (:mod:`referee.rules.orders.fire_conditions`)."""
        return tuple(
            c
            for e in self.events
            if e.kind in ("fire", "apply-damage")
            for c in e.detail.get("conditions", ())
        )

    @property
    def headline(self) -> tuple[str, ...]:
        """What hit (see :func:`what_hit`), event by event."""
        return tuple(line for e in self.events for line in what_hit(e))

    def explain(self) -> str:
        return "\n".join([self.text, *(u.explain() for u in self.units)])


def step_outcome(before: MatchState, events: Sequence[Event], after: MatchState) -> StepOutcome:
    """The outcome of ``events`` taking ``before`` to ``after``."""
    from referee.rules.damage.pending import apply_pending

    ledger = after.ledger()
    new = ledger.entries[len(before.pending) :]
    applied = apply_pending(ledger, after.units)
    uids = [
        *dict.fromkeys(
            [
                *(u for u in after.units if after.units[u] != before.units.get(u)),
                *(e.uid for e in new),
            ]
        )
    ]
    out = []
    for uid in uids:
        now_state = after.units.get(uid)
        was = before.units.get(uid)
        if now_state is None or was is None:
            continue
        now = tuple(_changes(was, now_state))
        rolled = tuple(e for e in new if e.uid == uid)
        if not now and not rolled:
            continue
        final = applied.states.get(uid, now_state)
        out.append(
            UnitOutcome(
                uid,
                now,
                rolled,
                tuple(_changes(now_state, final)) if rolled else (),
                sum(e.outcome.killed for e in rolled),
            )
        )
    return StepOutcome(tuple(events), tuple(out))


class PendingOnUnit(msgspec.Struct, frozen=True):
    """The damage waiting on one unit for the 'apply damage' step, and what it will do."""

    uid: str
    rolls: tuple[PendingDamage, ...]
    when_applied: tuple[str, ...]
    killed: int

    def text(self) -> str:
        n = len(self.rolls)
        head = f"{n} damage roll{'s' if n != 1 else ''} waiting to be applied"
        rows = [
            f"  {e.source}: {e.roll.row.text if e.roll.row else 'no damage'}" for e in self.rolls
        ]
        return "\n".join(
            [head, *rows, "when applied: " + ("; ".join(self.when_applied) or "nothing changes")]
        )


def pending_by_unit(state: MatchState) -> dict[str, PendingOnUnit]:
    """The damage waiting on each unit now, and what applying it will do (clause
    ``damage.sequence``)."""
    if not state.pending:
        return {}
    from referee.rules.damage.pending import apply_pending

    ledger = state.ledger()
    applied = apply_pending(ledger, state.units)
    out: dict[str, PendingOnUnit] = {}
    for uid in dict.fromkeys(e.uid for e in ledger.entries):
        now = state.units.get(uid)
        if now is None:
            continue
        rolls = ledger.pending(uid)
        final = applied.states.get(uid, now)
        out[uid] = PendingOnUnit(
            uid, rolls, tuple(_changes(now, final)), applied.killed.get(uid, 0)
        )
    return out
