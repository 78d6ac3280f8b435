"""The activate wizard: a unit of the side whose turn it is, then its action (clause
``activation.activation``):

* **move**: every tile it can end its move on is highlighted on the map with its cost
  (:class:`~referee.app.activation.wizards.moves.MovePage`): ``move uid=U path=P``;
* **attack**: each weapon's targets in range and line of sight (clause
  ``activation.shooting``) with the odds of the penetration roll against the target's armor
  (clause ``activation.penetration``): ``shoot uid=U shots=W>T,...``;
* an **aircraft** must move when activated (clause ``activation.aircraft``); under ruling
  ``activation.aircraft-attack`` (``move-then-attack``) the page after its move offers the
  attack it may make from where the move ends, each target with its odds, on the match as
  the move leaves it (a collision that destroys it leaves no attack):
  ``move uid=U path=P shots=W>T``, the command line's own.

Every target offered is one the engine takes: each weapon's shot at it is dry-run on a copy
of the match first."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QLabel,
    QRadioButton,
    QWidget,
)

from referee.app.activation.wizards.attack_page import DICE, AttackPage, ShootingWizard
from referee.app.activation.wizards.base import (
    DicePage,
    Situation,
    dry_run,
)
from referee.app.activation.wizards.moves import MovePage
from referee.app.activation.wizards.pieces import PiecePage
from referee.app.map.map_overlay import MapOverlay
from referee.board.hexgrid import hex_label
from referee.rules.activation.commands import Command, Move, Shoot, Shot
from referee.rules.activation.record import Outcome
from referee.rules.activation.state import ActivationState, Piece

UNIT, MOVE, ATTACK, AIR_ATTACK = range(DICE)  # the pages, the dice last


class ActivateWizard(ShootingWizard):
    """See the module docstring."""

    def __init__(
        self, situation: Situation, overlay: MapOverlay, parent: QWidget | None = None
    ) -> None:
        super().__init__(situation, overlay, "Activate", parent)
        game = self.game
        pieces = sorted(
            (p for p in self.state.of_side(self.side or 0) if p.on_map and p.kind == "unit"),
            key=lambda p: p.uid,
        )

        def words(piece: Piece) -> str:
            card = game.card(piece)
            where = hex_label(piece.hex) if piece.hex is not None else "?"
            aboard = self.state.aboard(piece.uid)
            carries = f", carries {', '.join(p.uid for p in aboard)}" if aboard else ""
            return (
                f"{piece.uid}: {card.name} on {where}, {piece.health} H, "
                f"{piece.ammunition} ammunition{carries}"
            )

        self.unit = UnitPage(
            f"Side {self.side} activates", "Which unit, and what does it do?", pieces, words
        )
        self.move_page = MovePage(lambda: AIR_ATTACK if self.attacks_after_move() else DICE)
        self.attack_page = AttackPage()
        self.air_page = AttackPage(after_move=True)
        self.dice = DicePage()
        self.setPage(UNIT, self.unit)
        self.setPage(MOVE, self.move_page)
        self.setPage(ATTACK, self.attack_page)
        self.setPage(AIR_ATTACK, self.air_page)
        self.setPage(DICE, self.dice)

    def piece(self) -> Piece | None:
        uid = self.unit.uid()
        return self.state.pieces[uid] if uid is not None else None

    def attacks_after_move(self) -> bool:
        """Whether the unit picked is an aircraft that may attack after its move (ruling
        ``activation.aircraft-attack``)."""
        piece = self.piece()
        game = self.game
        return (
            piece is not None and game.is_aircraft(piece) and game.rules.movement.attack_after_move
        )

    def shooter(self) -> tuple[Piece | None, ActivationState, str]:
        """The unit as it shoots, the match it shoots in, and why it does not (None): the
        unit where it stands; an aircraft where its move (dry-run) leaves it."""
        piece = self.piece()
        if piece is None or not self.unit.moving():
            return piece, self.state, ""
        path = self.move_page.path()
        outcome = dry_run(self, Move(piece.uid, path))
        if not isinstance(outcome, Outcome):
            return None, self.state, f"the engine refuses the move: {outcome}"
        moved = outcome.state.pieces[piece.uid]
        if not moved.on_map:
            return (
                None,
                outcome.state,
                (f"{piece.uid} does not survive its move: it makes no attack"),
            )
        return moved, outcome.state, ""

    def attack(self, shots: tuple[Shot, ...]) -> Command | None:
        """The command of the unit's attack with ``shots`` (after its move, for an
        aircraft)."""
        piece = self.piece()
        if piece is None:
            return None
        if self.unit.moving():
            path = self.move_page.path()
            return Move(piece.uid, path, shots) if path else None
        return Shoot(piece.uid, shots) if shots else None

    def command(self) -> Command | None:
        shots = (
            self.air_page.shots()
            if self.unit.moving() and self.attacks_after_move()
            else ()
            if self.unit.moving()
            else self.attack_page.shots()
        )
        return self.attack(shots)


class UnitPage(PiecePage):
    """The unit, and move or attack."""

    def __init__(
        self, title: str, subtitle: str, pieces: list[Piece], words: Callable[[Piece], str]
    ) -> None:
        super().__init__(title, subtitle, pieces, words)
        self.move_radio = QRadioButton("Move")
        self.attack_radio = QRadioButton("Attack (shoot)")
        self.move_radio.setChecked(True)
        self.note = QLabel()
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        layout = self.layout()
        assert layout is not None
        layout.addWidget(self.move_radio)
        layout.addWidget(self.attack_radio)
        layout.addWidget(self.note)
        self.list.itemSelectionChanged.connect(self._unit_picked)

    def _unit_picked(self) -> None:
        wizard = self.wizard()
        if not isinstance(wizard, ActivateWizard):
            return
        piece = wizard.piece()
        flying = piece is not None and wizard.game.is_aircraft(piece)
        self.attack_radio.setEnabled(not flying)
        if flying:
            self.move_radio.setChecked(True)
        note = ""
        if flying and wizard.attacks_after_move():
            note = (
                "An aircraft must move when activated; after its move it may attack from "
                "where it ends (ruling activation.aircraft-attack)."
            )
        elif flying:
            note = (
                "An aircraft's activation is its move; it makes no attack action (ruling "
                "activation.aircraft-attack)."
            )
        self.note.setText(note)

    def moving(self) -> bool:
        return self.move_radio.isChecked()

    def nextId(self) -> int:
        return MOVE if self.moving() else ATTACK
