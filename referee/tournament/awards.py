"""Votes and awards: painting, sportsmanship and favourite-opponent votes, and the awards
counted from them with the weights the organiser sets.

Records (``event.py`` lists every kind):

- ``vote``: voter, category (:data:`CATEGORIES`), for, by ("desk" or "room"): one player's
  vote in one category; the last vote of a voter in a category counts. The desk enters a
  vote (from a paper ballot, or to put one right) and it always replaces the voter's last;
  a player votes from a phone with their own code (``room``), and a second vote from a phone
  is refused or replaces the first as ruling ``tournament.second-vote`` reads.
- ``award-weights``: the weight of each part of best overall (:data:`WEIGHT_KEYS`); the last
  record counts, :data:`DEFAULT_WEIGHTS` before any.

Who may be voted for: never oneself; in painting any other player of the event (every army
is on show); in sportsmanship and favourite opponent only a player one was paired against
(a judgement of an opponent needs a game against them).

The awards: best general (first in the standings; with a top cut, also its champion),
best painted, best sport and favourite opponent (most votes, one vote at least), and best
overall, the highest of ``weight x total TVP (after penalties, as the standings show it) +
weight x votes`` in each category (:meth:`Weights.formula` says it in words). Players level
for an award share it: every one is named.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from referee.tournament.desk import Desk, DeskError
from referee.tournament.event import Event
from referee.tournament.player_names import matching_names
from referee.tournament.room import RoomError
from referee.tournament.scoring import micro
from referee.tournament.standings import standings
from referee.tournament.store import NewRecord, Record

CATEGORIES: dict[str, str] = {
    "painting": "best painted army",
    "sportsmanship": "best sport",
    "favourite-opponent": "favourite opponent",
}
"""Each vote's category and the award it decides."""
AWARD_TITLES: dict[str, str] = {
    "painting": "Best painted army",
    "sportsmanship": "Best sport",
    "favourite-opponent": "Favourite opponent",
}
OPPONENTS_ONLY = ("sportsmanship", "favourite-opponent")
"""Categories in which a player votes only for someone they were paired against."""
WEIGHT_KEYS = ("tvp", *CATEGORIES)
"""The parts of best overall: total TVP, then each category's votes."""
DEFAULT_WEIGHTS: dict[str, int] = {
    "tvp": 1,
    "painting": 10,
    "sportsmanship": 10,
    "favourite-opponent": 5,
}
WEIGHT_MAX = 1000
VOTED_BY = ("desk", "room")


class VoteRefused(DeskError):
    """A vote that cannot be taken: the message says why; nothing was recorded."""


class RoomVoteRefused(RoomError):
    """A phone's vote the rules refuse (for oneself, for someone never played...)."""

    status = 422


class Weights(msgspec.Struct, frozen=True):
    """The weight of each part of best overall (:data:`WEIGHT_KEYS`), whole numbers."""

    values: Mapping[str, int]

    def __getitem__(self, key: str) -> int:
        return int(self.values.get(key, 0))

    def formula(self) -> str:
        """Best overall's formula in words: ``best overall = 1 x total TVP ... + 10 x
        painting votes``."""
        return "best overall = " + self.terms()

    def terms(self) -> str:
        """The formula's right-hand side in words."""
        words = {
            "tvp": "total TVP (after penalties)",
            "painting": "painting votes",
            "sportsmanship": "sportsmanship votes",
            "favourite-opponent": "favourite-opponent votes",
        }
        parts = [f"{self[k]} x {words[k]}" for k in WEIGHT_KEYS if self[k]]
        return " + ".join(parts) if parts else "0 (every weight is 0)"

    def to_json(self) -> dict[str, int]:
        return {k: self[k] for k in WEIGHT_KEYS}


class Award(msgspec.Struct, frozen=True):
    """One award: its key, its title, the players who share it and why, in words."""

    key: str
    title: str
    winners: tuple[str, ...]
    why: str

    def to_json(self) -> dict[str, Any]:
        return {
            "award": self.key,
            "title": self.title,
            "winners": list(self.winners),
            "why": self.why,
        }


class Overall(msgspec.Struct, frozen=True):
    name: str
    tvp: float
    votes: Mapping[str, int]
    score: float

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "tvp": round(self.tvp, 4),
            "votes": dict(self.votes),
            "score": round(self.score, 4),
        }


