"""The commands of a match journal: one small frozen value per kind, read and written in pairs.

A command has a JSON form, the one the match file keeps in each event
(``{"kind": "fire", "shooter": "tank", "target": "grunts", "weapon": "Main gun"}``), and a
text form, a line of a text journal or of ``referee match step -c``
(``fire shooter=tank target=grunts weapon="Main gun"``). :func:`command_from_json` /
:meth:`Command.to_json` and :func:`parse_command_text` / :meth:`Command.text` go between them
and the typed value; :data:`KINDS` is the one registry of kinds. Reading checks every field
and names the one that is wrong (:class:`CommandError`, ``field`` set); an unknown kind or key
is refused.

What a field may hold that depends on the match (the steps of its turn, its units, the
markers of its ruleset) is checked when the command is carried out
(:mod:`referee.rules.orders.step`). A command read from JSON writes back the keys it was given,
in their order, so a journal's commands keep their bytes (a number written as text, ``"2"``,
is read as the number and written back as one).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from referee.rules.command import CommandError
from referee.rules.orders.command_value import (
    STEP,
    TURN_MAX,
    Command,
    CorrectionError,
    command_field,
    json_word,
    one_of,
    refuse,
    rerolls_field,
    table_field,
    text_field,
    texts_field,
    whole,
)

if TYPE_CHECKING:  # the kinds of KIND_HOMES, imported when a journal first holds one
    from referee.rules.orders.correction_commands import Correct as Correct
    from referee.rules.orders.correction_commands import CorrectHex as CorrectHex
    from referee.rules.orders.correction_commands import CorrectRemove as CorrectRemove
    from referee.rules.orders.hidden_commands import Place as Place
    from referee.rules.orders.hidden_commands import Reveal as Reveal
    from referee.rules.orders.hidden_commands import SetupPass as SetupPass
    from referee.rules.orders.hidden_commands import SetupRoll as SetupRoll
    from referee.rules.orders.hidden_commands import Spot as Spot
    from referee.rules.orders.marker_commands import Aftermath as Aftermath
    from referee.rules.orders.marker_commands import Agony as Agony
    from referee.rules.orders.marker_commands import HexEffects as HexEffects

__all__ = ["Command", "CommandError", "CorrectionError", "json_word"]


@dataclass(frozen=True)
class Orders(Command):
    """Orders written for a unit and a turn, or ``missing=confirm`` (clauses
    ``orders.giving``, ``orders.missing``)."""

    KIND: ClassVar[str] = "orders"
    uid: str = command_field(text_field, required=True)
    turn: int = command_field(whole(0, TURN_MAX), required=True)
    movement: str | None = command_field(text_field)
    gunnery: str | None = command_field(text_field)
    missing: str | None = command_field(one_of("confirm"))


@dataclass(frozen=True)
class Fire(Command):
    """A fire action (clauses ``fire.*``); ``gunnery`` the step (default the first),
    ``sector`` the attacker's choice of sector when the shot enters on edge."""

    KIND: ClassVar[str] = "fire"
    shooter: str = command_field(text_field, required=True)
    target: str = command_field(text_field, required=True)
    weapon: str | None = command_field(text_field)
    gunnery: int | None = command_field(STEP)
    sector: str | None = command_field(text_field)


@dataclass(frozen=True)
class ApplyDamage(Command):
    """The 'apply damage' step (clause ``damage.sequence``)."""

    KIND: ClassVar[str] = "apply-damage"


@dataclass(frozen=True)
class Advance(Command):
    """On to the next step, to step ``to``, or past the idle ones (clause ``turn.sequence``);
    ``missing=confirm``: the rule for a missing order applies to each unit without orders;
    ``unfired=pass``: each unit ordered to fire that has not holds its fire."""

    KIND: ClassVar[str] = "advance"
    to: str | None = command_field(text_field)
    skip: str | None = command_field(text_field)
    missing: str | None = command_field(one_of("confirm"))
    unfired: str | None = command_field(one_of("pass"))


def _choices_field(kind: str, key: str, value: object) -> Mapping[str, Any]:
    table = table_field(kind, key, value)
    for name, choice in table.items():
        if isinstance(choice, bool) or not (
            isinstance(choice, int | str) or (isinstance(choice, list) and len(choice) == 2)
        ):
            raise refuse(
                kind,
                key,
                f"choices.{name}: {choice!r:.40} is not a facing (0-5), a hex or [facing, hex]",
            )
    return table


@dataclass(frozen=True)
class Movement(Command):
    """Movement step ``step`` for every unit at once; ``choices`` what the step asks the
    referee (clauses ``turn.movement``, ``turn.simultaneous``)."""

    KIND: ClassVar[str] = "movement"
    step: int = command_field(STEP, required=True)
    choices: Mapping[str, Any] | None = command_field(_choices_field)


@dataclass(frozen=True)
class Assault(Command):
    """The assault over contest ``contest`` (default the first) with the referee's choices
    (:mod:`referee.rules.orders.assault_choices`; clauses ``assault.*``)."""

    KIND: ClassVar[str] = "assault"
    contest: int | None = command_field(whole(0, 10_000))
    retreats: Mapping[str, Any] | None = command_field(table_field)
    deflection: Mapping[str, Any] | None = command_field(table_field)
    allocation: Mapping[str, Any] | None = command_field(table_field)
    rerolls: str | tuple[Mapping[str, Any], ...] | None = command_field(rerolls_field)
    tie_winner: int | None = command_field(whole(1, 2))
    pre_assault_retreats: tuple[str, ...] | None = command_field(texts_field)


