"""The hex effects of a ruleset as data: ``data/rulesets/<id>/hex_effects.toml``.

Marker kinds (poison cloud, acid cloud, smoke, fire) with their ``[N]`` values, default
``(n+)``, how two clouds merge (clause ``hex.not-cumulative``), how they go (aftermath or
burn-out) and what a unit that encounters them rolls (clause ``hex.trigger``); effects
placed as one (poison & acid cloud, hex on fire); the number of markers placed
(clause ``hex.markers``). Schema: data/README.md, section "Hex effects".
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, cast

import msgspec

from referee.errors import RefereeError
from referee.rules.hexes.markers import Strength
from referee.rules.table_reader import TableReader
from referee.ruleset.readings import ruling_resolver
from referee.ruleset.tables import TableKind

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

FILE_NAME = "hex_effects.toml"

UnitsWord = str
"""``every``, ``biological``, ``crew-table`` or a word of the type line."""
DiceCount = Literal["model", "unit"]
Compare = Literal["at-least", "above"]
Outcome = Literal["poison", "crew-damage", "acid", "on-fire", "shaken"]
StrengthMerge = Literal["max", "step-up"]
LevelMerge = Literal["min", "max", "step-down"]
Removal = Literal["aftermath", "burn-out"]
Burns = Literal["fire-present", "fire-out"]
Targets = Literal["everyone", "enemies"]

OUTCOMES: tuple[str, ...] = ("poison", "crew-damage", "acid", "on-fire", "shaken")


class UnknownHexEffect(RefereeError):
    """An effect or marker kind the ruleset's hex_effects.toml does not define."""


class TriggerRoll(msgspec.Struct, frozen=True):
    """What a unit base that encounters a marker rolls (clause ``hex.trigger``).

    ``dice``: one die per living model or one per unit base; ``die``: a d6 or the cloud's
    ``[N]``; success when the die is at least (or above) ``at`` (a number, or the cloud's
    ``(n+)``) plus the unit's ``resistance``; each success brings ``each``.
    """

    units: tuple[UnitsWord, ...]
    dice: DiceCount
    die: int | Literal["strength"]
    at: int | Literal["level"]
    compare: Compare
    resistance: str | None
    immune: tuple[str, ...]
    each: Outcome
    rulings: tuple[str, ...] = ()


class Merge(msgspec.Struct, frozen=True):
    """How a cloud placed on a cloud of its kind combines with it (``hex.not-cumulative``)."""

    strength: StrengthMerge
    level: LevelMerge
    ruling: str | None = None


class MarkerKind(msgspec.Struct, frozen=True):
    """One kind of marker: poison cloud, acid cloud, smoke, fire."""

    id: str
    name: str
    clause: str
    strengths: tuple[Strength, ...] = ()
    level: int | None = None
    merge: Merge | None = None
    removal: Removal = "aftermath"
    burns: Burns | None = None
    burns_ruling: str | None = None
    rolls: tuple[TriggerRoll, ...] = ()

    def rank(self, strength: Strength) -> int:
        return self.strengths.index(strength)


class CompositeEffect(msgspec.Struct, frozen=True):
    """An effect placed as one but made of several marker kinds (poison & acid cloud)."""

    id: str
    name: str
    clause: str
    parts: tuple[str, ...]


