"""The report of a match of the activation rules (``referee match report FILE``): the one
report page (:func:`referee.match.reports.match_report.match_report`) with the activation
rules' sections (:mod:`referee.rules.activation.report`)."""

from __future__ import annotations

from referee.match.games.activation_file import ActivationMatch
from referee.match.reports.match_report import match_report


def activation_report(match: ActivationMatch) -> str:
    """The whole match as one self-contained HTML page."""
    return match_report(match)
