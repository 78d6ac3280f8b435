"""A quick start: the main window's module imports no wizard, no map editor, neither networkx
(the movement wizard's paths) nor sqlite-utils (the match file, the rules index), nor numpy
(the line-of-sight engines, the far picture of a large map): each comes when first needed.
Checked in a fresh interpreter, where nothing was imported before."""

from __future__ import annotations

import json
import subprocess
import sys

LATER = (
    "numpy",
    "networkx",
    "sqlite_utils",
    "referee.app.wizards",
    "referee.app.map_editor",
    "referee.app.army_builder",
    "referee.catalogue.search_index",
)
OPENER = ("referee.app.wizards", "referee.app.wizards.opener")
"""The one place wizards are opened comes at start; no wizard it opens does."""


def test_importing_the_main_window_leaves_the_wizards_and_heavy_libraries_for_later(tmp_path):
    code = (
        "import json, sys\nimport referee.app.window.main_window\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": "", "REFEREE_CACHE": str(tmp_path / "cache")},
    )
    loaded = json.loads(out.stdout.splitlines()[-1])
    assert "referee.app.window.main_window" in loaded and "PySide6.QtWidgets" in loaded
    early = [
        m for m in loaded if m not in OPENER and any(m == p or m.startswith(f"{p}.") for p in LATER)
    ]
    assert early == []


def test_a_wizard_is_there_when_opened(qtbot, tmp_path):
    from app_window import demo_window

    window = demo_window(qtbot, tmp_path)
    wizard = window.turn_driver.open_orders()
    assert wizard is not None and "referee.app.wizards.orders.wizard" in sys.modules
    assert window.wizard_host.wizard is wizard


def test_opening_a_match_of_written_orders_leaves_the_other_systems_for_later(tmp_path):
    from referee.match.setup.demo import create_demo_match

    path = tmp_path / "demo.referee"
    create_demo_match(path).close()
    code = (
        "import json, sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from referee.app.window.main_window import MainWindow\n"
        "window = MainWindow()\n"
        f"window.open_match({str(path)!r})\n"
        "assert window.session is not None and window.session.system == 'orders'\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": "", "REFEREE_CACHE": str(tmp_path / "cache")},
    )
    loaded = json.loads(out.stdout.splitlines()[-1])
    other = ("referee.app.activation", "referee.match.games.activation_file")
    assert [m for m in loaded if any(m == p or m.startswith(f"{p}.") for p in other)] == []


FIRST_FRAME_ENGINE = (
    "referee.app.start.demo_preview",
    "referee.board.maps",
    "referee.rules.state",
    "referee.units.model",
    "referee.ruleset.terrain",
)
"""The engine's modules that the first frame of a start draws (the demo's preview)."""


def test_a_start_imports_the_engine_modules_of_its_first_frame_before_qt(tmp_path):
    # PySide checks every module imported after Qt (it reads the module's source), which
    # about doubles the time of importing it: what the first frame needs without Qt comes
    # first. The start is stopped as it asks for PySide6.
    code = (
        "import json, sys\n"
        "order = []\n"
        "class Seen:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        order.append(name)\n"
        "        if name == 'PySide6':\n"
        "            print(json.dumps(order), flush=True)\n"
        "            raise SystemExit(0)\n"
        "sys.meta_path.insert(0, Seen())\n"
        "from referee.cli.main import main\n"
        "main([])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": "", "REFEREE_HOME": str(tmp_path)},
    )
    before_qt = json.loads(out.stdout.splitlines()[-1])
    assert before_qt[-1] == "PySide6"
    assert [m for m in FIRST_FRAME_ENGINE if m not in before_qt] == []


UNTIL_USED = (
    "referee.rules.damage",
    "referee.rules.explain",
    "referee.rules.orders.movement_orders",
    "referee.catalogue.hits",
    "referee.app.map.move_arrow_item",
    "referee.app.map.shot_line_item",
)
"""What the window ready on a match with no damage waiting (the demo, at its first gunnery
step) never uses: the damage engine (the damage waiting on a unit, a step's outcome), a
movement step's orders as it carries them out, a search hit, a wizard's arrows and shot line.
Each comes with the step, wizard or search that uses it. (The orders' legality is not among
them: the Unit dock shows the unit's orders as they will be carried out, clause
``orders.illegal``, which judges them from its first page.)"""


def test_the_ready_window_leaves_the_damage_engine_and_the_wizards_drawings_for_later(tmp_path):
    from referee.match.setup.demo import create_demo_match

    path = tmp_path / "demo.referee"
    create_demo_match(path).close()
    code = (
        "import json, sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from referee.app.window.main_window import MainWindow\n"
        "window = MainWindow()\n"
        f"window.open_match({str(path)!r})\n"
        "window.show()\n"
        "app.processEvents()\n"
        "state = window.session.state\n"
        "assert state.step == 'gunnery-1' and not state.pending, (state.step, state.pending)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": "", "REFEREE_CACHE": str(tmp_path / "cache")},
    )
    loaded = json.loads(out.stdout.splitlines()[-1])
    assert "referee.rules.orders.agenda" in loaded and "referee.app.docks.turn_tracker" in loaded
    early = [m for m in loaded if any(m == p or m.startswith(f"{p}.") for p in UNTIL_USED)]
    assert early == []


READY = """
import json, os
import PySide6.QtCore as core
import PySide6.QtGui as gui
import PySide6.QtWidgets as widgets
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from referee.app.start.app import begin_window

window, finish = begin_window(None, QSettings(os.environ["INI"], QSettings.Format.IniFormat))
window.show()
finish()
app = QApplication.instance()
for _ in range(5):  # the filters put on, the window painted whole: usable
    app.processEvents()
window.repaint()
assert window.session is not None and window.journal.table.model().rowCount() > 0
import sys
shelf = sys.modules.get("referee.units.catalogue")
loaded = [n for n in NAMES if any(n in m.__dict__ for m in (core, gui, widgets))]
if shelf is not None and shelf.catalogue.cache_info().currsize:
    loaded.append("the whole unit catalogue")
print(json.dumps(sorted(loaded)))
"""
NEVER_MET = ("QCalendarWidget", "QFileDialog", "QMdiArea", "QProcess", "QSharedMemory")
"""Classes the ready window never uses: PySide loads them (and builds their enums) only when
it names an object of a class it does not know by trying every class it does, as a filter on
every event of the application once made it do (the wheel guard waits for a first touch, the
undo keys follow the keyboard)."""
NOT_YET = ("QStyle", "QGradient", "QMessageBox", "QWizard", "QInputDialog")
"""Classes the ready window names only when used: the style's hundreds of enum members (the
journal's rows are drawn by Qt's own item painting), a gradient (a brush is given its style),
a message box, a wizard, an input dialog."""


def test_the_ready_demo_loads_no_qt_class_and_no_unit_card_it_does_not_use(tmp_path):
    # the demo's preview and match read their six cards from the demo armies' two files,
    # never the whole unit catalogue
    out = subprocess.run(
        [sys.executable, "-c", f"NAMES = {NEVER_MET + NOT_YET!r}\n{READY}"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env={
            "QT_QPA_PLATFORM": "offscreen",
            "PATH": "",
            "REFEREE_HOME": str(tmp_path / "home"),
            "INI": str(tmp_path / "referee.ini"),
        },
    )
    assert json.loads(out.stdout.splitlines()[-1]) == []
