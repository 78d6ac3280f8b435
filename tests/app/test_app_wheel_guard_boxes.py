"""The wheel changes a number box or a drop-down list only while it has the keyboard, from
the moment the box is made, in every window: a box wheeled before anything in the app was
touched (a dock restored floating, its list under the mouse at the start) keeps its value,
and the wheel scrolls what holds it. Every spin box and combo box of the app is one of the
guarded boxes of referee/app/widgets/boxes.py. Checked in a fresh interpreter: the app-wide
filter, which comes on at the main window's first touch, is not on there."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import referee.app

CODE = """
import json, os
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox
from referee.app.start.app import begin_window
from referee.app.widgets.wheel_guard import WheelGuard

window, finish = begin_window(None, QSettings(os.environ["INI"], QSettings.Format.IniFormat))
app = QApplication.instance()
window.show()
dock = window.journal_dock
dock.setFloating(True)  # as a window restored with its journal floating
dock.show()
app.processEvents()
finish()
app.processEvents()
kinds = window.journal.findChild(QComboBox)

def wheel_over(box, handle, notches):
    # a wheel as the platform gives it to the window under the mouse (not a click, no key)
    at = QPointF(box.mapTo(box.window(), box.rect().center()))
    event = QWheelEvent(
        at, QPointF(box.mapToGlobal(box.rect().center())), QPoint(), QPoint(0, -120 * notches),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    app.sendEvent(handle, event)
    app.processEvents()

seen = {"floating": dock.isFloating(), "before": kinds.currentIndex(), "count": kinds.count()}
wheel_over(kinds, dock.windowHandle(), 2)
seen["after"] = kinds.currentIndex()
seen["app_filter"] = app.findChild(WheelGuard) is not None
kinds.setFocus()
app.processEvents()
seen["focused"] = kinds.hasFocus()
wheel_over(kinds, dock.windowHandle(), 1)  # the keyboard in it: the wheel is its own
seen["turned"] = kinds.currentIndex()
print(json.dumps(seen))
"""


def test_a_list_in_a_floating_dock_wheeled_before_any_touch_keeps_its_value(tmp_path):
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
    assert seen["floating"] and seen["count"] > 2
    assert seen["after"] == seen["before"]
    assert seen["app_filter"] is False  # the box's own guard, not the app's filter
    if seen["focused"]:  # (an offscreen window may not take the keyboard)
        assert seen["turned"] == seen["before"] + 1


def test_every_box_of_the_app_is_a_guarded_one():
    """No module of referee/app makes (or derives from) Qt's spin or combo boxes but
    referee/app/widgets/boxes.py: each is a SpinBox or a ComboBox from there."""
    qt_boxes = {"QSpinBox", "QComboBox", "QDoubleSpinBox", "QDateTimeEdit", "QDateEdit"}
    qt_boxes |= {"QTimeEdit", "QFontComboBox"}
    root = Path(referee.app.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        if path == root / "widgets" / "boxes.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Call):
                names = [node.func]
            elif isinstance(node, ast.ClassDef):
                names = list(node.bases)
            for name in names:
                text = ast.unparse(name).split(".")[-1]
                if text in qt_boxes:
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {text}")
    assert found == []
