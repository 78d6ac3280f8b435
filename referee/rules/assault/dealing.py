"""A dealing of one side's hits, as plain values: damage rolls with their support,
Cunning Assault light rolls, and assault-weapon tokens.

Clause ``assault.allocation``: every hit goes to the enemy as a damaging hit (clause
``assault.damaging``) or support to a damage roll (clause ``assault.support``), each keeping
its source, the base whose dice rolled it (clause ``assault.multiple-units``).

Clause ``damage.light``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal

import msgspec

TokenKind = Literal["acid", "minor-acid", "poison"]


def _frozen(d: Mapping[str, int] | None = None) -> Mapping[str, int]:
    return MappingProxyType({k: v for k, v in (d or {}).items() if v})


class DamageRollPlan(msgspec.Struct, frozen=True):
    """One damaging hit of ``source`` on ``target``, and the support hits given to its roll."""

    source: str
    target: str
    support: Mapping[str, int] = msgspec.field(default_factory=_frozen)

    @property
    def support_total(self) -> int:
        return sum(self.support.values())

    def text(self) -> str:
        extra = f" +{self.support_total} support" if self.support_total else ""
        return f"{self.source} -> {self.target}{extra}"

    def to_json(self) -> dict[str, object]:
        return {"source": self.source, "target": self.target, "support": dict(self.support)}


def roll_plan(source: str, target: str, support: Mapping[str, int] | None = None) -> DamageRollPlan:
    return DamageRollPlan(source, target, _frozen(support))


class LightRoll(msgspec.Struct, frozen=True):
    """A light damage roll of Cunning Assault by ``source`` on ``target``."""

    source: str
    target: str

    def to_json(self) -> dict[str, object]:
        return {"source": self.source, "target": self.target}


class TokenPlan(msgspec.Struct, frozen=True):
    """An acid, minor acid or Poison[M] token an assault weapon places on ``target``."""

    source: str
    target: str
    kind: TokenKind

    def to_json(self) -> dict[str, object]:
        return {"source": self.source, "target": self.target, "kind": self.kind}


class SideAllocation(msgspec.Struct, frozen=True):
    """Where the hits of side ``side`` go, dealt by side ``by``.

    ``light``: the Cunning Assault rolls that replace hits (first draft only; in the current
    edition they follow from the hits). ``tokens``: acid and poison placed.
    """

    side: int
    by: int
    rolls: tuple[DamageRollPlan, ...]
    light: tuple[LightRoll, ...] = ()
    tokens: tuple[TokenPlan, ...] = ()

    def explain(self) -> str:
        lines = [f"side {self.side}'s hits, dealt by side {self.by}:"]
        lines.extend(f"  {r.text()}" for r in self.rolls)
        lines.extend(
            f"  cunning assault {x.source} -> {x.target}: light damage" for x in self.light
        )
        lines.extend(f"  {t.source} places {t.kind} on {t.target}" for t in self.tokens)
        return "\n".join(lines)

    def to_json(self) -> dict[str, object]:
        return {
            "side": self.side,
            "by": self.by,
            "rolls": [r.to_json() for r in self.rolls],
            "light": [x.to_json() for x in self.light],
            "tokens": [t.to_json() for t in self.tokens],
        }
