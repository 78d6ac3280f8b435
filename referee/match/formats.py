"""How match files and text journals written by earlier versions are read, so that they
replay as they were played.

Format 2 (match files and text journals): each turn begins with the orders step (ruling
``turn.orders-step``, reading ``first``). A match file of format 1, or a text journal
without a ``format: 2`` line, was written when the turn began at Gunnery 1 and nothing
stopped the clock for missing orders: it is read with the reading ``none`` of that ruling,
unless it names the ruling itself. The file is never rewritten for it.
"""

from __future__ import annotations

from collections.abc import Mapping

CURRENT = 2
"""The format written now (match files: ``meta.format_version``; text journals:
``format: 2``)."""
ORDERS_STEP = 2
"""The first format whose turns begin with the orders step."""
BEFORE_ORDERS_STEP: Mapping[str, str] = {"turn.orders-step": "none"}
"""The readings a file older than :data:`ORDERS_STEP` was played under."""


def readings_for(version: int, readings: Mapping[str, str]) -> dict[str, str]:
    """The readings a file of format ``version`` naming ``readings`` is read with."""
    if version >= ORDERS_STEP:
        return dict(readings)
    return {**BEFORE_ORDERS_STEP, **readings}
