"""What has triggered this turn (clause ``hex.trigger``): "only triggers the first time a unit
encounters the effect in that hex this turn. It only retriggers the same turn if entering the
same hex for a second time."

Kept apart from :mod:`referee.rules.hexes.trigger` (what a marker does to a unit): the turn's
agenda and the match state carry the log at every step, the effects' rules only a step that
triggers them.
"""

from __future__ import annotations

import msgspec

from referee.board.hexgrid import Hex


class TriggerLog(msgspec.Struct, frozen=True):
    """The (unit, hex, marker kind) that have triggered this turn; a new turn, a new log."""

    seen: frozenset[tuple[str, Hex, str]] = frozenset()

    def has(self, uid: str, h: Hex, kind: str) -> bool:
        return (uid, h, kind) in self.seen

    def add(self, uid: str, h: Hex, kind: str) -> TriggerLog:
        return TriggerLog(self.seen | {(uid, h, kind)})

    def entered(self, uid: str, h: Hex) -> TriggerLog:
        """The log after ``uid`` entered ``h`` (again): its effects there may trigger anew."""
        return TriggerLog(frozenset(e for e in self.seen if not (e[0] == uid and e[1] == h)))
