"""The referee's assault choices as journal data, read back into the assault engine's values.

``deflection``: ``{"cancelled": {"1": {"POOL": N}, "2": {...}}}`` — how many successes of
each side's pools are deflected (clause ``assault.deflection``), chosen by the side with the
advantage. ``allocation``: ``{"1": {"rolls": [{"source": S, "target": T, "support": {S: N}}],
"light": [{"source": S, "target": T}], "tokens": [{"source": S, "target": T, "kind": K}]},
"2": ...}`` — where a side's hits go (clause ``assault.allocation``); a side left out takes
the engine's proposal. The engine checks both and names every violation.
``rerolls``: ``"decline"``, or a list of batches ``[{UID: ["POOL#N", ...]}, ...]`` (clause
``abilities.reroll-assault``: the dice each holder rerolls in one go, ``N`` counted from 1;
``{}`` declines what is left on offer; offers after the list take the proposal).
``retreats``: ``{UID: HEX}`` or ``{UID: {"hex": HEX, "facing": F}}`` (clause
``assault.retreat``: the hex among the legal ones, turning left, right or about).
:func:`contest_from_state` reads one of the contests a movement step started.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from referee.board.hexgrid import parse_label
from referee.errors import RefereeError, excerpt, whole_number
from referee.rules.assault.contest import AssaultSide, Combatant, Contest, Role
from referee.rules.assault.dealing import LightRoll, SideAllocation, TokenPlan, roll_plan
from referee.rules.assault.deflection import DeflectionChoice, choice
from referee.rules.assault.roll import DieRef

if TYPE_CHECKING:
    from referee.rules.orders.state import MatchState

ROLES: Mapping[str, Role] = {
    "entering": "entering",
    "reversing-in": "reversing",
    "stationary": "stationary",
}
"""A movement step's participant roles as the assault engine names them."""


class AssaultChoiceError(RefereeError):
    """An assault choice in a command that cannot be read; the message names the key."""


def _count_map(raw: object, where: str) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        raise AssaultChoiceError(f"{where}: expected {{pool: count}}")
    out: dict[str, int] = {}
    for k, v in raw.items():
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise AssaultChoiceError(f"{where}.{k}: a count is a whole number >= 0, not {v!r}")
        out[str(k)] = v
    return out


def _side(key: object, where: str) -> int:
    try:
        side = int(str(key))
    except ValueError:
        side = 0
    if side not in (1, 2):
        raise AssaultChoiceError(f"{where}: side {key!r} is not 1 or 2")
    return side


def deflection_choice(raw: Mapping[str, Any], by: int) -> DeflectionChoice:
    """A deflection choice made by side ``by`` (the side with the advantage)."""
    cancelled = raw.get("cancelled")
    if not isinstance(cancelled, Mapping):
        raise AssaultChoiceError("deflection.cancelled: expected {side: {pool: count}}")
    return choice(
        by,
        {
            _side(s, f"deflection.cancelled.{s}"): _count_map(m, f"deflection.cancelled.{s}")
            for s, m in cancelled.items()
        },
    )


def _pair(raw: object, where: str) -> tuple[str, str]:
    if (
        not isinstance(raw, Mapping)
        or not isinstance(raw.get("source"), str)
        or not isinstance(raw.get("target"), str)
    ):
        raise AssaultChoiceError(f"{where}: expected source and target unit ids")
    return raw["source"], raw["target"]


def side_allocation(raw: object, side: int, proposal: SideAllocation) -> SideAllocation:
    """Side ``side``'s hits as the referee dealt them (``by`` as the proposal has it)."""
    where = f"allocation.{side}"
    if not isinstance(raw, Mapping):
        raise AssaultChoiceError(f"{where}: expected rolls, light and tokens")
    unknown = sorted(set(raw) - {"rolls", "light", "tokens"})
    if unknown:
        raise AssaultChoiceError(f"{where}: unknown key {', '.join(unknown)}")
    rolls = []
    for i, r in enumerate(raw.get("rolls", [])):
        source, target = _pair(r, f"{where}.rolls[{i}]")
        rolls.append(
            roll_plan(
                source, target, _count_map(r.get("support", {}), f"{where}.rolls[{i}].support")
            )
        )
    light = [
        LightRoll(*_pair(x, f"{where}.light[{i}]")) for i, x in enumerate(raw.get("light", []))
    ]
    tokens = []
    for i, t in enumerate(raw.get("tokens", [])):
        source, target = _pair(t, f"{where}.tokens[{i}]")
        kind = t.get("kind")
        if kind not in ("acid", "minor-acid", "poison"):
            raise AssaultChoiceError(f"{where}.tokens[{i}].kind: acid, minor-acid or poison")
        tokens.append(TokenPlan(source, target, kind))
    return SideAllocation(side, proposal.by, tuple(rolls), tuple(light), tuple(tokens))


