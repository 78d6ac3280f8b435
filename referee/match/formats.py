"""How match files and text journals written by earlier versions are read, so that they
replay as they were played.

Format 2 (match files and text journals): each turn begins with the orders step (ruling
``turn.orders-step``, reading ``first``). A match file of format 1, or a text journal
without a ``format:`` line, was written when the turn began at Gunnery 1 and nothing
stopped the clock for missing orders: it is read with the reading ``none`` of that ruling,
unless it names the ruling itself.

Format 3: a fire action is carried out at a gunnery step only (ruling
``turn.fire-outside-gunnery``, reading ``refuse``). A file of format 2 or older, or a text
journal without ``format: 3``, was written when a fire action was carried out at any step:
it is read with the reading ``any-step``, unless it names the ruling itself.

Format 4: the clock does not leave a gunnery step while a unit ordered to fire, with
something it may fire at, has not fired, unless the referee passes it (``advance
unfired=pass``; ruling ``turn.unfired-fire-order``, reading ``ask``); each fire event
records its shooter (``changes.fired``). A file of format 3 or older, or a text journal
without ``format: 4``, was written when the clock passed such units silently: it is read
with the reading ``silent``, unless it names the ruling itself, and its fire events are
written again as they were (no ``fired``).

The file is never rewritten for it.
"""

from __future__ import annotations

from collections.abc import Mapping

CURRENT = 4
"""The format written now (match files: ``meta.format_version``; text journals:
``format: 4``)."""
ORDERS_STEP = 2
"""The first format whose turns begin with the orders step."""
FIRE_AT_GUNNERY = 3
"""The first format that refuses a fire action outside a gunnery step."""
FIRE_ORDERS_KEPT = 4
"""The first format whose gunnery steps wait for every unit ordered to fire."""
BEFORE_ORDERS_STEP: Mapping[str, str] = {"turn.orders-step": "none"}
"""The readings a file older than :data:`ORDERS_STEP` was played under."""
BEFORE_FIRE_AT_GUNNERY: Mapping[str, str] = {"turn.fire-outside-gunnery": "any-step"}
"""The readings a file older than :data:`FIRE_AT_GUNNERY` was played under."""
BEFORE_FIRE_ORDERS_KEPT: Mapping[str, str] = {"turn.unfired-fire-order": "silent"}
"""The readings a file older than :data:`FIRE_ORDERS_KEPT` was played under."""


def readings_for(version: int, readings: Mapping[str, str]) -> dict[str, str]:
    """The readings a file of format ``version`` naming ``readings`` is read with."""
    then: dict[str, str] = {}
    if version < ORDERS_STEP:
        then.update(BEFORE_ORDERS_STEP)
    if version < FIRE_AT_GUNNERY:
        then.update(BEFORE_FIRE_AT_GUNNERY)
    if version < FIRE_ORDERS_KEPT:
        then.update(BEFORE_FIRE_ORDERS_KEPT)
    return {**then, **readings}
