"""Every wizard opens in one dock beside the map, never over it; it draws on the map through
the overlay (the shot's line with its range and sectors, the arrows, the retreat hexes) and
a click on the map answers its question; closing it takes its drawing off the map."""

from __future__ import annotations

from app_window import click_hex, demo_window, view_point
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QWidget, QWizard
from test_app_gunnery_wizard import next_page, pick, to_odds_page
from test_app_wizard_assault import choose_typed, type_dice

from referee.app.map.shot_line_item import SHOT_COLOURS
from referee.app.wizards.assault.wizard import Page as AssaultPage
from referee.app.wizards.gunnery.page import Page
from referee.board.hexgrid import parse_label
from referee.rules.orders.commands import Advance, Correct, Movement, Orders


def on_window(window, widget: QWidget) -> QRect:
    """Where ``widget`` is in the window's coordinates."""
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def assert_beside_the_map(window, wizard: QWizard) -> None:
    host = window.wizard_host
    assert host.wizard is wizard and not wizard.isWindow()
    assert host.isVisible() and wizard.isVisible() and host.isAncestorOf(wizard)
    map_rect = on_window(window, window.view)
    assert window.view.isVisible() and map_rect.width() >= 400 and map_rect.height() >= 500
    assert not on_window(window, wizard).intersects(map_rect)


def shows(window, frm: str, to: str, colour: QColor) -> bool:
    """Whether the view shows ``colour`` a quarter of the way from ``frm`` to ``to`` (a pixel
    or two either side: the line is a few pixels wide)."""
    a, b = view_point(window, parse_label(frm)), view_point(window, parse_label(to))
    at = a + (b - a) / 4
    image = window.view.viewport().grab().toImage()
    for dx in range(-2, 3):
        for dy in range(-2, 3):
            shown = image.pixelColor(at + QPoint(dx, dy))
            if (
                abs(shown.red() - colour.red())
                + abs(shown.green() - colour.green())
                + abs(shown.blue() - colour.blue())
                < 30
            ):
                return True
    return False


def openers(window):
    driver = window.turn_driver
    return {
        "gunnery": window.open_gunnery_wizard,
        "assault": window.open_assault_wizard,
        "orders": driver.open_orders,
        "movement": driver.open_movement,
        "agony": driver.open_agony,
        "aftermath": driver.open_aftermath,
    }


WIZARD_STEPS = {
    "gunnery": "gunnery-1",
    "orders": "gunnery-1",
    "movement": "movement-1",
    "assault": "assault-1",
    "agony": "agony-0",
    "aftermath": "aftermath",
}
"""Where the clock is moved before each wizard opens: a wizard whose step the engine would
refuse where the clock is does not open (ruling turn.step-outside-phase)."""


