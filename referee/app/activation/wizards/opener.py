"""The one place the wizards of a match of the activation rules are listed, made and opened,
in the wizard dock beside the map (:class:`~referee.app.docks.wizard_host.WizardHost`, as the main
game's): each only when the game is at its phase, else ``refuse`` says why.

:data:`WIZARDS` is the list a window hooks in, once: a button and a Wizards menu item per
entry, each opening its wizard through :meth:`ActivationWizards.open`."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
from PySide6.QtWidgets import QWidget

from referee.app.activation.wizards.activate import ActivateWizard
from referee.app.activation.wizards.base import ActivationWizard, Situation
from referee.app.activation.wizards.before_battle import BeforeBattleWizard
from referee.app.activation.wizards.capture import CaptureWizard
from referee.app.activation.wizards.deploy import DeployWizard
from referee.app.activation.wizards.embark import EmbarkWizard
from referee.app.activation.wizards.enter import EnterWizard
from referee.app.activation.wizards.reserves import ReservesWizard
from referee.app.activation.wizards.start import start_wizard
from referee.app.docks.wizard_host import WizardHost
from referee.app.map.map_overlay import MapOverlay
from referee.match.games.activation_file import ActivationMatch
from referee.rules.activation import commands as c
from referee.rules.activation import phase
from referee.rules.activation.state import Phase

Make = Callable[[Situation, MapOverlay, QWidget | None], ActivationWizard]


class WizardEntry(msgspec.Struct, frozen=True):
    """One wizard of the list: its key, its menu item (``&`` marks the menu's letter), the
    commands it writes, how it is made, its button's words when shorter than the menu
    item's (the turn dock is narrow), and its one-key shortcut (the main game's wizards
    have G, A, O, M; a letter the window's own keys do not take). It opens in the phases
    the engine gives its commands (:data:`~referee.rules.activation.phase.PHASE_OF`,
    which the step itself checks)."""

    key: str
    menu: str
    writes: tuple[type[c.Command], ...]
    make: Make
    short: str = ""
    shortcut: str = ""

    @property
    def phases(self) -> tuple[Phase, ...]:
        """The phases the engine lets this wizard's commands be carried out in."""
        return tuple(dict.fromkeys(phase.PHASE_OF[command.KIND] for command in self.writes))

    @property
    def button(self) -> str:
        return self.short or self.menu.replace("&", "")


START = (c.Present, c.Ban, c.RollOrder, c.ChooseOrder)
"""The steps before deployment: both players present, the bans, the player order (one
wizard, the step that is due: :func:`~referee.app.activation.wizards.start.start_wizard`)."""

WIZARDS: tuple[WizardEntry, ...] = (
    WizardEntry("start", "&Start of the game…", START, start_wizard, shortcut="S"),
    WizardEntry("deploy", "&Deploy…", (c.Deploy, c.DeployPass), DeployWizard, shortcut="P"),
    WizardEntry("reserves", "Choose the &reserves…", (c.Reserves,), ReservesWizard, shortcut="R"),
    WizardEntry(
        "before_battle",
        "&Before the battle…",
        (c.BeforeBattle, c.BeforeBattleDone),
        BeforeBattleWizard,
        shortcut="B",
    ),
    WizardEntry("activate", "&Activate…", (c.Move, c.Shoot), ActivateWizard, shortcut="A"),
    WizardEntry("capture", "&Capture…", (c.Capture,), CaptureWizard, shortcut="C"),
    WizardEntry(
        "embark", "&Embark / disembark…", (c.Embark, c.Disembark), EmbarkWizard, shortcut="E"
    ),
    WizardEntry("enter", "Enter from the reser&ves…", (c.Enter,), EnterWizard, shortcut="V"),
)
"""Every wizard of the activation rules, in the order of the game (a pass has no wizard:
it is typed on the Turn dock's command line, ``pass side=N``)."""


class ActivationWizards:
    """Opens the wizards on the match ``match()`` gives (the window's open one, whose file
    File > Save As changes) in ``host``; ``refuse`` says why one did not open."""

    def __init__(
        self,
        match: Callable[[], ActivationMatch],
        host: WizardHost,
        parent: QWidget,
        refuse: Callable[[str], object],
    ) -> None:
        self._match = match
        self.host = host
        self.parent = parent
        self.refuse = refuse

    @property
    def match(self) -> ActivationMatch:
        return self._match()

    def open(self, key: str) -> ActivationWizard | None:
        """Open the wizard ``key`` of :data:`WIZARDS` (None, and ``refuse`` says why: not at
        its phase, or another wizard is open)."""
        entry = next(e for e in WIZARDS if e.key == key)
        state = self.match.state
        if state.phase not in entry.phases or (
            state.turn is None and state.phase not in WIZARDS[0].phases  # no side's turn
        ):
            self.refuse(f"not now: the game asks {self.match.system.agenda(state)}")
            return None
        # the seed afresh for a step written again after an undo (match format 6)
        situation = Situation(self.match.game, state, self.match.next_dice_seed())
        wizard = entry.make(situation, self.host.overlay, self.parent)
        wizard.ruleRequested.connect(self.host.linkClicked)
        if self.host.open(wizard):
            return wizard
        open_now = self.host.wizard
        title = open_now.windowTitle() if open_now is not None else "open"
        self.refuse(f"finish or cancel the {title} wizard first")
        wizard.deleteLater()
        return None

    def opener(self, key: str) -> Callable[[], ActivationWizard | None]:
        """A slot that opens the wizard ``key`` (a button's, a menu item's)."""
        return lambda: self.open(key)

    def start(self) -> ActivationWizard | None:
        return self.open("start")

    def deploy(self) -> ActivationWizard | None:
        return self.open("deploy")

    def reserves(self) -> ActivationWizard | None:
        return self.open("reserves")

    def before_battle(self) -> ActivationWizard | None:
        return self.open("before_battle")

    def activate(self) -> ActivationWizard | None:
        return self.open("activate")

    def capture(self) -> ActivationWizard | None:
        return self.open("capture")

    def embark(self) -> ActivationWizard | None:
        return self.open("embark")

    def enter(self) -> ActivationWizard | None:
        return self.open("enter")
