"""The gunnery wizard: one fire action, in the order of the rules.

Shooter (the units ordered to fire now first), weapon, target (only legal targets can be
picked; the others are listed greyed with the engine's reasons, clause ``fire.target``), the
to-hit working and the exact odds of the whole action (``fire.to-hit``, ``fire.roll``,
``fire.misfire``, ``fire.area``, ``damage.*``), then the dice: rolled by the app, or typed
from the table in the one dice widget (:mod:`..common.dice_entry`: every die listed before the
first is typed, a d6 box refuses a 7), then the outcome (:mod:`..common.outcome_page`), which runs
the shot on a copy, so that nothing the engine refuses reaches the journal; the wizard
itself never writes: :meth:`GunneryWizard.chosen_step` is what the main window runs.
Leaving the wizard writes nothing. The clauses of the working are links (``ruleRequested``,
opened in the rules browser); the roll page starts in the match's dice mode (``app`` or
``typed``, the match file's ``settings``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from html import escape
from typing import Any

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from referee.app.map_overlay import MapOverlay
from referee.app.rule_html import clause_links, rule_link
from referee.app.wizards.common.dice_entry import DiceEntry
from referee.app.wizards.common.outcome_page import OutcomePage
from referee.app.wizards.gunnery.action_odds_html import action_odds_html, condition_brief
from referee.app.wizards.gunnery.shot_overlay import shot_line
from referee.board.hexgrid import Hex
from referee.match.board_now import board_now
from referee.match.outcome import StepOutcome, dry_step, step_outcome
from referee.match.state import MatchState
from referee.rules.fire.aim import GunneryStep
from referee.rules.fire.preview import ShotPreview, preview_shot
from referee.rules.state import UnitState


class Page(IntEnum):
    SHOOTER = 0
    WEAPON = 1
    TARGET = 2
    ODDS = 3
    ROLL = 4
    OUTCOME = 5


@dataclass(frozen=True)
class FireStep:
    """What the wizard chose: the step's name, its command, the dice typed at the table."""

    name: str
    commands: tuple[dict[str, Any], ...]
    typed: tuple[int, ...]


def gunnery_number(state: MatchState) -> int:
    """Gunnery step 1 or 2 of the turn, from where the match stands (1 outside gunnery)."""
    name, _, number = state.step.partition("-")
    return int(number[0]) if name == "gunnery" and number[:1] in ("1", "2") else 1


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def preview_html(preview: ShotPreview) -> str:
    """The shot before it is rolled: the need with its working, the exact odds, per sector
    the armor's odds and each damage row's."""
    if not preview.allowed:
        reasons = "".join(
            f"<li>{escape(r.text)} ({rule_link('clause', r.clause)})</li>"
            for r in preview.check.reasons
        )
        return f"<p><b>Not allowed:</b></p><ul>{reasons}</ul>"
    if preview.to_hit is not None:
        parts = [
            f"<p><b>{escape(preview.to_hit.explain())}</b></p>",
            f"<p>Each die hits {_pct(preview.p_hit)} (exactly {preview.p_hit}).</p>",
        ]
    else:  # an area weapon: no to-hit roll (clause fire.area)
        parts = [f"<p><b>Area attack</b>: one die per enemy model in the hex; each hit that "
                 f"stands {_pct(preview.p_hit)} (exactly {preview.p_hit}).</p>"]
    parts.append(action_odds_html(preview))
    parts.extend(
        f"<p><i>{escape(n.text)} ({rule_link('clause', n.clause)})</i></p>"
        for n in preview.check.notes
    )
    for s in preview.sectors:
        a = s.odds.armor.odds()
        armor = f"armor {s.armor}" if s.armor is not None else "no armor"
        rows = "".join(
            f"<tr><td>{escape(r.label)}</td><td align='right'>{_pct(r.p)}</td></tr>"
            for r in s.odds.rows
        )
        parts.append(
            f"<p>One hit on the <b>{escape(s.sector)}</b> ({armor}): blocked {_pct(a.blocked)}, "
            f"partly {_pct(a.partial)}, through {_pct(a.penetrated)}</p>"
            f"<table><tr><td>miss</td><td align='right'>{_pct(1 - preview.p_hit)}</td></tr>"
            f"{rows}</table>"
        )
    cited = preview.to_hit.clauses if preview.to_hit else ("fire.area", "fire.evasion")
    parts.append(f"<p style='color:#555'>Clauses: {clause_links(cited)}</p>")
    return "".join(parts)


class ShooterPage(QWizardPage):
    def __init__(self, state: MatchState) -> None:
        super().__init__()
        self.setTitle("Shooter")
        self.setSubTitle("Which unit fires? Units ordered to fire in this step come first.")
        self.list = QListWidget()
        acting = state.actions_now()
        units = sorted(
            (u for u in state.units.values() if u.unit.weapons and not u.destroyed),
            key=lambda u: ("fire" not in [a.casefold() for a in acting.get(u.uid, ())], u.uid),
        )
        for u in units:
            ordered = "fire" in [a.casefold() for a in acting.get(u.uid, ())]
            item = QListWidgetItem(
                f"{u.uid} — {u.unit.name} at {u.hex}"
                + ("  (ordered to fire now)" if ordered else "")
            )
            item.setData(Qt.ItemDataRole.UserRole, u.uid)
            self.list.addItem(item)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        self.registerField("shooter*", self.list, "currentRow", self.list.currentRowChanged)

    def uid(self) -> str:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else ""


class WeaponPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Weapon")
        self.list = QListWidget()
        self.list.setWordWrap(True)  # a weapon's whole line, in a panel beside the map
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        self.registerField("weapon*", self.list, "currentRow", self.list.currentRowChanged)

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, GunneryWizard)
        shooter = wizard.shooter()
        from referee.rules.fire.legality import weapon_reasons
        from referee.units.card_text import weapon_line

        self.list.clear()
        ready = 0
        for w in shooter.unit.weapons:
            loaded = shooter.loaded.get(w.name, 0)
            text = f"{weapon_line(w)}  [loaded: {loaded}]"
            reasons = weapon_reasons(wizard.state.rules, shooter, w)
            if reasons:  # the same for every target: said here, before a target is chosen
                text += "\ncannot fire now — " + "; ".join(
                    f"{r.text} ({r.clause})" for r in reasons)
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, w.name)
            if reasons:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            else:
                ready += 1
            self.list.addItem(item)
        self.setSubTitle(
            f"Which weapon does {shooter.uid} fire?" if ready else
            f"No weapon of {shooter.uid} can fire now: each says why below. A weapon "
            "fires once it is loaded (a Load order in an earlier step); Cancel to go back.")

    def name(self) -> str:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else ""


class TargetPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Target")
        self.setSubTitle("Only legal targets can be picked; the others say why not.")
        self.list = QListWidget()
        self.list.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        self.registerField("target*", self.list, "currentRow", self.list.currentRowChanged)
        self.previews: dict[str, ShotPreview] = {}

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, GunneryWizard)
        state, shooter = wizard.state, wizard.shooter()
        weapon = shooter.unit.weapon(wizard.weapon_name())
        board = board_now(state)
        ledger = state.ledger()
        now = GunneryStep(state.turn, gunnery_number(state))
        self.list.clear()
        self.previews = {}
        others = [u for u in state.units.values() if u.uid != shooter.uid]
        for u in sorted(others, key=lambda u: (u.side == shooter.side, u.uid)):
            preview = preview_shot(state.rules, board, shooter, u, weapon, now=now,
                                   units=state.units.values(), ledger=ledger)
            self.previews[u.uid] = preview
            action = preview.action
            if preview.allowed and action is not None:
                text = f"{u.uid} at {u.hex}: " + (
                    f"needs {action.need}" if action.area is None else
                    f"{action.dice} area dice at {action.need}+")
                text += f", at least one hit {_pct(action.at_least_one_hit)}"
                text += "".join(f"; {condition_brief(c)}" for c in action.conditions)
            else:
                why = "; ".join(r.text for r in preview.check.reasons)
                text = f"{u.uid} at {u.hex}: not allowed — {why}"
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, u.uid)
            if not preview.allowed:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.list.addItem(item)

    def uid(self) -> str:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else ""


class OddsPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("To hit and the odds")
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, GunneryWizard)
        target = wizard.target_uid()
        self.setSubTitle(f"{wizard.shooter().uid} fires {wizard.weapon_name()} at {target}.")
        self.text.setHtml(preview_html(wizard.target_page.previews[target]))


class RollPage(QWizardPage):
    """The dice of the action: rolled by the app, or typed from the table (one widget for
    every wizard, :class:`~referee.app.wizards.common.dice_entry.DiceEntry`)."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("The dice")
        self.setSubTitle(
            "Let the app roll, or type what the table rolled: every die the action needs is "
            "listed in order, with what it is for."
        )
        self.dice = DiceEntry()
        layout = QVBoxLayout(self)
        layout.addWidget(self.dice)
        self.dice.changed.connect(self.completeChanged)
        self._command: dict[str, Any] | None = None

    @property
    def typed(self) -> Any:
        return self.dice.typed

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, GunneryWizard)
        command = wizard.command()
        if command != self._command:
            self.dice.typed_values = {}
        self._command = command
        from referee.match.commands import execute

        state = wizard.state
        self.dice.set_step(lambda dice: execute(state, command, dice), wizard.dice_seed)
        if self.dice.is_typed():
            self.dice.focus_next()

    def isComplete(self) -> bool:
        return self.dice.complete()

    def values(self) -> tuple[int, ...]:
        return self.dice.values() or ()


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
    ) -> None:
        super().__init__(parent)
        self.state = state
        self.dice_seed = dice_seed
        self.overlay = overlay
        self.setWindowTitle("Gunnery: one fire action")
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.shooter_page = ShooterPage(state)
        self.weapon_page = WeaponPage()
        self.target_page = TargetPage()
        self.odds_page = OddsPage()
        self.roll_page = RollPage()
        self.outcome_page = OutcomePage(self.outcome, "Outcome of the fire action")
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
        self.overlay.shot(shot_line(self.state.rules, self.shooter(), self.state.unit(target),
                                    preview))

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
            if item.data(Qt.ItemDataRole.UserRole) in here and \
                    item.flags() & Qt.ItemFlag.ItemIsEnabled:
                items.setCurrentRow(row)
                return True
        return False

    def shooter(self) -> UnitState:
        return self.state.unit(self.shooter_page.uid())

    def weapon_name(self) -> str:
        return self.weapon_page.name()

    def target_uid(self) -> str:
        return self.target_page.uid()

    def command(self) -> dict[str, Any]:
        return {
            "kind": "fire",
            "shooter": self.shooter_page.uid(),
            "target": self.target_uid(),
            "weapon": self.weapon_name(),
            "gunnery": gunnery_number(self.state),
        }

    def outcome(self) -> StepOutcome:
        """The shot carried out on a copy with the dice of the roll page (typed, or the
        app's rolled with the step's own seed: the journal rolls the same)."""
        events, after = dry_step(self.state, [self.command()], self.dice_seed,
                                 self.roll_page.values())
        return step_outcome(self.state, events, after)

    def chosen_step(self) -> FireStep:
        c = self.command()
        name = f"Gunnery {c['gunnery']}: {c['shooter']} fires {c['weapon']} at {c['target']}"
        return FireStep(name, (c,), self.roll_page.values())
