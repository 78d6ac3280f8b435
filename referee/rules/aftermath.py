"""The aftermath, the last step of a turn (clause ``aftermath.step``).

Its steps and their order are the ruleset's ``[aftermath]`` table in agony.toml:

* ``markers`` (clause ``aftermath.markers``): "Remove one Cloud or smoke in each hex" --
  one marker of each kind, or one in total per hex (ruling ``hex.aftermath-markers``);
* ``burn-out`` (clause ``hex.burn-out``): one fire token off each burning hex, whose
  forest turns to rough (the current edition; the first draft does it at agony 4);
* ``shaken`` (clause ``aftermath.shaken``): "Remove one shaken token from each unit base."

Clause ``aftermath.fire``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

import msgspec

from referee.board.hexgrid import Hex
from referee.rules.agony.events import EffectEvent, all_clauses, all_rulings
from referee.rules.agony.schedule import agony_rules
from referee.rules.agony.specs import AftermathRule
from referee.rules.conditions import recover
from referee.rules.hexes.burn import TerrainAt, burn_out
from referee.rules.hexes.markers import HexEffects
from referee.rules.hexes.rules import HexEffectRules, hex_effect_rules
from referee.rules.state import UnitState
from referee.ruleset import Ruleset


class AftermathResult(msgspec.Struct, frozen=True):
    """The units and the board after the aftermath, and what changed."""

    units: tuple[UnitState, ...]
    hexes: HexEffects
    terrain_changes: Mapping[Hex, str]
    events: tuple[EffectEvent, ...]

    @property
    def changed_units(self) -> frozenset[str]:
        return frozenset(e.uid for e in self.events if e.uid is not None)

    @property
    def changed_hexes(self) -> frozenset[Hex]:
        return frozenset(e.hex for e in self.events if e.hex is not None)

    @property
    def clauses(self) -> tuple[str, ...]:
        return all_clauses(self.events)

    @property
    def rulings(self) -> tuple[str, ...]:
        return all_rulings(self.events)

    def to_json(self) -> dict[str, object]:
        return {
            "events": [e.to_json() for e in self.events],
            "hexes": self.hexes.to_json(),
            "terrain_changes": {str(h): t for h, t in self.terrain_changes.items()},
            "changed_units": sorted(self.changed_units),
            "clauses": list(self.clauses),
        }

    def explain(self) -> str:
        return "\n".join(["Aftermath", *(f"  {e.explain()}" for e in self.events)])


def remove_markers(
    rules: HexEffectRules, spec: AftermathRule, hexes: HexEffects
) -> tuple[HexEffects, tuple[EffectEvent, ...]]:
    """One cloud or smoke marker off each hex, per the ruleset's reading (``markers``)."""
    board = hexes
    events: list[EffectEvent] = []
    rulings = spec.rulings
    for h in hexes.hexes():
        stacks = [
            m
            for m in hexes.at(h)
            if m.kind in rules.markers and rules.markers[m.kind].removal == "aftermath"
        ]
        if spec.markers == "one-per-hex":
            stacks = stacks[:1]
        for m in stacks:
            board = board.less_one(h, m.kind)
            name = rules.markers[m.kind].name.lower()
            events.append(
                EffectEvent(
                    "aftermath",
                    "aftermath.markers",
                    f"one {name} marker removed ({m.count} -> {m.count - 1})",
                    hex=h,
                    rulings=rulings,
                )
            )
    return board, tuple(events)


def remove_shaken(
    units: Sequence[UnitState], tokens: int
) -> tuple[tuple[UnitState, ...], tuple[EffectEvent, ...]]:
    """``tokens`` shaken tokens off each shaken unit base."""
    out: list[UnitState] = []
    events: list[EffectEvent] = []
    for u in units:
        if u.is_shaken and tokens:
            after = recover(u, tokens)
            events.append(
                EffectEvent(
                    "aftermath",
                    "aftermath.shaken",
                    f"shaken tokens {u.shaken} -> {after.shaken}",
                    u.uid,
                )
            )
            u = after
        out.append(u)
    return tuple(out), tuple(events)


def run_aftermath(
    rules: Ruleset,
    units: Sequence[UnitState],
    hexes: HexEffects | None = None,
    terrain_at: TerrainAt | None = None,
) -> AftermathResult:
    """Carry out the aftermath of ``rules`` (see the module docstring)."""
    spec = agony_rules(rules).aftermath
    hex_rules = hex_effect_rules(rules)
    board = hexes if hexes is not None else HexEffects()
    state = tuple(units)
    terrain: Mapping[Hex, str] = MappingProxyType({})
    events: list[EffectEvent] = []
    for step in spec.steps:
        if step == "markers":
            board, new = remove_markers(hex_rules, spec, board)
        elif step == "burn-out":
            burnt = burn_out(hex_rules, rules.terrain, board, terrain_at)
            board, terrain, new = burnt.hexes, burnt.terrain_changes, burnt.events
        else:
            state, new = remove_shaken(state, spec.shaken_tokens)
        events.extend(new)
    return AftermathResult(state, board, terrain, tuple(events))
