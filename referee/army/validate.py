"""An army list checked whole: every problem at once, the cost and budget per kind, the
checksum and the huge units the opponent must be told of.

The checks, each reported with its unit entry, field and clause: the game size and the
budget taken (an asymmetric game's allowance, and its pairing with the opponent's) —
clause ``army.budgets``; the nation and each entry's unit (unknown, or of another nation) —
``army.building``; each entry's upgrades (:func:`referee.army.cards.entry_card`: requirement,
slot, unit-base weapon, elites, advanced game); and the cost of every kind against the
budget (``army.budgets``, reading of ruling ``army.budget-limit``). Huge units are declared
(clause ``army.huge-units``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import msgspec

from referee.army.cards import EntryCard, entry_card, find_entry_unit
from referee.army.model import Army
from referee.army.problems import ArmyProblem
from referee.units.budget import (
    Allowance,
    BudgetCheck,
    Budgets,
    GameType,
    UnknownGame,
    check_budget,
    load_budgets,
)
from referee.units.model import COST_KINDS

if TYPE_CHECKING:
    from referee.ruleset import Ruleset
    from referee.units.catalogue import Catalogue


class HugeUnit(msgspec.Struct, frozen=True):
    """A huge unit of the army, declared to the opponent before they build theirs."""

    type: str
    name: str
    count: int

    def text(self) -> str:
        return f"{self.name}" + (f" x{self.count}" if self.count > 1 else "")


def declaration(huge: tuple[HugeUnit, ...]) -> str:
    """What the opponent must be told before building (clause ``army.huge-units``)."""
    if not huge:
        return ""
    return (
        "Huge units — tell the opponent before they build their army: "
        f"{', '.join(h.text() for h in huge)}."
    )


def _zeros() -> Mapping[str, int]:
    return MappingProxyType(dict.fromkeys(COST_KINDS, 0))


class ArmyReport(msgspec.Struct, frozen=True):
    """What :func:`validate_army` found (see the module docstring)."""

    army: Army
    game: str
    errors: tuple[ArmyProblem, ...]
    cost: Mapping[str, int] = msgspec.field(default_factory=_zeros)
    """What the army spends of each cost kind (every kind listed)."""
    budget: Mapping[str, int] = msgspec.field(default_factory=_zeros)
    """The side's own points of each kind, an advanced game's included (every kind listed)."""
    checksum: str = ""
    huge_units: tuple[HugeUnit, ...] = ()
    allowance: Allowance | None = None
    budget_check: BudgetCheck | None = None
    cards: tuple[EntryCard | None, ...] = ()
    """Each entry's card with its upgrades (``None`` where it could not be written)."""

    @property
    def valid(self) -> bool:
        return not self.errors

    @property
    def declaration(self) -> str:
        return declaration(self.huge_units)

    def entry_cost(self, index: int) -> Mapping[str, int] | None:
        """The cost of entry ``index``: one base's cost times the count."""
        built = self.cards[index] if index < len(self.cards) else None
        if built is None:  # the entry's unit is not in the catalogue
            return None
        n = self.army.entries[index].count
        return MappingProxyType({k: v * n for k, v in built.cost.items()})

    def to_json(self) -> dict[str, Any]:
        """The report as ``referee army validate --json`` prints it."""
        pool = self.allowance.pool if self.allowance is not None else None
        return {
            "valid": self.valid,
            "name": self.army.name,
            "nation": self.army.nation,
            "game": self.game,
            "cost": dict(self.cost),
            "budget": dict(self.budget),
            "errors": [e.to_json() for e in self.errors],
            "checksum": self.checksum,
            "allowance": self.allowance.id if self.allowance is not None else None,
            "advanced": self.army.advanced,
            "pool": {"kinds": list(pool.kinds), "points": pool.points} if pool else None,
            "huge_units": [
                {"type": h.type, "name": h.name, "count": h.count} for h in self.huge_units
            ],
        }


def _allowance(army: Army, game: GameType, problems: list[ArmyProblem]) -> Allowance | None:
    """The budget the army takes (clause ``army.budgets``)."""
    if game.symmetric:
        if army.allowance not in (None, game.allowances[0].id):
            problems.append(
                ArmyProblem(
                    None,
                    "allowance",
                    "army.budgets",
                    f"{game.name}: both sides have the same budget; leave allowance out",
                )
            )
        return game.allowances[0]
    ids = ", ".join(a.id for a in game.allowances)
    if army.allowance is None:
        problems.append(
            ArmyProblem(
                None,
                "allowance",
                "army.budgets",
                f"{game.name}: the sides take different budgets; choose one ({ids})",
            )
        )
        return None
    try:
        return game.allowance(army.allowance)
    except UnknownGame:
        problems.append(
            ArmyProblem(
                None,
                "allowance",
                "army.budgets",
                f"{game.name} has no budget {army.allowance!r} ({ids})",
            )
        )
        return None


