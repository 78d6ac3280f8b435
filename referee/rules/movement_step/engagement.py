"""Where enemies meet in one movement step, as assault contests (clause ``assault.trigger``).

Enemies meet when they try to enter the same hex, when one tries to enter a hex an enemy
stays in, and when they try to enter each other's hexes (head-on, :mod:`head_on`). A unit
that leaves a hex is gone from it, even into an assault elsewhere (should it lose, it finds
its hex taken and goes to the closest possible hex: clause ``assault.retreat``). A flying
unit meets only the enemies that may not share a hex with it (ruling ``move.flying-enemy``).
Each contest names every unit entering or staying in the hexes fought over, its role and
the sector it fights with (clause ``assault.facing``).
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field

import msgspec

from referee.board.facing import crossing
from referee.board.hexgrid import Hex
from referee.board.maps import BattleMap
from referee.board.sector_stats import Sector, sector_index
from referee.dice.service import Dice
from referee.rules.movement_step.board_view import keep_apart, layer_of
from referee.rules.movement_step.contest import (
    AssaultContest,
    HexDecision,
    Layer,
    Participant,
    Role,
)
from referee.rules.movement_step.entry import Attempt
from referee.rules.movement_step.head_on import HeadOn, decide, decider, find_head_ons
from referee.rules.movement_step.readings import Readings
from referee.rules.movement_step.result import Choice, StepEvent
from referee.rules.state import UnitState
from referee.ruleset import Ruleset

Arena = tuple[Hex, Layer]


class Engagements(msgspec.Struct, frozen=True):
    """The contests of one pass over the board: ``members`` are their units, ``arenas`` the
    hexes (per layer) fought over or, for a pending decision, perhaps fought over; the
    stacking limit is not checked there before the assault (clause ``assault.overcrowding``)."""

    contests: tuple[AssaultContest, ...]
    members: frozenset[str]
    arenas: frozenset[Arena]
    events: tuple[StepEvent, ...]


class _Arenas:
    """Union-find over the arenas, so that fights sharing a hex or a head-on meeting become
    one contest."""

    def __init__(self) -> None:
        self.parent: dict[Arena, Arena] = {}

    def add(self, a: Arena) -> None:
        self.parent.setdefault(a, a)

    def find(self, a: Arena) -> Arena:
        while self.parent[a] != a:
            self.parent[a] = self.parent[self.parent[a]]
            a = self.parent[a]
        return a

    def union(self, a: Arena, b: Arena) -> None:
        self.add(a)
        self.add(b)
        self.parent[self.find(a)] = self.find(b)


@dataclass
class _Fight:
    """The arenas of one contest; a pending head-on decision keeps both hexes as arenas
    (their units wait for it) but fights over none yet."""

    arenas: set[Arena]
    groups: list[HeadOn]
    decision: HexDecision | None
    rulings: set[str]
    pending: bool = False


def _participant(
    uid: str,
    states: Mapping[str, UnitState],
    movers: Mapping[str, Attempt],
    attackers: list[str],
    head_on: set[str],
    rules: Ruleset,
) -> Participant:
    s = states[uid]
    a = movers.get(uid)
    if a is not None:
        sectors: tuple[Sector, ...] = ("back",) if a.reversing else ("front",)
        role: Role = "reversing-in" if a.reversing else "entering"
        return Participant(
            uid,
            s.side,
            s.nation,
            role,
            a.frm,
            a.to,
            a.move_facing,
            sectors,
            s.flying,
            uid in head_on,
        )
    found = {
        sec
        for e in attackers
        if movers[e].to == s.hex and keep_apart(rules, s, states[e])
        for sec in crossing(s.hex, s.facing, movers[e].frm).sectors
    }
    return Participant(
        uid,
        s.side,
        s.nation,
        "stationary",
        s.hex,
        None,
        s.facing,
        tuple(sorted(found, key=sector_index)),
        s.flying,
        uid in head_on,
    )


def _arenas(
    states: Mapping[str, UnitState], movers: Mapping[str, Attempt]
) -> tuple[dict[Arena, list[str]], dict[Arena, list[str]]]:
    """The units entering each hex, and those staying in it, per layer."""
    entering: dict[Arena, list[str]] = {}
    holding: dict[Arena, list[str]] = {}
    for uid, s in states.items():
        a = movers.get(uid)
        if a is not None:
            entering.setdefault((a.to, layer_of(s)), []).append(uid)
        else:
            holding.setdefault((s.hex, layer_of(s)), []).append(uid)
    return entering, holding


def _seeds(
    rules: Ruleset,
    states: Mapping[str, UnitState],
    entering: Mapping[Arena, list[str]],
    holding: Mapping[Arena, list[str]],
) -> set[Arena]:
    """The hexes a unit enters against an enemy entering or staying there."""

    def clash(arena: Arena) -> bool:
        ins = entering.get(arena, [])
        around = ins + holding.get(arena, [])
        return any(keep_apart(rules, states[e], states[o]) for e in ins for o in around)

    return {arena for arena in entering if clash(arena)}


@dataclass
class _Plan:
    """The fights being put together: arenas joined by head-on meetings, the decisions
    made, the meetings still waiting for theirs."""

    union: _Arenas = field(default_factory=_Arenas)
    linked: dict[Arena, list[HeadOn]] = field(default_factory=dict)
    decisions: dict[Arena, tuple[HexDecision, set[str]]] = field(default_factory=dict)
    waiting: list[_Fight] = field(default_factory=list)
    events: list[StepEvent] = field(default_factory=list)

    def join(self, group: HeadOn, arenas: list[Arena]) -> None:
        for arena in arenas:
            self.union.union(arenas[0], arena)
            self.linked.setdefault(arena, []).append(group)

    def fights(self) -> list[_Fight]:
        by_root: dict[Arena, _Fight] = {}
        for arena in self.union.parent:
            fight = by_root.setdefault(self.union.find(arena), _Fight(set(), [], None, set()))
            fight.arenas.add(arena)
            for group in self.linked.get(arena, []):
                if group not in fight.groups:
                    fight.groups.append(group)
                    fight.rulings |= {"move.head-on", "move.head-on-ways"}
            if arena in self.decisions:
                fight.decision, extra = self.decisions[arena]
                fight.rulings |= extra
        return list(by_root.values()) + self.waiting


def _place_head_on(
    plan: _Plan,
    group: HeadOn,
    seeds: set[Arena],
    rules: Ruleset,
    rd: Readings,
    states: Mapping[str, UnitState],
    choices: Mapping[str, Choice],
    dice: Dice,
    rolled: MutableMapping[tuple[str, ...], int],
) -> None:
    """Where a head-on meeting is fought (ruling ``move.head-on-ways``)."""
    ax, ay = (group.x, group.layer), (group.y, group.layer)
    if rd.head_on_ways == "both-hexes" or (ax in seeds and ay in seeds):
        plan.join(group, [ax, ay])
    elif ax in seeds or ay in seeds:
        plan.join(group, [ax if ax in seeds else ay])
    else:
        who = decider(rules, rd, group, states, dice, rolled)
        plan.events.extend(who.events)
        decision = decide(group, who, choices)
        rulings = {"move.head-on", "move.head-on-ways", *who.rulings}
        if decision.chosen is None:
            plan.waiting.append(_Fight({ax, ay}, [group], decision, rulings, pending=True))
            return
        arena = (decision.chosen, group.layer)
        plan.decisions[arena] = (decision, rulings)
        plan.join(group, [arena])


def find_engagements(
    battle_map: BattleMap,
    rules: Ruleset,
    rd: Readings,
    states: Mapping[str, UnitState],
    movers: Mapping[str, Attempt],
    choices: Mapping[str, Choice],
    dice: Dice,
    rolled: MutableMapping[tuple[str, ...], int],
) -> Engagements:
    """The contests when ``movers`` try to enter their hexes and every other unit of
    ``states`` stays where it is (rulings ``move.head-on``, ``move.head-on-ways``)."""
    entering, holding = _arenas(states, movers)
    seeds = _seeds(rules, states, entering, holding)
    plan = _Plan()
    for arena in seeds:
        plan.union.add(arena)
    for group in find_head_ons(battle_map, rules, rd, states, movers):
        _place_head_on(plan, group, seeds, rules, rd, states, choices, dice, rolled)
    contests = sorted(
        (_contest(battle_map, rules, f, states, movers, entering, holding) for f in plan.fights()),
        key=lambda c: _first_hex(battle_map, c),
    )
    members = frozenset(p.uid for c in contests for p in c.participants)
    arenas = frozenset(set(plan.union.parent).union(*(f.arenas for f in plan.waiting)))
    return Engagements(tuple(contests), members, arenas, tuple(plan.events))


def _first_hex(battle_map: BattleMap, contest: AssaultContest) -> int:
    hexes = contest.hexes or (contest.decision.options if contest.decision else ())
    return min((battle_map.index[h] for h in hexes), default=0)


def _contest(
    battle_map: BattleMap,
    rules: Ruleset,
    fight: _Fight,
    states: Mapping[str, UnitState],
    movers: Mapping[str, Attempt],
    entering: Mapping[Arena, list[str]],
    holding: Mapping[Arena, list[str]],
) -> AssaultContest:
    uids: set[str] = set()
    for arena in fight.arenas:
        uids |= set(entering.get(arena, [])) | set(holding.get(arena, []))
    head_on = {u for g in fight.groups for u in g.uids}
    uids |= head_on
    attackers = sorted(u for u in uids if u in movers)
    participants = tuple(
        sorted(
            (_participant(u, states, movers, attackers, head_on, rules) for u in uids),
            key=lambda p: (p.side, p.uid),
        )
    )
    hexes = tuple(sorted({h for h, _ in fight.arenas}, key=lambda h: battle_map.index[h]))
    if fight.pending:
        hexes = ()
    layer: Layer = next(iter(fight.arenas))[1]
    rulings = set(fight.rulings)
    if layer == "flying":
        rulings.add("move.flying-enemy")
    clauses: tuple[str, ...] = ("assault.trigger", "assault.facing")
    if fight.decision is not None:
        clauses += ("assault.hex-fought-over",)
    return AssaultContest(
        hexes,
        layer,
        participants,
        bool(fight.groups),
        fight.decision,
        clauses,
        tuple(sorted(rulings)),
    )
