"""The movement wizard: one movement step (1-3) for every unit at once.

1. **Plan**: each unit's order for this step, judged at its speed (clause
   ``orders.speed-restrictions``; an illegal one becomes nothing or the default,
   ``orders.illegal``, with the reasons), and the moves drawn as arrows on the map.
2. **Choices**: what the step needs chosen (a 360 facing, a Chase/Flee/Road hex, the hex a
   head-on assault is fought over), in the order the nations choose (clause
   ``orders.choice-order``); a hex is picked from a list or by clicking it on the map.
3. **Dice**: swamp stuck rolls (``terrain.swamp``) and head-on roll-offs, rolled by the app
   or typed from the table in the one dice widget (:mod:`..common.dice_entry`).
4. **Outcome**: moves, units that stay and why (overcrowding, collisions, swamp), shaken
   units, and the assaults the step starts (``assault.trigger``).

Everything shown comes from the engine's own step
(:func:`referee.rules.movement_step.resolve.resolve_movement_step`) run as a dry run on a
throwaway :class:`~referee.dice.service.Dice` seeded as the journal seeds the step, so the
arrows are what will happen. Finishing checks the ``movement`` command itself the same way
and hands back one step with its ``choices`` (:meth:`MovementWizard.chosen_step`); leaving
writes nothing and takes the arrows off the map.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from html import escape
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from referee.app.map_overlay import MapOverlay
from referee.app.move_arrow_item import MoveArrow
from referee.app.wizards.common.chosen_step import ChosenStep
from referee.app.wizards.common.dice_entry import DiceEntry
from referee.app.wizards.common.step_number import step_number
from referee.board.hexgrid import DIRECTION_NAMES, Hex, hex_label
from referee.dice.service import Dice, DieOutOfRange, Roll
from referee.errors import RefereeError
from referee.match.movement_orders import step_actions
from referee.match.state import MatchState
from referee.rules.movement_step.contest import AssaultContest
from referee.rules.movement_step.resolve import resolve_movement_step
from referee.rules.movement_step.result import Choice, MovementStepResult, PendingChoice
from referee.rules.orders.legality import StepCheck


class Page(IntEnum):
    PLAN = 0
    CHOICES = 1
    DICE = 2
    RESULT = 3


def choice_json(facing: int | None, h: Hex | None) -> Any:
    """A choice as the journal stores it: a facing, a hex label, or [facing, hex]."""
    if facing is not None and h is not None:
        return [facing, hex_label(h)]
    return facing if facing is not None else hex_label(h) if h is not None else None


def _said(choice: Choice) -> str:
    """A choice in words: ``faces SE``, ``to F4``, ``faces SE, to F4``."""
    if isinstance(choice, tuple):
        return f"{_said(choice[0])}, {_said(choice[1])}"
    if isinstance(choice, Hex):
        return f"to {hex_label(choice)}"
    return f"faces {DIRECTION_NAMES[choice]}"


def option_text(choice: PendingChoice, option: Hex | int) -> str:
    if isinstance(option, Hex):
        return hex_label(option)
    return f"{DIRECTION_NAMES[option]} ({option})" if choice.kind == "facing" else str(option)


def result_arrows(result: MovementStepResult) -> list[MoveArrow]:
    """The step's outcome as arrows: moves, assaults (to the hex fought over or tried) and
    units that tried to move and stay."""
    arrows = [MoveArrow(m.frm, m.to, "move", f"{m.uid} moves {m.frm} -> {m.to}")
              for m in result.moves]
    for contest in result.contests:
        for p in contest.participants:
            if p.to is not None and p.to != p.at:
                arrows.append(MoveArrow(p.at, p.to, "assault",
                                        f"{p.uid} assaults {contest.label()}"))
    arrows += [MoveArrow(s.at, s.target, "stay", f"{s.uid} stays: {s.reason} [{s.clause}]")
               for s in result.stays if s.target is not None and s.target != s.at]
    return arrows


def option_arrows(state: MatchState, pending: tuple[PendingChoice, ...]) -> list[MoveArrow]:
    """Dashed arrows from a unit to each hex a pending choice may take it into."""
    arrows = []
    for p in pending:
        if p.key not in state.units:
            continue
        at = state.units[p.key].hex
        arrows += [MoveArrow(at, o, "option", f"{p.key} may go to {hex_label(o)}")
                   for o in p.options if isinstance(o, Hex) and o != at]
    return arrows


def _cite(*refs: str | None) -> str:
    return ", ".join(r for r in refs if r)


def plan_html(state: MatchState, number: int, checks: Mapping[str, StepCheck]) -> str:
    """This step of every unit's order, as it will be carried out, and why: one unit a line
    (its hex and speed, the order, what an illegal one becomes), its clause ids under it,
    each whole (the dock beside the map is narrow: lines break between words and ids,
    never inside one)."""
    rows = []
    for uid, check in sorted(checks.items()):
        given = ",".join(a.text() for a in check.given)
        done = ",".join(a.text() for a in check.done)
        if check.kept:
            what = f"<b>{escape(given)}</b>"
        else:
            what = (f"<b>{escape(given)}</b> &rarr; <b>{escape(done)}</b>: "
                    f"{escape('; '.join(check.why))}")
        cited = ", ".join(f"<span style='white-space:nowrap'>{escape(ref)}</span>"
                          for ref in (*check.clauses, *(f"ruling {r}" for r in check.rulings))
                          if ref)
        unit = state.units[uid]
        rows.append(f"<li><b>{escape(uid)}</b> at {escape(hex_label(unit.hex))}, "
                    f"{escape(check.speed)}: {what}"
                    + (f"<br><span style='color:#555'>{cited}</span>" if cited else "")
                    + "</li>")
    return (f"<p>Movement {number} of turn {state.turn}: every unit moves at once "
            "(turn.simultaneous).</p><ul>" + "".join(rows) + "</ul>")


def outcome_html(state: MatchState, result: MovementStepResult, notes: list[str]) -> str:
    """Moves, stays with reasons, shaken units, assaults, then the engine's working."""
    parts = []
    if result.moves:
        parts.append("<h3>Moves</h3><ul>" + "".join(
            f"<li><b>{escape(m.uid)}</b> {m.frm} &rarr; {m.to}, facing "
            f"{DIRECTION_NAMES[m.facing]}</li>" for m in result.moves) + "</ul>")
    if result.stays:
        parts.append("<h3>Stay where they are</h3><ul>" + "".join(
            f"<li><b>{escape(s.uid)}</b> stays in {s.at}"
            + (f" (tried {s.target})" if s.target is not None else "")
            + f": {escape(s.reason)} <span style='color:#555'>"
            f"[{escape(_cite(s.clause, s.ruling))}]</span></li>" for s in result.stays) + "</ul>")
    shaken = [(uid, state.units[uid].shaken, s.shaken) for uid, s in result.states.items()
              if uid in state.units and s.shaken > state.units[uid].shaken]
    if shaken:
        parts.append("<h3>Shaken</h3><ul>" + "".join(
            f"<li><b>{escape(uid)}</b>: shaken tokens {a} &rarr; {b}</li>"
            for uid, a, b in shaken) + "</ul>")
    if result.contests:
        parts.append("<h3>Assaults this step starts</h3>" + "".join(_contest_html(c)
                                                                  for c in result.contests))
    if not parts:
        parts.append("<p><b>Nothing moves in this step.</b></p>")
    working = [*notes, *(e.line() for e in result.events)]
    parts.append("<h3>The working</h3><p style='color:#444'>"
                 + "<br>".join(escape(w) for w in working) + "</p>")
    return "".join(parts)


