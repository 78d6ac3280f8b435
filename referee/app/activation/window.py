"""The window of a match of the activation rules: the mission's map with a token per unit
and each fortification's pips, whose activation it is and what the game asks now (left),
a command line to play a step (the activation rules' commands, the dice typed from the
table or rolled; a click on a tile types its label), and the journal (bottom), the same
journal table as a match of written orders. Edit > Undo and Redo take whole steps; a step
written to the file by another program (``referee match step``) shows within seconds.

Every ruling comes from the engine (:class:`referee.match.activation_file.ActivationMatch`);
the window only shows the match and passes on what the referee types.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from referee.app.activation.items import PieceItem, PipsItem
from referee.app.activation.wizards.opener import ActivationWizards
from referee.app.geometry import HEX_SIZE, hex_centre
from referee.app.journal_view import JournalView
from referee.app.map_scene import MapScene
from referee.app.map_view import MapView
from referee.app.wizard_host import WizardHost
from referee.board.hexgrid import Hex, hex_label
from referee.errors import RefereeError, one_line
from referee.match.activation_file import ActivationMatch, asked_now
from referee.match.events import Step
from referee.rules.activation.game import battle_map
from referee.rules.activation.transport import room_text

SYNC_MS = 1500
"""How often the file is looked at for steps written by another program."""
IDLE_TEXT = (
    "No wizard is open.\n\nThe Wizards menu, or the buttons under the command line, open "
    "the wizard of a deployment, a 'before the battle' action, an activation (a move or an "
    "attack, an aircraft's attack after its move), embarking or disembarking, a unit "
    "entering from the reserves or a capture. A wizard opens here, beside the map it draws "
    "on, and plays the same command as the command line."
)
PIPS_BELOW = 0.62 * HEX_SIZE
"""Where a fortification's pips sit: along the bottom of its tile."""


