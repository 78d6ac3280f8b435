"""The setup panel: the scenario's setup procedure, step by step, beside the map (clauses
``setup.blind``, ``setup.order``, ``setup.advantage``).

It shows what the procedure asks now (the engine's words), the first draft's steps with the
current one marked and the setup-advantage roll (the table's dice typed, or rolled by the
app), or for a blind setup the side whose placements are being entered. A unit picked in the
list has its legal hexes tinted green on the map; a click on the map sets it up there, with
the facing and the speed chosen here, as one journal step. A blind setup's placements show on
the map only while their own side is entered, pale until the reveal. The panel asks the
engine and draws; every step goes out through ``stepRequested`` (name, commands, typed dice).
Its parts are beside it (:mod:`referee.app.setup`).
"""

from __future__ import annotations

from html import escape
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from referee.app.map.map_scene import MapScene
from referee.app.setup.blind_box import BlindSideBox
from referee.app.setup.roll_box import AdvantageRollBox
from referee.app.setup.setup_map import blind_placements, draw_setup
from referee.app.setup.setup_steps import pass_step, place_step_name, reveal_step, roll_step
from referee.app.setup.unit_list import fill_unit_list
from referee.app.widgets.boxes import ComboBox
from referee.board.hexgrid import DIRECTION_NAMES, Hex, hex_label
from referee.match.setup.setup_place import front_order
from referee.rules.command import Command
from referee.rules.orders.commands import Place
from referee.rules.orders.setup_commands import setup_board
from referee.rules.orders.state import MatchState
from referee.scenarios import blind, ordered
from referee.scenarios.procedure import legal_now, setup_asked
from referee.scenarios.progress import SetupProgress
from referee.scenarios.setup_board import SetupBoard, facing_towards_enemy


