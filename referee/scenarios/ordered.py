"""The first draft's setup in steps (clauses ``setup.order``, ``setup.advantage``,
``setup.scout``, ``setup.hidden``): the scenario's steps in order, each finished by both
sides before the next. A step takes the waiting units its ``size``/``type`` names, less its
``except_types``; a step no side has units for is passed over.

Each step with units on both sides starts with the setup-advantage roll: a die per side,
the higher wins the advantage and sets up second (a tie: ruling ``setup.advantage-tie``).
The loser places ``first`` unit(s), then the sides take turns of ``then`` units; a side
with nothing left to place in the step (or that passes an optional step) drops out, and the
other places all it has left. A side "has nothing left" when no unit of its own in the
step has a legal hex (:mod:`referee.scenarios.placement`).
"""

from __future__ import annotations

from collections.abc import Mapping

from msgspec.structs import replace

from referee.dice.service import Dice
from referee.scenarios.battlefield import resolved
from referee.scenarios.model import SetupStep
from referee.scenarios.placement import Standing
from referee.scenarios.progress import SetupProgress, Waiting
from referee.scenarios.setup_board import (
    Placement,
    SetupBoard,
    SetupError,
    SetupOutcome,
    check_placement,
)

MAX_ROLLS = 50
"""Rolls of one step's advantage before a run of ties is refused (typed dice only)."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def current_step(board: SetupBoard, progress: SetupProgress) -> SetupStep | None:
    steps = board.scenario.setup.steps
    return steps[progress.step] if progress.step < len(steps) else None


def hex_rule(board: SetupBoard, step: SetupStep) -> tuple[str, str | None]:
    """Where the step's units may go (``zone``, ``in-sight``, ``out-of-sight``) and the
    ruling that said so."""
    value, ruling = resolved(step.hexes, board.rules)
    return str(value), ruling


def takes(board: SetupBoard, step: SetupStep, waiting: Waiting) -> bool:
    """Whether ``step`` sets up ``waiting`` (ruling ``setup.hidden-scouts`` for a step whose
    exceptions depend on it)."""
    card = board.card(waiting)
    excepted, _ = resolved(step.except_types, board.rules)
    if step.size is not None and card.size != step.size:
        return False
    if step.type is not None and step.type not in card.types:
        return False
    words = excepted if isinstance(excepted, (list, tuple)) else ()
    return not any(t in card.types for t in words)


def candidates(board: SetupBoard, progress: SetupProgress, side: int) -> tuple[Waiting, ...]:
    """The units of ``side`` the current step sets up."""
    step = current_step(board, progress)
    if step is None:
        return ()
    return tuple(w for w in progress.waiting_of(side) if takes(board, step, w))


def placeable(board: SetupBoard, progress: SetupProgress, side: int) -> tuple[Waiting, ...]:
    """The step's units of ``side`` that have at least one legal hex now."""
    step = current_step(board, progress)
    if step is None or side in progress.passed:
        return ()
    rule, ruling = hex_rule(board, step)
    return tuple(w for w in candidates(board, progress, side) if board.legal(w, rule, ruling).hexes)


def _sides_with_units(board: SetupBoard, progress: SetupProgress) -> list[int]:
    return [side for side in (1, 2) if placeable(board, progress, side)]


def _enter(board: SetupBoard, progress: SetupProgress, index: int) -> tuple[SetupProgress, str]:
    """The progress at the first step from ``index`` that has units to set up (or done)."""
    notes: list[str] = []
    steps = board.scenario.setup.steps
    while index < len(steps):
        fresh = replace(
            progress, step=index, winner=None, roll_needed=False, on_turn=None, left=None, passed=()
        )
        sides = _sides_with_units(board, fresh)
        step = steps[index]
        if len(sides) == 2:
            return replace(fresh, roll_needed=True), "\n".join(
                [*notes, f"step {index + 1} ({step.name}): roll for the setup advantage"]
            )
        if len(sides) == 1:
            notes.append(
                f"step {index + 1} ({step.name}): only side {sides[0]} has units to set up; no roll"
            )
            return replace(fresh, on_turn=sides[0]), "\n".join(notes)
        notes.append(f"step {index + 1} ({step.name}): no unit to set up")
        index += 1
    left = ", ".join(w.uid for w in progress.waiting)
    done = replace(
        progress,
        step=len(steps),
        winner=None,
        roll_needed=False,
        on_turn=None,
        left=None,
        passed=(),
        done=True,
    )
    notes.append("setup finished" + (f"; not set up (no legal hex): {left}" if left else ""))
    return done, "\n".join(notes)


