"""The page of a move: the path the miniature really took, said tile by tile (clause
``activation.move-actions``: what a move costs depends on the tiles it leaves, a vehicle's
slots and an aircraft's meetings on every tile it crosses, so the path is the move).

The tiles the path can go on to are tinted on the map by what the whole move would cost
(the engine's own search from where the path has got to,
:func:`~referee.rules.activation.movement.onward`); a click on one goes on to it by the
cheapest way from there (:func:`~referee.rules.activation.movement.extend_path`): a click
on each tile in turn says the path exactly, a click on a far tile takes the cheapest path,
and a row of the list (clicked, or Return) goes on to a tile with a facing. The path is
drawn as arrows, judged by the engine (:func:`~referee.rules.activation.movement.check_path`)
step by step with its cost, and written into the command (``path=``). A click on a tile of
the path (or Take back) takes the path back to there. The activate wizard's move and a
"before the battle" move (a scout move) share the page.

An aircraft may also fly into another aircraft's position (its tile, or its slots: ruling
``activation.aircraft-collision``), which the engine's search leaves out: the move ends
there and both are destroyed (clause ``activation.aircraft-collisions``). Those tiles are
offered too, red, each move dry-run on a copy of the match, its words the engine's
outcome. An aircraft's tile over a building the enemy holds says so and cites ruling
``activation.aircraft-enemy-building`` (whether it may stop there or only fly across). A tile
whose building's health check the move would bring on says so
(:mod:`~referee.app.activation.wizards.health_words`)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWizardPage,
)

from referee.app.activation.wizards.base import CHOSEN, ActivationWizard, dry_run
from referee.app.activation.wizards.health_words import health_check_words
from referee.app.activation.wizards.sharing import sharing_words
from referee.app.map.move_arrow_item import MoveArrow
from referee.board.hexgrid import Hex, facing_name, hex_label
from referee.rules.activation.actions import pose_of
from referee.rules.activation.commands import Move
from referee.rules.activation.game import move_board
from referee.rules.activation.movement import (
    PathCheck,
    check_path,
    extend_path,
    met_aircraft,
    move_graph,
    onward,
    step_problem,
    steps_from,
)
from referee.rules.activation.record import Outcome
from referee.rules.activation.slots import Pose
from referee.rules.activation.state import Piece

COLLISION = "#c62828"
"""The colour of a tile where an aircraft's move would meet another aircraft."""
ROUTE = "#90caf9"
"""The colour of the tiles the path has crossed."""


def collisions(
    wizard: ActivationWizard, piece: Piece, path: tuple[Pose, ...] = (), spent: int = 0
) -> dict[Pose, tuple[tuple[Pose, ...], int, str]]:
    """The moves of the aircraft ``piece`` that go on from ``path`` (costing ``spent``) to
    end flying into a tile another aircraft holds, the cheapest per end: end pose -> (the
    whole path, its cost, what the engine decides)."""
    import networkx as nx

    game, state = wizard.game, wizard.state
    mover, table = game.mover(piece), game.rules.movement
    board = move_board(game, state, piece)
    if mover.moves != "aircraft" or not board.aircraft:
        return {}
    start = path[-1] if path else pose_of(piece)
    graph = move_graph(mover, start, table, board, mover.movement - spent)
    costs = nx.single_source_dijkstra_path_length(
        graph, start, cutoff=mover.movement - spent, weight="cost"
    )
    best: dict[Pose, tuple[int, Pose]] = {}
    for via, cost in costs.items():
        for s in steps_from(via, mover, table, board):
            total = spent + int(cost) + s.cost
            if (
                total > mover.movement
                or met_aircraft(s, mover, table, board) is None
                or step_problem(s, mover, table, board) is not None
            ):
                continue
            if s.end not in best or total < best[s.end][0]:
                best[s.end] = (total, via)
    out: dict[Pose, tuple[tuple[Pose, ...], int, str]] = {}
    for end, (total, via) in best.items():
        to_via: list[Pose] = nx.dijkstra_path(graph, start, via, weight="cost")
        whole = (*path, *to_via[1:], end)
        outcome = dry_run(wizard, Move(piece.uid, whole))
        if isinstance(outcome, Outcome):
            out[end] = (whole, total, outcome.decision.summary.split("; ", 1)[-1])
    return out


def enemy_building_words(reading: str) -> str:
    """What an aircraft's tile over an enemy building is, as the ruling reads (ruling
    ``activation.aircraft-enemy-building``: it may end its move there, or only fly across)."""
    ruling = "(ruling activation.aircraft-enemy-building)"
    if reading == "over":
        return f"over the enemy's building, not inside it {ruling}"
    return f"across the enemy's building, not to stop there {ruling}"


