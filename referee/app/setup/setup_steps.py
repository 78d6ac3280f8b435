"""The steps the Setup dock asks the engine for, each named as Edit > Undo and the status bar
show it: a placement, the setup-advantage roll, a side's pass, the blind setup's reveal. A
step's name names no unit the other side may not know of (a blind entry, a hidden unit); the
journal tells the referee."""

from __future__ import annotations

from referee.rules.orders.commands import Place, Reveal, SetupPass, SetupRoll
from referee.scenarios import ordered
from referee.scenarios.progress import SetupProgress
from referee.scenarios.setup_board import SetupBoard


def _step_words(board: SetupBoard | None, progress: SetupProgress) -> str:
    step = ordered.current_step(board, progress) if board else None
    return f"Setup, step {progress.step + 1} ({step.name if step else ''})"


def place_step_name(
    board: SetupBoard | None, progress: SetupProgress, command: Place, entering: int
) -> str:
    """The name of the step setting up ``command``'s unit (of ``entering``'s side unless
    it waits with a side of its own)."""
    waiting = progress.waiting_unit(command.uid or "")
    side = waiting.side if waiting else entering
    if progress.procedure == "blind":
        return f"Blind setup: side {side} enters a placement"
    card = board.cards.get(waiting.unit) if board and waiting else None
    what = "a hidden unit" if card is not None and "hidden" in card.types else command.uid
    return f"{_step_words(board, progress)}: side {side} places {what}"


def roll_step(board: SetupBoard | None, progress: SetupProgress) -> tuple[str, SetupRoll]:
    """The setup-advantage roll (clause ``setup.advantage``)."""
    return f"{_step_words(board, progress)}: the setup-advantage roll", SetupRoll()


def pass_step(progress: SetupProgress, side: int) -> tuple[str, SetupPass]:
    """``side`` sets up no more units in this step."""
    return f"Setup, step {progress.step + 1}: side {side} passes", SetupPass(side=side)


def reveal_step() -> tuple[str, Reveal]:
    """A blind setup's placements shown to both sides."""
    return "Blind setup: both sides revealed", Reveal()
