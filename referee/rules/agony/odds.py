"""Exact odds of what one agony step does to one unit (clause ``agony.schedule``).

The step is not weighed by a second copy of its rules: :func:`agony_odds` runs the engine's
own :func:`~referee.rules.agony.step.run_agony_step` once for every face of every die it
asks (a die asked opens one branch per face, each 1/N), so fire's natural 1, poison's chain
and bleeding's stop all count exactly as agony.toml has them. Terror (clause
``agony.terror``) rolls for the unit when the enemies whose terror reaches it are given as
``others``: their dice on this unit are weighed the same way (their own effects are not).

Acid (clause ``agony.acid``) may roll again without end (a 6 rolls twice, and each of those
may be a 6): no finite list of faces holds every round. Each instance's round is weighed
exactly as the multiset of faces it reads (:func:`acid_rounds`, over every round of at most
``bound`` rolls), the engine's :func:`~referee.rules.agony.acid.acid_effect` says what each
combination of rounds does, and the rest of the step is weighed from each outcome. The
probability of the rounds longer than the bound is ``rest``, exact and named beside the
odds: every figure is exact for the rounds weighed and at most ``rest`` below the whole.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, factorial
from types import MappingProxyType
from typing import TYPE_CHECKING

import msgspec

from referee.dice.service import Dice, RollRequest
from referee.rules.agony.acid import AcidRound, acid_effect
from referee.rules.agony.schedule import agony_rules
from referee.rules.agony.specs import AcidTable
from referee.rules.agony.step import run_agony_step
from referee.rules.state import UnitState

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

MAX_RUNS = 2_000
"""Runs of the step past which the odds are not worked out (per outcome of the acid):
a page must open at once."""


MAX_DICE = 8
"""Dice of one unit's step past which the odds are not worked out (6^8 runs at most)."""

MAX_ACID_CASES = 20_000
"""Combinations of acid rounds weighed at most: the bound on the rolls of a round is the
largest (up to :data:`MAX_BOUND`) that keeps the unit's instances within it."""

MAX_BOUND = 12
"""Rolls of one acid round weighed at most."""


class _Branch(BaseException):
    """The step asked a die beyond the faces chosen so far (never escapes this module)."""

    def __init__(self, sides: int) -> None:
        super().__init__(sides)
        self.sides = sides


def _ask(request: RollRequest) -> int | None:
    raise _Branch(request.sides)


class AgonyOdds(msgspec.Struct, frozen=True):
    """What agony step ``step`` does to one unit, exactly: ``killed`` P(n models killed),
    ``rows`` P(each damage-table row is read at least once), ``destroyed`` P(no model left).
    ``rolls`` is False when the step asks no die for the unit (nothing to weigh)."""

    uid: str
    rolls: bool
    killed: Mapping[int, Fraction]
    rows: Mapping[str, Fraction]
    destroyed: Fraction
    tokens: Mapping[int, Fraction]
    """P(n previous-damage tokens gained), n != 0."""
    acid: Mapping[str, Fraction] = msgspec.field(default_factory=lambda: MappingProxyType({}))
    """P(each named outcome of the unit's acid), when it has acid this step."""
    rest: Fraction = Fraction(0)
    """P(an acid round longer than ``bound`` rolls): counted in no figure above."""
    bound: int | None = None
    """Rolls of one acid round weighed (None: no acid this step)."""
    terror: tuple[str, ...] = ()
    """The enemies whose terror on the unit is weighed."""
    rulings: tuple[str, ...] = ()
    """The rulings the step read in any of the outcomes weighed."""

    @property
    def kill_at_least_one(self) -> Fraction:
        return sum((p for n, p in self.killed.items() if n), Fraction(0))


class TooManyDice(ValueError):
    """The step's dice branch past :data:`MAX_RUNS` runs: no exact odds offered."""


def acid_rounds(table: AcidTable, bound: int) -> tuple[dict[tuple[int, ...], Fraction], Fraction]:
    """One acid instance's round: P(it reads exactly these faces, sorted) for every round
    of at most ``bound`` rolls, and P(a round of more rolls), both exact. Each roll reads
    the face's row of ``table`` and rolls again as many times as that row says."""
    done: dict[tuple[int, ...], Fraction] = {}
    rest = Fraction(0)
    frontier: dict[tuple[int, tuple[int, ...]], Fraction] = {(1, ()): Fraction(1)}
    while frontier:
        ahead: dict[tuple[int, tuple[int, ...]], Fraction] = {}
        for (pending, faces), p in frontier.items():
            if len(faces) >= bound:
                rest += p
                continue
            q = p / table.die
            for face in range(1, table.die + 1):
                key = tuple(sorted((*faces, face)))
                left = pending - 1 + table.row(face).roll_again
                if left == 0:
                    done[key] = done.get(key, Fraction(0)) + q
                else:
                    ahead[(left, key)] = ahead.get((left, key), Fraction(0)) + q
        frontier = ahead
    return done, rest


