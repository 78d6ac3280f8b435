"""The app's two filters (the wheel guard, the undo keys) go on once the main window is
finished, not while it is built: a filter on the whole application runs Python for every
event of every widget, and the start's building sends thousands. The undo keys follow the
keyboard from then on; the wheel guard, on the whole application, waits for the window's
first touch (a wheel, a click, a key). Checked in a fresh interpreter (the tests' own
application has had them since the first test)."""

from __future__ import annotations

import json
import subprocess
import sys

CODE = """
import json, os
from PySide6.QtCore import QSettings
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QSpinBox
from referee.app.start.app import begin_window
from referee.app.widgets.undo_keys import UndoKeys
from referee.app.widgets.wheel_guard import WheelGuard

seen = {}
def filters(app):
    return [app.findChild(WheelGuard) is not None, app.findChild(UndoKeys) is not None]

window, finish = begin_window(None, QSettings(os.environ["INI"], QSettings.Format.IniFormat))
app = QApplication.instance()
seen["built"] = filters(app)
window.show()
finish()
seen["finished"] = filters(app)
app.processEvents()
seen["after"] = filters(app)
spin = QSpinBox(window)  # a box made before or after the guard: it holds for both
spin.show()
app.processEvents()
seen["untouched"] = filters(app)
QTest.keyClick(window.windowHandle(), Qt.Key.Key_Shift)  # the window's first touch
seen["touched"] = filters(app)
seen["strong"] = spin.focusPolicy().name
later = QSpinBox(window)
later.show()
app.processEvents()
seen["later"] = later.focusPolicy().name
print(json.dumps(seen))
"""


def test_the_undo_keys_go_on_once_the_window_is_finished_and_the_wheel_guard_at_a_touch(
    tmp_path,
):
    out = subprocess.run(
        [sys.executable, "-c", CODE],
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
    seen = json.loads(out.stdout.splitlines()[-1])
    assert seen["built"] == [False, False]
    assert seen["finished"] == [False, False]  # the window's panels and match: still none
    assert seen["after"] == [False, True]  # the next turn of the event loop: the undo keys
    assert seen["untouched"] == [False, True]  # the wheel guard waits for a touch
    assert seen["touched"] == [True, True]
    assert seen["strong"] == "StrongFocus"
    assert seen["later"] == "StrongFocus"


UNUSED = """
import json, os
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
import PySide6.QtWidgets as widgets
from referee.app.start.app import begin_window

window, finish = begin_window(None, QSettings(os.environ["INI"], QSettings.Format.IniFormat))
window.show()
finish()
window.repaint()  # the window usable, painted whole (before the event loop's next turn)
assert window.session is not None and window.journal.table.model().rowCount() > 0
print(json.dumps("QCalendarWidget" in widgets.__dict__))
"""


def test_the_window_s_start_makes_pyside_load_no_widget_class_it_does_not_use(tmp_path):
    # asked for a viewport Qt made, PySide names it by loading every class of QtWidgets
    # (and their enums): the map's and the journal's viewports are made in Python. (The
    # filters on the whole application, put on after, meet Qt's own widgets: they do.)
    out = subprocess.run(
        [sys.executable, "-c", UNUSED],
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
    assert json.loads(out.stdout.splitlines()[-1]) is False
