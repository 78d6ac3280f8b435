"""The line-of-sight tool: pick two hexes (or a unit and a hex) and see the engine's answer.

After the first click the line follows the mouse (:meth:`LosPanel.hover`), its verdict in
the prompt at once and its working in words once the mouse rests; the second click keeps
it. The line is drawn on the map between the hex centres, the hexes it crosses are tinted, the
hexes that stop it are marked red (hatched purple when the far end is only blind), and the
panel gives the range, each weapon's range band for a unit at the first hex, the sectors the
line leaves and enters by, and the working in words with its clauses and rulings
(:func:`referee.board.los.line_of_sight`), each clause and ruling a link to the rules browser
(``ruleRequested``). The visibility overlay shades, from the hex under the mouse (or the
hex a click kept) at a chosen level, every hex it cannot see, and hatches the blind ones:
the single-source engine (:meth:`referee.board.visibility.Visibility.from_hex`) of the
board, kept while the board stays (:class:`~referee.app.map.board_sight.BoardSight`). Choosing
another tab of the panel's dock (Rules, say) stops a line or a shading that follows the mouse
(:meth:`LosPanel.put_away`); an answer kept by a click stays on the map. What the tool
says of a sight is :mod:`referee.app.docks.sight_words`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer, QUrl, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from referee.app.docks.sight_words import labels, sight_html, sight_roles, verdict
from referee.app.map.board_sight import BoardSight
from referee.app.map.map_scene import MapScene
from referee.app.map.overlay_layer import role_code
from referee.app.widgets.boxes import ComboBox
from referee.board.hexgrid import Hex, distance, hex_label
from referee.board.los import FLYING_LEVEL, LosBoard, Sight, line_of_sight
from referee.rules.orders.board_now import board_now
from referee.rules.orders.state import MatchState
from referee.rules.state import UnitState

AUTO = "terrain"
ANSWER_MS = 120
"""How long the mouse rests before the answer is written out in words."""
LEVEL_CHOICES = (AUTO, "0", "1", "2")


def _level_combo() -> QComboBox:
    box = ComboBox()
    box.addItems(LEVEL_CHOICES)
    box.setToolTip("Height level: the terrain's (2 for a flying unit), or 0, 1, 2")
    return box


class LosPanel(QWidget):
    """The tool's controls and answer; it draws its overlays on ``scene``."""

    modeChanged = Signal(str)
    ruleRequested = Signal(str)  # a clause: or ruling: link clicked in the answer

    def __init__(self, scene: MapScene, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scene = scene
        self.state: MatchState | None = None
        self.mode = ""
        self.first: Hex | None = None
        self.sight: Sight | None = None
        self.visibility_source: Hex | None = None
        self.hovered: Hex | None = None
        """The hex under the mouse (None: off the map)."""
        self.pinned: Hex | None = None
        """The hex the visibility shading was kept on by a click (None: it follows)."""
        self.waiting: Hex | None = None
        """A hex whose shading waits for the board's engines (a large map)."""
        self.engines = BoardSight(self)
        self.engines.ready.connect(self._engines_ready)
        self._write: Callable[[], None] | None = None
        self.answer_timer = QTimer(self)
        self.answer_timer.setSingleShot(True)
        self.answer_timer.setInterval(ANSWER_MS)
        self.answer_timer.timeout.connect(self._write_now)

        self.line_button = QPushButton("Line of sight (L)")
        self.line_button.setCheckable(True)
        self.line_button.setToolTip("Click a first hex (or a unit), then a second hex")
        self.vis_button = QPushButton("Visibility")
        self.vis_button.setCheckable(True)
        self.vis_button.setToolTip("Click a hex: shade what it cannot see, hatch blind hexes")
        self.clear_button = QPushButton("Clear")
        self.from_level, self.to_level, self.vis_level = (
            _level_combo(),
            _level_combo(),
            _level_combo(),
        )
        self.prompt = QLabel("Press L or the button, then click two hexes.")
        self.prompt.setTextFormat(Qt.TextFormat.PlainText)
        self.prompt.setWordWrap(True)
        self.result = QTextBrowser()
        self.result.setOpenLinks(False)

        buttons = QHBoxLayout()
        buttons.addWidget(self.line_button)
        buttons.addWidget(self.vis_button)
        buttons.addWidget(self.clear_button)
        levels = QFormLayout()
        levels.addRow("From level", self.from_level)
        levels.addRow("To level", self.to_level)
        levels.addRow("Visibility level", self.vis_level)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addLayout(levels)
        layout.addWidget(self.prompt)
        layout.addWidget(self.result, 1)

        self.line_button.clicked.connect(lambda on: self.set_mode("los" if on else ""))
        self.vis_button.clicked.connect(lambda on: self.set_mode("visibility" if on else ""))
        self.clear_button.clicked.connect(self.clear)
        for box in (self.from_level, self.to_level):
            box.currentIndexChanged.connect(self._again)
        self.vis_level.currentIndexChanged.connect(self._again)
        self.result.anchorClicked.connect(self._link)

    def _link(self, url: QUrl) -> None:
        self.ruleRequested.emit(url.toString())

    # --- modes ------------------------------------------------------------------------

    def set_mode(self, mode: str) -> None:
        """``los`` (pick two hexes), ``visibility`` (pick one) or ``""`` (tool off)."""
        self.mode = mode
        self.first = None
        self.pinned = None
        self.line_button.setChecked(mode == "los")
        self.vis_button.setChecked(mode == "visibility")
        self.prompt.setText(
            {
                "los": "Click the first hex (or a unit): the line then follows the mouse.",
                "visibility": "Move over the map: the shading follows the mouse; click a hex "
                "to keep it.",
            }.get(mode, "Press L or the button, then click two hexes.")
        )
        if mode == "visibility":
            self.engines.prepare()  # a large map: in the worker thread, while the mouse moves
            if self.engines.working:
                self.prompt.setText(self._working_text())
        self.modeChanged.emit(mode)

    def pick(self, h: Hex) -> None:
        """A hex clicked on the map while the tool is on."""
        if self.mode == "visibility":
            if self.pinned == h:  # the kept hex again: follow the mouse again
                self.pinned = None
                self.show_visibility(h, final=False)
                self.prompt.setText("The shading follows the mouse again; click a hex to keep it.")
            else:
                self.pinned = h
                self.show_visibility(h)
        elif self.mode == "los":
            if self.first is None:
                self.first = h
                self.sight = None
                self.visibility_source = None
                self.scene.show_overlay({h: "start"})
                self.prompt.setText(
                    f"From {hex_label(h)}: move to a hex to see the line, click to keep it."
                )
            else:
                first, self.first = self.first, None
                self.show_line(first, h)

    def hover(self, h: Hex | None) -> None:
        """The mouse is over ``h`` (None: off the map): the line from the first hex, or the
        shading of what ``h`` sees, follows it."""
        self.hovered = h
        if h is None or self.engines.board is None:
            return
        if self.mode == "los" and self.first is not None:
            self.show_line(self.first, h, final=False)
        elif self.mode == "visibility" and self.pinned is None:
            self.show_visibility(h, final=False)

    def clear(self) -> None:
        self.first = None
        self.sight = None
        self.visibility_source = None
        self.scene.clear_overlay()
        self.result.clear()
        self.set_mode("")

    @property
    def following(self) -> bool:
        """Whether what the tool shows follows the mouse (the line after a first hex, the
        shading no click has kept) rather than an answer kept by a click."""
        return (self.mode == "los" and self.first is not None) or (
            self.mode == "visibility" and self.pinned is None
        )

    def put_away(self) -> None:
        """The panel went out of sight (another tab of its dock, such as Rules, or closed):
        a line or shading that follows the mouse goes with the tool, which stops, so nothing
        is left on the map that the panel no longer explains; a kept answer stays."""
        if self.following:
            self.clear()

    def set_state(self, state: MatchState) -> None:
        """The match changed (smoke placed, a unit moved): answer again. The engines of the
        board are kept unless its terrain, smoke or rulings changed."""
        self.state = state
        self.engines.set_board(board_now(state))
        if self.mode == "visibility":
            self.engines.prepare()
        self._again()

    def set_board(self, board: LosBoard) -> None:
        """A board with no units of a match of written orders on it (the activation rules'
        map, its buildings as terrain): the lines and the shading answered over it, the
        levels the terrain's or those chosen. The engines are kept while it stays equal."""
        self.state = None
        self.engines.set_board(board)
        if self.mode == "visibility":
            self.engines.prepare()
        self._again()

    def _again(self) -> None:
        if self.sight is not None:
            self.show_line(self.sight.start, self.sight.end, final=self.first is None)
        elif self.visibility_source is not None:
            self.show_visibility(self.visibility_source, final=self.pinned is not None)

    def _engines_ready(self) -> None:
        """The board's engines are prepared: show what waited for them."""
        waiting, self.waiting = self.waiting, None
        if waiting is not None and self.mode == "visibility":
            self.show_visibility(
                self.pinned or self.hovered or waiting, final=self.pinned is not None
            )

    def _working_text(self) -> str:
        hexes = len(self.engines.board.battle_map) if self.engines.board is not None else 0
        return f"Working out the lines of sight of this map ({hexes} hexes) \N{HORIZONTAL ELLIPSIS}"

    def _later(self, write: Callable[[], None]) -> None:
        """Write the answer in words once the mouse rests (a large text at every move would
        cost more than the drawing)."""
        self._write = write
        self.answer_timer.start()

    def _write_now(self) -> None:
        write, self._write = self._write, None
        if write is not None:
            write()

    # --- answers ----------------------------------------------------------------------

    def _unit_at(self, h: Hex) -> UnitState | None:
        if self.state is None:
            return None
        return next((u for u in self.state.units.values() if u.hex == h), None)

    def _level(self, box: QComboBox, h: Hex) -> int | None:
        text = box.currentText()
        if text != AUTO:
            return int(text)
        unit = self._unit_at(h)
        return FLYING_LEVEL if unit is not None and unit.flying else None  # clause los.flying

    def show_line(self, a: Hex, b: Hex, final: bool = True) -> Sight | None:
        """Answer and draw the line from ``a`` to ``b``; ``final``: the line is kept (the
        second click), else it follows the mouse and its words follow when it rests."""
        if self.engines.board is None:
            return None
        board = self.engines.board
        sight = line_of_sight(
            board, a, b, self._level(self.from_level, a), self._level(self.to_level, b)
        )
        self.sight = sight
        self.visibility_source = None
        self.scene.show_overlay(sight_roles(sight), (a, b), verdict(sight))
        said = {
            "visible": "sees it",
            "blind": "blind",
            "blocked": f"blocked by {labels(sight.blocked_by)}",
        }[verdict(sight)]
        line = f"Line {hex_label(a)} to {hex_label(b)} (range {distance(a, b)}): {said}."
        if final:
            self.answer_timer.stop()
            self._write = None
            self.result.setHtml(self._sight_html(sight))
            self.prompt.setText(
                f"{line} Click a new first hex, or Esc to stop." if self.mode == "los" else line
            )
        else:
            self._later(lambda: self.result.setHtml(self._sight_html(sight)))
            self.prompt.setText(f"{line} Click to keep it.")
        return sight

    def _sight_html(self, sight: Sight) -> str:
        rules = self.state.rules if self.state is not None else None
        shooter, target = self._unit_at(sight.start), self._unit_at(sight.end)
        return sight_html(sight, shooter, target, rules)

    def show_visibility(self, source: Hex, final: bool = True) -> tuple[set[Hex], set[Hex]] | None:
        """Shade what ``source`` cannot see and hatch the blind hexes; returns both sets
        (None while the engines of a large map are being prepared: it is shown then)."""
        if self.engines.board is None:
            return None
        board = self.engines.board
        level = self._level(self.vis_level, source)
        answer = self.engines.sees(source, level)
        self.sight = None
        self.visibility_source = source
        if answer is None:
            self.waiting = source
            self.prompt.setText(self._working_text())
            return None
        import numpy as np  # already there: the engines answered in numpy's vectors

        visible, blind = answer
        hexes = board.battle_map.hexes
        index = board.battle_map.index[source]
        codes = np.where(
            blind, role_code("blind"), np.where(visible, 0, role_code("hidden"))
        ).astype(np.uint8)
        codes[index] = role_code("source")
        self.scene.show_overlay_codes(codes)
        seen_count, blind_count = int(visible.sum()), int(blind.sum())
        shown_level = board.height(source) if level is None else level
        head = (
            f"From {hex_label(source)} at level {shown_level}: sees {seen_count} of "
            f"{len(hexes) - 1} hexes, {blind_count} blind (hatched), "
            f"{len(hexes) - 1 - seen_count - blind_count} blocked (shaded)."
        )
        self.prompt.setText(
            f"{head} Click another hex, or Esc to stop." if final else f"{head} Click to keep it."
        )
        blind_hexes = [hexes[i] for i in np.flatnonzero(blind)]

        def write() -> None:
            self.result.setHtml(
                f"<p><b>From {hex_label(source)} at level {shown_level}</b>: sees "
                f"{seen_count} of {len(hexes) - 1} hexes; {blind_count} blind (hatched), "
                f"{len(hexes) - 1 - seen_count - blind_count} blocked (shaded).</p>"
                f"<p>Blind: {labels(sorted(blind_hexes))}</p>"
                "<p style='color:#555'>Hatched purple: blind hexes (the line stops within "
                "the hexes behind a blocker); dark: blocked.</p>"
            )

        if final:
            self.answer_timer.stop()
            self._write = None
            write()
        else:
            self._later(write)
        seen = {hexes[i] for i in np.flatnonzero(visible)}
        return seen, set(blind_hexes)
