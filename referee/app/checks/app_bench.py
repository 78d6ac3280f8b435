"""The window's benchmark: how fast it opens, and how fast line of sight follows the mouse.

Run ``referee bench app [--json]``. The machine may be shared, so every figure is a median,
each start is set against an empty Qt main window started the same way in the same run
(``start_ratio``: load slows both alike), and each figure has its CPU time (``*_cpu_ms``),
which load hardly changes.

* ``cold_start_ms``: a fresh process runs ``referee`` with no arguments on fresh user
  folders, so it writes the demo match and opens it; timed from the process's start to the
  first paint of the map with the demo's units on it. That first frame shows the window,
  its menu bar, the docks' frames (empty) and the map with the demo's six units, drawn
  before the engine is loaded (:mod:`referee.app.start.demo_preview`); the panels, the rules and
  the match file come right after it. The user folders are fresh but the cache folder is the
  user's (as for a user's every start but the very first after an install or an update): the
  demo's preview kept there by the untimed start is read, not computed. The paint is seen
  by an event filter on the map's viewport alone, as the floor's on its central widget; the
  filter is put on as the app imports its map view, so that the timed process imports Qt no
  sooner than a user's start does (PySide checks every module imported after Qt, and the
  start imports the engine's modules of its first frame before it).
  ``cold_ready_ms``: the same start timed to the first paint of the map once the match file
  is open and every panel is filled (the window usable). ``qt_floor_ms``: a fresh process
  shows an empty ``QMainWindow``, timed to its first paint. The three are run in turns.
  ``ready_cpu_ratio``: the usable window's CPU time (``cold_ready_cpu_ms``: the match open,
  so Next step opens the step's wizard) as a multiple of the empty window's, against
  ``ready_budget`` (issue 26: 4 times). With no display, Qt draws in memory on a screen of
  :data:`LAPTOP_SCREEN` (``start_screen`` says which screen the figures were taken on).
* ``los_hover_ms`` (per map): with the line-of-sight tool on and a first hex clicked, the
  mouse moves over the map: the median time from the hex under the mouse changing to the
  map repainted (the line, its roles and its verdict). ``visibility_hover_ms``: the same with
  the visibility shading following the mouse. The maps: the largest shipped map, and the
  generated table rooms of 50 x 50 and 100 x 100 hexes (:mod:`referee.bench.big_map`).
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.bench.measure import load_average

APP_CHILD = """
import importlib.util, os, sys

READY = os.environ.get("REFEREE_BENCH_READY") == "1"

def watch(view_module):
    from PySide6.QtCore import QEvent, QObject, QTimer

    class Painted(QObject):
        seen = False
        def eventFilter(self, obj, event):
            if not self.seen and event.type() == QEvent.Type.Paint:
                view = obj.parent()
                if not view.scene().unit_items:  # the map must show the match's units
                    return False
                if READY and getattr(view.window(), "session", None) is None:
                    return False
                self.seen = True
                QTimer.singleShot(0, lambda: (print("painted", flush=True), os._exit(0)))
            return False

    painted = Painted()
    # watch the map's viewport only, as the floor watches its central widget: a filter on the
    # whole application would run Python for every event of every widget (and make PySide build
    # the types and enums of each), which a user's start does not pay
    made = view_module.MapView.__init__
    def watched(view, *args, **kwargs):
        made(view, *args, **kwargs)
        view.viewport().installEventFilter(painted)
    view_module.MapView.__init__ = watched
    view_module.bench_painted = painted

class WhenImported:
    # the map view is watched as the app imports it: the harness imports no Qt before the
    # app does (PySide checks every module imported after it, and the app imports the
    # engine's modules of its first frame before Qt, as a user's start does)
    def find_spec(self, name, path=None, target=None):
        if name != "referee.app.map.map_view":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run = spec.loader.exec_module
        def exec_module(module):
            run(module)
            watch(module)
        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, WhenImported())
from referee.cli.main import main
main(sys.argv[1:])
"""

FLOOR_CHILD = """
import os
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

class Painted(QObject):
    seen = False
    def eventFilter(self, obj, event):
        if not self.seen and event.type() == QEvent.Type.Paint:
            self.seen = True
            QTimer.singleShot(0, lambda: (print("painted", flush=True), os._exit(0)))
        return False

app = QApplication([])
window = QMainWindow()
window.setCentralWidget(QWidget())
painted = Painted()
window.centralWidget().installEventFilter(painted)
window.show()
app.exec()
"""

READY_BUDGET = 4
"""The usable window (Next step works) in at most this many times the CPU time of an empty Qt
main window started the same way in the same run."""

HOVER_STEPS = 40
"""Hexes the mouse moves over, per map and tool."""


LAPTOP_SCREEN = (1366, 768)
"""The screen the timed windows open on when Qt draws in memory: its offscreen screen is
800 x 800 by default, a size no referee's laptop has (the window there folds its docks, and
its start would be measured without them)."""


def _environment(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    for name in ("REFEREE_MATCHES", "REFEREE_CACHE", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        env.pop(name, None)
    env["REFEREE_HOME"] = str(home)
    # as installed (pip and the packaged app compile every module): the modules' bytecode
    # is written by the first start and read by the next ones
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY") or env.get("QT_QPA_PLATFORM")):
        env["QT_QPA_PLATFORM"] = "offscreen"
    if env.get("QT_QPA_PLATFORM") == "offscreen":
        width, height = LAPTOP_SCREEN
        screen = {"name": "laptop", "x": 0, "y": 0, "width": width, "height": height}
        config = home / "offscreen-screen.json"
        config.write_text(json.dumps({"screens": [{**screen, "logicalDpi": 96, "dpr": 1}]}))
        env["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"
    return env


def screen_name() -> str:
    """The screen the timed windows open on, for the figures' record."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform == "offscreen" or not (
        platform or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return "offscreen {}x{}".format(*LAPTOP_SCREEN)
    return platform or "the display's"


