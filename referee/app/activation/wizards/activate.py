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
    QComboBox,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from referee.app.activation.wizards.base import (
    CHOSEN,
    LEGAL,
    ActivationWizard,
    DicePage,
    Situation,
    dry_run,
)
from referee.app.activation.wizards.moves import MovePage
from referee.app.activation.wizards.pieces import PiecePage
from referee.app.map.map_overlay import MapOverlay
from referee.app.widgets.boxes import ComboBox
from referee.board.hexgrid import Hex, hex_label
from referee.rules.activation.actions import ActivationError, shot_target
from referee.rules.activation.commands import Command, Move, Shoot, Shot
from referee.rules.activation.game import sight
from referee.rules.activation.record import Outcome
from referee.rules.activation.shooting import (
    ammunition_spent,
    penetration_need,
    range_problem,
    sight_problem,
)
from referee.rules.activation.state import ActivationState, Piece

UNIT, MOVE, ATTACK, AIR_ATTACK, DICE = range(5)
TIP = Qt.ItemDataRole.ToolTipRole
SHOOTER = "#1565c0"
"""The colour of the tile an aircraft shoots from after its move."""


class ActivateWizard(ActivationWizard):
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


class AttackPage(QWizardPage):
    """Each weapon's target: those in range and line of sight that the engine takes, with
    the penetration odds. ``after_move``: an aircraft's attack after its move, from where
    the move ends, which it may also forgo."""

    def __init__(self, after_move: bool = False) -> None:
        super().__init__()
        self.after_move = after_move
        self.setTitle("Attack after the move" if after_move else "Attack")
        self.setSubTitle(
            "After its move the aircraft may attack (ruling activation.aircraft-attack): "
            "each weapon fires once, at a target in its range and line of sight from where "
            "the move ends (blue; the targets green), or not at all; the odds are its "
            "penetration roll's against the target's armor."
            if after_move
            else "Each weapon fires once, at a target in its range and line of sight (green on "
            "the map); the odds are its penetration roll's against the target's armor."
        )
        self.rows = QVBoxLayout(self)
        self.boxes: dict[str, QComboBox] = {}
        self.row_widgets: list[QWidget] = []
        self.marked: set[Hex] = set()
        self.origin: Hex | None = None
        self.state: ActivationState | None = None

    def _wizard(self) -> ActivateWizard:
        wizard = self.wizard()
        assert isinstance(wizard, ActivateWizard)
        return wizard

    def _row(self, widget: QWidget) -> None:
        self.row_widgets.append(widget)
        self.rows.addWidget(widget)

    def initializePage(self) -> None:
        wizard = self._wizard()
        for widget in self.row_widgets:
            self.rows.removeWidget(widget)
            widget.deleteLater()
        self.row_widgets = []
        self.boxes = {}
        self.marked = set()
        piece, state, why = wizard.shooter()
        self.state = state
        self.origin = piece.hex if piece is not None else None
        if piece is None or piece.hex is None:
            if why:
                note = QLabel(f"No attack: {why}.")
                note.setTextFormat(Qt.TextFormat.PlainText)
                note.setWordWrap(True)
                self._row(note)
            self._draw()
            return
        if self.after_move:
            where = QLabel(
                f"{piece.uid} ends its move on {hex_label(piece.hex)}: it shoots from there."
            )
            where.setTextFormat(Qt.TextFormat.PlainText)
            where.setWordWrap(True)
            self._row(where)
        game = wizard.game
        board = sight(game, state)
        table = game.rules.attack
        card = game.card(piece)
        for weapon in card.weapons:
            box = ComboBox()
            box.addItem("does not fire", None)
            targets: list[tuple[str, str, Hex]] = []
            for other in sorted(state.on_map(), key=lambda p: p.uid):
                if other.side != piece.side and other.hex is not None:
                    armor = game.card(other).armor
                    targets.append(
                        (
                            other.uid,
                            f"{other.uid} ({game.card(other).name}, armor {armor})",
                            other.hex,
                        )
                    )
            for h, fort in sorted(state.fortifications.items(), key=lambda kv: hex_label(kv[0])):
                if fort.pips.total > 0:
                    structure = game.cards.structure(fort.structure)
                    owner = f"side {fort.owner}'s " if fort.owner is not None else ""
                    targets.append(
                        (
                            f"@{hex_label(h)}",
                            f"{owner}{structure.name} on {hex_label(h)} (armor {structure.armor})",
                            h,
                        )
                    )
            spent = ammunition_spent([weapon], table)
            why_not = (  # clause activation.ammunition: no target while it has none
                f"no ammunition ({piece.ammunition} of {card.ammunition} left)"
                if spent > piece.ammunition
                else ""
            )
            refused: list[str] = []
            for target, words, h in targets if not why_not else []:
                if range_problem(piece.hex, h, weapon) or sight_problem(board, piece.hex, h):
                    continue
                shot = (
                    Shot(weapon.id, tile=h)
                    if target.startswith("@")
                    else Shot(weapon.id, unit=target)
                )
                try:  # the engine's own test: a unit hidden in a fortification, one's own
                    shot_target(game, state, piece, shot)  # fortification (by the rulings)
                except ActivationError as exc:
                    refused.append(str(exc))
                    continue
                command = wizard.attack((shot,))  # then the whole step, e.g. ammunition
                outcome = dry_run(wizard, command) if command is not None else "no command"
                if isinstance(outcome, str):
                    refused.append(outcome)
                    continue
                armor = (
                    game.cards.structure(state.fortifications[h].structure).armor
                    if target.startswith("@")
                    else game.card(state.pieces[target]).armor
                )
                need = penetration_need(armor, table)
                odds = need.odds(weapon.penetration)
                sure = target.startswith("@") and game.rules.fortifications.hits != "penetration"
                chance = (
                    "one hit, no roll"
                    if sure
                    else f"needs {need.text()} on {weapon.penetration.text()}: {round(100 * odds)}%"
                )
                box.addItem(f"{words}: {chance}", target)
                box.setItemData(box.count() - 1, f"{words}: {chance}", TIP)
                self.marked.add(h)
            if box.count() == 1:  # nothing to fire at: the one choice says why
                why_not = why_not or (
                    refused[0]
                    if refused
                    else f"no target within its range (R {weapon.range}) and line of sight"
                )
                box.setItemText(0, f"does not fire: {why_not}")
                box.setItemData(0, f"does not fire: {why_not}", TIP)
            # as wide as the dock lets it, never wider: a long target's words (a building's,
            # with its owner and odds) would widen the dock and narrow the map; the list it
            # drops down shows them whole, and each its tooltip
            box.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            box.setMinimumContentsLength(12)
            box.view().setTextElideMode(Qt.TextElideMode.ElideNone)
            box.view().setMinimumWidth(box.view().sizeHintForColumn(0) + 8)
            box.currentIndexChanged.connect(self.completeChanged)
            box.currentIndexChanged.connect(lambda _i: self._draw())
            self.boxes[weapon.id] = box
            label = QLabel(
                f"{weapon.name} (R {weapon.range}, penetration "
                f"{weapon.penetration.text()}) fires at:"
            )
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setWordWrap(True)
            self._row(label)
            self._row(box)
        stretch = QWidget()
        self.row_widgets.append(stretch)
        self.rows.addWidget(stretch, 1)
        self._draw()

    def cleanupPage(self) -> None:
        self._wizard().overlay.clear_hexes()

    def _draw(self) -> None:
        wizard = self._wizard()
        wizard.overlay.clear_hexes()
        if self.after_move and self.origin is not None:
            wizard.overlay.hexes([self.origin], SHOOTER, "where the aircraft shoots from")
        wizard.overlay.hexes(self.marked, LEGAL, "a target in range and sight")
        chosen: set[Hex] = set()
        state = self.state or wizard.state
        for shot in self.shots():
            at = shot.tile if shot.unit is None else state.pieces[shot.unit].hex
            if at is not None:
                chosen.add(at)
        wizard.overlay.hexes(chosen, CHOSEN, "a target picked")

    def shots(self) -> tuple[Shot, ...]:
        out = []
        for weapon, box in self.boxes.items():
            target = box.currentData()
            if not isinstance(target, str):
                continue
            if target.startswith("@"):
                state = self.state or self._wizard().state
                tile = next(h for h in state.fortifications if hex_label(h) == target[1:])
                out.append(Shot(weapon, tile=tile))
            else:
                out.append(Shot(weapon, unit=target))
        return tuple(out)

    def _target_hex(self, target: object) -> Hex | None:
        if not isinstance(target, str):
            return None
        state = self.state or self._wizard().state
        if target.startswith("@"):
            return next((h for h in state.fortifications if hex_label(h) == target[1:]), None)
        return state.pieces[target].hex

    def pick_hex(self, h: Hex) -> bool:
        """A click on a target's tile aims the first weapon that can shoot it and is not
        aimed there yet."""
        found = False
        for box in self.boxes.values():
            rows = [i for i in range(box.count()) if self._target_hex(box.itemData(i)) == h]
            if not rows:
                continue
            found = True
            if box.currentIndex() not in rows:
                box.setCurrentIndex(rows[0])
                return True
        return found

    def isComplete(self) -> bool:
        return True if self.after_move else bool(self.shots())

    def nextId(self) -> int:
        return DICE
