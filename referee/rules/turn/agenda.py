"""What the referee must do at one position of the turn (clause ``turn.sequence``).

:func:`agenda` takes the step at ``position``, the units on the table, the board's hex
effects, the actions of this step (uid -> action codes) and what the match knows of the
step (:class:`~referee.rules.turn.involved.StepFacts`), and answers: what to do in words,
which units (and hexes) are involved and why, whether dice are needed, and who must make
which choices in what order (clause ``orders.choice-order``). It decides nothing else and
changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import msgspec

from referee.board.hexgrid import Hex
from referee.errors import RefereeError
from referee.rules.hexes.markers import HexEffects
from referee.rules.state import UnitState
from referee.rules.turn.choices import CLAUSE as CHOICE_CLAUSE
from referee.rules.turn.choices import ChoiceGroup, choice_order
from referee.rules.turn.clock import TurnPosition
from referee.rules.turn.involved import Involved, Scene, StepFacts, involved
from referee.rules.turn.sequence import TurnStep
from referee.ruleset import Ruleset

NOTHING_TO_DO = "Nothing to do here: Next step passes this step."


class AgendaInputError(RefereeError):
    """Units or actions that do not fit together (a uid given twice, an unknown uid)."""


class Agenda(msgspec.Struct, frozen=True):
    """The referee's task at one position of the turn."""

    position: TurnPosition
    step: TurnStep
    todo: str
    units: tuple[Involved, ...]
    hexes: tuple[Hex, ...]
    excluded: tuple[Involved, ...]
    """Units that would act but may not (a shaken unit's gunnery action), with why."""
    needs_dice: bool
    choices: tuple[ChoiceGroup, ...]
    """Groups in the order they must choose; empty when no choice is waiting."""
    notes: tuple[str, ...]
    clauses: tuple[str, ...]
    rulings: tuple[str, ...]
    orders_missing: tuple[str, ...] = ()
    """Units on the table without orders for this turn or the next (clause
    ``orders.giving``): at the orders step the clock waits for them."""
    idle: bool | None = None
    """Whether the step has nothing to do, as the match's Next step decides it (it passes
    the step); ``None``: not said, the agenda alone decides (no unit and no hex)."""
    fire_pending: tuple[str, ...] = ()
    """At a gunnery step, the units ordered to fire, with something they may fire at, that
    have not fired: the clock waits for them (ruling ``turn.unfired-fire-order``)."""
    fire_unable: tuple[tuple[str, str], ...] = ()
    """At a gunnery step, the units ordered to fire that have nothing they may fire at,
    each with why in one sentence (nothing loaded, no enemy in reach)."""
    blocked: str = ""
    """Why the clock may not move on from the step at all yet, in one sentence (the setup
    is not finished: what it still needs); empty when it may."""

    @property
    def uids(self) -> tuple[str, ...]:
        return tuple(i.uid for i in self.units)

    @property
    def is_empty(self) -> bool:
        """Nothing to do: the match says so (``idle``), or no unit and no hex is
        concerned."""
        if self.blocked:
            return False
        return self.idle if self.idle is not None else not self.units and not self.hexes

    def to_json(self) -> dict[str, object]:
        return {
            **self.position.to_json(),
            "kind": self.step.kind,
            "label": self.step.label,
            "todo": self.todo,
            "units": [{"uid": i.uid, "why": i.why, "actions": list(i.actions)} for i in self.units],
            "hexes": [str(h) for h in self.hexes],
            "excluded": [{"uid": i.uid, "why": i.why} for i in self.excluded],
            "needs_dice": self.needs_dice,
            "choices": [g.to_json() for g in self.choices],
            "applies_damage": self.step.applies_damage,
            "empty": self.is_empty,
            "blocked": self.blocked,
            "orders_missing": list(self.orders_missing),
            "fire_pending": list(self.fire_pending),
            "fire_unable": [{"uid": uid, "why": why} for uid, why in self.fire_unable],
            "notes": list(self.notes),
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
        }

    def explain(self) -> str:
        lines = [self.position.text(), f"  {self.todo}"]
        if self.blocked:
            lines.append(f"  {self.blocked}")
        if self.is_empty:
            lines.append(f"  {NOTHING_TO_DO}")
        lines.extend(f"  - {i.text()}" for i in self.units)
        if self.hexes:
            lines.append(f"  Hexes: {', '.join(str(h) for h in self.hexes)}")
        lines.extend(f"  - {i.text()} (left out)" for i in self.excluded)
        if self.orders_missing and self.step.kind != "orders":
            lines.append(
                f"  Without orders for this turn or the next: {', '.join(self.orders_missing)}"
            )
        if self.fire_pending:
            lines.append(
                f"  Ordered to fire and not fired yet: {', '.join(self.fire_pending)} (the "
                "clock waits: fire, or advance unfired=pass)"
            )
        lines.extend(f"  Cannot fire: {why}" for _, why in self.fire_unable)
        lines.append("  Dice needed." if self.needs_dice else "  No dice.")
        if self.choices:
            lines.append("  Choices, in this order (the highest rank chooses last):")
            lines.extend(f"    {n}. {g.text()}" for n, g in enumerate(self.choices, 1))
        lines.extend(f"  Note: {n}" for n in self.notes)
        lines.append(f"  [{', '.join(self.clauses)}]")
        return "\n".join(lines)


