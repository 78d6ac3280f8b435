"""The one place the wizards of a match of the activation rules are made and opened, in the
wizard dock beside the map (:class:`~referee.app.docks.wizard_host.WizardHost`, as the main
game's): each only when the game is at its phase, else ``refuse`` says why."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from referee.app.activation.wizards.activate import ActivateWizard
from referee.app.activation.wizards.base import ActivationWizard
from referee.app.activation.wizards.before_battle import BeforeBattleWizard
from referee.app.activation.wizards.capture import CaptureWizard
from referee.app.activation.wizards.deploy import DeployWizard
from referee.app.activation.wizards.embark import EmbarkWizard
from referee.app.activation.wizards.enter import EnterWizard
from referee.app.docks.wizard_host import WizardHost
from referee.match.games.activation_file import ActivationMatch, asked_now


class ActivationWizards:
    """Opens the wizards on ``match`` in ``host``; ``refuse`` says why one did not open."""

    def __init__(
        self,
        match: ActivationMatch,
        host: WizardHost,
        parent: QWidget,
        refuse: Callable[[str], object],
    ) -> None:
        self.match = match
        self.host = host
        self.parent = parent
        self.refuse = refuse

    def _open(self, phase: str, make: Callable[[], ActivationWizard]) -> ActivationWizard | None:
        state = self.match.state
        if state.phase != phase or state.turn is None:
            self.refuse(f"not now: the game asks {asked_now(state)}")
            return None
        wizard = make()
        if self.host.open(wizard):
            return wizard
        open_now = self.host.wizard
        title = open_now.windowTitle() if open_now is not None else "open"
        self.refuse(f"finish or cancel the {title} wizard first")
        wizard.deleteLater()
        return None

    def deploy(self) -> ActivationWizard | None:
        return self._open(
            "deployment", lambda: DeployWizard(self.match, self.host.overlay, self.parent)
        )

    def activate(self) -> ActivationWizard | None:
        return self._open(
            "main", lambda: ActivateWizard(self.match, self.host.overlay, self.parent)
        )

    def capture(self) -> ActivationWizard | None:
        return self._open("main", lambda: CaptureWizard(self.match, self.host.overlay, self.parent))

    def embark(self) -> ActivationWizard | None:
        return self._open("main", lambda: EmbarkWizard(self.match, self.host.overlay, self.parent))

    def enter(self) -> ActivationWizard | None:
        return self._open("main", lambda: EnterWizard(self.match, self.host.overlay, self.parent))

    def before_battle(self) -> ActivationWizard | None:
        return self._open(
            "before-battle", lambda: BeforeBattleWizard(self.match, self.host.overlay, self.parent)
        )
