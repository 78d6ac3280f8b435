"""One agony step (clause ``agony.schedule``): every effect the ruleset schedules for the step,
in the order agony.toml lists them, each on every unit in the order given.

"Multiple things may happen in same step, but they happen simultaneously. The exception
is damage, where any damage taken is rolled in sequence": the rolls on one unit are made
one after the other (ruling ``agony.order``), and what a roll sees of the tokens earned by
the rolls before it follows ruling ``damage.pending-tokens``. Clouds that acid places are
returned and placed on the board; the first draft's fire tokens burn out at agony 4.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

import msgspec

from referee.board.hexgrid import Hex
from referee.dice.service import Dice, Roll
from referee.rules.agony.acid import run_acid, run_acid_wear
from referee.rules.agony.bleeding import run_bleeding
from referee.rules.agony.continuous import Seen
from referee.rules.agony.events import (
    EffectEvent,
    UnitOutcome,
    all_clauses,
    all_dice,
    all_rulings,
)
from referee.rules.agony.fire import run_fire
from referee.rules.agony.minor_acid import run_minor_acid
from referee.rules.agony.poison import run_poison
from referee.rules.agony.schedule import agony_rules
from referee.rules.agony.specs import AgonyRules
from referee.rules.agony.terror import run_terror
from referee.rules.hexes.burn import TerrainAt, burn_out
from referee.rules.hexes.markers import HexEffects, Placement
from referee.rules.hexes.placing import place_all
from referee.rules.hexes.rules import hex_effect_rules
from referee.rules.state import UnitState
from referee.ruleset import Ruleset


class AgonyStepResult(msgspec.Struct, frozen=True):
    """What one agony step did: the units afterwards (in the order given), every event with
    its dice, the clouds placed, the board's hex effects and terrain changes afterwards."""

    step: int
    ruleset: str
    effects: tuple[str, ...]
    units: tuple[UnitState, ...]
    events: tuple[EffectEvent, ...]
    placements: tuple[Placement, ...] = ()
    hexes: HexEffects = msgspec.field(default_factory=HexEffects)
    terrain_changes: Mapping[Hex, str] = msgspec.field(default_factory=lambda: MappingProxyType({}))
    changed: frozenset[str] = frozenset()
    """The uids of the units whose state changed."""

    def unit(self, uid: str) -> UnitState:
        for u in self.units:
            if u.uid == uid:
                return u
        raise KeyError(f"no unit {uid!r} in this agony step")

    @property
    def dice(self) -> tuple[Roll, ...]:
        return all_dice(self.events)

    @property
    def clauses(self) -> tuple[str, ...]:
        return all_clauses(self.events)

    @property
    def rulings(self) -> tuple[str, ...]:
        return all_rulings(self.events)

    def to_json(self) -> dict[str, object]:
        return {
            "step": self.step,
            "ruleset": self.ruleset,
            "effects": list(self.effects),
            "events": [e.to_json() for e in self.events],
            "placements": [p.text() for p in self.placements],
            "hexes": self.hexes.to_json(),
            "terrain_changes": {str(h): t for h, t in self.terrain_changes.items()},
            "changed": sorted(self.changed),
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
        }

    def explain(self) -> str:
        head = f"Agony {self.step} ({self.ruleset}): {', '.join(self.effects) or 'nothing'}"
        lines = [head, *(f"  {e.explain()}" for e in self.events)]
        lines.extend(f"  {h}: terrain becomes {t}" for h, t in self.terrain_changes.items())
        return "\n".join(lines)


