"""Next step (N): the wizard of the step the match is at, then the clock moves on.

A step with nothing in it (:func:`referee.rules.orders.advance.step_work`) opens no wizard: the
clock moves on past it and every empty step after it as one journal step ("Movement 1: nothing to
do in 4 steps"). At the orders step, while units lack orders for this turn or the next, the
orders wizard opens; the clock moves on only once every unit has its orders or the referee
has confirmed, unit by unit, that the rule for a missing order applies (clause
``orders.missing``); the engine refuses to leave the step otherwise, so Next step can never
carry the match into a turn without orders. At a gunnery step, the gunnery wizard for each
unit ordered to fire now, with something it may fire at, that has not fired since the clock
last moved; a unit ordered to fire with nothing it may fire at opens no wizard: the status bar
says why in one sentence (:mod:`referee.rules.orders.fire_orders`). Cancelling a wizard (Esc) writes
nothing and the unit stays ordered to fire: Next step goes on to the next unit, and once
none is left the clock moves on only if the referee, asked once naming the units that have
not fired, passes them (they hold their fire, ruling ``turn.unfired-fire-order``); staying
at the step makes Next step open their wizards again. At a movement, agony or aftermath step, its
wizard; at an assault step, the assault wizard when the app has one,
else the engine's proposals for every contest; at an apply-damage step, the pending damage
is applied; at a hex-effects step where units stand among markers, the hex-effects wizard
(its dice typed or the app's); at any other step (retreats, abilities) the clock just moves
on.
When a wizard's step is written, the clock moves on (an ``advance`` step of its own, so
that undo takes back one at a time); cancelling a wizard writes nothing and stays, and so
does a wizard closed because the match changed under it (its unit has not held fire).
The wizards also open on their own from the Wizards menu, without moving the clock; either
way they are made and opened in one place (:class:`~referee.app.wizards.opener.WizardOpener`),
in the one wizard dock beside the map.

The driver works through the open match's session and a narrow desk
(:class:`TurnDesk`: the session, run a step, move the clock on, say something), never the
main window's widgets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDialog

from referee.app.session.match_session import MatchSession
from referee.app.wizards.opener import WizardOpener
from referee.rules.events import Step, fired_since_advance
from referee.rules.orders.advance import step_work
from referee.rules.orders.commands import Aim, ApplyDamage, Assault, Command, Load
from referee.rules.orders.state import MatchState
from referee.rules.turn.clock import TurnPosition

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWizard

    from referee.app.wizards.aftermath.wizard import AftermathWizard
    from referee.app.wizards.agony.wizard import AgonyWizard
    from referee.app.wizards.hex_effects.wizard import HexEffectsWizard
    from referee.app.wizards.movement.wizard import MovementWizard
    from referee.app.wizards.orders.wizard import OrdersWizard

Then = Callable[[], object] | None


def _done_since_advance(steps: list[Step], kinds: set[str]) -> set[str]:
    """The units that carried out an event of ``kinds`` since the clock last moved."""
    done: set[str] = set()
    for step in reversed(steps):
        for event in reversed(step.events):
            if event.kind == "advance":
                return done
            if event.kind in kinds:
                done.add(str(event.command.to_json().get("uid")))
    return done


def routine_orders(state: MatchState, steps: list[Step]) -> list[Load | Aim]:
    """The Aim and Load orders of this gunnery step not carried out yet, as commands
    (they roll no dice and need no choice; shaken units take no gunnery action)."""
    number = int(state.step.partition("-")[2] or 1)
    done = _done_since_advance(steps, {"aim", "load"})
    out: list[Load | Aim] = []
    for uid, codes in state.actions_now().items():
        unit = state.units[uid]
        if uid in done or unit.destroyed or unit.is_shaken:
            continue
        wanted = {c.casefold() for c in codes}
        if "load" in wanted and unit.unit.weapons:
            out.append(Load(uid=uid))
        if "aim" in wanted:
            out.append(Aim(uid=uid, gunnery=number))
    return out


def shooters_left(state: MatchState, steps: list[Step]) -> list[str]:
    """Units ordered to Fire in this gunnery step, with something they may fire at, that
    have not fired yet (:func:`referee.rules.orders.fire_orders.fire_pending`)."""
    from referee.rules.orders.fire_orders import fire_pending

    return list(fire_pending(state, fired_since_advance(steps)))


class TurnDesk(Protocol):
    """What the turn driver needs of the window it drives: the open match's session, a
    named step run (a refusal shown, None), the clock moved on, a sentence for the referee."""

    @property
    def session(self) -> MatchSession | None: ...

    def run_step(
        self, name: str, commands: Iterable[Command], typed: Iterable[int] = ()
    ) -> Step | None: ...

    def next_step(self) -> Step | None: ...

    def say(self, text: str, ms: int) -> None: ...


class TurnDriver(QObject):
    """Next step and the wizards of the steps (see the module docstring), at ``desk``,
    opening wizards through ``wizards``."""

    def __init__(
        self, desk: TurnDesk, wizards: WizardOpener, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.desk = desk
        self.wizards = wizards
        self.wizard: QDialog | None = None
        self.passed: set[tuple[int, str, str]] = set()
        """Units whose gunnery wizard was cancelled, by (turn, step, uid): Next step goes on
        to the next unit (they have not fired; the clock waits for them all the same)."""

    # --- the wizards, each one step -------------------------------------------------

    def _steps(self) -> list[Step]:
        session = self.desk.session
        return session.done_steps() if session else []

    def _track(self, wizard: QWizard | None) -> None:
        """Remember ``wizard`` (opened by :attr:`wizards`) as the one open for a step."""
        if wizard is None:
            return
        self.wizard = wizard

        def finished(_result: int) -> None:
            if self.wizard is wizard:
                self.wizard = None

        wizard.finished.connect(finished)

    def open_orders(self, *, then: Then = None) -> OrdersWizard | None:
        """Orders for a turn (Wizards > Orders, O)."""
        wizard = self.wizards.orders(then)
        self._track(wizard)
        return wizard

    def _after_orders(self) -> Step | None:
        """Once orders are written at the orders step: on if every unit has them, else say
        who still lacks them (Next step opens the wizard again)."""
        session = self.desk.session
        if session is None:
            return None
        still = session.state.orders_missing()
        if still:
            self.desk.say(
                "Still without orders: "
                + "; ".join(m.text() for m in still)
                + ". Next step (N) opens the orders wizard again.",
                15000,
            )
            return None
        return self.advance()

    def open_movement(self, *, then: Then = None) -> MovementWizard | None:
        """The movement step; the wizard stays beside the map, whose clicks pick hexes."""
        wizard = self.wizards.movement(then)
        self._track(wizard)
        return wizard

    def open_agony(self, *, then: Then = None) -> AgonyWizard | None:
        wizard = self.wizards.agony(then)
        self._track(wizard)
        return wizard

    def open_hex_effects(self, *, then: Then = None) -> HexEffectsWizard | None:
        """A 'trigger hex effects' step, its dice typed or the app's."""
        wizard = self.wizards.hex_effects(then)
        self._track(wizard)
        return wizard

    def open_aftermath(self, *, then: Then = None) -> AftermathWizard | None:
        wizard = self.wizards.aftermath(then)
        self._track(wizard)
        return wizard

    # --- next step ------------------------------------------------------------------

    def advance(self) -> Step | None:
        return self.desk.next_step()

    def next(self) -> QDialog | Step | None:
        """What Next step does at the step the match is at (see the module docstring):
        the wizard opened, or the step written."""
        session = self.desk.session
        if session is None:
            return None
        open_now = self.wizards.open_now
        if open_now is not None:
            self.wizards.present()
            return open_now
        state = session.state
        step = TurnPosition.at(state.rules, state.turn, state.step).step
        if step_work(state) is None:  # nothing here: on past it, no wizard
            return self.advance()
        if step.kind == "orders":
            return self.open_orders(then=self._after_orders)
        if step.kind == "gunnery":
            return self._gunnery(state)
        if step.kind == "movement":
            return self.open_movement(then=self.advance)
        if step.kind == "assault":
            return self._assault(state, step.number or 1)
        if step.kind == "apply-damage":
            if self.desk.run_step(step.label, [ApplyDamage()]) is None:
                return None
        elif step.kind == "hex-effects":  # units stand among markers: their dice
            return self.open_hex_effects(then=self.advance)
        elif step.kind == "agony":
            return self.open_agony(then=self.advance)
        elif step.kind == "aftermath":
            return self.open_aftermath(then=self.advance)
        return self.advance()

    def _gunnery(self, state: MatchState) -> QDialog | Step | None:
        """The Aim and Load orders first (one step, no dice), then the gunnery wizard for
        the next unit ordered to fire; none left: move on."""
        routine = routine_orders(state, self._steps())
        if routine:
            label = f"Gunnery {state.step.partition('-')[2]}: aim and load"
            if self.desk.run_step(label, routine) is None:
                return None
            session = self.desk.session
            state = session.state if session else state
        from referee.rules.orders.fire_orders import fire_orders

        orders = fire_orders(state, fired_since_advance(self._steps()))
        left = [
            o.uid
            for o in orders
            if o.may_fire and (state.turn, state.step, o.uid) not in self.passed
        ]
        unable = [o.why for o in orders if not o.may_fire]
        if not left:
            step = self.advance()
            if unable and step is not None:  # said after the step's own message
                self.desk.say(" ".join(unable), 20000)
            return step
        if unable:
            self.desk.say(" ".join(unable), 20000)
        wizard = self.wizards.gunnery()
        if wizard is None:
            return None
        items = wizard.shooter_page.list
        for row in range(items.count()):
            if items.item(row).data(Qt.ItemDataRole.UserRole) == left[0]:
                items.setCurrentRow(row)
        self.wizard = wizard
        before = len(self._steps())

        def fired(result: int) -> None:
            self.wizard = None
            if result == QDialog.DialogCode.Rejected:  # not closed for a match changed
                self.passed.add((state.turn, state.step, left[0]))
                self.desk.say(
                    f"{left[0]} has not fired (nothing written) and is still ordered to "
                    "fire: Next step (N) goes on, and asks before the clock passes it.",
                    10000,
                )
            elif result == QDialog.DialogCode.Accepted and len(self._steps()) > before:
                if wizard.rolls_unseen():  # its outcome shows in the dock: read it first
                    self.desk.say(
                        "The fire action is written; its dice and outcome show in the "
                        "wizard dock. Next step (N) goes on.",
                        10000,
                    )
                    return
                self.next()

        wizard.finished.connect(fired)
        return wizard

    def keep_waiting(self) -> None:
        """The referee stays at the gunnery step rather than pass its units ordered to
        fire: Next step opens their gunnery wizards again."""
        self.passed.clear()

    def _assault(self, state: MatchState, number: int) -> QDialog | Step | None:
        """The assault wizard for the next contest when the app has one, else the engine's
        proposals for every contest in one step; no contest: move on."""
        if not state.contests:
            return self.advance()
        wizard = self.wizards.assault()
        if wizard is not None:
            self.wizard = wizard
            before = len(self._steps())

            def fought(result: int) -> None:
                self.wizard = None
                if result == QDialog.DialogCode.Accepted and len(self._steps()) > before:
                    self.next()

            wizard.finished.connect(fought)
            return wizard
        hexes = " and ".join("/".join(c["hexes"]) or "?" for c in state.contests)
        commands = [Assault(contest=0) for _ in state.contests]
        if (
            self.desk.run_step(f"Assault {number}: over {hexes}, as the engine proposes", commands)
            is None
        ):
            return None
        return self.advance()
