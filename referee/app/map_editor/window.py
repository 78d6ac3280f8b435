"""The map editor window (File > Map editor): paint terrain, roads and rivers on a new or a
shipped map; see the zones (side 1 blue, side 2 red) and the scenario's constraints checked
live; save to the map format.

Left, what to paint: the terrain of the map's edition, a road, a river, or the eraser of
roads and rivers. A press paints the hex under the mouse, a drag every hex it passes, one
stroke one step of Qt's undo stack (Ctrl+Z / Ctrl+Shift+Z). Right: the map's name, the
scenario it is made for (its zones and what its no man's land may not hold), who is
designing (the referee: anywhere; a side: only its own territory, refused elsewhere), and
the check: the problems ``referee map check --scenario`` would print, their hexes rimmed in
red on the map. Save writes the map file, and is refused while the check finds a problem.
Closing it, a new map or another file first asks about unsaved changes.

The window paints and saves; the tools (:mod:`.paint_tools`) and the side panel with the
check (:mod:`.map_side_panel`) are their own widgets.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QKeySequence,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from referee.app.map.map_scene import MapScene
from referee.app.map_editor import edits
from referee.app.map_editor.map_change import MapChange
from referee.app.map_editor.map_side_panel import PROBLEM_COLOUR, MapSidePanel
from referee.app.map_editor.paint_tools import TOOLS_PATHS, PaintTools
from referee.app.map_editor.paint_view import PaintView
from referee.app.widgets.file_dialogs import chosen_path, open_dialog
from referee.app.widgets.refusals import Refusals
from referee.app.widgets.save_dialog import ask_save_path
from referee.app.widgets.unsaved_changes import UnsavedChanges
from referee.board.hexgrid import Hex, hex_label
from referee.board.map_text import blank_map
from referee.board.maps import BattleMap, MapError, find_map, load_map
from referee.paths import data_dir, maps_dir, safe_file_name
from referee.rules.orders.state import MatchState
from referee.ruleset import Ruleset
from referee.ruleset.shipped import ruleset
from referee.scenarios.battlefield import layout_for
from referee.scenarios.model import Scenario
from referee.writing import WriteError, write_whole


def maps_folder() -> Path:
    """Where the editor offers to save: the user's maps folder (:func:`referee.paths.maps_dir`)."""
    return maps_dir()