def _contest_html(contest: AssaultContest) -> str:
    """One assault: where, who decides the hex if it is open, and each base's part."""
    head = "head-on assault" if contest.head_on else "assault"
    lines = [escape(p.text()) for p in contest.participants]
    d = contest.decision
    if d is not None:
        who = f"side {d.side} ({d.nation})" if d.side is not None else "the referee"
        lines.insert(0, f"the hex is chosen by {escape(who)} among "
                        f"{escape(', '.join(map(hex_label, d.options)))}")
    cited = escape(_cite(*contest.clauses, *contest.rulings))
    return (f"<p><b>{head} over {escape(contest.label())}</b> ({contest.layer}) "
            f"<span style='color:#555'>[{cited}]</span></p><ul>"
            + "".join(f"<li>{line}</li>" for line in lines) + "</ul>")


@dataclass
class _Row:
    """One pending choice on the choices page: its combo and its map-pick button."""

    choice: PendingChoice
    label: QLabel
    combo: QComboBox
    pick: QPushButton | None

    def value(self) -> Hex | int | None:
        index = self.combo.currentIndex()
        return self.choice.options[index] if index >= 0 else None


class PlanPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.text = QTextBrowser()
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, MovementWizard)
        self.setTitle(f"Movement {wizard.number}: the orders")
        self.setSubTitle("This step of every unit's movement order, at the speed it has now. "
                         "The arrows on the map show what will happen.")
        self.text.setHtml(plan_html(wizard.state, wizard.number, wizard.checks))
        wizard.draw({})

    def nextId(self) -> int:
        wizard = self.wizard()
        assert isinstance(wizard, MovementWizard)
        result, _, _ = wizard.dry_run({}, wizard.typed())
        if result is None or result.pending:
            return int(Page.CHOICES)
        return int(Page.DICE) if wizard.needs_dice({}) else int(Page.RESULT)