def start(board: SetupBoard, waiting: tuple[Waiting, ...]) -> SetupProgress:
    """The progress before anything is set up: at the first step with units."""
    progress, _ = _enter(board, SetupProgress("ordered", waiting), 0)
    return progress


def _turn_after(board: SetupBoard, progress: SetupProgress, side: int) -> tuple[SetupProgress, str]:
    """Who places next after ``side`` placed or passed: the turn goes on, passes to the
    other side for ``then`` units, or the step ends and the next begins."""
    advantage = board.scenario.setup.advantage
    then = advantage.then if advantage is not None else 2
    mine = bool(placeable(board, progress, side))
    other = 3 - side
    theirs = bool(placeable(board, progress, other))
    if not mine and not theirs:
        step = current_step(board, progress)
        name = step.name if step is not None else ""
        nxt, text = _enter(board, progress, progress.step + 1)
        return replace(nxt, previous_winner=progress.winner or progress.previous_winner), (
            f"step {progress.step + 1} ({name}) finished\n{text}"
        )
    if not mine:
        return replace(progress, on_turn=other, left=None), (
            f"side {side} has no more units for this step: side {other} sets up all it has left"
        )
    if progress.left is not None and progress.left > 0:
        return progress, f"side {side} places {_plural(progress.left, 'more unit')}"
    if not theirs:
        return replace(progress, on_turn=side, left=None), (
            f"side {other} has no more units for this step: side {side} sets up all it has left"
        )
    if progress.left is None:
        return progress, f"side {side} goes on setting up"
    return replace(progress, on_turn=other, left=then), (
        f"side {other} places {_plural(then, 'unit')} next"
    )


def roll_advantage(board: SetupBoard, progress: SetupProgress, dice: Dice) -> SetupOutcome:
    """The setup-advantage roll of the current step (clause ``setup.advantage``)."""
    step = current_step(board, progress)
    advantage = board.scenario.setup.advantage
    if step is None or advantage is None or progress.done:
        raise SetupError("setup-roll: the setup is finished; no roll is asked")
    if not progress.roll_needed:
        raise SetupError(
            f"setup-roll: step {progress.step + 1} ({step.name}) needs no roll now"
            f" ({asked(board, progress)})"
        )
    tie, tie_ruling = resolved(advantage.tie, board.rules)
    rulings = []
    lines = []
    rolled: list[int] = []
    winner: int | None = None
    for _ in range(MAX_ROLLS):
        one = dice.roll(advantage.die, f"setup advantage, step {progress.step + 1}: side 1")
        two = dice.roll(advantage.die, f"setup advantage, step {progress.step + 1}: side 2")
        rolled += [one, two]
        lines.append(f"side 1 rolls {one}, side 2 rolls {two}")
        if one != two:
            winner = 1 if one > two else 2
            break
        if tie_ruling:
            rulings.append(tie_ruling)
        if tie == "keep-previous" and progress.previous_winner is not None:
            winner = progress.previous_winner
            lines.append(f"a tie: side {winner} keeps the advantage of the previous step")
            break
        lines.append("a tie: both roll again")
    if winner is None:
        raise SetupError(f"setup-roll: {MAX_ROLLS} tied rolls in a row; check the typed dice")
    loser = 3 - winner
    after = replace(progress, winner=winner, roll_needed=False, on_turn=loser, left=advantage.first)
    if not placeable(board, after, loser):
        after = replace(after, on_turn=winner, left=None)
    lines.append(
        f"side {winner} has the setup advantage and sets up second; side {loser} places "
        f"{_plural(advantage.first, 'unit')} first"
    )
    return SetupOutcome(
        after,
        f"step {progress.step + 1} ({step.name}): " + "\n".join(lines),
        clauses=(advantage.clause,),
        rulings=tuple(dict.fromkeys(rulings)),
        dice=tuple(rolled),
    )


