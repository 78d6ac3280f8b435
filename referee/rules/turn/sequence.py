"""Reading ``data/rulesets/<id>/turn.toml``: the steps of one edition's turn, in order.

Clause ``turn.sequence``. Each step has an id, a kind, its number (Movement 2, Agony 3), a
label, the clause it follows and notes; the ``[kind.*]`` tables say what every step of a
kind asks (what to do, when dice are needed, who has choices to make, whether damage takes
effect). A step with ``include = "@ruling"`` is part of the turn only under a reading that
gives ``true``. The turn may begin with an ``orders`` step (clause ``orders.giving``; ruling
``turn.orders-step``) and ends with the aftermath. The agony steps must match the ruleset's
agony schedule. Every problem is
reported at once in a :class:`referee.errors.DataFileError` naming its key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, cast

import msgspec

from referee.rules.agony.schedule import AGONY
from referee.rules.table_reader import TableReader
from referee.ruleset.readings import ruling_resolver
from referee.ruleset.rulings import register
from referee.ruleset.tables import TableKind

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

FILE_NAME = "turn.toml"

GROUP_KINDS: tuple[str, ...] = ("orders", "gunnery", "movement", "assault", "agony", "aftermath")
"""Kinds that open a group of steps; their id is ``<kind>-<number>`` (``orders`` and
``aftermath``, which have no number: :data:`UNNUMBERED`)."""
UNNUMBERED: tuple[str, ...] = ("orders", "aftermath")
INNER_KINDS: tuple[str, ...] = (
    "hex-effects",
    "pre-assault-retreat",
    "pre-assault-abilities",
    "post-assault-retreat",
    "apply-damage",
)
"""Kinds of the steps inside a group; their id is ``<group>.<kind>``."""
KINDS: tuple[str, ...] = GROUP_KINDS + INNER_KINDS

HexScope = Literal["fired-into", "unmet", "entered"]
HEX_SCOPES: tuple[str, ...] = ("fired-into", "unmet", "entered")

_TOP_KEYS = ("clause", "abilities", "kind", "step")
_KIND_KEYS = ("clause", "todo", "dice", "choices", "applies_damage")
_STEP_KEYS = (
    "id",
    "kind",
    "number",
    "label",
    "clause",
    "notes",
    "include",
    "hex_scope",
    "contested",
    "rulings",
)


class Selector(msgspec.Struct, frozen=True):
    """Which involved units a step's dice or choices concern: ``none``, every ``involved``
    unit, or those whose actions of the step include one of ``codes``."""

    mode: Literal["none", "involved", "codes"]
    codes: tuple[str, ...] = ()

    def picks(self, actions: Sequence[str]) -> bool:
        """Whether a unit carrying ``actions`` is picked."""
        if self.mode == "none":
            return False
        if self.mode == "involved":
            return True
        wanted = {c.casefold() for c in self.codes}
        return any(action_code(a) in wanted for a in actions)

    def text(self) -> str:
        return ", ".join(self.codes) if self.mode == "codes" else self.mode


def action_code(action: str) -> str:
    """The bare code of an action as written on an order: ``B[fast]`` -> ``b``,
    ``360°`` -> ``360``, ``Fire`` -> ``fire`` (compared without case)."""
    return action.split("[", 1)[0].replace("°", "").strip().casefold()


class TurnStep(msgspec.Struct, frozen=True):
    """One step of the turn (clause ``turn.sequence``)."""

    id: str
    kind: str
    number: int | None
    label: str
    clause: str
    todo: str
    dice: Selector
    choices: Selector
    applies_damage: bool = False
    notes: tuple[str, ...] = ()
    hex_scope: HexScope | None = None
    contested: bool = False
    rulings: tuple[str, ...] = ()
    """The rulings whose reading decided a key of this step (or of its kind), and those its
    ``rulings`` key names as bearing on it."""

    @property
    def group(self) -> str:
        """The id of the group the step belongs to: ``movement-2`` for
        ``movement-2.hex-effects`` and for ``movement-2`` itself."""
        return self.id.split(".", 1)[0]

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "id": self.id,
            "kind": self.kind,
            "number": self.number,
            "label": self.label,
            "clause": self.clause,
            "todo": self.todo,
            "dice": self.dice.text(),
            "choices": self.choices.text(),
            "applies_damage": self.applies_damage,
            "notes": list(self.notes),
        }
        if self.hex_scope is not None:
            out["hex_scope"] = self.hex_scope
            out["contested"] = self.contested
        if self.rulings:
            out["rulings"] = list(self.rulings)
        return out


class TurnRules(msgspec.Struct, frozen=True, dict=True):
    """Everything ``turn.toml`` says, for one ruleset and its readings."""

    path: Path
    clause: str
    steps: tuple[TurnStep, ...]
    abilities: Mapping[str, str]
    """Pre-assault ability name -> the kind of step that resolves it."""
    ability_rulings: Mapping[str, str]
    """Ability name -> the ruling whose reading placed it."""

    def index(self, step_id: str) -> int:
        """The position of ``step_id`` in the turn (``KeyError`` naming the known ids)."""
        found = self._indexes.get(step_id) if isinstance(step_id, str) else None
        if found is None:
            raise KeyError(
                f"{self.path.name}: no step {step_id!r} in this turn "
                f"(steps: {', '.join(s.id for s in self.steps)})"
            )
        return found

    @cached_property
    def _indexes(self) -> Mapping[str, int]:
        """Step id -> its position (the first, should an id come twice)."""
        out: dict[str, int] = {}
        for i, s in enumerate(self.steps):
            out.setdefault(s.id, i)
        return out

    def abilities_of(self, kind: str) -> tuple[str, ...]:
        """The abilities resolved by steps of ``kind``, in file order."""
        return tuple(a for a, k in self.abilities.items() if k == kind)


class _Kind(msgspec.Struct, frozen=True):
    """What a kind of turn step asks: its clause, what the referee does, who rolls and who
    chooses, whether it applies damage, the rulings it follows."""

    clause: str
    todo: str
    dice: Selector
    choices: Selector
    applies_damage: bool
    rulings: tuple[str, ...]


def _selector(r: TableReader, raw: Mapping[str, object], where: str, key: str) -> Selector:
    value = r.value(raw, where, key)
    if value is None:
        r.problem(f"{where}.{key}", "missing")
        return Selector("none")
    if value in ("none", "involved"):
        return Selector(value)
    if isinstance(value, list) and value and all(isinstance(v, str) and v for v in value):
        return Selector("codes", tuple(value))
    r.problem(
        f"{where}.{key}", f'expected "none", "involved" or a list of action codes, got {value!r}'
    )
    return Selector("none")


def _kinds(r: TableReader, raw: object) -> dict[str, _Kind]:
    out: dict[str, _Kind] = {}
    table = r.table(raw, "kind") if raw is not None else {}
    for name in sorted(set(table) - set(KINDS)):
        r.problem(f"kind.{name}", f"not a step kind (kinds: {', '.join(KINDS)})")
    for name in KINDS:
        if name not in table:
            continue
        where = f"kind.{name}"
        t = r.table(table[name], where)
        r.keys(t, where, _KIND_KEYS)
        applies = r.flag(t, where, "applies_damage", False)
        rulings = tuple(rid for k in _KIND_KEYS if (rid := r.ruling(where, k)) is not None)
        out[name] = _Kind(
            clause=r.text(t, where, "clause"),
            todo=r.text(t, where, "todo"),
            dice=_selector(r, t, where, "dice"),
            choices=_selector(r, t, where, "choices"),
            applies_damage=applies,
            rulings=rulings,
        )
    return out


def _abilities(r: TableReader, raw: object) -> tuple[dict[str, str], dict[str, str]]:
    kinds: dict[str, str] = {}
    rulings: dict[str, str] = {}
    table = r.table(raw, "abilities") if raw is not None else {}
    for name in table:
        kind = r.text(
            table, "abilities", name, choices=("pre-assault-retreat", "pre-assault-abilities")
        )
        kinds[name] = kind
        if (rid := r.ruling("abilities", name)) is not None:
            rulings[name] = rid
    return kinds, rulings


class _StepReader:
    """Reads the ``[[step]]`` list, checking ids against kinds and groups."""

    def __init__(self, r: TableReader, kinds: Mapping[str, _Kind]) -> None:
        self.r = r
        self.kinds = kinds
        self.ids: set[str] = set()
        self.groups: dict[str, int | None] = {}
        self.last_group: str | None = None

    def _check_id(self, where: str, sid: str, kind: str, number: int | None) -> None:
        r = self.r
        if sid in self.ids:
            r.problem(f"{where}.id", f"{sid!r} is listed twice")
        self.ids.add(sid)
        if kind in GROUP_KINDS:
            expected = kind if kind in UNNUMBERED else f"{kind}-{number}"
            if sid != expected:
                r.problem(f"{where}.id", f"a {kind} step is called {expected!r}, not {sid!r}")
            self.groups[sid] = number
            self.last_group = sid
        elif kind in INNER_KINDS:
            group = self.last_group
            if group is None:
                r.problem(f"{where}.id", f"a {kind} step must follow the step of its group")
            elif sid != f"{group}.{kind}":
                r.problem(
                    f"{where}.id",
                    f"inside {group} this step is called {group + '.' + kind!r}, not {sid!r}",
                )
            elif self.groups[group] != number:
                r.problem(f"{where}.number", f"{number} is not the number of {group}")

    def step(self, i: int, raw: object) -> TurnStep | None:
        r = self.r
        where = f"step[{i}]"
        t = r.table(raw, where)
        r.keys(t, where, _STEP_KEYS)
        sid = r.text(t, where, "id")
        kind = r.text(t, where, "kind", choices=KINDS)
        if kind in UNNUMBERED:
            number: int | None = None
            if "number" in t:
                r.problem(f"{where}.number", f"the {kind} step has no number")
        else:
            number = r.integer(t, where, "number", low=0)
        label = r.text(t, where, "label")
        include = r.flag(t, where, "include", True)
        self._check_id(where, sid, kind, number)
        spec = self.kinds.get(kind)
        if kind and spec is None and kind in KINDS:
            r.problem(where, f"no [kind.{kind}] table for this step's kind")
        scope_raw = r.text(t, where, "hex_scope", "") or None
        contested = r.flag(t, where, "contested", False)
        if kind == "hex-effects" and scope_raw is None:
            r.problem(
                f"{where}.hex_scope", f"a hex-effects step needs one of {', '.join(HEX_SCOPES)}"
            )
        elif scope_raw is not None and scope_raw not in HEX_SCOPES:
            r.problem(f"{where}.hex_scope", f"{scope_raw!r} is not one of {', '.join(HEX_SCOPES)}")
        if kind != "hex-effects" and (scope_raw is not None or "contested" in t):
            r.problem(where, "hex_scope and contested belong to hex-effects steps only")
        notes = r.words(t, where, "notes")
        named = r.words(t, where, "rulings")
        for name in named:
            if name not in register():
                r.problem(f"{where}.rulings", f"{name!r} names no ruling in the register")
        if spec is None or not include:
            return None
        rulings = tuple(
            dict.fromkeys(
                [
                    *spec.rulings,
                    *(rid for k in _STEP_KEYS if (rid := r.ruling(where, k)) is not None),
                    *named,
                ]
            )
        )
        return TurnStep(
            id=sid,
            kind=kind,
            number=number,
            label=label,
            clause=r.text(t, where, "clause", spec.clause),
            todo=spec.todo,
            dice=spec.dice,
            choices=spec.choices,
            applies_damage=spec.applies_damage,
            notes=notes,
            hex_scope=cast(HexScope, scope_raw) if scope_raw in HEX_SCOPES else None,
            contested=contested,
            rulings=rulings,
        )


def _check_agony(r: TableReader, steps: Sequence[TurnStep], agony_steps: int) -> None:
    numbers = [s.number for s in steps if s.kind == "agony"]
    if numbers != list(range(agony_steps)):
        r.problem(
            "step",
            f"the agony steps must be agony-0 to agony-{agony_steps - 1} in order "
            f"(agony.toml schedules {agony_steps}), got "
            f"{', '.join(f'agony-{n}' for n in numbers) or 'none'}",
        )


def parse_turn(
    path: Path, raw: Mapping[str, object], readings: Mapping[str, str], agony_steps: int
) -> TurnRules:
    """The turn of ``raw`` (read from ``path``) under ``readings``; ``agony_steps`` is the
    number of steps of the same ruleset's agony schedule."""
    r = TableReader(path, ruling_resolver(readings))
    r.keys(raw, "turn", _TOP_KEYS)
    clause = r.text(raw, "turn", "clause")
    abilities, ability_rulings = _abilities(r, raw.get("abilities"))
    kinds = _kinds(r, raw.get("kind"))
    raw_steps = raw.get("step")
    if not isinstance(raw_steps, list) or not raw_steps:
        r.problem("step", "expected [[step]] tables, one per step of the turn")
        raw_steps = []
    reader = _StepReader(r, kinds)
    steps = [s for i, entry in enumerate(raw_steps) if (s := reader.step(i, entry)) is not None]
    if steps and steps[-1].kind != "aftermath":
        r.problem("step", f"the turn must end with the aftermath, not {steps[-1].id!r}")
    for kind in UNNUMBERED:
        if sum(s.kind == kind for s in steps) > 1:
            r.problem("step", f"the {kind} step is listed more than once")
    if any(s.kind == "orders" for s in steps[1:]):
        r.problem("step", "the orders step, when the turn has one, is its first step")
    _check_agony(r, steps, agony_steps)
    r.check()
    return TurnRules(
        path, clause, tuple(steps), MappingProxyType(abilities), MappingProxyType(ability_rulings)
    )


TURN: TableKind[TurnRules] = TableKind(
    "turn",
    (FILE_NAME,),
    lambda src: parse_turn(
        src.path(FILE_NAME), src.doc(FILE_NAME), src.readings, len(src.table(AGONY).schedule)
    ),
    needs=("agony",),
)
"""The turn of a ruleset (``turn.toml``; its agony steps are counted on the agony schedule)."""


def turn_rules(rules: Ruleset) -> TurnRules:
    """The turn of ``rules`` under its readings."""
    return rules.table(TURN)


def turn_sequence(rules: Ruleset) -> tuple[TurnStep, ...]:
    """The steps of one turn of ``rules``, in order (clause ``turn.sequence``)."""
    return turn_rules(rules).steps


def step_numbers(rules: Ruleset, kind: str) -> tuple[int, ...]:
    """The numbers of the turn's steps of ``kind`` (``movement``: 1, 2, 3), in order; a
    command naming its step is checked against them (clause ``turn.sequence``)."""
    return tuple(
        sorted({s.number for s in turn_sequence(rules) if s.kind == kind and s.number is not None})
    )


def either(numbers: tuple[int, ...]) -> str:
    """``1, 2 or 3``: the numbers a step may have, in words."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