class ActivationWindow(QMainWindow):
    """The window of one match of the activation rules (see the module docstring)."""

    SYSTEM = ActivationMatch.SYSTEM

    def __init__(self, match: ActivationMatch, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.match = match
        self.setWindowTitle(f"referee — {match.path.name} ({match.rules.name})")
        self.scene = MapScene(self)
        self.view = MapView(self.scene, self)
        self.setCentralWidget(self.view)
        self.piece_items: dict[str, PieceItem] = {}
        self.pip_items: dict[Hex, PipsItem] = {}
        self._mission: str | None = "?"
        self._build_turn_dock()
        self._build_journal_dock()
        self.wizard_host = WizardHost(self.scene, self.run_step, self, IDLE_TEXT)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.wizard_host)
        self.wizards = ActivationWizards(match, self.wizard_host, self, self.say)
        self._build_menus()
        self.view.hexClicked.connect(self.hex_clicked)
        self.timer = QTimer(self)
        self.timer.setInterval(SYNC_MS)
        self.timer.timeout.connect(self.sync)
        self.timer.start()
        self.refresh()

    def show_on_screen(self) -> None:
        """Show the window filling the screen (the map as large as it can be), the turn dock
        a third of the width and the journal a third of the height, the map fitted."""
        screen = self.screen().availableGeometry()
        self.resize(screen.size())
        self.setWindowState(Qt.WindowState.WindowMaximized)
        self.show()
        self.resizeDocks(
            [self.turn_dock], [max(320, screen.width() // 4)], Qt.Orientation.Horizontal
        )
        self.resizeDocks([self.journal_dock], [screen.height() // 3], Qt.Orientation.Vertical)
        self.view.fit()

    @classmethod
    def open(cls, path: Path | str, parent: QWidget | None = None) -> ActivationWindow:
        return cls(ActivationMatch.open(path), parent)

    # --- building ------------------------------------------------------------------

    def _build_turn_dock(self) -> None:
        dock = QDockWidget("Turn", self)
        dock.setObjectName("activation-turn")
        body = QWidget(dock)
        layout = QVBoxLayout(body)
        self.heading = QLabel(body)
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.asked = QLabel(body)
        self.asked.setWordWrap(True)
        self.asked.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.heading)
        layout.addWidget(self.asked)
        form = QFormLayout()
        self.command = QLineEdit(body)
        self.command.setPlaceholderText("deploy side=1 uid=tank hex=H15 facing=N")
        self.command.returnPressed.connect(self.play)
        self.dice = QLineEdit(body)
        self.dice.setPlaceholderText("e.g. 9 4 (empty: the app rolls)")
        self.dice.returnPressed.connect(self.play)
        form.addRow("Command", self.command)
        form.addRow("Dice", self.dice)
        layout.addLayout(form)
        self.play_button = QPushButton("Play the step", body)
        self.play_button.clicked.connect(self.play)
        layout.addWidget(self.play_button)
        row = QHBoxLayout()
        self.undo_button = QPushButton("Undo the last step", body)
        self.undo_button.clicked.connect(self.undo)
        self.redo_button = QPushButton("Redo", body)
        self.redo_button.clicked.connect(self.redo)
        row.addWidget(self.undo_button)
        row.addWidget(self.redo_button)
        layout.addLayout(row)
        wizards = QGridLayout()
        self.deploy_button = QPushButton("Deploy…", body)
        self.before_battle_button = QPushButton("Before the battle…", body)
        self.activate_button = QPushButton("Activate…", body)
        self.capture_button = QPushButton("Capture…", body)
        self.embark_button = QPushButton("Embark / disembark…", body)
        self.enter_button = QPushButton("From the reserves…", body)
        for i, button in enumerate(
            (
                self.deploy_button,
                self.before_battle_button,
                self.activate_button,
                self.capture_button,
                self.embark_button,
                self.enter_button,
            )
        ):
            wizards.addWidget(button, i // 2, i % 2)
        layout.addLayout(wizards)
        self.outcome = QLabel(body)
        self.outcome.setWordWrap(True)
        self.outcome.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.outcome.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # a long step's outcome (a salvo, a collision, a fortification's d12s) scrolls in
        # the room the dock has left, instead of being cut off at the dock's bottom
        self.outcome_scroll = QScrollArea(body)
        self.outcome_scroll.setWidgetResizable(True)
        self.outcome_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.outcome_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.outcome_scroll.setWidget(self.outcome)
        layout.addWidget(self.outcome_scroll, 1)
        body.setMinimumWidth(300)
        dock.setWidget(body)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        self.turn_dock = dock

    def _build_journal_dock(self) -> None:
        dock = QDockWidget("Journal", self)
        dock.setObjectName("activation-journal")
        self.journal = JournalView(dock)
        dock.setWidget(self.journal)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
        self.journal_dock = dock

    def _build_menus(self) -> None:
        edit = self.menuBar().addMenu("&Edit")
        self.undo_action = QAction("&Undo", self)
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction("&Redo", self)
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        self.redo_action.triggered.connect(self.redo)
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        menu = self.menuBar().addMenu("&Wizards")
        for name, button, opener in (
            ("&Deploy…", self.deploy_button, self.wizards.deploy),
            ("&Before the battle…", self.before_battle_button, self.wizards.before_battle),
            ("&Activate…", self.activate_button, self.wizards.activate),
            ("&Capture…", self.capture_button, self.wizards.capture),
            ("&Embark / disembark…", self.embark_button, self.wizards.embark),
            ("Enter from the &reserves…", self.enter_button, self.wizards.enter),
        ):
            action = QAction(name, self)
            action.triggered.connect(opener)
            button.clicked.connect(opener)
            menu.addAction(action)
        view = self.menuBar().addMenu("&View")
        fit = QAction("&Fit the map", self)
        fit.setShortcut(QKeySequence("F"))
        fit.triggered.connect(self.view.fit)
        view.addAction(fit)

    # --- showing the match ----------------------------------------------------------

    def refresh(self) -> None:
        """Redraw the map, the turn and the journal from the match as the file holds it."""
        m = self.match
        state = m.state
        if state.mission != self._mission:
            self._mission = state.mission
            self.scene.set_map(battle_map(m.game, state))
            self.piece_items, self.pip_items = {}, {}
            self.view.fit()
        bm = battle_map(m.game, state)
        for h, item in self.scene.hex_items.items():
            terrain = bm.terrain_at(h)
            table = m.rules.terrain
            item.set_terrain(terrain, table[terrain].name if terrain in table else terrain)
        self._draw_pieces()
        self._draw_pips()
        mission = f"mission {state.mission}" if state.mission else "no mission yet"
        side = next((s for s in (state.turn, state.to_ban, state.chooser) if s is not None), None)
        whose = f"side {side}" if side is not None else "both sides"
        self.heading.setText(
            f"<b>{m.rules.name}</b><br>{mission} · {state.phase} phase<br>"
            f"<b>Whose turn: {whose}</b> · {state.activations} activations"
            + (f" (last: {state.last})" if state.last else "")
        )
        self.asked.setText(f"Now: {asked_now(state)}")
        steps = m.steps(include_undone=True)
        self.journal.set_steps(steps, m.rules)
        self.undo_action.setEnabled(any(not s.undone for s in steps))
        self.redo_action.setEnabled(any(s.undone for s in steps))
        self.undo_button.setEnabled(self.undo_action.isEnabled())
        self.redo_button.setEnabled(self.redo_action.isEnabled())

    def _draw_pieces(self) -> None:
        state = self.match.state
        here = {p.uid: p for p in state.on_map()}
        for uid in list(self.piece_items):
            if uid not in here:
                self.scene.removeItem(self.piece_items.pop(uid))
        by_hex: dict[Hex, list[str]] = {}
        for uid, piece in sorted(here.items()):
            if piece.hex is not None:
                by_hex.setdefault(piece.hex, []).append(uid)
            name = self.match.game.card(piece).name
            aboard, room = self._aboard(uid)
            item = self.piece_items.get(uid)
            if item is None:
                item = PieceItem(piece, name, aboard, room)
                self.scene.addItem(item)
                self.piece_items[uid] = item
            else:
                item.set_piece(piece, name, aboard, room)
        for h, uids in by_hex.items():
            n = len(uids)
            for i, uid in enumerate(uids):
                item = self.piece_items[uid]
                item.setScale(1.0 if n == 1 else 0.6)
                offset = (i - (n - 1) / 2) * 0.52 * HEX_SIZE
                item.setPos(hex_centre(h) + QPointF(offset, -0.08 * HEX_SIZE))

    def _aboard(self, uid: str) -> tuple[list[str], str]:
        """The units aboard the transport ``uid``, in words, and how full it is (clause
        ``activation.embark``, ruling ``activation.transport-capacity``)."""
        game, state = self.match.game, self.match.state
        aboard = state.aboard(uid)
        if not aboard:
            return [], ""
        cards = [game.card(p) for p in aboard]
        room = room_text(game.card(state.pieces[uid]), cards, game.rules.movement.transport_counts)
        return [
            f"{p.uid} ({c.name}, {p.health} H)" for p, c in zip(aboard, cards, strict=True)
        ], room

    def _draw_pips(self) -> None:
        forts = self.match.state.fortifications
        for h in list(self.pip_items):
            if h not in forts:
                self.scene.removeItem(self.pip_items.pop(h))
        for h, fort in forts.items():
            name = self.match.game.cards.structure(fort.structure).name
            item = self.pip_items.get(h)
            if item is None:
                item = PipsItem(fort, name)
                self.scene.addItem(item)
                self.pip_items[h] = item
            else:
                item.set_fortification(fort, name)
            item.setPos(hex_centre(h) + QPointF(0, PIPS_BELOW))

    def say(self, text: str) -> None:
        """Show ``text`` (what the last step did, or why nothing was written) under the
        buttons, from its first line."""
        self.outcome.setText(text)
        self.outcome_scroll.verticalScrollBar().setValue(0)

    def hex_clicked(self, h: Hex) -> None:
        """A click on a tile types its label into the command at the cursor (``hex=``,
        ``path=`` and ``@`` targets take labels), then the keyboard is in the command;
        while a wizard is open, the click answers it instead (or is said not to)."""
        if self.wizard_host.wizard is not None:
            if not self.wizard_host.pick_hex(h):
                self.statusBar().showMessage(
                    f"{hex_label(h)} is not one of the open wizard's choices", 8000
                )
            return
        line = self.command
        before = line.text()[: line.cursorPosition()]
        sep = "" if not before or before[-1] in " =,@:>" else ","
        line.insert(sep + hex_label(h))
        line.setFocus()

    # --- playing --------------------------------------------------------------------

    def play(self) -> None:
        """Play the command typed as one step (named by its text), the dice typed first."""
        text = self.command.text().strip()
        if not text:
            self.say("Type a command first (the line above says which).")
            return
        try:
            typed = [int(x) for x in self.dice.text().replace(",", " ").split()]
        except ValueError:
            self.say(f"Dice are whole numbers: {self.dice.text()!r}")
            return
        if self.run_step(text, [text], typed) is None:
            return
        self.command.clear()
        self.dice.clear()
        self.view.setFocus()  # Ctrl+Z now undoes the step, not the typing

    def run_step(
        self, name: str, commands: Iterable[Mapping[str, Any] | str], typed: Iterable[int] = ()
    ) -> Step | None:
        """Play ``commands`` as the step ``name`` through the match file (the command line
        and the wizards alike); None, and why said, if the engine refused it."""
        self.wizard_host.outdate("a step was played")
        try:
            step = self.match.run(name, list(commands), list(typed), strict=True)
        except RefereeError as exc:
            self.say(f"Refused, nothing written: {one_line(exc)}")
            self.refresh()
            return None
        self.say("\n".join(e.text for e in step.events))
        self.refresh()
        return step

    def undo(self) -> None:
        self.wizard_host.outdate("a step was undone")
        try:
            step = self.match.undo(strict=True)
        except RefereeError as exc:
            self.say(f"Refused: {one_line(exc)}")
        else:
            self.say(f"Undone: {step.number}. {step.name}" if step else "Nothing to undo.")
        self.refresh()

    def redo(self) -> None:
        self.wizard_host.outdate("a step was redone")
        try:
            step = self.match.redo(strict=True)
        except RefereeError as exc:
            self.say(f"Refused: {one_line(exc)}")
        else:
            self.say(f"Redone: {step.number}. {step.name}" if step else "Nothing to redo.")
        self.refresh()

    def sync(self) -> None:
        """Show what another program wrote to the file since it was last read (a file
        another program holds right now: at the next tick)."""
        try:
            if self.match.busy():
                return
            moved = self.match.refresh()
        except RefereeError as exc:
            self.statusBar().showMessage(one_line(exc), 15000)
            return
        if moved:
            self.wizard_host.outdate("another program wrote a step")
            self.refresh()
            self.statusBar().showMessage(
                "The match file moved on: another program wrote a step", 15000
            )

    def closeEvent(self, event: QCloseEvent) -> None:
        self.wizard_host.cancel()
        self.timer.stop()
        self.match.close()
        super().closeEvent(event)
