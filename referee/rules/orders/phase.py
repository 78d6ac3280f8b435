"""Whether a command that carries out a step of the turn may run where the match's clock is
(clause ``turn.sequence``; ruling ``turn.step-outside-phase``).

A movement step, an assault, a 'trigger hex effects' step, an 'apply damage' step, an agony
step and the aftermath each belong to a part of the turn: the group of steps that opens with
Movement 2, the Assault groups, the groups that have a hex effects or an apply damage step,
Agony 3, the Aftermath (``data/rulesets/<id>/turn.toml``). Asked for while the clock is in
another group, the engine refuses it, naming the step and where the clock is, whoever asks
(a wizard, the command line, a typed step). Orders, corrections, the setup's commands and
``advance`` belong to no group. A fire action has its own ruling
(``turn.fire-outside-gunnery``, :func:`referee.rules.orders.step._at_gunnery`), and so do the
other gunnery orders, Aim, Spot and Load: they are carried out at a gunnery step only (clauses
``orders.gunnery-codes``, ``turn.gunnery``; ruling ``turn.gunnery-order-outside-gunnery``),
each of the gunnery step the clock is at (``referee.rules.orders.step._gunnery_step``).
"""

from __future__ import annotations

from referee.rules.orders.commands import Command
from referee.rules.orders.state import MatchState
from referee.rules.turn.clock import TurnPosition
from referee.rules.turn.sequence import TurnStep

__all__ = [
    "GUNNERY_ORDER_KINDS",
    "PHASED_KINDS",
    "gunnery_refusal",
    "phase_refusal",
]

RULING = "turn.step-outside-phase"
GUNNERY_RULING = "turn.gunnery-order-outside-gunnery"

PHASED_KINDS: tuple[str, ...] = (
    "movement",
    "assault",
    "hex-effects",
    "apply-damage",
    "agony",
    "aftermath",
)
"""The kinds of command that carry out a step of the turn (the same names as the kinds of
step of ``turn.toml``)."""

GUNNERY_ORDER_KINDS: tuple[str, ...] = ("aim", "spot", "load")
"""The gunnery orders other than fire, carried out at a gunnery step (ruling
``turn.gunnery-order-outside-gunnery``)."""


def _short(step: TurnStep) -> str:
    """``Movement 2`` for ``Movement 2: move every unit at once (...)``."""
    return step.label.split(":", 1)[0]


def _words(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _groups(steps: tuple[TurnStep, ...], kind: str, number: int | None) -> list[TurnStep]:
    """The first step of each group of the turn where a command of ``kind`` (numbered
    ``number``, for a movement or agony step) is carried out: the groups that hold a step of
    that kind, of that number when it has one."""
    firsts = {s.id: s for s in steps if s.id == s.group}
    wanted = {
        s.group
        for s in steps
        if s.kind == kind and (number is None or s.number is None or s.number == number)
    }
    return [firsts[g] for g in firsts if g in wanted]


def phase_refusal(state: MatchState, command: Command) -> str:
    """Why ``command`` may not be carried out now, the match's clock being where it is
    (clause ``turn.sequence``, ruling ``turn.step-outside-phase``); ``""`` when it may, when
    the command carries out no step of the turn, or under the reading ``any-step``. A
    gunnery order is judged by its handler once its units are found, as a fire action is
    (:func:`gunnery_refusal`)."""
    kind = command.KIND
    if kind not in PHASED_KINDS:
        return ""
    if state.rules.reading(RULING).value is True:
        return ""
    now = TurnPosition.at(state.rules, state.turn, state.step)
    number = getattr(command, "step", None) if kind in ("movement", "agony") else None
    number = number if isinstance(number, int) else None
    groups = _groups(now.steps, kind, number)
    if not groups:  # a step number this turn has not: step_field names the numbers
        return ""
    if now.step.group in {g.id for g in groups}:
        return ""
    what = f"{kind} step={number}" if number is not None else kind
    return (
        f"{what}: carried out only when the match is at "
        f"{_words([_short(g) for g in groups])}, and the match is at turn {state.turn}, "
        f'"{now.step.label}" (clause turn.sequence, ruling {RULING})'
    )


def gunnery_refusal(state: MatchState, kind: str = "fire") -> str:
    """Why a gunnery order of ``kind`` (a fire action; an Aim, Spot or Load order) may not be
    carried out now: the match is not at a gunnery step of its turn ('The first is executed in
    gunnery 1, the second in gunnery 2', clauses ``turn.gunnery``, ``orders.gunnery-codes``);
    ``""`` when it may, or when the ruleset carries it out at any step (rulings
    ``turn.fire-outside-gunnery``, read so by files of format 2 and older, and
    ``turn.gunnery-order-outside-gunnery``, by files of format 7 and older)."""
    fire = kind == "fire"
    ruling = "turn.fire-outside-gunnery" if fire else GUNNERY_RULING
    if state.rules.reading(ruling).value is True:
        return ""
    step = TurnPosition.at(state.rules, state.turn, state.step).step
    if step.kind == "gunnery":
        return ""
    return (
        f"{kind}: {'a fire action' if fire else 'a gunnery order'} is carried out at a gunnery "
        f'step only, and the match is at turn {state.turn}, "{step.label}" '
        f"(clause turn.gunnery, ruling {ruling})"
    )
