"""Who makes their choices first when choices depend on the other side's (clause
``orders.choice-order``).

"The ones not entering assaults must choose first, and the ones entering assault second
... If there are still choices which depends on what the other chooses, the ones choosing
last according to this table. The highest rank choices last." Within each of the two
groups, nations choose from the lowest rank to the highest, by the ruleset's ``[choice]``
list in nations.toml; which end of that list ranks highest is ruling ``turn.choice-rank``,
and whether two sides of one nation choose together is ruling ``turn.choice-same-rank``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

import msgspec

from referee.rules.nations import nations
from referee.rules.state import UnitState

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

CLAUSE = "orders.choice-order"


class ChoiceGroup(msgspec.Struct, frozen=True):
    """Units that make their choices together, at one place in the choice order."""

    uids: tuple[str, ...]
    nation: str
    entering_assault: bool
    side: int | None = None
    """The side, when each side of a nation chooses on its own (ruling ``roll-off``)."""
    roll_off: bool = False
    """The order between this group and the other side's of the same nation is rolled for."""
    clause: str = CLAUSE
    rulings: tuple[str, ...] = ()

    def text(self) -> str:
        who = f"{self.nation}" + (f" (side {self.side})" if self.side is not None else "")
        when = "entering an assault" if self.entering_assault else "not entering an assault"
        roll = ", order rolled off against the other side" if self.roll_off else ""
        return f"{who}, {when}{roll}: {', '.join(self.uids)}"

    def to_json(self) -> dict[str, object]:
        return {
            "uids": list(self.uids),
            "nation": self.nation,
            "entering_assault": self.entering_assault,
            "side": self.side,
            "roll_off": self.roll_off,
            "clause": self.clause,
            "rulings": list(self.rulings),
        }


def _rank_key(rules: Ruleset) -> tuple[dict[str, int], tuple[str, ...]]:
    """Each listed nation's place from the lowest rank (0) up, and the rulings used."""
    order = nations(rules).choice.order
    direction = rules.reading("turn.choice-rank").value
    highest_first = direction == "first-is-highest"
    low_to_high = tuple(reversed(order)) if highest_first else order
    return {n: i for i, n in enumerate(low_to_high)}, ("turn.choice-rank",)


def choice_order(
    rules: Ruleset, units: Iterable[UnitState], entering_assault: Collection[str]
) -> tuple[ChoiceGroup, ...]:
    """The groups of ``units`` in the order they choose (clause ``orders.choice-order``).

    Units not entering an assault choose first, those in ``entering_assault`` second; within
    each, nations from the lowest rank to the highest (a nation missing from the list ranks
    lowest). Units keep their given order inside a group.
    """
    places, rulings = _rank_key(rules)
    split = rules.reading("turn.choice-same-rank").value == "roll-off"
    rulings = (*rulings, "turn.choice-same-rank")
    groups: dict[tuple[bool, str, int | None], list[str]] = {}
    for u in units:
        key = (u.uid in entering_assault, u.nation, u.side if split else None)
        groups.setdefault(key, []).append(u.uid)

    def order(key: tuple[bool, str, int | None]) -> tuple[bool, int, int]:
        entering, nation, side = key
        return entering, places.get(nation, -1), side or 0

    sides_of: dict[tuple[bool, str], int] = {}
    for entering, nation, _ in groups:
        sides_of[(entering, nation)] = sides_of.get((entering, nation), 0) + 1
    return tuple(
        ChoiceGroup(
            uids=tuple(groups[key]),
            nation=key[1],
            entering_assault=key[0],
            side=key[2],
            roll_off=split and sides_of[(key[0], key[1])] > 1,
            rulings=rulings,
        )
        for key in sorted(groups, key=order)
    )
