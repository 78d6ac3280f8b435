"""The state of a game of the activation rules: a frozen value the step functions replace.

* :class:`Piece`: one entry of a player's army, a unit or a structure, with where it is
  (``roster`` before deployment, ``deployed`` on the map, ``reserve``, ``out`` of the
  battle, ``embarked`` in a transport, ``destroyed``), its pose, H and ammunition;
* :class:`Fortification`: a building on a tile, its structure card, who deployed it (None:
  the mission's) and its pips;
* :class:`ActivationState`: the phase (presentation, missions, order, deployment, reserves,
  before-battle, main), the missions left and the bans, the mission, the first player,
  whose turn it is, the pieces and the fortifications.

Positions are :class:`~referee.board.hexgrid.Hex` values; labels appear only in the JSON
form (:meth:`ActivationState.to_json` / :meth:`ActivationState.from_json`, a pair), which is
what a match file keeps.

Clauses ``activation.starting``, ``activation.tiles``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Literal, cast

import msgspec
from msgspec.structs import replace

from referee.board.hexgrid import DIRECTION_NAMES, Hex, hex_label, parse_label
from referee.errors import RefereeError
from referee.rules.activation.pips import Pips
from referee.rules.activation.slots import Pose

Phase = Literal[
    "presentation", "missions", "order", "deployment", "reserves", "before-battle", "main"
]
PHASES: tuple[Phase, ...] = (
    "presentation",
    "missions",
    "order",
    "deployment",
    "reserves",
    "before-battle",
    "main",
)
Status = Literal["roster", "deployed", "reserve", "out", "embarked", "destroyed"]
STATUSES: tuple[Status, ...] = ("roster", "deployed", "reserve", "out", "embarked", "destroyed")
Kind = Literal["unit", "structure"]


class StateError(RefereeError):
    """A state that cannot be read back (a damaged JSON form), naming the field."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def other(side: int) -> int:
    return 2 if side == 1 else 1


class Piece(msgspec.Struct, frozen=True):
    uid: str
    card: str
    side: int
    kind: Kind = "unit"
    status: Status = "roster"
    hex: Hex | None = None
    facing: int = 0
    health: int = 0
    ammunition: int = 0
    carrier: str | None = None

    @property
    def pose(self) -> Pose | None:
        return None if self.hex is None else Pose(self.hex, self.facing)

    @property
    def on_map(self) -> bool:
        return self.status == "deployed" and self.hex is not None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "uid": self.uid,
            "card": self.card,
            "side": self.side,
            "kind": self.kind,
            "status": self.status,
        }
        if self.hex is not None:
            out["hex"] = hex_label(self.hex)
            out["facing"] = DIRECTION_NAMES[self.facing]
        if self.kind == "unit":
            out["health"] = self.health
            out["ammunition"] = self.ammunition
        if self.carrier is not None:
            out["carrier"] = self.carrier
        return out

    @staticmethod
    def from_json(raw: Mapping[str, object]) -> Piece:
        where = f"pieces.{raw.get('uid', '?')}"
        try:
            hex_text = raw.get("hex")
            facing = raw.get("facing", "N")
            piece = Piece(
                uid=str(raw["uid"]),
                card=str(raw["card"]),
                side=int(cast(int, raw["side"])),
                kind=cast(Kind, raw.get("kind", "unit")),
                status=cast(Status, raw.get("status", "roster")),
                hex=parse_label(hex_text) if isinstance(hex_text, str) else None,
                facing=DIRECTION_NAMES.index(str(facing)),
                health=int(cast(int, raw.get("health", 0))),
                ammunition=int(cast(int, raw.get("ammunition", 0))),
                carrier=str(raw["carrier"]) if raw.get("carrier") is not None else None,
            )
        except (KeyError, ValueError, TypeError) as exc:
            raise StateError(f"{where}: {exc}", where) from None
        if (
            piece.status not in STATUSES
            or piece.kind not in ("unit", "structure")
            or piece.side not in (1, 2)
        ):
            raise StateError(f"{where}: not a piece ({dict(raw)})", where)
        return piece


class Fortification(msgspec.Struct, frozen=True):
    hex: Hex
    structure: str
    pips: Pips
    owner: int | None = None
    """The side that deployed it (an Enemy Tile for the other side); None: the mission's."""
    uid: str | None = None
    """The army entry it was deployed from, if a player deployed it."""

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "hex": hex_label(self.hex),
            "structure": self.structure,
            "pips": self.pips.to_json(),
        }
        if self.owner is not None:
            out["owner"] = self.owner
        if self.uid is not None:
            out["uid"] = self.uid
        return out

    @staticmethod
    def from_json(raw: Mapping[str, object], most_pips: int) -> Fortification:
        """A kept fortification; ``most_pips``: the most a building holds (ruling
        ``activation.most-pips``)."""
        where = f"fortifications.{raw.get('hex', '?')}"
        try:
            pips = raw["pips"]
            owner = raw.get("owner")
            return Fortification(
                hex=parse_label(str(raw["hex"])),
                structure=str(raw["structure"]),
                pips=Pips.from_json(cast(Mapping[str, object], pips), most_pips),
                owner=int(cast(int, owner)) if owner is not None else None,
                uid=str(raw["uid"]) if raw.get("uid") is not None else None,
            )
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            raise StateError(f"{where}: {exc}", where) from None


