"""The tournament window's Correction trail: a row for each result, correction,
withdrawal, attendance mark, penalty and no-show drop, with who, when and why."""

from __future__ import annotations

from referee.tournament.scoring import MatchResult, score_match
from referee.tournament.store import Record

TRAIL_COLUMNS = ["#", "when", "who", "kind", "round", "table", "score", "why"]


def trail_row(r: Record) -> tuple[object, ...] | None:
    """A record's row in the correction trail, or None for a record the trail leaves out."""
    if r.kind in ("result", "correction"):
        a, b = score_match(MatchResult.from_json(r.data["result"]))
        why = r.why
        if r.data.get("override"):
            taken = f"taken with the reason: {r.data['override']}"
            why = f"{why}; {taken}" if why else taken
        score = f"{a.name} {a.mvp} - {b.mvp} {b.name}"
        return (r.id, r.at, r.who, r.kind, r.data["round"], r.data["table"], score, why)
    if r.kind == "withdraw":
        name = r.data["name"]
        return (r.id, r.at, r.who, "withdraw", "", "", f"{name} withdrawn", r.why)
    if r.kind in ("attendance", "penalty") or (r.kind == "drop" and "no_show" in r.data):
        from referee.tournament.event import trail_text

        rnd = r.data.get("round", r.data.get("no_show", ""))
        return (r.id, r.at, r.who, r.kind, rnd, "", trail_text(r), r.why)
    return None
