"""Dice typed from the table, bound to what each die is for, and a step run on them.

A referee types the dice of a step in any order; each value is bound to the die it answers
by a :data:`DieKey` (its purpose and how many dice of that purpose came before it; the
follow-up die of an open-ended roll is bound to the roll it follows), so that a value
stays with its die when an earlier die changes what comes after it. :func:`typed_run`
carries out the step (``run``, on a copy: the caller's function) with a :class:`Dice`
that answers each die from the values typed and stops at the first die not typed yet.
Its :class:`TypedRun` lists every die the step needs as far as the engine can tell: the
dice asked so far, the die it stopped at, and the dice the engine announced after it
(:meth:`Dice.expect`); a die whose number depends on earlier dice (damage after hits, the
follow-up of an open-ended 6) appears once those are typed. Where the engine announced
nothing past the die it stopped at, the step is run on to its end with the app's dice for
those not typed, and the dice it asks are listed as the ones ahead (they may change as the
dice are typed: a model killed by one roll is not rolled for again).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Literal

import msgspec

from referee.dice.service import Dice, DieOutOfRange, RollRequest
from referee.errors import RefereeError

DieKey = tuple[object, ...]
SlotState = Literal["asked", "next", "ahead"]
"""``asked``: the step used its typed value; ``next``: the first die not typed;
``ahead``: announced by the engine, not asked yet."""

MAX_DICE = 500
"""More dice than any one step asks for: a run that asks more is refused."""


class _NotTyped(Exception):
    """The run reached a die with no value typed (not an error: the run stops there)."""


class DieSlot(msgspec.Struct, frozen=True):
    """One die of the step: what it is for, the value typed for it, where the run is."""

    key: DieKey
    request: RollRequest
    state: SlotState
    value: int | None

    @property
    def sides(self) -> int:
        return self.request.sides


class TypedRun(msgspec.Struct, frozen=True):
    """The step run on the typed dice: every die it needs (as far as known), the values
    the dice it asked took, its result when every die was typed, and what the engine
    refused (a problem other than a die not typed yet)."""

    slots: tuple[DieSlot, ...]
    values: tuple[int, ...]
    result: object | None
    problem: str | None
    complete: bool

    @property
    def missing(self) -> tuple[int, ...]:
        """Positions (from 1) of the dice still to type, those the run needs first first."""
        return tuple(i for i, s in enumerate(self.slots, 1) if s.value is None)


class _Keys:
    """Keys of dice in the order asked (see the module docstring)."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.parent: DieKey = ()
        self.follow = 0

    def next(self, r: RollRequest) -> DieKey:
        if r.follow_up and self.parent:
            key = (*self.parent, "follow", self.follow)
            self.follow += 1
            return key
        n = self.counts.get(r.purpose, 0)
        self.counts[r.purpose] = n + 1
        self.parent = (r.purpose, n)
        self.follow = 0
        return self.parent


def typed_run(
    run: Callable[[Dice], object],
    seed: int,
    typed: Mapping[DieKey, int],
    before: Sequence[int] = (),
) -> TypedRun:
    """Carry out ``run`` with the dice ``typed`` (by key); ``before`` are the values of
    dice asked before these (an earlier stage's), answered first and not listed."""
    keys = _Keys()
    asked: list[DieSlot] = []
    dice = Dice(seed)
    dice.type_in(before)

    def answer(request: RollRequest) -> int:
        if len(asked) >= MAX_DICE:
            raise RefereeError(f"the step asked for more than {MAX_DICE} dice")
        key = keys.next(request)
        value = typed.get(key)
        if value is None:
            asked.append(DieSlot(key, request, "next", None))
            raise _NotTyped
        asked.append(DieSlot(key, request, "asked", value))
        return value

    dice.ask = answer
    result: object | None = None
    problem: str | None = None
    stopped = False
    try:
        result = run(dice)
    except _NotTyped:
        stopped = True
    except DieOutOfRange as exc:
        problem = str(exc)
    except (ValueError, KeyError) as exc:
        problem = str(exc).strip("'\"")
    if not problem and dice.pending:
        problem = (
            f"{len(dice.pending)} dice typed for earlier parts are left over "
            f"({', '.join(map(str, dice.pending))})"
        )
    slots = list(asked)
    if stopped and dice.planned:  # the engine announced what it knows
        for r in dice.expected:
            key = keys.next(r)
            slots.append(DieSlot(key, r, "ahead", typed.get(key)))
    elif stopped:
        slots += _look_ahead(run, seed, typed, before, len(asked))
    values = tuple(s.value for s in asked if s.state == "asked" and s.value is not None)
    complete = not stopped and problem is None
    return TypedRun(tuple(slots), values, result if complete else None, problem, complete)


def _look_ahead(
    run: Callable[[Dice], object],
    seed: int,
    typed: Mapping[DieKey, int],
    before: Sequence[int],
    known: int,
) -> list[DieSlot]:
    """The dice after the first ``known`` ones if the step ran on with the app's dice for
    those not typed (see the module docstring)."""
    keys = _Keys()
    seen: list[DieSlot] = []
    dice = Dice(seed)
    dice.type_in(before)

    def answer(request: RollRequest) -> int | None:
        if len(seen) >= MAX_DICE:
            raise _NotTyped
        key = keys.next(request)
        value = typed.get(key)
        seen.append(DieSlot(key, request, "ahead", value))
        return value

    dice.ask = answer
    with contextlib.suppress(_NotTyped, ValueError, KeyError):
        run(dice)
    return seen[known:]


def rolled_run(
    run: Callable[[Dice], object],
    seed: int,
    before: Sequence[int] = (),
    skip: int | None = None,
) -> TypedRun:
    """Carry out ``run`` with the app's dice (the step's ``seed``, after the ``before``
    values typed for earlier parts): the dice it rolled, from die ``skip`` on (default:
    after the ``before`` ones), with their values, as the journal step will roll them."""
    dice = Dice(seed)
    dice.type_in(before)
    asked: dict[int, RollRequest] = {}

    def note(request: RollRequest) -> None:  # what each die is for, as the engine said it
        asked[len(dice.log)] = request
        return None  # the app rolls it

    dice.ask = note
    keys = _Keys()
    result: object | None = None
    problem: str | None = None
    try:
        result = run(dice)
    except DieOutOfRange as exc:
        problem = str(exc)
    except (ValueError, KeyError) as exc:
        problem = str(exc).strip("'\"")
    start = len(before) if skip is None else skip
    slots = []
    for i, roll in enumerate(dice.log[start:], start):
        said = asked.get(i)
        request = RollRequest(
            roll.sides,
            roll.purpose,
            said.note if said is not None else "",
            roll.purpose.endswith("(open-ended)"),
        )
        slots.append(DieSlot(keys.next(request), request, "asked", roll.value))
    values = tuple(r.value for r in dice.log[start:])
    return TypedRun(tuple(slots), values, None if problem else result, problem, problem is None)
