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

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar

from referee.errors import excerpt, whole_number
from referee.rules.command import CommandError


class CorrectionError(CommandError):
    """A correction the match cannot take; the message names the field and the value."""

    def __init__(self, message: str, *, unit: str | None = None, field: str | None = None):
        super().__init__(message)
        self.unit = unit
        self.field = field


def _refuse(kind: str, key: str, message: str) -> CommandError:
    error = (CorrectionError if kind.startswith("correct") else CommandError)(f"{kind}: {message}")
    error.field = key
    return error


# --- field codecs: a JSON value checked into its typed value ----------------------------------

Read = Callable[[str, str, object], Any]
"""(kind, key, JSON value) -> the typed value; raises :class:`CommandError` naming ``key``."""


def text_field(kind: str, key: str, value: object) -> str:
    if not isinstance(value, str):
        raise _refuse(kind, key, f"{key}={value!r:.40} is not text")
    return value


def whole(low: int, high: int, say: str = "") -> Read:
    """A whole number from ``low`` to ``high`` (written as a number, or as its digits);
    ``say`` the refusal's words (``{value}`` the value given)."""

    def read(kind: str, key: str, value: object) -> int:
        if isinstance(value, str):
            number = whole_number(value)
            value = value if number is None else number
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _refuse(
                kind,
                key,
                say.format(value=excerpt(value))
                if say
                else f"{key}={value!r:.40} is not a whole number from {low} to {high}",
            )
        return value

    return read


def one_of(*words: str) -> Read:
    """One of ``words``."""

    def read(kind: str, key: str, value: object) -> str:
        if value not in words:
            only = (
                f"the only value is {words[0]!r}"
                if len(words) == 1
                else f"one of {', '.join(map(repr, words))}"
            )
            raise _refuse(kind, key, f"{key}={value!r:.40}: {only}")
        return str(value)

    return read


def table_field(kind: str, key: str, value: object) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise _refuse(kind, key, f"{key}={value!r:.40} is not a table of key: value")
    return value


def texts_field(kind: str, key: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(u, str) for u in value):
        raise _refuse(kind, key, f"{key}={value!r:.40} is not a list of unit ids")
    return tuple(value)


_GRADE = re.compile(r"[a-z][a-z0-9-]{0,39}")


def _strength(kind: str, key: str, value: object) -> int | str:
    if isinstance(value, str) and value.strip().isdigit() and len(value) < 20:
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10_000:
        return value
    if isinstance(value, str) and _GRADE.fullmatch(value):
        return value
    raise _refuse(
        kind, key, f"a strength [N] is a die size or a grade (minor, major), not {value!r:.40}"
    )


def strengths_field(kind: str, key: str, value: object) -> int | str | tuple[int | str, ...]:
    """A cloud's ``[N]``: a die size (``6``), a grade (``minor``), or a list of them for an
    effect of several graded kinds (``[6, "minor"]``); what the kind takes is checked when
    the command is carried out."""
    if isinstance(value, list | tuple):
        if not 1 <= len(value) <= 8:
            raise _refuse(kind, key, f"{key}: 1 to 8 values, not {len(value)}")
        return tuple(_strength(kind, key, v) for v in value)
    return _strength(kind, key, value)