def _round(table: AcidTable, faces: tuple[int, ...]) -> AcidRound:
    """The round reading ``faces``, in an order the table can roll them: the faces that
    roll again first, then the rest."""
    again = sorted((f for f in faces if table.row(f).roll_again), reverse=True)
    order = (*again, *(f for f in faces if not table.row(f).roll_again))
    return AcidRound(order, tuple(table.row(f) for f in order), ())


def _arrangements(combo: tuple[int, ...]) -> int:
    """In how many orders the instances may fall as ``combo`` (a multinomial)."""
    out = factorial(len(combo))
    for i in set(combo):
        out //= factorial(combo.count(i))
    return out


def _bound(table: AcidTable, instances: int) -> int:
    """The most rolls per round that keeps every combination of rounds within
    :data:`MAX_ACID_CASES`."""
    best = 1
    for bound in range(1, MAX_BOUND + 1):
        if comb(len(acid_rounds(table, bound)[0]) + instances - 1, instances) > MAX_ACID_CASES:
            break
        best = bound
    return best


class _AcidStarts(msgspec.Struct, frozen=True):
    """The unit after its acid, by outcome, the named acid outcomes, and what is left."""

    states: list[tuple[UnitState, Fraction]]
    named: dict[str, Fraction]
    rest: Fraction
    bound: int
    rulings: tuple[str, ...]


def _acid(table: AcidTable, unit: UnitState, bound: int | None) -> _AcidStarts:
    bound = bound if bound is not None else _bound(table, unit.acid)
    rounds, rest_one = acid_rounds(table, bound)
    cases = comb(len(rounds) + unit.acid - 1, unit.acid)
    if cases > MAX_ACID_CASES:
        raise TooManyDice(
            f"acid on {unit.uid}: {unit.acid} acid with rounds of up to {bound} "
            f"roll{'s' if bound != 1 else ''} make "
            f"{cases} cases, more than {MAX_ACID_CASES} to weigh exactly"
        )
    weighed = Fraction(1) - rest_one
    states: dict[tuple[int, ...], tuple[UnitState, Fraction]] = {}
    named = dict.fromkeys(
        (
            "no acid left",
            "becomes minor acid",
            "set on fire",
            "armor reduced",
            "cloud placed",
        ),
        Fraction(0),
    )
    if unit.unit.armor is None:
        del named["armor reduced"]
    weighed_rounds = [(_round(table, faces), q) for faces, q in rounds.items()]
    rulings: dict[str, None] = {}
    # the instances are alike: each set of rounds once, counted as often as it can fall
    for combo in combinations_with_replacement(range(len(weighed_rounds)), unit.acid):
        p = Fraction(_arrangements(combo))
        for i in combo:
            p *= weighed_rounds[i][1]
        out = acid_effect(table, unit, [weighed_rounds[i][0] for i in combo])
        rulings.update(dict.fromkeys(r for e in out.events for r in e.rulings))
        after = out.state
        key = (after.acid, after.minor_acid, after.damage_tokens, after.armor_down, after.fire)
        states[key] = (after, states[key][1] + p if key in states else p)
        for name, happened in (
            ("no acid left", after.acid == 0),
            ("becomes minor acid", after.minor_acid > unit.minor_acid),
            ("set on fire", after.fire > unit.fire),
            ("armor reduced", after.armor_down > unit.armor_down),
            ("cloud placed", bool(out.placements)),
        ):
            if happened and name in named:
                named[name] += p
    return _AcidStarts(
        list(states.values()), named, Fraction(1) - weighed**unit.acid, bound, tuple(rulings)
    )


def _strip(unit: UnitState) -> UnitState:
    """An enemy as a terror source only: its own effects of the step are not weighed."""
    return unit.with_(acid=0, minor_acid=0, fire=0, poison=(), bleeding=())