def allocation_json(allocation: SideAllocation) -> dict[str, Any]:
    """The inverse of :func:`side_allocation` (for a wizard's proposal)."""
    data = allocation.to_json()
    return {"rolls": data["rolls"], "light": data["light"], "tokens": data["tokens"]}


def contest_from_state(state: MatchState, index: int) -> Contest:
    """The assault engine's :class:`Contest` for ``state.contests[index]`` (clauses
    ``assault.trigger``, ``assault.facing``): each participant as it stands now, a stationary
    one fighting with the first sector it is attacked from."""
    if not 0 <= index < len(state.contests):
        raise AssaultChoiceError(
            f"contest: no contest {index} (the last movement step started {len(state.contests)})"
        )
    raw = state.contests[index]
    if not raw.get("hexes"):
        raise AssaultChoiceError(f"contest {index}: the hex fought over is not chosen yet")
    sides: dict[int, list[Combatant]] = {1: [], 2: []}
    for p in raw["participants"]:
        role = ROLES.get(p["role"])
        if role is None or p["side"] not in sides:
            raise AssaultChoiceError(
                f"contest {index}: {p['uid']}: role {p['role']!r}, side {p['side']!r}"
            )
        sector = p["sectors"][0] if role == "stationary" and p["sectors"] else None
        sides[p["side"]].append(Combatant(state.unit(p["uid"]), role, sector))
    return Contest(
        parse_label(raw["hexes"][0]),
        (AssaultSide(1, tuple(sides[1])), AssaultSide(2, tuple(sides[2]))),
    )


def die_ref(text: object, where: str) -> DieRef:
    """``POOL#N`` (``N`` from 1) as a :class:`DieRef`."""
    pool, _, number = str(text).rpartition("#")
    n = whole_number(number) if number.strip() == number else None
    if not pool or n is None or n < 1:
        raise AssaultChoiceError(f"{where}: {excerpt(text)} is not a die (POOL#N, N from 1)")
    return DieRef(pool, n - 1)


def reroll_batches(raw: object) -> tuple[dict[str, tuple[DieRef, ...]], ...] | None:
    """The referee's Reroll Assault batches (``None``: the proposals; ``"decline"``: one
    empty batch)."""
    if raw is None:
        return None
    if raw == "decline":
        return ({},)
    if not isinstance(raw, list | tuple):
        raise AssaultChoiceError('rerolls: "decline" or a list of {unit: [POOL#N, ...]}')
    out = []
    for i, batch in enumerate(raw):
        where = f"rerolls[{i}]"
        if not isinstance(batch, Mapping):
            raise AssaultChoiceError(f"{where}: expected {{unit: [POOL#N, ...]}}")
        out.append(
            {
                str(uid): tuple(die_ref(d, f"{where}.{uid}") for d in dice)
                for uid, dice in batch.items()
            }
        )
    return tuple(out)


def reroll_batch_json(batch: Mapping[str, tuple[DieRef, ...]]) -> dict[str, list[str]]:
    """The inverse of one batch of :func:`reroll_batches`."""
    return {uid: [d.text() for d in refs] for uid, refs in batch.items()}


def retreat_choice(raw: object, where: str) -> tuple[str | None, int | None]:
    """A retreat as chosen: (hex label or None for the first legal one, facing or None to
    keep it)."""
    if raw is None or isinstance(raw, str):
        return raw or None, None
    if isinstance(raw, Mapping) and set(raw) <= {"hex", "facing"}:
        hex_, facing = raw.get("hex"), raw.get("facing")
        if (hex_ is None or isinstance(hex_, str)) and (
            facing is None
            or (isinstance(facing, int) and not isinstance(facing, bool) and 0 <= facing <= 5)
        ):
            return hex_, facing
    raise AssaultChoiceError(f'{where}: a hex label, or {{"hex": HEX, "facing": 0-5}}, not {raw!r}')
