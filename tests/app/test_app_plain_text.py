"""Every text from a file is plain text in the window: a step's, a unit's or a map's name
holding HTML is shown as typed, never rendered (issue 11)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import Qt, QTextDocument
from PySide6.QtWidgets import QLabel

from referee.app.window.main_window import MainWindow
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Correct

HOSTILE = "<b>bold</b><img src='x'>"


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def hostile_match(tmp_path: Path) -> Path:
    from referee.paths import data_dir

    map_text = (data_dir() / "maps" / "entrenched.toml").read_text(encoding="utf-8")
    map_path = tmp_path / "hostile-map.toml"
    lines = [
        f'name = "{HOSTILE}"' if line.startswith("name =") else line
        for line in map_text.splitlines()
    ]
    map_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    path = tmp_path / "hostile.referee"
    with MatchFile.create(
        path,
        map_name=str(map_path),
        seed=1,
        title=HOSTILE,
        units=[
            {"uid": HOSTILE, "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
        ],
    ) as m:
        m.run(HOSTILE, [Correct(uid=HOSTILE, set={"shaken": 1})])
        m.run(f"Fire {HOSTILE}", [Correct(uid="grunts", set={"shaken": 1})])
    return path


def renders_rich(label: QLabel) -> bool:
    fmt = label.textFormat()
    if fmt == Qt.TextFormat.PlainText:
        return False
    if fmt == Qt.TextFormat.RichText:
        return True
    return Qt.mightBeRichText(label.text())


def shown_as_markup(label: QLabel) -> bool:
    """Does ``label`` show the hostile text as markup (its tags gone, bold drawn)?"""
    if HOSTILE not in label.text() or not renders_rich(label):
        return False
    doc = QTextDocument()
    doc.setHtml(label.text())
    return "<b>bold</b>" not in doc.toPlainText()


def test_names_holding_html_are_plain_text_in_every_label(qtbot, tmp_path):
    window = MainWindow()
    qtbot.addWidget(window)
    window.open_match(hostile_match(tmp_path))
    assert window.session is not None
    window.show_why(HOSTILE, ["fire.to-hit"], [])
    window.inspector.show_unit(HOSTILE)
    rich = [
        label.objectName() or label.text()[:60]
        for label in window.findChildren(QLabel)
        if shown_as_markup(label)
    ]
    assert rich == []
    heading = window.rules_browser.heading
    doc = QTextDocument()
    doc.setHtml(heading.text())
    assert HOSTILE in doc.toPlainText()  # the name as typed, tags and all


def test_tooltips_on_the_map_show_names_holding_html_as_typed(qtbot, tmp_path):
    window = MainWindow()
    qtbot.addWidget(window)
    window.open_match(hostile_match(tmp_path))
    tips = [item.toolTip() for item in window.scene.items() if HOSTILE in _shown(item.toolTip())]
    assert tips  # the unit's token names it
    assert all(_shown(tip).count(HOSTILE) >= 1 for tip in tips)


def _shown(tip: str) -> str:
    """What a tooltip shows: rendered as rich text when it looks like it, as Qt does."""
    if not Qt.mightBeRichText(tip):
        return tip
    doc = QTextDocument()
    doc.setHtml(tip)
    return doc.toPlainText()
