"""The window's first start paints the demo before the engine is loaded: the first frame of
plain ``referee`` (no match of last time) shows the menu bar, the docks' frames and the
demo's map with its six units, read from the map file and the unit catalogue
(:mod:`referee.app.start.demo_preview`); the rules, the match file and the panels come right after
that frame. The units of the first frame are those of the match file once it is open."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSettings, Qt

from referee.app.start.app import begin_window
from referee.match.setup.demo import DEMO_UNITS

ENGINE = (
    "referee.rules.orders.step",
    "referee.match.games.orders_file",
    "referee.ruleset.shipped",
    "referee.app.session.match_session",
    "referee.app.docks.journal_view",
    "referee.app.docks.turn_tracker",
    "sqlite_utils",
    "networkx",
    "numpy",
    "referee.app.wizards.orders",
)
"""What the first frame is painted without (each comes after it)."""
LATER = (
    "referee.tournament",
    "referee.app.tournament.new_event_dialog",
    "networkx",
    "numpy",
    "referee.app.wizards.orders",
    "referee.app.map_editor",
    "PySide6.QtPrintSupport",
)
"""What the demo, once open, is shown without (each comes when first used)."""

FIRST_START = """
import json, os, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
from referee.app.start.app import ensure_app

ENGINE, LATER = %r, %r
seen = []

def loaded(names=ENGINE):
    return [m for m in sys.modules if any(m == n or m.startswith(n + ".") for n in names)]

def when_ready(window):
    if window.session is None:
        QTimer.singleShot(20, lambda: when_ready(window))
        return
    QApplication.processEvents()
    print(json.dumps({"ready": True, "path": str(window.session.path),
                      "journal_rows": window.journal.table.model().rowCount(),
                      "file_actions": len(window.menus["&File"].actions()),
                      "loaded": loaded(), "later": loaded(LATER)}), flush=True)
    os._exit(0)

class Painted(QObject):
    def eventFilter(self, obj, event):
        if not seen and event.type() == QEvent.Type.Paint \\
                and type(obj.parent()).__name__ == "MapView":
            view = obj.parent()
            window = view.window()
            seen.append(1)
            scene = view.scene()
            print(json.dumps({
                "units": {uid: [item.unit.unit.id, item.unit.side, item.unit.facing]
                          for uid, item in scene.unit_items.items()},
                "hexes": len(scene.hex_items), "session": window.session is not None,
                "docks": sorted(d.windowTitle() for d in window.findChildren(
                    type(window.journal_dock)) if not d.isHidden()),
                "menus": [m.title() for m in window.menus.values()],
                "loaded": loaded()}), flush=True)
            QTimer.singleShot(0, lambda: when_ready(window))
        return False

painted = Painted()
ensure_app().installEventFilter(painted)
from referee.cli.main import main
main([])
"""


def test_the_first_frame_shows_the_demo_map_and_units_before_the_engine_loads(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "REFEREE_HOME": str(tmp_path)}
    for name in ("REFEREE_MATCHES", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        env.pop(name, None)
    out = subprocess.run(
        [sys.executable, "-c", FIRST_START % (ENGINE, LATER)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    lines = [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]
    assert len(lines) == 2, out.stderr
    first, ready = lines
    # the demo's six units on the standard battlefield (7 x 9 hexes), as data/ and
    # referee.match.setup.demo set them up
    assert first["units"] == {u["uid"]: [u["unit"], u["side"], u["facing"]] for u in DEMO_UNITS}
    assert first["hexes"] == 63
    assert first["menus"] == ["&File", "&Edit", "&View", "&Turn", "T&ools", "&Wizards", "&Help"]
    assert {"Turn", "Journal", "Unit"} <= set(first["docks"])
    assert first["session"] is False and first["loaded"] == []
    # right after: the demo written in the user's folder, its journal, the menus' actions
    assert Path(ready["path"]).parent == tmp_path / "matches"
    assert Path(ready["path"]).is_file()
    assert ready["journal_rows"] >= 1 and ready["file_actions"] > 5
    assert "referee.match.games.orders_file" in ready["loaded"]
    assert ready["later"] == []  # no tournament's clock for a match not made for a round


def test_the_demo_s_first_frame_has_the_units_of_its_match_file(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    settings = QSettings(str(tmp_path / "referee.ini"), QSettings.Format.IniFormat)
    window, finish = begin_window(None, settings)
    qtbot.addWidget(window)
    assert window.session is None and not window.panels_built

    def tokens() -> dict[str, tuple[object, ...]]:
        return {
            uid: (
                item.unit.unit.id,
                item.unit.side,
                item.unit.hex,
                item.unit.facing,
                item.unit.speed,
                item.unit.alive,
                item.pos().x(),
                item.pos().y(),
            )
            for uid, item in window.scene.unit_items.items()
        }

    first = tokens()
    terrain = {h: item.terrain for h, item in window.scene.hex_items.items()}
    finish()
    assert window.session is not None and window.panels_built
    assert tokens() == first
    assert {h: item.terrain for h, item in window.scene.hex_items.items()} == terrain
    assert window.journal.table.model().rowCount() >= 1
    finish()  # once only: no second demo
    assert len(list((tmp_path / "matches").glob("demo-*.referee"))) == 1


def test_the_match_of_last_time_gets_the_map_its_room_once_it_is_open(qtbot, tmp_path, monkeypatch):
    # the first frame has no map yet (the match file needs the engine): the docks are not
    # fitted to an empty map, which would leave the map a sliver between them
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    settings = QSettings(str(tmp_path / "referee.ini"), QSettings.Format.IniFormat)
    first, finish = begin_window(None, settings)
    qtbot.addWidget(first)
    finish()
    assert first.session is not None
    last = first.session.path
    first.session.close()
    first.session = None  # as if the app had quit (nothing saved of the window's layout)

    window, finish = begin_window(None, settings)
    qtbot.addWidget(window)
    assert window.scene.battle_map is None  # the match of last time: no preview
    window.setWindowState(Qt.WindowState.WindowNoState)
    window.resize(1366, 740)
    window.show()
    qtbot.waitExposed(window)
    finish()
    qtbot.wait(10)
    assert window.session is not None and window.session.path == last
    # the standard battlefield is taller than wide: as tall as the window, about 40% of it
    assert window.view.width() > window.width() * 0.3


def test_a_demo_that_cannot_be_written_leaves_no_preview_and_says_why(qtbot, tmp_path, monkeypatch):
    import referee.match.setup.demo as demo

    def full_disk(path: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setattr(demo, "create_demo_match", full_disk)
    settings = QSettings(str(tmp_path / "referee.ini"), QSettings.Format.IniFormat)
    window, finish = begin_window(None, settings)
    qtbot.addWidget(window)
    assert len(window.scene.unit_items) == len(DEMO_UNITS)  # the preview
    finish()
    assert window.session is None
    assert window.scene.unit_items == {} and window.scene.battle_map is None
    assert "no demo match could be written" in window.statusBar().currentMessage()
    assert "No space left on device" in window.statusBar().currentMessage()
