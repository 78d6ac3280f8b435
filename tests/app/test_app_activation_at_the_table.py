"""The activation rules' window as the table uses it: the path a miniature really took said
tile by tile on the Move page (clause activation.move-actions: the tiles it leaves set the
cost), the whole outcome of a long step readable in the turn dock, and who is aboard a
transport shown on its token.

Expected answers are worked by hand from the draft and the sample data
(data/rulesets/activation/units.toml, data/journals/activation-crossroads.journal).
Geometry of the printed map (odd columns half a hex lower): from H11 the neighbours are
H10 (N), I11 (NE), I12 (SE), H12 (S), G12 (SW), G11 (NW); from G11 (odd): H10 (NE)."""

from __future__ import annotations

from app_window import activation_window
from PySide6.QtCore import Qt
from test_app_activation_more_wizards import CARRIER_ARMIES, TO_BATTLE, items, sample_window
from test_app_activation_wizards import (  # noqa: F401 (private_folders: a fixture)
    click_tile,
    finish,
    last_step,
    next_page,
    private_folders,
)

from referee.app.activation.wizards.base import CHOSEN
from referee.app.activation.wizards.moves import ROUTE
from referee.board.hexgrid import parse_label
from referee.rules.activation.commands import parse_command


def drawn(window, colour):
    return sorted(
        line.split()[1]
        for line in window.wizard_host.overlay.drawn()
        if line.startswith("hex ") and line.endswith(colour)
    )


def move_page_of(qtbot, window, uid):
    """The Activate wizard opened from its button on ``uid``, at its Move page."""
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    wizard.unit.pick(uid)
    next_page(qtbot, wizard)
    return wizard, wizard.move_page


def arrows(window):
    return [
        line.split()[1] for line in window.wizard_host.overlay.drawn() if line.startswith("arrow ")
    ]


# --- the path the miniature took ---------------------------------------------------------------


def test_the_path_clicked_tile_by_tile_is_the_move_written_not_the_cheapest(qtbot, tmp_path):
    # the sample after the buggy drives into the citadel: side 1's turn, the rifles
    # (movement 3) on H11. The cheapest way to H9 is H10, H9 for 2; the referee says the
    # squad went round by G11 and G10: 3 tiles, 3 of 3.
    window = sample_window(qtbot, tmp_path, 22)
    wizard, page = move_page_of(qtbot, window, "rifles")
    assert "H9: costs 2" in items(page.list)
    assert not page.isComplete()  # no path said yet
    for label in ("G11", "G10", "H9"):
        click_tile(qtbot, window, label)
    assert [p.hex for p in page.path()] == [parse_label(t) for t in ("G11", "G10", "H9")]
    assert page.route_label.text().startswith("The path: 3 step(s), costs 3 of 3")
    assert arrows(window) == ["H11->G11", "G11->G10", "G10->H9"]
    assert drawn(window, ROUTE) == ["G10", "G11"] and drawn(window, CHOSEN) == ["H9"]
    assert items(page.list) == []  # its whole movement is spent
    next_page(qtbot, wizard)
    finish(qtbot, wizard)
    name, commands = last_step(window)
    assert name == "move uid=rifles path=G11:N,G10:N,H9:N"
    assert commands[0]["path"].split(",") == ["G11:N", "G10:N", "H9:N"]
    assert "(3 of 3)" in window.game.panel.outcome.text()
    assert window.session.match.state.pieces["rifles"].hex == parse_label("H9")
    assert window.session.match.replay_check() == []


def test_a_click_on_a_far_tile_goes_the_cheapest_way_and_a_click_on_the_path_takes_it_back(
    qtbot, tmp_path
):
    window = sample_window(qtbot, tmp_path, 22)
    _, page = move_page_of(qtbot, window, "rifles")
    click_tile(qtbot, window, "G11")
    click_tile(qtbot, window, "G9")  # two tiles on: by G10, 1 + 2 = 3
    assert [p.hex for p in page.path()] == [parse_label(t) for t in ("G11", "G10", "G9")]
    click_tile(qtbot, window, "G11")  # back to G11: 1 spent, 2 left
    assert [p.hex for p in page.path()] == [parse_label("G11")]
    assert "H9: costs 3" in items(page.list)  # G11 -> G10 or H10 -> H9
    qtbot.mouseClick(page.back_button, Qt.MouseButton.LeftButton)
    assert page.path() == () and not page.isComplete()
    assert "not started" in page.route_label.text()


