"""The top cut: after the Swiss rounds, the best 4, 8 or 16 of the standings play single
elimination rounds (a ``cut`` record: size, after, seeds, best first, frozen when the cut is
made).

Its first round seats the seeds in bracket order, the best against the worst (for 8:
1 v 8, 4 v 5, 2 v 7, 3 v 6), so that the two best seeds can meet only in the final; each
later round seats the winners of the round before, table 1's against table 2's, table 3's
against table 4's and so on. A table's winner scores more MVP; at level MVP the higher
seed goes through (ruling ``tournament.cut-tie``; its other reading: more destroyed enemy
points first). A cut round is paired, clocked, reported and exported as any round is; the
standings stay those of the Swiss rounds (``Event.swiss_rounds``).
"""

from __future__ import annotations

from referee.tournament.event import (
    Cut,
    Event,
    bracket_order,
    cut_rounds,
    entrants,
    winner,
)

__all__ = ["SIZES", "bracket_order", "champion", "cut_rounds", "entrants", "stage", "winner"]

SIZES = (4, 8, 16)
STAGES = {2: "final", 4: "semi-finals", 8: "quarter-finals", 16: "last 16"}


def stage(cut: Cut, round_number: int) -> str:
    """The round's name in the cut (quarter-finals, semi-finals, final)."""
    left = cut.size >> (round_number - cut.after - 1)
    return STAGES.get(left, f"last {left}")


def champion(event: Event) -> str | None:
    """The cut's winner, once its final has a result."""
    cut = event.cut
    if cut is None:
        return None
    final = event.round(cut.after + cut_rounds(cut.size))
    tie = str(event.reading("tournament.cut-tie"))
    return winner(cut, final, 1, tie) if final is not None else None
