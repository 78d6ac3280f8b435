"""One 24-player, 5-round event run by several desks at once, or by one desk step by step.

The plan is the same for both: every table's result comes from the round and its two
players (a seeded random source), and each round has its own extra work: late entries, drops
and corrections, each given to one desk. Run as a script, this is one desk process:

    python several_desks.py TARGET DESK_NUMBER DESKS

It enters every missing result of the current round (each desk in its own order, so desks
collide on the same tables), does its share of the extra work once that round's result is
in, and pairs the next round as soon as every result and every extra of this round is in
(all desks try: one pairing is made, the others are told). It prints what it did as JSON.
"""

from __future__ import annotations

import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from desk_helpers import random_result

from referee.tournament.desk import Desk, DeskError
from referee.tournament.event import Event
from referee.tournament.scoring import MatchResult

PLAYERS = [f"Player {i:02}" for i in range(1, 25)]
NATIONS = ("orks", "spartans", "elves", "dwarves")
ROUNDS = 5
SEED = 2027
DEADLINE_S = 300


@dataclass(frozen=True)
class Extra:
    """Extra work in a round: ('late', name), ('drop', name) or ('correct', table)."""

    round: int
    kind: str
    what: str | int
    desk: int


EXTRAS = (
    Extra(1, "late", "Late Lou", 0),
    Extra(2, "drop", "Player 05", 1),
    Extra(2, "correct", 3, 2),
    Extra(3, "late", "Late Max", 0),
    Extra(3, "correct", 1, 1),
    Extra(4, "drop", "Player 17", 2),
    Extra(4, "correct", 2, 0),
)


def result(round_number: int, a: str, b: str, corrected: bool = False) -> MatchResult:
    rng = random.Random(f"{'fix' if corrected else 'result'}|{round_number}|{a}|{b}")
    return random_result(rng, a, b)


def new_event(target: str | Path) -> Desk:
    desk = Desk.create(target, name="Open 2027", rounds=ROUNDS, seed=SEED, who="organiser")
    for i, name in enumerate(PLAYERS):
        desk.add_player(name, NATIONS[i % len(NATIONS)])
    return desk


def extra_done(event: Event, extra: Extra) -> bool:
    if extra.kind == "late":
        return extra.what in event.players
    if extra.kind == "drop":
        return event.players[str(extra.what)].dropped_after is not None
    rnd = event.round(extra.round)
    table = int(extra.what)
    return rnd is not None and table in rnd.results and rnd.results[table].corrected


def do_extra(desk: Desk, event: Event, extra: Extra) -> None:
    if extra.kind == "late":
        desk.add_player(str(extra.what), "elves")
    elif extra.kind == "drop":
        desk.drop(str(extra.what))
    else:
        table = int(extra.what)
        a, b = event.round(extra.round).tables[table - 1]  # type: ignore[union-attr]
        desk.correct(
            extra.round,
            table,
            result(extra.round, a, b, corrected=True),
            f"round {extra.round} table {table}: the sheet was added up wrong",
        )


def round_done(event: Event) -> bool:
    rnd = event.round(event.current_round)
    return (
        rnd is not None
        and rnd.complete
        and all(extra_done(event, x) for x in EXTRAS if x.round == rnd.number)
    )


def one_by_one(target: str | Path) -> Desk:
    """The whole plan entered by one desk, one step after the other."""
    desk = new_event(target)
    for number in range(1, ROUNDS + 1):
        tables = desk.pair().tables
        for t, (a, b) in enumerate(tables, 1):
            desk.record_result(number, t, result(number, a, b))
        for extra in EXTRAS:
            if extra.round == number:
                do_extra(desk, desk.event(), extra)
    return desk


def run_desk(target: str, number: int, desks: int) -> dict[str, int]:
    """One desk of several (see the module docstring)."""
    done = {"results": 0, "results_refused": 0, "pairings": 0, "pairings_refused": 0, "extras": 0}
    deadline = time.monotonic() + DEADLINE_S
    with Desk.open(target, who=f"desk-{number}") as desk:
        while time.monotonic() < deadline:
            event = desk.event()
            rnd = event.round(event.current_round)
            if rnd is not None:
                order = list(range(1, len(rnd.tables) + 1))
                random.Random(f"{number}|{rnd.number}").shuffle(order)
                for t in order:
                    if t in rnd.results:
                        continue
                    a, b = rnd.tables[t - 1]
                    try:
                        desk.record_result(rnd.number, t, result(rnd.number, a, b))
                        done["results"] += 1
                    except DeskError:  # another desk entered it first
                        done["results_refused"] += 1
                event = desk.event()
                for extra in EXTRAS:
                    if (
                        extra.round == rnd.number
                        and extra.desk % desks == number
                        and not extra_done(event, extra)
                        and (
                            extra.kind != "correct"
                            or int(extra.what) in event.round(extra.round).results
                        )
                    ):  # type: ignore[union-attr]
                        do_extra(desk, event, extra)
                        done["extras"] += 1
                event = desk.event()
            if event.current_round == ROUNDS and round_done(event):
                return done
            if event.current_round == 0 or round_done(event):
                try:
                    desk.pair()
                    done["pairings"] += 1
                except DeskError:  # another desk paired this round first
                    done["pairings_refused"] += 1
            else:
                time.sleep(0.02)  # waiting on another desk's share of the work
    raise SystemExit(f"desk {number}: the event was not finished in {DEADLINE_S} s")


if __name__ == "__main__":
    print(json.dumps(run_desk(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))))
