"""The new-match wizard (File > New, Ctrl+N): the edition, the scenario and the victory
condition (:mod:`~referee.app.wizards.new_match.scenario_page`), a shipped map of that
edition that keeps the scenario (previewed), each side's army (nation and units from the
catalogue, with the budget of the game size, clause ``army.budgets``), where the units stand
(placed automatically in the side's deployment zone, front rows first, by
:func:`referee.match.setup.setup_place.place_units`, clauses ``setup.blind``, ``setup.order``,
``move.stacking``; any hex can be changed by typing it or by clicking the preview), with a
scenario whether its setup procedure sets the units up once the match is open
(:mod:`~referee.app.wizards.new_match.setup_page`), the seed (random, shown) and who rolls
the dice, then the file. The wizard writes nothing: :meth:`NewMatchWizard.chosen_match` is
what the main window creates (:meth:`NewMatch.create`) and opens.

Each page has its module (``edition_page``, ``scenario_page``, ``map_page``, ``armies_page``,
``setup_page``, ``seed_page``, ``file_page``); their ids are in ``page``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import msgspec
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget, QWizard

from referee.app.session.match_session import DICE_SETTING
from referee.app.widgets.message_box import MessageBox
from referee.app.widgets.plain_text import plain_titles
from referee.app.wizards.new_match.armies_page import ArmiesPage
from referee.app.wizards.new_match.edition_page import EditionPage
from referee.app.wizards.new_match.file_page import FilePage
from referee.app.wizards.new_match.map_page import MapPage
from referee.app.wizards.new_match.page import Page
from referee.app.wizards.new_match.scenario_page import ScenarioPage
from referee.app.wizards.new_match.seed_page import SeedPage
from referee.app.wizards.new_match.setup_page import SetupPage
from referee.board.maps import BattleMap
from referee.match.games.orders_file import MatchFile
from referee.paths import data_dir
from referee.scenarios.model import Scenario


class NewMatch(msgspec.Struct, frozen=True):
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


class NewMatchWizard(QWizard):
    """A new match (see the module docstring); ``chosen_match()`` once it is accepted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        plain_titles(self)  # page titles name units and scenarios
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
        self.discard_box: QMessageBox | None = None
        """The question before the choices made go (Cancel, Esc or closing), while open."""
        chars = self.fontMetrics().averageCharWidth()
        lines = self.fontMetrics().lineSpacing()
        screen = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        self.resize(
            min(175 * chars, screen.width() * 92 // 100),
            min(54 * lines, screen.height() * 94 // 100),
        )

    def edition(self) -> str:
        return self.edition_page.edition()

    def reject(self) -> None:
        """Cancel, Esc or closing it: on the first page it closes; past it, the choices
        made (armies, hexes, seed) are asked about before they go. Nothing is written
        either way. The question is window-modal and opened, never run in a loop."""
        if self.currentId() in (-1, Page.EDITION):
            super().reject()
            return
        if self.discard_box is not None:  # asked already: bring the question forward
            self.discard_box.raise_()
            return
        box = MessageBox(
            QMessageBox.Icon.Question,
            self.windowTitle(),
            "Discard this new match? Nothing is written yet: the choices made "
            "on its pages are lost.",
            parent=self,
        )
        box.setTextFormat(Qt.TextFormat.PlainText)
        discard = box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton("Keep editing", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        box.setWindowModality(Qt.WindowModality.WindowModal)

        def answered() -> None:
            self.discard_box = None
            if box.clickedButton() is discard:
                super(NewMatchWizard, self).reject()

        box.finished.connect(answered)
        self.discard_box = box
        box.open()

    def nextId(self) -> int:
        """The setup page only with a scenario (it sets the units up by its procedure)."""
        following = super().nextId()
        if following == Page.SETUP:
            scenario = self.scenario_page.scenario()
            if scenario is None:
                return int(Page.SEED)
            self.setup_page.show_scenario(scenario)
        return following

    def scenario(self) -> Scenario | None:
        """The scenario chosen (None: a battle without one)."""
        return self.scenario_page.scenario()

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
            units = tuple(
                {k: v for k, v in u.items() if k not in ("hex", "facing")} for u in units
            )  # they wait for the scenario's setup
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
