"""A step of the open match, run from the main window: the engine carries it out through the
session (a refusal is shown, nothing written), the status bar names it, the window redraws
what its change flags say and a wizard the match changed under is closed with the reason; the
journal's "Undo back to here" and "Redo up to here". A part of
:class:`~referee.app.window.main_window.MainWindow` (:mod:`.window_base`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from referee.app.window.orders_panels import OrdersPanels
from referee.errors import RefereeError, one_line
from referee.rules.changes import ChangeFlag

if TYPE_CHECKING:
    from referee.app.session.match_session import MatchSession
    from referee.rules.command import Command
    from referee.rules.events import Step


class StepRunning(OrdersPanels):
    """Running, undoing and redoing steps of the open match (a part of the main window)."""

    def refresh(self, flags: ChangeFlag) -> None:
        """Redraw what ``flags`` say changed (see
        :func:`referee.app.session.match_session.change_flags`): the game system's part."""
        if self.session is None or self.game is None:
            return
        steps = self.session.steps()  # read once for the journal, the Turn dock and the wizard
        if self.wizard_host.wizard is not None:
            self._outdate_wizard(self._what_changed(flags, steps))
        self.wizard_host.follow(steps)  # a step undone: its outcome no longer stands
        self.game.show(flags, steps)
        self.step_undo.update()  # a blind setup's screen, as the match now stands
        if ChangeFlag.EXTERNAL not in flags:
            self._say_moved(flags, steps)

    def _say_moved(self, flags: ChangeFlag, steps: list[Step]) -> None:
        """Edit > Undo or Redo of one step said in the status bar, in place of the step's
        own "Step N: ..." (which no longer stands once it is undone)."""
        if ChangeFlag.UNDO in flags:
            undone = [s for s in steps if s.undone]
            if undone:  # the step undone last is the first of those undone
                step = undone[0]
                self.statusBar().showMessage(
                    f"Undone: step {step.number}, {self._shown_name(step)} "
                    "(Edit > Redo brings it back)",
                    6000,
                )
        elif ChangeFlag.REDO in flags:
            done = [s for s in steps if not s.undone]
            if done:
                step = done[-1]
                self.statusBar().showMessage(
                    f"Redone: step {step.number}, {self._shown_name(step)}", 6000
                )

    def _shown_name(self, step: Step) -> str:
        """The name of ``step`` as the referee may see it (a match of written orders hides
        what the sides hidden from view did)."""
        if self.session is None or self.session.system != "orders":
            return step.title
        from referee.rules.orders.concealment import conceal_steps

        return conceal_steps([step], self.session.state, self.hidden_from_view())[0].name

    def _what_changed(self, flags: ChangeFlag, steps: list[Step]) -> str:
        """What a change of the match was, in words, for the wizard it made out of date."""
        if ChangeFlag.EXTERNAL in flags:
            return "another program wrote to the match file"
        if ChangeFlag.UNDO in flags:
            return "a step was undone"
        if ChangeFlag.REDO in flags:
            return "a step was redone"
        done = [s for s in steps if not s.undone]
        return f"step {done[-1].number}, {done[-1].name}" if done else "the match changed"

    _outdated = ""
    """The status bar's message about the wizard last closed out of date (until one opens)."""

    def _outdate_wizard(self, why: str) -> None:
        """Close the open wizard, which the match changed under (see
        :meth:`WizardHost.outdate`); the message shows in its dock and the status bar."""
        message = self.wizard_host.outdate(why)
        if message is not None:  # after the step's own message
            self._outdated = message
            QTimer.singleShot(0, self._say_outdated)

    def _say_outdated(self) -> None:
        if self._outdated:  # (no wizard opened since)
            self.statusBar().showMessage(self._outdated, 20000)

    def wizard_opened(self) -> None:
        """A wizard opened: the message about one closed out of date is no longer said."""
        self.forget_refusal()
        if self._outdated and self.statusBar().currentMessage() == self._outdated:
            self.statusBar().clearMessage()
        self._outdated = ""

    def run_step(
        self,
        name: str,
        commands: Iterable[Command],
        typed: Iterable[int] = (),
        attempt: int | None = None,
    ) -> Step | None:
        """Have the engine carry out a named step of ``commands``, the match's game's command
        values (a wizard's, the command line's: ``attempt``, the one whose app dice a wizard
        showed); a refusal is shown, nothing is written."""
        if self.session is None:
            return None
        try:
            step = self.session.run_step(name, commands, typed, attempt)
        except RefereeError as exc:
            self.refuse(one_line(exc))
            return None
        self.last_error = ""
        self.statusBar().showMessage(f"Step {step.number}: {self._shown_name(step)}", 6000)
        if self.game is not None:
            self.game.stepped(step)
        return step

    def behind_screen(self, moving: list[Step], verb: str) -> str | None:
        """Why undoing or redoing (``verb``) the steps ``moving`` is refused while a blind
        setup's screen is turned (an entry of the side looking away: ruling
        ``setup.blind-undo``), or None."""
        if not moving or not self._screen_up():
            return None
        from referee.rules.orders.blind_screen import screen_refusal

        setup = self.built_setup_panel()
        assert self.session is not None and setup is not None  # (_screen_up)
        return screen_refusal(moving, self.session.state, setup.entering, verb)

    def _screen_up(self) -> bool:
        """Whether the open match's blind setup is being entered behind a screen the window
        shows (else no undo is refused, and the journal need not be read to say so)."""
        session = self.session
        if session is None or session.system != "orders" or self.built_setup_panel() is None:
            return False
        from referee.rules.orders.blind_screen import screen_up

        return screen_up(session.state)

    def screen_guard(self, redo: bool) -> str | None:
        """Edit > Undo's (``redo``: Redo's) refusal by the blind setup's screen, or None."""
        if self.session is None or not self._screen_up():
            return None
        steps = self.session.steps()
        undone = [s for s in steps if s.undone]  # the step undone last is the first of them
        done = [s for s in steps if not s.undone]
        moving = undone[:1] if redo else done[-1:]
        return self.behind_screen(moving, "redo" if redo else "undo")

    def screen_words(self) -> str:
        """Edit > Undo's words while the screen refuses it (naming no step)."""
        setup = self.built_setup_panel()
        side = setup.entering if setup is not None else 1
        return f"not while side {side} is at the screen"

    def _journal_moves(self, number: int, redo: bool) -> list[Step]:
        """The steps the journal's Undo back to (``redo``: Redo up to) step ``number``
        moves."""
        steps = self.session.steps() if self.session is not None else []
        if redo:
            return [s for s in steps if s.undone and s.number <= number]
        return [s for s in steps if not s.undone and s.number > number]

    def journal_refusal(self, number: int, redo: bool) -> str | None:
        """The journal's words for its Undo back to / Redo up to here at step ``number``
        while the blind setup's screen refuses it, or None."""
        moving = self._journal_moves(number, redo)
        refused = self.behind_screen(moving, "redo" if redo else "undo")
        return None if refused is None else self.screen_words()

    def undo_back_to(self, number: int) -> list[Step]:
        """The journal's "Undo back to here": every step after step ``number``, as one user
        action (Edit > Redo brings them back one at a time)."""
        if self.session is None:
            return []
        refusal = self.behind_screen(self._journal_moves(number, False), "undo")
        if refusal is not None:
            self.refuse(refusal)
            return []
        try:
            undone = self.session.undo_back_to(number)
        except ValueError as exc:
            self.report_error(str(exc))
            return []
        if undone:
            self.statusBar().showMessage(
                f"Undone back to step {number}: {len(undone)} step(s) taken back "
                "(Edit > Redo brings them back)",
                8000,
            )
        return undone

    def redo_up_to(self, number: int) -> list[Step]:
        """The journal's "Redo up to here" on an undone step."""
        if self.session is None:
            return []
        refusal = self.behind_screen(self._journal_moves(number, True), "redo")
        if refusal is not None:
            self.refuse(refusal)
            return []
        try:
            return self.session.redo_up_to(number)
        except ValueError as exc:
            self.report_error(str(exc))
            return []

    def session_to_change(self) -> MatchSession | None:
        """The open match's session for a wizard about to change it; None (the reason said,
        in a dialog, and refused as every action is: the session's ``refused`` is
        :meth:`refuse`) while its file no longer reads: the wizard would be refused at its
        end."""
        session = self.session
        if session is not None and session.refuse_if_unreadable():  # (its ``refused``)
            return None
        return session

    _refusal = ""
    """The status bar's message about the last refusal (until the next action)."""

    def refuse(self, message: str) -> None:
        """Say that an action of either game was refused, nothing written, for ``message``
        (the one way: a step, a typed line, a wizard that may not open): in the status bar
        until the next action, and in the game system's own panel (its ``refused``)."""
        self.report_error(message)
        if self.game is not None:
            self.game.refused(message)

    def report_error(self, message: str) -> None:
        self.last_error = message
        self._refusal = f"Refused: {message}"
        self.statusBar().showMessage(self._refusal, 15000)

    def forget_refusal(self) -> None:
        """The next action taken (Next step, a wizard opened, a step, Undo or Redo, a match
        opened): the refusal of the one before, still in the status bar and the game's
        panel, goes (a message said since stays)."""
        if self._refusal and self.statusBar().currentMessage() == self._refusal:
            self.statusBar().clearMessage()
        self._refusal = ""
        if self.game is not None:
            self.game.forget_refusal()

    def say(self, text: str, ms: int) -> None:
        """A sentence for the referee in the status bar, for ``ms`` milliseconds."""
        self.statusBar().showMessage(text, ms)
