"""A blind setup's screen and the journal (clause ``setup.blind``, ruling ``setup.blind-undo``):
while one side's placements are entered the other looks away, and a step holding an entry of
the side looking away is neither taken back nor brought back (the side at the screen would
see it go or come). It reads the match; it changes nothing. Where no screen shows who looks
(the command line), :func:`unscreened_refusal` says whose entry a step would show.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.rules.events import Step
from referee.rules.orders.concealment import sides_of
from referee.rules.orders.hidden_commands import Place
from referee.rules.orders.state import MatchState


def screen_up(state: MatchState) -> bool:
    """Whether ``state``'s blind setup is being entered, its screen between the sides (no
    step can be refused otherwise)."""
    setup = state.setup
    return setup is not None and not setup.done and setup.procedure == "blind"


def entry_sides(step: Step, state: MatchState) -> frozenset[int]:
    """The sides whose blind entries ``step`` holds (its placements, while ``state``'s blind
    setup is not revealed); none outside a blind setup."""
    if not screen_up(state):
        return frozenset()
    sides = sides_of(state)
    found = set()
    for event in step.events:
        command = event.command
        if isinstance(command, Place) and command.uid is not None:
            side = sides.get(command.uid)
            if side is None:  # (a unit the match no longer lists: what the step wrote)
                side = ((event.changes.units or {}).get(command.uid) or {}).get("side")
            if isinstance(side, int):
                found.add(side)
    return frozenset(found)


def screen_refusal(
    steps: Sequence[Step],
    state: MatchState,
    at_screen: int,
    verb: str = "undo",
    turn_by: str = "the Setup tab",
) -> str | None:
    """Why ``verb`` (``undo``, ``redo``) of ``steps`` is refused while side ``at_screen``
    enters its blind placements, in one sentence naming no step and saying how the screen is
    turned (``turn_by``, the window's Setup tab by default); None when it may (ruling
    ``setup.blind-undo``: ``screen-side`` refuses an entry of the side looking away, ``any``
    refuses nothing)."""
    if str(state.rules.reading("setup.blind-undo").value) != "screen-side":
        return None
    away = 3 - at_screen
    if not any(away in entry_sides(step, state) for step in steps):
        return None
    return (
        f"side {away}'s entry is behind the screen; turn it to side {away} ({turn_by}) to "
        f"{verb} it (ruling setup.blind-undo)"
    )


def unscreened_refusal(steps: Sequence[Step], state: MatchState, verb: str = "undo") -> str | None:
    """Why ``verb`` (``undo``, ``redo``) of ``steps`` is refused where no side is named at the
    screen (the command line, which cannot know who reads it): they hold a blind entry and
    ruling ``setup.blind-undo`` reads ``screen-side``. The sentence says whose entry would show
    and how, naming no step, unit or hex; None when nothing is behind the screen."""
    if str(state.rules.reading("setup.blind-undo").value) != "screen-side":
        return None
    sides = sorted({side for step in steps for side in entry_sides(step, state)})
    if not sides:
        return None
    whose = " and ".join(f"side {s}" for s in sides)
    if verb == "redo":
        what = "bring back"
        shown = "its placement would be entered again"
    else:
        what, shown = "take back", "its placement would be gone"
    return (
        f"{verb} would {what} {whose}'s blind entry: the step's name would be shown, and "
        f"{shown} while the setup is behind the screen (ruling setup.blind-undo)"
    )
