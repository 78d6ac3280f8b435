"""The units ordered to fire at the gunnery step the match is at, and whether each still may
(clauses ``turn.gunnery``, ``orders.fire``, ``fire.decline``; ruling
``turn.unfired-fire-order``).

:func:`fire_orders` lists each unit with a Fire order in this gunnery step that has not fired
(shaken units do no gunnery action, clause ``conditions.shaken``): one with something it may
fire at (a weapon that can fire, an enemy in sight, in its arc and in range: clause
``fire.legality``) is *pending*, and the clock waits for it (:func:`fire_pending`,
:mod:`referee.rules.orders.advance`); one without says why in one sentence (nothing loaded, no
enemy in reach), and holds nothing up.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import msgspec

from referee.rules.fire.aim import GunneryStep
from referee.rules.fire.legality import Reason, TargetCheck, weapon_reasons
from referee.rules.orders.board_now import board_now
from referee.rules.orders.state import MatchState
from referee.rules.turn.clock import TurnPosition

ASK_RULING = "turn.unfired-fire-order"
"""The ruling whose reading ``ask`` makes a gunnery step wait for its fire orders."""


class FireOrder(msgspec.Struct, frozen=True):
    """A unit ordered to fire now that has not fired: whether it may, and if not, why."""

    uid: str
    may_fire: bool
    why: str = ""
    """One sentence: why it cannot fire (empty when it may)."""
    clauses: tuple[str, ...] = ()

    def text(self) -> str:
        return self.why or f"{self.uid} is ordered to fire and has not fired"

    def to_json(self) -> dict[str, object]:
        return {"uid": self.uid, "why": self.why, "clauses": list(self.clauses)}


def keeps_fire_orders(state: MatchState) -> bool:
    """Whether the match's gunnery steps wait for units ordered to fire (ruling
    ``turn.unfired-fire-order``, reading ``ask``; files of format 3 and older: ``silent``)."""
    return state.rules.reading(ASK_RULING).value is True


def fired_after(state: MatchState, uid: str) -> tuple[str, ...] | None:
    """The units that have fired in this gunnery step once ``uid`` has (a fire event's
    ``changes.fired``); None for a match of format 3 or older (reading ``silent``), whose
    fire events record no shooter and replay as they were written."""
    if not keeps_fire_orders(state):
        return None
    return tuple(dict.fromkeys([*state.fired, uid]))


def _reasons_text(reasons: Sequence[Reason]) -> str:
    return "; ".join(f"{r.text} (clause {r.clause})" for r in reasons)


def _why_not(
    state: MatchState, uid: str, checks: Sequence[TargetCheck], ordered: bool
) -> FireOrder:
    """The one sentence of a unit (``ordered`` to fire, or not) that has nothing it may fire
    at: nothing loaded (or no weapon that can fire now, whatever the target: clauses
    ``fire.load``, ``fire.burst``, ``fire.limited-ammo``...), else why each enemy is out of
    its reach."""
    shooter = state.units[uid]
    weapons = shooter.unit.weapons
    lead = f"{uid} is ordered to fire but" if ordered else f"{uid} cannot fire now:"
    if not weapons:
        return FireOrder(uid, False, f"{lead} has no weapon.")
    held = {w.name: weapon_reasons(state.rules, shooter, w) for w in weapons}
    ready = {w.name for w in weapons if not held[w.name]}
    if not ready:
        reasons = [r for w in weapons for r in held[w.name]]
        what = (
            "nothing is loaded"
            if all(shooter.ammo(w.name) == 0 for w in weapons)
            else "no weapon of it can fire now"
        )
        return FireOrder(
            uid,
            False,
            f"{lead} {what}: {_reasons_text(reasons)}.",
            tuple(dict.fromkeys(r.clause for r in reasons)),
        )
    best: dict[str, TargetCheck] = {}  # each enemy: the ready weapon with fewest reasons
    for c in checks:
        if c.weapon is None or c.weapon.name not in ready:
            continue
        known = best.get(c.target.uid)
        if known is None or len(c.reasons) < len(known.reasons):
            best[c.target.uid] = c
    if not best:
        return FireOrder(uid, False, f"{lead} no enemy is left on the table.")
    parts = [
        f"{c.target.uid} at {c.target.hex}: {'; '.join(r.text for r in c.reasons)}"
        for c in best.values()
    ]
    return FireOrder(
        uid,
        False,
        f"{lead} has no enemy it may fire at ({' / '.join(parts)}).",
        tuple(dict.fromkeys(r.clause for c in best.values() for r in c.reasons)),
    )


def fire_orders(state: MatchState, fired: Collection[str] | None = None) -> tuple[FireOrder, ...]:
    """Each unit ordered to fire in the gunnery step ``state`` is at that has not fired
    (``fired``: the units that have, by default the state's own record), in the agenda's
    order; empty at any other step."""
    position = TurnPosition.at(state.rules, state.turn, state.step)
    step = position.step
    if step.kind != "gunnery":
        return ()
    done = set(state.fired if fired is None else fired)
    found = state.step_involved(step)
    ordered = [
        i.uid
        for i in found.units
        if i.uid not in done and "fire" in {a.casefold() for a in i.actions}
    ]
    if not ordered:
        return ()
    return tuple(fire_chance(state, uid) for uid in ordered)


def fire_chance(state: MatchState, uid: str, *, ordered: bool = True) -> FireOrder:
    """Whether unit ``uid`` has something it may fire at now (a weapon that can fire at an
    enemy in sight, in arc and in range), else why not in one sentence (``ordered``: said of
    a unit ordered to fire, or of any unit, as the gunnery wizard lists them)."""
    from referee.rules.fire.options import fire_options  # a shooter's every option: rarely

    shooter = state.unit(uid)
    step = TurnPosition.at(state.rules, state.turn, state.step).step
    now = GunneryStep(state.turn, step.number or 1 if step.kind == "gunnery" else 1)
    enemies = [u for u in state.units.values() if u.side != shooter.side and not u.destroyed]
    options = fire_options(state.rules, board_now(state), shooter, enemies, now=now)
    if options.legal:
        return FireOrder(uid, True)
    return _why_not(state, uid, options.checks, ordered)


def fire_pending(state: MatchState, fired: Collection[str] | None = None) -> tuple[str, ...]:
    """The units the gunnery step waits for: ordered to fire, something they may fire at,
    not fired yet (see :func:`fire_orders`)."""
    return tuple(o.uid for o in fire_orders(state, fired) if o.may_fire)