class _Step:
    """The working state of one step: units by uid (in order), events, placements."""

    def __init__(self, agony: AgonyRules, units: Sequence[UnitState], dice: Dice) -> None:
        self.agony = agony
        self.dice = dice
        self.units: dict[str, UnitState] = {}
        for u in units:
            if u.uid in self.units:
                raise ValueError(f"unit {u.uid!r} is given twice to the agony step")
            self.units[u.uid] = u
        self.events: list[EffectEvent] = []
        self.placements: list[Placement] = []
        at_apply = agony.tokens == "at-apply"
        self.seen = {
            u.uid: Seen(u.damage_tokens, agony.tokens_ruling) if at_apply else Seen() for u in units
        }

    def each(self, effect: str) -> None:
        """Carry out ``effect`` on every unit, in order."""
        a = self.agony
        if effect == "terror" and a.terror is not None:
            out = run_terror(a.terror, list(self.units.values()), self.dice, self.seen)
            self.units.update(out.states)
            self.events.extend(out.events)
            return
        for uid in list(self.units):
            state = self.units[uid]
            result = self._one(effect, state)
            if result is not None:
                self.units[uid] = result.state
                self.events.extend(result.events)

    def _one(self, effect: str, state: UnitState) -> UnitOutcome | None:
        a, dice, seen = self.agony, self.dice, self.seen[state.uid]
        order, ruling = a.instance_order, a.order_ruling
        if effect == "acid" and a.acid is not None:
            out = run_acid(a.acid, state, dice)
            self.placements.extend(out.placements)
            self._splash(state, out.splash)
            return UnitOutcome(out.state, out.events)
        if effect == "acid-wear" and a.acid_wear is not None:
            return run_acid_wear(a.acid_wear, state)
        if effect == "minor-acid" and a.minor_acid is not None:
            return run_minor_acid(a.minor_acid, state, dice)
        if effect == "fire" and a.fire is not None:
            return run_fire(a.fire, state, dice, seen, order)
        if effect == "poison" and a.poison is not None:
            return run_poison(a.poison, state, dice, seen, order, ruling)
        if effect == "bleeding" and a.bleeding is not None:
            return run_bleeding(a.bleeding, state, dice, seen, order, ruling)
        return None

    def _splash(self, source: UnitState, count: int) -> None:
        """Minor acid for every other living unit in ``source``'s hex (first draft, a 2)."""
        if not count:
            return
        for uid, other in self.units.items():
            if uid == source.uid or other.hex != source.hex or other.destroyed:
                continue
            self.units[uid] = other.with_(minor_acid=other.minor_acid + count)
            self.events.append(
                EffectEvent(
                    "acid",
                    "agony.acid",
                    f"+{count} minor acid from the acid of {source.uid}",
                    uid,
                    source.hex,
                )
            )


def run_agony_step(
    rules: Ruleset,
    step: int,
    units: Sequence[UnitState],
    dice: Dice,
    *,
    hexes: HexEffects | None = None,
    terrain_at: TerrainAt | None = None,
) -> AgonyStepResult:
    """Carry out agony step ``step`` of ``rules`` on ``units`` (clause ``agony.schedule``).

    ``hexes`` is the board's hex effects (clouds placed by acid are added to it; the first
    draft's burn-out takes fire tokens off it); ``terrain_at`` gives a hex's terrain id,
    needed when a burning forest may turn to rough.
    """
    agony = agony_rules(rules)
    effects = agony.effects(step)
    work = _Step(agony, units, dice)
    board = hexes if hexes is not None else HexEffects()
    terrain_changes: Mapping[Hex, str] = MappingProxyType({})
    hex_rules = hex_effect_rules(rules)
    for effect in effects:
        if effect == "burn-out":
            burnt = burn_out(hex_rules, rules.terrain, board, terrain_at)
            board, terrain_changes = burnt.hexes, burnt.terrain_changes
            work.events.extend(burnt.events)
        else:
            work.each(effect)
    board, placed = place_all(hex_rules, board, work.placements)
    for res in placed:
        work.events.append(
            EffectEvent(
                res.placement.effect,
                hex_rules.clause(res.placement.effect),
                "; ".join(c.text() for c in res.changes),
                hex=res.placement.hex,
                rulings=tuple(c.ruling for c in res.changes if c.ruling),
            )
        )
    after = tuple(work.units[u.uid] for u in units)
    changed = frozenset(b.uid for b, a in zip(units, after, strict=True) if a != b)
    return AgonyStepResult(
        step=step,
        ruleset=rules.id,
        effects=effects,
        units=after,
        events=tuple(work.events),
        placements=tuple(work.placements),
        hexes=board,
        terrain_changes=terrain_changes,
        changed=changed,
    )