class HexEffectRules(msgspec.Struct, frozen=True):
    """Everything ``hex_effects.toml`` says, for one ruleset and its readings."""

    path: Path
    placing_clause: str
    first: int
    again: int
    targets: Targets
    targets_ruling: str | None
    markers: Mapping[str, MarkerKind]
    effects: Mapping[str, CompositeEffect]

    def parts(self, effect: str) -> tuple[MarkerKind, ...]:
        """The marker kinds an effect places: itself, or a composite's parts."""
        if effect in self.markers:
            return (self.markers[effect],)
        if effect in self.effects:
            return tuple(self.markers[p] for p in self.effects[effect].parts)
        known = ", ".join([*self.markers, *self.effects])
        raise UnknownHexEffect(f"{self.path.name}: no hex effect {effect!r} (known: {known})")

    def name(self, effect: str) -> str:
        if effect in self.effects:
            return self.effects[effect].name
        return self.markers[effect].name if effect in self.markers else effect

    def clause(self, effect: str) -> str:
        if effect in self.effects:
            return self.effects[effect].clause
        return self.markers[effect].clause if effect in self.markers else "hex.markers"

    def placement_problems(
        self, effect: str, strengths: tuple[Strength, ...], level: int | None
    ) -> list[str]:
        """What is wrong with placing ``effect[strengths](level+)``; empty if nothing."""
        try:
            kinds = self.parts(effect)
        except UnknownHexEffect as exc:
            return [str(exc)]
        graded = [k for k in kinds if k.strengths]
        problems: list[str] = []
        if len(strengths) != len(graded):
            problems.append(
                f"{effect} takes {len(graded)} value(s) in [...] "
                f"({', '.join(k.id for k in graded) or 'none'}), got {len(strengths)}"
            )
        for kind, value in zip(graded, strengths, strict=False):
            if value not in kind.strengths:
                allowed = ", ".join(str(s) for s in kind.strengths)
                problems.append(f"{kind.id} [{value}] is not one of {allowed}")
        if level is not None and not 1 <= level <= 6:
            problems.append(f"a level (n+) is 1 to 6, got {level}")
        return problems


_MARKER_KEYS = ("name", "clause", "strengths", "level", "merge", "removal", "burns", "roll")
_ROLL_KEYS = ("units", "dice", "die", "at", "compare", "resistance", "immune", "each")


def _strengths(r: TableReader, raw: Mapping[str, object], where: str) -> tuple[Strength, ...]:
    value = r.value(raw, where, "strengths")
    if value is None:
        return ()
    if (
        not isinstance(value, list)
        or not value
        or not all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in value)
    ):
        r.problem(f"{where}.strengths", "expected a list of die sizes or grade names")
        return ()
    if len(set(value)) != len(value):
        r.problem(f"{where}.strengths", "a value is listed twice")
    return tuple(cast(list[Strength], value))


def _merge(r: TableReader, raw: Mapping[str, object], where: str) -> Merge | None:
    value = r.value(raw, where, "merge")
    if value is None:
        return None
    ruling = r.ruling(where, "merge")
    table = r.table(value, f"{where}.merge")
    r.keys(table, f"{where}.merge", ("strength", "level"))
    strength = r.text(table, f"{where}.merge", "strength", choices=("max", "step-up"))
    level = r.text(table, f"{where}.merge", "level", choices=("min", "max", "step-down"))
    return Merge(cast(StrengthMerge, strength), cast(LevelMerge, level), ruling)


def _roll(r: TableReader, raw: object, where: str, strengths: tuple[Strength, ...]) -> TriggerRoll:
    t = r.table(raw, where)
    r.keys(t, where, _ROLL_KEYS)
    units = r.words(t, where, "units")
    if not units:
        r.problem(f"{where}.units", "missing: name the units that roll (or 'every')")
    dice = r.text(t, where, "dice", choices=("model", "unit"))
    die_raw = r.value(t, where, "die")
    die: int | Literal["strength"] = 6
    if die_raw == "strength":
        die = "strength"
        if not all(isinstance(s, int) for s in strengths) or not strengths:
            r.problem(f"{where}.die", "'strength' needs die sizes in strengths")
    elif die_raw is not None:
        die = r.integer(t, where, "die", low=2, high=20)
    at_raw = r.value(t, where, "at")
    at: int | Literal["level"] = "level"
    if at_raw != "level":
        at = r.integer(t, where, "at", low=1, high=20)
    compare = r.text(t, where, "compare", "at-least", choices=("at-least", "above"))
    resistance = r.text(t, where, "resistance", "") or None
    immune = r.words(t, where, "immune")
    each = r.text(t, where, "each", choices=OUTCOMES)
    if each in ("poison", "crew-damage") and not all(isinstance(s, int) for s in strengths):
        r.problem(f"{where}.each", f"{each!r} needs die sizes in strengths")
    if each == "acid" and not set(strengths) <= {"minor", "major"}:
        r.problem(f"{where}.each", "'acid' needs the strengths minor and/or major")
    rulings = tuple(rid for key in _ROLL_KEYS if (rid := r.ruling(where, key)) is not None)
    return TriggerRoll(
        units=units,
        dice=cast(DiceCount, dice),
        die=die,
        at=at,
        compare=cast(Compare, compare),
        resistance=resistance,
        immune=immune,
        each=cast(Outcome, each),
        rulings=rulings,
    )


