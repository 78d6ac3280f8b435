"""The gunnery wizard: one fire action, in the order of the rules.

Shooter (the units ordered to fire now first), weapon, target (only legal targets can be
picked; the others are listed greyed with the engine's reasons, clause ``fire.target``), the
to-hit working and the exact odds (``fire.to-hit``, ``fire.roll``, ``damage.*``), then the
dice: rolled by the app, or the values the table rolled typed in, each checked by the engine
(a d6 showing 7 is refused, :class:`~referee.dice.service.DieOutOfRange`). Finishing runs
the shot as a dry run first, so that nothing the engine refuses reaches the journal; the
wizard itself never writes: :meth:`GunneryWizard.chosen_step` is what the main window runs.
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
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from referee.app.map_overlay import MapOverlay
from referee.app.rule_html import clause_links, rule_link
from referee.app.wizards.shot_overlay import shot_line
from referee.board.hexgrid import Hex
from referee.dice.service import Dice, DieOutOfRange
from referee.match.board_now import board_now
from referee.match.state import MatchState
from referee.rules.fire.aim import GunneryStep
from referee.rules.fire.preview import ShotPreview, preview_shot
from referee.rules.state import UnitState

MAX_TYPED = 30
"""More dice than any one shot asks for (to-hit, misfire, armor, damage, burst)."""


class Page(IntEnum):
    SHOOTER = 0
    WEAPON = 1
    TARGET = 2
    ODDS = 3
    ROLL = 4


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
    if preview.to_hit is None:
        reasons = "".join(
            f"<li>{escape(r.text)} ({rule_link('clause', r.clause)})</li>"
            for r in preview.check.reasons
        )
        return f"<p><b>Not allowed:</b></p><ul>{reasons}</ul>"
    parts = [
        f"<p><b>{escape(preview.to_hit.explain())}</b></p>",
        f"<p>Hits {_pct(preview.p_hit)} (exactly {preview.p_hit}).</p>",
    ]
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
            f"<p>If it hits the <b>{escape(s.sector)}</b> ({armor}): blocked {_pct(a.blocked)}, "
            f"partly {_pct(a.partial)}, through {_pct(a.penetrated)}</p>"
            f"<table><tr><td>miss</td><td align='right'>{_pct(1 - preview.p_hit)}</td></tr>"
            f"{rows}</table>"
        )
    parts.append(f"<p style='color:#555'>Clauses: {clause_links(preview.to_hit.clauses)}</p>")
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
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        self.registerField("weapon*", self.list, "currentRow", self.list.currentRowChanged)

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, GunneryWizard)
        shooter = wizard.shooter()
        self.setSubTitle(f"Which weapon does {shooter.uid} fire?")
        from referee.units.card_text import weapon_line

        self.list.clear()
        for w in shooter.unit.weapons:
            loaded = shooter.loaded.get(w.name, 0)
            item = QListWidgetItem(f"{weapon_line(w)}  [loaded: {loaded}]")
            item.setData(Qt.ItemDataRole.UserRole, w.name)
            self.list.addItem(item)

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
        now = GunneryStep(state.turn, gunnery_number(state))
        self.list.clear()
        self.previews = {}
        others = [u for u in state.units.values() if u.uid != shooter.uid]
        for u in sorted(others, key=lambda u: (u.side == shooter.side, u.uid)):
            preview = preview_shot(state.rules, board, shooter, u, weapon, now=now)
            self.previews[u.uid] = preview
            if preview.allowed and preview.to_hit is not None:
                text = (
                    f"{u.uid} at {u.hex}: needs {preview.to_hit.need}, hits {_pct(preview.p_hit)}"
                )
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
    """Dice rolled by the app, or typed: one spin box per die, in the order asked."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("The roll")
        self.setSubTitle(
            "Let the app roll, or type what the table rolled, in the order the dice are asked. "
            "Dice not typed are rolled by the app."
        )
        self.digital = QRadioButton("The app rolls the dice")
        self.typed = QRadioButton("Type the dice rolled at the table")
        self.digital.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.digital)
        group.addButton(self.typed)
        self.add_button = QPushButton("Add a die")
        self.remove_button = QPushButton("Remove the last die")
        self.spin_row = QHBoxLayout()
        self.spin_row.addStretch(1)
        self.spins: list[QSpinBox] = []
        self.asked = QLabel()
        self.asked.setWordWrap(True)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #c62828")
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        self.dice_box = QWidget()
        box = QVBoxLayout(self.dice_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addLayout(buttons)
        box.addLayout(self.spin_row)
        box.addWidget(self.asked)
        layout = QVBoxLayout(self)
        layout.addWidget(self.digital)
        layout.addWidget(self.typed)
        layout.addWidget(self.dice_box)
        layout.addWidget(self.problem)
        layout.addStretch(1)
        self.add_button.clicked.connect(lambda: self.add_die())
        self.remove_button.clicked.connect(self.remove_die)
        self.typed.toggled.connect(self._mode)
        self._mode(False)

    def initializePage(self) -> None:
        self.problem.clear()
        self._describe()

    def _mode(self, typed: bool) -> None:
        self.dice_box.setEnabled(typed)
        if typed and not self.spins:
            self.add_die()
        self._describe()

    def add_die(self, value: int = 1) -> QSpinBox:
        if len(self.spins) >= MAX_TYPED:
            return self.spins[-1]
        spin = QSpinBox()
        spin.setRange(1, 100)  # the die's faces are the engine's to check
        spin.setValue(value)
        spin.setAccessibleName(f"die {len(self.spins) + 1}")
        spin.valueChanged.connect(self._describe)
        self.spin_row.insertWidget(len(self.spins), spin)
        self.spins.append(spin)
        self._describe()
        return spin

    def remove_die(self) -> None:
        if self.spins:
            spin = self.spins.pop()
            spin.deleteLater()
            self._describe()

    def values(self) -> tuple[int, ...]:
        return tuple(s.value() for s in self.spins) if self.typed.isChecked() else ()

    def _describe(self) -> None:
        """Which die each typed value answers, from a dry run (values of the app's own dice
        stay hidden until the step is written)."""
        wizard = self.wizard()
        if not isinstance(wizard, GunneryWizard) or not self.typed.isChecked():
            self.asked.clear()
            return
        log, _ = wizard.dry_run(self.values())
        lines = [
            f"die {i}: d{r.sides} for {r.purpose or 'the roll'}"
            for i, r in enumerate(log[: len(self.spins)], 1)
        ]
        if len(log) > len(self.spins):
            nxt = log[len(self.spins)]
            lines.append(f"next die asked: d{nxt.sides} for {nxt.purpose or 'the roll'}")
        self.asked.setText("\n".join(lines))

    def validatePage(self) -> bool:
        wizard = self.wizard()
        assert isinstance(wizard, GunneryWizard)
        _, problem = wizard.dry_run(self.values())
        self.problem.setText(problem or "")
        return problem is None


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
        for page_id, page in (
            (Page.SHOOTER, self.shooter_page),
            (Page.WEAPON, self.weapon_page),
            (Page.TARGET, self.target_page),
            (Page.ODDS, self.odds_page),
            (Page.ROLL, self.roll_page),
        ):
            self.setPage(page_id, page)
        self.setStartId(Page.SHOOTER)
        self.odds_page.text.anchorClicked.connect(self._link)
        self.target_page.list.itemSelectionChanged.connect(self.draw_shot)
        self.currentIdChanged.connect(lambda _id: self.draw_shot())
        self.roll_page.typed.setChecked(dice_mode == "typed")
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

    def dry_run(self, typed: tuple[int, ...]) -> tuple[list[Any], str | None]:
        """Carry out the shot on a copy (nothing is written): the dice it asked for, and
        what the engine refused (None if nothing)."""
        from referee.match.commands import execute

        dice = Dice(self.dice_seed)
        dice.type_in(typed)
        try:
            execute(self.state, self.command(), dice)
        except DieOutOfRange as exc:
            return dice.log, str(exc)
        except (ValueError, KeyError) as exc:
            return dice.log, str(exc).strip("'\"")
        if dice.pending:
            used = len(typed) - len(dice.pending)
            return dice.log, (
                f"the shot asked for {used} dice; {len(dice.pending)} typed dice are left over "
                f"({', '.join(map(str, dice.pending))})"
            )
        return dice.log, None

    def chosen_step(self) -> FireStep:
        c = self.command()
        name = f"Gunnery {c['gunnery']}: {c['shooter']} fires {c['weapon']} at {c['target']}"
        return FireStep(name, (c,), self.roll_page.values())
