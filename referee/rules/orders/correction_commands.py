"""The corrections' commands: the referee sets a unit, a hex's markers or a unit's removal
as they are on the table (no rule applies; :mod:`referee.rules.orders.corrections`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.rules.orders.command_value import (
    Command,
    command_field,
    plain,
    strengths_field,
    table_field,
    text_field,
    text_word,
    whole,
)


@dataclass(frozen=True)
class Correct(Command):
    """The referee sets fields of one unit as they are on the table (no rule applies)."""

    KIND: ClassVar[str] = "correct"
    uid: str = command_field(text_field, required=True)
    set: Mapping[str, Any] = command_field(table_field, required=True)

    def text(self) -> str:
        """``correct uid=grunts alive=3 poison='[8]'``: every word but ``uid`` is a field."""
        words = [self.KIND, f"uid={text_word(self.uid)}"]
        words += [f"{k}={text_word(plain(v))}" for k, v in self.set.items() if v is not None]
        return " ".join(words)


@dataclass(frozen=True)
class CorrectHex(Command):
    """The stack of one marker kind on one hex as it is on the table (``count`` 0: none);
    ``marker`` may be an effect of several kinds (a hex on fire: fire and smoke), each set to
    ``count``. ``strength`` is a cloud's ``[N]``: a die size or a grade (``minor``), a list
    of them for an effect with several graded kinds (``[6, "minor"]``)."""

    KIND: ClassVar[str] = "correct-hex"
    hex: str = command_field(text_field, required=True)
    marker: str = command_field(text_field, required=True)
    count: int = command_field(
        whole(0, 10_000, "count must be 0 or more, not {value}"), required=True
    )
    strength: int | str | tuple[int | str, ...] | None = command_field(strengths_field)
    level: int | None = command_field(whole(1, 6, "a level (n+) is 1 to 6, not {value}"))


@dataclass(frozen=True)
class CorrectRemove(Command):
    """A unit taken off the table, with the damage pending on it."""

    KIND: ClassVar[str] = "correct-remove"
    uid: str = command_field(text_field, required=True)
