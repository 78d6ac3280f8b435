"""The map editor (File > Map editor): painting with the mouse, one stroke one undo step,
the scenario's constraints checked live (draft 004 "Building battle ground": no blocking or
advanced terrain in no man's land, each side designs its own territory), the live check the
same as `referee map check --scenario`, and the map saved to the map format."""

from __future__ import annotations

import pytest
from app_window import demo_window
from PySide6.QtCore import QPoint, Qt

from referee.app.map.geometry import hex_centre
from referee.app.map_editor.window import MapEditorWindow
from referee.board.hexgrid import Hex, parse_label
from referee.board.maps import find_map, load_map
from referee.cli.main import main


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def point(editor: MapEditorWindow, h: Hex) -> QPoint:
    return editor.view.mapFromScene(hex_centre(h))


def stroke(qtbot, editor: MapEditorWindow, *labels: str) -> None:
    """A press on the first hex, a drag over the others, a release."""
    viewport = editor.view.viewport()
    hexes = [parse_label(x) for x in labels]
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=point(editor, hexes[0]))
    for h in hexes[1:]:
        qtbot.mouseMove(viewport, point(editor, h))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=point(editor, hexes[-1]))


@pytest.fixture
def editor(qtbot, tmp_path) -> MapEditorWindow:
    window = demo_window(qtbot, tmp_path)
    window.map_editor_action.trigger()
    found = window.findChild(MapEditorWindow)
    assert found is not None  # a window of its own, owned by the main window
    found.resize(1300, 700)
    with qtbot.waitExposed(found):
        found.show()
    found.view.fit()
    return found


def test_the_editor_opens_on_entrenched_under_its_scenario(editor):
    assert editor.scenario is not None and editor.scenario.id == "entrenched"
    assert editor.problems == []
    assert "keeps the rules of ENTRENCHED!" in editor.side.verdict.text()
    assert editor.save_action.isEnabled()


