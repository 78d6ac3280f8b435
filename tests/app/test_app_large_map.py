"""A map as large as a club's table room in the window: seen whole it is drawn as one picture
(its hexes and their labels hidden), up close hex by hex; line of sight and the visibility
shading work on it, the board's engines prepared in a worker thread meanwhile."""

from __future__ import annotations

import gc
from pathlib import Path

from PySide6.QtGui import QColor
from test_app_los_follow import move_and_click, move_to, shading

from referee.app.map.map_scene import FAR_PIXELS
from referee.app.widgets.style import TERRAIN_FILL
from referee.app.window.main_window import MainWindow
from referee.bench.big_map import big_map_doc, write_big_map
from referee.board.hexgrid import hex_label, parse_label
from referee.board.visibility import Visibility
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.board_now import board_now
from referee.rules.orders.commands import CorrectHex

SIZE = 50  # 2,500 hexes: seen whole on a 1366x768 screen, a hex is about 8 pixels


def large_window(qtbot, tmp_path: Path) -> MainWindow:
    map_file = write_big_map(tmp_path / "room.toml", SIZE, SIZE, seed=3)
    path = tmp_path / "room.referee"
    MatchFile.create(
        path,
        map_name=str(map_file),
        units=[
            {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": f"Y{SIZE}"},
        ],
    ).close()
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.open_match(path)
    with qtbot.waitActive(window):
        window.show()
    window.view.fit()
    return window


def test_a_large_map_seen_whole_is_one_picture_and_up_close_hex_by_hex(qtbot, tmp_path):
    window = large_window(qtbot, tmp_path)
    scene = window.scene
    assert len(scene.hex_items) == SIZE * SIZE
    assert window.view.transform().m11() * 50 < FAR_PIXELS  # seen whole: small hexes
    assert scene.far and scene.far_item is not None and scene.far_item.isVisible()
    assert not scene.hex_layer.isVisible()  # no hex (nor its label) is painted
    # the picture shows each hex's terrain colour at its centre (the map file's terrain)
    terrain = big_map_doc(SIZE, SIZE, seed=3)["terrain"]
    image = scene.far_item.pixmap().toImage()
    raster = scene.raster
    assert raster is not None
    width, height = raster.size
    for label in list(terrain)[:40]:
        centre = scene.hex_items[parse_label(label)].pos()
        x = (centre.x() - raster.rect.left()) * width / raster.rect.width()
        y = (centre.y() - raster.rect.top()) * height / raster.rect.height()
        assert image.pixelColor(int(x), int(y)) == QColor(TERRAIN_FILL[terrain[label]]), label
    window.view.zoom(4.0)  # up close: hex by hex, with labels
    assert not scene.far and scene.hex_layer.isVisible() and not scene.far_item.isVisible()
    window.view.fit()
    assert scene.far


def test_the_line_and_the_shading_follow_the_mouse_on_a_large_map(qtbot, tmp_path):
    window = large_window(qtbot, tmp_path)
    panel = window.los_panel
    window.toggle_visibility()
    source, target = parse_label("M20"), parse_label("AK35")
    move_to(qtbot, window, source)
    # the engines of 2,500 hexes are prepared in the worker thread; the window goes on
    qtbot.waitUntil(lambda: panel.engines.visibility is not None, timeout=60_000)
    qtbot.waitUntil(lambda: window.scene.overlay_roles() == shading(window, source))
    move_to(qtbot, window, target)
    assert window.scene.overlay_roles() == shading(window, target)
    assert "sees" in panel.prompt.text() and hex_label(target) in panel.prompt.text()
    window.toggle_los()
    move_and_click(qtbot, window, source)
    move_to(qtbot, window, target)
    roles = window.scene.overlay_roles()
    assert roles[source] == "start" and roles[target] == "end"
    board = board_now(window.session.state)
    visible, blind = Visibility(board).from_hex(source)
    at = board.battle_map.index[target]
    word = "sees it" if visible[at] else "blind" if blind[at] else "blocked by"
    assert word in panel.prompt.text()


def test_the_engines_of_a_large_map_are_kept_for_a_board_of_the_same_shape(qtbot, tmp_path):
    window = large_window(qtbot, tmp_path)
    engines = window.los_panel.engines
    window.toggle_visibility()
    qtbot.waitUntil(lambda: engines.visibility is not None, timeout=60_000)
    geometry = engines.visibility.g
    assert window.run_step("smoke", [CorrectHex(hex="M20", marker="smoke", count=1)]) is not None
    qtbot.waitUntil(lambda: engines.visibility is not None, timeout=60_000)
    assert engines.visibility.g is geometry  # the smoke changed the board, not its shape
    assert parse_label("M20") in engines.visibility.board.smoke


def test_no_cycle_collection_runs_in_the_worker_thread_while_a_large_map_is_prepared(
    qtbot, tmp_path, monkeypatch
):
    # Python's cycle collector runs in whichever thread allocates past its threshold; run in
    # the worker that prepares a large map, it would free the window's widgets left in
    # reference cycles there, and Qt would destroy them off the UI thread (a crash, now and
    # then). So automatic collection is held off while the worker runs, and the window's
    # thread lets it run again when the preparation ends.
    from referee.app.map import board_sight

    seen_in_worker: list[bool] = []
    prepared = board_sight.prepared

    def prepared_noting_the_collector(*args):
        seen_in_worker.append(gc.isenabled())
        return prepared(*args)

    monkeypatch.setattr(board_sight, "prepared", prepared_noting_the_collector)
    assert gc.isenabled()
    window = large_window(qtbot, tmp_path)
    engines = window.los_panel.engines
    with qtbot.waitSignal(engines.ready, timeout=60_000):
        window.toggle_visibility()
    assert seen_in_worker == [False]
    qtbot.waitUntil(gc.isenabled)  # given back in the window's thread
    assert board_sight.collector_gate().held == 0


def test_the_collector_runs_again_when_a_preparation_ends_after_its_engines_are_gone(
    qtbot, tmp_path
):
    from referee.app.map import board_sight

    window = large_window(qtbot, tmp_path)
    engines = window.los_panel.engines
    engines.set_board(engines.board)  # the same board: nothing to redo
    window.toggle_visibility()
    assert engines.working
    assert not gc.isenabled()
    engines.deleteLater()  # its pool waits for the job, whose signal then has no receiver
    qtbot.waitUntil(gc.isenabled, timeout=60_000)
    assert board_sight.collector_gate().held == 0