class Awards(msgspec.Struct, frozen=True):
    """Every award, each category's tally, best overall's scores (best first) and formula."""

    awards: tuple[Award, ...]
    tallies: Mapping[str, Mapping[str, int]]
    overall: tuple[Overall, ...]
    weights: Weights
    voters: Mapping[str, int]
    """How many players have voted in each category."""

    @property
    def formula(self) -> str:
        return self.weights.formula()

    def of(self, name: str) -> list[str]:
        """The titles of the awards ``name`` won (shared ones too)."""
        return [a.title for a in self.awards if name in a.winners]

    def votes_text(self) -> dict[str, str]:
        """Each category's tally in words (most votes first), or "none yet"."""
        return {
            c: ", ".join(f"{n} {v}" for n, v in tally.items()) or "none yet"
            for c, tally in self.tallies.items()
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "awards": [a.to_json() for a in self.awards],
            "formula": self.formula,
            "weights": self.weights.to_json(),
            "votes": {c: dict(t) for c, t in self.tallies.items()},
            "voters": dict(self.voters),
            "overall": [o.to_json() for o in self.overall],
        }


def weights(event: Event) -> Weights:
    """The weights the organiser set last (:data:`DEFAULT_WEIGHTS` before any)."""
    found: Mapping[str, Any] = DEFAULT_WEIGHTS
    for r in event.records:
        if r.kind == "award-weights":
            found = r.data
    return Weights({k: int(found.get(k, 0)) for k in WEIGHT_KEYS})


def votes(event: Event) -> dict[tuple[str, str], Record]:
    """(voter, category) -> the vote that counts (the last), of players still entered."""
    out: dict[tuple[str, str], Record] = {}
    for r in event.records:
        if r.kind == "vote":
            d = r.data
            if d["voter"] in event.players and d["for"] in event.players:
                out[(str(d["voter"]), str(d["category"]))] = r
    return out


def vote_problem(event: Event, voter: str, category: str, choice: str) -> str | None:
    """Why ``voter`` cannot vote for ``choice`` in ``category``, or None (module
    docstring)."""
    if category not in CATEGORIES:
        return f"{category!r}: vote in {', '.join(CATEGORIES)}"
    if voter not in event.players:
        return f"no player {voter!r} in this event"
    if choice not in event.players:
        return f"no player {choice!r} in this event"
    if choice == voter:
        return f"{voter} cannot vote for themselves"
    if category in OPPONENTS_ONLY and not event.met(voter, choice):
        return f"{voter} was never paired against {choice}: a {category} vote goes to an opponent"
    return None


def _vote_record(voter: str, category: str, choice: str, by: str) -> NewRecord:
    return NewRecord("vote", {"voter": voter, "category": category, "for": choice, "by": by})


def cast_vote(desk: Desk, voter: str, category: str, choice: str) -> Record:
    """The desk enters ``voter``'s vote (it replaces their last in the category); its
    record."""
    names = [voter.strip(), choice.strip()]

    def decide(event: Event) -> tuple[list[NewRecord], None]:
        names[:] = [entered_as(event, n) for n in names]
        problem = vote_problem(event, names[0], category, names[1])
        if problem:
            raise VoteRefused(f"{problem}; nothing was recorded")
        return [_vote_record(names[0], category, names[1], "desk")], None

    desk.write(decide)
    return votes(desk.event())[(names[0], category)]


def entered_as(event: Event, name: str) -> str:
    """The entered name ``name`` reads as (``player_names``), or ``name`` itself when none
    or several do (:func:`vote_problem` then names it)."""
    found = matching_names(event.players, name)
    return found[0] if len(found) == 1 else name