def _actions(
    units: Sequence[UnitState], actions: Mapping[str, Sequence[str]] | None
) -> dict[str, tuple[str, ...]]:
    seen: set[str] = set()
    for u in units:
        if u.uid in seen:
            raise AgendaInputError(f"unit {u.uid!r} is given twice")
        seen.add(u.uid)
    out = {uid: tuple(acts) for uid, acts in (actions or {}).items()}
    unknown = sorted(set(out) - seen)
    if unknown:
        raise AgendaInputError(f"actions for units not on the table: {', '.join(unknown)}")
    return out


def agenda(
    rules: Ruleset,
    position: TurnPosition,
    units: Sequence[UnitState],
    hexes: HexEffects | None = None,
    *,
    actions: Mapping[str, Sequence[str]] | None = None,
    facts: StepFacts | None = None,
) -> Agenda:
    """What the referee must do at ``position`` (see the module docstring).

    ``actions``: each unit's action codes for this step (``{"A1": ("Fire",)}`` in a
    gunnery step, ``{"A1": ("360", "A")}`` in a movement step).
    """
    step = position.step
    known = _actions(units, actions)
    f = facts if facts is not None else StepFacts()
    found = involved(Scene(rules, step, units, hexes or HexEffects(), known, f))
    by_uid = {u.uid: u for u in units}
    needs_dice = any(step.dice.picks(i.actions) for i in found.units)
    choosers = [by_uid[i.uid] for i in found.units if step.choices.picks(i.actions)]
    groups = choice_order(rules, choosers, f.entering_assault) if choosers else ()
    notes = list(step.notes)
    clauses = [step.clause, "turn.sequence"]
    if step.applies_damage and step.kind != "apply-damage":
        notes.append("The damage rolled so far takes effect at the end of this step.")
        clauses.append("turn.apply-damage")
    if groups:
        clauses.append(CHOICE_CLAUSE)
    if step.kind == "orders" and found.units:
        clauses.append("orders.missing")
    rulings = [*step.rulings, *found.rulings]
    for g in groups:
        rulings.extend(g.rulings)
    return Agenda(
        position=position,
        step=step,
        todo=step.todo,
        units=found.units,
        hexes=found.hexes,
        excluded=found.excluded,
        needs_dice=needs_dice,
        choices=groups,
        notes=tuple(notes),
        clauses=tuple(dict.fromkeys(clauses)),
        rulings=tuple(dict.fromkeys(rulings)),
        orders_missing=tuple(u.uid for u in units if not u.destroyed and f.unordered.get(u.uid)),
    )
