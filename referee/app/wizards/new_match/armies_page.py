"""The armies page of the new-match wizard: each side's army (nation, units, the budget of the
game size: clauses ``army.budgets``, ``army.building``) and where every unit stands, placed
automatically in its side's deployment zone (:func:`referee.match.setup.setup_place.place_units`,
clauses ``setup.blind``, ``setup.order``, ``move.stacking``). A hex typed in the table, or
picked by clicking the preview with a unit selected, stays the unit's when the armies change.
What stops the set-up (a hex off the map, two sides or too many units in one hex) is listed
and keeps Next disabled; an army over its budget or a unit outside its zone is only marked.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from html import escape
from types import MappingProxyType
from typing import Any, Protocol, runtime_checkable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWizardPage,
)

from referee.app.widgets.boxes import ComboBox
from referee.app.wizards.new_match.map_preview import map_preview
from referee.app.wizards.new_match.placements import Placement, placement_problems, unit_ids
from referee.app.wizards.new_match.side_army_box import SideArmyBox
from referee.board.hexgrid import Hex, hex_label, parse_label
from referee.board.maps import BattleMap
from referee.board.stacking import Occupant
from referee.match.setup.setup_place import PlacementError, ToPlace, front_facing, place_units
from referee.rules.orders.state import MatchState
from referee.rules.state import UnitState
from referee.ruleset import Ruleset
from referee.ruleset.shipped import ruleset
from referee.units.budget import Budgets, load_budgets
from referee.units.model import UnitType

SIDES = (1, 2)
PROBLEM_STYLE = "color:#c62828"
NOTE_STYLE = "color:#8d6e00"


@runtime_checkable
class ChosenGround(Protocol):
    """What the page needs of its wizard: the edition and the map chosen before it."""

    def edition(self) -> str: ...

    def battle_map(self) -> BattleMap | None: ...


@cache
def units_by_nation(edition: str) -> Mapping[str, tuple[UnitType, ...]]:
    """The units of every unit file whose cards read under ``edition``, by nation (in the
    vocabulary's order of nations), each nation's in the catalogue's order."""
    from referee.units.abilities import register
    from referee.units.catalogue import UnitFileError, load_unit_file, unit_files

    rules = ruleset(edition)
    found: dict[str, list[UnitType]] = {}
    for path in unit_files():
        try:
            unit_file = load_unit_file(path, rules)
        except UnitFileError:
            continue
        found.setdefault(unit_file.nation, []).extend(unit_file.units)
    order = list(register().nations)
    nations = sorted(found, key=lambda n: (order.index(n) if n in order else len(order), n))
    return MappingProxyType({n: tuple(found[n]) for n in nations})


class ArmiesPage(QWizardPage):
    """Both armies, the game size and where every unit stands."""

    def __init__(self) -> None:
        super().__init__()
        self.setTitle("Armies")
        self.setSubTitle(
            "Choose each side's units. They are set up in their side's zone, front rows "
            "first; type a hex, or select a unit and click the map, to move one."
        )
        self.budgets: Budgets = load_budgets()
        self.game = ComboBox()
        for game in self.budgets.games.values():
            self.game.addItem(
                f"{game.name} ({game.allowances[0].text()})" if game.symmetric else game.name,
                game.id,
            )
        self.game.setCurrentIndex(max(0, self.game.findData(self.budgets.default)))
        self.advanced = QCheckBox(f"{self.budgets.advanced_name} (+{self._advanced_text()})")
        self.sides = {side: SideArmyBox(side) for side in SIDES}
        self.scene, self.preview = map_preview()
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["Unit id", "Unit", "Side", "Hex"])
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for column in (2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.problems = QLabel()
        self.problems.setTextFormat(Qt.TextFormat.RichText)  # HTML on purpose, names escaped
        self.problems.setWordWrap(True)

        game_row = QHBoxLayout()
        game_row.addWidget(QLabel("Game"))
        game_row.addWidget(self.game, 1)
        game_row.addWidget(self.advanced)
        armies = QVBoxLayout()
        for box in self.sides.values():
            armies.addWidget(box, 1)
        board = QVBoxLayout()
        board.addWidget(self.preview, 3)
        board.addWidget(self.table, 2)
        middle = QHBoxLayout()
        middle.addLayout(armies, 5)
        middle.addLayout(board, 4)
        layout = QVBoxLayout(self)
        layout.addLayout(game_row)
        layout.addLayout(middle, 1)
        layout.addWidget(self.problems)

        self.edits: dict[tuple[int, str, int], str] = {}
        self.placements: list[Placement] = []
        self.blocking: list[str] = []
        self.shown: tuple[str, str] = ("", "")
        self.rules: Ruleset | None = None
        self.battle_map: BattleMap | None = None
        for box in self.sides.values():
            box.changed.connect(self.place)
            box.gameChosen.connect(self.take_game)
        self.game.currentIndexChanged.connect(self._game_changed)
        self.advanced.toggled.connect(self._game_changed)
        self.table.itemChanged.connect(self._hex_typed)
        self.preview.hexClicked.connect(self._hex_clicked)

    def _advanced_text(self) -> str:
        add = self.budgets.advanced
        return ", ".join(f"{n} {k.upper()}" for k, n in add.items())

    def initializePage(self) -> None:
        wizard = self.wizard()
        assert isinstance(wizard, ChosenGround)
        edition, battle_map = wizard.edition(), wizard.battle_map()
        if battle_map is None or (edition, battle_map.name) == self.shown:
            return
        new_edition = edition != self.shown[0]
        self.shown = (edition, battle_map.name)
        self.rules, self.battle_map = ruleset(edition), battle_map
        self.edits.clear()
        self.scene.set_state(MatchState(self.rules, battle_map, {}, MappingProxyType({})))
        if new_edition:
            catalogue = units_by_nation(edition)
            nations = list(catalogue)
            for side, box in self.sides.items():
                default = nations[0] if side == 1 or not nations else nations[-1]
                box.blockSignals(True)
                box.set_catalogue(catalogue, default)
                box.blockSignals(False)
            self._game_changed()
        else:
            self.place()
        self.preview.fit()

    def take_game(self, game_id: str, advanced: bool) -> None:
        """The game size of an army file just taken (and its advanced-game flag): the match
        is played at the size its army was built for; a file of another size than the other
        side's shows the difference among its problems."""
        index = self.game.findData(game_id)
        if index < 0 or (
            index == self.game.currentIndex() and advanced == self.advanced.isChecked()
        ):
            return
        for widget in (self.game, self.advanced):
            widget.blockSignals(True)
        self.game.setCurrentIndex(index)
        self.advanced.setChecked(advanced)
        for widget in (self.game, self.advanced):
            widget.blockSignals(False)
        self._game_changed()

    def _game_changed(self) -> None:
        game = self.budgets.game(str(self.game.currentData()))
        advanced = self.budgets.advanced if self.advanced.isChecked() else None
        limit = str(self.rules.reading("army.budget-limit").value) if self.rules else "at-most"
        for side, box in self.sides.items():
            box.blockSignals(True)
            box.set_game(game, advanced, limit, allowance=side - 1)
            box.blockSignals(False)
        self.place()

    # --- placing ----------------------------------------------------------------------

    def place(self) -> None:
        """Place every unit: the hexes typed stay, the others go front rows first."""
        if self.battle_map is None or self.rules is None:
            return
        battle_map, terrain = self.battle_map, self.rules.terrain
        stems = {k: v for box in self.sides.values() for k, v in box.stems().items()}
        chosen = unit_ids([(side, box.army()) for side, box in self.sides.items()], stems)
        self.edits = {k: v for k, v in self.edits.items() if k in {c[0] for c in chosen}}
        hexes: dict[tuple[int, str, int], str] = dict(self.edits)
        self.blocking = []
        for side in SIDES:
            occupied: dict[Hex, list[Occupant]] = {}
            for key, label in hexes.items():
                unit = next(u for k, _, u in chosen if k == key)
                try:
                    h = parse_label(label)
                except ValueError:
                    continue
                occupied.setdefault(h, []).append(Occupant(unit.size, enemy=key[0] != side))
            todo = [(k, uid, u) for k, uid, u in chosen if k[0] == side and k not in hexes]
            try:
                placed = place_units(
                    battle_map,
                    side,
                    [ToPlace(uid, u.size, u.tags) for _, uid, u in todo],
                    occupied,
                    terrain,
                )
            except PlacementError as exc:
                self.blocking.append(str(exc))
                placed = {}
            for key, uid, _ in todo:
                if uid in placed:
                    hexes[key] = hex_label(placed[uid])
        self.placements = [
            Placement(key, uid, unit, key[0], hexes.get(key, ""), key in self.edits)
            for key, uid, unit in chosen
        ]
        self._show()

    def _show(self) -> None:
        assert self.battle_map is not None and self.rules is not None
        current = self._selected_key()
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.placements))
        for row, p in enumerate(self.placements):
            cells = (p.uid, p.unit.name, str(p.side), p.hex)
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column < 3:
                    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                elif p.edited:
                    item.setToolTip("Set by hand")
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.table.setItem(row, column, item)
            if p.key == current:
                self.table.selectRow(row)
        self.table.blockSignals(False)
        problems, notes = placement_problems(self.battle_map, self.placements)
        self.blocking += problems
        for side, box in self.sides.items():
            if box.army_problems():
                self.blocking.append(f"side {side}: the army file is not valid (see above)")
            elif not box.army():
                self.blocking.append(f"side {side} has no unit yet")
        game = self.budgets.game(str(self.game.currentData()))
        first, second = (box.chosen_allowance() for box in self.sides.values())
        if first is not None and second is not None:
            pairing = game.pairing_problem(first.id, second.id)
            notes += [pairing] if pairing else []
        lines = [f"<span style='{PROBLEM_STYLE}'>{escape(p)}</span>" for p in self.blocking]
        lines += [f"<span style='{NOTE_STYLE}'>{escape(n)}</span>" for n in notes]
        self.problems.setText("<br>".join(lines))
        self._preview_units()
        self.completeChanged.emit()

    def _preview_units(self) -> None:
        assert self.battle_map is not None and self.rules is not None
        units: dict[str, UnitState] = {}
        for p in self.placements:
            try:
                h = parse_label(p.hex)
            except ValueError:
                continue
            if h in self.battle_map:
                facing = front_facing(self.battle_map, p.side)
                units[p.uid] = UnitState(p.uid, p.unit, p.side, h, facing=facing)
        cards = {u.unit.id: u.unit for u in units.values()}
        self.scene.set_state(
            MatchState(self.rules, self.battle_map, cards, MappingProxyType(units))
        )
        self.scene.select_unit(self._selected_uid())

    def _selected_key(self) -> tuple[int, str, int] | None:
        row = self.table.currentRow()
        return self.placements[row].key if 0 <= row < len(self.placements) else None

    def _selected_uid(self) -> str | None:
        row = self.table.currentRow()
        return self.placements[row].uid if 0 <= row < len(self.placements) else None

    def set_hex(self, row: int, label: str) -> None:
        """Put the unit of ``row`` at ``label`` (the referee's choice; kept when the armies
        change)."""
        self.edits[self.placements[row].key] = label.strip().upper()
        self.place()

    def _hex_typed(self, item: QTableWidgetItem) -> None:
        if item.column() == 3 and 0 <= item.row() < len(self.placements):
            self.set_hex(item.row(), item.text())

    def _hex_clicked(self, h: Hex) -> None:
        row = self.table.currentRow()
        if 0 <= row < len(self.placements):
            self.set_hex(row, hex_label(h))

    def isComplete(self) -> bool:
        return bool(self.placements) and not self.blocking

    def units(self) -> tuple[dict[str, Any], ...]:
        """The set-up as :meth:`MatchFile.create` takes it."""
        assert self.battle_map is not None
        out = []
        for p in self.placements:
            spec: dict[str, Any] = {
                "uid": p.uid,
                "unit": p.unit.id,
                "side": p.side,
                "hex": p.hex,
                "facing": front_facing(self.battle_map, p.side),
            }
            card = self.sides[p.side].card_data(p.unit.id)
            if card is not None:
                spec["card"] = dict(card)
            out.append(spec)
        return tuple(out)
