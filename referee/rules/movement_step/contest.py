"""An assault a movement step starts, described for the assault engine (not fought here).

Clauses ``assault.trigger`` (who meets whom), ``assault.facing`` (front for units entering,
back for units reversing in, the side attacked from for a stationary unit) and
``assault.hex-fought-over`` (who decides the hex of an ambiguous head-on assault).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from referee.board.hexgrid import DIRECTION_NAMES, Hex, hex_label
from referee.board.sector_stats import Sector

Role = Literal["entering", "reversing-in", "stationary"]
Layer = Literal["ground", "flying"]


class Participant(msgspec.Struct, frozen=True):
    """One unit in an assault: where it stands, the hex it tries to enter (None when
    stationary), its facing when it fights and the sector(s) whose assault values, deflection
    and armor it uses (clause ``assault.facing``). A stationary unit attacked from several
    sides lists each one and chooses."""

    uid: str
    side: int
    nation: str
    role: Role
    at: Hex
    to: Hex | None
    facing: int
    sectors: tuple[Sector, ...]
    flying: bool = False
    head_on: bool = False

    @property
    def is_attacker(self) -> bool:
        return self.role != "stationary"

    def text(self) -> str:
        where = hex_label(self.at) + (f"->{hex_label(self.to)}" if self.to is not None else "")
        sectors = "/".join(self.sectors) or "no sector"
        head = ", head-on" if self.head_on else ""
        return (
            f"{self.uid} (side {self.side}, {self.nation}) {self.role} {where}, facing "
            f"{DIRECTION_NAMES[self.facing]}, fights with its {sectors}{head}"
        )

    def to_json(self) -> dict[str, object]:
        return {
            "uid": self.uid,
            "side": self.side,
            "nation": self.nation,
            "role": self.role,
            "at": hex_label(self.at),
            "to": hex_label(self.to) if self.to is not None else None,
            "facing": self.facing,
            "sectors": list(self.sectors),
            "flying": self.flying,
            "head_on": self.head_on,
        }


class HexDecision(msgspec.Struct, frozen=True):
    """The choice of the hex a head-on assault is fought over (clause
    ``assault.hex-fought-over``, rulings ``move.head-on-ways``, ``move.head-on-same-nation``):
    the options, the side and nation deciding (None: the referee), and the choice if made.
    ``key`` is the key of ``choices`` the decision is given under."""

    options: tuple[Hex, ...]
    side: int | None
    nation: str | None
    key: str
    chosen: Hex | None = None

    def to_json(self) -> dict[str, object]:
        return {
            "options": [hex_label(h) for h in self.options],
            "side": self.side,
            "nation": self.nation,
            "key": self.key,
            "chosen": hex_label(self.chosen) if self.chosen is not None else None,
        }


class AssaultContest(msgspec.Struct, frozen=True):
    """An assault to be fought after the movement step (clause ``assault.trigger``).

    ``hexes`` are the hexes fought over: one, two when a head-on meeting is fought over both
    hexes, none while the decision of an ambiguous head-on assault is pending (then
    ``decision`` says who decides among which hexes). ``layer`` is ``ground`` or ``flying``:
    flying units fight apart from the units on the ground below them.
    """

    hexes: tuple[Hex, ...]
    layer: Layer
    participants: tuple[Participant, ...]
    head_on: bool
    decision: HexDecision | None = None
    clauses: tuple[str, ...] = ("assault.trigger", "assault.facing")
    rulings: tuple[str, ...] = ()

    @property
    def hex(self) -> Hex | None:
        """The hex fought over; None while pending; the first of two fought over together."""
        return self.hexes[0] if self.hexes else None

    @property
    def is_decided(self) -> bool:
        return bool(self.hexes)

    @property
    def sides(self) -> tuple[int, ...]:
        return tuple(sorted({p.side for p in self.participants}))

    @property
    def deciding_nation(self) -> str | None:
        return self.decision.nation if self.decision is not None else None

    def side(self, side: int) -> tuple[Participant, ...]:
        return tuple(p for p in self.participants if p.side == side)

    def attackers(self, side: int) -> tuple[Participant, ...]:
        """The units of ``side`` entering (or reversing into) a hex."""
        return tuple(p for p in self.side(side) if p.is_attacker)

    def defenders(self, side: int) -> tuple[Participant, ...]:
        """The stationary units of ``side`` in a hex fought over."""
        return tuple(p for p in self.side(side) if not p.is_attacker)

    def participant(self, uid: str) -> Participant:
        for p in self.participants:
            if p.uid == uid:
                return p
        raise KeyError(f"{uid} is not in the assault over {self.label()}")

    def label(self) -> str:
        if not self.hexes:
            options = self.decision.options if self.decision is not None else ()
            return " or ".join(map(hex_label, options)) + " (pending)"
        return " and ".join(map(hex_label, self.hexes))

    def text(self) -> str:
        head = "head-on " if self.head_on else ""
        lines = [f"{head}assault over {self.label()} ({self.layer})"]
        d = self.decision
        if d is not None:
            who = f"side {d.side} ({d.nation})" if d.side is not None else "the referee"
            got = f": {hex_label(d.chosen)}" if d.chosen is not None else ": not chosen yet"
            lines.append(f"  hex chosen by {who} among {', '.join(map(hex_label, d.options))}{got}")
        lines.extend(f"  {p.text()}" for p in self.participants)
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "hexes": [hex_label(h) for h in self.hexes],
            "layer": self.layer,
            "head_on": self.head_on,
            "decision": self.decision.to_json() if self.decision is not None else None,
            "participants": [p.to_json() for p in self.participants],
            "clauses": list(self.clauses),
            "rulings": list(self.rulings),
        }
