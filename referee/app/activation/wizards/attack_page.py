"""The page of an attack in the activate wizard: each weapon's targets in range and line of
sight (clause ``activation.shooting``) that the engine takes (each shot dry-run on a copy of
the match first), with the odds of the penetration roll against the target's armor (clause
``activation.penetration``); or, for an aircraft after its move (ruling
``activation.aircraft-attack``), the attack from where the move ends, which it may forgo. A
weapon with nothing to fire at says why (no ammunition, a target the engine refuses, none in
range and sight)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout, QWidget, QWizardPage

from referee.app.activation.wizards.base import CHOSEN, LEGAL, ActivationWizard, dry_run
from referee.app.widgets.boxes import ComboBox
from referee.board.hexgrid import Hex, hex_label
from referee.rules.activation.actions import ActivationError, shot_target
from referee.rules.activation.commands import Command, Shot
from referee.rules.activation.game import sight
from referee.rules.activation.shooting import (
    ammunition_spent,
    penetration_need,
    range_problem,
    sight_problem,
)
from referee.rules.activation.state import ActivationState, Piece

DICE = 4
"""The wizard's page after an attack: its dice (the activate wizard's page ids)."""
TIP = Qt.ItemDataRole.ToolTipRole
SHOOTER = "#1565c0"
"""The colour of the tile an aircraft shoots from after its move."""


class ShootingWizard(ActivationWizard):
    """A wizard with an attack page: who shoots, on the match as it is then, and the step of
    its shots."""

    def shooter(self) -> tuple[Piece | None, ActivationState, str]:
        """The unit that shoots, the match it shoots on, and why none can (or "")."""
        raise NotImplementedError

    def attack(self, shots: tuple[Shot, ...]) -> Command | None:
        """The step of ``shots`` (None: no step)."""
        raise NotImplementedError


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

    def _wizard(self) -> ShootingWizard:
        wizard = self.wizard()
        assert isinstance(wizard, ShootingWizard)
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
