"""Reading a damage table and carrying out the row it gives.

Clause ``damage.table``: the modified result is compared with the named table of the
target; a result below the table's first entry does nothing. Clause ``damage.previous``:
each previous-damage token adds one. Clause ``damage.model-death``: whenever a model dies
the bonus is halved, rounding down. Clause ``damage.resistance``: a resistance of the
damage's type takes its value off. Every source of damage (shots, assault, fire, poison,
bleeding, psychic) ends here, so the rules for a row live in one place.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from referee.rules.explain import Term, total
from referee.rules.state import UnitState
from referee.units.model import DamageRow, Effect


class TableRoll(msgspec.Struct, frozen=True):
    """A roll on one damage table: the natural die, the terms added, the row it reads."""

    table: str
    natural: int
    terms: tuple[Term, ...]
    row: DamageRow | None

    @property
    def result(self) -> int:
        return self.natural + total(self.terms)

    def explain(self) -> str:
        parts = [f"rolled {self.natural}", *(t.text() for t in self.terms if t.value)]
        where = f"{self.table} table"
        outcome = self.row.text if self.row else "no damage (below the table)"
        return (
            f"{' '.join(parts[:1])}{', ' if parts[1:] else ''}{', '.join(parts[1:])}"
            f" = {self.result} on the {where}: {outcome}"
        )


def previous_damage_term(target: UnitState) -> Term:
    """+1 per previous-damage token (clause ``damage.previous``)."""
    return Term("previous damage", target.damage_tokens, "damage.previous")


def resistance_term(target: UnitState, damage_type: str) -> Term:
    """-N for a resistance of the damage's type (clause ``damage.resistance``)."""
    return Term(
        f"{damage_type} resistance", -target.unit.resistance(damage_type), "damage.resistance"
    )


def roll_on_table(
    target: UnitState, table: str, natural: int, terms: Sequence[Term]
) -> TableRoll | None:
    """Read ``table`` of ``target`` at ``natural`` plus ``terms``.

    ``None`` when the target has no such table: it is immune to that damage type
    (clause ``damage.special-types``).
    """
    dt = target.unit.damage_table(table)
    if dt is None:
        return None
    kept = tuple(terms)
    return TableRoll(table, natural, kept, dt.lookup(natural + total(kept)))


class RowOutcome(msgspec.Struct, frozen=True):
    """What carrying out a row did: models killed, tokens added, and notes for the referee."""

    state: UnitState
    killed: int
    effects: tuple[Effect, ...]
    notes: tuple[str, ...]


def halve_bonus(tokens: int, deaths: int) -> int:
    """The previous-damage bonus after ``deaths`` models died: halved per death, rounded down."""
    for _ in range(deaths):
        tokens //= 2
    return tokens


def carry_out(
    state: UnitState,
    row: DamageRow | None,
    *,
    cause: str = "regular",
    shaken_tokens: tuple[int, int] = (2, 1),
) -> RowOutcome:
    """Apply ``row``'s effects in the order the table lists them.

    ``cause`` is the damage type; bleeding never causes more bleeding (clause
    ``agony.bleeding``). Shaken follows clause ``conditions.shaken``: two tokens when
    first shaken, one more if already shaken (``shaken_tokens``: first, again; the
    ruleset's ``[shaken]`` table in agony.toml).
    """
    if row is None or state.destroyed:
        return RowOutcome(state, 0, (), ())
    s = state
    killed = 0
    notes: list[str] = []
    for eff in row.effects:
        if eff.kind == "damage-token":
            s = s.with_(damage_tokens=s.damage_tokens + eff.amount)
        elif eff.kind in ("kill", "destroy"):
            n = s.alive if eff.kind == "destroy" else min(eff.amount, s.alive)
            killed += n
            s = s.with_(
                alive=s.alive - n,
                damage_tokens=halve_bonus(s.damage_tokens, n),
                elites_alive=min(s.elites_alive, s.alive - n),
            )
        elif eff.kind == "shaken":
            s = s.with_(shaken=s.shaken + (shaken_tokens[1] if s.shaken else shaken_tokens[0]))
        elif eff.kind == "bleeding":
            if cause == "bleeding":
                notes.append("bleeding does not cause more bleeding")
            else:
                s = s.with_(bleeding=(*s.bleeding, eff.amount))
        elif eff.kind == "on-fire":
            s = s.with_(fire=s.fire + 1)
        elif eff.kind == "armor-down":
            s = s.with_(armor_down=s.armor_down + eff.amount)
        else:
            notes.append(eff.text or eff.kind)
        if s.destroyed:
            break
    return RowOutcome(s, killed, row.effects, tuple(notes))
