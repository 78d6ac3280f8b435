"""The line-of-sight tool: pick two hexes (or a unit and a hex) and see the engine's answer.

The line is drawn on the map between the hex centres, the hexes it crosses are tinted, the
hexes that stop it are marked red (hatched purple when the far end is only blind), and the
panel gives the range, each weapon's range band for a unit at the first hex, the sectors the
line leaves and enters by, and the working in words with its clauses and rulings
(:func:`referee.board.los.line_of_sight`), each clause and ruling a link to the rules browser
(``ruleRequested``). The visibility overlay shades, from one hex at a
chosen level, every hex it cannot see, and hatches the blind ones
(:meth:`referee.board.visibility.Visibility.from_hex`).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from PySide6.QtCore import QUrl, Signal
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

from referee.app.map_scene import MapScene
from referee.app.rule_html import clause_links, rule_link, ruling_links
from referee.board.facing import crossing
from referee.board.hexgrid import Hex, hex_label
from referee.board.los import FLYING_LEVEL, Sight, line_of_sight
from referee.board.ranges import shot_range
from referee.board.visibility import Visibility
from referee.match.board_now import board_now
from referee.match.state import MatchState
from referee.rules.state import UnitState

AUTO = "terrain"
LEVEL_CHOICES = (AUTO, "0", "1", "2")


def _level_combo() -> QComboBox:
    box = QComboBox()
    box.addItems(LEVEL_CHOICES)
    box.setToolTip("Height level: the terrain's (2 for a flying unit), or 0, 1, 2")
    return box


def sight_roles(sight: Sight) -> dict[Hex, str]:
    """The overlay role of each hex the line meets (what the map tints)."""
    roles: dict[Hex, str] = {}
    for a, b in sight.line.edges:
        roles.setdefault(a, "edge")
        roles.setdefault(b, "edge")
    for h in sight.line.vertices:
        roles.setdefault(h, "corner")
    for h in sight.line.crossed:
        roles[h] = "crossed"
    for h in sight.blocked_by:
        roles[h] = "blind" if sight.blind else "blocked"
    roles[sight.start] = "start"
    roles[sight.end] = "end"
    return roles


def verdict(sight: Sight) -> str:
    return "visible" if sight.visible else "blind" if sight.blind else "blocked"


def _labels(hexes: Iterable[Hex]) -> str:
    return ", ".join(hex_label(h) for h in hexes) or "none"


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
        self.line_button.setChecked(mode == "los")
        self.vis_button.setChecked(mode == "visibility")
        self.prompt.setText(
            {
                "los": "Click the first hex (or a unit).",
                "visibility": "Click the hex to look from.",
            }.get(mode, "Press L or the button, then click two hexes.")
        )
        self.modeChanged.emit(mode)

    def pick(self, h: Hex) -> None:
        """A hex clicked on the map while the tool is on."""
        if self.mode == "visibility":
            self.show_visibility(h)
        elif self.mode == "los":
            if self.first is None:
                self.first = h
                self.sight = None
                self.visibility_source = None
                self.scene.show_overlay({h: "start"})
                self.prompt.setText(f"From {hex_label(h)}: click the second hex.")
            else:
                first, self.first = self.first, None
                self.show_line(first, h)

    def clear(self) -> None:
        self.first = None
        self.sight = None
        self.visibility_source = None
        self.scene.clear_overlay()
        self.result.clear()
        self.set_mode("")

    def set_state(self, state: MatchState) -> None:
        """The match changed (smoke placed, a unit moved): answer again."""
        self.state = state
        self._again()

    def _again(self) -> None:
        if self.sight is not None:
            self.show_line(self.sight.start, self.sight.end)
        elif self.visibility_source is not None:
            self.show_visibility(self.visibility_source)

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

    def show_line(self, a: Hex, b: Hex) -> Sight | None:
        """Answer and draw the line from ``a`` to ``b``."""
        if self.state is None:
            return None
        board = board_now(self.state)
        sight = line_of_sight(
            board, a, b, self._level(self.from_level, a), self._level(self.to_level, b)
        )
        self.sight = sight
        self.visibility_source = None
        self.scene.show_overlay(sight_roles(sight), (a, b), verdict(sight))
        self.result.setHtml(self._sight_html(sight))
        self.prompt.setText(
            f"Line {hex_label(a)} to {hex_label(b)}. Click a new first hex, or Esc to stop."
            if self.mode == "los"
            else f"Line {hex_label(a)} to {hex_label(b)}."
        )
        return sight

    def _sight_html(self, sight: Sight) -> str:
        assert self.state is not None
        rules = self.state.rules
        a, b = hex_label(sight.start), hex_label(sight.end)
        answer = {
            "visible": f"{a} and {b} see each other.",
            "blind": sight.working[-1],
            "blocked": f"No line of sight: blocked by {_labels(sight.blocked_by)}.",
        }[verdict(sight)]
        colour = {"visible": "#0b7a0b", "blind": "#8e24aa", "blocked": "#c62828"}[verdict(sight)]
        distance = sight.to_json()["range"]
        parts = [
            f"<p style='color:{colour}'><b>{escape(answer)}</b></p>",
            f"<p>{a} (level {sight.start_level}) to {b} (level {sight.end_level}), "
            f"range {distance}.</p>",
            f"<p>Crosses: {_labels(sight.line.crossed)}; along edges: "
            f"{', '.join(f'{hex_label(x)}|{hex_label(y)}' for x, y in sight.line.edges) or 'none'}"
            f"; corners: {_labels(sight.line.vertices)}.</p>",
        ]
        shooter, target = self._unit_at(sight.start), self._unit_at(sight.end)
        if shooter is not None and shooter.unit.weapons:
            bands = []
            for w in shooter.unit.weapons:
                band = shot_range(sight.start, sight.end, w.range, rules)
                ruling = f" ({ruling_links([band.ruling], 'ruling ')})" if band.ruling else ""
                bands.append(f"<li>{escape(w.name)} (range {w.range}): {band.band}{ruling}</li>")
            parts.append(f"<p>Range bands for {escape(shooter.uid)}:</p><ul>{''.join(bands)}</ul>")
        sectors = []
        if sight.start != sight.end:
            for unit, other, verb in (
                (shooter, sight.end, "leaves"),
                (target, sight.start, "enters"),
            ):
                if unit is None:
                    continue
                c = crossing(unit.hex, unit.facing, other)
                words = " or ".join(c.sectors) + (
                    " (on the edge: the attacker chooses)" if c.on_edge else ""
                )
                sectors.append(
                    f"<li>{verb} {escape(unit.uid)} by its {escape(words)} sector "
                    f"({rule_link('clause', c.clause)})</li>"
                )
        if sectors:
            parts.append(f"<p>Sectors:</p><ul>{''.join(sectors)}</ul>")
        working = "".join(f"<li>{escape(w)}</li>" for w in sight.working)
        parts.append(f"<p><b>Working</b></p><ol>{working}</ol>")
        parts.append(f"<p style='color:#555'>Clauses: {clause_links(sight.clauses)}</p>")
        rulings = ruling_links(sight.rulings) or "none"
        parts.append(f"<p style='color:#555'>Rulings: {rulings}</p>")
        return "".join(parts)

    def show_visibility(self, source: Hex) -> tuple[set[Hex], set[Hex]] | None:
        """Shade what ``source`` cannot see and hatch the blind hexes; returns both sets."""
        if self.state is None:
            return None
        board = board_now(self.state)
        level = self._level(self.vis_level, source)
        visible, blind = Visibility(board).from_hex(source, level)
        hexes = board.battle_map.hexes
        seen = {h for h, v in zip(hexes, visible, strict=True) if v}
        blind_set = {h for h, v in zip(hexes, blind, strict=True) if v}
        roles = {h: "hidden" for h in hexes if h not in seen and h != source}
        roles.update({h: "blind" for h in blind_set})
        roles[source] = "source"
        self.sight = None
        self.visibility_source = source
        self.scene.show_overlay(roles)
        self.prompt.setText(f"Seen from {hex_label(source)}. Click another hex, or Esc to stop.")
        shown_level = board.height(source) if level is None else level
        self.result.setHtml(
            f"<p><b>From {hex_label(source)} at level {shown_level}</b>: sees {len(seen)} of "
            f"{len(hexes) - 1} hexes; {len(blind_set)} blind (hatched), "
            f"{len(hexes) - 1 - len(seen) - len(blind_set)} blocked (shaded).</p>"
            f"<p>Blind: {_labels(sorted(blind_set))}</p>"
            "<p style='color:#555'>Hatched purple: blind hexes (the line stops within the "
            "hexes behind a blocker); dark: blocked.</p>"
        )
        return seen, blind_set
