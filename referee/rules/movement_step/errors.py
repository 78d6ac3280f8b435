"""The error of a movement step that cannot be resolved as asked."""

from __future__ import annotations

from referee.errors import RefereeError


class MovementStepError(RefereeError):
    """A movement step that cannot be resolved: an unknown unit or action, a choice that is
    not one of the options, a Follow order without a leader... The message names the unit
    (uid) and the bad value."""
