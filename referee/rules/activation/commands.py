"""The commands of a game of the activation rules: one small frozen value per kind.

Each kind has a text form (``deploy side=1 uid=tank hex=H15 facing=N ammunition=3``, the
words of a journal line) and a JSON form (``{"kind": "deploy", "side": 1, ...}``), read and
written in pairs: :func:`parse_command` / :meth:`Command.text` and :func:`command_from_json`
/ :meth:`Command.to_json`. Reading checks every field and names the one that is wrong
(:class:`CommandError`, ``field`` set); unknown kinds and keys are refused.

Values: a tile is its label (``H8``); a facing a direction name (``N``, ``NE`` ... ``NW``);
a path the poses of the steps, ``H13:N,I12:NE``; a list of uids ``a,b``; shots
``weapon>target`` joined by ``,``, a target being a unit's uid or ``@`` and a tile
(``cannon>tank-2,mg>@H8``: the fortification on H8).

Clauses ``activation.activation``, ``activation.starting``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

import msgspec

from referee.board.hexgrid import DIRECTION_NAMES, Hex, LabelError, hex_label, parse_label
from referee.errors import excerpt, whole_number
from referee.rules.activation.slots import Pose
from referee.rules.command import CommandError


class Shot(msgspec.Struct, frozen=True):
    """One weapon's shot: at a unit (``unit``) or at the fortification on ``tile``."""

    weapon: str
    unit: str | None = None
    tile: Hex | None = None

    def text(self) -> str:
        target = self.unit if self.unit is not None else f"@{hex_label(self.tile)}"  # type: ignore[arg-type]
        return f"{self.weapon}>{target}"


# --- field codecs: (from text, to text) ------------------------------------------------------


def _side(text: str) -> int:
    if text.strip() not in ("1", "2"):
        raise ValueError(f"{excerpt(text)} is not a side (1 or 2)")
    return int(text)


def _count(text: str) -> int:
    number = whole_number(text)
    if number is None or number < 0:
        raise ValueError(f"{excerpt(text)} is not a whole number 0 or more")
    return number


def _hex(text: str) -> Hex:
    return parse_label(text)


def _facing(text: str) -> int:
    key = text.strip().upper()
    if key in DIRECTION_NAMES:
        return DIRECTION_NAMES.index(key)
    raise ValueError(f"{text!r} is not a facing ({', '.join(DIRECTION_NAMES)})")


def _word(text: str) -> str:
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", text.strip()):
        raise ValueError(f"{text!r} is not an id (letters, digits, '-', '_', '.')")
    return text.strip()


def _words(text: str) -> tuple[str, ...]:
    return tuple(_word(w) for w in text.split(",") if w.strip())


def parse_pose(text: str) -> Pose:
    """``H12:N`` (a facing of -1 when none is written, ``H12``)."""
    label, _, facing = text.strip().partition(":")
    return Pose(parse_label(label), _facing(facing) if facing else -1)


def parse_path(text: str) -> tuple[Pose, ...]:
    """``H11:N,I10:NE``: the poses of a path."""
    return tuple(parse_pose(p) for p in text.split(",") if p.strip())


def path_text(path: tuple[Pose, ...]) -> str:
    return ",".join(
        hex_label(p.hex) + ("" if p.facing < 0 else f":{DIRECTION_NAMES[p.facing]}") for p in path
    )


def _shot(text: str) -> Shot:
    weapon, sep, target = text.strip().partition(">")
    if not sep or not target.strip():
        raise ValueError(f"{text!r}: write WEAPON>TARGET (a unit's uid, or @ and a tile)")
    target = target.strip()
    if target.startswith("@"):
        return Shot(_word(weapon), tile=parse_label(target[1:]))
    return Shot(_word(weapon), unit=_word(target))


def _shots(text: str) -> tuple[Shot, ...]:
    return tuple(_shot(s) for s in text.split(",") if s.strip())


def _go(text: str) -> str:
    if text.strip() not in ("first", "second"):
        raise ValueError(f"{text!r}: go first or second")
    return text.strip()


def _colour(text: str) -> str:
    if text.strip() not in ("enemy", "neutral"):
        raise ValueError(f"{text!r}: a capture turns an enemy or a neutral pip")
    return text.strip()


Codec = tuple[Callable[[str], Any], Callable[[Any], str]]
CODECS: dict[str, Codec] = {
    "side": (_side, str),
    "mission": (_word, str),
    "uid": (_word, str),
    "transport": (_word, str),
    "action": (_word, str),
    "go": (_go, str),
    "hex": (_hex, hex_label),
    "facing": (_facing, lambda f: DIRECTION_NAMES[f]),
    "ammunition": (_count, str),
    "uids": (_words, ",".join),
    "path": (parse_path, path_text),
    "shots": (_shots, lambda shots: ",".join(s.text() for s in shots)),
    "colour": (_colour, str),
}


INT_FIELDS = frozenset({"side", "ammunition"})
"""Fields whose JSON form is a number; every other field's is its text."""


class Command:
    """What every command kind shares: its kind word and its two forms."""

    KIND: ClassVar[str] = ""

    def _values(self) -> list[tuple[str, object]]:
        return [
            (f.name, getattr(self, f.name))
            for f in fields(self)  # type: ignore[arg-type]
            if getattr(self, f.name) not in (None, (), "")
        ]

    def text(self) -> str:
        parts = [self.KIND]
        for name, value in self._values():
            parts.append(f"{name}={CODECS[name][1](value)}")
        return " ".join(parts)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.KIND}
        for name, value in self._values():
            out[name] = value if name in INT_FIELDS else CODECS[name][1](value)
        return out

    @property
    def unit(self) -> str | None:
        """The unit the command activates (None: not an activation)."""
        return None


