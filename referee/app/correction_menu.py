"""The right-click menu of a hex: the referee's corrections, to mirror the table.

For each unit on the hex: move it (then click a hex), rotate it left or right, set its
shaken and damage tokens, take it off the table; for the hex: add or take off a smoke or
fire marker (and take off a cloud marker). The menu only *chooses*: it emits a
:class:`Correction` (a named step of ``correct`` / ``correct-hex`` / ``correct-remove``
commands) and the main window has the match carry it out, so every correction is a journal
step that undo takes back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMenu, QWidget

from referee.board.hexgrid import DIRECTION_NAMES, Hex, hex_label
from referee.match.state import MatchState
from referee.rules.state import UnitState

ADDABLE_MARKERS = ("smoke", "fire")
MAX_TOKENS = 5


@dataclass(frozen=True)
class Correction:
    """A named step to run, or (``move_uid``) a unit to move once a hex is picked."""

    name: str
    commands: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    move_uid: str | None = None


def correct(uid: str, what: str, **fields: Any) -> Correction:
    command = {"kind": "correct", "uid": uid, "set": fields}
    return Correction(f"Correction: {uid} {what}", (command,))


def move_to(uid: str, h: Hex) -> Correction:
    return correct(uid, f"moved to {hex_label(h)}", hex=hex_label(h))


class CorrectionMenu(QMenu):
    """The corrections for one hex of ``state``; ``chosen(Correction)`` when one is picked."""

    chosen = Signal(object)

    def __init__(self, state: MatchState, h: Hex, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hex = h
        label = hex_label(h)
        self.setTitle(label)
        units = [u for u in state.units.values() if u.hex == h]
        for unit in units:
            menu = self.addMenu(f"{unit.uid} ({unit.unit.name})") if len(units) > 1 else self
            if menu is self:
                self.addSection(f"{unit.uid} ({unit.unit.name})")
            self._unit_actions(menu, unit)
        self.addSection(f"Hex {label}")
        for kind in ADDABLE_MARKERS:
            count = state.hexes.count(h, kind)
            self._add(
                self,
                f"Add a {kind} marker ({count} -> {count + 1})",
                self._marker(label, kind, count + 1),
            )
        for marker in state.hexes.at(h):
            self._add(
                self,
                f"Take off a {marker.kind} marker ({marker.count} -> {marker.count - 1})",
                self._marker(label, marker.kind, marker.count - 1),
            )

    @staticmethod
    def _marker(label: str, kind: str, count: int) -> Correction:
        return Correction(
            f"Correction: {kind} markers on {label}: {count}",
            ({"kind": "correct-hex", "hex": label, "marker": kind, "count": count},),
        )

    def _add(self, menu: QMenu, text: str, correction: Correction) -> None:
        action = menu.addAction(text)
        action.triggered.connect(lambda _=False, c=correction: self.chosen.emit(c))

    def _unit_actions(self, menu: QMenu, u: UnitState) -> None:
        self._add(menu, f"Move {u.uid} to a hex…", Correction(f"Move {u.uid}", move_uid=u.uid))
        for turn, word in ((-1, "left"), (1, "right")):
            facing = (u.facing + turn) % 6
            self._add(
                menu,
                f"Rotate {word} (to {DIRECTION_NAMES[facing]})",
                correct(u.uid, f"turned to face {DIRECTION_NAMES[facing]}", facing=facing),
            )
        for field_name, title in (("shaken", "Shaken tokens"), ("damage_tokens", "Damage tokens")):
            sub = menu.addMenu(title)
            now = int(getattr(u, field_name))
            for n in range(MAX_TOKENS + 1):
                text = f"{n}{'  (now)' if n == now else ''}"
                words = title.lower().replace(" tokens", "")
                self._add(sub, text, correct(u.uid, f"{words} tokens {n}", **{field_name: n}))
        self._add(
            menu,
            f"Remove {u.uid} from the table",
            Correction(
                f"Correction: {u.uid} taken off the table",
                ({"kind": "correct-remove", "uid": u.uid},),
            ),
        )

    def action_texts(self) -> list[str]:
        """Every action's text, submenus included (for tests and screenshots)."""
        out: list[str] = []

        def walk(menu: QMenu) -> None:
            for action in menu.actions():
                sub = action.menu()
                if isinstance(sub, QMenu):
                    walk(sub)
                elif action.text() and not action.isSeparator():
                    out.append(action.text())

        walk(self)
        return out

    def trigger(self, text: str) -> None:
        """Trigger the action called ``text`` (anywhere in the menu), as a click would."""

        def walk(menu: QMenu) -> bool:
            for action in menu.actions():
                sub = action.menu()
                if isinstance(sub, QMenu):
                    if walk(sub):
                        return True
                elif action.text() == text:
                    action.trigger()
                    return True
            return False

        if not walk(self):
            raise KeyError(f"no action {text!r} in the menu of {hex_label(self.hex)}")
