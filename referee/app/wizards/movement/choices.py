"""A movement step's choices in words and as the journal stores them: a facing, a hex, or
both (clause ``orders.choice-order``)."""

from __future__ import annotations

from typing import Any

from referee.board.hexgrid import Hex, facing_name, hex_label
from referee.rules.movement_step.result import Choice, PendingChoice


def choice_json(facing: int | None, h: Hex | None) -> Any:
    """A choice as the journal stores it: a facing, a hex label, or [facing, hex]."""
    if facing is not None and h is not None:
        return [facing, hex_label(h)]
    return facing if facing is not None else hex_label(h) if h is not None else None


def choice_words(choice: Choice) -> str:
    """A choice in words: ``faces SE``, ``to F4``, ``faces SE, to F4``."""
    if isinstance(choice, tuple):
        return f"{choice_words(choice[0])}, {choice_words(choice[1])}"
    if isinstance(choice, Hex):
        return f"to {hex_label(choice)}"
    return f"faces {facing_name(choice)}"


def option_text(choice: PendingChoice, option: Hex | int) -> str:
    if isinstance(option, Hex):
        return hex_label(option)
    return facing_name(option) if choice.kind == "facing" else str(option)
