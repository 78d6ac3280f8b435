"""The new-match wizard's map: a shipped map of the edition (or one the referee saved with
the map editor) that keeps the scenario's rules, with its zones rimmed, previewed."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import MappingProxyType

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QVBoxLayout, QWizardPage

from referee.app.wizards.new_match.map_preview import map_preview
from referee.app.wizards.new_match.page import new_match_wizard
from referee.board.maps import BattleMap
from referee.rules.orders.state import MatchState
from referee.ruleset import Ruleset
from referee.ruleset.shipped import ruleset
from referee.scenarios.model import Scenario


@cache
def maps_of(edition: str) -> tuple[BattleMap, ...]:
    """The shipped maps made for ``edition`` (``data/maps``), by name of file."""
    from referee.paths import data_dir

    return _maps_in(data_dir() / "maps", edition)


def user_maps(edition: str) -> tuple[BattleMap, ...]:
    """The referee's own maps of ``edition`` (saved by the map editor beside the matches
    folder), read afresh each time."""
    from referee.app.map_editor.window import maps_folder

    return _maps_in(maps_folder(), edition)


def _maps_in(folder: Path, edition: str) -> tuple[BattleMap, ...]:
    """The maps of ``edition`` in ``folder``, by name of file; a file that is not a map
    is passed over."""
    from referee.board.maps import MapError, load_map

    found = []
    for path in sorted(folder.glob("*.toml")):
        try:
            battle_map = load_map(path)
        except MapError:
            continue
        if battle_map.edition == edition:
            found.append(battle_map)
    return tuple(found)


class MapPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Map")
        self.list = QListWidget()
        self.description = QLabel()
        self.description.setTextFormat(Qt.TextFormat.PlainText)
        self.description.setWordWrap(True)
        self.scene, self.preview = map_preview()
        left = QVBoxLayout()
        left.addWidget(self.list, 1)
        left.addWidget(self.description)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 2)
        layout.addWidget(self.preview, 3)
        self.maps: tuple[BattleMap, ...] = ()
        self.shown_edition = ""
        self.list.currentRowChanged.connect(self._chosen)

    def initializePage(self) -> None:
        wizard = new_match_wizard(self)
        edition, scenario = wizard.edition(), wizard.scenario()
        self.setSubTitle(
            f"A battlefield of the {edition} edition; deployment zones are rimmed."
            if scenario is None
            else f"A battlefield that keeps the rules of {scenario.name}, with its zones rimmed."
        )
        key = f"{edition}/{scenario.id if scenario else ''}"
        if key == self.shown_edition:
            return
        self.shown_edition = key
        self.maps = maps_of(edition) + user_maps(edition)
        if scenario is not None:
            self.maps = fitting_maps(self.maps, scenario, ruleset(edition))
        self.list.blockSignals(True)
        self.list.clear()
        for m in self.maps:
            self.list.addItem(
                f"{m.name}  ({m.columns}x{m.rows})"
                if m.shape == "rectangle"
                else f"{m.name}  ({len(m)} hexes)"
            )
        self.list.blockSignals(False)
        first = next(
            (
                i
                for i, m in enumerate(self.maps)
                if scenario is not None and m.source is not None and m.source.stem == scenario.map
            ),
            0,
        )
        self.list.setCurrentRow(first if self.maps else -1)

    def battle_map(self) -> BattleMap | None:
        row = self.list.currentRow()
        return self.maps[row] if 0 <= row < len(self.maps) else None

    def _chosen(self) -> None:
        m = self.battle_map()
        self.completeChanged.emit()
        if m is None:
            self.description.clear()
            return
        self.description.setText(m.description)
        rules = ruleset(m.edition)
        self.scene.set_state(MatchState(rules, m, {}, MappingProxyType({})))
        self.preview.fit()

    def isComplete(self) -> bool:
        return self.battle_map() is not None


def fitting_maps(
    maps: tuple[BattleMap, ...], scenario: Scenario, rules: Ruleset
) -> tuple[BattleMap, ...]:
    """The maps that keep ``scenario``'s rules, each with the scenario's zones."""
    from referee.scenarios.battlefield import battlefield_problems, scenario_map

    return tuple(
        scenario_map(m, scenario, rules)
        for m in maps
        if not battlefield_problems(m, scenario, rules)
    )
