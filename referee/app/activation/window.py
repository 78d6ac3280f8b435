"""The window of a match of the activation rules: the mission's map with a token per unit
and each fortification's pips, whose activation it is and what the game asks now (left),
a command line to play a step (the activation rules' commands, the dice typed from the
table or rolled; a click on a tile types its label), and the journal (bottom), the same
journal table as a match of written orders. Edit > Undo and Redo take whole steps; a step
written to the file by another program (``referee match step``) shows within seconds.

Every ruling comes from the engine (:class:`referee.match.games.activation_file.ActivationMatch`);
the window only shows the match and passes on what the referee types.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
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

from referee.app.activation.items import TOKEN_HALF_HEIGHT, PieceItem, PipsItem
from referee.app.activation.wizards.opener import WIZARDS, ActivationWizards
from referee.app.geometry import HEX_SIZE, hex_centre
from referee.app.journal_view import JournalView
from referee.app.los_panel import LosPanel
from referee.app.map_scene import MapScene
from referee.app.map_view import MapView
from referee.app.match_home import MatchHome
from referee.app.remembered import Remembered, fill_recent_menu
from referee.app.rules_browser import RulesBrowser
from referee.app.undo_keys import install_undo_keys
from referee.app.wheel_guard import install_wheel_guard
from referee.app.wizard_host import WizardHost
from referee.board.hexgrid import Hex, hex_label
from referee.errors import RefereeError, one_line
from referee.match.games.activation_file import ActivationMatch
from referee.rules.activation.game import battle_map, sight
from referee.rules.activation.system import asked_now
from referee.rules.activation.transport import room_text
from referee.rules.events import Step

SYNC_MS = 1500
"""How often the file is looked at for steps written by another program."""
IDLE_TEXT = (
    "No wizard is open.\n\nThe Wizards menu, or the buttons under the command line, open "
    "the wizard of a deployment, the reserves, a 'before the battle' action, an activation "
    "(a move or an attack, an aircraft's attack after its move), embarking or disembarking, "
    "a unit entering from the reserves or a capture. A wizard opens here, beside the map it "
    "draws on, and plays the same command as the command line."
)
SAID_LINES = 8
"""The lines of whose turn it is and what the game asks shown at once (more scroll)."""
PIPS_BELOW = 0.72 * HEX_SIZE
"""Where a fortification's pips sit: along the bottom of its tile, under a token."""