def cost_colour(cost: int, most: int) -> str:
    """The tint of a reachable tile: dark green for the cheapest, paling to yellow-green
    as the cost nears the most the move can cost."""
    t = 0.0 if most <= 1 else (cost - 1) / (most - 1)
    ends = ((0x1B, 0xC0), (0x5E, 0xCA), (0x20, 0x33))
    red, green, blue = (round(a + (b - a) * t) for a, b in ends)
    return f"#{red:02x}{green:02x}{blue:02x}"


class MovePage(QWizardPage):
    """The path the wizard's unit (:meth:`ActivationWizard.piece`) moves along (see the
    module docstring); ``after`` gives the id of the page that follows."""

    def __init__(self, after: Callable[[], int], title: str = "Move") -> None:
        super().__init__()
        self.after = after
        self.setTitle(title)
        self.setSubTitle(
            "Say the path the miniature took: click each tile it crossed in "
            "turn (a far tile: the cheapest way there), or pick a tile and "
            "facing below. Green tiles are where it can go on to, by what the "
            "whole move costs."
        )
        self.route_label = QLabel()
        self.route_label.setTextFormat(Qt.TextFormat.PlainText)
        self.route_label.setWordWrap(True)
        self.back_button = QPushButton("Take back the last tile")
        self.clear_button = QPushButton("Start again")
        self.back_button.clicked.connect(self.take_back)
        self.clear_button.clicked.connect(lambda: self.set_route(()))
        self.list = QListWidget()
        layout = QVBoxLayout(self)
        layout.addWidget(self.route_label)
        buttons = QHBoxLayout()
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.clear_button)
        layout.addLayout(buttons)
        self.onward_label = QLabel("Go on to:")
        self.onward_label.setTextFormat(Qt.TextFormat.PlainText)
        self.onward_label.setWordWrap(True)
        layout.addWidget(self.onward_label)
        layout.addWidget(self.list, 1)
        self.start: Pose | None = None
        self.route: tuple[Pose, ...] = ()
        self.checked: PathCheck | None = None
        self.collided = ""
        """What the engine says of the path's end flying into another aircraft (it can go
        no further); "" when it does not."""
        self.ends: list[tuple[Pose, int]] = []
        self.collisions: dict[Pose, tuple[tuple[Pose, ...], int, str]] = {}
        self.list.itemClicked.connect(self._row_clicked)
        self.list.installEventFilter(self)

    def _wizard(self) -> ActivationWizard:
        wizard = self.wizard()
        assert isinstance(wizard, ActivationWizard)
        return wizard

    def initializePage(self) -> None:
        piece = self._wizard().piece()
        self.start = pose_of(piece) if piece is not None else None
        self.set_route(())

    def cleanupPage(self) -> None:
        overlay = self._wizard().overlay
        overlay.clear_hexes()
        overlay.arrows([])

    def set_route(self, route: tuple[Pose, ...], collided: str = "") -> None:
        """Make ``route`` the path said so far (``collided``: what its end flying into
        another aircraft does), judge it, and offer where it can go on to."""
        wizard = self._wizard()
        piece = wizard.piece()
        self.route, self.collided = route, collided
        self.list.clear()
        self.ends, self.collisions, self.checked = [], {}, None
        if piece is None or self.start is None:
            self._show()
            return
        game = wizard.game
        mover, table = game.mover(piece), game.rules.movement
        board = move_board(game, wizard.state, piece)
        self.checked = check_path(mover, self.start, route, table, board)
        if not collided:
            at = route[-1] if route else self.start
            costs = onward(mover, self.start, route, table, board)
            self.ends = sorted(
                costs.items(),
                key=lambda pc: (
                    pc[1],
                    hex_label(pc[0].hex),
                    pc[0].facing != at.facing,
                    pc[0].facing,
                ),
            )
            self.collisions = collisions(wizard, piece, route, self.checked.cost)
            self.ends += sorted(
                ((p, c[1]) for p, c in self.collisions.items()),
                key=lambda pc: (pc[1], hex_label(pc[0].hex), pc[0].facing),
            )
        free = game.moves(piece) == "free"
        over = board.enemy_buildings if game.moves(piece) == "aircraft" else frozenset()
        for pose, cost in self.ends:
            facing = "" if free else f" facing {facing_name(pose.facing)}"
            met = self.collisions.get(pose)
            what = f" — {met[2]}" if met is not None else ""
            if pose.hex in over:
                what += f" — {enemy_building_words(table.enemy_building)}"
            what += sharing_words(game, wizard.state, piece, pose.hex)
            what += health_check_words(game, wizard.state, piece, pose.hex)
            self.list.addItem(QListWidgetItem(f"{hex_label(pose.hex)}{facing}: costs {cost}{what}"))
        self.list.setCurrentRow(-1)  # no row looks taken: Down goes to the first
        self._show()

    def _show(self) -> None:
        """The path in words (the engine's working) and on the map."""
        checked = self.checked
        self.back_button.setEnabled(bool(self.route))
        if self.collided:
            self.onward_label.setText("Go on to: nowhere, the move ends in the collision.")
        elif checked is not None and not self.ends:
            self.onward_label.setText(
                f"Go on to: nowhere, its Movement ({checked.mover.movement}) takes it no further."
            )
        else:
            self.onward_label.setText("Go on to:")
        self.clear_button.setEnabled(bool(self.route))
        if checked is None or not self.route:
            self.route_label.setText(
                f"The path: not started (it stands on {self.start.text() if self.start else '?'})."
            )
        else:
            lines = [
                f"The path: {len(self.route)} step(s), costs {checked.cost} of "
                f"{checked.mover.movement}"
                + (f", the move ends there: {self.collided}" if self.collided else "")
            ]
            lines += [f"{i}. {s.text()}" for i, s in enumerate(checked.steps, 1)]
            if not self.collided:
                lines += [f"Not yet a legal move: {p}" for p in checked.problems]
            self.route_label.setText("\n".join(lines))
        self._draw()
        self.completeChanged.emit()

    def _draw(self) -> None:
        overlay = self._wizard().overlay
        overlay.clear_hexes()
        cheapest: dict[Hex, int] = {}
        for pose, cost in self.ends:
            if pose not in self.collisions:
                cheapest[pose.hex] = min(cost, cheapest.get(pose.hex, cost))
        most = max(cheapest.values(), default=1)
        for cost in sorted(set(cheapest.values())):
            overlay.hexes(
                [h for h, c in cheapest.items() if c == cost],
                cost_colour(cost, most),
                f"it can go on to it: the move costs {cost} of {most}",
            )
        overlay.hexes(
            {p.hex for p in self.collisions},
            COLLISION,
            "another aircraft's tile: flying in destroys both",
        )
        arrows: list[MoveArrow] = []
        piece = self._wizard().piece()
        side = piece.side if piece is not None else None
        if self.start is not None and self.route:
            at = self.start.hex
            crossed = [p.hex for p in self.route[:-1] if p.hex != self.start.hex]
            overlay.hexes(crossed, ROUTE, "the path crosses it")
            for i, pose in enumerate(self.route, 1):
                if pose.hex != at:
                    arrows.append(MoveArrow(at, pose.hex, "move", f"step {i}: {pose.text()}", side))
                at = pose.hex
        overlay.arrows(arrows)
        end = self.end()
        if end is not None:
            overlay.hexes([end[0].hex], CHOSEN, f"the move's end, {end[0].text()}: costs {end[1]}")

    def _row_clicked(self, item: QListWidgetItem) -> None:
        self.go_on(self.list.row(item))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The keyboard in the list: arrows to a row, Return goes on to it (and is not the
        wizard's Next)."""
        if (
            watched is self.list
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            if self.list.currentRow() >= 0:
                self.go_on(self.list.currentRow())
            return True
        return super().eventFilter(watched, event)

    def go_on(self, row: int) -> None:
        """Go on to the ``row``-th tile offered, by the cheapest way there."""
        pose, _ = self.ends[row]
        met = self.collisions.get(pose)
        if met is not None:
            self.set_route(met[0], collided=met[2])
            return
        wizard = self._wizard()
        piece = wizard.piece()
        if piece is None or self.start is None:
            return
        game = wizard.game
        longer = extend_path(
            game.mover(piece),
            self.start,
            self.route,
            pose,
            game.rules.movement,
            move_board(game, wizard.state, piece),
        )
        if longer is not None:
            self.set_route(longer)

    def take_back(self) -> None:
        """Take back the last tile moved into (and the turns made on it)."""
        route = list(self.route)
        if route:
            last = route.pop().hex
            while route and route[-1].hex == last:
                route.pop()
        self.set_route(tuple(route))

    def end(self) -> tuple[Pose, int] | None:
        """Where the path ends and what it costs (None: no path said yet)."""
        if not self.route or self.checked is None:
            return None
        return self.route[-1], self.checked.cost

    def path(self) -> tuple[Pose, ...]:
        """The path said (the command's ``path=``)."""
        return self.route

    def pick_hex(self, h: Hex) -> bool:
        """A click on a tile of the path (its start included) takes the path back to there;
        one on a tile it can go on to goes on to it (the cheapest way, the facing it has now
        first)."""
        if self.route and self.start is not None and h == self.start.hex:
            self.set_route(())
            return True
        for i in range(len(self.route) - 2, -1, -1):
            if self.route[i].hex == h:
                self.set_route(self.route[: i + 1])
                return True
        for i, (pose, _) in enumerate(self.ends):
            if pose.hex == h:
                self.go_on(i)
                return True
        return False

    def isComplete(self) -> bool:
        checked = self.checked
        return bool(self.route) and checked is not None and (bool(self.collided) or checked.legal)

    def nextId(self) -> int:
        return self.after()
