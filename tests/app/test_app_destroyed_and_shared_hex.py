"""Nothing silent on the map: a destroyed unit leaves the map (the journal and the inspector
keep it), and a hex that holds several units is inspected unit by unit: the token clicked,
and each other unit of the hex one link away."""

from __future__ import annotations

from app_window import demo_window
from PySide6.QtCore import QPoint, QPointF, Qt, QUrl

from referee.app.map.geometry import HEX_SIZE, hex_centre
from referee.board.hexgrid import parse_label
from referee.rules.orders.commands import Correct


def test_a_destroyed_unit_leaves_the_map_and_the_inspector_keeps_it(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert "boars" in window.scene.unit_items
    assert window.run_step("Boars lost", [Correct(uid="boars", set={"alive": 0})])
    assert window.session.state.unit("boars").destroyed
    assert "boars" not in window.scene.unit_items  # off the map
    assert window.scene.units_at(parse_label("E3")) == []
    picker = window.inspector.picker
    names = [picker.itemText(i) for i in range(picker.count())]
    assert "boars — Boar riders (destroyed)" in names  # the inspector keeps it
    window.inspector.show_unit("boars")
    assert "destroyed" in window.inspector.page.toPlainText()
    model = window.journal.model  # the journal keeps what happened to it
    cells = [
        str(model.index(r, c).data() or "")
        for r in range(model.rowCount())
        for c in range(model.columnCount())
    ]
    assert any("boars" in cell and "alive" in cell for cell in cells)
    # undone, it is back on the map
    window.undo_action.trigger()
    assert "boars" in window.scene.unit_items


def token_point(window, uid: str) -> QPoint:
    item = window.scene.unit_items[uid]
    return window.view.mapFromScene(item.sceneBoundingRect().center())


def test_a_hex_of_several_units_is_inspected_unit_by_unit(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert window.run_step(
        "Three in D2",
        [
            Correct(uid="boars", set={"hex": "D2"}),
            Correct(uid="grunts", set={"hex": "D2"}),
        ],
    )
    d2 = parse_label("D2")
    assert sorted(window.scene.units_at(d2)) == ["boars", "grunts", "wagon"]
    viewport = window.view.viewport()
    # each token clicked shows its own unit, whichever was shown before
    for uid in ("grunts", "wagon", "boars", "grunts"):
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=token_point(window, uid))
        assert window.inspector.uid == uid and window.scene.selected_uid == uid
    # the inspector names the others of the hex, each a link to it
    text = window.inspector.page.toPlainText()
    assert "in the hex too" in text and "wagon" in text and "boars" in text
    window.inspector.page.anchorClicked.emit(QUrl("unit:wagon"))
    assert window.inspector.uid == "wagon" and window.scene.selected_uid == "wagon"
    # a click on the hex away from the tokens goes round its units, one by one
    centre = hex_centre(d2)
    free = next(
        centre + QPointF(0, dy)
        for dy in (0.5 * HEX_SIZE, 0.6 * HEX_SIZE, 0.7 * HEX_SIZE, -0.5 * HEX_SIZE)
        if window.scene.hex_at(centre + QPointF(0, dy)) == d2
        and window.scene.token_at(centre + QPointF(0, dy)) is None
    )
    seen = set()
    for _ in range(3):
        qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(free))
        seen.add(window.inspector.uid)
    assert seen == {"boars", "grunts", "wagon"}
