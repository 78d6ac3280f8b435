"""What every command of a match journal shares: the :class:`Command` value (its JSON form
and its text form, read and written in pairs) and the field codecs that check a JSON value
into its typed value, naming the field that is wrong (:class:`CommandError`, ``field`` set).

The kinds themselves live in :mod:`referee.rules.orders.commands` (the kinds of every
turn) and beside it in one module per family that only some matches use (the setup and
hidden units', the corrections', the marker steps'), imported when a journal first holds one
of them: :data:`referee.rules.orders.commands.KINDS`.
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


def refuse(kind: str, key: str, message: str) -> CommandError:
    error = (CorrectionError if kind.startswith("correct") else CommandError)(f"{kind}: {message}")
    error.field = key
    return error


# --- field codecs: a JSON value checked into its typed value ----------------------------------

Read = Callable[[str, str, object], Any]
"""(kind, key, JSON value) -> the typed value; raises :class:`CommandError` naming ``key``."""


def text_field(kind: str, key: str, value: object) -> str:
    if not isinstance(value, str):
        raise refuse(kind, key, f"{key}={value!r:.40} is not text")
    return value


def whole(low: int, high: int, say: str = "") -> Read:
    """A whole number from ``low`` to ``high`` (written as a number, or as its digits);
    ``say`` the refusal's words (``{value}`` the value given)."""

    def read(kind: str, key: str, value: object) -> int:
        if isinstance(value, str):
            number = whole_number(value)
            value = value if number is None else number
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise refuse(
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
            raise refuse(kind, key, f"{key}={value!r:.40}: {only}")
        return str(value)

    return read


def table_field(kind: str, key: str, value: object) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise refuse(kind, key, f"{key}={value!r:.40} is not a table of key: value")
    return value


def texts_field(kind: str, key: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not all(isinstance(u, str) for u in value):
        raise refuse(kind, key, f"{key}={value!r:.40} is not a list of unit ids")
    return tuple(value)


_GRADE = re.compile(r"[a-z][a-z0-9-]{0,39}")


def _strength(kind: str, key: str, value: object) -> int | str:
    if isinstance(value, str) and value.strip().isdigit() and len(value) < 20:
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10_000:
        return value
    if isinstance(value, str) and _GRADE.fullmatch(value):
        return value
    raise refuse(
        kind, key, f"a strength [N] is a die size or a grade (minor, major), not {value!r:.40}"
    )


def strengths_field(kind: str, key: str, value: object) -> int | str | tuple[int | str, ...]:
    """A cloud's ``[N]``: a die size (``6``), a grade (``minor``), or a list of them for an
    effect of several graded kinds (``[6, "minor"]``); what the kind takes is checked when
    the command is carried out."""
    if isinstance(value, list | tuple):
        if not 1 <= len(value) <= 8:
            raise refuse(kind, key, f"{key}: 1 to 8 values, not {len(value)}")
        return tuple(_strength(kind, key, v) for v in value)
    return _strength(kind, key, value)


def scalar_field(kind: str, key: str, value: object) -> str | int:
    """A word or a whole number (a facing: ``3`` or ``NE``)."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise refuse(kind, key, f"{key}={value!r:.40} is not a word or a number")
    return value


def rerolls_field(kind: str, key: str, value: object) -> str | tuple[Mapping[str, Any], ...]:
    """``"decline"`` or a list of batches ``{unit: [POOL#N, ...]}``."""
    if value == "decline":
        return "decline"
    if isinstance(value, list | tuple) and all(isinstance(b, Mapping) for b in value):
        return tuple(value)
    raise refuse(kind, key, f'{key}={value!r:.40}: "decline" or a list of {{unit: [POOL#N, ...]}}')


def command_field(read: Read, default: Any = None, required: bool = False) -> Any:
    """A command field read by ``read``; ``required`` ones have no default."""
    if required:
        return field(metadata={"read": read})
    return field(default=default, metadata={"read": read})


def plain(value: object) -> object:
    """A typed value's JSON form (tuples become lists)."""
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def text_word(value: object) -> str:
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
                raise refuse(kind, str(key), f"unknown key {key!r} (keys: {known})")
        args: dict[str, Any] = {}
        for name, f in names.items():
            if name not in raw:
                if f.default is MISSING:
                    raise refuse(kind, name, f"missing {name!r}")
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
        return {k: self.KIND if k == "kind" else plain(getattr(self, k)) for k in keys}

    def text(self) -> str:
        """The text form, a line of a text journal (a field set to nothing is left out)."""
        words = [self.KIND]
        for key, value in self.to_json().items():
            if key != "kind" and value is not None:
                words.append(f"{key}={text_word(value)}")
        return " ".join(words)

    def __str__(self) -> str:
        return self.text()


TURN_MAX = 10_000
STEP = whole(0, 10_000)
