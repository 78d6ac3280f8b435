"""The page of a move: every tile the wizard's unit can end its move on, highlighted on the
map with its cost (the engine's own search,
:func:`~referee.rules.activation.movement.reachable`); a click or a pick takes the cheapest
path there (:func:`~referee.rules.activation.movement.cheapest_path`). The activate wizard's
move and a "before the battle" move (a scout move) share it.

An aircraft may also fly into a tile another aircraft holds, which the engine's search
leaves out: the move ends there and both are destroyed (clause
``activation.aircraft-collisions``). Those tiles are offered too, red, each move dry-run on
a copy of the match, its words the engine's outcome."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout, QWizardPage

from referee.app.activation.wizards.base import CHOSEN, ActivationWizard, dry_run
from referee.board.hexgrid import DIRECTION_NAMES, Hex, hex_label
from referee.rules.activation.actions import pose_of
from referee.rules.activation.commands import Move
from referee.rules.activation.game import move_board
from referee.rules.activation.movement import (
    cheapest_path,
    move_graph,
    reachable,
    step_problem,
    steps_from,
)
from referee.rules.activation.record import Outcome
from referee.rules.activation.slots import Pose
from referee.rules.activation.state import Piece

COLLISION = "#c62828"
"""The colour of a tile where an aircraft's move would meet another aircraft."""


def collisions(wizard: ActivationWizard, piece: Piece) -> dict[Pose, tuple[tuple[Pose, ...],
                                                                           int, str]]:
    """The moves of the aircraft ``piece`` that end flying into a tile another aircraft
    holds, the cheapest per end: end pose -> (path, cost, what the engine decides)."""
    import networkx as nx

    game, state = wizard.match.game, wizard.state
    mover, table = game.mover(piece), game.rules.movement
    board = move_board(game, state, piece)
    met = {p.hex for p in board.aircraft.values()}
    if mover.moves != "aircraft" or not met:
        return {}
    start = pose_of(piece)
    graph = move_graph(mover, start, table, board)
    costs = nx.single_source_dijkstra_path_length(graph, start, cutoff=mover.movement,
                                                  weight="cost")
    best: dict[Pose, tuple[int, Pose]] = {}
    for via, cost in costs.items():
        for s in steps_from(via, mover, table, board):
            total = int(cost) + s.cost
            if s.end.hex not in met or total > mover.movement \
                    or step_problem(s, mover, table, board) is not None:
                continue
            if s.end not in best or total < best[s.end][0]:
                best[s.end] = (total, via)
    out: dict[Pose, tuple[tuple[Pose, ...], int, str]] = {}
    for end, (total, via) in best.items():
        to_via: list[Pose] = nx.dijkstra_path(graph, start, via, weight="cost")
        path = (*to_via[1:], end)
        outcome = dry_run(wizard, Move(piece.uid, path))
        if isinstance(outcome, Outcome):
            out[end] = (path, total, outcome.decision.summary.split("; ", 1)[-1])
    return out


def cost_colour(cost: int, most: int) -> str:
    """The tint of a reachable tile: dark green for the cheapest, paling to yellow-green
    as the cost nears the most the move can cost."""
    t = 0.0 if most <= 1 else (cost - 1) / (most - 1)
    ends = ((0x1b, 0xc0), (0x5e, 0xca), (0x20, 0x33))
    red, green, blue = (round(a + (b - a) * t) for a, b in ends)
    return f"#{red:02x}{green:02x}{blue:02x}"


class MovePage(QWizardPage):
    """Where the wizard's unit (:meth:`ActivationWizard.piece`) ends its move: the tiles it
    can reach, with their cost; ``after`` gives the id of the page that follows."""

    def __init__(self, after: Callable[[], int], title: str = "Move") -> None:
        super().__init__()
        self.after = after
        self.setTitle(title)
        self.setSubTitle("The tiles it can end its move on are green on the map (the cost "
                         "in their tip): click one, or pick a tile and facing below.")
        self.list = QListWidget()
        layout = QVBoxLayout(self)
        layout.addWidget(self.list, 1)
        self.ends: list[tuple[Pose, int]] = []
        self.collisions: dict[Pose, tuple[tuple[Pose, ...], int, str]] = {}
        self.list.itemSelectionChanged.connect(self._picked)

    def _wizard(self) -> ActivationWizard:
        wizard = self.wizard()
        assert isinstance(wizard, ActivationWizard)
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
        self.collisions = collisions(wizard, piece)
        self.ends += sorted(((p, c[1]) for p, c in self.collisions.items()),
                            key=lambda pc: (pc[1], hex_label(pc[0].hex), pc[0].facing))
        for pose, cost in self.ends:
            facing = "" if free else f" facing {DIRECTION_NAMES[pose.facing]}"
            met = self.collisions.get(pose)
            what = f" — {met[2]}" if met is not None else ""
            item = QListWidgetItem(f"{hex_label(pose.hex)}{facing}: costs {cost}{what}")
            self.list.addItem(item)
        self._draw()

    def cleanupPage(self) -> None:
        self._wizard().overlay.clear_hexes()

    def _draw(self) -> None:
        overlay = self._wizard().overlay
        overlay.clear_hexes()
        cheapest: dict[Hex, int] = {}
        for pose, cost in self.ends:
            if pose not in self.collisions:
                cheapest[pose.hex] = min(cost, cheapest.get(pose.hex, cost))
        most = max(cheapest.values(), default=1)
        for cost in sorted(set(cheapest.values())):
            overlay.hexes([h for h, c in cheapest.items() if c == cost], cost_colour(cost, most),
                          f"reachable: costs {cost} of {most}")
        overlay.hexes({p.hex for p in self.collisions}, COLLISION,
                      "another aircraft's tile: flying in destroys both")
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
        if end[0] in self.collisions:
            return self.collisions[end[0]][0]
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
        return self.after()
