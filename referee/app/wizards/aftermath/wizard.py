"""The aftermath wizard: what the last step of the turn will remove, before it is removed.

The engine's aftermath (:func:`referee.rules.aftermath.run_aftermath`, clause
``aftermath.step``) is run on the match as it stands, as a dry run; the page lists, in the
edition's order, the markers taken off (``aftermath.markers``), the fires burning out and
the forests they turn to rough (``hex.burn-out``) and the shaken tokens removed
(``aftermath.shaken``). Finishing hands back one ``aftermath`` step
(:meth:`AftermathWizard.chosen_step`); leaving writes nothing.
"""

from __future__ import annotations

from enum import IntEnum
from html import escape

from PySide6.QtWidgets import QTextBrowser, QVBoxLayout, QWidget, QWizard, QWizardPage

from referee.app.widgets.plain_text import plain_titles
from referee.app.wizards.common.chosen_step import ChosenStep
from referee.board.hexgrid import hex_label
from referee.rules.aftermath import AftermathResult, run_aftermath
from referee.rules.agony.events import EffectEvent
from referee.rules.orders.commands import Aftermath
from referee.rules.orders.state import MatchState

HEADINGS: dict[str, str] = {
    "aftermath.markers": "Smoke and cloud markers taken off",
    "hex.burn-out": "Fires burning out",
    "aftermath.shaken": "Shaken tokens removed",
}


class Page(IntEnum):
    REMOVALS = 0


def preview_aftermath(state: MatchState) -> AftermathResult:
    """The aftermath carried out on a copy of the match (nothing is written)."""
    return run_aftermath(state.rules, list(state.units.values()), state.hexes, state.terrain_at)


def _where(event: EffectEvent) -> str:
    if event.uid is not None:
        return event.uid
    return hex_label(event.hex) if event.hex is not None else ""


def removals_html(result: AftermathResult) -> str:
    """The removals grouped as the edition orders them, each with its clause."""
    if not result.events and not result.terrain_changes:
        return "<p><b>Nothing to remove:</b> no smoke or cloud markers, fires or shaken tokens.</p>"
    groups: dict[str, list[EffectEvent]] = {}
    for event in result.events:
        groups.setdefault(event.clause, []).append(event)
    parts = []
    for clause, events in groups.items():
        rows = "".join(
            f"<tr><td><b>{escape(_where(e))}</b></td><td>{escape(e.text)}</td>"
            f"<td style='color:#555'>{escape(', '.join((e.clause, *e.rulings)))}</td></tr>"
            for e in events
        )
        heading = HEADINGS.get(clause, clause)
        parts.append(f"<h3>{escape(heading)}</h3><table cellpadding='3'>{rows}</table>")
    if result.terrain_changes:
        burnt = "".join(
            f"<li>{escape(hex_label(h))} becomes {escape(t)}</li>"
            for h, t in result.terrain_changes.items()
        )
        parts.append(f"<h3>Terrain changing</h3><ul>{burnt}</ul>")
    return "".join(parts)


class RemovalsPage(QWizardPage):
    def __init__(self, state: MatchState) -> None:
        super().__init__()
        self.setTitle(f"Aftermath of turn {state.turn}")
        self.setSubTitle(
            "What the aftermath removes, in the edition's order. Nothing is removed until you "
            "press Finish."
        )
        self.result = preview_aftermath(state)
        self.text = QTextBrowser()
        self.text.setHtml(removals_html(self.result))
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)


class AftermathWizard(QWizard):
    """The aftermath, shown before it is applied (see the module docstring)."""

    def __init__(self, state: MatchState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        plain_titles(self)  # page titles name units and scenarios
        self.state = state
        self.setWindowTitle("Aftermath")
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.removals_page = RemovalsPage(state)
        self.setPage(Page.REMOVALS, self.removals_page)
        self.setStartId(Page.REMOVALS)
        chars = self.fontMetrics().averageCharWidth()
        self.resize(84 * chars, self.fontMetrics().lineSpacing() * 26)

    def chosen_step(self) -> ChosenStep:
        return ChosenStep(f"Aftermath of turn {self.state.turn}", (Aftermath(),))