def test_a_forest_painted_in_no_mans_land_is_rejected_live_and_undone_in_one_step(qtbot, editor):
    editor.set_tool("terrain:forest")
    stroke(qtbot, editor, "B5", "C5", "D5")
    assert editor.undo_stack.count() == 1  # one stroke, one step
    assert editor.undo_stack.undoText() == "Paint forest (3 hexes)"
    assert editor.problems == [
        f"zones.no_mans_land: {h} is Forest, blocking terrain, which no man's land may not hold"
        for h in ("B5", "C5", "D5")
    ]
    assert not editor.save_action.isEnabled()
    assert set(editor.scene.highlighted()) == {parse_label(x) for x in ("B5", "C5", "D5")}
    qtbot.keyClick(editor.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert editor.problems == [] and editor.save_action.isEnabled()
    assert editor.map.terrain[parse_label("C5")] == "rough"  # as the shipped map has it


def test_the_live_check_says_what_map_check_says_of_the_same_file(qtbot, editor, tmp_path, capsys):
    editor.set_tool("terrain:swamp")  # advanced terrain
    stroke(qtbot, editor, "E4")
    editor.set_tool("path:road")
    stroke(qtbot, editor, "A5")
    stroke(qtbot, editor, "A6")  # a road laid hex by hex: A5 to A6
    assert editor.map.roads[-1] == (parse_label("A5"), parse_label("A6"))
    path = tmp_path / "broken.toml"
    path.write_text(editor.text(), encoding="utf-8")  # the file Save would write
    capsys.readouterr()
    assert main(["map", "check", str(path), "--scenario", "entrenched"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines.pop().startswith("  rulings: setup.entrenched-zones")  # issue 24
    printed = [line.split(f"{path}: ", 1)[1] for line in lines[1:]]
    assert printed == editor.problems
    assert len(printed) == 3  # the swamp, and the road in A5 and in A6


def test_each_side_designs_only_its_own_territory(qtbot, editor):
    editor.side.designer.setCurrentIndex(editor.side.designer.findData("side1"))
    editor.set_tool("terrain:forest")
    assert not editor.paint_at(parse_label("C2"))
    assert (
        "side 1 designs only its own territory: C2 is in side 2's territory"
        in editor.statusBar().currentMessage()
    )
    assert not editor.paint_at(parse_label("C5"))
    assert editor.paint_at(parse_label("C9"))
    assert editor.map.terrain[parse_label("C9")] == "forest"


def test_a_new_map_is_painted_and_saved_to_the_map_format(qtbot, editor, tmp_path):
    editor.new_action.trigger()
    assert len(editor.map) == 63 and set(editor.map.terrain.values()) == {"clear"}
    editor.set_tool("terrain:hill")
    stroke(qtbot, editor, "C8", "D8")
    editor.set_tool("terrain:rough")
    stroke(qtbot, editor, "D5")  # not blocking, not advanced: no man's land may hold it
    assert editor.problems == []
    saved = editor.save_to(tmp_path / "my-field")
    assert saved == tmp_path / "my-field.toml"
    loaded = load_map(saved)
    assert loaded.terrain[parse_label("C8")] == "hill"
    assert loaded.terrain[parse_label("D5")] == "rough"
    assert {k: len(v) for k, v in loaded.zones.items()} == {
        "side1": 21,
        "no_mans_land": 21,
        "side2": 21,
    }
    assert "ruling setup.entrenched-zones" in saved.read_text()
    assert main(["map", "check", str(saved), "--scenario", "entrenched"]) == 0


def test_saving_a_map_that_breaks_the_scenario_is_refused(qtbot, editor, tmp_path):
    editor.set_tool("terrain:building")
    stroke(qtbot, editor, "D4")
    assert editor.save_to(tmp_path / "no.toml") is None
    assert not (tmp_path / "no.toml").exists()
    assert "Refused" in editor.statusBar().currentMessage()


def test_a_first_draft_map_offers_no_roads(editor):
    assert editor.open_file(find_map("standard"))
    assert editor.scenario is not None and editor.scenario.id == "standard-battle"
    road = next(
        editor.tools.item(r)
        for r in range(editor.tools.count())
        if editor.tools.item(r).text() == "Road"
    )
    assert not road.flags() & Qt.ItemFlag.ItemIsEnabled


def test_closing_the_editor_with_paint_not_saved_asks_first(qtbot, editor):
    from PySide6.QtWidgets import QMessageBox

    editor.set_tool("terrain:hill")
    stroke(qtbot, editor, "B8")
    assert not editor.close()  # the question waits over the editor; nothing blocks
    box = editor.unsaved.box
    assert box is not None and "The map ENTRENCHED! has changes that are not saved" in box.text()
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert editor.isVisible() and editor.map.terrain[parse_label("B8")] == "hill"
    editor.undo_stack.undo()  # back to the map as opened: nothing to lose
    assert editor.close()


def test_save_in_the_question_on_a_map_that_breaks_the_scenario_keeps_the_editor(
    qtbot, editor, monkeypatch
):
    from PySide6.QtWidgets import QMessageBox

    import referee.app.map_editor.window as window_module

    def no_dialog(*_args, **_kwargs):
        raise AssertionError("a file name was asked for a map that cannot be saved")

    monkeypatch.setattr(window_module, "ask_save_path", no_dialog)
    editor.set_tool("terrain:forest")
    stroke(qtbot, editor, "C5")  # blocking terrain in ENTRENCHED!'s no man's land
    assert not editor.close()
    editor.unsaved.box.button(QMessageBox.StandardButton.Save).click()
    assert editor.isVisible()  # refused: nothing written, nothing lost
    assert editor.statusBar().currentMessage().startswith("Refused: the map has 1 problem(s)")
    assert editor.map.terrain[parse_label("C5")] == "forest"
    editor.undo_stack.undo()
    assert editor.close()


def test_the_map_name_takes_spaces_while_typing_and_is_trimmed_only_when_saved(
    qtbot, editor, tmp_path
):
    editor.new_action.trigger()
    field = editor.side.name
    field.selectAll()
    qtbot.keyClicks(field, "Tiny test ")  # s7-user defect 4: the space was eaten per key
    assert field.text() == "Tiny test "
    assert editor.map.name == "Tiny test"
    saved = editor.save_to(tmp_path / "tiny")
    assert saved is not None and load_map(saved).name == "Tiny test"
    assert field.text() == "Tiny test "  # saving leaves what was typed alone
    editor.undo_stack.undo()  # the typing is one step: back to the new map's name
    assert editor.map.name == "New battlefield" and field.text() == "New battlefield"


def test_a_blank_map_name_is_a_problem_of_the_check_and_refuses_save(qtbot, editor, tmp_path):
    field = editor.side.name
    field.selectAll()
    qtbot.keyClicks(field, "   ")
    assert field.text() == "   "
    assert "name: missing" in editor.problems
    assert editor.save_to(tmp_path / "blank.toml") is None
    assert not (tmp_path / "blank.toml").exists()


def test_the_window_title_follows_the_name_and_marks_unsaved_changes(qtbot, editor, tmp_path):
    editor.new_action.trigger()
    assert "New battlefield" in editor.windowTitle() and not editor.isWindowModified()
    field = editor.side.name
    field.selectAll()
    qtbot.keyClicks(field, "Tiny")
    assert editor.windowTitle().startswith("Tiny[*]") and editor.isWindowModified()
    qtbot.keyClicks(field, " test")
    assert editor.windowTitle().startswith("Tiny test[*]")
    editor.save_to(tmp_path / "tiny.toml")
    assert editor.windowTitle() == "Tiny test[*] (tiny.toml) — Map editor"
    assert not editor.isWindowModified()


def test_file_open_starts_in_the_maps_folder_with_no_file_name_typed(qtbot, editor):
    # s9-user trial #7: on a first run (no maps folder yet) Qt opened the folder above and
    # typed "maps" as the file name. The dialog opens in the maps folder, made as Save As
    # makes it, with nothing typed.
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit

    from referee.paths import maps_dir

    assert not maps_dir().exists()
    seen: list[tuple[str, str]] = []

    def look() -> None:  # File > Open's dialog, as it shows (then cancelled)
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QFileDialog):
            QTimer.singleShot(20, look)
            return
        name = dialog.findChild(QLineEdit, "fileNameEdit")
        seen.append((dialog.directory().absolutePath(), name.text()))
        dialog.reject()

    QTimer.singleShot(0, look)
    editor.open_action.trigger()
    assert seen == [(str(maps_dir()), "")]
    assert maps_dir().is_dir()


def test_the_open_dialogs_size_type_and_date_columns_are_not_cut(qtbot, tmp_path):
    # s9-user trial #7: "132...KiB", "REF...ile": each column as wide as what it shows
    from PySide6.QtWidgets import QTreeView

    from referee.app.widgets.file_dialogs import open_dialog

    folder = tmp_path / "maps"
    folder.mkdir()
    (folder / "a-long-battlefield-name.toml").write_bytes(b"x" * 135_000)
    dialog = open_dialog(None, "Open a map", folder, "Maps (*.toml)")
    qtbot.addWidget(dialog)
    dialog.resize(900, 500)
    view = dialog.findChild(QTreeView, "treeView")
    dialog.show()
    qtbot.waitUntil(lambda: view.model().rowCount(view.rootIndex()) == 1)
    qtbot.wait(50)  # the folder's rows are sized as they come in
    for column in (1, 2, 3):
        assert view.columnWidth(column) >= view.sizeHintForColumn(column), column
    dialog.hide()


def test_the_name_field_s_own_ctrl_z_back_to_the_saved_name_leaves_the_map_saved(
    qtbot, editor, tmp_path
):
    """s7-small: Ctrl+Z in the Name field is the field's own undo (it undoes what was typed
    there); the name it brings back is the saved one, so the map is as saved: no unsaved
    mark, nothing asked at closing. A rename that stays is still one step to save."""
    editor.new_action.trigger()
    editor.save_to(tmp_path / "tiny.toml")
    assert not editor.isWindowModified()
    field = editor.side.name
    field.setFocus()
    field.end(False)
    qtbot.keyClicks(field, " two")
    assert editor.map.name == "New battlefield two" and editor.isWindowModified()
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert field.text() == "New battlefield"  # the field's own undo
    assert editor.map.name == "New battlefield"
    assert editor.undo_stack.isClean() and not editor.isWindowModified()
    assert editor.windowTitle() == "New battlefield[*] (tiny.toml) — Map editor"
    redo = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(field, Qt.Key.Key_Z, redo)  # the field's own redo: renamed again
    assert field.text() == "New battlefield two" and editor.isWindowModified()
    editor.undo_action.trigger()  # Edit > Undo: the rename, back to the saved name
    assert editor.map.name == "New battlefield" and not editor.isWindowModified()