class ActivationState(msgspec.Struct, frozen=True):
    """One moment of a game (see the module docstring)."""

    phase: Phase = "presentation"
    pieces: Mapping[str, Piece] = msgspec.field(default_factory=lambda: MappingProxyType({}))
    fortifications: Mapping[Hex, Fortification] = msgspec.field(
        default_factory=lambda: MappingProxyType({})
    )
    missions_left: tuple[str, ...] = ()
    bans: tuple[tuple[int, str], ...] = ()
    mission: str | None = None
    to_ban: int | None = None
    chooser: int | None = None
    """The player the random draw named, who chooses to go first or second."""
    first: int | None = None
    turn: int | None = None
    """Whose turn it is to deploy, choose reserves, act before the battle or activate."""
    done: frozenset[int] = frozenset()
    """Players who have finished the current phase's turns (deployment, reserves, before the
    battle)."""
    passes: int = 0
    """Passes in a row in deployment (ruling ``activation.deploy-pass``, ``skip``)."""
    used: frozenset[tuple[str, str]] = frozenset()
    """(uid, action) of the "before the battle" actions already made."""
    activations: int = 0
    last: str | None = None
    """The unit activated last."""

    # --- reading ------------------------------------------------------------------------

    def piece(self, uid: str) -> Piece:
        if uid not in self.pieces:
            raise StateError(
                f"no unit or structure {uid!r} in this game "
                f"(known: {', '.join(sorted(self.pieces)) or 'none'})",
                "uid",
            )
        return self.pieces[uid]

    def of_side(self, side: int) -> Iterator[Piece]:
        return (p for p in self.pieces.values() if p.side == side)

    def on_map(self) -> Iterator[Piece]:
        return (p for p in self.pieces.values() if p.on_map and p.kind == "unit")

    def at(self, h: Hex) -> list[Piece]:
        return sorted((p for p in self.on_map() if p.hex == h), key=lambda p: p.uid)

    def aboard(self, carrier: str) -> list[Piece]:
        return sorted(
            (p for p in self.pieces.values() if p.status == "embarked" and p.carrier == carrier),
            key=lambda p: p.uid,
        )

    # --- changing -----------------------------------------------------------------------

    def with_pieces(self, *pieces: Piece) -> ActivationState:
        merged = dict(self.pieces)
        merged.update({p.uid: p for p in pieces})
        return replace(self, pieces=MappingProxyType(merged))

    def with_fortification(self, fort: Fortification | None, at: Hex) -> ActivationState:
        merged = dict(self.fortifications)
        if fort is None:
            merged.pop(at, None)
        else:
            merged[at] = fort
        return replace(self, fortifications=MappingProxyType(merged))

    def but(self, **changes: object) -> ActivationState:
        return replace(self, **changes)

    # --- the JSON form ------------------------------------------------------------------

    def to_json(self) -> dict[str, object]:
        return {
            "phase": self.phase,
            "pieces": [p.to_json() for p in sorted(self.pieces.values(), key=lambda p: p.uid)],
            "fortifications": [f.to_json() for _, f in sorted(self.fortifications.items())],
            "missions_left": list(self.missions_left),
            "bans": [{"side": s, "mission": m} for s, m in self.bans],
            "mission": self.mission,
            "to_ban": self.to_ban,
            "chooser": self.chooser,
            "first": self.first,
            "turn": self.turn,
            "done": sorted(self.done),
            "passes": self.passes,
            "used": [{"uid": u, "action": a} for u, a in sorted(self.used)],
            "activations": self.activations,
            "last": self.last,
        }

    @staticmethod
    def from_json(raw: Mapping[str, object], most_pips: int) -> ActivationState:
        """The state a match file keeps; ``most_pips``: the most pips a building holds
        (ruling ``activation.most-pips``)."""
        phase = raw.get("phase")
        if phase not in PHASES:
            raise StateError(f"phase: {phase!r} is not one of {', '.join(PHASES)}", "phase")
        try:
            pieces = [
                Piece.from_json(p) for p in cast(list[Mapping[str, object]], raw.get("pieces", []))
            ]
            forts = [
                Fortification.from_json(f, most_pips)
                for f in cast(list[Mapping[str, object]], raw.get("fortifications", []))
            ]
            bans = tuple(
                (int(cast(int, b["side"])), str(b["mission"]))
                for b in cast(list[Mapping[str, object]], raw.get("bans", []))
            )
            used = frozenset(
                (str(u["uid"]), str(u["action"]))
                for u in cast(list[Mapping[str, object]], raw.get("used", []))
            )

            def side(key: str) -> int | None:
                v = raw.get(key)
                return None if v is None else int(cast(int, v))

            return ActivationState(
                phase=phase,
                pieces=MappingProxyType({p.uid: p for p in pieces}),
                fortifications=MappingProxyType({f.hex: f for f in forts}),
                missions_left=tuple(
                    str(m) for m in cast(list[object], raw.get("missions_left", []))
                ),
                bans=bans,
                mission=str(raw["mission"]) if raw.get("mission") is not None else None,
                to_ban=side("to_ban"),
                chooser=side("chooser"),
                first=side("first"),
                turn=side("turn"),
                done=frozenset(int(cast(int, s)) for s in cast(list[object], raw.get("done", []))),
                passes=int(cast(int, raw.get("passes", 0))),
                used=used,
                activations=int(cast(int, raw.get("activations", 0))),
                last=str(raw["last"]) if raw.get("last") is not None else None,
            )
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            raise StateError(f"not an activation state: {exc}") from None