class Activation(Command):
    """A command that activates its unit ``uid``."""

    uid: str

    @property
    def unit(self) -> str | None:
        return self.uid

    def __str__(self) -> str:
        return self.text()


# --- the kinds ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Present(Command):
    """Both players show their armies (clause ``activation.presentation``)."""

    KIND: ClassVar[str] = "present"


@dataclass(frozen=True, slots=True)
class Ban(Command):
    """``side`` bans ``mission`` (clause ``activation.mission-choosing``)."""

    KIND: ClassVar[str] = "ban"
    side: int
    mission: str


@dataclass(frozen=True, slots=True)
class RollOrder(Command):
    """The random draw of the player who chooses the order (``activation.player-order``)."""

    KIND: ClassVar[str] = "roll-order"


@dataclass(frozen=True, slots=True)
class ChooseOrder(Command):
    KIND: ClassVar[str] = "choose-order"
    side: int
    go: str


@dataclass(frozen=True, slots=True)
class Deploy(Command):
    """Deploy a unit or structure (clause ``activation.deployment``)."""

    KIND: ClassVar[str] = "deploy"
    side: int
    uid: str
    hex: Hex
    facing: int = 0
    ammunition: int | None = None


@dataclass(frozen=True, slots=True)
class DeployPass(Command):
    KIND: ClassVar[str] = "deploy-pass"
    side: int


@dataclass(frozen=True, slots=True)
class Reserves(Command):
    """The units ``side`` leaves in the reserves; the rest are out (``activation.reserves``)."""

    KIND: ClassVar[str] = "reserves"
    side: int
    uids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BeforeBattle(Command):
    """A "before the battle" action (clause ``activation.starting-actions``)."""

    KIND: ClassVar[str] = "before-battle"
    side: int
    uid: str
    action: str
    path: tuple[Pose, ...] = ()


@dataclass(frozen=True, slots=True)
class BeforeBattleDone(Command):
    KIND: ClassVar[str] = "before-battle-done"
    side: int


@dataclass(frozen=True, slots=True)
class Move(Activation):
    """A move action along ``path``; an aircraft may attack after it (``shots``)."""

    KIND: ClassVar[str] = "move"
    uid: str
    path: tuple[Pose, ...]
    shots: tuple[Shot, ...] = ()


@dataclass(frozen=True, slots=True)
class Embark(Activation):
    KIND: ClassVar[str] = "embark"
    uid: str
    transport: str


@dataclass(frozen=True, slots=True)
class Disembark(Activation):
    KIND: ClassVar[str] = "disembark"
    uid: str
    hex: Hex
    facing: int = 0


@dataclass(frozen=True, slots=True)
class Enter(Activation):
    """A unit in the reserves enters on its player's edge (ruling ``activation.reserves-entry``)
    with ``ammunition`` (ruling ``activation.reserves-ammunition``; None: none written)."""

    KIND: ClassVar[str] = "enter"
    uid: str
    hex: Hex
    facing: int = 0
    ammunition: int | None = None


@dataclass(frozen=True, slots=True)
class Shoot(Activation):
    KIND: ClassVar[str] = "shoot"
    uid: str
    shots: tuple[Shot, ...]


@dataclass(frozen=True, slots=True)
class Capture(Activation):
    KIND: ClassVar[str] = "capture"
    uid: str
    hex: Hex
    colour: str | None = None


@dataclass(frozen=True, slots=True)
class Pass(Command):
    KIND: ClassVar[str] = "pass"
    side: int


KINDS: dict[str, type[Command]] = {
    c.KIND: c
    for c in (
        Present,
        Ban,
        RollOrder,
        ChooseOrder,
        Deploy,
        DeployPass,
        Reserves,
        BeforeBattle,
        BeforeBattleDone,
        Move,
        Embark,
        Disembark,
        Enter,
        Shoot,
        Capture,
        Pass,
    )
}


def _build(kind: str, values: Mapping[str, str]) -> Command:
    cls = KINDS.get(kind)
    if cls is None:
        raise CommandError(
            f"{kind!r} is not a command of the activation rules ({', '.join(KINDS)})", "kind"
        )
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    for key in values:
        if key not in names:
            raise CommandError(
                f"{kind}: unknown key {key!r} (keys: {', '.join(names) or 'none'})", key
            )
    args: dict[str, object] = {}
    for f in fields(cls):  # type: ignore[arg-type]
        if f.name not in values:
            if f.default is MISSING and f.default_factory is MISSING:
                raise CommandError(f"{kind}: {f.name}= is missing", f.name)
            continue
        try:
            args[f.name] = CODECS[f.name][0](values[f.name])
        except (ValueError, LabelError) as exc:
            raise CommandError(f"{kind} {f.name}: {exc}", f.name) from None
    return cls(**args)


def parse_command(text: str) -> Command:
    """A command from its text form (``ban side=1 mission=crossroads``)."""
    words = text.split()
    if not words:
        raise CommandError("an empty command", "kind")
    values: dict[str, str] = {}
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise CommandError(f"{words[0]}: {word!r} is not KEY=VALUE", key or None)
        if key in values:
            raise CommandError(f"{words[0]}: {key}= given twice", key)
        values[key] = value
    return _build(words[0], values)


def command_from_json(raw: Mapping[str, object]) -> Command:
    """A command from its JSON form (``{"kind": "ban", "side": 1, "mission": "crossroads"}``)."""
    kind = raw.get("kind")
    if not isinstance(kind, str):
        raise CommandError("a command needs its kind", "kind")
    return _build(kind, {k: str(v) for k, v in raw.items() if k != "kind"})
