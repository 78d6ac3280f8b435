"""Text from a file is never rich text (issue 23): a unit id, a player's name, an event's, an
army's or a map's name holding ``<b>`` and ``<img src=...>`` is shown as typed in every
label, tooltip, message, list and page of the windows, so hovering never makes Qt draw
markup or open the local file an ``<img>`` names. The windows are the real ones, walked
widget by widget (tests/app/rich_text_probe.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from army_fixture import write_armies
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QMessageBox, QToolTip
from rich_text_probe import hostile, markup_leaks

from referee.app.window.main_window import MainWindow
from referee.match.games.orders_file import MatchFile
from referee.paths import data_dir
from referee.rules.orders.commands import Correct
from referee.tournament.desk import Desk
from referee.tournament.table_match import TableOrigin


@pytest.fixture
def probe(tmp_path) -> Path:
    """A picture an ``<img>`` in a name points at (it must never be drawn)."""
    path = tmp_path / "probe.png"
    image = QImage(8, 8, QImage.Format.Format_RGB32)
    image.fill(0xFF0000)
    image.save(str(path))
    return path


def needles(probe: Path) -> dict[str, str]:
    return {
        "unit": hostile("zqunit", str(probe)),
        "ada": hostile("zqada", str(probe)),
        "brin": hostile("zqbrin", str(probe)),
        "event": hostile("zqevent", str(probe)),
        "map": hostile("zqmap", str(probe)),
        "army": hostile("zqarmy", str(probe)),
        "nation": hostile("zqnation", str(probe)),
    }


def hostile_table_match(tmp_path: Path, n: dict[str, str]) -> Path:
    """A match as the desk makes one for a table, its unit ids, players, event and map
    named with markup (a file edited, or names typed at the desk)."""
    map_text = (data_dir() / "maps" / "entrenched.toml").read_text(encoding="utf-8")
    map_path = tmp_path / "hostile-map.toml"
    lines = [
        f"name = {json.dumps(n['map'])}" if line.startswith("name =") else line
        for line in map_text.splitlines()
    ]
    map_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    origin = TableOrigin(
        n["event"], "abc", str(tmp_path / "nowhere.db"), 1, 1, (n["ada"], n["brin"]), 90, None
    )
    path = tmp_path / "table.referee"
    with MatchFile.create(
        path,
        map_name=str(map_path),
        seed=1,
        title=f"{n['event']}: round 1, table 1",
        settings=origin.settings(),
        units=[
            {"uid": n["unit"], "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
        ],
    ) as m:
        m.run(f"Shaken {n['unit']}", [Correct(uid=n["unit"], set={"shaken": 1})])
        m.run("Grunts shaken", [Correct(uid="grunts", set={"shaken": 1})])
    return path


def test_unit_ids_and_player_names_in_the_match_window_are_shown_as_typed(qtbot, tmp_path, probe):
    n = needles(probe)
    window = MainWindow()
    qtbot.addWidget(window)
    window.open_match(hostile_table_match(tmp_path, n))
    with qtbot.waitExposed(window):
        window.show()
    window.inspector.show_unit(n["unit"])
    window.show_why(n["unit"], ["fire.to-hit"], [])
    badge = window.round_clock
    assert n["ada"] in badge.toolTip() or "zqada" in badge.toolTip()
    leaks = markup_leaks([window], list(n.values()))
    assert leaks == [], leaks
    # hovering the badge shows its tooltip as typed: the players' names, tags and all
    QToolTip.showText(badge.mapToGlobal(QPoint(2, 2)), badge.toolTip(), badge)
    qtbot.waitUntil(QToolTip.isVisible)
    tip = next(
        w for w in QApplication.topLevelWidgets() if w.inherits("QTipLabel") and w.isVisible()
    )
    assert n["ada"] in tip.text() or n["ada"] in _plain(tip.text())
    QToolTip.hideText()
    window.close()


def _plain(text: str) -> str:
    from rich_text_probe import rendered

    return rendered(text)


def test_the_badges_question_shows_the_event_and_place_as_typed(qtbot, tmp_path, probe):
    n = needles(probe)
    window = MainWindow()
    qtbot.addWidget(window)
    window.open_match(hostile_table_match(tmp_path, n))
    box = window.round_clock.ask()
    assert isinstance(box, QMessageBox) and box.textFormat() == Qt.TextFormat.PlainText
    assert n["event"] in box.text()
    assert markup_leaks([box], list(n.values())) == []
    box.close()
    window.close()


def hostile_event(tmp_path: Path, n: dict[str, str]) -> Desk:
    armies = write_armies(tmp_path / "armies")
    desk = Desk.create(tmp_path / "ev.db", name=n["event"], seed=3)
    for name, army in ((n["ada"], "Ada"), (n["brin"], "Brin")):
        desk.add_player(name, "", desk.check_army(armies[army]))
    desk.pair()
    return desk


def test_player_and_event_names_in_the_tournament_window_are_shown_as_typed(qtbot, tmp_path, probe):
    from referee.app.tournament.window import TournamentWindow

    n = needles(probe)
    desk = hostile_event(tmp_path, n)
    window = TournamentWindow(desk)
    window.ask = lambda title, text: True  # Pair, Start, End ask first
    qtbot.addWidget(window)
    window.show()
    wall = window.show_wall()
    qtbot.addWidget(wall)
    for i in range(window.tabs.count()):
        window.tabs.setCurrentIndex(i)
    leaks = markup_leaks([window, wall], list(n.values()))
    assert leaks == [], leaks
    wall.close()
    window.close()
    desk.close()


def test_army_and_map_names_in_the_builder_and_the_editor_are_shown_as_typed(
    qtbot, tmp_path, probe
):
    from referee.app.army_builder.builder_window import ArmyBuilderWindow
    from referee.app.map_editor.window import MapEditorWindow

    n = needles(probe)
    armies = write_armies(tmp_path / "armies")
    text = Path(armies["Ada"]).read_text(encoding="utf-8")
    army = tmp_path / "hostile-army.toml"
    army.write_text(
        text.replace('"Ada\'s spartan host"', json.dumps(n["army"])).replace(
            'type = "companion-cavalry"', f"type = {json.dumps(n['unit'])}"
        ),
        encoding="utf-8",
    )
    builder = ArmyBuilderWindow(folder=tmp_path / "armies")
    qtbot.addWidget(builder)
    assert builder.open_file(army)  # an unknown unit: a problem named in the list
    builder.show()
    assert builder.header.name.text() == n["army"]
    windows = [builder]
    leaks = markup_leaks(windows, list(n.values()))
    assert leaks == [], leaks
    editor = MapEditorWindow()
    qtbot.addWidget(editor)
    map_path = tmp_path / "m.toml"
    source = (data_dir() / "maps" / "entrenched.toml").read_text(encoding="utf-8")
    map_path.write_text(
        "\n".join(
            f"name = {json.dumps(n['map'])}" if line.startswith("name =") else line
            for line in source.splitlines()
        )
        + "\n",
        encoding="utf-8",
    )
    assert editor.open_file(map_path)
    editor.show()
    leaks = markup_leaks([editor], list(n.values()))
    assert leaks == [], leaks
    assert n["map"] in editor.side.name.text()  # the name is there, as typed
