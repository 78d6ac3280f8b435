"""The new-match wizard (File > New, Ctrl+N): the edition, the scenario and the victory
condition (:mod:`~referee.app.wizards.new_match.scenario_page`), a shipped map of that
edition that keeps the scenario (previewed), each side's army (nation and units from the
catalogue, with the budget of the game size, clause ``army.budgets``), where the units stand
(placed automatically in the side's deployment zone, front rows first, by
:func:`referee.match.setup_place.place_units`, clauses ``setup.blind``, ``setup.order``,
``move.stacking``; any hex can be changed by typing it or by clicking the preview), with a
scenario whether its setup procedure sets the units up once the match is open
(:mod:`~referee.app.wizards.new_match.setup_page`), the seed (random, shown) and who rolls
the dice, then the file. The wizard writes nothing: :meth:`NewMatchWizard.chosen_match` is
what the main window creates (:meth:`NewMatch.create`) and opens.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import IntEnum
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from PySide6.QtCore import QRegularExpression, Qt
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QButtonGroup,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from referee.app.session import DICE_SETTING
from referee.app.wizards.new_match.armies_page import PROBLEM_STYLE, ArmiesPage, map_preview
from referee.app.wizards.new_match.scenario_page import ScenarioPage
from referee.app.wizards.new_match.setup_page import SetupPage
from referee.board.maps import BattleMap
from referee.match.state import MatchState
from referee.match.store import MatchFile
from referee.paths import data_dir
from referee.rules.ruleset import ruleset
from referee.ruleset import Ruleset
from referee.scenarios.model import Scenario

EDITIONS = ("current", "first-draft")
"""The editions a new match can be played under (the activation rules are another game)."""
DICE_MODES = (
    ("app", "The app rolls the dice (seeded: the match replays the same)"),
    ("typed", "The referee types the dice rolled at the table"),
)
SEED_RANGE = 2**32


class Page(IntEnum):
    EDITION = 0
    SCENARIO = 1
    MAP = 2
    ARMIES = 3
    SETUP = 4
    SEED = 5
    FILE = 6


# --- what the wizard offers (no Qt) ---------------------------------------------------------


@cache
def maps_of(edition: str) -> tuple[BattleMap, ...]:
    """The shipped maps made for ``edition`` (``data/maps``), by name of file."""
    from referee.board.maps import MapError, load_map
    from referee.paths import data_dir

    maps = []
    for path in sorted((data_dir() / "maps").glob("*.toml")):
        try:
            battle_map = load_map(path)
        except MapError:
            continue
        if battle_map.edition == edition:
            maps.append(battle_map)
    return tuple(maps)


def user_maps(edition: str) -> tuple[BattleMap, ...]:
    """The referee's own maps of ``edition`` (saved by the map editor beside the matches
    folder), read afresh each time."""
    from referee.app.map_editor.window import maps_folder
    from referee.board.maps import MapError, load_map

    found = []
    for path in sorted(maps_folder().glob("*.toml")):
        try:
            battle_map = load_map(path)
        except MapError:
            continue
        if battle_map.edition == edition:
            found.append(battle_map)
    return tuple(found)


@dataclass(frozen=True)
class NewMatch:
    """What the wizard chose; :meth:`create` writes the match file."""

    path: Path
    edition: str
    map_name: str
    units: tuple[Mapping[str, Any], ...]
    seed: int
    title: str
    settings: Mapping[str, str]
    scenario: str | None = None
    victory: Mapping[str, Any] | None = None

    def create(self) -> MatchFile:
        """The new match file (its folder made if missing); never replaces a file."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        return MatchFile.create(
            self.path,
            map_name=self.map_name,
            units=self.units,
            ruleset=self.edition,
            seed=self.seed,
            title=self.title,
            settings=self.settings,
            scenario=self.scenario,
            victory=self.victory,
        )


def default_match_path(folder: Path | None = None) -> Path:
    """``match-<date>-<time>.referee`` in the matches folder (the README's), not yet used."""
    from referee.match.demo import demo_folder

    folder = folder or demo_folder()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"match-{stamp}.referee"
    n = 2
    while path.exists():
        path = folder / f"match-{stamp}-{n}.referee"
        n += 1
    return path


def _wizard(page: QWizardPage) -> NewMatchWizard:
    wizard = page.wizard()
    assert isinstance(wizard, NewMatchWizard)
    return wizard


# --- the pages ---------------------------------------------------------------------------


class EditionPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Edition")
        self.setSubTitle("Which rules does the match follow?")
        self.list = QListWidget()
        for edition in EDITIONS:
            item = QListWidgetItem(f"{ruleset(edition).name}  ({edition})")
            item.setData(Qt.ItemDataRole.UserRole, edition)
            self.list.addItem(item)
        self.list.setCurrentRow(0)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list)
        self.list.currentRowChanged.connect(self.completeChanged)

    def edition(self) -> str:
        item = self.list.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""

    def isComplete(self) -> bool:
        return bool(self.edition())


class MapPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Map")
        self.list = QListWidget()
        self.description = QLabel()
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
        wizard = _wizard(self)
        edition, scenario = wizard.edition(), wizard.scenario_page.scenario()
        self.setSubTitle(
            f"A battlefield of the {edition} edition; deployment zones are rimmed."
            if scenario is None else
            f"A battlefield that keeps the rules of {scenario.name}, with its zones rimmed."
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
        first = next((i for i, m in enumerate(self.maps)
                      if scenario is not None and m.source is not None
                      and m.source.stem == scenario.map), 0)
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

    return tuple(scenario_map(m, scenario, rules) for m in maps
                 if not battlefield_problems(m, scenario, rules))


class SeedPage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Seed and dice")
        self.setSubTitle(
            "The seed makes the app's dice replayable: the same seed, the same rolls. Choose "
            "who rolls by default; each wizard can still switch."
        )
        self.seed = QLineEdit(str(random.SystemRandom().randrange(SEED_RANGE)))
        self.seed.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{1,12}")))
        self.seed.setAccessibleName("seed")
        self.reroll = QPushButton("New seed")
        self.modes: dict[str, QRadioButton] = {}
        group = QButtonGroup(self)
        for mode, text in DICE_MODES:
            button = QRadioButton(text)
            group.addButton(button)
            self.modes[mode] = button
        self.modes["app"].setChecked(True)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(self.reroll)
        form = QFormLayout()
        form.addRow("Seed", seed_row)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel("Dice"))
        for button in self.modes.values():
            layout.addWidget(button)
        layout.addStretch(1)
        self.seed.textChanged.connect(self.completeChanged)
        self.reroll.clicked.connect(
            lambda: self.seed.setText(str(random.SystemRandom().randrange(SEED_RANGE)))
        )

    def dice_mode(self) -> str:
        return next(mode for mode, button in self.modes.items() if button.isChecked())

    def isComplete(self) -> bool:
        return self.seed.text().isdigit()


class FilePage(QWizardPage):
    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Match file")
        self.setSubTitle("Every step is written to this file as it happens: there is no Save.")
        self.path = QLineEdit()
        self.path.setAccessibleName("match file")
        self.choose = QPushButton("Choose…")
        self.match_title = QLineEdit()
        self.match_title.setAccessibleName("match title")
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(PROBLEM_STYLE)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path, 1)
        path_row.addWidget(self.choose)
        form = QFormLayout()
        form.addRow("File", path_row)
        form.addRow("Title", self.match_title)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addStretch(1)
        self.path.textChanged.connect(self.completeChanged)
        self.choose.clicked.connect(self.choose_file)

    def initializePage(self) -> None:
        wizard = _wizard(self)
        if not self.path.text():
            self.path.setText(str(default_match_path()))
        self.match_title.setText(wizard.default_title())
        self.problem.clear()

    def choose_file(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, "New match file", self.path.text(), "Match files (*.referee)"
        )
        if path:
            self.path.setText(path)

    def chosen_path(self) -> Path:
        path = Path(self.path.text().strip()).expanduser()
        return path if path.suffix == ".referee" else path.with_name(f"{path.name}.referee")

    def isComplete(self) -> bool:
        return bool(self.path.text().strip())

    def validatePage(self) -> bool:
        path = self.chosen_path()
        problem = ""
        if path.exists():
            problem = f"{path} already exists: a match file is never overwritten"
        elif path.parent.exists() and not path.parent.is_dir():
            problem = f"{path.parent} is not a folder"
        self.problem.setText(problem)
        return not problem


class NewMatchWizard(QWizard):
    """A new match (see the module docstring); ``chosen_match()`` once it is accepted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New match")
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.edition_page = EditionPage()
        self.scenario_page = ScenarioPage()
        self.map_page = MapPage()
        self.armies_page = ArmiesPage()
        self.setup_page = SetupPage()
        self.seed_page = SeedPage()
        self.file_page = FilePage()
        for page_id, page in (
            (Page.EDITION, self.edition_page),
            (Page.SCENARIO, self.scenario_page),
            (Page.MAP, self.map_page),
            (Page.ARMIES, self.armies_page),
            (Page.SETUP, self.setup_page),
            (Page.SEED, self.seed_page),
            (Page.FILE, self.file_page),
        ):
            self.setPage(page_id, page)
        self.setStartId(Page.EDITION)
        chars = self.fontMetrics().averageCharWidth()
        lines = self.fontMetrics().lineSpacing()
        screen = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        self.resize(
            min(175 * chars, screen.width() * 92 // 100),
            min(54 * lines, screen.height() * 94 // 100),
        )

    def edition(self) -> str:
        return self.edition_page.edition()

    def nextId(self) -> int:
        """The setup page only with a scenario (it sets the units up by its procedure)."""
        following = super().nextId()
        if following == Page.SETUP:
            scenario = self.scenario_page.scenario()
            if scenario is None:
                return int(Page.SEED)
            self.setup_page.show_scenario(scenario)
        return following

    def battle_map(self) -> BattleMap | None:
        return self.map_page.battle_map()

    def default_title(self) -> str:
        sides = [box.nation.currentText() for box in self.armies_page.sides.values()]
        where = self.battle_map()
        return f"{' against '.join(sides)}" + (f" on {where.name}" if where else "")

    def chosen_match(self) -> NewMatch:
        where = self.battle_map()
        assert where is not None and where.source is not None
        scenario = self.scenario_page.scenario()
        units = self.armies_page.units()
        if scenario is not None and self.setup_page.step_by_step():
            units = tuple({k: v for k, v in u.items() if k not in ("hex", "facing")}
                          for u in units)  # they wait for the scenario's setup
        shipped = where.source.parent.resolve() == (data_dir() / "maps").resolve()
        return NewMatch(
            path=self.file_page.chosen_path(),
            edition=self.edition(),
            map_name=where.source.stem if shipped else str(where.source),
            units=units,
            seed=int(self.seed_page.seed.text()),
            title=self.file_page.match_title.text().strip(),
            settings=MappingProxyType({DICE_SETTING: self.seed_page.dice_mode()}),
            scenario=scenario.id if scenario is not None else None,
            victory=self.scenario_page.victory(),
        )
