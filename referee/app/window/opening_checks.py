"""What the window says when it opens a match that is open elsewhere too, or whose journal
no longer replays as recorded (a die changed by hand in SQLite, s9-user trial #4 and #6).

The match still opens as its file says (README, "Match files": which program holds it,
and the check on opening): the window only warns. The check on opening is ``referee match
check``'s own (:meth:`~referee.match.journal.journal_file.JournalFile.replay_check`), of the
last :data:`CHECK_ON_OPEN_STEPS` steps at most (the steps before are folded as recorded, as
every opening does), run once the window shows the match."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.errors import RefereeError

if TYPE_CHECKING:
    from referee.app.session.match_session import MatchSession

CHECK_ON_OPEN_STEPS = 500
"""The most steps the window runs again when it opens a match (the shipped ten-turn match's
215 steps run again in about 0.3 s on a loaded machine)."""


def open_elsewhere(session: MatchSession) -> str:
    """The warning for a match another window or program holds open, or ''."""
    if not session.held_by:
        return ""
    return (
        f"{session.path.name} is open in another window or program too: {session.held_by}."
        "\n\nBoth can write to it: each step is written whole and each window catches up "
        "with the other's steps, but two referees stepping one match take turns without "
        "knowing it (an undo in one, the same step written again from the other). Close "
        "the match in one of them."
    )


def changed_by_hand(session: MatchSession) -> tuple[str, str]:
    """The warning for a journal that does not replay as recorded, and its first line for
    the status bar; ('', '') when it replays exactly."""
    match = session.match
    try:
        since = max(0, match.step_count() - CHECK_ON_OPEN_STEPS)
        problems = match.replay_check(since=since)
    except RefereeError as exc:
        problems = [str(exc)]
    if not problems:
        return "", ""
    first = problems[0]
    step = first.split(",", 1)[0]
    more = f"\n\n{len(problems) - 1} more event(s) differ too." if len(problems) > 1 else ""
    return (
        f"{session.path.name} does not replay as recorded: the file was changed outside "
        f"referee (by hand, or by another program).\n\n{first}{more}\n\nThe match opens as "
        "the file says, and new steps are written after it. Check the table against the "
        "journal (the command referee match check lists every difference); if the file is "
        "wrong, undo back to before that step, or open a copy kept from before.",
        f"Warning: {step} does not replay as recorded (changed by hand?). ",
    )