class ChoicesPage(QWizardPage):
    """Every pending choice in the order the nations make them; more may follow from the
    first ones (the hex of a head-on assault is known once the others are chosen)."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Choices, in the nations' order")
        self.setSubTitle("Pick each choice from its list, or press its Map button and click "
                         "the hex on the map. The highest rank chooses last.")
        self.rows: list[_Row] = []
        self.grid = QGridLayout()
        self.grid.setColumnStretch(0, 1)
        holder = QWidget()
        box = QVBoxLayout(holder)
        box.addLayout(self.grid)
        box.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(holder)
        # the page's keyboard starts on the first choice's list, not on the scroll area
        # (QWizard focuses the first child that takes focus; arrows would only scroll)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.status = QLabel()
        self.status.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.status)
        self.picking: _Row | None = None

    def initializePage(self) -> None:
        self.update_rows()

    def cleanupPage(self) -> None:
        self.picking = None

    def chosen(self) -> dict[str, Choice]:
        """The choices made so far, by key (a facing, a hex, or both)."""
        facing: dict[str, int] = {}
        hexes: dict[str, Hex] = {}
        for row in self.rows:
            value = row.value()
            if isinstance(value, Hex):
                hexes[row.choice.key] = value
            elif value is not None:
                facing[row.choice.key] = value
        out: dict[str, Choice] = {}
        for key in dict.fromkeys(r.choice.key for r in self.rows):
            if key not in facing and key not in hexes:
                continue
            if key in facing and key in hexes:
                out[key] = (facing[key], hexes[key])
            else:
                out[key] = facing[key] if key in facing else hexes[key]
        return out

    def _find(self, choice: PendingChoice) -> _Row | None:
        return next((r for r in self.rows
                     if (r.choice.key, r.choice.kind) == (choice.key, choice.kind)), None)

    def update_rows(self) -> None:
        """Ask the engine, round after round, what is still to choose: keep the rows it
        still asks for, add the new ones, drop the others."""
        wizard = self.wizard()
        if not isinstance(wizard, MovementWizard):
            return
        typed = wizard.typed()
        keep: list[_Row] = []
        chosen: dict[str, Choice] = {}
        problem = None
        for _ in range(8):  # each round answers at least one choice
            result, _, problem = wizard.dry_run(chosen, typed)
            if result is None or not result.pending:
                break
            open_row = False
            for p in result.pending:
                row = self._find(p) or self._add(p)
                if row not in keep:
                    keep.append(row)
                open_row = open_row or row.value() is None
            if open_row:
                break
            chosen = self._chosen_of(keep)
        for row in [r for r in self.rows if r not in keep]:
            self._drop(row)
        self.rows = keep
        self._relayout()
        self._report(problem)
        wizard.draw(self.chosen())
        self.completeChanged.emit()

    def _chosen_of(self, rows: list[_Row]) -> dict[str, Choice]:
        saved = self.rows
        self.rows = rows
        try:
            return self.chosen()
        finally:
            self.rows = saved

    def _add(self, choice: PendingChoice) -> _Row:
        label = QLabel(choice.text())
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        label.setToolTip(_cite(choice.clause, choice.ruling))
        combo = QComboBox()
        combo.setPlaceholderText("choose…")
        combo.addItems([option_text(choice, o) for o in choice.options])
        combo.setCurrentIndex(-1)
        combo.setAccessibleName(f"choice {choice.key}")
        pick = None
        if any(isinstance(o, Hex) for o in choice.options):
            pick = QPushButton("Map…")
            pick.setToolTip("Then click the hex on the map")
        row = _Row(choice, label, combo, pick)
        combo.currentIndexChanged.connect(lambda _i: self.update_rows())
        if pick is not None:
            pick.clicked.connect(lambda: self.arm(row))
        self.rows.append(row)
        return row

    def _drop(self, row: _Row) -> None:
        for w in (row.label, row.combo, row.pick):
            if w is not None:
                self.grid.removeWidget(w)
                w.deleteLater()
        if self.picking is row:
            self.picking = None

    def _relayout(self) -> None:
        for i, row in enumerate(self.rows):
            self.grid.addWidget(row.label, i, 0)
            self.grid.addWidget(row.combo, i, 1)
            if row.pick is not None:
                self.grid.addWidget(row.pick, i, 2)

    def _report(self, problem: str | None) -> None:
        left = [r.choice.key for r in self.rows if r.value() is None]
        if problem:
            self.status.setText(f"Refused: {problem}")
        elif left:
            self.status.setText(f"Still to choose: {', '.join(left)}.")
        else:
            self.status.setText("Every choice is made.")

    def arm(self, row: _Row) -> None:
        """The next hex clicked on the map answers ``row``."""
        self.picking = row
        options = ", ".join(hex_label(o) for o in row.choice.options if isinstance(o, Hex))
        self.status.setText(f"Click the hex for {row.choice.key} on the map: {options}.")

    def pick_hex(self, h: Hex) -> bool:
        """A hex clicked on the map: the armed choice takes it if it is an option."""
        row = self.picking
        if row is None:
            return False
        if h not in row.choice.options:
            self.status.setText(f"{hex_label(h)} is not an option for {row.choice.key}.")
            return False
        self.picking = None
        row.combo.setCurrentIndex(row.choice.options.index(h))
        return True

    def isComplete(self) -> bool:
        wizard = self.wizard()
        if not isinstance(wizard, MovementWizard) or any(r.value() is None for r in self.rows):
            return False
        result, _, _ = wizard.dry_run(self.chosen(), wizard.typed())
        return result is not None and not result.pending

    def nextId(self) -> int:
        wizard = self.wizard()
        assert isinstance(wizard, MovementWizard)
        return int(Page.DICE) if wizard.needs_dice(self.chosen()) else int(Page.RESULT)


class DicePage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Dice")
        self.setSubTitle("Swamp stuck rolls and head-on roll-offs, every one listed in the "
                         "order the step asks for it; the outcome comes next.")
        self.dice = DiceEntry()
        layout = QVBoxLayout(self)
        layout.addWidget(self.dice, 1)
        self.dice.changed.connect(self.completeChanged)

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, MovementWizard)
        choices = dict(wizard.choices())
        state, orders = wizard.state, wizard.step_orders

        def run(dice: Dice) -> object:
            return resolve_movement_step(state.rules, state.board_map, state.units, orders,
                                         dice, smoke=state.smoke, choices=choices)

        self.dice.set_step(run, wizard.dice_seed)

    def isComplete(self) -> bool:
        return self.dice.complete()


class ResultPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("The outcome")
        self.text = QTextBrowser()
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #c62828")
        layout = QVBoxLayout(self)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.problem)

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, MovementWizard)
        self.setSubTitle(f"What movement {wizard.number} does, as the arrows show. Nothing is "
                         "written until you press Finish.")
        choices = wizard.choices()
        result, _, problem = wizard.dry_run(choices, wizard.typed())
        self.problem.setText(problem or "")
        if result is not None:
            self.text.setHtml(outcome_html(wizard.state, result, wizard.notes()))
        wizard.draw(choices)

    def validatePage(self) -> bool:
        wizard = self.wizard()
        assert isinstance(wizard, MovementWizard)
        problem = wizard.check_command()
        self.problem.setText(problem or "")
        return problem is None


class MovementWizard(QWizard):
    """One movement step (see the module docstring); ``chosen_step()`` once accepted.

    ``overlay`` draws the arrows on the main window's map; :meth:`pick_hex` takes a hex the
    referee clicked there."""

    def __init__(
        self,
        state: MatchState,
        dice_seed: int,
        overlay: MapOverlay | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.state = state
        self.dice_seed = dice_seed
        self.overlay = overlay
        self.number = step_number(state, "movement")
        self.step_orders, self.checks = step_actions(state, self.number)
        self.setWindowTitle(f"Movement {self.number}")
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.plan_page = PlanPage()
        self.choices_page = ChoicesPage()
        self.dice_page = DicePage()
        self.result_page = ResultPage()
        for page_id, page in (
            (Page.PLAN, self.plan_page),
            (Page.CHOICES, self.choices_page),
            (Page.DICE, self.dice_page),
            (Page.RESULT, self.result_page),
        ):
            self.setPage(page_id, page)
        self.setStartId(Page.PLAN)
        self.finished.connect(lambda _result: self.clear_arrows())
        chars = self.fontMetrics().averageCharWidth()
        self.resize(100 * chars, self.fontMetrics().lineSpacing() * 30)

    # --- the engine -------------------------------------------------------------------

    def dry_run(
        self, choices: Mapping[str, Choice], typed: tuple[int, ...]
    ) -> tuple[MovementStepResult | None, list[Roll], str | None]:
        """The step on a copy (nothing is written): the result (None if refused), the dice
        it asked for, and what the engine refused."""
        dice = Dice(self.dice_seed)
        dice.type_in(typed)
        try:
            result = resolve_movement_step(
                self.state.rules, self.state.board_map, self.state.units, self.step_orders, dice,
                smoke=self.state.smoke, choices=dict(choices),
            )
        except RefereeError as exc:
            return None, dice.log, str(exc).strip("'\"")
        return result, dice.log, None

    def needs_dice(self, choices: Mapping[str, Choice]) -> bool:
        result, log, _ = self.dry_run(choices, ())
        return result is not None and not result.pending and bool(log)

    def choices(self) -> dict[str, Choice]:
        return self.choices_page.chosen()

    def typed(self) -> tuple[int, ...]:
        return self.dice_page.dice.values() or ()

    def notes(self) -> list[str]:
        return [f"{uid}, movement {self.number} ({c.speed}): "
                f"{','.join(a.text() for a in c.given)} -> "
                f"{','.join(a.text() for a in c.done)}: {'; '.join(c.why)}"
                for uid, c in sorted(self.checks.items()) if not c.kept]

    def command(self) -> dict[str, Any]:
        command: dict[str, Any] = {"kind": "movement", "step": self.number}
        chosen = {}
        for key, value in self.choices().items():
            if isinstance(value, tuple):
                chosen[key] = choice_json(value[0], value[1])
            elif isinstance(value, Hex):
                chosen[key] = choice_json(None, value)
            else:
                chosen[key] = choice_json(value, None)
        if chosen:
            command["choices"] = chosen
        return command

    def check_command(self) -> str | None:
        """The ``movement`` command itself on a copy, with the dice it will have: what
        the engine refuses (None: nothing)."""
        from referee.match.commands import execute

        dice = Dice(self.dice_seed)
        typed = self.typed()
        dice.type_in(typed)
        try:
            execute(self.state, self.command(), dice)
        except DieOutOfRange as exc:
            return str(exc)
        except RefereeError as exc:
            return str(exc).strip("'\"")
        if dice.pending:
            return (f"the step asked for {len(typed) - len(dice.pending)} dice; "
                    f"{len(dice.pending)} typed dice are left over")
        return self.dice_page.dice.problem()

    def chosen_step(self) -> ChosenStep:
        command = self.command()
        name = f"Movement {self.number}"
        said = [f"{key} {_said(value)}" for key, value in self.choices().items()]
        if said:
            name += f" ({', '.join(said)})"
        return ChosenStep(name, (command,), self.typed())

    # --- the map ----------------------------------------------------------------------

    def arrows(self, choices: Mapping[str, Choice]) -> list[MoveArrow]:
        """What the map shows: the outcome if nothing is left to choose, else the options
        of the choices still open."""
        result, _, _ = self.dry_run(choices, self.typed())
        if result is None:
            return []
        if result.pending:
            return option_arrows(self.state, result.pending)
        return result_arrows(result)

    def draw(self, choices: Mapping[str, Choice]) -> None:
        if self.overlay is not None:
            self.overlay.arrows(self.arrows(choices))

    def clear_arrows(self) -> None:
        if self.overlay is not None:
            self.overlay.arrows([])

    def pick_hex(self, h: Hex) -> bool:
        """A hex the referee clicked on the map (for the choices page)."""
        if self.currentId() != Page.CHOICES:
            return False
        return self.choices_page.pick_hex(h)