def test_every_wizard_opens_in_the_dock_beside_the_map_and_leaves_nothing_behind(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    for name, step in WIZARD_STEPS.items():
        if window.session.state.step != step:
            moved = window.run_step(f"To {step}", [Advance(to=step, unfired="pass")])
            assert moved is not None, window.last_error
        before = len(window.session.steps())
        wizard = openers(window)[name]()
        assert wizard is not None, name
        qtbot.waitExposed(wizard)
        assert_beside_the_map(window, wizard)
        with qtbot.waitSignal(window.wizard_host.closed):
            qtbot.mouseClick(
                wizard.button(QWizard.WizardButton.CancelButton), Qt.MouseButton.LeftButton
            )
        assert window.wizard_host.wizard is None, name
        assert window.wizard_host.overlay.drawn() == [], name
        assert len(window.session.steps()) == before, name  # cancelling wrote nothing


def test_one_wizard_at_a_time_the_open_one_comes_forward(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    orders = window.turn_driver.open_orders()
    assert orders is not None
    assert window.open_gunnery_wizard() is None
    assert "finish or cancel the Orders wizard first" in window.last_error
    qtbot.keyClick(window.view, Qt.Key.Key_N)  # Next step brings the open wizard forward
    assert window.wizard_host.wizard is orders
    orders.reject()


def test_the_gunnery_wizard_draws_the_shot_with_its_range_and_sectors(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = window.open_gunnery_wizard()
    qtbot.waitExposed(wizard)
    pick(qtbot, wizard.shooter_page.list, "tank")
    next_page(qtbot, wizard)
    pick(qtbot, wizard.weapon_page.list, "Main gun")
    assert window.wizard_host.overlay.drawn() == []  # no target yet, no line
    next_page(qtbot, wizard)
    pick(qtbot, wizard.target_page.list, "wagon")
    # the tank at C7 faces N, the wagon at D2 faces S: 5 hexes apart (Main gun range 6:
    # normal range), the line leaves the tank by its front and enters the wagon by its front
    assert window.wizard_host.overlay.drawn() == [
        "shot C7->D2: range 5, normal; leaves from front, enters into front"
    ]
    # the map draws it: a quarter of the way along, the view shows the line's green
    qtbot.waitUntil(lambda: shows(window, "C7", "D2", QColor(SHOT_COLOURS[True])))
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.ODDS
    assert len(window.wizard_host.overlay.drawn()) == 1  # the line stays while the odds show
    wizard.reject()
    assert window.scene.drawings.shot_item is None


def test_clicking_a_unit_on_the_map_picks_the_shooter_and_the_target(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = window.open_gunnery_wizard()
    qtbot.waitExposed(wizard)
    click_hex(qtbot, window, parse_label("C7"))
    assert wizard.shooter_page.uid() == "tank"
    next_page(qtbot, wizard)
    pick(qtbot, wizard.weapon_page.list, "Main gun")
    next_page(qtbot, wizard)
    before = wizard.target_page.uid()
    click_hex(qtbot, window, parse_label("E7"))  # the hoplites are friends: not a target
    assert wizard.target_page.uid() == before != "hoplites"
    click_hex(qtbot, window, parse_label("B3"))
    assert wizard.target_page.uid() == "grunts"
    assert window.wizard_host.overlay.drawn()[0].startswith("shot C7->B3: range 4")
    wizard.reject()


# The hoplites' 8 assault dice (5 5 5: 3 successes) and 4 deflection dice, the grunts' 4 dice
# (5 and an Ork Assault 6): side 1 has 3 hits to 2 and wins; then 5 damage rolls.
RETREAT_DICE = (5, 5, 5, 2, 2, 1, 3, 4, 5, 2, 1, 3, 5, 6, 2, 2)
DAMAGE_DICE = (6, 3, 1, 5, 3)


def retreat_window(qtbot, tmp_path):
    """The demo with the grunts in E6 facing S, the tank behind them in E5: the hoplites
    enter E6 in movement 1; the grunts, losing, cannot retreat into the tank's hex E5 and
    choose between D5 and F5 (clause assault.retreat)."""
    window = demo_window(qtbot, tmp_path)
    for name, commands in (
        (
            "Correction",
            [
                Correct(uid="grunts", set={"hex": "E6", "facing": 3}),
                Correct(uid="tank", set={"hex": "E5", "facing": 3}),
            ],
        ),
        (
            "Orders",
            [Orders(uid="grunts", turn=1, movement="- + - + -", gunnery="- + -")],
        ),
        ("To Movement 1", [Advance(to="movement-1", unfired="pass")]),
        ("Movement 1", [Movement(step=1)]),
        ("To Assault 1", [Advance(to="assault-1")]),
    ):
        assert window.run_step(name, commands) is not None, window.last_error
    return window


def test_the_retreat_hexes_are_on_the_map_and_a_click_picks_one(qtbot, tmp_path):
    window = retreat_window(qtbot, tmp_path)
    wizard = window.open_assault_wizard()
    qtbot.waitExposed(wizard)
    assert_beside_the_map(window, wizard)
    assert window.scene.highlighted()[parse_label("E6")] == "#ff8f00"  # fought over
    next_page(qtbot, wizard)
    choose_typed(qtbot, wizard.roll_page.dice)
    type_dice(qtbot, wizard.roll_page.dice, RETREAT_DICE)
    while wizard.currentId() != AssaultPage.RETREAT:
        next_page(qtbot, wizard)
        if wizard.currentId() == AssaultPage.DAMAGE:
            type_dice(qtbot, wizard.damage_page.dice, DAMAGE_DICE)
    retreat = wizard.retreat_page
    d5, f5 = parse_label("D5"), parse_label("F5")
    marked = window.scene.highlighted()
    assert {h for h, spec in marked.items() if spec in ("#2e7d32", "#ff8f00")} == {d5, f5}
    click_hex(qtbot, window, d5)
    assert retreat.choice("grunts")[0] == "D5"
    marked = window.scene.highlighted()
    assert (marked[d5], marked[f5]) == ("#ff8f00", "#2e7d32")  # chosen orange, legal green
    click_hex(qtbot, window, parse_label("E5"))  # the tank's hex: not a retreat
    assert retreat.choice("grunts")[0] == "D5"
    assert "No retreating unit may go into E5" in retreat.problem.text()
    wizard.reject()
    assert window.scene.highlighted() == {}


def test_the_map_keeps_its_width_while_a_wizard_takes_room(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    map_width, journal_width = window.view.width(), window.journal_dock.width()
    wizard = window.turn_driver.open_orders()
    qtbot.waitExposed(wizard)
    wizard.next()  # the orders page: the widest of the orders wizard
    host = window.wizard_host
    qtbot.waitUntil(lambda: host.width() >= wizard.minimumSizeHint().width())
    # the map is as wide as before; since issue 24 the right column is laid out as wide
    # as a wizard opens, so the docks across the map need lend nothing (the map stays put)
    qtbot.waitUntil(lambda: abs(window.view.width() - map_width) <= 4)
    assert window.journal_dock.width() <= journal_width
    wizard.reject()
    qtbot.waitUntil(lambda: abs(window.journal_dock.width() - journal_width) <= 4)


def test_a_long_subtitle_shows_whole_in_the_narrow_dock(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.run_step("To movement 1", [Advance(to="movement-1", unfired="pass")])
    wizard = window.turn_driver.open_movement()
    qtbot.waitExposed(wizard)
    subtitle = wizard.currentPage().subTitle()
    label = next(x for x in wizard.findChildren(QLabel) if x.text() == subtitle)
    qtbot.waitUntil(lambda: label.height() >= label.heightForWidth(label.width()))
    assert label.heightForWidth(label.width()) > label.fontMetrics().lineSpacing()  # 2+ lines
    wizard.reject()


def test_a_token_clicked_while_the_wizard_asks_nothing_keeps_the_wizard_in_front(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    wizard = to_odds_page(qtbot, window)
    assert wizard.currentId() == Page.ODDS  # it asks for no unit now
    click_hex(qtbot, window, parse_label("B3"))  # the grunts' token
    assert window.inspector.uid == "grunts"
    assert not window.wizard_host.visibleRegion().isEmpty()  # its tab still in front
    assert window.inspector_dock.visibleRegion().isEmpty()
    wizard.reject()