def test_a_vehicle_turns_where_it_stands_by_a_row_of_the_list_taken_with_the_keyboard(
    qtbot, tmp_path
):
    # side 2's buggy (an N vehicle, movement 6) on H8 facing S after the sample; a click on
    # H9 moves it forward (1); the row "H9 facing SW" is then a turn in place (1 more,
    # clause activation.turn-in-place), taken with the arrows and Return, which does not
    # leave the page
    window = sample_window(qtbot, tmp_path, 25)
    wizard, page = move_page_of(qtbot, window, "buggy")
    click_tile(qtbot, window, "H9")
    row = items(page.list).index("H9 facing SW: costs 2")
    page.list.setFocus()
    page.list.setCurrentRow(row)
    qtbot.keyClick(page.list, Qt.Key.Key_Return)
    assert wizard.currentPage() is page
    assert [p.text() for p in page.path()] == ["H9:S", "H9:SW"]
    assert "2. turn right in place, facing SW: 1" in page.route_label.text()


def test_a_path_said_into_another_aircraft_ends_there_and_goes_no_further(qtbot, tmp_path):
    # the sample before its last step: side 1's hawk (movement 6) on I14 facing N, side 2's
    # fighter on I8 straight ahead (clause activation.aircraft-collisions)
    window = sample_window(qtbot, tmp_path, 24)
    _, page = move_page_of(qtbot, window, "hawk")
    click_tile(qtbot, window, "I12")  # two tiles straight on: 2
    assert "I8 facing N: costs 6 — collides with fighter: both destroyed" in items(page.list)
    click_tile(qtbot, window, "I8")  # four more into the fighter's tile
    assert [p.text() for p in page.path()] == ["I13:N", "I12:N", "I11:N", "I10:N", "I9:N", "I8:N"]
    assert page.route_label.text().startswith(
        "The path: 6 step(s), costs 6 of 6, the move ends there: collides with fighter: "
        "both destroyed"
    )
    assert items(page.list) == [] and "nowhere" in page.onward_label.text()
    assert page.isComplete()


# --- the outcome of a long step ------------------------------------------------------------------


def test_the_whole_outcome_of_a_long_step_can_be_read_in_the_turn_dock(qtbot, tmp_path):
    # the tank's salvo (sample step 23): the cannon at the fighter, the machine gun at the
    # citadel, the pip removed, the d12 for the buggy inside, the ammunition: nine lines and
    # more, taller than the room left under the buttons at 1366x768
    window = sample_window(qtbot, tmp_path, 22)
    qtbot.keyClicks(window.game.panel.command, "shoot uid=tank shots=cannon>fighter,mg>@H8")
    qtbot.keyClicks(window.game.panel.dice, "12 10 9")
    qtbot.mouseClick(window.game.panel.play_button, Qt.MouseButton.LeftButton)
    label, bar = window.game.panel.outcome, window.game.panel.outcome_scroll.verticalScrollBar()
    text = label.text()
    assert text.startswith("tank shoots") and text.endswith("tank spends 1 ammunition (2 left)")
    # the label is as tall as its whole text at its width: nothing of it is cut off, and
    # the dock scrolls to show the rest, from the top
    qtbot.waitUntil(lambda: label.height() >= label.heightForWidth(label.width()))
    assert bar.maximum() > 0 and bar.value() == 0
    bar.setValue(bar.maximum())
    last = label.mapTo(window.game.panel.outcome_scroll.viewport(), label.rect().bottomLeft())
    assert last.y() <= window.game.panel.outcome_scroll.viewport().height()
    # the next step's words are shown from their first line again
    qtbot.mouseClick(window.game.panel.undo_button, Qt.MouseButton.LeftButton)
    assert label.text() == "Undone: 23. tank shoots: cannon>fighter, mg>@H8"
    assert bar.value() == 0


# --- who is aboard a transport -----------------------------------------------------------------


