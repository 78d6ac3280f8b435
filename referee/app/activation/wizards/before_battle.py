"""The "before the battle" wizard (clause ``activation.starting-actions``): the side whose
turn it is picks one of its units' "before the battle" actions not yet made (the unit
cards' ``before_battle``: a Scout move, or an action done at the table), or says it makes
no more. A move action then asks where the unit ends its move, the reachable tiles shaded
by cost on the map (:class:`~referee.app.activation.wizards.moves.MovePage`). It builds
``before-battle side=S uid=U action=A [path=P]`` or ``before-battle-done side=S``.

An action is offered only if the engine takes it: one done at the table is dry-run on a
copy of the match, a move only where its unit can reach a tile."""

from __future__ import annotations

import msgspec
from PySide6.QtWidgets import QListWidget, QVBoxLayout, QWidget, QWizardPage

from referee.app.activation.wizards.base import (
    CHOSEN,
    LEGAL,
    ActivationWizard,
    DicePage,
    Situation,
    dry_run,
)
from referee.app.activation.wizards.moves import MovePage
from referee.app.map.map_overlay import MapOverlay
from referee.board.hexgrid import Hex, hex_label
from referee.rules.activation.actions import pose_of
from referee.rules.activation.commands import BeforeBattle, BeforeBattleDone, Command
from referee.rules.activation.game import move_board
from referee.rules.activation.movement import reachable
from referee.rules.activation.state import Piece

ACTION, MOVE, DICE = range(3)


class Choice(msgspec.Struct, frozen=True):
    """One action a unit may make before the battle (None: the side is done)."""

    uid: str | None
    action: str = ""
    kind: str = ""
    words: str = ""


class BeforeBattleWizard(ActivationWizard):
    """See the module docstring."""

    def __init__(
        self, situation: Situation, overlay: MapOverlay, parent: QWidget | None = None
    ) -> None:
        super().__init__(situation, overlay, "Before the battle", parent)
        game, state = self.game, self.state
        side = self.side or 0
        choices: list[Choice] = []
        for piece in sorted(state.of_side(side), key=lambda p: p.uid):
            if piece.kind != "unit" or not piece.on_map or piece.hex is None:
                continue
            card = game.card(piece)
            for action in card.before_battle:
                if (piece.uid, action.id) in state.used:
                    continue
                if action.kind == "move":
                    ends = reachable(
                        game.mover(piece),
                        pose_of(piece),
                        game.rules.movement,
                        move_board(game, state, piece),
                    )
                    if not any(p != pose_of(piece) for p in ends):
                        continue
                    how = "a move before the battle"
                elif isinstance(dry_run(self, BeforeBattle(side, piece.uid, action.id)), str):
                    continue
                else:
                    how = "done at the table; the journal records it"
                choices.append(
                    Choice(
                        piece.uid,
                        action.id,
                        action.kind,
                        f"{piece.uid} ({card.name} on {hex_label(piece.hex)}): "
                        f"{action.name} ({how})",
                    )
                )
        choices.append(
            Choice(None, words=f"Done: side {side} makes no more 'before the battle' actions")
        )
        self.action_page = ActionPage(side, choices)
        self.move_page = MovePage(lambda: DICE, "Where it moves")
        self.dice = DicePage()
        self.setPage(ACTION, self.action_page)
        self.setPage(MOVE, self.move_page)
        self.setPage(DICE, self.dice)

    def piece(self) -> Piece | None:
        choice = self.action_page.choice()
        if choice is None or choice.uid is None:
            return None
        return self.state.pieces[choice.uid]

    def command(self) -> Command | None:
        choice = self.action_page.choice()
        side = self.side or 0
        if choice is None:
            return None
        if choice.uid is None:
            return BeforeBattleDone(side)
        if choice.kind == "move":
            path = self.move_page.path()
            return BeforeBattle(side, choice.uid, choice.action, path) if path else None
        return BeforeBattle(side, choice.uid, choice.action)


class ActionPage(QWizardPage):
    """The actions left, and "done"; a unit's tile is drawn when its action is picked."""

    def __init__(self, side: int, choices: list[Choice]) -> None:
        super().__init__()
        self.choices = choices
        self.setTitle(f"Side {side} before the battle")
        self.setSubTitle(
            "Which action, of those its units have left? Or done: the "
            "battle starts once both sides are."
        )
        self.list = QListWidget()
        self.list.addItems([c.words for c in choices])
        layout = QVBoxLayout(self)
        layout.addWidget(self.list, 1)
        self.list.itemSelectionChanged.connect(self._picked)

    def _tiles(self, choices: list[Choice]) -> list[Hex]:
        wizard = self.wizard()
        if not isinstance(wizard, BeforeBattleWizard):
            return []
        found = (wizard.state.pieces[c.uid].hex for c in choices if c.uid is not None)
        return [h for h in found if h is not None]

    def initializePage(self) -> None:
        if not self.list.selectedItems() and self.list.count():
            self.list.setCurrentRow(0)  # the first row picked, as the main game's wizards do
        self._draw()

    def cleanupPage(self) -> None:
        wizard = self.wizard()
        if isinstance(wizard, BeforeBattleWizard):
            wizard.overlay.clear_hexes()

    def _draw(self) -> None:
        wizard = self.wizard()
        if not isinstance(wizard, BeforeBattleWizard):
            return
        wizard.overlay.clear_hexes()
        wizard.overlay.hexes(
            self._tiles(self.choices), LEGAL, "a unit with a 'before the battle' action left"
        )
        choice = self.choice()
        if choice is not None:
            wizard.overlay.hexes(self._tiles([choice]), CHOSEN, "the unit picked")

    def _picked(self) -> None:
        self._draw()
        self.completeChanged.emit()

    def choice(self) -> Choice | None:
        row = self.list.currentRow()
        return self.choices[row] if self.list.selectedItems() and row >= 0 else None

    def pick(self, words: str) -> None:
        """Select the choice whose words start with ``words`` (what a click does)."""
        for i, c in enumerate(self.choices):
            if c.words.startswith(words):
                self.list.setCurrentRow(i)
                return

    def pick_hex(self, h: Hex) -> bool:
        wizard = self.wizard()
        if not isinstance(wizard, BeforeBattleWizard):
            return False
        for i, c in enumerate(self.choices):
            if c.uid is not None and wizard.state.pieces[c.uid].hex == h:
                self.list.setCurrentRow(i)
                return True
        return False

    def isComplete(self) -> bool:
        return self.choice() is not None

    def nextId(self) -> int:
        choice = self.choice()
        return MOVE if choice is not None and choice.kind == "move" else DICE
