"""After the assault: who retreats, who enters, who is shaken, who fights again.

Clause ``assault.advantage``: the side with the advantage enters the hex it tried to enter
and the other is forced out. Clause ``assault.retreat``: each loser retreats (backwards, or
stays where it came from; a blocked retreat to the closest possible hex; surrounded: a new
assault into the hex it would have retreated to), turning left, right or about if it
wishes. Clauses ``abilities.stubborn`` and ``assault.stubborn-edge``: a loser that held the
hex and is Stubborn (by ability, or at the board edge where the edition says so) does not
retreat: the enemy retreats instead (current edition) or the assault is fought again until
one side wins or dies (the first draft); its friends that tried to enter follow ruling
``assault.stubborn-companions``. Clause ``assault.overcrowding``: winners over the
stacking limit are all shaken (ruling ``assault.overcrowded-winners``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from referee.board.hexgrid import Hex, hex_label
from referee.board.maps import BattleMap
from referee.board.retreat import Retreat
from referee.board.stacking import can_share
from referee.rules.agony.schedule import agony_rules
from referee.rules.assault.contest import AssaultError, Combatant, Contest
from referee.rules.assault.retreats import carry_out_retreat, retreat_of
from referee.rules.assault.table import assault_rules
from referee.rules.state import UnitState

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

RetreatChoice = tuple[Hex | None, int | None]


class Outcome(msgspec.Struct, frozen=True):
    """What the assault leaves: retreats to choose, units entering, shaken, a new assault."""

    contest: Contest
    winner: int
    retreating: int | None
    """The side that leaves: the loser, the winner if a Stubborn loser holds, none if the
    assault is fought again."""
    stubborn: Mapping[str, str]
    """Losers that hold the hex, and why (``ability`` or ``edge``)."""
    repeat: bool
    retreats: Mapping[str, Retreat]
    enter: tuple[str, ...]
    shaken: tuple[str, ...]
    shaken_tokens: tuple[int, int]
    rulings: tuple[str, ...]
    clauses: tuple[str, ...]

    @property
    def new_assaults(self) -> tuple[tuple[str, tuple[Hex, ...]], ...]:
        """Surrounded units and the hexes they assault into."""
        return tuple(
            (u, r.assault_into) for u, r in self.retreats.items() if r.kind == "surrounded"
        )

    def explain(self) -> str:
        lines = [f"side {self.winner} has the advantage"]
        for uid, why in self.stubborn.items():
            reason = "is Stubborn" if why == "ability" else "gains Stubborn at the board edge"
            lines.append(f"{uid} {reason} and held the hex")
        if self.repeat:
            lines.append("the assault is fought again, until one side wins or dies")
        for uid, r in self.retreats.items():
            lines.append(f"{uid}: {r.reason}")
        lines.extend(f"{uid} enters {hex_label(self.contest.hex)}" for uid in self.enter)
        if self.shaken:
            lines.append(f"over the stacking limit, shaken: {', '.join(self.shaken)}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "retreating": self.retreating,
            "stubborn": dict(self.stubborn),
            "repeat": self.repeat,
            "retreats": {
                uid: {
                    "kind": r.kind,
                    "options": [hex_label(h) for h in r.options],
                    "facings": list(r.facings),
                    "assault_into": [hex_label(h) for h in r.assault_into],
                    "reason": r.reason,
                    "rulings": list(r.rulings),
                }
                for uid, r in self.retreats.items()
            },
            "enter": list(self.enter),
            "shaken": list(self.shaken),
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
        }

    def apply(self, choices: Mapping[str, RetreatChoice] | None = None) -> Mapping[str, UnitState]:
        """The units of the assault afterwards: retreats carried out as chosen (a retreat
        with one hex needs no choice), winners entered, shaken tokens placed."""
        choices = choices or {}
        out: dict[str, UnitState] = {}
        for c in self.contest.combatants:
            s = c.unit
            if c.uid in self.retreats and self.retreats[c.uid].kind in (
                "backwards",
                "stays",
                "closest",
            ):
                to, facing = choices.get(c.uid, (None, None))
                s = carry_out_retreat(s, self.retreats[c.uid], to, facing)
            if c.uid in self.enter:
                s = s.with_(hex=self.contest.hex)
            if c.uid in self.shaken:
                first, again = self.shaken_tokens
                s = s.with_(shaken=s.shaken + (again if s.shaken else first))
            out[c.uid] = s
        return MappingProxyType(out)


def _stubborn(
    rules: Ruleset,
    battle_map: BattleMap,
    contest: Contest,
    losers: Iterable[Combatant],
    around: list[UnitState],
    smoke: frozenset[Hex],
) -> dict[str, str]:
    table = assault_rules(rules)
    found: dict[str, str] = {}
    for c in losers:
        if not contest.held(c):
            continue
        if c.unit.unit.has("stubborn"):
            found[c.uid] = "ability"
        elif retreat_of(rules, table, battle_map, contest, c, around, smoke).kind == "stubborn":
            found[c.uid] = "edge"
    return found


def _crowded(units: Iterable[Combatant]) -> bool:
    return not can_share([(c.unit.unit.size, c.unit.flying) for c in units])


def outcome(
    rules: Ruleset,
    battle_map: BattleMap,
    contest: Contest,
    winner: int,
    units: Iterable[UnitState] = (),
    smoke: Iterable[Hex] = frozenset(),
) -> Outcome:
    """The outcome for side ``winner`` (see the module docstring); ``units`` are every unit
    on the board outside the assault."""
    if winner not in (1, 2):
        raise AssaultError(f"the winner is side 1 or 2, not {winner!r}")
    table = assault_rules(rules)
    smoke = frozenset(smoke)
    others = list(units)
    wins, loses = contest.side(winner).alive, contest.side(3 - winner).alive
    entering = [c for c in wins if not contest.held(c)]
    # where everyone stands once the winners have entered
    after = [
        *others,
        *(c.unit.with_(hex=contest.hex) for c in entering),
        *(c.unit for c in contest.combatants if c not in entering),
    ]
    stubborn = _stubborn(rules, battle_map, contest, loses, after, smoke)
    rulings: list[str] = []
    if any(v == "edge" for v in stubborn.values()):
        rulings.append("assault.edge-stubborn")
    clauses = ["assault.advantage", "assault.retreat"]
    if stubborn:
        clauses += ["abilities.stubborn", "assault.stubborn-edge"]
    shaken_tokens = agony_rules(rules).shaken.tokens
    if stubborn and table.stubborn == "repeat":
        return Outcome(
            contest,
            winner,
            None,
            MappingProxyType(stubborn),
            True,
            MappingProxyType({}),
            (),
            (),
            shaken_tokens,
            tuple(rulings),
            tuple(clauses),
        )
    if stubborn:
        leaving = list(wins)
        holders = [c for c in loses if contest.held(c)]
        companions = [c for c in loses if not contest.held(c)]
        in_hex = holders + (companions if table.companions == "enter" else [])
        if table.companions == "stay-out":
            leaving += companions
        rulings.append("assault.stubborn-companions")
        retreating = winner
        standing = [*others, *(c.unit for c in contest.combatants)]
    else:
        leaving = list(loses)
        in_hex = [c for c in wins if contest.held(c)] + entering
        retreating = 3 - winner
        standing = after
    retreats: dict[str, Retreat] = {}
    for c in leaving:  # one after the other: a retreat with one hex fills that hex
        found = retreat_of(rules, table, battle_map, contest, c, standing, smoke)
        retreats[c.uid] = found
        if len(found.options) == 1:
            standing = [
                *(u for u in standing if u.uid != c.uid),
                c.unit.with_(hex=found.options[0]),
            ]
    newcomers = [c for c in in_hex if not contest.held(c)]
    shaken: tuple[str, ...] = ()
    if _crowded(in_hex):
        shaken = tuple(c.uid for c in in_hex)
        rulings.append(table.ruling("outcome.overcrowded") or "")
        clauses.append("assault.overcrowding")
        if table.overcrowded == "stay-shaken":
            newcomers = []
    for r in retreats.values():
        rulings.extend(r.rulings)
    return Outcome(
        contest,
        winner,
        retreating,
        MappingProxyType(stubborn),
        False,
        MappingProxyType(retreats),
        tuple(c.uid for c in newcomers),
        shaken,
        shaken_tokens,
        tuple(dict.fromkeys(r for r in rulings if r)),
        tuple(dict.fromkeys(clauses)),
    )
