"""What ``rulesets/<id>/assault.toml`` says: the assault rules that differ between editions.

Each section names its clause: ``[dice]`` (clause ``assault.multiple-units``: the
contributors limit, whose deflection counts, the stationary side), ``[advantage]`` (clause
``assault.advantage``: the tie), ``[allocation]`` (clause ``assault.allocation``: who deals
the hits, damaging first, psychic apart), ``[cunning]`` (clause
``abilities.cunning-assault``), ``[weapons]`` (clause ``assault.set-on-fire``),
``[pre_assault]`` (clause ``assault.pre-assault``) and ``[outcome]`` (clause
``assault.retreat``). A value ``"@ruling-id"`` is the reading the ruleset takes of that
ruling; :meth:`AssaultRules.ruling` names the ruling that decided a key.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from referee.dice.expression import DiceExpr, DiceExpressionError, parse_dice
from referee.rules.table_reader import TableReader
from referee.ruleset.readings import ruling_resolver
from referee.ruleset.tables import TableKind
from referee.units.model import SpecialDamage

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

FILE_NAME = "assault.toml"
SECTIONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "dice": ("clause", "limit", "deflectors", "stationary_side_only"),
        "advantage": ("clause", "tie"),
        "allocation": ("clause", "allocator", "damaging", "kinds_apart"),
        "cunning": ("clause", "mode", "damage_type", "dice", "hits"),
        "weapons": ("clause", "effects", "places", "fire_hits", "token_hits"),
        "pre_assault": ("clause", "retreat_kinds", "halving", "halving_abilities"),
        "outcome": ("clause", "stubborn", "edge_stubborn", "companions", "overcrowded"),
    }
)
RETREAT_KINDS = ("backwards", "stays", "closest")
EFFECTS = ("set-on-fire", "acid", "poison")


class AssaultRules(msgspec.Struct, frozen=True):
    """One edition's assault rules under a ruleset's readings (see the module docstring)."""

    path: Path
    clauses: Mapping[str, str]
    """Section -> the clause id it implements."""
    limit: int
    deflectors: str
    """``contributors``: only contributing bases deflect; ``all``: every base of the side."""
    stationary_side_only: bool
    tie: str
    """``roll-off`` or ``referee``: sides of the same rank (ruling ``assault.tie-rank``)."""
    allocator: str
    """``each-side``: a side deals its own hits; ``winner``: the winner deals both sides'."""
    damaging: str
    """``fill-first`` or ``free`` (ruling ``assault.damaging-first``)."""
    kinds_apart: bool
    cunning_mode: str
    """``extra``: light damage besides the hits; ``replace``: instead of N hits."""
    cunning_damage: SpecialDamage
    cunning_hits: str
    effects: tuple[str, ...]
    """The assault-weapon abilities that place tokens under this ruleset: ``set-on-fire``,
    ``acid``, ``poison`` (none when ``[weapons] places`` is false: ruling
    ``weapons.first-draft-conditions`` under the first draft)."""
    fire_hits: str
    token_hits: str
    retreat_kinds: tuple[str, ...]
    halving: str
    halving_abilities: tuple[str, ...]
    stubborn: str
    """``enemy-retreats`` (current) or ``repeat`` (the first draft)."""
    edge_stubborn: bool
    companions: str
    overcrowded: str
    decided_by: Mapping[str, str]

    def ruling(self, key: str) -> str | None:
        """The ruling whose reading gave ``section.key``, if one did."""
        return self.decided_by.get(key)

    def clause(self, section: str) -> str:
        return self.clauses[section]


def _dice(r: TableReader, raw: Mapping[str, object], where: str) -> DiceExpr:
    text = r.text(raw, where, "dice")
    try:
        return parse_dice(text)
    except DiceExpressionError as exc:
        r.problem(f"{where}.dice", str(exc))
        return parse_dice("d6")


def parse_assault_rules(
    path: Path, doc: Mapping[str, object], readings: Mapping[str, str]
) -> AssaultRules:
    """Build :class:`AssaultRules` from a parsed ``assault.toml``; every problem at once."""
    r = TableReader(path, ruling_resolver(readings))
    r.keys(doc, "(top level)", SECTIONS)
    t = {name: r.table(doc.get(name), name) for name in SECTIONS}
    for name, keys in SECTIONS.items():
        r.keys(t[name], name, keys)
    clauses = {name: r.text(t[name], name, "clause") for name in SECTIONS}
    retreat_kinds = r.words(t["pre_assault"], "pre_assault", "retreat_kinds")
    for kind in retreat_kinds:
        if kind not in RETREAT_KINDS:
            r.problem(
                "pre_assault.retreat_kinds", f"{kind!r} is not one of {', '.join(RETREAT_KINDS)}"
            )
    effects = r.words(t["weapons"], "weapons", "effects")
    for name in effects:
        if name not in EFFECTS:
            r.problem("weapons.effects", f"{name!r} is not one of {', '.join(EFFECTS)}")
    if not r.flag(t["weapons"], "weapons", "places", True):
        effects = ()
    rules = AssaultRules(
        path=path,
        clauses=MappingProxyType(clauses),
        limit=r.integer(t["dice"], "dice", "limit", low=1, high=4),
        deflectors=r.text(t["dice"], "dice", "deflectors", choices=("contributors", "all")),
        stationary_side_only=r.flag(t["dice"], "dice", "stationary_side_only", False),
        tie=r.text(t["advantage"], "advantage", "tie", choices=("roll-off", "referee")),
        allocator=r.text(
            t["allocation"], "allocation", "allocator", choices=("each-side", "winner")
        ),
        damaging=r.text(t["allocation"], "allocation", "damaging", choices=("fill-first", "free")),
        kinds_apart=r.flag(t["allocation"], "allocation", "kinds_apart", True),
        cunning_mode=r.text(t["cunning"], "cunning", "mode", choices=("extra", "replace")),
        cunning_damage=SpecialDamage(
            r.text(t["cunning"], "cunning", "damage_type"), _dice(r, t["cunning"], "cunning")
        ),
        cunning_hits=r.text(
            t["cunning"], "cunning", "hits", choices=("damaging-and-support", "damaging-only")
        ),
        effects=effects,
        fire_hits=r.text(t["weapons"], "weapons", "fire_hits", choices=("any-hit", "damaging")),
        token_hits=r.text(t["weapons"], "weapons", "token_hits", choices=("dealt", "rolled")),
        retreat_kinds=retreat_kinds,
        halving=r.text(
            t["pre_assault"], "pre_assault", "halving", choices=("assault-dice", "fear-dice")
        ),
        halving_abilities=r.words(t["pre_assault"], "pre_assault", "halving_abilities"),
        stubborn=r.text(t["outcome"], "outcome", "stubborn", choices=("enemy-retreats", "repeat")),
        edge_stubborn=r.flag(t["outcome"], "outcome", "edge_stubborn", True),
        companions=r.text(t["outcome"], "outcome", "companions", choices=("stay-out", "enter")),
        overcrowded=r.text(
            t["outcome"], "outcome", "overcrowded", choices=("enter-shaken", "stay-shaken")
        ),
        decided_by=MappingProxyType(dict(r.decided_by)),
    )
    r.check()
    return rules


ASSAULT: TableKind[AssaultRules] = TableKind(
    "assault",
    (FILE_NAME,),
    lambda src: parse_assault_rules(src.path(FILE_NAME), src.doc(FILE_NAME), src.readings),
)
"""The assault table of a ruleset (``assault.toml``)."""


def assault_rules(rules: Ruleset) -> AssaultRules:
    """The assault table of ``rules`` under its readings."""
    return rules.table(ASSAULT)
