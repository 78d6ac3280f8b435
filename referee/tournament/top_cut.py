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

from referee.tournament.event import Cut, Event, Round

SIZES = (4, 8, 16)
STAGES = {2: "final", 4: "semi-finals", 8: "quarter-finals", 16: "last 16"}


def bracket_order(size: int) -> list[int]:
    """The seeds (1 best) in the order the first round seats them, two a table."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


def cut_rounds(size: int) -> int:
    """How many rounds a cut of ``size`` plays (4: 2, 8: 3, 16: 4)."""
    return size.bit_length() - 1


def stage(cut: Cut, round_number: int) -> str:
    """The round's name in the cut (quarter-finals, semi-finals, final)."""
    left = cut.size >> (round_number - cut.after - 1)
    return STAGES.get(left, f"last {left}")


def winner(cut: Cut, rnd: Round, table: int, tie: str = "higher-seed") -> str | None:
    """The table's winner: more MVP, or at level MVP as ``tie`` reads (ruling
    ``tournament.cut-tie``: the higher seed, or more destroyed enemy points first); None
    before a result."""
    if table not in rnd.results:
        return None
    a, b = rnd.results[table].scores
    if a.mvp != b.mvp:
        return a.name if a.mvp > b.mvp else b.name
    if tie == "destroyed-first" and a.destroyed_enemy != b.destroyed_enemy:
        return a.name if a.destroyed_enemy > b.destroyed_enemy else b.name
    seed = {name: i for i, name in enumerate(cut.seeds)}
    return min((a.name, b.name), key=lambda n: seed.get(n, len(seed)))


def entrants(event: Event, round_number: int) -> list[str]:
    """The players of a cut round in seating order (two a table); [] while the round before
    has a table without a result, or after the final."""
    cut = event.cut
    if cut is None or not cut.after < round_number <= cut.after + cut_rounds(cut.size):
        return []
    if round_number == cut.after + 1:
        return [cut.seeds[s - 1] for s in bracket_order(cut.size)]
    before = event.round(round_number - 1)
    if before is None:
        return []
    tie = str(event.reading("tournament.cut-tie"))
    won = [winner(cut, before, t, tie) for t in range(1, len(before.tables) + 1)]
    return [] if None in won else [w for w in won if w is not None]


def champion(event: Event) -> str | None:
    """The cut's winner, once its final has a result."""
    cut = event.cut
    if cut is None:
        return None
    final = event.round(cut.after + cut_rounds(cut.size))
    tie = str(event.reading("tournament.cut-tie"))
    return winner(cut, final, 1, tie) if final is not None else None