def _marker(r: TableReader, mid: str, raw: object) -> MarkerKind:
    where = f"markers.{mid}"
    t = r.table(raw, where)
    r.keys(t, where, _MARKER_KEYS)
    strengths = _strengths(r, t, where)
    level = r.integer(t, where, "level", 0, low=0, high=6) or None
    if strengths and level is None:
        r.problem(f"{where}.level", "missing: a cloud with strengths needs a default (n+)")
    burns = r.text(t, where, "burns", "", choices=("", "fire-present", "fire-out")) or None
    raw_rolls = t.get("roll", [])
    if not isinstance(raw_rolls, list):
        r.problem(f"{where}.roll", "expected [[roll]] tables")
        raw_rolls = []
    return MarkerKind(
        id=mid,
        name=r.text(t, where, "name"),
        clause=r.text(t, where, "clause"),
        strengths=strengths,
        level=level,
        merge=_merge(r, t, where),
        removal=cast(Removal, r.text(t, where, "removal", choices=("aftermath", "burn-out"))),
        burns=cast(Burns | None, burns),
        burns_ruling=r.ruling(where, "burns"),
        rolls=tuple(_roll(r, x, f"{where}.roll[{i}]", strengths) for i, x in enumerate(raw_rolls)),
    )


def parse_hex_effects(
    path: Path, raw: Mapping[str, object], readings: Mapping[str, str]
) -> HexEffectRules:
    """Check and read a parsed hex_effects.toml; every problem is reported at once."""
    r = TableReader(path, ruling_resolver(readings))
    r.keys(raw, "hex_effects", ("targets", "placing", "markers", "effects"))
    placing = r.table(raw.get("placing"), "placing")
    r.keys(placing, "placing", ("clause", "first", "again"))
    markers = {mid: _marker(r, mid, m) for mid, m in r.table(raw.get("markers"), "markers").items()}
    effects: dict[str, CompositeEffect] = {}
    for eid, e in r.table(raw.get("effects", {}), "effects").items():
        where = f"effects.{eid}"
        t = r.table(e, where)
        r.keys(t, where, ("name", "clause", "parts"))
        parts = r.words(t, where, "parts")
        for p in parts:
            if p not in markers:
                r.problem(f"{where}.parts", f"{p!r} is not a marker kind of this file")
        if eid in markers:
            r.problem(where, "an effect may not have the id of a marker kind")
        effects[eid] = CompositeEffect(
            eid, r.text(t, where, "name"), r.text(t, where, "clause"), parts
        )
    targets = r.text(raw, "hex_effects", "targets", "everyone", choices=("everyone", "enemies"))
    rules = HexEffectRules(
        path=path,
        placing_clause=r.text(placing, "placing", "clause"),
        first=r.integer(placing, "placing", "first", low=1),
        again=r.integer(placing, "placing", "again", low=0),
        targets=cast(Targets, targets),
        targets_ruling=r.ruling("hex_effects", "targets"),
        markers=MappingProxyType(markers),
        effects=MappingProxyType(effects),
    )
    r.check()
    return rules


HEX_EFFECTS: TableKind[HexEffectRules] = TableKind(
    "hex_effects",
    (FILE_NAME,),
    lambda src: parse_hex_effects(src.path(FILE_NAME), src.doc(FILE_NAME), src.readings),
)
"""The hex effects of a ruleset (``hex_effects.toml``)."""


def hex_effect_rules(rules: Ruleset) -> HexEffectRules:
    """The hex effects of ``rules`` under its readings (loaded once per folder and readings)."""
    return rules.table(HEX_EFFECTS)
