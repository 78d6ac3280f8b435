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

Format 5: weapons fire as the drafts write them: no Misfire die under the first draft
(ruling ``fire.misfire-first-draft``, reading ``none``), Optimal at point blank written on a
weapon counts for its shots (``fire.optimal-weapon``, ``weapon-shots``), and an elite whose
elite weapon replaced the weapon every model carries does not fire it
(``fire.elite-model-weapon``, ``not-the-elite``). A file of format 4 or older, or a text
journal without ``format: 5``, was played when the engine rolled the card's Misfire in
every edition, ignored Optimal at point blank on a weapon and had every model fire: it is
read with the readings ``as-current``, ``unit-only`` and ``elite-too``, unless it names a
ruling itself.

Format 6: the app's dice of a step written again are drawn afresh. A step's dice come from
the match's seed, the step's number and its attempt: how many times a step of that number
has been written in the file (the first write keeps the seed of format 5; a step written
again after an undo, with the same command or another, gets the dice of its attempt, so
undo never shows the dice another choice at that step would get). A wizard that shows the
app's dice before the step is written (the assault, whose next choices are made on them)
records that attempt as seen (meta ``attempts_seen``): cancelled, the step is drawn at the
next attempt; finished, it is written at the attempt it showed. The file keeps each step's
attempt (meta ``attempts``, only those past the first, and ``steps_written``, the highest
step number ever written, kept when a step written again drops the steps undone after it)
so it replays as it was played. A file of format 5 or older was written
when every write of a step number drew the same dice: it is read, and written on, so. A
text journal writes each step once: its steps are first attempts in every format. (A match
file also keeps the ruleset version it was made with: the tables of an older version, kept
in ``history/``, name none of these rulings.)

Format 7: a step of the turn (a movement step, an assault, hex effects, apply damage, an
agony step, the aftermath) is carried out only while the clock is in its part of the turn
(ruling ``turn.step-outside-phase``, reading ``refuse``). A file of format 6 or older, or a
text journal without ``format: 7``, was written when such a step ran wherever the clock was:
it is read with the reading ``any-step``, unless it names the ruling itself.

Format 8: an Aim, Spot or Load order is carried out at a gunnery step only, as a fire action
is, and every gunnery order is of the gunnery step the clock is at (ruling
``turn.gunnery-order-outside-gunnery``, reading ``refuse``). A file of format 7 or older, or a
text journal without ``format: 8``, was written when such an order was carried out wherever
the clock was and one naming no gunnery step was Gunnery 1's: it is read with the reading
``any-step``, unless it names the ruling itself.

The file is never rewritten for it.
"""

from __future__ import annotations

from collections.abc import Mapping

CURRENT = 8
"""The format written now (match files: ``meta.format_version``; text journals:
``format: 8``)."""
ORDERS_STEP = 2
"""The first format whose turns begin with the orders step."""
FIRE_AT_GUNNERY = 3
"""The first format that refuses a fire action outside a gunnery step."""
FIRE_ORDERS_KEPT = 4
"""The first format whose gunnery steps wait for every unit ordered to fire."""
DRAFTED_WEAPONS = 5
"""The first format whose weapons fire as the drafts write them (Misfire, Optimal at point
blank on a weapon, an elite's replaced weapon)."""
DRAWN_PER_ATTEMPT = 6
"""The first format whose step written again (after an undo) draws fresh dice."""
STEPS_IN_PHASE = 7
"""The first format that refuses a step of the turn while the clock is elsewhere."""
GUNNERY_ORDERS_AT_GUNNERY = 8
"""The first format that refuses an Aim, Spot or Load order outside a gunnery step."""
BEFORE_ORDERS_STEP: Mapping[str, str] = {"turn.orders-step": "none"}
"""The readings a file older than :data:`ORDERS_STEP` was played under."""
BEFORE_FIRE_AT_GUNNERY: Mapping[str, str] = {"turn.fire-outside-gunnery": "any-step"}
"""The readings a file older than :data:`FIRE_AT_GUNNERY` was played under."""
BEFORE_FIRE_ORDERS_KEPT: Mapping[str, str] = {"turn.unfired-fire-order": "silent"}
"""The readings a file older than :data:`FIRE_ORDERS_KEPT` was played under."""
BEFORE_DRAFTED_WEAPONS: Mapping[str, str] = {
    "fire.misfire-first-draft": "as-current",
    "fire.optimal-weapon": "unit-only",
    "fire.elite-model-weapon": "elite-too",
}
"""The readings a file older than :data:`DRAFTED_WEAPONS` was played under."""
BEFORE_STEPS_IN_PHASE: Mapping[str, str] = {"turn.step-outside-phase": "any-step"}
"""The readings a file older than :data:`STEPS_IN_PHASE` was played under."""
BEFORE_GUNNERY_ORDERS_AT_GUNNERY: Mapping[str, str] = {
    "turn.gunnery-order-outside-gunnery": "any-step"
}
"""The readings a file older than :data:`GUNNERY_ORDERS_AT_GUNNERY` was played under."""


def readings_for(version: int, readings: Mapping[str, str]) -> dict[str, str]:
    """The readings a file of format ``version`` naming ``readings`` is read with."""
    then: dict[str, str] = {}
    if version < ORDERS_STEP:
        then.update(BEFORE_ORDERS_STEP)
    if version < FIRE_AT_GUNNERY:
        then.update(BEFORE_FIRE_AT_GUNNERY)
    if version < FIRE_ORDERS_KEPT:
        then.update(BEFORE_FIRE_ORDERS_KEPT)
    if version < DRAFTED_WEAPONS:
        then.update(BEFORE_DRAFTED_WEAPONS)
    if version < STEPS_IN_PHASE:
        then.update(BEFORE_STEPS_IN_PHASE)
    if version < GUNNERY_ORDERS_AT_GUNNERY:
        then.update(BEFORE_GUNNERY_ORDERS_AT_GUNNERY)
    return {**then, **readings}
