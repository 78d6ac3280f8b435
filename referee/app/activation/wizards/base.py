"""What the wizards of a match of the activation rules share: the :class:`Situation` each is
given as arguments (the game's tables and cards, the state as it was when the wizard opened,
the seed of the step's dice; never the match file), the engine's dry run of a command (what
it would decide, or why it refuses), and the last page, the step's dice (rolled by the app
with the step's own seed, or typed from the table:
:class:`~referee.app.wizards.common.dice_entry.DiceEntry`) with what the engine decides on
them and why (the clauses and rulings, as links): on the dice typed; the app's dice are
drawn when the step is played and shown only after, beside the map
(:meth:`ActivationWizard.written_html`), so no target is chosen on dice already seen.

A wizard never writes: it builds a typed command value (:meth:`ActivationWizard.command`:
``Move(...)``, ``Reserves(...)``), and finishing it hands back that command's text as the
step's name, the command value itself and the dice typed (:meth:`ActivationWizard.chosen_step`),
exactly what the window's command line plays, so the journal, undo and replay stay one.
"""

from __future__ import annotations

from html import escape

import msgspec
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from referee.app.docks.rule_html import why_links
from referee.app.map.map_overlay import MapOverlay
from referee.app.widgets.plain_text import plain_titles
from referee.app.wizards.common.chosen_step import ChosenStep
from referee.app.wizards.common.dice_entry import DiceEntry
from referee.board.hexgrid import Hex
from referee.dice.service import Dice
from referee.errors import RefereeError, one_line
from referee.rules.activation.commands import Command
from referee.rules.activation.game import ActivationGame
from referee.rules.activation.mission_line import shown_event, shown_line
from referee.rules.activation.record import Outcome
from referee.rules.activation.state import ActivationState, Piece
from referee.rules.activation.step import step as decide
from referee.rules.events import Step

LEGAL = "#2e7d32"
"""The colour of the tiles a wizard offers on the map."""
CHOSEN = "#f9a825"
"""The colour of the tile picked."""


class Situation(msgspec.Struct, frozen=True):
    """What a wizard works on, given it as arguments (never the match file): the game (its
    ruleset's tables and cards), the state of the match when the wizard opened, and the
    seed of the step's dice (the one dice service: the app rolls with it, or the referee
    types what the table rolled)."""

    game: ActivationGame
    state: ActivationState
    seed: int


def dry_run(wizard: ActivationWizard, command: Command) -> Outcome | str:
    """What the engine decides on ``command`` now, with the app's dice (a copy: nothing is
    written), or why it refuses it."""
    try:
        return decide(wizard.game, wizard.state, command, Dice(wizard.seed))
    except RefereeError as exc:
        return one_line(exc)


class ActivationWizard(QWizard):
    """A wizard of a step in ``situation`` (see the module docstring); ``overlay`` draws on the
    map beside it. Its pages end with a :class:`DicePage`; a clause or ruling link clicked
    on it is ``ruleRequested`` (for the rules dock)."""

    ruleRequested = Signal(str)

    def __init__(
        self,
        situation: Situation,
        overlay: MapOverlay,
        title: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        plain_titles(self)  # page titles name units and scenarios
        self.game = situation.game
        self.state = situation.state
        self.overlay = overlay
        self.side = self.state.turn
        self.seed = situation.seed
        self.setWindowTitle(title)
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage)

    def command(self) -> Command | None:
        """The command the pages have built so far (None: not yet whole)."""
        raise NotImplementedError

    def piece(self) -> Piece | None:
        """The unit the wizard acts with, once picked (None: none yet, or none at all)."""
        return None

    def chosen_step(self) -> ChosenStep:
        command = self.command()
        if command is None:
            raise RefereeError("the wizard has no command yet")
        page = self.page(self.pageIds()[-1])
        values = page.entry.values() if isinstance(page, DicePage) else None
        return ChosenStep(command.text(), (command,), tuple(values or ()))

    def written_html(self, step: Step) -> str:
        """The step as written, once the app's dice are known (``""``: typed dice or none,
        whose outcome the last page showed)."""
        page = self.page(self.pageIds()[-1])
        if not isinstance(page, DicePage) or not page.entry.hides_dice():
            return ""
        lines = "<br>".join(
            escape(line)
            for e in step.events
            for line in shown_event(self.game.maps, e).text.splitlines()
        )
        dice = ", ".join(
            f"d{r.sides} {r.value} ({escape(r.purpose)})" for e in step.events for r in e.dice
        )
        clauses = sorted({c for e in step.events for c in e.clauses})
        rulings = sorted({r for e in step.events for r in e.rulings})
        why = why_links(clauses, rulings)
        return (
            f"<h2>Step {step.number}: {escape(step.name)}</h2><p>{lines}</p>"
            f"<p><b>The app's dice:</b> {dice or 'none'}</p>"
            + (f"<p><b>Why:</b> {why}</p>" if why else "")
        )

    def pick_hex(self, h: Hex) -> bool:
        """A tile clicked on the map: True if the page shown took it as its answer."""
        picker = getattr(self.currentPage(), "pick_hex", None)
        return bool(picker(h)) if callable(picker) else False