def _standing_with(board: SetupBoard, placement: Placement) -> SetupBoard:
    card = board.cards[placement.unit]
    added = Standing(
        placement.uid,
        placement.side,
        placement.hex,
        card.size,
        "scout" in card.types,
        placement.hidden,
    )
    return replace(board, standing=(*board.standing, added))


def place(
    board: SetupBoard, progress: SetupProgress, command: Mapping[str, object]
) -> SetupOutcome:
    """One unit set up by the side on turn, in a legal hex of the current step."""
    step = current_step(board, progress)
    if step is None or progress.done:
        raise SetupError("place: the setup is finished")
    if progress.roll_needed:
        raise SetupError(
            f"place: roll for the setup advantage of step {progress.step + 1} "
            f"({step.name}) first (setup-roll)"
        )
    uid = str(command.get("uid", ""))
    waiting = progress.waiting_unit(uid)
    if waiting is not None:
        if waiting.side != progress.on_turn:
            raise SetupError(
                f"place {uid}: it is side {progress.on_turn}'s turn to set up "
                f"({asked(board, progress)})"
            )
        if waiting not in candidates(board, progress, waiting.side):
            names = ", ".join(w.uid for w in candidates(board, progress, waiting.side))
            raise SetupError(
                f"place {uid}: step {progress.step + 1} ({step.name}) does not set "
                f"it up (this step: {names or 'none of side ' + str(waiting.side)})"
            )
    rule, sight_ruling = hex_rule(board, step)
    placement, rulings = check_placement(board, progress, command, rule, sight_ruling)
    after_board = _standing_with(board, placement)
    left = None if progress.left is None else progress.left - 1
    after = replace(progress.without(uid), left=left)
    after, turn = _turn_after(after_board, after, placement.side)
    if sight_ruling:
        rulings.append(sight_ruling)
    text = (
        f"step {progress.step + 1} ({step.name}): side {placement.side} sets up "
        f"{placement.text()}\n{turn}"
    )
    return SetupOutcome(
        after,
        text,
        (placement,),
        clauses=("setup.order", step.clause),
        rulings=tuple(dict.fromkeys(rulings)),
    )


def pass_step(board: SetupBoard, progress: SetupProgress, side: int) -> SetupOutcome:
    """``side`` sets up no more units in the current, optional step."""
    step = current_step(board, progress)
    if step is None or progress.done:
        raise SetupError("setup-pass: the setup is finished")
    if not step.optional:
        names = ", ".join(w.uid for w in candidates(board, progress, side))
        raise SetupError(
            f"setup-pass: step {progress.step + 1} ({step.name}) sets up every "
            f"unit it takes (side {side}: {names or 'none'}); it cannot be passed"
        )
    if progress.roll_needed:
        raise SetupError(
            f"setup-pass: roll for the setup advantage of step {progress.step + 1} "
            "first (setup-roll)"
        )
    if side != progress.on_turn:
        raise SetupError(f"setup-pass: it is side {progress.on_turn}'s turn, not side {side}'s")
    after = replace(progress, passed=(*progress.passed, side), left=0)
    after, turn = _turn_after(board, after, side)
    return SetupOutcome(
        after,
        f"step {progress.step + 1} ({step.name}): side {side} sets up "
        f"no more units in this step\n{turn}",
        clauses=("setup.order",),
    )


def asked(board: SetupBoard, progress: SetupProgress, hints: bool = True) -> str:
    """What the procedure asks for now, in words; ``hints`` adds the command to give."""
    step = current_step(board, progress)
    if step is None or progress.done:
        return "setup finished"
    head = f"step {progress.step + 1} of {len(board.scenario.setup.steps)}, {step.name}"
    if progress.roll_needed:
        return f"{head}: roll for the setup advantage" + (" (setup-roll)" if hints else "")
    side = progress.on_turn
    if side is None:
        return head
    units = placeable(board, progress, side)
    many = (
        "all its units left in this step"
        if progress.left is None
        else _plural(min(progress.left, len(units)), "unit")
    )
    optional = (" (or pass: setup-pass)" if hints else " (or pass)") if step.optional else ""
    won = f"; side {progress.winner} has the setup advantage" if progress.winner is not None else ""
    return f"{head}: side {side} places {many}{optional}{won}"