@dataclass(frozen=True)
class Load(Command):
    """A Load order carried out (clauses ``orders.load``, ``fire.load``)."""

    KIND: ClassVar[str] = "load"
    uid: str = command_field(text_field, required=True)
    weapon: str | None = command_field(text_field)


@dataclass(frozen=True)
class Aim(Command):
    """An Aim order carried out at gunnery step ``gunnery`` (clause ``fire.aim``)."""

    KIND: ClassVar[str] = "aim"
    uid: str = command_field(text_field, required=True)
    gunnery: int | None = command_field(STEP)


_CORRECTIONS = "referee.rules.orders.correction_commands"
_HIDDEN = "referee.rules.orders.hidden_commands"
_MARKERS = "referee.rules.orders.marker_commands"

KIND_HOMES: Mapping[str, tuple[str, str]] = {
    "correct": (_CORRECTIONS, "Correct"),
    "orders": (__name__, "Orders"),
    "fire": (__name__, "Fire"),
    "apply-damage": (__name__, "ApplyDamage"),
    "agony": (_MARKERS, "Agony"),
    "aftermath": (_MARKERS, "Aftermath"),
    "advance": (__name__, "Advance"),
    "correct-hex": (_CORRECTIONS, "CorrectHex"),
    "correct-remove": (_CORRECTIONS, "CorrectRemove"),
    "movement": (__name__, "Movement"),
    "assault": (__name__, "Assault"),
    "hex-effects": (_MARKERS, "HexEffects"),
    "load": (__name__, "Load"),
    "aim": (__name__, "Aim"),
    "spot": (_HIDDEN, "Spot"),
    "setup-roll": (_HIDDEN, "SetupRoll"),
    "place": (_HIDDEN, "Place"),
    "setup-pass": (_HIDDEN, "SetupPass"),
    "reveal": (_HIDDEN, "Reveal"),
}
"""Every kind of command, by its kind word (the order of ``referee match step``'s help): the
module and the class of its value. The kinds of every turn are here; the others are in a
module of their family, imported when first asked for (a check of a journal without a
setup or a correction builds none of theirs)."""

_BY_CLASS: Mapping[str, str] = {name: module for module, name in KIND_HOMES.values()}


class _Kinds(Mapping[str, type[Command]]):
    """:data:`KIND_HOMES` as kind word -> class, each family's module imported on first use."""

    def __getitem__(self, kind: str) -> type[Command]:
        module, name = KIND_HOMES[kind]
        cls: type[Command] = getattr(importlib.import_module(module), name)
        return cls

    def __iter__(self) -> Iterator[str]:
        return iter(KIND_HOMES)

    def __len__(self) -> int:
        return len(KIND_HOMES)


KINDS: Mapping[str, type[Command]] = _Kinds()
"""Every kind of command, by its kind word: the one registry of kinds."""


def __getattr__(name: str) -> Any:
    """A kind of a family module (``from referee.rules.orders.commands import Place``),
    imported when first named."""
    module = _BY_CLASS.get(name)
    if module is None or module == __name__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def command_from_json(raw: Command | Mapping[str, Any]) -> Command:
    """A command from its JSON form; an unknown kind or key, a missing or ill-typed field is
    refused as :class:`CommandError` naming it."""
    if isinstance(raw, Command):
        return raw
    if not isinstance(raw, Mapping):
        raise refuse("command", "kind", "a command is a table of kind and fields")
    kind = raw.get("kind")
    cls = KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise refuse(str(kind), "kind", f"unknown command {kind!r} (commands: {', '.join(KINDS)})")
    return cls.from_json(raw)


_PLAIN_LINE = re.compile(r"""[^'"\\\x0b\x0c\x1c-\x1f]*""")
"""An ASCII line without quotes, escapes or whitespace other than spaces, tabs and line
ends: the shell's words of it are its words split at those."""


def split_words(line: str) -> list[str]:
    """``shlex.split(line)``: the words of a command line, quotes and escapes read as a
    shell reads them; a plain line (most of a journal's) is split at its spaces at once."""
    if line.isascii() and _PLAIN_LINE.fullmatch(line):
        return line.split()
    import shlex  # a line with quotes or escapes

    return shlex.split(line)


def command_words(line: str, where: str = "command") -> dict[str, Any]:
    """The JSON form a text command line writes (``correct``'s words but ``uid`` gathered
    into ``set``), not yet checked."""
    try:
        words = split_words(line)
    except ValueError as exc:
        raise CommandError(f"{where}: {exc}") from None
    if not words:
        raise CommandError(f"{where}: empty command")
    command: dict[str, Any] = {"kind": words[0]}
    for w in words[1:]:
        key, sep, value = w.partition("=")
        if not sep or not key:
            raise CommandError(f"{where}: {w!r} is not key=value")
        command[key] = json_word(value, where)
    if command["kind"] == "correct":
        uid = command.pop("uid", None)
        values = {k: v for k, v in command.items() if k != "kind"}
        command = {"kind": "correct", "uid": uid, "set": values}
    return command


def parse_command_text(line: str, where: str = "command") -> Command:
    """A command from its text form (``fire shooter=tank target=grunts``)."""
    return command_from_json(command_words(line, where))
