"""The last page of every fire, assault and agony wizard: the outcome before it is written.

What happened (the engine's working), the fire, acid and poison a fire action places (with
their clause), every die with what it was for and whether it was typed or rolled by the
app, what changed at once, and for each unit the damage rolled and
waiting for the 'apply damage' step with what applying it will do
(:func:`referee.rules.orders.outcome.step_outcome`). The page runs the wizard's step on a copy
(``produce``); a refusal is shown and keeps Finish off, so nothing the engine refuses
reaches the journal.

When the app rolls the step's dice (``hidden()`` says so), nothing of them shows before the
step is written: the page says that Finish rolls and writes, and the outcome is shown beside
the map once written (:func:`written_html`, which the wizard dock shows), so no choice is
ever made on dice already seen.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QTextBrowser, QVBoxLayout, QWizardPage

from referee.app.docks.rule_html import why_links
from referee.errors import RefereeError
from referee.rules.events import Step
from referee.rules.orders.outcome import StepOutcome, step_outcome
from referee.rules.orders.state import MatchState


def _lines(text: str) -> str:
    return escape(text).replace("\n", "<br>")


def dice_rows_html(outcome: StepOutcome) -> str:
    """One row per die: number, die, what it was for, the value, typed or rolled."""
    rows = "".join(
        f"<tr><td align='right'>{i}.</td><td>d{r.sides}</td><td>{escape(r.purpose)}</td>"
        f"<td align='center'><b>{r.value}</b></td>"
        f"<td style='color:#555'>{'typed' if r.typed else 'rolled by the app'}</td></tr>"
        for i, r in enumerate(outcome.dice, 1)
    )
    if not rows:
        return "<p><i>No dice.</i></p>"
    return (
        "<table cellspacing='0' cellpadding='2'><tr><th></th><th>die</th><th align='left'>"
        f"for</th><th>value</th><th></th></tr>{rows}</table>"
    )


def outcome_html(outcome: StepOutcome) -> str:
    """The outcome page's text (see the module docstring)."""
    parts = [
        "<h3>What happened</h3><p>"
        + "<br>".join(escape(line) for line in outcome.headline)
        + "</p>"
    ]
    if outcome.conditions:
        parts.append(
            "<h3>Conditions placed</h3><ul>"
            + "".join(
                f"<li>{escape(str(c['text']))} ({why_links([str(c['clause'])], c['rulings'])})</li>"
                for c in outcome.conditions
            )
            + "</ul>"
        )
    damage = [u for u in outcome.units if u.rolled]
    now = [u for u in outcome.units if u.now]
    if damage:
        parts.append("<h3>Damage waiting to be applied</h3>")
        for u in damage:
            rows = "".join(
                f"<li>{escape(e.source)}: {escape(e.roll.explain())}</li>" for e in u.rolled
            )
            applied = "; ".join(u.when_applied) or "nothing changes"
            killed = (
                (
                    f" <b style='color:#c62828'>{u.killed} model"
                    f"{'s' if u.killed != 1 else ''} killed</b>"
                )
                if u.killed
                else ""
            )
            parts.append(
                f"<p><b>{escape(u.uid)}</b>: {len(u.rolled)} damage roll"
                f"{'s' if len(u.rolled) != 1 else ''}{killed}</p><ul>{rows}</ul>"
                f"<p>When damage is applied: <b>{escape(applied)}</b></p>"
            )
    elif outcome.events and not now:
        parts.append(
            "<h3>No damage</h3><p>Nothing changes, and nothing waits for the "
            "'apply damage' step.</p>"
        )
    if now:
        parts.append(
            "<h3>Changed now</h3><ul>"
            + "".join(f"<li><b>{escape(u.uid)}</b>: {escape('; '.join(u.now))}</li>" for u in now)
            + "</ul>"
        )
    parts.append("<h3>The dice</h3>" + dice_rows_html(outcome))
    parts.append("<h3>The working</h3>")
    for e in outcome.events:
        parts.append(f"<p style='font-family:monospace'>{_lines(e.text)}</p>")
        if e.clauses or e.rulings:
            parts.append(f"<p style='color:#555'>Why: {why_links(e.clauses, e.rulings)}</p>")
    return "".join(parts)


READY_HTML = (
    "<h3>The app rolls when the step is written</h3><p>Finish rolls the app's dice for this "
    "step and writes it to the journal; the dice and what they did show beside the map "
    "then. Nothing of them is shown before: the choices are made on the odds, never on "
    "dice already seen. The journal keeps every die (rolled with the step's own seed, so "
    "<i>match check</i> rolls them again the same).</p>"
)


def written_html(before: MatchState, step: Step) -> str:
    """The outcome of ``step`` as written on the match ``before`` it: what happened, the
    dice, what changed, the damage waiting (the page's text, once the dice are known)."""
    after = before
    for event in step.events:
        after = after.apply(event.changes)
    outcome = step_outcome(before, step.events, after)
    return f"<h2>Step {step.number}: {escape(step.name)}</h2>" + outcome_html(outcome)


class OutcomePage(QWizardPage):
    """The outcome of the wizard's step, before it is written (see the module docstring)."""

    linkClicked = Signal(str)

    def __init__(
        self,
        produce: Callable[[], StepOutcome],
        title: str = "Outcome",
        hidden: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__()
        self.produce = produce
        self.hidden = hidden
        """Whether the app rolls the step's dice now (then nothing of them shows before)."""
        self.shown_title = title
        self.setTitle(title)
        self.setSubTitle(
            "What the step does, with its dice, before it is written. "
            "Finish writes it to the journal; Back changes it."
        )
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        self.text.anchorClicked.connect(lambda url: self.linkClicked.emit(url.toString()))
        self.problem = QLabel()
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #c62828")
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.problem)
        self.outcome: StepOutcome | None = None
        self.setFinalPage(True)

    def initializePage(self) -> None:
        self.outcome = None
        self.problem.clear()
        unseen = self.hidden is not None and self.hidden()
        self.setTitle("Ready to roll" if unseen else self.shown_title)
        self.setSubTitle(
            "Finish rolls the app's dice and writes the step; the outcome shows then."
            if unseen
            else "What the step does, with its dice, before it is written. "
            "Finish writes it to the journal; Back changes it."
        )
        try:
            self.outcome = self.produce()  # a refusal is known before Finish either way
        except RefereeError as exc:
            self.problem.setText(f"Refused: {str(exc).strip(chr(39) + chr(34))}")
            self.text.clear()
        else:
            self.text.setHtml(READY_HTML if unseen else outcome_html(self.outcome))
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        return self.outcome is not None
