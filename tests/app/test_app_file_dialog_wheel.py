"""A file dialog's lists (the folder looked in, the type of file) change under the mouse
wheel only while they have the keyboard, from the moment the dialog is made: a wheel over
the type of file, before anything in the app was touched, keeps the type, in the save
dialog and the open dialog alike. Checked in a fresh interpreter: the app-wide filter,
which comes on at the main window's first touch, is not on there."""

from __future__ import annotations

import json
import subprocess
import sys

CODE = """
import json, sys
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QFileDialog
from referee.app.widgets.file_dialogs import name_only
from referee.app.widgets.save_dialog import save_dialog
from referee.app.widgets.wheel_guard import WheelGuard

app = QApplication([])
folder = sys.argv[1]
kinds = "HTML (*.html);;PDF (*.pdf);;Text (*.txt)"
dialogs = {
    "save": save_dialog(None, "Save", folder + "/report.html", kinds, ".html"),
    "open": name_only(QFileDialog(None, "Open", folder, kinds)),
}

def wheel_over(box, notches):
    # a wheel as the platform gives it to the window under the mouse (not a click, no key)
    at = QPointF(box.mapTo(box.window(), box.rect().center()))
    event = QWheelEvent(
        at, QPointF(box.mapToGlobal(box.rect().center())), QPoint(), QPoint(0, -120 * notches),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    app.sendEvent(box.window().windowHandle(), event)
    app.processEvents()

seen = {}
for name, dialog in dialogs.items():
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.show()
    app.processEvents()
    box = dialog.findChild(QComboBox, "fileTypeCombo")
    before = box.currentIndex()
    wheel_over(box, 1)
    seen[name] = {"count": box.count(), "before": before, "after": box.currentIndex()}
    dialog.hide()
seen["app_filter"] = app.findChild(WheelGuard) is not None
print(json.dumps(seen))
"""


def test_a_file_dialogs_type_wheeled_before_any_touch_keeps_its_value(tmp_path):
    out = subprocess.run(
        [sys.executable, "-c", CODE, str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": "", "REFEREE_HOME": str(tmp_path / "h")},
    )
    seen = json.loads(out.stdout.splitlines()[-1])
    assert seen["app_filter"] is False  # the dialog's own guard, not the app's filter
    for name in ("save", "open"):
        assert seen[name]["count"] == 3
        assert seen[name]["after"] == seen[name]["before"], name


def test_every_file_dialog_of_the_app_is_made_where_it_is_guarded():
    """No module of referee/app makes a file dialog (Qt's static helpers, which never pass
    through ``name_only``, or the class) but referee/app/widgets/file_dialogs.py and
    save_dialog.py: each lists files by their names and guards its lists."""
    import ast
    from pathlib import Path

    import referee.app

    root = Path(referee.app.__file__).parent
    makers = {root / "widgets" / "file_dialogs.py", root / "widgets" / "save_dialog.py"}
    found = []
    for path in sorted(root.rglob("*.py")):
        if path in makers:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and "QFileDialog" in ast.unparse(node.func):
                found.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(node.func)}")
    assert found == []
