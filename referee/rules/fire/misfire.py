"""Whether a weapon's Misfire[N-] is rolled (clause ``fire.misfire``): a current-edition rule;
the first draft has none (to_hit.toml ``[misfire]``, ruling ``fire.misfire-first-draft``).

Kept apart from the fire action (:mod:`referee.rules.fire.action`, which rolls the die) so
that the odds of a shot read it without the dice service.
"""

from __future__ import annotations

from referee.rules.fire.to_hit_table import to_hit_table
from referee.ruleset import Ruleset
from referee.units.model import Weapon

__all__ = ["misfire_note", "misfire_on", "misfire_rulings"]


def misfire_on(rules: Ruleset, weapon: Weapon) -> int | None:
    """The N of ``weapon``'s Misfire[N-] when ``rules`` roll it (None: no misfire die, for a
    weapon without Misfire or an edition without it; clause ``fire.misfire``)."""
    if weapon.misfire is None or not to_hit_table(rules).misfire.rolled:
        return None
    return weapon.misfire


def misfire_rulings(rules: Ruleset, weapon: Weapon) -> tuple[str, ...]:
    """The ruling that decided whether ``weapon``'s Misfire[N-] is rolled (none for a weapon
    without Misfire, or an edition whose table says it outright)."""
    ruling = to_hit_table(rules).misfire.ruling
    return (ruling,) if weapon.misfire is not None and ruling else ()


def misfire_note(rules: Ruleset, weapon: Weapon) -> str | None:
    """The working's line for a Misfire[N-] this edition does not roll (None otherwise)."""
    if weapon.misfire is None or misfire_on(rules, weapon) is not None:
        return None
    why = "".join(f", ruling {r}" for r in misfire_rulings(rules, weapon))
    return f"misfire[{weapon.misfire}-]: not in this edition, no misfire die ({weapon.name}{why})"
