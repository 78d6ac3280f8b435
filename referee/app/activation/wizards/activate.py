"""The activate wizard: a unit of the side whose turn it is, then its action (clause
``activation.activation``):

* **move**: every tile it can end its move on is highlighted on the map with its cost (the
  engine's own search, :func:`~referee.rules.activation.movement.reachable`); a click or a
  pick takes the cheapest path there: ``move uid=U path=P``;
* **attack**: each weapon's targets in range and line of sight (clause
  ``activation.shooting``) with the odds of the penetration roll against the target's armor
  (clause ``activation.penetration``): ``shoot uid=U shots=W>T,...``.

An aircraft's activation is its move (the command line takes its attack after the move)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QComboBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QRadioButton,
    QVBoxLayout,
    QWidget,
    QWizardPage,
)

from referee.app.activation.wizards.base import CHOSEN, LEGAL, ActivationWizard, DicePage
from referee.app.activation.wizards.pieces import PiecePage
from referee.app.map_overlay import MapOverlay
from referee.board.hexgrid import DIRECTION_NAMES, Hex, hex_label
from referee.match.activation_file import ActivationMatch
from referee.rules.activation.actions import ActivationError, pose_of, shot_target
from referee.rules.activation.commands import Command, Move, Shoot, Shot
from referee.rules.activation.game import move_board, sight
from referee.rules.activation.movement import cheapest_path, reachable
from referee.rules.activation.shooting import penetration_need, range_problem, sight_problem
from referee.rules.activation.slots import Pose
from referee.rules.activation.state import Piece

UNIT, MOVE, ATTACK, DICE = range(4)


def cost_colour(cost: int, most: int) -> str:
    """The tint of a reachable tile: dark green for the cheapest, paling to yellow-green
    as the cost nears the most the move can cost."""
    t = 0.0 if most <= 1 else (cost - 1) / (most - 1)
    ends = ((0x1b, 0xc0), (0x5e, 0xca), (0x20, 0x33))
    red, green, blue = (round(a + (b - a) * t) for a, b in ends)
    return f"#{red:02x}{green:02x}{blue:02x}"


class ActivateWizard(ActivationWizard):
    """See the module docstring."""

    def __init__(self, match: ActivationMatch, overlay: MapOverlay,
                 parent: QWidget | None = None) -> None:
        super().__init__(match, overlay, "Activate", parent)
        game = match.game
        pieces = sorted((p for p in self.state.of_side(self.side or 0)
                         if p.on_map and p.kind == "unit"), key=lambda p: p.uid)

        def words(piece: Piece) -> str:
            card = game.card(piece)
            where = hex_label(piece.hex) if piece.hex is not None else "?"
            return (f"{piece.uid}: {card.name} on {where}, {piece.health} H, "
                    f"{piece.ammunition} ammunition")

        self.unit = UnitPage(f"Side {self.side} activates", "Which unit, and what does it "
                             "do?", pieces, words)
        self.move_page = MovePage()
        self.attack_page = AttackPage()
        self.dice = DicePage()
        self.setPage(UNIT, self.unit)
        self.setPage(MOVE, self.move_page)
        self.setPage(ATTACK, self.attack_page)
        self.setPage(DICE, self.dice)

    def piece(self) -> Piece | None:
        uid = self.unit.uid()
        return self.state.pieces[uid] if uid is not None else None

    def command(self) -> Command | None:
        piece = self.piece()
        if piece is None:
            return None
        if self.unit.moving():
            path = self.move_page.path()
            return Move(piece.uid, path) if path else None
        shots = self.attack_page.shots()
        return Shoot(piece.uid, shots) if shots else None


class UnitPage(PiecePage):
    """The unit, and move or attack."""

    def __init__(self, title: str, subtitle: str, pieces: list[Piece],
                 words: Callable[[Piece], str]) -> None:
        super().__init__(title, subtitle, pieces, words)
        self.move_radio = QRadioButton("Move")
        self.attack_radio = QRadioButton("Attack (shoot)")
        self.move_radio.setChecked(True)
        self.note = QLabel()
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
        flying = piece is not None and wizard.match.game.is_aircraft(piece)
        self.attack_radio.setEnabled(not flying)
        if flying:
            self.move_radio.setChecked(True)
        self.note.setText("An aircraft's activation is its move." if flying else "")

    def moving(self) -> bool:
        return self.move_radio.isChecked()

    def nextId(self) -> int:
        return MOVE if self.moving() else ATTACK


class MovePage(QWizardPage):
    """Where the unit ends its move: the tiles it can reach, with their cost."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Move")
        self.setSubTitle("The tiles it can end its move on are green on the map (the cost "
                         "in their tip): click one, or pick a tile and facing below.")
        self.list = QListWidget()
        layout = QVBoxLayout(self)
        layout.addWidget(self.list, 1)
        self.ends: list[tuple[Pose, int]] = []
        self.list.itemSelectionChanged.connect(self._picked)

    def _wizard(self) -> ActivateWizard:
        wizard = self.wizard()
        assert isinstance(wizard, ActivateWizard)
        return wizard

    def initializePage(self) -> None:
        wizard = self._wizard()
        piece = wizard.piece()
        self.list.clear()
        self.ends = []
        if piece is None:
            return
        game = wizard.match.game
        start = pose_of(piece)
        costs = reachable(game.mover(piece), start, game.rules.movement,
                          move_board(game, wizard.state, piece))
        free = game.moves(piece) == "free"
        self.ends = sorted(((p, c) for p, c in costs.items() if p != start),
                           key=lambda pc: (pc[1], hex_label(pc[0].hex),
                                           pc[0].facing != start.facing, pc[0].facing))
        for pose, cost in self.ends:
            facing = "" if free else f" facing {DIRECTION_NAMES[pose.facing]}"
            item = QListWidgetItem(f"{hex_label(pose.hex)}{facing}: costs {cost}")
            self.list.addItem(item)
        self._draw()

    def cleanupPage(self) -> None:
        self._wizard().overlay.clear_hexes()

    def _draw(self) -> None:
        overlay = self._wizard().overlay
        overlay.clear_hexes()
        cheapest: dict[Hex, int] = {}
        for pose, cost in self.ends:
            cheapest[pose.hex] = min(cost, cheapest.get(pose.hex, cost))
        most = max(cheapest.values(), default=1)
        for cost in sorted(set(cheapest.values())):
            overlay.hexes([h for h, c in cheapest.items() if c == cost], cost_colour(cost, most),
                          f"reachable: costs {cost} of {most}")
        end = self.end()
        if end is not None:
            overlay.hexes([end[0].hex], CHOSEN, f"the move's end: costs {end[1]}")

    def _picked(self) -> None:
        self._draw()
        self.completeChanged.emit()

    def end(self) -> tuple[Pose, int] | None:
        row = self.list.currentRow()
        return self.ends[row] if self.list.selectedItems() and row >= 0 else None

    def path(self) -> tuple[Pose, ...]:
        """The cheapest path to the end picked (the engine's own search)."""
        wizard = self._wizard()
        piece, end = wizard.piece(), self.end()
        if piece is None or end is None:
            return ()
        game = wizard.match.game
        return cheapest_path(game.mover(piece), pose_of(piece), end[0].hex, end[0].facing,
                             game.rules.movement, move_board(game, wizard.state, piece)) or ()

    def pick_hex(self, h: Hex) -> bool:
        for i, (pose, _) in enumerate(self.ends):
            if pose.hex == h:  # the cheapest, the unit's own facing first
                self.list.setCurrentRow(i)
                return True
        return False

    def isComplete(self) -> bool:
        return self.end() is not None

    def nextId(self) -> int:
        return DICE


