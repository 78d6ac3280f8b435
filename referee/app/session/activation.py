"""The activation rules' part of the one window (:class:`~.shell.GameUi`): the mission's
map with a token per unit and each fortification's pips (:mod:`referee.app.activation.items`),
the Turn dock's panel (whose activation it is, what the game asks, a command line, a button
per wizard: :mod:`referee.app.activation.turn_panel`) and the wizards (the Wizards menu).

:data:`referee.app.activation.wizards.opener.WIZARDS` is the one list of the activation
rules' wizards: each entry gives the Wizards menu's item and the Turn dock's button. Every
ruling comes from the engine (:class:`referee.match.games.activation_file.ActivationMatch`); the
window only shows the match and passes on what the referee types or a wizard chose.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence

from referee.app.activation.inspector import ActivationInspector
from referee.app.activation.items import PIPS_BELOW, PieceItem, PipsItem, stack_layout
from referee.app.activation.turn_panel import TurnPanel
from referee.app.activation.wizards.opener import WIZARDS, ActivationWizards
from referee.app.map.geometry import hex_centre
from referee.app.session.shell import Shell
from referee.board.edge_words import edge_words
from referee.board.hexgrid import Hex, hex_label
from referee.errors import RefereeError, one_line
from referee.match.games.activation_file import ActivationMatch
from referee.rules.activation.game import battle_map, sight
from referee.rules.activation.mission_line import shown_step
from referee.rules.activation.transport import room_text
from referee.rules.changes import ChangeFlag
from referee.rules.events import Step

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

NEXT_WIZARD = {
    "presentation": "start",
    "missions": "start",
    "order": "start",
    "deployment": "deploy",
    "reserves": "reserves",
    "before-battle": "before_battle",
    "main": "activate",
}
"""Turn > Next step (N): the wizard of what the game's phase asks for."""
IDLE_TEXT = (
    "No wizard is open.\n\nThe Wizards menu, or the buttons under the command line, open "
    "the wizard of the start of the game (the armies presented, the bans, the player "
    "order), a deployment, the reserves, a 'before the battle' action, an activation "
    "(a move or an attack, an aircraft's attack after its move), embarking or disembarking, "
    "a unit entering from the reserves or a capture. A wizard opens here, beside the map it "
    "draws on, and plays the same command as the command line."
)