def test_a_transports_token_shows_who_is_aboard_through_embark_disembark_undo_and_reopening(
    qtbot, tmp_path
):
    # side 1's armoured carrier on G15 (room for 2 infantry, ruling
    # activation.transport-capacity = units), its rifles (3 H) on H14 beside it
    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE)
    carrier = window.game.piece_items["carrier"]
    assert carrier.badge() == "" and "Carries" not in carrier.toolTip()
    window.run_step("embark", [parse_command("embark uid=rifles transport=carrier")])
    carrier = window.game.piece_items["carrier"]
    assert "rifles" not in window.game.piece_items  # off the map, inside the carrier
    assert carrier.badge() == "1"
    assert "Carries: rifles (Rifle squad, 3 H) — aboard 1 of 2" in carrier.toolTip()
    window.run_step("the buggy moves", [parse_command("move uid=buggy path=H4:S")])
    window.run_step("disembark", [parse_command("disembark uid=rifles hex=F14 facing=NW")])
    assert window.game.piece_items["carrier"].badge() == ""
    assert "Carries" not in window.game.piece_items["carrier"].toolTip()
    qtbot.mouseClick(window.game.panel.undo_button, Qt.MouseButton.LeftButton)  # back aboard
    assert window.game.piece_items["carrier"].badge() == "1"
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    assert "carrier: Armoured carrier on G15, 4 H, 4 ammunition, carries rifles" in items(
        window.wizard_host.wizard.unit.list
    )
    window.wizard_host.cancel()
    path = window.session.match.path
    window.close()
    again = activation_window(qtbot, path)
    assert again.game.piece_items["carrier"].badge() == "1"
    assert "rifles (Rifle squad, 3 H)" in again.game.piece_items["carrier"].toolTip()


def _token_pixels(window, item):
    """The pixels of ``item``'s token (its body, in scene units) as the scene draws them."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from referee.app.activation.items import TOKEN_HALF_HEIGHT, TOKEN_RADIUS

    w, h = TOKEN_RADIUS, TOKEN_HALF_HEIGHT
    source = QRectF(item.pos().x() - w, item.pos().y() - h, 2 * w, 2 * h)
    image = QImage(round(4 * w), round(4 * h), QImage.Format.Format_RGB32)
    image.fill(QColor("#ffffff"))
    painter = QPainter(image)
    window.scene.render(painter, QRectF(0, 0, image.width(), image.height()), source)
    painter.end()
    return [image.pixel(x, y) for y in range(image.height()) for x in range(image.width())]


def test_a_transports_aboard_badge_and_the_next_token_are_both_readable(qtbot, tmp_path):
    """The carrier on G15 with the rifles aboard, the tank on H14 (up and to its right): the
    badge lies within the carrier's own tile and token, beside its H, so it changes no
    pixel of the tank's token ("6 H" whole), and no token covers it or the carrier's H."""
    from PySide6.QtGui import QTransform

    from referee.app.map.geometry import hex_polygon

    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE)
    window.run_step("embark", [parse_command("embark uid=rifles transport=carrier")])
    window.run_step("the buggy moves", [parse_command("move uid=buggy path=H4:S")])
    window.run_step("the tank moves up", [parse_command("move uid=tank path=H14:N")])
    carrier = window.game.piece_items["carrier"]
    tank = window.game.piece_items["tank"]
    assert carrier.badge() == "1" and tank.piece.hex == parse_label("H14")
    carrying = _token_pixels(window, tank)
    aboard = carrier.aboard
    carrier.set_piece(carrier.piece, "Armoured carrier")  # drawn with nobody aboard
    assert carrier.badge() == ""
    assert _token_pixels(window, tank) == carrying  # the badge covers nothing of the tank's
    carrier.set_piece(carrier.piece, "Armoured carrier", aboard)
    badge = carrier.mapRectToScene(carrier.badge_rect())
    tile = QTransform.fromTranslate(carrier.pos().x(), carrier.pos().y()).map(
        hex_polygon(parse_label("G15"))
    )
    assert tile.containsPoint(badge.topLeft(), Qt.FillRule.OddEvenFill)
    assert tile.containsPoint(badge.bottomRight(), Qt.FillRule.OddEvenFill)
    assert tile.containsPoint(badge.topRight(), Qt.FillRule.OddEvenFill)
    assert tile.containsPoint(badge.bottomLeft(), Qt.FillRule.OddEvenFill)
    assert carrier.mapRectToScene(carrier.body_rect()).contains(badge)
    assert not carrier.badge_rect().intersects(carrier.health_rect())
    for other in window.game.piece_items.values():
        if other is not carrier:
            assert not other.mapRectToScene(other.body_rect()).intersects(badge), other.piece.uid
