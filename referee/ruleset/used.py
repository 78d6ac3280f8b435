"""The rulings an answer used, and the reading taken of each: the one way every command's
answer lists them (README, "Rules and rulings": every answer lists the rulings it used).

An answer's parts name the rulings they took where they took them: a to-hit term's
``ruling``, a damage roll's or a line of sight's ``rulings``, a match event's ``rulings``,
a lookup's ``{"rulings": {id: reading}}``. :func:`rulings_named` gathers every ruling id an
answer's JSON names, anywhere in it, in the order met (a word under those keys that is no
ruling of the register is not one); :func:`rulings_used` puts them at the answer's top, as
``rulings`` (the ids) and ``readings`` (the reading taken of each), and :func:`rulings_text`
is the line a command prints for people.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from referee.ruleset.rulings import register

KEYS = ("ruling", "rulings")
"""The keys under which an answer's parts name a ruling: one id, a list of ids, or a
mapping of ids to readings."""


def _walk(data: object, out: dict[str, None]) -> None:
    if isinstance(data, Mapping):
        for key, value in data.items():
            if key in KEYS:
                _ids(value, out)
            _walk(value, out)
    elif isinstance(data, list | tuple):
        for item in data:
            _walk(item, out)


def _ids(value: object, out: dict[str, None]) -> None:
    if isinstance(value, str):
        out[value] = None
    elif isinstance(value, Mapping):
        out.update((k, None) for k in value if isinstance(k, str))
    elif isinstance(value, list | tuple):
        out.update((v, None) for v in value if isinstance(v, str))


def rulings_named(data: object, also: Iterable[str] = ()) -> tuple[str, ...]:
    """Every ruling of the register that ``data`` (an answer's JSON) names under a key of
    :data:`KEYS`, at any depth, and ``also``, in the order met."""
    found: dict[str, None] = {}
    _walk(data, found)
    found.update((r, None) for r in also)
    if not found:  # nothing named: the register need not be read
        return ()
    known = register()
    return tuple(r for r in found if r in known)


def rulings_used(
    data: object, readings: Mapping[str, str] | None = None, also: Iterable[str] = ()
) -> dict[str, object]:
    """``{"rulings": [ids], "readings": {id: reading}}`` of an answer: the rulings it names
    (:func:`rulings_named`) and the reading ``readings`` (a ruleset's; the register's
    default where it names none) takes of each."""
    ids = rulings_named(data, also)
    chosen = readings or {}
    known = register() if ids else {}
    return {
        "rulings": list(ids),
        "readings": {r: chosen.get(r, known[r].default) for r in ids},
    }


def rulings_text(used: Mapping[str, object]) -> str:
    """``rulings: fire.point-blank (range-1), damage.pending-tokens (count)``, or
    ``rulings: none``: the line of :func:`rulings_used` for people."""
    ids = used.get("rulings") or []
    readings = used.get("readings") or {}
    if not isinstance(ids, list) or not ids:
        return "rulings: none"
    shown = [
        f"{r} ({readings[r]})" if isinstance(readings, Mapping) and r in readings else str(r)
        for r in ids
    ]
    return f"rulings: {', '.join(shown)}"
