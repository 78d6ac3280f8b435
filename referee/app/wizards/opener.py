"""The one place a step's wizard is made and opened.

Each wizard of a step (orders, movement, gunnery, assault, agony, hex effects, aftermath) is
built here on the open match (its state, the seed of the next step's dice, the dice mode)
and opened in the wizard dock beside the map
(:class:`~referee.app.docks.wizard_host.WizardHost`).
The Wizards menu and Next step (:mod:`referee.app.session.turn_driver`) both come here, so a wizard
opens the same way whoever asks. Only one wizard is open at a time: asking for another
brings the open one forward and says so. Each wizard's module is imported when that wizard is
first opened, so the window starts without any of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from referee.app.docks.wizard_host import WizardHost
from referee.app.session.match_session import MatchSession
from referee.rules.events import fired_since_advance

if TYPE_CHECKING:  # each wizard is imported when first opened (a quicker start), and
    # QWizard with it (PySide builds a class's enums when it is first named)
    from PySide6.QtWidgets import QWizard

    from referee.app.wizards.aftermath.wizard import AftermathWizard
    from referee.app.wizards.agony.wizard import AgonyWizard
    from referee.app.wizards.assault.wizard import AssaultWizard
    from referee.app.wizards.gunnery.wizard import GunneryWizard
    from referee.app.wizards.hex_effects.wizard import HexEffectsWizard
    from referee.app.wizards.movement.wizard import MovementWizard
    from referee.app.wizards.orders.wizard import OrdersWizard
    from referee.rules.orders.commands import Command

Then = Callable[[], object] | None


def _no_secrets() -> set[int]:
    return set()


class WizardOpener:
    """Makes the wizard of a step on the match ``session()`` returns and opens it in
    ``host``; ``parent`` owns the wizards, ``show_rule`` opens a clause a wizard links to,
    ``refuse`` says why a wizard did not open, ``secrets`` the sides whose hidden units the
    window keeps from view (a wizard reads the whole table and names every unit, so none
    opens while such a unit would be named)."""

    def __init__(
        self,
        session: Callable[[], MatchSession | None],
        host: WizardHost,
        parent: QWidget,
        show_rule: Callable[[str], object],
        refuse: Callable[[str], object],
        secrets: Callable[[], set[int]] = _no_secrets,
    ) -> None:
        self.session = session
        self.host = host
        self.parent = parent
        self.show_rule = show_rule
        self.refuse = refuse
        self.secrets = secrets

    @property
    def open_now(self) -> QWizard | None:
        """The wizard open in the dock, if any."""
        return self.host.wizard

    def present(self) -> None:
        """Bring the open wizard's dock forward."""
        self.host.present()

    def open(self, wizard: QWizard, then: Then = None) -> bool:
        """Open ``wizard`` beside the map; finishing it runs its chosen step, then ``then``.
        False if another wizard is open: that one is brought forward instead, or if a unit
        hidden from view would be named."""
        kept = self._kept_secret()
        if kept:
            self.refuse(kept)
            wizard.deleteLater()
            return False
        if self.host.open(wizard, then):
            return True
        open_now = self.host.wizard
        title = open_now.windowTitle() if open_now is not None else "open"
        self.refuse(f"finish or cancel the {title} wizard first")
        wizard.deleteLater()
        return False

    def _kept_secret(self) -> str:
        """Why a wizard may not open now (hidden units kept from view), or ``""``."""
        session, hidden = self.session(), self.secrets()
        if session is None or not hidden:
            return ""
        from referee.rules.orders.concealment import concealed_uids

        if not concealed_uids(session.state, hidden):
            return ""
        sides = " and ".join(f"side {s}" for s in sorted(hidden))
        return (
            f"{sides}'s hidden units are kept from view, and a wizard names every unit: "
            "show them first (View > Hide side N's hidden units)"
        )

    def _not_now(self, session: MatchSession, probe: Command | None) -> bool:
        """Whether the step ``probe`` stands for cannot be written where the match's clock
        is: the engine's own check, asked before the wizard's first page (ruling
        ``turn.step-outside-phase``; a fire action, ``turn.fire-outside-gunnery``), said
        through ``refuse`` so that no choice is made for a step the engine would refuse."""
        from referee.rules.orders.phase import gunnery_refusal, phase_refusal

        state = session.state
        why = gunnery_refusal(state) if probe is None else phase_refusal(state, probe)
        if why:
            self.refuse(why)
        return bool(why)

    def orders(self, then: Then = None) -> OrdersWizard | None:
        """Orders for a turn."""
        session = self.session()
        if session is None:
            return None
        from referee.app.wizards.orders.wizard import OrdersWizard

        wizard = OrdersWizard(session.state, self.parent)
        return wizard if self.open(wizard, then) else None

    def movement(self, then: Then = None) -> MovementWizard | None:
        """The movement step; the wizard stays beside the map, whose clicks pick hexes."""
        session = self.session()
        if session is None:
            return None
        from referee.app.wizards.common.step_number import step_number
        from referee.rules.orders.commands import Movement

        if self._not_now(session, Movement(step=step_number(session.state, "movement"))):
            return None
        from referee.app.wizards.movement.wizard import MovementWizard

        wizard = MovementWizard(
            session.state, session.next_dice_seed(), self.host.overlay, self.parent
        )
        return wizard if self.open(wizard, then) else None

    def gunnery(self, then: Then = None) -> GunneryWizard | None:
        """One fire action; finishing it runs the shot as one step."""
        session = self.session()
        if session is None:
            return None
        if self._not_now(session, None):
            return None
        from referee.app.wizards.gunnery.wizard import GunneryWizard

        wizard = GunneryWizard(
            session.state,
            session.next_dice_seed(),
            self.parent,
            dice_mode=session.dice_mode,
            overlay=self.host.overlay,
            fired=fired_since_advance(session.match.steps()),
        )
        wizard.ruleRequested.connect(self.show_rule)
        return wizard if self.open(wizard, then) else None

    def assault(self, then: Then = None) -> AssaultWizard | None:
        """The next assault contest; finishing it runs the assault as one step."""
        session = self.session()
        if session is None:
            return None
        from referee.rules.orders.commands import Assault

        if self._not_now(session, Assault()):
            return None
        from referee.app.wizards.assault.wizard import AssaultWizard

        number, attempt, seed = session.next_dice()
        wizard = AssaultWizard(
            session.state,
            seed,
            self.parent,
            overlay=self.host.overlay,
            attempt=attempt,
            dice_seen=lambda: session.dice_seen(number, attempt),
        )
        return wizard if self.open(wizard, then) else None

    def agony(self, then: Then = None) -> AgonyWizard | None:
        session = self.session()
        if session is None:
            return None
        from referee.app.wizards.common.step_number import step_number
        from referee.rules.orders.marker_commands import Agony

        if self._not_now(session, Agony(step=step_number(session.state, "agony"))):
            return None
        from referee.app.wizards.agony.wizard import AgonyWizard

        wizard = AgonyWizard(session.state, session.next_dice_seed(), self.parent)
        return wizard if self.open(wizard, then) else None

    def hex_effects(self, then: Then = None) -> HexEffectsWizard | None:
        """A 'trigger hex effects' step, its dice typed or the app's."""
        session = self.session()
        if session is None:
            return None
        from referee.rules.orders.marker_commands import HexEffects

        if self._not_now(session, HexEffects()):
            return None
        from referee.app.wizards.hex_effects.wizard import HexEffectsWizard
        from referee.rules.orders.advance import hex_effect_units
        from referee.rules.turn.clock import TurnPosition

        state = session.state
        label = TurnPosition.at(state.rules, state.turn, state.step).step.label
        wizard = HexEffectsWizard(
            state, session.next_dice_seed(), self.parent, label, units=hex_effect_units(state)
        )
        return wizard if self.open(wizard, then) else None

    def aftermath(self, then: Then = None) -> AftermathWizard | None:
        session = self.session()
        if session is None:
            return None
        from referee.rules.orders.marker_commands import Aftermath

        if self._not_now(session, Aftermath()):
            return None
        from referee.app.wizards.aftermath.wizard import AftermathWizard

        wizard = AftermathWizard(session.state, self.parent)
        return wizard if self.open(wizard, then) else None