def scalar_field(kind: str, key: str, value: object) -> str | int:
    """A word or a whole number (a facing: ``3`` or ``NE``)."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise _refuse(kind, key, f"{key}={value!r:.40} is not a word or a number")
    return value


def rerolls_field(kind: str, key: str, value: object) -> str | tuple[Mapping[str, Any], ...]:
    """``"decline"`` or a list of batches ``{unit: [POOL#N, ...]}``."""
    if value == "decline":
        return "decline"
    if isinstance(value, list | tuple) and all(isinstance(b, Mapping) for b in value):
        return tuple(value)
    raise _refuse(kind, key, f'{key}={value!r:.40}: "decline" or a list of {{unit: [POOL#N, ...]}}')


def _arg(read: Read, default: Any = None, required: bool = False) -> Any:
    """A command field read by ``read``; ``required`` ones have no default."""
    if required:
        return field(metadata={"read": read})
    return field(default=default, metadata={"read": read})


def _plain(value: object) -> object:
    """A typed value's JSON form (tuples become lists)."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _word(value: object) -> str:
    """One ``key=value`` value as the text journal reads it back (:func:`json_word`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    import shlex  # when a command is written out (a match check writes none)

    if isinstance(value, str):
        return shlex.quote(value)
    return shlex.quote(json.dumps(value))


_INTEGER = re.compile(r"-?[0-9]{1,18}")


def json_word(text: str, where: str) -> Any:
    """The JSON value of one ``key=value`` word of a text command: a number, ``true`` or
    ``false``, JSON when it starts with ``{`` or ``[``, else the text itself."""
    if text[:1] in ("{", "["):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise CommandError(f"{where}: {text[:40]!r}...: not valid JSON ({exc.msg})") from None
        except RecursionError:
            raise CommandError(f"{where}: {text[:40]!r}...: JSON nested too deep") from None
    number = whole_number(text) if _INTEGER.fullmatch(text) else None
    if number is not None:
        return number
    if text in ("true", "false"):
        return text == "true"
    return text


# --- the command value ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    """What every command kind shares: its kind word, its JSON and its text forms."""

    KIND: ClassVar[str] = ""
    keys: tuple[str, ...] = field(default=(), compare=False, repr=False, kw_only=True)
    """The JSON keys as the command was given, in order (empty: made in code)."""

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> Command:
        """This kind from its JSON form; unknown and ill-typed keys refused by name (and the
        unit, when the command names one in ``uid``)."""
        try:
            return cls._read(raw)
        except CommandError as exc:
            if exc.unit is None and isinstance(raw.get("uid"), str):
                exc.unit = raw["uid"]
            raise

    @classmethod
    def _read(cls, raw: Mapping[str, Any]) -> Command:
        kind = cls.KIND
        names = {f.name: f for f in fields(cls) if "read" in f.metadata}
        for key in raw:
            if key != "kind" and key not in names:
                known = ", ".join(names) or "none"
                raise _refuse(kind, str(key), f"unknown key {key!r} (keys: {known})")
        args: dict[str, Any] = {}
        for name, f in names.items():
            if name not in raw:
                if f.default is MISSING:
                    raise _refuse(kind, name, f"missing {name!r}")
                continue
            value = raw[name]
            args[name] = (
                None
                if value is None and f.default is not MISSING
                else f.metadata["read"](kind, name, value)
            )
        return cls(**args, keys=tuple(str(k) for k in raw))

    def given(self, name: str) -> bool:
        """Whether field ``name`` was given (as ``null`` too), not left to its default."""
        return name in self.keys if self.keys else getattr(self, name) is not None

    def to_json(self) -> dict[str, Any]:
        """The JSON form the match file keeps: the keys given, in their order (a command
        made in code: ``kind`` and each field that is set)."""
        keys = self.keys or (
            "kind",
            *(
                f.name
                for f in fields(self)
                if "read" in f.metadata and getattr(self, f.name) is not None
            ),
        )
        return {k: self.KIND if k == "kind" else _plain(getattr(self, k)) for k in keys}

    def text(self) -> str:
        """The text form, a line of a text journal (a field set to nothing is left out)."""
        words = [self.KIND]
        for key, value in self.to_json().items():
            if key != "kind" and value is not None:
                words.append(f"{key}={_word(value)}")
        return " ".join(words)

    def __str__(self) -> str:
        return self.text()


_TURN_MAX = 10_000
_STEP = whole(0, 10_000)


@dataclass(frozen=True)
class Orders(Command):
    """Orders written for a unit and a turn, or ``missing=confirm`` (clauses
    ``orders.giving``, ``orders.missing``)."""

    KIND: ClassVar[str] = "orders"
    uid: str = _arg(text_field, required=True)
    turn: int = _arg(whole(0, _TURN_MAX), required=True)
    movement: str | None = _arg(text_field)
    gunnery: str | None = _arg(text_field)
    missing: str | None = _arg(one_of("confirm"))


@dataclass(frozen=True)
class Fire(Command):
    """A fire action (clauses ``fire.*``); ``gunnery`` the step (default the first),
    ``sector`` the attacker's choice of sector when the shot enters on edge."""

    KIND: ClassVar[str] = "fire"
    shooter: str = _arg(text_field, required=True)
    target: str = _arg(text_field, required=True)
    weapon: str | None = _arg(text_field)
    gunnery: int | None = _arg(_STEP)
    sector: str | None = _arg(text_field)


@dataclass(frozen=True)
class ApplyDamage(Command):
    """The 'apply damage' step (clause ``damage.sequence``)."""

    KIND: ClassVar[str] = "apply-damage"


@dataclass(frozen=True)
class Agony(Command):
    """One agony step on every unit (clause ``agony.schedule``)."""

    KIND: ClassVar[str] = "agony"
    step: int = _arg(_STEP, required=True)


@dataclass(frozen=True)
class Aftermath(Command):
    """The aftermath (clause ``aftermath.step``)."""

    KIND: ClassVar[str] = "aftermath"


@dataclass(frozen=True)
class Advance(Command):
    """On to the next step, to step ``to``, or past the idle ones (clause ``turn.sequence``);
    ``missing=confirm``: the rule for a missing order applies to each unit without orders;
    ``unfired=pass``: each unit ordered to fire that has not holds its fire."""

    KIND: ClassVar[str] = "advance"
    to: str | None = _arg(text_field)
    skip: str | None = _arg(text_field)
    missing: str | None = _arg(one_of("confirm"))
    unfired: str | None = _arg(one_of("pass"))


@dataclass(frozen=True)
class Correct(Command):
    """The referee sets fields of one unit as they are on the table (no rule applies)."""

    KIND: ClassVar[str] = "correct"
    uid: str = _arg(text_field, required=True)
    set: Mapping[str, Any] = _arg(table_field, required=True)

    def text(self) -> str:
        """``correct uid=grunts alive=3 poison='[8]'``: every word but ``uid`` is a field."""
        words = [self.KIND, f"uid={_word(self.uid)}"]
        words += [f"{k}={_word(_plain(v))}" for k, v in self.set.items() if v is not None]
        return " ".join(words)


@dataclass(frozen=True)
class CorrectHex(Command):
    """The stack of one marker kind on one hex as it is on the table (``count`` 0: none);
    ``marker`` may be an effect of several kinds (a hex on fire: fire and smoke), each set to
    ``count``. ``strength`` is a cloud's ``[N]``: a die size or a grade (``minor``), a list
    of them for an effect with several graded kinds (``[6, "minor"]``)."""

    KIND: ClassVar[str] = "correct-hex"
    hex: str = _arg(text_field, required=True)
    marker: str = _arg(text_field, required=True)
    count: int = _arg(whole(0, 10_000, "count must be 0 or more, not {value}"), required=True)
    strength: int | str | tuple[int | str, ...] | None = _arg(strengths_field)
    level: int | None = _arg(whole(1, 6, "a level (n+) is 1 to 6, not {value}"))


@dataclass(frozen=True)
class CorrectRemove(Command):
    """A unit taken off the table, with the damage pending on it."""

    KIND: ClassVar[str] = "correct-remove"
    uid: str = _arg(text_field, required=True)


def _choices_field(kind: str, key: str, value: object) -> Mapping[str, Any]:
    table = table_field(kind, key, value)
    for name, choice in table.items():
        if isinstance(choice, bool) or not (
            isinstance(choice, int | str) or (isinstance(choice, list) and len(choice) == 2)
        ):
            raise _refuse(
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
    step: int = _arg(_STEP, required=True)
    choices: Mapping[str, Any] | None = _arg(_choices_field)


@dataclass(frozen=True)
class Assault(Command):
    """The assault over contest ``contest`` (default the first) with the referee's choices
    (:mod:`referee.rules.orders.assault_choices`; clauses ``assault.*``)."""

    KIND: ClassVar[str] = "assault"
    contest: int | None = _arg(whole(0, 10_000))
    retreats: Mapping[str, Any] | None = _arg(table_field)
    deflection: Mapping[str, Any] | None = _arg(table_field)
    allocation: Mapping[str, Any] | None = _arg(table_field)
    rerolls: str | tuple[Mapping[str, Any], ...] | None = _arg(rerolls_field)
    tie_winner: int | None = _arg(whole(1, 2))
    pre_assault_retreats: tuple[str, ...] | None = _arg(texts_field)


@dataclass(frozen=True)
class HexEffects(Command):
    """A 'trigger hex effects' step for every unit, or for ``units`` (clause ``hex.trigger``)."""

    KIND: ClassVar[str] = "hex-effects"
    units: tuple[str, ...] | None = _arg(texts_field)


@dataclass(frozen=True)
class Load(Command):
    """A Load order carried out (clauses ``orders.load``, ``fire.load``)."""

    KIND: ClassVar[str] = "load"
    uid: str = _arg(text_field, required=True)
    weapon: str | None = _arg(text_field)


@dataclass(frozen=True)
class Aim(Command):
    """An Aim order carried out at gunnery step ``gunnery`` (clause ``fire.aim``)."""

    KIND: ClassVar[str] = "aim"
    uid: str = _arg(text_field, required=True)
    gunnery: int | None = _arg(_STEP)


@dataclass(frozen=True)
class Spot(Command):
    """A Spot order against a hidden unit (clause ``fire.spot``)."""

    KIND: ClassVar[str] = "spot"
    uid: str = _arg(text_field, required=True)
    target: str = _arg(text_field, required=True)
    weapon: str | None = _arg(text_field)
    gunnery: int | None = _arg(_STEP)


@dataclass(frozen=True)
class SetupRoll(Command):
    """The setup-advantage roll (clause ``setup.advantage``)."""

    KIND: ClassVar[str] = "setup-roll"


@dataclass(frozen=True)
class Place(Command):
    """One unit set up (clauses ``setup.blind``, ``setup.order``); facing 0-5 or N ... NW."""

    KIND: ClassVar[str] = "place"
    uid: str | None = _arg(text_field)
    hex: str | None = _arg(text_field)
    facing: str | int | None = _arg(scalar_field)
    speed: str | None = _arg(text_field)

    def placement(self) -> dict[str, Any]:
        """The fields the setup checks (:func:`referee.scenarios.setup_board.check_placement`)."""
        return {k: v for k, v in self.to_json().items() if k != "kind" and v is not None}


@dataclass(frozen=True)
class SetupPass(Command):
    """Side ``side`` (default: the side on turn) sets up no more units in this step."""

    KIND: ClassVar[str] = "setup-pass"
    side: int | None = _arg(whole(1, 2))


@dataclass(frozen=True)
class Reveal(Command):
    """Both sides' blind placements put on the table (clause ``setup.blind``)."""

    KIND: ClassVar[str] = "reveal"


KINDS: dict[str, type[Command]] = {
    c.KIND: c
    for c in (
        Correct,
        Orders,
        Fire,
        ApplyDamage,
        Agony,
        Aftermath,
        Advance,
        CorrectHex,
        CorrectRemove,
        Movement,
        Assault,
        HexEffects,
        Load,
        Aim,
        Spot,
        SetupRoll,
        Place,
        SetupPass,
        Reveal,
    )
}
"""Every kind of command, by its kind word (the order of ``referee match step``'s help)."""


def command_from_json(raw: Command | Mapping[str, Any]) -> Command:
    """A command from its JSON form; an unknown kind or key, a missing or ill-typed field is
    refused as :class:`CommandError` naming it."""
    if isinstance(raw, Command):
        return raw
    if not isinstance(raw, Mapping):
        raise _refuse("command", "kind", "a command is a table of kind and fields")
    kind = raw.get("kind")
    cls = KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise _refuse(str(kind), "kind", f"unknown command {kind!r} (commands: {', '.join(KINDS)})")
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
