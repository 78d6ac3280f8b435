"""The right-click menu of a hex: the referee's corrections, to mirror the table.

For each unit on the hex: take off one model (one click: the commonest correction at a
table), set the models alive, its speed (the card's), move it (then click a hex), rotate it
left or right, set its shaken and damage tokens, the load tokens of each weapon and the
shots left of a Limited Ammo one, each condition with its strength (fire, acid and minor
acid tokens; Poison[N] and Bleeding[N] instances added or taken off), take it off the
table; for the hex: add or take off a smoke or fire marker, set it on fire (fire and smoke as
one correction), put a cloud on it with its grade or die (an acid cloud [minor]), add or take
off a marker of a cloud there.
The menu only *chooses*: it emits a :class:`Correction` (a named step of ``correct`` /
``correct-hex`` / ``correct-remove`` commands) and the main window has the match carry it
out, so every correction is a journal step that undo takes back.
"""

from __future__ import annotations

from typing import Any

import msgspec
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QMenu, QWidget

from referee.board.hexgrid import Hex, facing_name, hex_label
from referee.rules.orders.commands import Command, Correct, CorrectHex, CorrectRemove
from referee.rules.orders.state import MatchState
from referee.rules.state import UnitState

ADDABLE_MARKERS = ("smoke", "fire")
MAX_TOKENS = 5
CONDITION_DICE = (4, 6, 8, 10, 12)
"""The dice a Poison[N] or Bleeding[N] instance is added with from the menu."""
COUNTED_CONDITIONS = (
    ("fire", "Fire tokens"),
    ("acid", "Acid tokens"),
    ("minor_acid", "Minor acid tokens"),
)


class Correction(msgspec.Struct, frozen=True):
    """A named step to run, or (``move_uid``) a unit to move once a hex is picked."""

    name: str
    commands: tuple[Command, ...] = msgspec.field(default_factory=tuple)
    move_uid: str | None = None


def _a(name: str) -> str:
    """``a smoke``, ``an acid cloud``."""
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"


def correct(uid: str, what: str, **fields: Any) -> Correction:
    command = Correct(uid=uid, set=fields)
    return Correction(f"Correction: {uid} {what}", (command,))


def move_to(uid: str, h: Hex) -> Correction:
    return correct(uid, f"moved to {hex_label(h)}", hex=hex_label(h))