def agony_odds(
    rules: Ruleset,
    step: int,
    unit: UnitState,
    others: Sequence[UnitState] = (),
    acid_bound: int | None = None,
) -> AgonyOdds:
    """The exact odds of agony ``step`` on ``unit`` (see the module docstring); ``others``
    are the enemies whose terror may reach it; ``acid_bound`` the rolls of an acid round
    weighed (default: as many as :data:`MAX_ACID_CASES` allows)."""
    agony = agony_rules(rules)
    table = agony.acid
    sources = [_strip(o) for o in others if o.uid != unit.uid]
    has_acid = (
        table is not None and "acid" in agony.effects(step) and unit.acid > 0 and not unit.destroyed
    )
    killed: dict[int, Fraction] = {}
    rows: dict[str, Fraction] = {}
    tokens: dict[int, Fraction] = {}
    destroyed = Fraction(0)
    rolled = False
    acid: _AcidStarts | None = None
    starts: list[tuple[UnitState, Fraction]] = [(unit, Fraction(1))]
    if has_acid:
        assert table is not None
        acid = _acid(table, unit, acid_bound)
        starts = acid.states
        rolled = True
    at_apply = agony.tokens == "at-apply"
    rulings: dict[str, None] = dict.fromkeys(acid.rulings if acid is not None else ())
    for start, weight in starts:
        run_from = start
        if acid is not None:  # the acid is rolled: the rest of the step from its outcome
            run_from = start.with_(acid=0)
            if at_apply:  # the rolls after it see the tokens the step began with
                run_from = run_from.with_(damage_tokens=unit.damage_tokens)
        ahead = _enumerate(rules, step, run_from, sources)
        rolled = rolled or ahead.rolled
        rulings.update(dict.fromkeys(ahead.rulings))
        for after, read, p in ahead.outcomes:
            p *= weight
            if acid is not None:
                after = after.with_(
                    acid=start.acid,
                    damage_tokens=after.damage_tokens
                    + start.damage_tokens
                    - run_from.damage_tokens,
                )
            n = unit.alive - after.alive
            killed[n] = killed.get(n, Fraction(0)) + p
            gained = after.damage_tokens - unit.damage_tokens
            if gained:
                tokens[gained] = tokens.get(gained, Fraction(0)) + p
            if after.destroyed and not unit.destroyed:
                destroyed += p
            for text in read:
                rows[text] = rows.get(text, Fraction(0)) + p
    return AgonyOdds(
        unit.uid,
        rolled,
        MappingProxyType(dict(sorted(killed.items()))),
        MappingProxyType(rows),
        destroyed,
        MappingProxyType(dict(sorted(tokens.items()))),
        MappingProxyType(acid.named if acid is not None else {}),
        acid.rest if acid is not None else Fraction(0),
        acid.bound if acid is not None else None,
        tuple(o.uid for o in sources),
        tuple(rulings),
    )


class _Ahead(msgspec.Struct, frozen=True):
    outcomes: list[tuple[UnitState, frozenset[str], Fraction]]
    rolled: bool
    rulings: tuple[str, ...]


def _enumerate(rules: Ruleset, step: int, unit: UnitState, sources: Sequence[UnitState]) -> _Ahead:
    """Every way the step's dice may fall for ``unit`` (the engine run once per face)."""
    outcomes: list[tuple[UnitState, frozenset[str], Fraction]] = []
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    runs = 0
    rolled = False
    rulings: dict[str, None] = {}
    while stack:
        faces, p = stack.pop()
        runs += 1
        if runs > MAX_RUNS:
            raise TooManyDice(f"agony {step} on {unit.uid}: too many dice to weigh exactly")
        dice = Dice(seed=0, ask=_ask)
        dice.type_in(faces)
        try:
            result = run_agony_step(rules, step, [unit, *sources], dice)
        except _Branch as branch:
            rolled = True
            if len(faces) >= MAX_DICE:
                raise TooManyDice(
                    f"agony {step} on {unit.uid}: more than {MAX_DICE} dice, "
                    "too many to weigh exactly"
                ) from None
            share = p / branch.sides
            stack.extend(((*faces, f), share) for f in range(branch.sides, 0, -1))
            continue
        read = frozenset(
            e.table.row.text
            for e in result.events
            if e.uid == unit.uid and e.table is not None and e.table.row is not None
        )
        outcomes.append((result.unit(unit.uid), read, p))
        rulings.update(dict.fromkeys(r for e in result.events for r in e.rulings))
    return _Ahead(outcomes, rolled, tuple(rulings))