class AttackPage(QWizardPage):
    """Each weapon's target: those in range and line of sight, with the penetration odds."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Attack")
        self.setSubTitle("Each weapon fires once, at a target in its range and line of "
                         "sight (green on the map); the odds are its penetration roll's "
                         "against the target's armor.")
        self.rows = QVBoxLayout(self)
        self.boxes: dict[str, QComboBox] = {}
        self.row_widgets: list[QWidget] = []
        self.marked: set[Hex] = set()

    def _wizard(self) -> ActivateWizard:
        wizard = self.wizard()
        assert isinstance(wizard, ActivateWizard)
        return wizard

    def initializePage(self) -> None:
        wizard = self._wizard()
        for widget in self.row_widgets:
            self.rows.removeWidget(widget)
            widget.deleteLater()
        self.row_widgets = []
        self.boxes = {}
        piece = wizard.piece()
        if piece is None or piece.hex is None:
            return
        game, state = wizard.match.game, wizard.state
        board = sight(game, state)
        table = game.rules.attack
        card = game.card(piece)
        marked: set[Hex] = set()
        for weapon in card.weapons:
            box = QComboBox()
            box.addItem("does not fire", None)
            targets: list[tuple[str, str, Hex]] = []
            for other in sorted(state.on_map(), key=lambda p: p.uid):
                if other.side != piece.side and other.hex is not None:
                    armor = game.card(other).armor
                    targets.append((other.uid, f"{other.uid} ({game.card(other).name}, "
                                    f"armor {armor})", other.hex))
            for h, fort in sorted(state.fortifications.items(), key=lambda kv: hex_label(kv[0])):
                if fort.pips.total > 0:
                    structure = game.cards.structure(fort.structure)
                    owner = f"side {fort.owner}'s " if fort.owner is not None else ""
                    targets.append((f"@{hex_label(h)}", f"{owner}{structure.name} on "
                                    f"{hex_label(h)} (armor {structure.armor})", h))
            for target, words, h in targets:
                if range_problem(piece.hex, h, weapon) or sight_problem(board, piece.hex, h):
                    continue
                shot = (Shot(weapon.id, tile=h) if target.startswith("@") else
                        Shot(weapon.id, unit=target))
                try:  # the engine's own test: a unit hidden in a fortification, one's own
                    shot_target(game, state, piece, shot)  # fortification (by the rulings)
                except ActivationError:
                    continue
                armor = (game.cards.structure(state.fortifications[h].structure).armor
                         if target.startswith("@") else game.card(state.pieces[target]).armor)
                need = penetration_need(armor, table)
                odds = need.odds(weapon.penetration)
                sure = target.startswith("@") and game.rules.fortifications.hits != "penetration"
                chance = ("one hit, no roll" if sure else
                          f"needs {need.text()} on {weapon.penetration.text()}: "
                          f"{round(100 * odds)}%")
                box.addItem(f"{words}: {chance}", target)
                marked.add(h)
            box.currentIndexChanged.connect(self.completeChanged)
            box.currentIndexChanged.connect(lambda _i: self._draw())
            self.boxes[weapon.id] = box
            label = QLabel(f"{weapon.name} (R {weapon.range}, penetration "
                           f"{weapon.penetration.text()}) fires at:")
            label.setWordWrap(True)
            self.row_widgets += [label, box]
            self.rows.addWidget(label)
            self.rows.addWidget(box)
        self.marked = marked
        stretch = QWidget()
        self.row_widgets.append(stretch)
        self.rows.addWidget(stretch, 1)
        self._draw()

    def cleanupPage(self) -> None:
        self._wizard().overlay.clear_hexes()

    def _draw(self) -> None:
        wizard = self._wizard()
        wizard.overlay.clear_hexes()
        wizard.overlay.hexes(self.marked, LEGAL, "a target in range and sight")
        chosen: set[Hex] = set()
        for shot in self.shots():
            at = shot.tile if shot.unit is None else wizard.state.pieces[shot.unit].hex
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
                wizard = self._wizard()
                tile = next(h for h in wizard.state.fortifications if hex_label(h) == target[1:])
                out.append(Shot(weapon, tile=tile))
            else:
                out.append(Shot(weapon, unit=target))
        return tuple(out)

    def isComplete(self) -> bool:
        return bool(self.shots())

    def nextId(self) -> int:
        return DICE
