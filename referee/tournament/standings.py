"""Standings: places from the results recorded so far, with the numbers that decided them
(clause ``tournament.tie-breaks``).

The organiser orders the keys (``event.TIEBREAKERS``, by default in the order of
``data/tournament/tiebreakers.toml``): total TVP, total MVP, strength of
schedule (the mean of the opponents' total TVP, ruling ``tournament.strength-of-schedule``),
head to head (within a group still level: the TVP a player scored minus what the other
scored, over their matches against each other) and destroyed enemy points (the MVP scored by
destroying enemy units). Players level on every key are placed by name (the last key, so the
order never depends on chance) and a warning says so. TVP are compared in millionths
(``scoring.micro``) and means as fractions: exact, with no rounding noise.

A place decided by a number with decimals (total TVP, strength of schedule, head to head)
is shown with as many decimals as tell the two players apart (71.0238 and 71.0207, not
71.02 twice): :meth:`Standing.text`.

Penalties (``penalty`` records) count here: a deduction is taken from the player's total
TVP or MVP before any place is decided (the totals shown are after it, and each standing
lists its penalties, warnings included); whether it also lowers what the player's
opponents count for strength of schedule is ruling ``tournament.penalty-schedule``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise

import msgspec

from referee.tournament.event import TIEBREAKERS, Event
from referee.tournament.scoring import micro
from referee.tournament.store import Record

Number = int | Fraction


class Standing(msgspec.Struct, frozen=True):
    rank: int
    name: str
    nation: str
    tvp: float
    mvp: int
    played: int
    tiebreakers: dict[str, float | int]
    decided_by: str
    """The key that put this player above the next one ('' for the last, 'name' for a tie)."""
    dropped: bool = False
    digits: Mapping[str, int] = msgspec.field(default_factory=dict)
    """Per key with decimals, the decimals that tell this player apart from a neighbour
    that key placed them against (0 where it placed nobody)."""
    penalties: tuple[Mapping[str, object], ...] = ()
    """The player's penalties (warnings too), in order: round, penalty, points, of, why,
    who, at (:func:`penalty_json`)."""

    def deducted(self, key: str) -> int:
        """The points deducted from the player's total ``key`` (tvp or mvp)."""
        return sum(
            int(str(p["points"]))
            for p in self.penalties
            if p["penalty"] == "points" and p["of"] == key
        )

    def penalty_text(self) -> str:
        """The penalties in words ('' for none): deductions, then warnings."""
        parts = [f"-{self.deducted(k)} {k.upper()}" for k in ("tvp", "mvp") if self.deducted(k)]
        warnings = sum(1 for p in self.penalties if p["penalty"] == "warning")
        if warnings:
            parts.append(f"{warnings} warning{'s' if warnings > 1 else ''}")
        return ", ".join(parts)

    def text(self, key: str, least: int = 2) -> str:
        """The number of ``key`` (tvp, mvp or a tie-breaker) as shown: ``least`` decimals,
        more where they decided this place against a neighbour's."""
        value = self.tvp if key == "tvp" else self.mvp if key == "mvp" else self.tiebreakers[key]
        if isinstance(value, int):
            return str(value)
        return f"{value:.{max(least, self.digits.get(key, 0))}f}"

    def to_json(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "name": self.name,
            "tvp": round(self.tvp, max(4, self.digits.get("tvp", 0))),
            "mvp": self.mvp,
            "tiebreakers": self.tiebreakers,
            "decided_by": self.decided_by,
            "nation": self.nation,
            "played": self.played,
            "dropped": self.dropped,
            "penalties": [dict(p) for p in self.penalties],
        }


class Standings(msgspec.Struct, frozen=True):
    round: int
    standings: tuple[Standing, ...]
    warnings: tuple[str, ...] = ()
    keys: tuple[str, ...] = msgspec.field(default=())

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "standings": [s.to_json() for s in self.standings],
            "warnings": list(self.warnings),
            "keys": list(self.keys),
        }

    def rank_of(self, name: str) -> int:
        for s in self.standings:
            if s.name == name:
                return s.rank
        raise LookupError(name)