class ActivationGame:
    """The activation rules' contribution to ``window`` (see the module docstring)."""

    SYSTEM = ActivationMatch.SYSTEM
    idle_text = IDLE_TEXT

    def __init__(self, window: Shell) -> None:
        self.window = window
        self.panel = TurnPanel(tuple((entry.key, entry.button) for entry in WIZARDS))
        self.piece_items: dict[str, PieceItem] = {}
        self.pip_items: dict[Hex, PipsItem] = {}
        self._mission: str | None = "?"
        self._kept: QWidget | None = None
        """The Turn dock's panel of the other game system, given back on :meth:`detach`."""
        self._kept_heights: list[int] = []
        """The Turn and Journal docks' heights with that panel, given back with it (this
        panel is taller: the journal below would stay half its height)."""
        self.inspector = ActivationInspector()
        self._kept_inspector: QWidget | None = None
        """The Unit dock's inspector of the other game system, given back on :meth:`detach`."""
        self.inspector.ruleRequested.connect(window.wizard_host.linkClicked)
        qt = window.qt_window()
        self.wizards = ActivationWizards(lambda: self.match, window.wizard_host, qt, window.refuse)
        self.actions: list[QAction] = []
        for entry in WIZARDS:  # the one list of the activation wizards (opener.WIZARDS)
            action = QAction(entry.menu, qt)
            if entry.shortcut:  # one key, as the main game's wizards (G, A, O, M)
                action.setShortcut(QKeySequence(entry.shortcut))
            action.triggered.connect(self.opener(entry.key))
            self.panel.buttons[entry.key].clicked.connect(self.opener(entry.key))
            self.actions.append(action)
        self._refusal = ""
        """The Turn dock's words about the last refusal (until the next action)."""
        self.panel.command.returnPressed.connect(self.play)
        self.panel.dice.returnPressed.connect(self.play)
        self.panel.play_button.clicked.connect(self.play)
        self.panel.next_button.clicked.connect(window.next_in_game)
        self.panel.undo_button.clicked.connect(window.undo_group.undo)
        self.panel.redo_button.clicked.connect(window.undo_group.redo)

    @property
    def match(self) -> ActivationMatch:
        session = self.window.session
        assert session is not None and isinstance(session.match, ActivationMatch)
        return session.match

    # --- GameUi -----------------------------------------------------------------------

    def attach(self) -> None:
        w = self.window
        dock = w.tracker_dock
        self._kept = dock.widget()
        self._kept_heights = [dock.height(), w.journal_dock.height()]
        dock.setWidget(self.panel)
        dock.show()
        dock.raise_()
        unit = w.inspector_dock  # the Unit dock shows this game's units (View > Unit)
        self._kept_inspector = unit.widget()
        unit.setWidget(self.inspector)
        unit.toggleViewAction().setEnabled(True)
        unit.show()
        w.wizard_host.raise_()  # its tab in front of the line of sight's and the rules'
        menu = w.menus["&Wizards"]
        for action in self.actions:
            menu.addAction(action)
        self._mission = "?"  # the map is drawn afresh

    def detach(self) -> None:
        w = self.window
        menu = w.menus["&Wizards"]
        for action in self.actions:
            menu.removeAction(action)
        if self._kept is not None:
            w.tracker_dock.setWidget(self._kept)
            self._kept = None
            if all(self._kept_heights):  # the journal below gets its height back, once
                # the dock has laid its panel out (this one's height no longer holds it)
                qt, docks, heights = (
                    w.qt_window(),
                    [w.tracker_dock, w.journal_dock],
                    self._kept_heights,
                )
                QTimer.singleShot(
                    0, qt, lambda: qt.resizeDocks(docks, heights, Qt.Orientation.Vertical)
                )
        if self._kept_inspector is not None:
            w.inspector_dock.setWidget(self._kept_inspector)
            self._kept_inspector = None
        w.inspector_dock.hide()
        self.panel.setParent(None)
        self.panel.deleteLater()
        self.inspector.setParent(None)
        self.inspector.deleteLater()
        self.piece_items, self.pip_items = {}, {}

    def show(self, flags: ChangeFlag, steps: list[Step]) -> None:
        """Redraw the map, the turn and the journal from the match as the file holds it."""
        w, m = self.window, self.match
        state = m.state
        bm = battle_map(m.game, state)
        if state.mission != self._mission:
            self._mission = state.mission
            w.scene.set_map(bm)
            self.piece_items, self.pip_items = {}, {}
            w.view.fit()
        depth = m.game.rules.start.depth
        edges = {  # the mission's, once set: the map file's zones before it say no edge
            f"side{s}": f", {edge_words(bm, e)}"
            for s, e in (m.game.mission(state).edges.items() if state.mission else ())
        }
        for h, item in w.scene.hex_items.items():
            terrain = bm.terrain_at(h)
            table = m.rules.terrain
            words = table[terrain].name if terrain in table else terrain
            zone = bm.zone_of(h)
            if zone is not None and zone.startswith("side"):
                # what the rim means (ruling activation.deploy-depth), where the edge is
                words += (
                    f"; rimmed: side {zone[4:]} deploys within {depth} rows of its edge"
                    f"{edges.get(zone, '')}: its first deployment on the edge row, later ones "
                    "next to its own"
                )
            item.set_terrain(terrain, words)
        self._draw_pieces()
        self._draw_pips()
        w.los_panel.set_board(sight(m.game, state))
        self.inspector.set_state(m.game, state)
        mission = f"mission {state.mission}" if state.mission else "no mission yet"
        side = next((s for s in (state.turn, state.to_ban, state.chooser) if s is not None), None)
        whose = f"side {side}" if side is not None else "both sides"
        self.panel.heading.setText(  # rich on purpose: every word from the file escaped
            f"<b>{escape(m.rules.name)}</b><br>{escape(mission)} · {escape(state.phase)} "
            f"phase<br><b>Whose turn: {whose}</b> · {state.activations} activations"
            + (f" (last: {escape(str(state.last))})" if state.last else "")
        )
        self.panel.asked.setText(f"Now: {self.match.system.agenda(state)}")
        w.where.setText(f"{m.rules.name} · {mission} · {state.phase} phase")
        w.journal.set_steps([shown_step(m.game.maps, s) for s in steps], m.rules)
        self.panel.undo_button.setEnabled(any(not s.undone for s in steps))
        self.panel.redo_button.setEnabled(any(s.undone for s in steps))
        if ChangeFlag.UNDO in flags:
            undone = [s for s in steps if s.undone]
            self.say(f"Undone: {undone[0].number}. {undone[0].title}" if undone else "")
        elif ChangeFlag.REDO in flags:
            done = [s for s in steps if not s.undone]
            self.say(f"Redone: {done[-1].number}. {done[-1].title}" if done else "")

    def stepped(self, step: Step) -> None:
        self.say("\n".join(self.match.system.shown(e).text for e in step.events))
        self.panel.command.clear()  # a step ran (typed or from a wizard): no stale words left

    def refused(self, message: str) -> None:
        self._refusal = f"Refused, nothing written: {message}"
        self.say(self._refusal)

    def forget_refusal(self) -> None:
        if self._refusal and self.panel.outcome.text() == self._refusal:
            self.say("")
        self._refusal = ""

    def hex_clicked(self, h: Hex) -> None:
        """A click on a unit's tile shows the unit in the Unit dock (a second click, the
        next unit there). While a command is being typed (the command line has the keyboard)
        it also types the tile's label at the cursor (``hex=``, ``path=`` and ``@`` targets
        take labels) and gives the keyboard back to the line, so Return plays it; otherwise
        it types nothing, the status bar names the tile and the keyboard stays on the map
        (N is Next step). While a wizard is open, the click answers it instead (or is said
        not to: a refusal, said as every refusal is), and the keyboard goes back to the
        wizard so Return goes on."""
        w = self.window
        if w.los_panel.mode:  # the line-of-sight tool is on: the click is its
            w.los_panel.pick(h)
            return
        if w.wizard_host.wizard is not None:
            if w.wizard_host.pick_hex(h):
                w.forget_refusal()  # a tile refused before this one is no longer the news
                w.wizard_host.focus.focus_page()  # the keyboard back: Return goes on
            else:
                w.refuse(f"{hex_label(h)} is not one of the open wizard's choices")
            return
        if self.inspector.show_tile(h):  # a unit's tile: the unit in the Unit dock
            w.inspector_dock.show()
            w.inspector_dock.raise_()
        line = self.panel.command
        if not self.panel.typing(w.view) or not line.text().strip():
            here = self._tile_words(h)
            w.qt_window().statusBar().showMessage(
                f"{hex_label(h)}: {here or 'empty'} (typed into a command, a click adds "
                "the tile's label)",
                8000,
            )
            return
        before = line.text()[: line.cursorPosition()]
        sep = "" if not before or before[-1] in " =,@:>" else ","
        line.insert(sep + hex_label(h))
        line.setFocus(Qt.FocusReason.OtherFocusReason)

    def _tile_words(self, h: Hex) -> str:
        """What stands on ``h``: each unit (its card, side, H and ammunition) and the
        building with its pips."""
        m = self.match
        state = m.state
        words = [
            f"{p.uid} ({m.game.card(p).name}, side {p.side}, {p.health} H, "
            f"{p.ammunition} ammunition)"
            for p in sorted(state.on_map(), key=lambda p: p.uid)
            if p.hex == h and p.kind == "unit"
        ]
        fort = state.fortifications.get(h)
        if fort is not None:
            words.append(f"{m.game.cards.structure(fort.structure).name}, pips {fort.pips.text()}")
        return "; ".join(words)

    def next_step(self) -> None:
        """Turn > Next step: the wizard of what the game asks now (a deployment, a 'before
        the battle' action, an activation), or what it asks, said."""
        key = NEXT_WIZARD.get(self.match.state.phase)
        if key is None:
            self.say(f"Now: {self.match.system.agenda(self.match.state)}")
            return
        self.wizards.open(key)

    def opener(self, key: str) -> Callable[[], object]:
        """A slot that opens the wizard ``key`` (a button's, a Wizards menu item's), refused
        in the window's dialog while the match file no longer reads (the wizard would be
        refused at its end), as the main game's wizards are."""
        return lambda: self.window.session_to_change() is not None and self.wizards.open(key)

    # --- playing ----------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Show ``text`` under the Turn dock's buttons (what the last step did, or why
        nothing was written)."""
        self.panel.say(text)

    def play(self) -> Step | None:
        """Play the command typed as one step (named by its text), the dice typed first.
        The line is read here, at the app's edge, into the game's command value
        (``parse_command``); a line it cannot read is refused naming the word that is
        wrong, kept to be corrected, and nothing is written."""
        text = self.panel.command.text().strip()
        if not text:
            self.window.refuse("type a command first (the line above says which)")
            return None
        try:
            typed = [int(x) for x in self.panel.dice.text().replace(",", " ").split()]
        except ValueError:
            self.window.refuse(f"dice are whole numbers: {self.panel.dice.text()!r}")
            return None
        try:
            command = self.match.system.parse_command(text)
            session = self.window.session  # its state: of a damaged file, the last read well
            if session is not None:  # an enter typed without its ammunition (as ruled)
                self.match.system.check_typed(session.state, command)
        except RefereeError as exc:  # CommandError: the word that cannot be read
            self.window.refuse(one_line(exc))
            return None
        step = self.window.run_step(text, [command], typed)
        if step is None:
            return None
        self.panel.command.clear()
        self.panel.dice.clear()
        self.window.view.setFocus()  # Ctrl+Z now undoes the step, not the typing
        return step

    # --- the map ----------------------------------------------------------------------

    def _draw_pieces(self) -> None:
        scene, m = self.window.scene, self.match
        state = m.state
        here = {p.uid: p for p in state.on_map()}
        for uid in list(self.piece_items):
            if uid not in here:
                scene.removeItem(self.piece_items.pop(uid))
        by_hex: dict[Hex, list[str]] = {}
        for uid, piece in sorted(here.items()):
            if piece.hex is not None:
                by_hex.setdefault(piece.hex, []).append(uid)
            name = m.game.card(piece).name
            aboard, room = self._aboard(uid)
            item = self.piece_items.get(uid)
            if item is None:
                item = PieceItem(piece, name, aboard, room)
                scene.addItem(item)
                self.piece_items[uid] = item
            else:
                item.set_piece(piece, name, aboard, room)
        for h, uids in by_hex.items():  # several on a tile: smaller, stacked inside it
            scale, offsets = stack_layout(len(uids))
            for uid, offset in zip(uids, offsets, strict=True):
                item = self.piece_items[uid]
                item.setScale(scale)
                item.setPos(hex_centre(h) + offset)

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
        scene, m = self.window.scene, self.match
        forts = m.state.fortifications
        for h in list(self.pip_items):
            if h not in forts:
                scene.removeItem(self.pip_items.pop(h))
        for h, fort in forts.items():
            name = m.game.cards.structure(fort.structure).name
            item = self.pip_items.get(h)
            if item is None:
                item = PipsItem(fort, name)
                scene.addItem(item)
                self.pip_items[h] = item
            else:
                item.set_fortification(fort, name)
            item.setPos(hex_centre(h) + QPointF(0, PIPS_BELOW))
