"""The armor roll of one hit: how many dice, what succeeds, what the successes do.

Clause ``damage.range``: the range band changes AP. Clause ``damage.ap-decay``: positive AP
decays with distance (first draft). Clause ``damage.no-armor``: a target without armor
skips the roll and the shot penetrates. Clause ``damage.armor-dice``: the number of dice
and their success number. Clause ``damage.armor-outcome``: enough successes stop the hit,
fewer take ``per_success`` off the damage each, none penetrate. All numbers come from the
ruleset's ``damage.toml`` (:mod:`referee.rules.damage.method`).

Clause ``damage.armor``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import msgspec

from referee.board.ranges import Band
from referee.rules.damage.method import DamageMethod, damage_method
from referee.rules.damage.odds import NO_ARMOR, ArmorOdds, armor_modifier, armor_odds
from referee.rules.explain import Term, signed, total

if TYPE_CHECKING:
    from referee.dice.service import Dice
    from referee.ruleset import Ruleset

Outcome = Literal["blocked", "partial", "penetrated"]
OUTCOMES: tuple[Outcome, ...] = ("blocked", "partial", "penetrated")


class ArmorPlan(msgspec.Struct, frozen=True):
    """The armor roll a hit calls for, worked out before any die is rolled.

    ``armor`` ``None``: the target has no armor (or armor 0 counts as none) and no dice
    are rolled. ``lowest`` is the lowest face of a d``sides`` that succeeds.
    """

    armor: int | None
    ap_terms: tuple[Term, ...]
    dice: int
    sides: int
    lowest: int
    block_at: int
    per_success: int
    rulings: tuple[str, ...]
    outcome_ruling: str | None = None
    """The ruling that decided what the successes do, for the damage term."""

    @property
    def ap(self) -> int:
        return total(self.ap_terms)

    @property
    def skipped(self) -> bool:
        return self.armor is None

    def success_text(self) -> str:
        return f"{self.lowest}+" if self.lowest <= self.sides else "never"

    def odds(self) -> ArmorOdds:
        """Exact odds of this roll (``referee.rules.damage.odds``)."""
        if self.skipped:
            return NO_ARMOR
        return armor_odds(self.dice, self.sides, self.lowest, self.block_at, self.per_success)

    def outcome(self, successes: int) -> Outcome:
        if armor_modifier(successes, self.block_at, self.per_success) is None:
            return "blocked"
        return "partial" if successes else "penetrated"

    def describe(self) -> str:
        ap = ", ".join(t.text() for t in self.ap_terms if t.value or t is self.ap_terms[0])
        if self.armor is None:
            return f"no armor: penetrated (AP {self.ap}: {ap})"
        return (
            f"armor {self.armor} against AP {self.ap} ({ap}): "
            f"{self.dice} dice at {self.success_text()}"
        )

    def to_json(self) -> dict[str, object]:
        return {
            "armor": self.armor,
            "ap": self.ap,
            "ap_terms": [t.to_json() for t in self.ap_terms],
            "dice": self.dice,
            "success": self.success_text(),
            "block_at": self.block_at,
            "per_success": self.per_success,
            "rulings": list(self.rulings),
        }


def _ap_terms(
    method: DamageMethod, ap: int, band: Band | None, distance: int | None
) -> tuple[list[Term], list[str]]:
    terms = [Term("weapon AP", ap, "damage.armor-dice")]
    rulings: list[str] = []
    if method.decay is not None:
        if distance is None:
            raise ValueError(
                f"{method.path}: this ruleset's AP decays with distance "
                "(ap_decay); give the distance of the shot"
            )
        decayed = method.decay.decayed(ap, distance)
        if decayed != ap:
            ruling = method.ruling("ap_decay.count")
            terms.append(
                Term(f"AP decay over {distance} hexes", decayed - ap, "damage.ap-decay", ruling)
            )
            rulings.extend([ruling] if ruling else [])
    mod = method.range_modifier(band)
    if mod.ap:
        ruling = method.ruling(f"range.{band}.ap")
        terms.append(Term(f"{band} range", mod.ap, "damage.range", ruling))
        rulings.extend([ruling] if ruling else [])
    return terms, rulings


def armor_plan(
    rules: Ruleset,
    armor: int | None,
    ap: int,
    band: Band | None = None,
    distance: int | None = None,
) -> ArmorPlan:
    """The armor roll against ``ap`` for ``armor`` in the sector hit (clauses above).

    ``band`` ``None`` is an assault (no range band); ``distance`` is needed where AP
    decays with distance (first draft). Decay comes before the band's modifier.
    """
    method = damage_method(rules)
    rule = method.armor
    terms, rulings = _ap_terms(method, ap, band, distance)
    eff_ap = total(terms)
    if armor is not None and armor <= 0 and rule.zero_armor == "no-armor":
        rulings.append(method.ruling("armor.zero_armor") or "")
        armor = None
    if armor is None:
        return ArmorPlan(
            None,
            tuple(terms),
            0,
            rule.die,
            rule.die + 1,
            rule.block_at,
            rule.per_success,
            tuple(dict.fromkeys(r for r in rulings if r)),
        )
    keys = ["armor.success_rule", "armor.block_at"]
    if eff_ap < 0:
        keys.append("armor.negative_ap_dice")
    if eff_ap < min(rule.success):
        keys.append("armor.beyond_table")
    rulings.extend(r for k in keys if (r := method.ruling(k)))
    return ArmorPlan(
        armor,
        tuple(terms),
        rule.dice_count(armor, eff_ap),
        rule.die,
        rule.lowest_success(eff_ap),
        rule.block_at,
        rule.per_success,
        tuple(dict.fromkeys(r for r in rulings if r)),
        method.ruling("armor.block_at") or method.ruling("armor.success_rule"),
    )


class ArmorResult(msgspec.Struct, frozen=True):
    """An armor roll as it fell: the dice, the successes, the outcome and its damage term."""

    plan: ArmorPlan
    rolls: tuple[int, ...]
    successes: int
    outcome: Outcome

    @property
    def term(self) -> Term | None:
        """The damage modifier of a partly blocked hit (``None``: penetrated or blocked)."""
        if self.outcome != "partial":
            return None
        s = self.successes
        return Term(
            f"armor: {s} success{'es' if s != 1 else ''}",
            self.plan.per_success * s,
            "damage.armor-outcome",
            self.plan.outcome_ruling,
        )

    @property
    def blocked(self) -> bool:
        return self.outcome == "blocked"

    @property
    def penetrated(self) -> bool:
        return self.outcome == "penetrated"

    def explain(self) -> str:
        if self.plan.skipped:
            return self.plan.describe()
        dice = ", ".join(map(str, self.rolls)) or "no dice"
        if self.term is not None:
            what = f"partly blocked, {signed(self.term.value)} to damage"
        else:
            what = "the armor stops the hit" if self.blocked else "penetrated"
        n = self.successes
        return f"{self.plan.describe()}: {dice} -> {n} success{'es' if n != 1 else ''}: {what}"

    def to_json(self) -> dict[str, object]:
        return {
            **self.plan.to_json(),
            "rolls": list(self.rolls),
            "successes": self.successes,
            "outcome": self.outcome,
            "term": self.term.to_json() if self.term else None,
        }


def roll_armor(plan: ArmorPlan, dice: Dice) -> ArmorResult:
    """Roll the dice of ``plan`` (clauses ``damage.armor-dice``, ``damage.armor-outcome``)."""
    rolls = dice.roll_many(plan.dice, plan.sides, "armor")
    s = sum(1 for r in rolls if r >= plan.lowest)
    return ArmorResult(plan, rolls, s, plan.outcome(s))


def armor_check(
    rules: Ruleset, armor: int | None, ap: int, band: Band | None, distance: int | None, dice: Dice
) -> ArmorResult:
    """Work out and roll the armor roll of one hit (see :func:`armor_plan`)."""
    return roll_armor(armor_plan(rules, armor, ap, band, distance), dice)