@dataclass
class _Totals:
    tvp: int = 0  # millionths
    mvp: int = 0
    destroyed: int = 0
    played: int = 0
    opponents: list[str] = field(default_factory=list)
    versus: dict[str, int] = field(default_factory=dict)  # TVP millionths scored minus conceded
    scored_tvp: int = 0  # millionths, from results alone (before any deduction)


def penalty_json(record: Record) -> dict[str, object]:
    """A penalty record as the standings and the trail show it."""
    d = record.data
    out: dict[str, object] = {"id": record.id, "round": d["round"], "penalty": d["penalty"]}
    if d["penalty"] == "points":
        out.update(points=d["points"], of=d["of"])
    out.update(why=record.why, who=record.who, at=record.at)
    return out


def totals(event: Event) -> dict[str, _Totals]:
    """Each player's totals over the results recorded so far (byes included), less the
    points their penalties deduct."""
    out = {name: _Totals() for name in event.players}
    for name, t in out.items():
        for _, score, opponent in event.scores_of(name):
            t.tvp += micro(score.tvp)
            t.mvp += score.mvp
            t.destroyed += score.destroyed_enemy
            t.played += 1
            if opponent is not None:
                t.opponents.append(opponent)
        t.scored_tvp = t.tvp
    for record in event.penalties:
        d = record.data
        if d["penalty"] == "points" and d["name"] in out:
            if d["of"] == "tvp":
                out[d["name"]].tvp -= int(d["points"]) * 1_000_000
            else:
                out[d["name"]].mvp -= int(d["points"])
    for rnd in event.swiss_rounds:
        for tr in rnd.results.values():
            a, b = tr.scores
            out[a.name].versus[b.name] = (
                out[a.name].versus.get(b.name, 0) + micro(a.tvp) - micro(b.tvp)
            )
            out[b.name].versus[a.name] = (
                out[b.name].versus.get(a.name, 0) + micro(b.tvp) - micro(a.tvp)
            )
    return out


def _sos(event: Event, t: dict[str, _Totals], name: str) -> Fraction:
    per_round = event.reading("tournament.strength-of-schedule") == "per-round"
    deducted = event.reading("tournament.penalty-schedule") == "after-deductions"
    values = []
    for opp in t[name].opponents:
        o = t[opp]
        tvp = o.tvp if deducted else o.scored_tvp
        values.append(Fraction(tvp, o.played) if per_round and o.played else Fraction(tvp))
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


DECIMAL_KEYS = ("tvp", "sos", "h2h")
MOST_DIGITS = 9


def _show(key: str, value: Number, digits: int = 0) -> float | int:
    if key in DECIMAL_KEYS:
        return round(float(value) / 1_000_000, max(4, digits))
    return int(value)


def telling_digits(a: Number, b: Number) -> int:
    """The fewest decimals at which the TVP-scaled numbers ``a`` and ``b`` (millionths)
    print differently (at most ``MOST_DIGITS``)."""
    x, y = float(a) / 1_000_000, float(b) / 1_000_000
    for d in range(MOST_DIGITS + 1):
        if f"{x:.{d}f}" != f"{y:.{d}f}":
            return d
    return MOST_DIGITS


