"""The written-orders game's panels in the main window: the Turn dock's tracker and phase
report, the journal with hidden units masked, the Setup dock, the unit inspector, a click on
a token, the corrections menu, the clock moved on (Next step, the question before units
ordered to fire are passed) and the wizards of the turn's steps."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from referee.app.window.dock_layout import DockLayout
from referee.board.hexgrid import Hex
from referee.rules.changes import ChangeFlag
from referee.rules.orders.commands import Advance

if TYPE_CHECKING:  # each wizard and the map editor are imported when first opened; the
    # panels and the engine when the window is finished (build_panels), after a first start
    # has painted the map; so are the Qt classes of the menus' actions and of the dialogs
    # (PySide makes the enums of a class the first time it is named)
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QWizard

    from referee.app.session.correction_menu import Correction, CorrectionMenu
    from referee.app.wizards.assault.wizard import AssaultWizard
    from referee.app.wizards.gunnery.wizard import GunneryWizard
    from referee.rules.events import Step
    from referee.rules.orders.state import MatchState

BOARD = ChangeFlag.UNITS | ChangeFlag.HEXES | ChangeFlag.TERRAIN | ChangeFlag.MATCH
"""What the map and the line-of-sight tool are redrawn for."""
INSPECTED = (
    ChangeFlag.UNITS
    | ChangeFlag.ORDERS
    | ChangeFlag.PENDING
    | ChangeFlag.TURN
    | ChangeFlag.STEP
    | ChangeFlag.MATCH
)
"""What the unit inspector is redrawn for."""


class OrdersPanels(DockLayout):
    """The written-orders game's panels (a part of the main window)."""

    def show_orders_match(self, changed: ChangeFlag, steps: list[Step]) -> None:
        """Redraw the written-orders game's panels from what ``changed`` says changed."""
        assert self.session is not None
        state = self.session.state
        if changed & BOARD:
            self.scene.set_state(state)
            los = self.built_los_panel()  # (one built later reads the board then)
            if los is not None:
                los.set_state(self.seen(state))
        if changed != ChangeFlag.JOURNAL or state.step.startswith("gunnery"):
            self.show_tracker(state, steps)
        if changed & INSPECTED:
            self.inspector.set_state(self.seen(state))
        self._show_setup(state, ChangeFlag.MATCH in changed)
        self.show_journal(state, steps)
        self.where.setText(
            f"{state.rules.name} · {state.battle_map.name} · turn {state.turn}, "
            f"{self.tracker.current_step_label()}"
        )

    def next_step(self, unfired: str | None = None) -> Step | None:
        """Move the match on to the next step of the turn with something in it, as one
        journal step (the ``advance skip=idle`` command); at the orders step the engine
        refuses while units lack orders, and the refusal is shown; at a gunnery step while
        units ordered to fire have not, the referee is asked once whether they hold their
        fire (:mod:`referee.app.session.unfired_question`; ``unfired="pass"``: they do)."""
        if self.session is None:
            return None
        from referee.rules.orders.advance import FirePendingError, OrdersMissingError, plan_advance

        try:
            plan = plan_advance(self.session.state, skip="idle", unfired=unfired)
        except OrdersMissingError as exc:  # the engine's sentence is for the command line
            self.report_error(
                f"orders missing for {', '.join(exc.uids)}: N opens the "
                "orders wizard (write them, or confirm none were given)"
            )
            return None
        except FirePendingError as exc:
            self.ask_unfired(exc.uids)
            return None
        except ValueError as exc:
            self.report_error(str(exc))
            return None
        return self.run_step(plan.name(), [Advance(skip="idle", unfired=unfired)])

    def ask_unfired(self, uids: tuple[str, ...]) -> None:
        """Ask once whether the units ordered to fire that have not hold their fire; if they
        do, the clock moves on (an advance naming them), else it stays and Next step opens
        their gunnery wizard again."""
        from referee.app.session.unfired_question import UnfiredQuestion
        from referee.rules.turn.clock import TurnPosition

        if self.session is None:
            return
        state = self.session.state
        where = TurnPosition.at(state.rules, state.turn, state.step).step.label.split(":")[0]
        if self.unfired_question is None:
            self.unfired_question = UnfiredQuestion(self)
        self.say(f"Waiting to fire in {where}: {', '.join(uids)}", 15000)
        self.unfired_question.ask(
            uids,
            where,
            on_pass=lambda: self.next_step(unfired="pass"),
            on_stay=self.turn_driver.keep_waiting,
        )

    def open_wizard(self, wizard: QWizard, then: Callable[[], object] | None = None) -> bool:
        """Open ``wizard`` beside the map (every wizard of a step opens here); finishing it
        runs its chosen step, then ``then``. False if another wizard is open: that one is
        brought forward instead."""
        return self.wizards.open(wizard, then)

    def open_gunnery_wizard(self) -> GunneryWizard | None:
        """The gunnery wizard on the match now; finishing it runs the shot as one step."""
        return self.wizards.gunnery()

    def open_assault_wizard(self) -> AssaultWizard | None:
        """The assault wizard on the match now; finishing it runs the assault as one step."""
        return self.wizards.assault()

    def orders_next(self) -> None:
        self.turn_driver.next()

    def orders_hex_clicked(self, h: Hex) -> None:
        """A click on the map of a match of written orders: a move in progress, the open
        wizard, the setup, the line-of-sight tool, else the unit clicked."""
        if self.moving_uid is not None:
            uid, self.moving_uid = self.moving_uid, None
            self.view.viewport().unsetCursor()
            from referee.app.session.correction_menu import move_to

            correction = move_to(uid, h)
            self.run_step(correction.name, correction.commands)
            return
        if self.wizard_host.pick_hex(h):
            return
        setup, los = self.built_setup_panel(), self.built_los_panel()
        if setup is not None and setup.pick_hex(h):
            return
        if los is not None and los.mode:
            los.pick(h)
            return
        units = [uid for uid in self.scene.units_at(h) if not self.scene.is_concealed(uid)]
        if units:  # the token clicked; a click on the hex's rim goes round its units
            at = self.view.clicked_at
            clicked = self.scene.token_at(at) if at is not None else None
            current = self.scene.selected_uid
            if clicked in units:
                uid = clicked
            else:
                uid = (
                    units[(units.index(current) + 1) % len(units)] if current in units else units[0]
                )
            self.select_unit(uid)

    def select_unit(self, uid: str | None) -> None:
        """Show ``uid`` in the inspector, brought to the front unless a wizard is open (a
        token clicked while a wizard asks nothing must not hide the wizard's tab)."""
        self.scene.select_unit(uid)
        self.inspector.show_unit(uid)
        if self.wizard_host.wizard is None:
            self.inspector_dock.raise_()

    def context_menu_for(self, h: Hex) -> CorrectionMenu | None:
        """The corrections menu of ``h``, connected to :meth:`apply_correction` (a match of
        written orders)."""
        if self.session is None or self.session.system != "orders":
            return None
        from referee.app.session.correction_menu import CorrectionMenu

        menu = CorrectionMenu(self.session.state, h, self)
        menu.chosen.connect(self.apply_correction)
        return menu

    def on_hex_menu(self, h: Hex, where: QPoint) -> None:
        menu = self.context_menu_for(h)
        if menu is not None:
            menu.exec(where)
            menu.deleteLater()

    def apply_correction(self, correction: Correction) -> Step | None:
        if correction.move_uid is not None:
            self.moving_uid = correction.move_uid
            self.view.viewport().setCursor(Qt.CursorShape.CrossCursor)
            self.statusBar().showMessage(
                f"Click the hex to move {correction.move_uid} to (Esc to cancel).", 15000
            )
            return None
        return self.run_step(correction.name, correction.commands)

    def _show_setup(self, state: MatchState, opened: bool) -> None:
        """The setup panel while the scenario's setup is not finished (raised when the match
        is opened, or when the setup has just begun); hidden once it is. The panel is built
        for a match being set up (or when its dock is first shown)."""
        if self.built_setup_panel() is None and (state.setup is None or state.setup.done):
            if opened:  # no setup under way, and none was: the dock put away
                self.setup_dock.hide()
                self.tracker_dock.raise_()
            return
        was_active = self.setup_panel.active
        self.setup_panel.set_state(state)
        if self.setup_panel.active:
            if opened or not was_active:
                self.raise_setup()
        elif was_active or opened:
            self.setup_dock.hide()
            self.tracker_dock.raise_()
            if was_active and self.isVisible():
                self.fit_docks()  # the turn and the journal take their room back

    def hide_setup(self, state: MatchState | None) -> None:
        """The Setup dock put away (a match of another game system opened)."""
        self.setup_dock.hide()

    def raise_setup(self) -> None:
        """The Setup dock in front of the Turn dock it shares a tab bar with."""
        self.setup_dock.show()
        # A dock shown again may be taken for the current tab already, and its raise
        # ignored: raising its neighbour first makes the switch real.
        self.tracker_dock.raise_()
        self.setup_dock.raise_()
        height = self.journal_dock.height() + self.setup_dock.height()
        if height > 0:  # room for the setup over the journal, which has little to say yet
            self.resizeDocks(
                [self.setup_dock, self.journal_dock],
                [height * 72 // 100, height * 28 // 100],
                Qt.Orientation.Vertical,
            )

    def show_tracker(self, state: MatchState, steps: list[Step] | None = None) -> None:
        """The Turn dock at ``state``; at a gunnery step, with the units that fired since the
        clock last moved (the journal's fire events, of ``steps`` when the caller has read
        them) said to have fired."""
        from referee.rules.events import fired_since_advance

        fired: set[str] = set()
        if self.session is not None and state.step.startswith("gunnery"):
            steps = self.session.steps() if steps is None else steps
            fired = fired_since_advance([s for s in steps if not s.undone])
        self.tracker.set_state(self.seen(state), fired)
        if self.session is not None:
            self.show_phase_report(state, self.session.steps() if steps is None else steps)

    def show_phase_report(self, state: MatchState, steps: list[Step]) -> None:
        """The Turn dock's report of what the step the clock last left did (read again only
        when the journal or what the window hides changed)."""
        assert self.session is not None
        from referee.match.reports.phase_report import PhaseFold

        concealed = _concealed(state, self.hidden_from_view())
        key = (tuple((s.number, s.undone) for s in steps), concealed)
        if key == self._phase_key:
            return
        self._phase_key = key
        fold = self._phase_fold
        if fold is None or fold.match is not self.session.match:  # folded once a match
            fold = PhaseFold(self.session.match.initial_state(), self.session.match)
            self._phase_fold = fold
        self.tracker.set_report(fold.report(steps, concealed))

    def seen(self, state: MatchState) -> MatchState:
        """``state`` less the hidden units of the sides hidden from view (View > Hide side
        N's hidden units), for the panels that name units."""
        sides = self.scene.concealed_sides
        if not sides:  # nothing hidden from view (the rules of hiding come when something is)
            return state
        from referee.rules.orders.concealment import seen_state

        return seen_state(state, sides)

    def show_journal(self, state: MatchState, steps: list[Step] | None = None) -> None:
        """The journal (``steps``, when the caller has read them), each placement of a unit
        hidden from view masked (as ``referee match show --view`` prints it)."""
        assert self.session is not None
        steps = self.session.steps() if steps is None else steps
        hidden = self.hidden_from_view()
        if hidden:
            from referee.rules.orders.concealment import conceal_steps

            steps = conceal_steps(steps, state, hidden)
        self.journal.set_steps(steps, state.rules)

    def hidden_from_view(self) -> set[int]:
        """The sides whose secrets the window keeps: those of View > Hide side N's hidden
        units, and in a blind setup the side looking away."""
        hidden = set(self.scene.concealed_sides)
        setup = self.built_setup_panel()
        away = setup.looking_away() if setup is not None else None
        if away is not None:
            hidden.add(away)
        return hidden

    def _other_side_entering(self, side: int) -> None:
        """A blind setup turns to ``side``: the other's entries leave the journal and the
        status bar."""
        self.statusBar().showMessage(
            f"Blind setup: entering side {side}'s placements; side {3 - side}'s are hidden "
            "until the reveal.",
            8000,
        )
        if self.session is not None:
            self.show_journal(self.session.state)
        self.step_undo.update()  # Edit > Undo may now be refused, or allowed

    def _conceal(self) -> None:
        self.scene.set_concealed_sides(s for s, a in self.hide_actions.items() if a.isChecked())
        if self.scene.selected_uid and self.scene.is_concealed(self.scene.selected_uid):
            self.select_unit(None)
        if self.session is not None:
            seen = self.seen(self.session.state)  # no panel names a unit hidden from view
            self.inspector.set_state(seen)
            self.show_tracker(self.session.state)
            los = self.built_los_panel()
            if los is not None:
                los.set_state(seen)
            self.show_journal(self.session.state)
        self.statusBar().clearMessage()  # the last step's name may tell what is now hidden


def _concealed(state: MatchState, hidden_sides: set[int]) -> frozenset[str]:
    """The units of ``hidden_sides`` the other side may not name (none when no side is
    hidden: the rules of hiding are imported when one is)."""
    if not hidden_sides:
        return frozenset()
    from referee.rules.orders.concealment import concealed_uids

    return concealed_uids(state, hidden_sides)