def _budget_problems(check: BudgetCheck, skip: set[str]) -> list[ArmyProblem]:
    out = []
    for line in check.lines:
        if line.over and line.kind not in skip:
            within = "less than" if check.limit == "less-than" else "at most"
            cap = f"{line.cap} (with the pool)" if line.cap != line.allowed else f"{line.cap}"
            out.append(
                ArmyProblem(
                    None,
                    f"cost.{line.kind}",
                    "army.budgets",
                    f"the army spends {line.spent} {line.kind.upper()}; the "
                    f"budget allows {within} {cap} (ruling {check.ruling})",
                )
            )
    pool = check.allowance.pool
    if check.pool_over and pool is not None:
        kinds = "/".join(k.upper() for k in pool.kinds)
        out.append(
            ArmyProblem(
                None,
                "cost.pool",
                "army.budgets",
                f"{kinds} beyond their own points: {check.pool_spent} of the pool's {pool.points}",
            )
        )
    return out


def validate_army(
    army: Army,
    *,
    game: str | None = None,
    rules: Ruleset | None = None,
    catalogue: Catalogue | None = None,
    budgets: Budgets | None = None,
    opponent: Army | None = None,
) -> ArmyReport:
    """Check ``army`` whole (see the module docstring). ``game`` plays it as another game
    size than its file says; ``rules`` gives the readings of the rulings (default: the
    current edition); ``opponent`` checks the pairing of an asymmetric game's budgets."""
    from referee.ruleset.shipped import ruleset
    from referee.units.abilities import register
    from referee.units.catalogue import catalogue as shipped

    rules = rules or ruleset("current")
    catalogue = catalogue or shipped()
    budgets = budgets or load_budgets()
    problems: list[ArmyProblem] = []
    game_id = game or army.game
    game_type: GameType | None = None
    try:
        game_type = budgets.game(game_id)
    except UnknownGame:
        problems.append(
            ArmyProblem(
                None,
                "game",
                "army.budgets",
                f"no game size {game_id!r} (known: {', '.join(budgets.games)})",
            )
        )
    allowance = _allowance(army, game_type, problems) if game_type is not None else None
    nations = register().nations
    if army.nation not in nations:
        problems.append(
            ArmyProblem(
                None,
                "nation",
                "army.building",
                f"{army.nation!r} is not a nation ({', '.join(nations)})",
            )
        )
    if not army.entries:
        problems.append(ArmyProblem(None, "unit", "army.building", "the army has no unit"))
    cards: list[EntryCard | None] = []
    totals = dict.fromkeys(COST_KINDS, 0)
    huge: list[tuple[str, str, int]] = []
    advanced_kinds: set[str] = set()
    for i, entry in enumerate(army.entries):
        unit, found = find_entry_unit(i, entry, army.nation, catalogue)
        problems += found
        if unit is None:
            cards.append(None)
            continue
        built, checked = entry_card(i, entry, unit, catalogue, rules, advanced=army.advanced)
        problems += checked
        advanced_kinds |= {"com"} if any(p.rule == "army.points" for p in checked) else set()
        cards.append(built)
        for k, v in built.cost.items():
            totals[k] += v * entry.count
        if unit.size == "huge" or (built.card is not None and built.card.size == "huge"):
            huge.append((unit.id, unit.name, entry.count))
    if not army.advanced and totals["com"] and "com" not in advanced_kinds:
        problems.append(
            ArmyProblem(
                None,
                "cost.com",
                "army.points",
                "command points are spent in advanced games only: set advanced = true",
            )
        )
        advanced_kinds.add("com")
    budget = dict.fromkeys(COST_KINDS, 0)
    check = None
    if allowance is not None:
        limit = str(rules.reading("army.budget-limit").value)
        add = budgets.advanced if army.advanced else None
        check = check_budget(totals, allowance, advanced=add, limit=limit)
        budget.update({k: check.allowance.allowed(k) for k in COST_KINDS})
        problems += _budget_problems(check, advanced_kinds)
    if opponent is not None and game_type is not None and allowance is not None:
        theirs = opponent.allowance or game_type.allowances[0].id
        try:
            pairing = game_type.pairing_problem(allowance.id, theirs)
        except UnknownGame as exc:
            pairing = str(exc)
        if pairing:
            problems.append(
                ArmyProblem(
                    None,
                    "allowance",
                    "army.budgets",
                    f"against the opponent's {theirs!r}: {pairing}",
                )
            )
    merged: dict[str, tuple[str, int]] = {}
    for type_id, name, n in huge:
        merged[type_id] = (name, merged.get(type_id, (name, 0))[1] + n)
    return ArmyReport(
        army=army,
        game=game_id,
        errors=tuple(problems),
        cost=MappingProxyType(totals),
        budget=MappingProxyType(budget),
        checksum=army.checksum(),
        huge_units=tuple(HugeUnit(t, name, n) for t, (name, n) in merged.items()),
        allowance=check.allowance if check is not None else allowance,
        budget_check=check,
        cards=tuple(cards),
    )