class MapEditorWindow(QMainWindow):
    """See the module docstring. Starts on the ENTRENCHED! map under its scenario."""

    def __init__(
        self,
        parent: QWidget | None = None,
        battle_map: BattleMap | None = None,
        scenario_id: str | None = "entrenched",
    ) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.undo_stack = QUndoStack(self)
        self.refusals = Refusals(self)
        self.unsaved = UnsavedChanges(
            self,
            lambda: f"The map {self.called}",
            lambda: not self.undo_stack.isClean(),
            lambda: self.save() is not None,
        )
        self.scene = MapScene(self)
        self.view = PaintView(self.scene)
        self.path: Path | None = None
        self.open_path: tuple[str, int] | None = None
        """The road or river being laid: its kind and index."""
        self.problems: list[str] = []
        self.rules: Ruleset = ruleset("current")
        self.map: BattleMap = battle_map or load_map(find_map("entrenched"))

        self.tools = PaintTools()
        self.side = MapSidePanel()
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.addWidget(self.tools.label())
        left_layout.addWidget(self.tools, 1)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.view)
        splitter.addWidget(self.side)
        splitter.setStretchFactor(1, 1)
        char = self.fontMetrics().averageCharWidth()
        splitter.setSizes([26 * char, 80 * char, 42 * char])
        self.setCentralWidget(splitter)
        self._make_actions()

        self.view.painted.connect(self.paint_at)
        self.side.scenario_box.currentIndexChanged.connect(self._scenario_changed)
        self.side.designer.currentIndexChanged.connect(self._designer_changed)
        self.tools.currentRowChanged.connect(self._tool_changed)
        self.side.name.textEdited.connect(self._renamed)
        self.undo_stack.cleanChanged.connect(self._title)
        screen = self.screen().availableGeometry()
        self.resize(
            min(150 * char, screen.width() * 95 // 100),
            min(46 * self.fontMetrics().lineSpacing(), screen.height() * 92 // 100),
        )
        self.move(screen.center() - self.rect().center())
        self.load(self.map, scenario_id)

    # --- building -------------------------------------------------------------------

    def _make_actions(self) -> None:
        bar = self.menuBar()
        file = bar.addMenu("&File")
        keys = QKeySequence.StandardKey

        def action(menu: QMenu, text: str, slot: object, key: object = None) -> QAction:
            a = QAction(text, self)
            if key is not None:
                a.setShortcut(QKeySequence(key))  # type: ignore[call-overload]
            a.triggered.connect(slot)
            menu.addAction(a)
            return a

        ask = self.unsaved.ask  # each after asking about unsaved changes
        self.new_action = action(
            file, "&New map (the scenario's size)", lambda: ask(self.new_map), keys.New
        )
        self.open_action = action(file, "&Open…", lambda: ask(self.choose_file), keys.Open)
        shipped = file.addMenu("Open a shi&pped map")
        for path in sorted((data_dir() / "maps").glob("*.toml")):
            action(shipped, path.stem, lambda _=False, p=path: ask(lambda: self.open_file(p)))
        self.save_action = action(file, "&Save", self.save, keys.Save)
        self.save_as_action = action(file, "Save &as…", self.save_as, keys.SaveAs)
        file.addSeparator()
        action(file, "&Close", self.close, keys.Close)
        edit = bar.addMenu("&Edit")
        self.undo_action = self.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence("Ctrl+Z"))
        self.redo_action = self.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence("Ctrl+Shift+Z"))
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)
        view = bar.addMenu("&View")
        action(view, "&Fit the map", self.view.fit, "F")
        action(view, "Zoom &in", self.view.zoom_in, "Ctrl++")
        action(view, "Zoom &out", self.view.zoom_out, "Ctrl+-")

    # --- the map ----------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario | None:
        return self.side.scenario

    def load(
        self, battle_map: BattleMap, scenario_id: str | None = None, path: Path | None = None
    ) -> None:
        """Edit ``battle_map`` (its edition's terrain), under ``scenario_id`` if one of its
        edition has that id (else the edition's first scenario, or none)."""
        self.map = battle_map
        self.path = path
        self.rules = ruleset(battle_map.edition)
        self.undo_stack.clear()
        self.open_path = None
        self.side.edition.setText(f"{self.rules.name} ({self.rules.id})")
        self.side.name.setText(battle_map.name)
        self.tools.fill(self.rules)
        self.side.show_scenarios(self.rules, scenario_id)
        self.redraw(fit=True)
        self._title()

    def shown_map(self) -> BattleMap:
        """The map with the scenario's zones (what the view shows and the check judges)."""
        return edits.under_scenario(self.map, self.scenario, self.rules)

    def set_map(self, battle_map: BattleMap) -> None:
        """The undo stack's setter: show ``battle_map`` and check it."""
        self.map = battle_map
        if self.side.name.text().strip() != battle_map.name:  # what is typed stays as typed
            self.side.name.setText(battle_map.name)
        self.redraw()
        self._title()

    def redraw(self, fit: bool = False) -> None:
        shown = self.shown_map()
        self.scene.set_map(shown)
        self.scene.set_state(MatchState(self.rules, shown, {}, MappingProxyType({})))
        self.check()
        if fit:
            self.view.fit()

    def check(self) -> list[str]:
        """The live check: what ``referee map check --scenario`` would say of the file."""
        self.problems = edits.verdicts(self.map, self.scenario, self.rules)
        self.side.show_check(self.problems)
        self.scene.clear_highlight()
        self.scene.highlight_hexes(
            edits.problem_hexes(self.problems), PROBLEM_COLOUR, "breaks the scenario"
        )
        self.save_action.setEnabled(not self.problems)
        self.save_as_action.setEnabled(not self.problems)
        return self.problems

    # --- painting ---------------------------------------------------------------------

    def tool(self) -> str:
        return self.tools.tool()

    def set_tool(self, tool: str) -> None:
        """Pick a tool by its id: ``terrain:forest``, ``path:road``, ``erase``."""
        self.tools.set_tool(tool)

    def paint_at(self, h: Hex, stroke: int | None = None) -> bool:
        """Apply the current tool to ``h`` (one stroke's hexes merge into one undo step);
        False when the designer may not paint there (the status bar says why)."""
        designer = str(self.side.designer.currentData())
        why = edits.refusal(self.shown_map(), designer, h)
        if why is not None:
            self.statusBar().showMessage(f"Refused: {why}", 10000)
            return False
        tool, label = self.tool(), hex_label(h)
        before = self.map
        if tool.startswith("terrain:"):
            terrain = tool.split(":", 1)[1]
            if before.terrain[h] == terrain:
                return True
            after = edits.paint(before, h, terrain)
            name = self.rules.terrain.terrain[terrain].name
            text = f"Paint {name.lower()}"
        elif tool.startswith("path:"):
            feature = tool.split(":", 1)[1]
            kind = dict((f, k) for f, _, k in TOOLS_PATHS)[feature]
            index = self.open_path[1] if self.open_path and self.open_path[0] == kind else None
            after, index = edits.extend_path(before, kind, index, h)
            self.open_path = (kind, index)
            text = f"Lay a {feature}"
        elif tool == "erase":
            if not edits.has_paths_at(before, h):
                return True
            after = edits.erase_paths(before, h)
            text = "Erase roads and rivers"
        else:
            return False
        self.undo_stack.push(MapChange(self.set_map, before, after, text, stroke))
        self.statusBar().showMessage(f"{text}: {label}", 4000)
        return True

    def _tool_changed(self) -> None:
        self.open_path = None

    def _designer_changed(self) -> None:
        designer = str(self.side.designer.currentData())
        if designer != "referee":
            self.statusBar().showMessage(
                f"Side {designer[-1]} designs its own territory only (its zone on the map).", 8000
            )

    def _scenario_changed(self) -> None:
        self.redraw(fit=True)

    def _renamed(self, text: str) -> None:
        """The map takes the name trimmed (blank: the check's "name: missing"), the field keeps
        what is typed; one run of typing is one undo step."""
        name = text.strip()
        if name != self.map.name:
            self.undo_stack.push(
                MapChange(self.set_map, self.map, replace(self.map, name=name), "Rename", stroke=-1)
            )

    # --- files ------------------------------------------------------------------------

    def new_map(self) -> None:
        """A blank map of the scenario's size (7x9 without one) in the same edition."""
        scenario = self.scenario
        columns, rows = 7, 9
        if scenario is not None:
            layout = layout_for(scenario, self.rules)
            columns, rows = layout.columns, layout.rows
        fresh = blank_map("New battlefield", self.rules.id, columns, rows)
        self.load(fresh, scenario.id if scenario else None)

    def choose_file(self) -> None:
        start = self.path.parent if self.path else maps_folder()  # made on a first run
        path = chosen_path(open_dialog(self, "Open a map", start, "Maps (*.toml)", make=True))
        if path is not None:
            self.open_file(path)

    def open_file(self, path: Path) -> bool:
        """Edit the map file at ``path`` (a file that cannot be read is reported)."""
        try:
            battle_map = load_map(path)
        except MapError as exc:
            self.statusBar().showMessage(f"Refused: {exc.path}: {'; '.join(exc.problems)}", 15000)
            problems = "\n".join(f"- {p}" for p in exc.problems)
            self.refusals.say(
                "Map not opened",
                f"{path.name} was not opened.\n\n{exc.path}:\n{problems}\n\n"
                f"The map {self.called} stays in the editor as it was.",
            )
            return False
        scenario = self.scenario
        shipped = path.resolve().parent == (data_dir() / "maps").resolve()
        self.load(battle_map, scenario.id if scenario else None, None if shipped else path)
        return True

    def text(self) -> str:
        """The file Save writes."""
        return edits.file_text(self.map, self.scenario, self.rules)

    def save(self) -> Path | None:
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> Path | None:
        if self._refused():  # before a file name is asked for nothing
            return None
        folder = maps_folder()
        folder.mkdir(parents=True, exist_ok=True)
        slug = safe_file_name(self.map.name.lower(), "battlefield")
        start = str(self.path or folder / f"{slug}.toml")
        path = ask_save_path(self, "Save the map", start, "Maps (*.toml)", ".toml")
        return self.save_to(path) if path is not None else None

    def save_to(self, path: Path) -> Path | None:
        """Write the map file; refused while the check finds a problem."""
        if self._refused():
            return None
        path = path if path.suffix == ".toml" else path.with_name(f"{path.name}.toml")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_whole(path, self.text())  # the map there before stays whole if this fails
        except (OSError, WriteError) as exc:
            self.statusBar().showMessage(f"Not saved: {exc}", 15000)
            self.refusals.say(
                "Map not saved",
                f"The map {self.called} was not saved to {path}.\n\n{exc}\n\n"
                "It stays in the editor as it was; any file there before is unchanged.",
            )
            return None
        self.path = path
        self.undo_stack.setClean()
        self.statusBar().showMessage(f"Saved: {path}", 8000)
        self._title()
        return path

    def _refused(self) -> bool:
        """Whether the check finds a problem (then Save is refused, said in the status bar)."""
        if not self.check():
            return False
        self.statusBar().showMessage(
            f"Refused: the map has {len(self.problems)} problem(s); fix them first, or "
            "choose no scenario",
            10000,
        )
        problems = "\n".join(f"- {p}" for p in self.problems)
        self.refusals.say(
            "Map not saved",
            f"The map {self.called} was not saved: it has {len(self.problems)} problem(s) "
            f"under the scenario.\n\n{problems}\n\nFix them first (rimmed in red on the "
            "map), or choose no scenario.",
        )
        return True

    @property
    def refusal(self) -> QMessageBox | None:
        """The dialog saying why the last open or save was refused (while it is shown)."""
        return self.refusals.box

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closed, or kept open while :class:`UnsavedChanges` asks (it never blocks)."""
        event.setAccepted(self.unsaved.may_close())

    @property
    def called(self) -> str:
        """The map's name as the window says it (a blank name: "(no name)")."""
        return self.map.name or "(no name)"

    def _title(self) -> None:
        """The map's name, its file and Qt's unsaved mark ``[*]`` (the undo stack not clean)."""
        where = self.path.name if self.path else "not saved"
        name = self.called.replace("[*]", "[*][*]")  # a typed [*] is text
        self.setWindowTitle(f"{name}[*] ({where}) — Map editor")
        self.setWindowModified(not self.undo_stack.isClean())
