"""The state of a match at one moment: units, hex markers, terrain changes, pending damage,
orders and where the turn stands. Frozen; built by folding the journal's events.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from referee.board.hexgrid import Hex, hex_label, parse_label
from referee.board.maps import BattleMap
from referee.errors import RefereeError, whole_number
from referee.rules.changes import Changes, ChangesError
from referee.rules.hexes.markers import HexEffects
from referee.rules.orders.memo import LastAnswer
from referee.rules.orders.serial import (
    hexes_from_json,
    hexes_json,
    unit_state_from_json,
    unit_state_json,
)
from referee.rules.state import UnitState
from referee.ruleset import Ruleset
from referee.units.model import UnitType

if TYPE_CHECKING:  # a scenario's modules are imported by a match made with one
    from referee.rules.damage.pending import PendingLedger
    from referee.scenarios.model import Scenario
    from referee.scenarios.progress import SetupProgress


class UnknownUnit(RefereeError):
    """A unit id the match does not hold (in a command, a journal or a match file)."""

    def __init__(self, uid: object, known: tuple[str, ...]) -> None:
        self.unit = str(uid)
        shown = ", ".join(known[:20]) + (", ..." if len(known) > 20 else "")
        super().__init__(f"no unit {uid!r:.60} in this match (units: {shown})")


_FACTS: LastAnswer[Any] = LastAnswer()
"""The last :meth:`MatchState.facts`, with the parts it was read from."""


def _frozen(d: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(dict(d))


@dataclass(frozen=True)
class MatchState:
    """Everything the rules need to carry on the match (see the module docstring).

    ``pending`` lists damage rolled and not yet applied, as journal records (unit, source,
    cause, table, natural, result, row start); ``orders`` maps ``uid`` to
    ``{turn: {"movement": text, "gunnery": text}}``.
    """

    rules: Ruleset
    battle_map: BattleMap
    cards: Mapping[str, UnitType]
    units: Mapping[str, UnitState]
    hexes: HexEffects = field(default_factory=HexEffects)
    terrain: Mapping[Hex, str] = field(default_factory=lambda: MappingProxyType({}))
    pending: tuple[Mapping[str, Any], ...] = ()
    pending_conditions: tuple[Mapping[str, Any], ...] = ()
    """Fire, acid and poison tokens a fire action placed that wait for the 'apply damage'
    step (ruling ``fire.condition-timing``: :mod:`referee.rules.orders.fire_conditions`)."""
    orders: Mapping[str, Mapping[str, Mapping[str, str]]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    triggered: tuple[tuple[str, str, str], ...] = ()
    """(unit, hex label, marker kind) whose hex effect triggered this turn (``hex.trigger``)."""
    entered: tuple[str, ...] = ()
    """Units that entered a hex in the last movement step (their hex effects trigger anew)."""
    contests: tuple[Mapping[str, Any], ...] = ()
    """The assaults the last movement step started, waiting for the assault step."""
    turn: int = 1
    step: str = "gunnery-1"
    """The id of the turn step the match is at (``turn.toml``)."""
    scenario: Scenario | None = None
    """The scenario the match is played under, if it was made with one."""
    setup: SetupProgress | None = None
    """Where the scenario's setup procedure stands; None when the units were set up when
    the match was made (:mod:`referee.rules.orders.setup_commands`)."""
    fired: tuple[str, ...] = ()
    """The units that have fired in the gunnery step the match is at (ruling
    ``turn.unfired-fire-order``; a match of format 3 or older records none)."""

    def unit(self, uid: str) -> UnitState:
        """The unit ``uid``; an id the match does not hold is refused naming it."""
        found = self.units.get(uid) if isinstance(uid, str) else None
        if found is None:
            raise UnknownUnit(uid, tuple(self.units))
        return found

    @property
    def board_map(self) -> BattleMap:
        """The map as it is now: terrain changed during the match (burnt forests) applied."""
        if not self.terrain:
            return self.battle_map
        return replace(
            self.battle_map, terrain=MappingProxyType({**self.battle_map.terrain, **self.terrain})
        )

    @property
    def smoke(self) -> tuple[Hex, ...]:
        """The hexes holding at least one smoke marker now (clause ``terrain.smoke``)."""
        return tuple(h for h in self.hexes.hexes() if self.hexes.get(h, "smoke") is not None)

    def terrain_at(self, h: Hex) -> str:
        """The terrain id of ``h`` now (a burnt forest is rough)."""
        return self.terrain.get(h, self.battle_map.terrain[h])

    def ledger(self) -> PendingLedger:
        """The pending damage as the damage engine's ledger."""
        # the damage engine comes with the first step that deals or shows damage
        from referee.rules.damage.pending import PendingLedger
        from referee.rules.damage.table_roll import TableRoll
        from referee.rules.explain import Term

        ledger = PendingLedger.open(self.rules)
        for rec in self.pending:
            unit = self.unit(rec["unit"])
            table = unit.unit.damage_table(rec["table"])
            row = None
            if table is not None and rec["row_at"] is not None:
                row = next(r for r in table.rows if r.at == rec["row_at"])
            terms = (Term("modifiers", rec["result"] - rec["natural"], "damage.sequence"),)
            roll = TableRoll(rec["table"], rec["natural"], terms, row)
            ledger = ledger.record_roll(unit, roll, cause=rec["cause"], source=rec["source"])
        return ledger

    def actions_now(self) -> dict[str, tuple[str, ...]]:
        """Each unit's action codes for the current step, from the orders on the table
        (gunnery-N: step N of its gunnery order; movement-N: step N of its movement order;
        a unit the rule for a missing order covers: what that rule gives, clause
        ``orders.missing``)."""
        from referee.rules.orders.missing import order_step
        from referee.rules.orders.model import OrderKind

        kinds: dict[str, OrderKind] = {"gunnery": "gunnery", "movement": "movement"}
        name, _, number = self.step.partition("-")
        kind = kinds.get(name)
        step_number = whole_number(number)
        if kind is None or step_number is None:
            return {}
        out: dict[str, tuple[str, ...]] = {}
        for uid, unit in self.units.items():
            record = self.orders.get(uid, {}).get(str(self.turn), {})
            step = order_step(record, kind, step_number, unit) if record else None
            if step is not None:
                out[uid] = tuple(a.code for a in step)
        return out

    def orders_missing(self) -> tuple[Any, ...]:
        """The units on the table without orders for this turn or the next, each with the
        turns it lacks (:class:`referee.rules.orders.missing.Missing`; clause
        ``orders.giving``)."""
        from referee.rules.orders.missing import missing_orders

        written = {uid: tuple(by_turn) for uid, by_turn in self.orders.items()}
        return missing_orders(list(self.units.values()), written, self.turn)

    def facts(self) -> Any:
        """What the match knows of the step at hand, for its agenda
        (:class:`referee.rules.turn.involved.StepFacts`): damage waiting, the assaults
        waiting and who fights them, who entered a hex, the hex effects met this turn and
        the units without orders. The same for every step of a turn the parts it reads
        stay the same in (:mod:`referee.rules.orders.memo`)."""
        parts = (
            self.units,
            self.orders,
            self.turn,
            self.contests,
            self.pending,
            self.pending_conditions,
            self.entered,
            self.triggered,
        )
        return _FACTS.get(parts, self._facts)

    def _facts(self) -> Any:
        from referee.rules.hexes.trigger_log import TriggerLog
        from referee.rules.turn.involved import StepFacts

        fighting: set[str] = set()
        contesting: dict[str, Hex] = {}
        for contest in self.contests:
            hexes = contest.get("hexes") or []
            for p in contest.get("participants", []):
                fighting.add(str(p["uid"]))
                if hexes and p.get("role") != "stationary":
                    contesting[str(p["uid"])] = parse_label(str(hexes[0]))
        log = TriggerLog(frozenset((u, parse_label(h), k) for u, h, k in self.triggered))
        return StepFacts(
            in_assault=frozenset(fighting),
            contesting=MappingProxyType(dict(contesting)),
            entered=frozenset(self.entered),
            damaged=frozenset(
                [
                    *(str(p["unit"]) for p in self.pending),
                    *(str(p["target"]) for p in self.pending_conditions),
                ]
            ),
            log=log,
            unordered=MappingProxyType({m.uid: m.turns for m in self.orders_missing()}),
        )

    def step_involved(self, step: Any = None) -> Any:
        """The units and hexes the step now concerns, as its agenda finds them
        (:func:`referee.rules.turn.involved.involved`), without the rest of the agenda;
        ``step``: the turn's step the state is at, if the caller has it already."""
        from referee.rules.turn.clock import TurnPosition
        from referee.rules.turn.involved import Scene, involved

        if step is None:
            step = TurnPosition.at(self.rules, self.turn, self.step).step
        return involved(
            Scene(
                self.rules,
                step,
                list(self.units.values()),
                self.hexes,
                self.actions_now(),
                self.facts(),
            )
        )

    def step_agenda(self) -> Any:
        """The engine's agenda of the step now (:func:`referee.rules.turn.agenda.agenda`):
        the units and hexes it concerns, dice, choices."""
        from referee.rules.turn.agenda import agenda
        from referee.rules.turn.clock import TurnPosition

        position = TurnPosition.at(self.rules, self.turn, self.step)
        return agenda(
            self.rules,
            position,
            list(self.units.values()),
            self.hexes,
            actions=self.actions_now(),
            facts=self.facts(),
        )

    def apply(self, changes: Changes) -> MatchState:
        """This state with an event's ``changes`` carried out (the journal's reducer).
        Changes read from a file are checked here: a unit off the map, an unknown card or
        terrain is refused as :class:`ChangesError` (their shape was checked when read)."""
        new: dict[str, Any] = {}
        if changes.units is not None:
            units = dict(self.units)
            for uid, data in changes.units.items():
                if data is None:
                    units.pop(uid, None)
                    continue
                unit = unit_state_from_json(data, self.cards)
                if unit.uid != uid or unit.hex not in self.battle_map:
                    raise ChangesError(
                        f"units.{uid}: {unit.uid} at {hex_label(unit.hex)} "
                        "is not a unit of this id on the map"
                    )
                units[uid] = unit
            new["units"] = _frozen(units)
        if changes.hexes is not None:
            new["hexes"] = hexes_from_json(changes.hexes)
            off = [h for h in new["hexes"].hexes() if h not in self.battle_map]
            if off:
                raise ChangesError(f"hexes: {hex_label(off[0])} is not on the map")
        if changes.terrain is not None:
            terrain = dict(self.terrain)
            for label, tid in changes.terrain.items():
                h = parse_label(label)
                if h not in self.battle_map or tid not in self.rules.terrain:
                    raise ChangesError(f"terrain.{label}: {tid!r:.40} on a hex of the map")
                terrain[h] = tid
            new["terrain"] = _frozen(terrain)
        if changes.pending is not None:
            new["pending"] = changes.pending
        if changes.pending_conditions is not None:
            new["pending_conditions"] = changes.pending_conditions
        if changes.orders is not None:
            orders = {uid: dict(by_turn) for uid, by_turn in self.orders.items()}
            for uid, by_turn in changes.orders.items():
                orders.setdefault(uid, {}).update(by_turn)
            new["orders"] = _frozen({u: _frozen(t) for u, t in orders.items()})
        if changes.triggered is not None:
            new["triggered"] = changes.triggered
        if changes.entered is not None:
            new["entered"] = changes.entered
        if changes.contests is not None:
            new["contests"] = changes.contests
        if changes.turn is not None:
            new["turn"] = changes.turn
        if changes.step is not None:
            new["step"] = changes.step
            if self.fired:
                new["fired"] = ()  # the clock moved: nobody has fired in the new step
        if changes.fired is not None:
            new["fired"] = changes.fired
        if changes.setup is not None:
            from referee.scenarios.progress import SetupProgress

            new["setup"] = SetupProgress.from_json(changes.setup)
        elif changes.setup_done:
            new["setup"] = None
        return self._evolve(new)

    def moved_to(self, turn: int, step: str) -> MatchState:
        """This state at step ``step`` of turn ``turn``, as the changes of an ``advance``
        leave it (:meth:`apply` of ``Changes(turn=turn, step=step)``, and in another turn no
        hex effect met yet), without reading them as a journal's: ``advance skip=idle`` asks
        it of every step it passes (:func:`referee.rules.orders.advance.plan_advance`)."""
        new: dict[str, Any] = {"turn": turn, "step": step, "fired": ()}
        if turn != self.turn:
            new["triggered"] = ()
        return self._evolve(new)

    def _evolve(self, new: Mapping[str, Any]) -> MatchState:
        """This state with the fields ``new`` names set: what ``dataclasses.replace`` gives,
        made without running the generated ``__init__`` field by field (a fold makes a
        state per event; the class checks nothing when built)."""
        out = object.__new__(type(self))
        out.__dict__.update(self.__dict__)
        out.__dict__.update(new)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.rules.id,
            "map": self.battle_map.name,
            "turn": self.turn,
            "step": self.step,
            "units": {uid: unit_state_json(u) for uid, u in self.units.items()},
            "hexes": hexes_json(self.hexes),
            "terrain": {hex_label(h): t for h, t in sorted(self.terrain.items())},
            "pending": [dict(p) for p in self.pending],
            "pending_conditions": [dict(p) for p in self.pending_conditions],
            "contests": [dict(c) for c in self.contests],
            "triggered": [list(t) for t in self.triggered],
            "entered": list(self.entered),
            "orders": {u: {t: dict(o) for t, o in by.items()} for u, by in self.orders.items()},
            "scenario": None if self.scenario is None else self.scenario.id,
            "setup": None if self.setup is None else self.setup.to_json(),
        }