class ActivationWindow(QMainWindow):
    """The window of one match of the activation rules (see the module docstring)."""

    SYSTEM = ActivationMatch.SYSTEM

    def __init__(
        self,
        match: ActivationMatch,
        parent: QWidget | None = None,
        home: Callable[[], MatchHome] | None = None,
    ) -> None:
        """``home``: the main window, made when first needed, that File > New, Open and
        Open Recent make and open matches through (None: those items are greyed)."""
        super().__init__(parent)
        self.match = match
        self.home = home
        install_wheel_guard()  # the wheel changes a number box only with the focus
        install_undo_keys()  # Ctrl+Z from a field with nothing typed undoes the step
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
        self._build_los_dock()
        self._build_rules_dock()
        self._build_menus()
        self.view.hexClicked.connect(self.hex_clicked)
        self.timer = QTimer(self)
        self.timer.setInterval(SYNC_MS)
        self.timer.timeout.connect(self.sync)
        self.timer.start()
        self.refresh()

    def show_on_screen(self) -> None:
        """Show the window filling the screen (the map as large as it can be), the docks
        placed by :meth:`place_docks`, the map fitted."""
        screen = self.screen().availableGeometry()
        self.resize(screen.size())
        self.setWindowState(Qt.WindowState.WindowMaximized)
        self.show()
        self.place_docks(screen.size())
        self.view.fit()

    def place_docks(self, size: QSize) -> None:
        """The docks' sizes in a window of ``size``: the turn dock a quarter of the width,
        the wizard's a fifth (its pages wrap), the journal a quarter of the height; the map
        takes the rest (a token's letters about 9 px at 1366x768, View > Zoom in for more)."""
        self.resizeDocks(
            [self.turn_dock, self.wizard_host],
            [max(320, size.width() // 4), max(280, size.width() // 5)],
            Qt.Orientation.Horizontal,
        )
        self.resizeDocks([self.journal_dock], [size.height() // 4], Qt.Orientation.Vertical)

    @classmethod
    def open(
        cls,
        path: Path | str,
        parent: QWidget | None = None,
        home: Callable[[], MatchHome] | None = None,
    ) -> ActivationWindow:
        return cls(ActivationMatch.open(path), parent, home)

    # --- building ------------------------------------------------------------------

    def _build_turn_dock(self) -> None:
        dock = QDockWidget("Turn", self)
        dock.setObjectName("activation-turn")
        body = QWidget(dock)
        layout = QVBoxLayout(body)
        # whose turn it is and what the game asks, in a box of a fixed height (its text
        # scrolls when long): the command line under it never moves as the text changes
        said = QWidget(body)
        said_layout = QVBoxLayout(said)
        said_layout.setContentsMargins(0, 0, 0, 0)
        self.heading = QLabel(said)
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.asked = QLabel(said)
        self.asked.setWordWrap(True)
        self.asked.setTextFormat(Qt.TextFormat.PlainText)  # unit ids from the file
        self.asked.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        said_layout.addWidget(self.heading)
        said_layout.addWidget(self.asked)
        said_layout.addStretch(1)
        self.said_scroll = QScrollArea(body)
        self.said_scroll.setWidgetResizable(True)
        self.said_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.said_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.said_scroll.setWidget(said)
        self.said_scroll.setFixedHeight(self.fontMetrics().lineSpacing() * SAID_LINES + 8)
        layout.addWidget(self.said_scroll)
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
        self.wizard_buttons: dict[str, QPushButton] = {}
        for i, entry in enumerate(WIZARDS):  # the one list of the activation wizards
            button = QPushButton(entry.button, body)
            self.wizard_buttons[entry.key] = button
            wizards.addWidget(button, i // 2, i % 2)
        layout.addLayout(wizards)
        self.outcome = QLabel(body)
        self.outcome.setTextFormat(Qt.TextFormat.PlainText)  # unit ids from the file
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

    def _build_los_dock(self) -> None:
        """The line-of-sight tool of the main window, over this map (its buildings as
        terrain), tabbed with the wizard's dock."""
        self.los_panel = LosPanel(self.scene, self)
        dock = QDockWidget("Line of sight", self)
        dock.setObjectName("activation-los")
        dock.setWidget(self.los_panel)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.tabifyDockWidget(self.wizard_host, dock)
        self.wizard_host.raise_()
        self.los_dock = dock
        self.view.hexHovered.connect(self.los_panel.hover)
        self.los_panel.modeChanged.connect(self._tool_mode_changed)
        dock.visibilityChanged.connect(lambda shown: None if shown else self.los_panel.put_away())

    def _build_rules_dock(self) -> None:
        """The rules browser of the main window (search, clauses, rulings), where the
        journal's Why and the line of sight's clause links open."""
        self.rules_browser = RulesBrowser(self)
        self.rules_browser.set_rules(self.match.rules)
        dock = QDockWidget("Rules", self)
        dock.setObjectName("activation-rules")
        dock.setWidget(self.rules_browser)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        self.tabifyDockWidget(self.los_dock, dock)
        self.wizard_host.raise_()
        self.rules_dock = dock
        self.journal.whyRequested.connect(self.show_why)
        self.los_panel.ruleRequested.connect(self.show_rule)
        self.wizard_host.linkClicked.connect(self.show_rule)

    def show_rule(self, link: str) -> None:
        """Open a ``clause:``/``ruling:`` link in the rules browser."""
        self.rules_dock.show()
        self.rules_dock.raise_()
        self.rules_browser.open_link(link)

    def show_why(
        self, title: str, clause_ids: Iterable[str], ruling_ids: Iterable[str], link: str = ""
    ) -> None:
        """The clauses and rulings a journal row applied, in the rules browser."""
        self.rules_dock.show()
        self.rules_dock.raise_()
        self.rules_browser.show_why(title, list(clause_ids), list(ruling_ids), link or None)

    def focus_rules(self) -> None:
        """View > Rules (Ctrl+F, F1): the rules browser, the cursor in its search box."""
        self.rules_dock.show()
        self.rules_dock.raise_()
        self.rules_browser.focus_search()

    def _tool_mode_changed(self, mode: str) -> None:
        if mode:
            self.los_dock.show()
            self.los_dock.raise_()
            self.statusBar().showMessage(self.los_panel.prompt.text(), 8000)

    def toggle_los(self) -> None:
        """Tools > Line of sight (L): pick two tiles; again: the tool stops."""
        self.los_panel.set_mode("" if self.los_panel.mode == "los" else "los")

    def toggle_visibility(self) -> None:
        self.los_panel.set_mode("" if self.los_panel.mode == "visibility" else "visibility")

    def stop_tool(self) -> None:
        """Esc, as in the main window: the open wizard is cancelled (nothing written) when
        the keyboard is in its dock or no tool is on; otherwise the line-of-sight tool
        stops."""
        host = self.wizard_host
        focus = QApplication.focusWidget()
        if host.wizard is not None and focus is not None and host.isAncestorOf(focus):
            host.cancel()
        elif self.los_panel.mode:
            self.los_panel.set_mode("")
        elif host.wizard is not None:
            host.cancel()

    def _build_menus(self) -> None:
        self._build_file_menu()
        edit = self.menuBar().addMenu("&Edit")
        self.undo_action = QAction("&Undo", self)
        self.undo_action.setShortcut(QKeySequence("Ctrl+Z"))  # as the main window's
        self.undo_action.triggered.connect(self.undo)
        self.redo_action = QAction("&Redo", self)
        self.redo_action.setShortcut(QKeySequence("Ctrl+Shift+Z"))
        self.redo_action.triggered.connect(self.redo)
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        menu = self.menuBar().addMenu("&Wizards")
        for entry in WIZARDS:
            action = QAction(entry.menu, self)
            action.triggered.connect(self.wizards.opener(entry.key))
            self.wizard_buttons[entry.key].clicked.connect(self.wizards.opener(entry.key))
            menu.addAction(action)
        view = self.menuBar().addMenu("&View")
        for name, key, slot in (
            ("Zoom &in", "Ctrl++", self.view.zoom_in),
            ("Zoom &out", "Ctrl+-", self.view.zoom_out),
            ("&Fit the map", "F", self.view.fit),
        ):
            action = QAction(name, self)
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(slot)
            view.addAction(action)
        view.addSeparator()
        for dock in (
            self.turn_dock,
            self.journal_dock,
            self.wizard_host,
            self.los_dock,
            self.rules_dock,
        ):
            view.addAction(dock.toggleViewAction())
        rules = QAction("&Rules (search)", self)
        rules.setShortcuts([QKeySequence("Ctrl+F"), QKeySequence("F1")])
        rules.triggered.connect(self.focus_rules)
        view.addAction(rules)
        tools = self.menuBar().addMenu("T&ools")
        # L as in the main window, and Ctrl+L from the command line (where L is a letter)
        for name, keys, slot in (
            ("&Line of sight", ("L", "Ctrl+L"), self.toggle_los),
            ("&Visibility from a hex", (), self.toggle_visibility),
            ("&Stop the tool", ("Esc",), self.stop_tool),
        ):
            action = QAction(name, self)
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.triggered.connect(slot)
            tools.addAction(action)

    def _build_file_menu(self) -> None:
        """File: New, the demos, Open (Ctrl+O), Open Recent, Close and Quit, as the main
        window's; a match of written orders opens in the main window (the ``home``)."""
        file = self.menuBar().addMenu("&File")
        keys = QKeySequence.StandardKey
        home = self.home

        def through(do: Callable[[MatchHome], object]) -> Callable[[], None]:
            def slot() -> None:
                if home is not None:
                    do(home())

            return slot

        self.file_actions: dict[str, QAction] = {}
        for key, name, shortcut, slot in (
            ("new", "&New match…", keys.New, through(lambda h: h.open_new_match_wizard())),
            ("demo", "New &demo match", None, through(lambda h: h.new_demo())),
            (
                "first-draft",
                "New demo match, &first draft",
                None,
                through(lambda h: h.new_demo("first-draft")),
            ),
            (
                "activation",
                "New match of the &activation rules…",
                None,
                through(lambda h: h.new_activation_match()),
            ),
            ("open", "&Open…", keys.Open, through(lambda h: h.choose_file())),
        ):
            action = QAction(name, self)
            if shortcut is not None:
                action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(slot)
            action.setEnabled(home is not None)
            file.addAction(action)
            self.file_actions[key] = action
        self.recent_menu = file.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self.fill_recent)
        self.fill_recent()
        file.addSeparator()
        close = QAction("&Close this match", self)
        close.setShortcut(QKeySequence(keys.Close))
        close.triggered.connect(self.close)
        quit_ = QAction("&Quit", self)
        quit_.setShortcut(QKeySequence(keys.Quit))
        quit_.triggered.connect(QApplication.closeAllWindows)
        file.addAction(close)
        file.addAction(quit_)
        self.file_actions["close"], self.file_actions["quit"] = close, quit_

    def fill_recent(self) -> None:
        """File > Open Recent: the matches opened (of any game system), the last first; a
        file gone greyed."""
        recent = Remembered(QSettings()).recent()
        fill_recent_menu(self.recent_menu, recent, self.open_match if self.home else None)

    def open_match(self, path: Path) -> None:
        """Open ``path`` in the window of its game system (through the main window)."""
        if self.home is not None:
            self.home().open_match(path)

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
        self.los_panel.set_board(sight(m.game, state))
        mission = f"mission {state.mission}" if state.mission else "no mission yet"
        side = next((s for s in (state.turn, state.to_ban, state.chooser) if s is not None), None)
        whose = f"side {side}" if side is not None else "both sides"
        self.heading.setText(  # rich on purpose: every word from the file escaped
            f"<b>{escape(m.rules.name)}</b><br>{escape(mission)} · {escape(state.phase)} "
            f"phase<br><b>Whose turn: {whose}</b> · {state.activations} activations"
            + (f" (last: {escape(str(state.last))})" if state.last else "")
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
        for h, uids in by_hex.items():  # several on a tile: smaller, stacked top to bottom
            n = len(uids)
            scale = 1.0 if n == 1 else min(0.6, 1.6 / n)
            step = (2 * TOKEN_HALF_HEIGHT + 0.04 * HEX_SIZE) * scale
            for i, uid in enumerate(uids):
                item = self.piece_items[uid]
                item.setScale(scale)
                item.setPos(hex_centre(h) + QPointF(0, (i - (n - 1) / 2) * step))

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
        if self.los_panel.mode:  # the line-of-sight tool is on: the click is its
            self.los_panel.pick(h)
            return
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
        self,
        name: str,
        commands: Iterable[Mapping[str, Any] | str],
        typed: Iterable[int] = (),
        attempt: int | None = None,
    ) -> Step | None:
        """Play ``commands`` as the step ``name`` through the match file (the command line
        and the wizards alike); None, and why said, if the engine refused it."""
        self.wizard_host.outdate("a step was played")
        try:
            step = self.match.run_json(
                name, list(commands), list(typed), strict=True, attempt=attempt
            )
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