class SetupPanel(QWidget):
    """See the module docstring; ``set_state`` redraws it from the match."""

    stepRequested = Signal(str, object, object)  # name, commands, typed dice
    enteringChanged = Signal(int)
    """A blind setup now enters this side's placements (the other side looks away)."""

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scene = scene
        self.state: MatchState | None = None
        self.board: SetupBoard | None = None
        self.progress: SetupProgress | None = None
        self.entering = 1
        """The side whose placements a blind setup is entering now."""
        self.legal: frozenset[Hex] = frozenset()
        self.chosen_victory: dict[str, Any] | None = None
        """The victory condition stored in the match file (its meta)."""

        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        font = QFont(self.title.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        self.victory = QLabel()
        self.victory.setTextFormat(Qt.TextFormat.PlainText)
        self.victory.setWordWrap(True)
        self.steps = QListWidget()
        self.steps.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.asked = QLabel()
        self.asked.setWordWrap(True)
        self.asked.setTextFormat(Qt.TextFormat.RichText)

        self.roll_box = AdvantageRollBox()
        self.dice, self.enter_dice = self.roll_box.dice, self.roll_box.enter_dice
        self.side_box = BlindSideBox()
        self.side_buttons = self.side_box.side_buttons

        self.units = QListWidget()
        self.units.setAccessibleName("units to set up")
        self.facing = ComboBox()
        self.facing.addItems(DIRECTION_NAMES)
        self.speed = ComboBox()
        form = QHBoxLayout()
        form.addWidget(QLabel("Facing"))
        form.addWidget(self.facing, 1)
        form.addWidget(QLabel("Speed"))
        form.addWidget(self.speed, 2)
        self.prompt = QLabel()
        self.prompt.setTextFormat(Qt.TextFormat.PlainText)
        self.prompt.setWordWrap(True)
        self.in_front = QPushButton("Place in front")
        self.in_front.setToolTip("Set the unit up in the first legal hex nearest the enemy")
        self.pass_step = QPushButton("Pass: no more units in this step")
        self.reveal = QPushButton("Reveal both sides")
        buttons = QHBoxLayout()
        buttons.addWidget(self.in_front)
        buttons.addWidget(self.pass_step)
        buttons.addWidget(self.reveal)

        lines = self.fontMetrics().lineSpacing()
        self.steps.setFixedHeight(6 * lines + 8)  # six steps, no scrolling
        self.units.setMinimumHeight(3 * lines)
        self.units.setMaximumHeight(7 * lines)
        inner = QWidget()
        layout = QVBoxLayout(inner)
        layout.addWidget(self.title)
        layout.addWidget(self.victory)
        layout.addWidget(self.steps)
        layout.addWidget(self.asked)
        layout.addWidget(self.roll_box)
        layout.addWidget(self.side_box)
        layout.addWidget(QLabel("Units to set up"))
        layout.addWidget(self.units)
        layout.addLayout(form)
        layout.addWidget(self.prompt)
        layout.addLayout(buttons)
        layout.addStretch(1)
        scroll = QScrollArea()  # a short dock scrolls rather than squeezes the panel
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(inner)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

        self.units.currentRowChanged.connect(self._unit_chosen)
        self.facing.currentIndexChanged.connect(self._update_prompt)
        self.speed.currentIndexChanged.connect(self._update_prompt)
        self.roll_box.rollRequested.connect(self._request_roll)
        self.pass_step.clicked.connect(self._pass)
        self.reveal.clicked.connect(lambda: self._request(*reveal_step()))
        self.in_front.clicked.connect(self._place_in_front)
        self.side_box.sideClicked.connect(self.set_entering)

    # --- what the match says ----------------------------------------------------------

    @property
    def active(self) -> bool:
        return self.progress is not None and not self.progress.done

    def forget(self) -> None:
        """Another match is opened: its first unit to set up is picked, not the unit of
        the same id that was picked in the last one."""
        self.units.blockSignals(True)
        self.units.clear()
        self.units.blockSignals(False)
        self.entering = 1
        self.side_buttons[1].setChecked(True)
        self.clear_map()

    def set_state(self, state: MatchState) -> None:
        """Redraw from ``state`` (a match without a setup, or with it done, clears it)."""
        self.state = state
        self.progress = state.setup
        self.board = setup_board(state) if state.scenario is not None else None
        if not self.active or self.board is None:
            self.forget()
            self.asked.setText("The setup is finished." if self.progress else "")
            return
        assert self.board is not None and self.progress is not None and state.scenario
        scenario = state.scenario
        procedure = "blind setup" if self.progress.procedure == "blind" else "setup in steps"
        self.title.setText(f"{scenario.name}: {procedure}")
        self._show_victory()
        blind_setup = self.progress.procedure == "blind"
        self.steps.setVisible(not blind_setup)
        self.side_box.setVisible(blind_setup)
        self.reveal.setVisible(blind_setup)
        self.pass_step.setVisible(not blind_setup)
        self.roll_box.setVisible(self.progress.roll_needed)
        if not blind_setup:
            self._show_steps()
            if self.progress.on_turn is not None:
                self.entering = self.progress.on_turn
        asked = setup_asked(self.board, self.progress, hints=False)
        self.asked.setText(f"<b>{escape(asked[:1].upper() + asked[1:])}.</b>")
        rule, _ = self.board.speed_rule()
        self.speed.setEnabled(rule == "chosen")
        self._fill_units()
        self._update_buttons()

    def _show_victory(self) -> None:
        from referee.rules.orders.victory import victory_json

        assert self.state is not None
        self.victory.setText("")
        self.victory.hide()
        if self.state.scenario is None:
            return
        chosen = self.chosen_victory
        data = victory_json(chosen, self.state.scenario, self.state.rules) if chosen else None
        if data:
            minutes = f", {data['minutes']} minutes" if data.get("minutes") else ""
            self.victory.setText(f"Victory: {data.get('name', data['condition'])}{minutes}")
            self.victory.show()

    def set_victory(self, stored: dict[str, Any] | None) -> None:
        """The victory condition the match was made with (from its file)."""
        self.chosen_victory = stored
        if self.state is not None and self.active:
            self._show_victory()

    def _show_steps(self) -> None:
        assert self.board is not None and self.progress is not None
        self.steps.clear()
        for i, step in enumerate(self.board.scenario.setup.steps):
            mark = "✓" if i < self.progress.step else ("►" if i == self.progress.step else " ")
            item = QListWidgetItem(f"{mark} {i + 1}. {step.name}")
            if i == self.progress.step:
                item.setBackground(QBrush(QColor("#fff3c4")))
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            elif i < self.progress.step:
                item.setForeground(QBrush(QColor("#777777")))
            self.steps.addItem(item)

    def _fill_units(self) -> None:
        assert self.board is not None and self.progress is not None
        keep = fill_unit_list(
            self.units, self.board, self.progress, self.entering, self.selected_uid()
        )
        row = -1 if keep is None else keep
        self.units.setCurrentRow(row)
        self._unit_chosen(row)

    # --- choosing and placing ---------------------------------------------------------

    def selected_uid(self) -> str | None:
        item = self.units.currentItem()
        if item is None or not item.flags() & Qt.ItemFlag.ItemIsEnabled:
            return None
        return str(item.data(Qt.ItemDataRole.UserRole))

    def set_entering(self, side: int) -> None:
        """Enter the blind placements of ``side`` (the other side looks away)."""
        changed = side != self.entering
        self.entering = side
        self.side_buttons[side].setChecked(True)
        if self.active:
            self._fill_units()
        if changed:
            self.enteringChanged.emit(side)

    def looking_away(self) -> int | None:
        """The side whose blind placements are kept from view (the journal's too) while
        the other side's are entered; None outside a blind setup."""
        if not self.active or self.progress is None or self.progress.procedure != "blind":
            return None
        return 3 - self.entering

    def _unit_chosen(self, row: int) -> None:
        uid = self.selected_uid()
        if uid is None or self.board is None or self.progress is None:
            self.legal = frozenset()
            self._draw()
            self._update_prompt()
            return
        waiting = self.progress.waiting_unit(uid)
        assert waiting is not None
        card = self.board.cards[waiting.unit]
        entered = self.progress.entered.get(uid)
        self.speed.blockSignals(True)
        self.speed.clear()
        self.speed.addItems([s.name for s in card.speeds])
        if entered is not None:
            self.speed.setCurrentText(entered.speed)
        self.speed.blockSignals(False)
        facing = (
            entered.facing if entered else facing_towards_enemy(self.board.battle_map, waiting.side)
        )
        self.facing.blockSignals(True)
        self.facing.setCurrentIndex(facing)
        self.facing.blockSignals(False)
        self.legal = legal_now(self.board, self.progress, uid).hexes
        self._draw()
        self._update_prompt()

    def _update_prompt(self) -> None:
        uid = self.selected_uid()
        if uid is None:
            self.prompt.setText("")
            return
        where = f"one of the {len(self.legal)} green hexes" if self.legal else "no legal hex"
        entered = self.progress.entered.get(uid) if self.progress is not None else None
        what = f"move {uid} (entered at {entered.hex})" if entered else f"set up {uid}"
        self.prompt.setText(
            f"Click {where} on the map to {what}, facing {self.facing.currentText()}"
            + (f", {self.speed.currentText()}" if self.speed.isEnabled() else "")
            + "."
        )
        self._update_buttons()

    def _update_buttons(self) -> None:
        progress = self.progress
        if progress is None:
            return
        self.in_front.setEnabled(bool(self.selected_uid() and self.legal))
        step = ordered.current_step(self.board, progress) if self.board else None
        self.pass_step.setEnabled(
            step is not None
            and step.optional
            and not progress.roll_needed
            and progress.on_turn is not None
        )
        self.reveal.setEnabled(progress.procedure == "blind" and not blind.missing(progress))
        self.roll_box.update_buttons()
        if progress.procedure == "blind":
            left = [w.uid for w in blind.missing(progress) if w.side == self.entering]
            self.side_box.show_left(self.entering, len(left))

    def _draw(self) -> None:
        """The legal hexes of the unit picked, and a blind setup's own side's placements."""
        progress, board = self.progress, self.board
        blind_now = progress is not None and progress.procedure == "blind" and self.active
        pending = (
            blind_placements(board, progress, self.entering)
            if blind_now and board is not None and progress is not None
            else []
        )
        draw_setup(self.scene, self.legal, pending)

    def clear_map(self) -> None:
        """Take the panel's tints and pale tokens off the map."""
        self.legal = frozenset()
        draw_setup(self.scene, (), [])

    def place_command(self, h: Hex) -> Place | None:
        uid = self.selected_uid()
        if uid is None:
            return None
        speed = self.speed.currentText() if self.speed.isEnabled() else ""
        return Place(
            uid=uid, hex=hex_label(h), facing=self.facing.currentIndex(), speed=speed or None
        )

    def pick_hex(self, h: Hex) -> bool:
        """A hex clicked on the map: set the picked unit up there (True if taken)."""
        if not self.active or self.progress is None:
            return False
        command = self.place_command(h)
        if command is None:
            return False
        name = place_step_name(self.board, self.progress, command, self.entering)
        self.stepRequested.emit(name, [command], [])
        return True

    def _place_in_front(self) -> None:
        """The unit picked, in the first legal hex of its zone's front rows
        (:func:`referee.match.setup.setup_place.front_order`)."""
        if self.board is None or self.progress is None:
            return
        uid = self.selected_uid()
        waiting = self.progress.waiting_unit(uid) if uid else None
        if waiting is None:
            return
        order = [h for h in front_order(self.board.battle_map, waiting.side) if h in self.legal]
        rest = sorted(self.legal - set(order), key=hex_label)
        if order or rest:
            self.pick_hex((order or rest)[0])

    def _request(self, name: str, command: Command, typed: tuple[int, ...] = ()) -> None:
        self.stepRequested.emit(name, [command], list(typed))

    def _request_roll(self, typed: tuple[int, ...]) -> None:
        if self.progress is None or not self.progress.roll_needed:
            return
        self._request(*roll_step(self.board, self.progress), typed)
        self.roll_box.clear()

    def _pass(self) -> None:
        if self.progress is None or self.progress.on_turn is None:
            return
        self._request(*pass_step(self.progress, self.progress.on_turn))