class DicePage(QWizardPage):
    """The step's dice, rolled or typed, and what the engine decides on them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle("Dice and outcome")
        self.setSubTitle(
            "The app rolls with the step's own seed, or type the dice rolled "
            "at the table; Finish plays the step."
        )
        self.command_label = QLabel()
        self.command_label.setTextFormat(Qt.TextFormat.PlainText)
        self.command_label.setWordWrap(True)
        self.entry = DiceEntry()
        self.outcome = QLabel()
        self.outcome.setTextFormat(Qt.TextFormat.PlainText)
        self.outcome.setWordWrap(True)
        self.outcome.setAlignment(Qt.AlignmentFlag.AlignTop)
        # which clauses apply and which rulings decided it: links to the rules dock
        self.why = QLabel()
        self.why.setTextFormat(Qt.TextFormat.RichText)  # ids from the catalogue, escaped
        self.why.setWordWrap(True)
        self.why.linkActivated.connect(self._link)
        # a long working (a move of six tiles, a collision) scrolls instead of growing
        # the page past the dock, which cut its first lines off
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # the working, then which clauses apply and which rulings decided it (a long list
        # for an aircraft's move and attack): both scroll, the dice boxes keep their room
        body = QWidget()
        inside = QVBoxLayout(body)
        inside.setContentsMargins(0, 0, 0, 0)
        inside.addWidget(self.outcome)
        inside.addWidget(self.why)
        inside.addStretch(1)
        scroll.setWidget(body)
        layout = QVBoxLayout(self)
        layout.addWidget(self.command_label)
        layout.addWidget(self.entry)
        layout.addWidget(scroll, 1)
        self.entry.changed.connect(self._changed)

    def _wizard(self) -> ActivationWizard:
        wizard = self.wizard()
        assert isinstance(wizard, ActivationWizard)
        return wizard

    def _link(self, link: str) -> None:
        self._wizard().ruleRequested.emit(link)

    def initializePage(self) -> None:
        wizard = self._wizard()
        command = wizard.command()
        self.command_label.setText(f"The command: {command.text() if command else '?'}")
        if command is None:
            self.entry.set_step(None, wizard.seed)
        else:
            game, state = wizard.game, wizard.state
            self.entry.set_step(lambda dice: decide(game, state, command, dice), wizard.seed)
        self._changed()

    def _changed(self) -> None:
        run = self.entry.last
        rolls = run is None or bool(run.problem or run.slots) or self.entry.hides_dice()
        for choice in (self.entry.digital, self.entry.typed):  # no die: nothing to choose
            choice.setVisible(rolls)
        decision = (
            run.result.decision if run is not None and isinstance(run.result, Outcome) else None
        )
        self.why.setText(
            f"<b>Why:</b> {why_links(decision.clauses, decision.rulings)}"
            if decision is not None and (decision.clauses or decision.rulings)
            else ""
        )
        if run is None:
            self.outcome.setText("")
        elif run.problem:
            self.outcome.setText(f"The engine refuses it: {run.problem}")
        elif self.entry.hides_dice():  # the app's dice: drawn when written, shown after
            self.outcome.setText(
                "Finish rolls the app's dice and plays the step; its dice, what they did "
                "and the clauses and rulings applied show beside the map then. Nothing of "
                "them is shown before: the choices are made on the odds, never on dice "
                "already seen."
            )
        elif isinstance(run.result, Outcome):
            d = run.result.decision
            maps = self._wizard().game.maps  # each side's edge where the map shows it
            self.outcome.setText("\n".join((d.summary, *(shown_line(maps, w) for w in d.working))))
        else:
            self.outcome.setText(self.entry.problem() or "")
        self.completeChanged.emit()

    def isComplete(self) -> bool:
        run = self.entry.last
        return run is not None and not run.problem and self.entry.complete()