def _child_ms(code: str, ready: bool = False, args: tuple[str, ...] = ()) -> tuple[float, float]:
    """Wall and CPU milliseconds of a fresh Python process running ``code`` (with the
    command line ``args``) until it prints that it painted (fresh user folders each time;
    ``ready``: the window finished)."""
    with tempfile.TemporaryDirectory() as home:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        # run in the fresh home: "python -c" puts the working folder first on the path, and
        # from another checkout's folder the child would time that checkout's referee
        child = subprocess.Popen(
            [sys.executable, "-c", code, *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={**_environment(Path(home)), "REFEREE_BENCH_READY": "1" if ready else "0"},
            text=True,
            cwd=home,
        )
        assert child.stdout is not None
        said = child.stdout.readline()
        wall = time.perf_counter() - start
        child.wait(timeout=60)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if "painted" not in said:
        raise RuntimeError(f"the timed process did not paint (exit status {child.returncode})")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall * 1000, cpu * 1000


def start_times(runs: int) -> dict[str, Any]:
    """The cold start (first frame, and ready) and the Qt floor, in turns, ``runs`` of each
    (medians)."""
    app: list[tuple[float, float]] = []
    ready: list[tuple[float, float]] = []
    floor: list[tuple[float, float]] = []
    _child_ms(FLOOR_CHILD)  # not timed: the modules' bytecode, the disk's caches
    _child_ms(APP_CHILD)
    for _ in range(runs):
        floor.append(_child_ms(FLOOR_CHILD))
        app.append(_child_ms(APP_CHILD))
        ready.append(_child_ms(APP_CHILD, ready=True))
    ready_ms = statistics.median(w for w, _ in ready)
    app_ms = statistics.median(w for w, _ in app)
    floor_ms = statistics.median(w for w, _ in floor)
    app_cpu = statistics.median(c for _, c in app)
    floor_cpu = statistics.median(c for _, c in floor)
    ready_cpu = statistics.median(c for _, c in ready)
    return {
        "cold_start_ms": round(app_ms, 1),
        "qt_floor_ms": round(floor_ms, 1),
        "start_ratio": round(app_ms / floor_ms, 2),
        "cold_ready_ms": round(ready_ms, 1),
        "ready_ratio": round(ready_ms / floor_ms, 2),
        "cold_ready_cpu_ms": round(ready_cpu, 1),
        "ready_cpu_ratio": round(ready_cpu / floor_cpu, 2),
        "ready_budget": READY_BUDGET,
        "cold_start_cpu_ms": round(app_cpu, 1),
        "qt_floor_cpu_ms": round(floor_cpu, 1),
        "start_cpu_ratio": round(app_cpu / floor_cpu, 2),
        "start_runs": runs,
        "start_screen": screen_name(),
    }


def open_times(runs: int = 5, turns: int = 200) -> dict[str, Any]:
    """``referee FILE`` on a long match, timed as ``cold_ready_ms`` is (a fresh process, to
    the first paint of the map with the match open and every panel filled), against the
    same on the shipped ten-turn match and an empty Qt window, in turns (medians)."""
    from referee.bench.long_match import play_journal
    from referee.bench.replay_bench import default_journal
    from referee.match.journal.journal_text import parse_journal, read_journal, replay_journal

    with tempfile.TemporaryDirectory() as tmp:
        short = Path(tmp) / "ten-turns.referee"
        long = Path(tmp) / f"{turns}-turns.referee"
        replay_journal(read_journal(default_journal()), short).close()
        journal = parse_journal(play_journal(turns), f"<{turns} turns>")
        replay_journal(journal, long).close()
        timed: dict[str, list[tuple[float, float]]] = {"short": [], "long": [], "floor": []}
        _child_ms(FLOOR_CHILD)  # not timed: the modules' bytecode, the disk's caches
        _child_ms(APP_CHILD, ready=True, args=(str(short),))
        for _ in range(max(1, runs)):
            timed["floor"].append(_child_ms(FLOOR_CHILD))
            timed["short"].append(_child_ms(APP_CHILD, ready=True, args=(str(short),)))
            timed["long"].append(_child_ms(APP_CHILD, ready=True, args=(str(long),)))
        steps = {
            "short": len(read_journal(default_journal()).steps),
            "long": len(journal.steps),
        }
    wall = {k: statistics.median(w for w, _ in v) for k, v in timed.items()}
    cpu = {k: statistics.median(c for _, c in v) for k, v in timed.items()}
    return {
        "open_long_ms": round(wall["long"], 1),
        "open_ten_turns_ms": round(wall["short"], 1),
        "open_ratio": round(wall["long"] / wall["short"], 2),
        "qt_floor_ms": round(wall["floor"], 1),
        "open_long_cpu_ms": round(cpu["long"], 1),
        "open_ten_turns_cpu_ms": round(cpu["short"], 1),
        "open_cpu_ratio": round(cpu["long"] / cpu["short"], 2),
        "qt_floor_cpu_ms": round(cpu["floor"], 1),
        "long_turns": turns,
        "long_steps": steps["long"],
        "ten_turns_steps": steps["short"],
        "open_runs": max(1, runs),
    }


def _largest_shipped_map() -> Path:
    from referee.board.maps import load_map
    from referee.paths import data_dir
    from referee.ruleset.shipped import ruleset

    terrain = ruleset("current").terrain
    maps = sorted((data_dir() / "maps").glob("*.toml"))
    return max(maps, key=lambda p: len(load_map(p, terrain)))


def _match_on(map_file: Path, folder: Path) -> Path:
    """A match on ``map_file`` with one unit at the map's middle hex."""
    from referee.board.hexgrid import hex_label
    from referee.board.maps import load_map
    from referee.match.games.orders_file import MatchFile
    from referee.ruleset.shipped import ruleset

    middle = load_map(map_file, ruleset("current").terrain)
    middle_hex = middle.hexes[len(middle.hexes) // 2]
    path = folder / f"{map_file.stem}.referee"
    MatchFile.create(
        path,
        map_name=str(map_file),
        ruleset="current",
        units=[
            {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": hex_label(middle_hex)},
        ],
    ).close()
    return path


def _hover_ms(match: Path, steps: int) -> dict[str, Any]:
    """Open ``match`` in the window seen whole, and time the mouse's moves over it with
    each tool (wall and CPU medians, milliseconds)."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from referee.app.start.qt_application import ensure_app
    from referee.app.window.main_window import MainWindow

    app = ensure_app()
    window = MainWindow(
        settings=QSettings(str(match.with_suffix(".ini")), QSettings.Format.IniFormat)
    )
    window.resize(1366, 768)
    window.open_match(match)
    window.show()
    window.view.fit()
    QApplication.processEvents()
    panel, view = window.los_panel, window.view
    hexes = window.session.state.battle_map.hexes if window.session else ()
    # a walk across the map: from the middle of the west edge to the east, and back
    path = [hexes[i] for i in range(0, len(hexes), max(1, len(hexes) // steps))][:steps]

    def timed(move: Callable[[Any], None]) -> tuple[float, float]:
        move(path[0])
        view.viewport().repaint()
        walls, cpus = [], []
        for h in path[1:]:
            wall, cpu = time.perf_counter(), time.process_time()
            move(h)
            view.viewport().repaint()
            QApplication.processEvents()  # the prompt's words, what else the move changed
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        return statistics.median(walls) * 1000, statistics.median(cpus) * 1000

    window.toggle_los()
    panel.pick(hexes[len(hexes) // 2])
    los = timed(panel.hover)
    window.toggle_visibility()
    panel.engines.prepare()
    panel.engines.wait()
    QApplication.processEvents()  # the engines' "ready"
    vis = timed(panel.hover)
    result = {
        "hexes": len(hexes),
        "far": window.scene.far,
        "los_hover_ms": round(los[0], 2),
        "los_hover_cpu_ms": round(los[1], 2),
        "visibility_hover_ms": round(vis[0], 2),
        "visibility_hover_cpu_ms": round(vis[1], 2),
    }
    window.close()
    window.deleteLater()
    QApplication.processEvents()
    app.processEvents()
    return result


def hover_times(steps: int = HOVER_STEPS, big: bool = True) -> dict[str, Any]:
    """Line of sight and visibility following the mouse on each map (see the docstring)."""
    from referee.bench.big_map import write_big_map

    names = ("los_hover_ms", "los_hover_cpu_ms", "visibility_hover_ms", "visibility_hover_cpu_ms")
    out: dict[str, Any] = {name: {} for name in names}
    out["hover_maps"] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        maps = [_largest_shipped_map(), write_big_map(folder / "table-room-50x50.toml", 50, 50)]
        if big:
            maps.append(write_big_map(folder / "table-room-100x100.toml", 100, 100))
        for map_file in maps:
            figures = _hover_ms(_match_on(map_file, folder), steps)
            name = map_file.stem
            for figure in names:
                out[figure][name] = figures[figure]
            out["hover_maps"][name] = figures
    return out


def run(runs: int = 5, hover: bool = True, big: bool = True) -> dict[str, Any]:
    if not any(os.environ.get(v) for v in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # no screen: Qt draws in memory
    result: dict[str, Any] = {"load_average": load_average()}
    result.update(start_times(max(1, runs)))
    if hover:
        result.update(hover_times(big=big))
    result["load_average_after"] = load_average()
    return result
