"""The commands of the steps the markers and wounds drive: a 'trigger hex effects' step
(clause ``hex.trigger``), an agony step (clause ``agony.schedule``) and the aftermath
(clause ``aftermath.step``). A journal that passes those steps with ``advance`` (when they
have nothing to do) never imports them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from referee.rules.orders.command_value import STEP, Command, command_field, texts_field


@dataclass(frozen=True)
class HexEffects(Command):
    """A 'trigger hex effects' step for every unit, or for ``units`` (clause ``hex.trigger``)."""

    KIND: ClassVar[str] = "hex-effects"
    units: tuple[str, ...] | None = command_field(texts_field)


@dataclass(frozen=True)
class Agony(Command):
    """One agony step on every unit (clause ``agony.schedule``)."""

    KIND: ClassVar[str] = "agony"
    step: int = command_field(STEP, required=True)


@dataclass(frozen=True)
class Aftermath(Command):
    """The aftermath (clause ``aftermath.step``)."""

    KIND: ClassVar[str] = "aftermath"
