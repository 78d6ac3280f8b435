"""A fire action: Misfire first, then the ammo, then one to-hit roll per shot
(clauses ``fire.misfire``, ``fire.burst``, ``fire.roll``).

Misfire[N-]: before the fire action a d6 of N or less replaces it with doing nothing,
which spends no ammo; an edition without Misfire rolls no such die (``to_hit.toml``
``[misfire]``; the first draft: ruling ``fire.misfire-first-draft``). Burst(N): each model
that fires it fires N times at the one target (:func:`referee.rules.fire.ammo.models_firing`).
"""

from __future__ import annotations

import msgspec

from referee.dice.service import Dice, RollRequest, open_ended_note
from referee.rules.fire.aim import after_fire
from referee.rules.fire.ammo import firing_rulings, shots_per_action, spend
from referee.rules.fire.misfire import misfire_note, misfire_on, misfire_rulings
from referee.rules.fire.roll import HitRoll, roll_to_hit
from referee.rules.fire.shot import Shot
from referee.rules.fire.to_hit import ToHit, to_hit
from referee.rules.state import UnitState
from referee.ruleset import Ruleset
from referee.units.model import Weapon


class MisfireRoll(msgspec.Struct, frozen=True):
    """The Misfire[N-] die: ``misfired`` on N or less (clause ``fire.misfire``)."""

    on: int
    die: int

    @property
    def misfired(self) -> bool:
        return self.die <= self.on

    def explain(self) -> str:
        verdict = "misfire: the action does nothing" if self.misfired else "no misfire"
        return f"misfire[{self.on}-] rolled {self.die}: {verdict}"


def misfire_purpose(weapon: Weapon) -> str:
    return f"misfire {weapon.name}"


def misfire_request(rules: Ruleset, weapon: Weapon) -> tuple[RollRequest, ...]:
    """The misfire die a fire action with ``weapon`` asks first (none without Misfire)."""
    on = misfire_on(rules, weapon)
    if on is None:
        return ()
    return (
        RollRequest(6, misfire_purpose(weapon), f"misfire[{on}-]: {on} or less, nothing fires"),
    )


def unless_misfire(rules: Ruleset, weapon: Weapon, note: str) -> str:
    return f"{note}; unless it misfires" if misfire_on(rules, weapon) is not None else note


def roll_misfire(rules: Ruleset, weapon: Weapon, dice: Dice) -> MisfireRoll | None:
    """Roll for Misfire[N-] before a fire action with ``weapon`` (None: it cannot misfire)."""
    on = misfire_on(rules, weapon)
    if on is None:
        return None
    return MisfireRoll(on, dice.roll(6, misfire_purpose(weapon)))


class ActionStart(msgspec.Struct, frozen=True):
    """A fire action once its misfire is rolled and its ammo spent (none on a misfire)."""

    misfire: MisfireRoll | None
    shooter: UnitState

    @property
    def misfired(self) -> bool:
        return self.misfire is not None and self.misfire.misfired


def start_action(rules: Ruleset, shooter: UnitState, weapon: Weapon, dice: Dice) -> ActionStart:
    """Misfire roll, then ammo (clauses ``fire.misfire``, ``fire.burst``, ``fire.load``)."""
    misfire = roll_misfire(rules, weapon, dice)
    if misfire is not None and misfire.misfired:
        return ActionStart(misfire, shooter)
    return ActionStart(misfire, spend(rules, shooter, weapon))


class FireAction(msgspec.Struct, frozen=True):
    """What one fire action did: the misfire die, the to-hit number, every to-hit roll."""

    weapon: Weapon
    misfire: MisfireRoll | None
    to_hit: ToHit
    rolls: tuple[HitRoll, ...]
    shooter_after: UnitState
    rulings: tuple[str, ...] = ()
    """Rulings the action took besides its to-hit number's: whether Misfire is rolled, who
    fires the weapon (:func:`referee.rules.fire.ammo.firing_rulings`), a natural 1."""
    notes: tuple[str, ...] = ()

    @property
    def misfired(self) -> bool:
        return self.misfire is not None and self.misfire.misfired

    @property
    def hits(self) -> int:
        return sum(1 for r in self.rolls if r.hit)

    @property
    def all_rulings(self) -> tuple[str, ...]:
        """Every ruling the action took: its to-hit number's, its own, its rolls'."""
        rolls = (r.ruling for r in self.rolls if r.ruling)
        return tuple(dict.fromkeys((*self.to_hit.rulings, *self.rulings, *rolls)))

    def explain(self) -> list[str]:
        lines = [*self.notes, *([self.misfire.explain()] if self.misfire else [])]
        if self.misfired:
            return lines
        lines.append(self.to_hit.explain())
        lines += [r.explain() for r in self.rolls]
        lines.append(f"{self.hits} hit{'s' if self.hits != 1 else ''}")
        return lines

    def to_json(self) -> dict[str, object]:
        return {
            "weapon": self.weapon.name,
            "misfire": None
            if self.misfire is None
            else {"on": self.misfire.on, "die": self.misfire.die, "misfired": self.misfired},
            "to_hit": self.to_hit.to_json(),
            "rolls": [r.to_json() for r in self.rolls],
            "hits": self.hits,
            **({"rulings": list(self.rulings)} if self.rulings else {}),
            **({"notes": list(self.notes)} if self.notes else {}),
        }


def fire(rules: Ruleset, shot: Shot, dice: Dice, *, guns: int = 1) -> FireAction:
    """Carry out a fire action of ``shot`` (a legal one: see :mod:`.legality`).

    ``guns`` is the number of fixed guns bearing (1 for a turret). Area weapons roll
    their dice with :func:`referee.rules.fire.area.area_fire` instead.
    """
    weapon = shot.weapon
    if weapon is None:
        raise ValueError("a fire action needs a weapon")
    if weapon.area is not None:
        raise ValueError(f"{weapon.name} is an area weapon: use area_fire")
    needed = to_hit(rules, shot)
    count = shots_per_action(rules, shot.shooter, weapon, guns)
    purpose = f"to hit {shot.target.uid} ({weapon.name})"
    note = unless_misfire(rules, weapon, f"needs {needed.need}; {open_ended_note()}")
    dice.expect([*misfire_request(rules, weapon), *[RollRequest(6, purpose, note)] * count])
    rulings = (*misfire_rulings(rules, weapon), *firing_rulings(rules, shot.shooter, weapon))
    notes = tuple(n for n in (misfire_note(rules, weapon),) if n)
    start = start_action(rules, shot.shooter, weapon, dice)
    if start.misfired:
        return FireAction(weapon, start.misfire, needed, (), start.shooter, rulings, notes)
    rolls = tuple(roll_to_hit(rules, needed.need, dice, purpose) for _ in range(count))
    after = after_fire(rules, start.shooter, shot.aim)
    return FireAction(weapon, start.misfire, needed, rolls, after, rulings, notes)
