"""The units (and hexes) one step of the turn concerns, and why.

One function per step kind, picked from :data:`FINDERS` by the step's kind:

* gunnery: units with an action in this gunnery part; shaken units do none (clause
  ``conditions.shaken``, the ruleset's ``[shaken] gunnery``);
* movement: every unit on the table with its actions (clause ``turn.movement``);
* pre-assault retreat and pre-assault abilities: units in an assault holding an ability
  that turn.toml's ``[abilities]`` gives to that kind (clauses
  ``abilities.pre-assault-retreat``, ``assault.pre-assault``);
* hex effects: by the step's ``hex_scope`` and ``contested`` (clause ``hex.trigger``);
* assault, post-assault retreat, apply damage: the units the match names (``StepFacts``);
* orders: units on the table without orders for this turn or the next (clauses
  ``orders.giving``, ``orders.missing``; ``StepFacts.unordered``);
* agony: units carrying what the agony step's effects handle (clause ``agony.schedule``);
* aftermath: shaken units and hexes whose markers go (clause ``aftermath.step``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from types import MappingProxyType

import msgspec

from referee.board.hexgrid import Hex
from referee.rules.agony.schedule import agony_rules
from referee.rules.agony.specs import matches
from referee.rules.hexes.markers import HexEffects
from referee.rules.hexes.rules import hex_effect_rules
from referee.rules.hexes.trigger_log import TriggerLog
from referee.rules.state import UnitState
from referee.rules.turn.sequence import TurnStep, action_code, turn_rules
from referee.ruleset import Ruleset


class StepFacts(msgspec.Struct, frozen=True):
    """What the match knows of the step at hand; every field may stay empty.

    ``in_assault``: units fighting an assault this step, entering or defending (those in
    ``entering_assault`` count too); ``contesting``: uid -> the contested hex it tries to
    enter; ``fired_into``: hexes a hex effect was fired into in this gunnery step;
    ``entered``: units that entered their hex in this step (moved or retreated);
    ``retreating``: units that must retreat after losing an assault; ``damaged``: units with
    damage rolled and not yet applied; ``log``: the hex effects already triggered this turn;
    ``unordered``: uid -> the turns it has no orders for (of this turn and the next).
    """

    entering_assault: frozenset[str] = frozenset()
    in_assault: frozenset[str] = frozenset()
    contesting: Mapping[str, Hex] = msgspec.field(default_factory=lambda: MappingProxyType({}))
    fired_into: frozenset[Hex] = frozenset()
    entered: frozenset[str] = frozenset()
    retreating: frozenset[str] = frozenset()
    damaged: frozenset[str] = frozenset()
    log: TriggerLog = msgspec.field(default_factory=TriggerLog)
    unordered: Mapping[str, tuple[int, ...]] = msgspec.field(
        default_factory=lambda: MappingProxyType({})
    )

    @property
    def assault_units(self) -> frozenset[str]:
        return self.in_assault | self.entering_assault


class Involved(msgspec.Struct, frozen=True):
    """A unit a step concerns, why, and the actions it carries out in the step."""

    uid: str
    why: str
    actions: tuple[str, ...] = ()

    def text(self) -> str:
        return f"{self.uid}: {self.why}"


class Found(msgspec.Struct, frozen=True):
    """What a finder found: units, hexes, units left out (with why) and rulings used."""

    units: tuple[Involved, ...] = ()
    hexes: tuple[Hex, ...] = ()
    excluded: tuple[Involved, ...] = ()
    rulings: tuple[str, ...] = ()


class Scene(msgspec.Struct, frozen=True):
    """Everything a finder may look at."""

    rules: Ruleset
    step: TurnStep
    units: Sequence[UnitState]
    hexes: HexEffects
    actions: Mapping[str, tuple[str, ...]]
    facts: StepFacts

    def living(self) -> list[UnitState]:
        return [u for u in self.units if not u.destroyed]

    def acts(self, uid: str) -> tuple[str, ...]:
        return tuple(a for a in self.actions.get(uid, ()) if action_code(a) not in ("-", ""))


def _gunnery(s: Scene) -> Found:
    shaken_rule = agony_rules(s.rules).shaken
    units: list[Involved] = []
    out: list[Involved] = []
    for u in s.living():
        acts = s.acts(u.uid)
        if not acts:
            continue
        if u.is_shaken and shaken_rule.gunnery == "none":
            out.append(Involved(u.uid, "shaken: no gunnery action", acts))
            continue
        units.append(Involved(u.uid, ", ".join(acts), acts))
    return Found(tuple(units), excluded=tuple(out))


def _movement(s: Scene) -> Found:
    default_when_shaken = agony_rules(s.rules).shaken.movement == "default"
    units = []
    for u in s.living():
        acts = s.acts(u.uid)
        why = ", ".join(acts) if acts else "-"
        if u.is_shaken and default_when_shaken:
            why += " (shaken: carries out its speed's default order)"
        units.append(Involved(u.uid, why, acts))
    return Found(tuple(units))


def _with_abilities(s: Scene) -> Found:
    spec = turn_rules(s.rules)
    names = spec.abilities_of(s.step.kind)
    rulings = tuple(
        dict.fromkeys(spec.ability_rulings[n] for n in names if n in spec.ability_rulings)
    )
    fighting = s.facts.assault_units
    units = []
    for u in s.living():
        held = [a.text() for n in names if (a := u.unit.ability(n)) is not None]
        if u.uid in fighting and held:
            units.append(Involved(u.uid, ", ".join(held)))
    return Found(tuple(units), rulings=rulings)


def _named(ids: Callable[[StepFacts], Collection[str]], why: str) -> Callable[[Scene], Found]:
    def find(s: Scene) -> Found:
        wanted = ids(s.facts)
        return Found(tuple(Involved(u.uid, why) for u in s.living() if u.uid in wanted))

    return find


def _unmet(s: Scene, u: UnitState, h: Hex, entered: bool) -> list[str]:
    """The kinds of marker on ``h`` with a trigger roll that have not met ``u`` there."""
    kinds = hex_effect_rules(s.rules).markers
    out = []
    for m in s.hexes.at(h):
        kind = kinds.get(m.kind)
        if kind is None or not kind.rolls:
            continue
        if entered or not s.facts.log.has(u.uid, h, m.kind):
            out.append(kind.name.lower() + m.notation())
    return out


def _hex_effects(s: Scene) -> Found:
    scope, f = s.step.hex_scope, s.facts
    units: list[Involved] = []
    hexes: list[Hex] = []
    for u in s.living():
        entered = u.uid in f.entered
        met: list[str] = []
        if (
            scope == "unmet"
            or (scope == "entered" and entered)
            or (scope == "fired-into" and u.hex in f.fired_into)
        ):
            met = _unmet(s, u, u.hex, entered)
        where = u.hex
        if not met and s.step.contested and u.uid in f.contesting:
            where = f.contesting[u.uid]
            met = _unmet(s, u, where, True)
            if met:
                met[0] = f"trying to enter contested hex {where}: {met[0]}"
        if met:
            units.append(Involved(u.uid, f"{', '.join(met)} at {where}"))
            hexes.append(where)
    return Found(tuple(units), tuple(dict.fromkeys(hexes)), rulings=s.step.rulings)


def _carries(s: Scene, effect: str, u: UnitState) -> str | None:
    """What of ``effect`` unit ``u`` carries, in words, or ``None``."""
    a = agony_rules(s.rules)
    if effect in ("acid", "acid-wear") and u.acid:
        return f"acid x{u.acid}"
    if effect == "minor-acid" and u.minor_acid:
        return f"minor acid x{u.minor_acid}"
    if effect == "fire" and u.fire:
        return f"on fire x{u.fire}"
    spec = a.poison if effect == "poison" else a.bleeding if effect == "bleeding" else None
    dice = u.poison if effect == "poison" else u.bleeding
    if spec is not None and dice and matches(u.unit, spec.units):
        return f"{effect} " + ", ".join(f"d{d}" for d in dice)
    if effect == "terror" and a.terror is not None:
        ability = u.unit.ability(a.terror.ability)
        if ability is not None:
            return f"{ability.text()} (source)"
    return None


def _burning(s: Scene) -> tuple[Hex, ...]:
    kinds = hex_effect_rules(s.rules).markers
    return tuple(
        h
        for h in s.hexes.hexes()
        if any(m.kind in kinds and kinds[m.kind].removal == "burn-out" for m in s.hexes.at(h))
    )


def _orders(s: Scene) -> Found:
    units = []
    for u in s.living():
        turns = s.facts.unordered.get(u.uid)
        if turns:
            which = " and ".join(str(t) for t in turns)
            units.append(
                Involved(u.uid, f"no orders for turn{'s' if len(turns) > 1 else ''} {which}")
            )
    return Found(tuple(units), rulings=s.step.rulings)


def _agony(s: Scene) -> Found:
    number = s.step.number if s.step.number is not None else 0
    effects = agony_rules(s.rules).effects(number)
    units = []
    for u in s.living():
        carried = [c for e in effects if (c := _carries(s, e, u)) is not None]
        if carried:
            units.append(Involved(u.uid, "; ".join(carried)))
    hexes = _burning(s) if "burn-out" in effects else ()
    return Found(tuple(units), hexes)


def _aftermath(s: Scene) -> Found:
    spec = agony_rules(s.rules).aftermath
    kinds = hex_effect_rules(s.rules).markers
    hexes: list[Hex] = []
    if "markers" in spec.steps:
        hexes.extend(
            h
            for h in s.hexes.hexes()
            if any(m.kind in kinds and kinds[m.kind].removal == "aftermath" for m in s.hexes.at(h))
        )
    if "burn-out" in spec.steps:
        hexes.extend(_burning(s))
    units: tuple[Involved, ...] = ()
    if "shaken" in spec.steps:
        units = tuple(Involved(u.uid, f"shaken x{u.shaken}") for u in s.living() if u.is_shaken)
    return Found(units, tuple(sorted(set(hexes))))


FINDERS: Mapping[str, Callable[[Scene], Found]] = MappingProxyType(
    {
        "orders": _orders,
        "gunnery": _gunnery,
        "movement": _movement,
        "pre-assault-retreat": _with_abilities,
        "pre-assault-abilities": _with_abilities,
        "hex-effects": _hex_effects,
        "assault": _named(lambda f: f.assault_units, "fights an assault"),
        "post-assault-retreat": _named(lambda f: f.retreating, "lost an assault: retreats"),
        "apply-damage": _named(lambda f: f.damaged, "damage rolled, not yet applied"),
        "agony": _agony,
        "aftermath": _aftermath,
    }
)
"""The finder of each step kind (see the module docstring)."""


def involved(scene: Scene) -> Found:
    """The units and hexes ``scene.step`` concerns."""
    return FINDERS[scene.step.kind](scene)
