"""The gunnery wizard: one fire action, in the order of the rules.

Shooter (the units ordered to fire now first), weapon, target (only legal targets can be
picked; the others are listed greyed with the engine's reasons, clause ``fire.target``), the
to-hit working and the exact odds of the whole action (``fire.to-hit``, ``fire.roll``,
``fire.misfire``, ``fire.area``, ``damage.*``), then the dice: rolled by the app, or typed
from the table in the one dice widget (:mod:`..common.dice_entry`: every die listed before the
first is typed, a d6 box refuses a 7), then the outcome (:mod:`..common.outcome_page`), which runs
the shot on a copy, so that nothing the engine refuses reaches the journal; the wizard
itself never writes: :meth:`GunneryWizard.chosen_step` is what the main window runs.
With the app's dice nothing of them shows before the action is written, only its odds:
going Back to another target never shows dice already seen; the outcome shows once written
(:meth:`GunneryWizard.written_html`, in the wizard dock). Leaving the wizard writes
nothing. The clauses of the working are links (``ruleRequested``, opened in the rules
browser); the roll page starts in the match's dice mode (``app`` or ``typed``, the match
file's ``settings``).

Each page has its module (``shooter_page``, ``weapon_page``, ``target_page``, ``odds_page``,
``roll_page``, sharing ``page``); the shot in words is ``shot_html`` and
``action_odds_html``, on the map ``shot_overlay``.
"""

from __future__ import annotations

from collections.abc import Collection

import msgspec
from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtWidgets import QWidget, QWizard

from referee.app.map.map_overlay import MapOverlay
from referee.app.widgets.plain_text import plain_titles
from referee.app.wizards.common.outcome_page import OutcomePage, written_html
from referee.app.wizards.gunnery.odds_page import OddsPage
from referee.app.wizards.gunnery.page import Page, gunnery_number
from referee.app.wizards.gunnery.roll_page import RollPage
from referee.app.wizards.gunnery.shooter_page import ShooterPage
from referee.app.wizards.gunnery.shot_overlay import shot_line
from referee.app.wizards.gunnery.target_page import TargetPage
from referee.app.wizards.gunnery.weapon_page import WeaponPage
from referee.board.hexgrid import Hex
from referee.rules.events import Step
from referee.rules.fire.preview import ShotPreview
from referee.rules.orders.commands import Fire
from referee.rules.orders.outcome import StepOutcome, dry_step, step_outcome
from referee.rules.orders.state import MatchState
from referee.rules.state import UnitState


class FireStep(msgspec.Struct, frozen=True):
    """What the wizard chose: the step's name, its command, the dice typed at the table."""

    name: str
    commands: tuple[Fire, ...]
    typed: tuple[int, ...]


class GunneryWizard(QWizard):
    """One fire action (see the module docstring); ``chosen_step()`` after it is accepted."""

    ruleRequested = Signal(str)  # a clause: link of the working, for the rules browser

    def __init__(
        self,
        state: MatchState,
        dice_seed: int,
        parent: QWidget | None = None,
        dice_mode: str = "app",
        overlay: MapOverlay | None = None,
        fired: Collection[str] = (),
    ) -> None:
        super().__init__(parent)
        plain_titles(self)  # page titles name units and scenarios
        self.state = state
        self.dice_seed = dice_seed
        self.overlay = overlay
        self.setWindowTitle("Gunnery: one fire action")
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.shooter_page = ShooterPage(state, fired)
        self.weapon_page = WeaponPage()
        self.target_page = TargetPage()
        self.odds_page = OddsPage()
        self.roll_page = RollPage()
        self.outcome_page = OutcomePage(
            self.outcome, "Outcome of the fire action", hidden=self.rolls_unseen
        )
        for page_id, page in (
            (Page.SHOOTER, self.shooter_page),
            (Page.WEAPON, self.weapon_page),
            (Page.TARGET, self.target_page),
            (Page.ODDS, self.odds_page),
            (Page.ROLL, self.roll_page),
            (Page.OUTCOME, self.outcome_page),
        ):
            self.setPage(page_id, page)
        self.setStartId(Page.SHOOTER)
        self.odds_page.text.anchorClicked.connect(self._link)
        self.outcome_page.linkClicked.connect(self.ruleRequested)
        self.target_page.list.itemSelectionChanged.connect(self.draw_shot)
        self.currentIdChanged.connect(lambda _id: self.draw_shot())
        self.roll_page.dice.set_typed(dice_mode == "typed")
        chars = self.fontMetrics().averageCharWidth()
        self.resize(90 * chars, self.fontMetrics().lineSpacing() * 32)

    def _link(self, url: QUrl) -> None:
        self.ruleRequested.emit(url.toString())

    def draw_shot(self) -> None:
        """The line from the shooter to the target picked on the map (none before a target
        is picked)."""
        if self.overlay is None:
            return
        items = self.target_page.list
        picked = self.currentId() > Page.TARGET or bool(items.selectedItems())
        target = self.target_uid() if self.currentId() >= Page.TARGET and picked else ""
        if not target or target not in self.state.units:
            self.overlay.shot(None)
            return
        preview = self.target_page.previews.get(target)
        self.overlay.shot(
            shot_line(self.state.rules, self.shooter(), self.state.unit(target), preview)
        )

    def pick_hex(self, h: Hex) -> bool:
        """A hex clicked on the map picks the unit there as the shooter or the target (a
        target only if the engine allows the shot)."""
        page = {Page.SHOOTER: self.shooter_page.list, Page.TARGET: self.target_page.list}
        items = page.get(Page(self.currentId())) if self.currentId() in page else None
        if items is None:
            return False
        here = {u.uid for u in self.state.units.values() if u.hex == h}
        for row in range(items.count()):
            item = items.item(row)
            if (
                item.data(Qt.ItemDataRole.UserRole) in here
                and item.flags() & Qt.ItemFlag.ItemIsEnabled
            ):
                items.setCurrentRow(row)
                return True
        return False

    def shooter(self) -> UnitState:
        return self.state.unit(self.shooter_page.uid())

    def weapon_name(self) -> str:
        return self.weapon_page.name()

    def target_uid(self) -> str:
        return self.target_page.uid()

    def target_preview(self) -> ShotPreview:
        """The engine's preview of the shot at the target picked."""
        return self.target_page.previews[self.target_uid()]

    def command(self) -> Fire:
        return Fire(
            shooter=self.shooter_page.uid(),
            target=self.target_uid(),
            weapon=self.weapon_name(),
            gunnery=gunnery_number(self.state),
        )

    def outcome(self) -> StepOutcome:
        """The shot carried out on a copy with the dice of the roll page (typed, or the
        app's rolled with the step's own seed: the journal rolls the same)."""
        events, after = dry_step(
            self.state, [self.command()], self.dice_seed, self.roll_page.values()
        )
        return step_outcome(self.state, events, after)

    def rolls_unseen(self) -> bool:
        """Whether the app rolls the action's dice: drawn when it is written, shown after."""
        return self.roll_page.dice.hides_dice()

    def written_html(self, step: Step) -> str:
        """The outcome of the action as written, once the app's dice are known (``""``:
        typed dice, whose outcome the last page showed)."""
        return written_html(self.state, step) if self.rolls_unseen() else ""

    def chosen_step(self) -> FireStep:
        c = self.command()
        name = f"Gunnery {c.gunnery}: {c.shooter} fires {c.weapon} at {c.target}"
        return FireStep(name, (c,), self.roll_page.values())