def standings(event: Event, keys: Sequence[str] | None = None) -> Standings:
    """The standings now (see the module docstring); ``keys`` default to the event's."""
    keys = tuple(keys or event.tiebreakers)
    t = totals(event)
    sos = {name: _sos(event, t, name) for name in t}
    shown: dict[str, dict[str, Number]] = {n: {} for n in t}
    boundary: dict[tuple[str, str], str] = {}
    warnings: list[str] = []

    def value(key: str, name: str, group: Collection[str]) -> Number:
        if key == "tvp":
            return t[name].tvp
        if key == "mvp":
            return t[name].mvp
        if key == "sos":
            return sos[name]
        if key == "destroyed":
            return t[name].destroyed
        # head to head, within the group still level
        return sum(v for opp, v in t[name].versus.items() if opp in group)

    def rank(group: list[str], rest: tuple[str, ...]) -> list[str]:
        if len(group) == 1:
            return group
        if not rest:
            ordered = sorted(group)
            for a, b in pairwise(ordered):
                boundary[(a, b)] = "name"
            words = ", ".join(f"{TIEBREAKERS[k]}" for k in keys)
            if all(t[n].played == 0 for n in group):
                return ordered  # nothing played yet: no tie worth a warning
            warnings.append(
                f"tie: {', '.join(ordered)} are level on every tie-breaker ({words}); "
                "placed by name"
            )
            return ordered
        key = rest[0]
        among = frozenset(group)
        values = {n: value(key, n, among) for n in group}
        for n in group:
            shown[n].setdefault(key, values[n])
        levels: dict[Number, list[str]] = {}  # each level's players, in one pass
        for n in group:
            levels.setdefault(values[n], []).append(n)
        out: list[str] = []
        for level in sorted(levels, reverse=True):
            sub = rank(sorted(levels[level]), rest[1:])
            if out:
                boundary[(out[-1], sub[0])] = key
            out += sub
        return out

    order = rank(sorted(t), keys)
    for name in order:  # every key's number, even where it decided nothing
        for key in keys:
            shown[name].setdefault(key, value(key, name, []))
    digits: dict[str, dict[str, int]] = {n: {} for n in t}
    for (a, b), key in boundary.items():  # the decimals that tell a place from the next
        if key in DECIMAL_KEYS:
            d = telling_digits(shown[a][key], shown[b][key])
            for n in (a, b):
                digits[n][key] = max(digits[n].get(key, 0), d)
    penalties: dict[str, tuple[Mapping[str, object], ...]] = {}
    for record in event.penalties:
        name = record.data["name"]
        penalties[name] = (*penalties.get(name, ()), penalty_json(record))
    result = []
    for i, name in enumerate(order):
        p = event.players[name]
        nxt = order[i + 1] if i + 1 < len(order) else None
        result.append(
            Standing(
                rank=i + 1,
                name=name,
                nation=p.nation,
                tvp=t[name].tvp / 1_000_000,
                mvp=t[name].mvp,
                played=t[name].played,
                tiebreakers={
                    k: _show(k, v, digits[name].get(k, 0)) for k, v in shown[name].items()
                },
                decided_by=TIEBREAKERS.get(boundary.get((name, nxt), ""), "name") if nxt else "",
                dropped=p.dropped_after is not None,
                digits=digits[name],
                penalties=penalties.get(name, ()),
            )
        )
    return Standings(event.current_round, tuple(result), tuple(warnings), keys)


def held(event: Event) -> str:
    """Which rounds' results the standings hold, in words for a heading: "after round 2";
    while round 2 is being played, "after round 1 (round 2: 1 of 4 tables in)"; "before
    round 1"."""
    rnd = event.round(event.current_round)
    if rnd is None:
        return "before round 1"
    if rnd.complete:
        return f"after round {rnd.number}"
    before = f"after round {rnd.number - 1}" if rnd.number > 1 else "before round 1"
    done = len(rnd.tables) - len(rnd.missing)
    return f"{before} (round {rnd.number}: {done} of {len(rnd.tables)} tables in)"


def provisional(event: Event) -> str:
    """Why the awards (and places) may still change, in words, or '' once the last planned
    round has every result: "provisional: round 2 of 5 is being played"."""
    rnd = event.round(event.current_round)
    if rnd is not None and rnd.complete and rnd.number >= event.rounds_planned:
        return ""
    if rnd is None:
        return "provisional: no round is paired yet"
    if rnd.complete:
        return f"provisional: {rnd.number} of {event.rounds_planned} rounds played"
    return f"provisional: round {rnd.number} of {event.rounds_planned} is being played"
