"""The units inside a fortification: the d12 for each pip removed, and the health check.

* :func:`inside_rolls`: for each pip removed while an enemy unit (of the attacker) is inside,
  a d12; each 9+ costs that unit 1 H (clause ``activation.fortification-damage``; with
  several inside, ruling ``activation.inside-rolls``);
* :func:`health_check`: when the fortification has fewer pips than the total H of the units
  inside, they make attacks, lowest H first and allied units first on a tie, until their
  total is at most the pips (clause ``activation.fortification-health``; what an attack is:
  ruling ``activation.health-check-attacks``; whose allies: ruling
  ``activation.health-check-allied``).

Both take the units as small :class:`Inside` values and return the H each loses; the step
applies them.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from referee.dice.service import Dice
from referee.dice.success import Check
from referee.errors import RefereeError
from referee.rules.activation.pips import Pips
from referee.rules.activation.tables import Colour, FortificationTable

MAX_ATTACKS = 10_000
"""A health check that has not ended after this many attacks is refused (only typed dice that
never succeed can get there)."""


class Inside(msgspec.Struct, frozen=True):
    """A unit inside a fortification: its uid, side and H."""

    uid: str
    side: int
    health: int


class PipRoll(msgspec.Struct, frozen=True):
    """The d12 rolled for pip ``pip`` (from 1) against unit ``uid``."""

    pip: int
    colour: Colour
    uid: str
    check: Check
    lost: int

    def text(self) -> str:
        loss = f": {self.uid} loses {self.lost} H" if self.lost else ""
        return (
            f"pip {self.pip} ({self.colour}) removed, {self.uid} inside: {self.check.text()}{loss}"
        )


def _lowest_first(units: Sequence[Inside], health: dict[str, int]) -> list[Inside]:
    return sorted((u for u in units if health[u.uid] > 0), key=lambda u: (health[u.uid], u.uid))


def inside_rolls(
    removed: Sequence[Colour],
    enemies: Sequence[Inside],
    table: FortificationTable,
    dice: Dice,
    where: str,
) -> tuple[tuple[PipRoll, ...], dict[str, int]]:
    """The d12 for each pip in ``removed`` against the enemy units inside, and the H each
    unit loses (clause ``activation.fortification-damage``)."""
    health = {u.uid: u.health for u in enemies}
    rolls: list[PipRoll] = []
    for i, colour in enumerate(removed, 1):
        alive = _lowest_first(enemies, health)
        if not alive:
            break
        if table.inside == "each-unit":
            for unit in alive:
                check = dice.check(
                    table.inside_need,
                    table.inside_die,
                    f"{where}: pip {i} removed, {unit.uid} inside",
                )
                lost = min(table.inside_loss, health[unit.uid]) if check.success else 0
                health[unit.uid] -= lost
                rolls.append(PipRoll(i, colour, unit.uid, check, lost))
        else:
            unit = alive[0]
            check = dice.check(
                table.inside_need,
                table.inside_die,
                f"{where}: pip {i} removed, {unit.uid} inside (lowest H)",
            )
            lost = min(table.inside_loss, health[unit.uid]) if check.success else 0
            health[unit.uid] -= lost
            rolls.append(PipRoll(i, colour, unit.uid, check, lost))
    losses = {u.uid: u.health - health[u.uid] for u in enemies if health[u.uid] != u.health}
    return tuple(rolls), losses


def allied_side(pips: Pips, acting: int, table: FortificationTable) -> int:
    """The side whose units go first on a tie of H (ruling ``activation.health-check-allied``)."""
    if table.allied == "holder":
        return pips.holder() or acting
    return acting


def health_order(units: Sequence[Inside], allied: int, health: dict[str, int]) -> list[Inside]:
    """The order of the health check's attacks: lowest H first, ``allied``'s units first on a
    tie (then by uid), units with no H left out (clause ``activation.fortification-health``)."""
    return sorted(
        (u for u in units if health[u.uid] > 0),
        key=lambda u: (health[u.uid], u.side != allied, u.uid),
    )


class HealthAttack(msgspec.Struct, frozen=True):
    uid: str
    check: Check | None
    lost: int

    def text(self) -> str:
        rolled = f": {self.check.text()}" if self.check else ""
        return f"{self.uid} attacks{rolled}, loses {self.lost} H"


class HealthCheck(msgspec.Struct, frozen=True):
    pips: int
    before: int
    """The units' total H before the check."""
    attacks: tuple[HealthAttack, ...]
    losses: dict[str, int]

    @property
    def needed(self) -> bool:
        return self.before > self.pips


class HealthCheckError(RefereeError):
    pass


def health_check(
    pips: int,
    units: Sequence[Inside],
    allied: int,
    table: FortificationTable,
    dice: Dice,
    where: str,
) -> HealthCheck:
    """The health check of a fortification with ``pips`` pips and ``units`` inside (clause
    ``activation.fortification-health``): rounds in which each unit in order makes one
    attack, until the units' total H is at most ``pips``."""
    health = {u.uid: u.health for u in units}
    before = sum(health.values())
    attacks: list[HealthAttack] = []
    while sum(health.values()) > pips:
        for unit in health_order(units, allied, health):
            if sum(health.values()) <= pips:
                break
            if len(attacks) >= MAX_ATTACKS:
                raise HealthCheckError(
                    f"{where}: the health check has not ended after {MAX_ATTACKS} attacks"
                )
            check = None
            lost = 1
            if table.attacks == "roll":
                check = dice.check(
                    table.attack_need,
                    table.attack_die,
                    f"{where}: health check, {unit.uid} attacks",
                )
                lost = 1 if check.success else 0
            health[unit.uid] -= lost
            attacks.append(HealthAttack(unit.uid, check, lost))
    losses = {u.uid: u.health - health[u.uid] for u in units if health[u.uid] != u.health}
    return HealthCheck(pips, before, tuple(attacks), losses)