def room_vote(desk: Desk, code: str, category: str, choice: str) -> Record:
    """A player votes from a phone with their own code: they vote as themselves only (a
    code that is no player's: ``room.NotYours``); a second vote in a category is refused
    (``room.RoomConflict``) or replaces the first, as ruling ``tournament.second-vote``
    reads; a choice the rules refuse is :class:`RoomVoteRefused`. Nothing is recorded by a
    refused vote."""
    from referee.tournament import room

    typed = choice.strip()
    found: list[str] = []

    def decide(event: Event) -> tuple[list[NewRecord], None]:
        choice = entered_as(event, typed)
        voter = room.code_owner(event, code)
        if voter is None:
            raise room.NotYours("that code is no player's code; nothing was recorded")
        found[:] = [voter]
        problem = vote_problem(event, voter, category, choice)
        if problem:
            raise RoomVoteRefused(f"{problem}; nothing was recorded")
        had = votes(event).get((voter, category))
        if had is not None and second_vote_refused(event):
            raise room.RoomConflict(
                f"{voter} has voted in {category} already (at {room.clock_time(had.at)}); a "
                "vote is cast once: ask the desk to change it; nothing was recorded"
            )
        return [_vote_record(voter, category, choice, "room")], None

    event = desk.event()
    voter = room.code_owner(event, code)
    who = f"{voter}, {room.ROOM}" if voter is not None else room.ROOM
    Desk(desk.store, who).write(decide)
    return votes(desk.event())[(found[0], category)]


def second_vote_refused(event: Event) -> bool:
    """Whether a second vote from a phone is refused (ruling ``tournament.second-vote``)."""
    return event.reading("tournament.second-vote") == "refused"


def set_weights(desk: Desk, values: Mapping[str, int]) -> Weights:
    """The organiser's weights for best overall (the keys not given keep their weight)."""
    unknown = sorted(set(values) - set(WEIGHT_KEYS))
    if unknown:
        raise DeskError(f"{unknown[0]!r}: weigh {', '.join(WEIGHT_KEYS)}")
    for key, value in values.items():
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= WEIGHT_MAX:
            raise DeskError(f"--{key} {value}: a weight is a whole number from 0 to {WEIGHT_MAX}")

    def decide(event: Event) -> tuple[list[NewRecord], None]:
        data = {**weights(event).to_json(), **values}
        return [NewRecord("award-weights", data)], None

    desk.write(decide)
    return weights(desk.event())


def _most(tally: Mapping[str, float]) -> tuple[str, ...]:
    if not tally:
        return ()
    best = max(tally.values())
    return tuple(n for n, v in tally.items() if v == best)


def _shared(winners: tuple[str, ...]) -> str:
    return " (shared)" if len(winners) > 1 else ""


def awards(event: Event) -> Awards:
    """The event's awards now (module docstring)."""
    from referee.tournament.top_cut import champion

    counted = votes(event)
    tallies: dict[str, dict[str, int]] = {c: {} for c in CATEGORIES}
    voters: dict[str, int] = dict.fromkeys(CATEGORIES, 0)
    for (_, category), r in counted.items():
        name = str(r.data["for"])
        tallies[category][name] = tallies[category].get(name, 0) + 1
        voters[category] += 1
    w = weights(event)
    st = standings(event)
    out: list[Award] = []
    if st.standings and st.round:
        first = tuple(s.name for s in st.standings if s.rank == 1)
        out.append(
            Award("best-general", "Best general", first, f"first in the standings{_shared(first)}")
        )
    won = champion(event)
    if won is not None and event.cut is not None:
        out.append(Award("champion", "Champion", (won,), f"won the top cut of {event.cut.size}"))
    for category, title in AWARD_TITLES.items():
        tally = tallies[category]
        winners = _most(tally)
        if winners:
            n = tally[winners[0]]
            why = f"{n} {category} vote{'s' if n != 1 else ''}{_shared(winners)}"
            out.append(Award(category, title, winners, why))
    scored: list[tuple[int, Overall]] = []
    for s in st.standings:
        got = {c: tallies[c].get(s.name, 0) for c in CATEGORIES}
        exact = w["tvp"] * micro(s.tvp) + sum(w[c] * got[c] * 1_000_000 for c in CATEGORIES)
        scored.append((exact, Overall(s.name, s.tvp, got, exact / 1_000_000)))
    scored.sort(key=lambda x: (-x[0], x[1].name.casefold(), x[1].name))
    if scored and st.round:
        top = scored[0][0]
        winners = tuple(o.name for e, o in scored if e == top)
        why = f"{scored[0][1].score:.2f} points{_shared(winners)} by the formula"
        out.append(Award("best-overall", "Best overall", winners, why))
    return Awards(
        tuple(out),
        {c: dict(sorted(t.items(), key=lambda kv: (-kv[1], kv[0]))) for c, t in tallies.items()},
        tuple(o for _, o in scored),
        w,
        voters,
    )