class CorrectionMenu(QMenu):
    """The corrections for one hex of ``state``; ``chosen(Correction)`` when one is picked."""

    chosen = Signal(object)

    def __init__(self, state: MatchState, h: Hex, parent: QWidget | None = None) -> None:
        from referee.rules.hexes.rules import hex_effect_rules

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
        self._effects(state, h, label)
        names = {k.id: k.name.lower() for k in hex_effect_rules(state.rules).markers.values()}
        for marker in state.hexes.at(h):
            name = names.get(marker.kind, marker.kind)
            self._add(
                self,
                f"Take off {_a(name)} marker ({marker.count} -> {marker.count - 1})",
                self._marker(label, marker.kind, marker.count - 1),
            )

    def _effects(self, state: MatchState, h: Hex, label: str) -> None:
        """A hex on fire with its smoke, as one correction, and each cloud of the ruleset
        with its grade or die (``hex_effects.toml``): a cloud on the hex gets one marker
        more, a new one two ("place two markers ... the first time", clause
        ``hex.markers``)."""
        from referee.rules.hexes.rules import hex_effect_rules

        rules = hex_effect_rules(state.rules)
        first = rules.first
        for effect in rules.effects.values():
            kinds = rules.parts(effect.id)
            if any(k.strengths for k in kinds):
                continue  # a composite cloud: its clouds one at a time below
            now = max(state.hexes.count(h, k.id) for k in kinds)
            count = now + 1 if now else first
            names = " and ".join(k.name.lower() for k in kinds)
            self._add(
                self,
                f"{effect.name}: {names} markers ({now} -> {count})",
                Correction(
                    f"Correction: {effect.name.lower()} on {label}: {count}",
                    (CorrectHex(hex=label, marker=effect.id, count=count),),
                ),
            )
        for kind in rules.markers.values():
            if not kind.strengths:
                continue
            old = state.hexes.get(h, kind.id)
            if old is not None:
                self._add(
                    self,
                    f"Add {_a(kind.name.lower())} marker ({old.count} -> {old.count + 1})",
                    self._marker(label, kind.id, old.count + 1),
                )
                continue
            sub = self.addMenu(f"Put {_a(kind.name.lower())} on {label}")
            for strength in kind.strengths:
                self._add(
                    sub,
                    f"{kind.name} [{strength}]: {first} markers",
                    Correction(
                        f"Correction: {kind.name.lower()} [{strength}] on {label}: {first}",
                        (CorrectHex(hex=label, marker=kind.id, count=first, strength=strength),),
                    ),
                )

    @staticmethod
    def _marker(label: str, kind: str, count: int) -> Correction:
        return Correction(
            f"Correction: {kind} markers on {label}: {count}",
            (CorrectHex(hex=label, marker=kind, count=count),),
        )

    def _add(self, menu: QMenu, text: str, correction: Correction) -> None:
        action = menu.addAction(text)
        action.triggered.connect(lambda _=False, c=correction: self.chosen.emit(c))

    def _unit_actions(self, menu: QMenu, u: UnitState) -> None:
        models = u.unit.models
        if u.alive:
            fewer = {"alive": u.alive - 1}
            if u.elites_alive > u.alive - 1:
                fewer["elites_alive"] = u.alive - 1
            self._add(
                menu,
                f"Take off one model ({u.alive} -> {u.alive - 1})",
                correct(u.uid, f"one model taken off ({u.alive} -> {u.alive - 1})", **fewer),
            )
        sub = menu.addMenu("Models alive")
        for n in range(models + 1):
            fields = {"alive": n, **({"elites_alive": n} if u.elites_alive > n else {})}
            self._add(
                sub,
                f"{n} of {models}{'  (now)' if n == u.alive else ''}",
                correct(u.uid, f"models alive {n}", **fields),
            )
        sub = menu.addMenu("Speed")
        for speed in u.unit.speeds:
            self._add(
                sub,
                f"{speed.name}{'  (now)' if speed.name == u.speed else ''}",
                correct(u.uid, f"speed {speed.name}", speed=speed.name),
            )
        self._add(menu, f"Move {u.uid} to a hex…", Correction(f"Move {u.uid}", move_uid=u.uid))
        for turn, word in ((-1, "left"), (1, "right")):
            facing = (u.facing + turn) % 6
            self._add(
                menu,
                f"Rotate {word} (to {facing_name(facing)})",
                correct(u.uid, f"turned to face {facing_name(facing)}", facing=facing),
            )
        for field_name, title in (("shaken", "Shaken tokens"), ("damage_tokens", "Damage tokens")):
            sub = menu.addMenu(title)
            now = int(getattr(u, field_name))
            for n in range(MAX_TOKENS + 1):
                text = f"{n}{'  (now)' if n == now else ''}"
                words = title.lower().replace(" tokens", "")
                self._add(sub, text, correct(u.uid, f"{words} tokens {n}", **{field_name: n}))
        self._weapon_actions(menu, u)
        self._condition_actions(menu.addMenu("Conditions"), u)
        self._add(
            menu,
            f"Remove {u.uid} from the table",
            Correction(
                f"Correction: {u.uid} taken off the table",
                (CorrectRemove(uid=u.uid),),
            ),
        )

    def _weapon_actions(self, menu: QMenu, u: UnitState) -> None:
        """Load tokens per weapon; shots left per Limited Ammo weapon (``fired`` set)."""
        if not u.unit.weapons:
            return
        loads = menu.addMenu("Load tokens")
        for w in u.unit.weapons:
            sub = loads.addMenu(w.name)
            now = u.ammo(w.name)
            for n in range(max(MAX_TOKENS, now) + 1):
                loaded = {**u.loaded, w.name: n}
                self._add(
                    sub,
                    f"{w.name}: {n} loaded{'  (now)' if n == now else ''}",
                    correct(u.uid, f"{w.name} load tokens {n}", loaded=loaded),
                )
        limited = [w for w in u.unit.weapons if w.limited_ammo is not None]
        if not limited:
            return
        ammo = menu.addMenu("Ammo left (Limited Ammo)")
        for w in limited:
            carried = w.limited_ammo or 0
            sub = ammo.addMenu(w.name)
            left_now = carried - u.shots_fired(w.name)
            for left in range(carried + 1):
                fired = {**u.fired, w.name: carried - left}
                self._add(
                    sub,
                    f"{w.name}: {left} of {carried} left{'  (now)' if left == left_now else ''}",
                    correct(u.uid, f"{w.name} ammo left {left} of {carried}", fired=fired),
                )

    def _condition_actions(self, menu: QMenu, u: UnitState) -> None:
        """Each condition with its strength: tokens counted, dice instances listed."""
        for field_name, title in COUNTED_CONDITIONS:
            sub = menu.addMenu(title)
            now = int(getattr(u, field_name))
            word = title.lower().replace(" tokens", "")
            for n in range(max(MAX_TOKENS, now) + 1):
                self._add(
                    sub,
                    f"{word} {n}{'  (now)' if n == now else ''}",
                    correct(u.uid, f"{word} tokens {n}", **{field_name: n}),
                )
        for field_name, name in (("poison", "Poison"), ("bleeding", "Bleeding")):
            sub = menu.addMenu(name)
            dice: tuple[int, ...] = tuple(getattr(u, field_name))
            for die in CONDITION_DICE:
                self._add(
                    sub,
                    f"Add {name}[{die}]",
                    correct(u.uid, f"{name.lower()} [{die}] added", **{field_name: [*dice, die]}),
                )
            for i, die in enumerate(dice):
                rest = [*dice[:i], *dice[i + 1 :]]
                self._add(
                    sub,
                    f"Take off {name}[{die}]",
                    correct(u.uid, f"{name.lower()} [{die}] taken off", **{field_name: rest}),
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
