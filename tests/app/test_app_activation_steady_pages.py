"""The activation wizards' pages stay where the referee saw them: Back to the first page of
the Activate wizard puts its unit list where it first was (a click aimed at a unit lands on
it), and the Attack page of a target with long words (a building with its owner and the
odds) neither widens the wizard dock nor narrows the map."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from test_app_activation_more_wizards import CARRIER_ARMIES, TO_BATTLE, sample_window
from test_app_activation_wizards import (  # noqa: F401 (private_folders: a fixture)
    next_page,
    private_folders,
)


def y_of(window, widget) -> int:
    return widget.mapTo(window, QPoint(0, 0)).y()


def settle(window) -> None:
    """The dock's fitting of the page shown (what it does on the event loop's turn after a
    page shows), then the layouts it asks for."""
    window.wizard_host.fit_subtitle()
    QApplication.sendPostedEvents()
    QApplication.processEvents()


def test_back_to_the_unit_page_puts_the_unit_list_where_it_was(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 19)
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    settle(window)
    first = y_of(window, wizard.unit.list)
    wizard.unit.pick("tank")
    next_page(qtbot, wizard)  # the Move page: a subtitle of several lines
    settle(window)
    qtbot.mouseClick(wizard.button(wizard.WizardButton.BackButton), Qt.MouseButton.LeftButton)
    settle(window)
    assert y_of(window, wizard.unit.list) == first


def test_the_attack_page_keeps_the_dock_and_the_map_as_wide(qtbot, tmp_path):
    # the carrier game: the tank on H15 may shoot side 1's own bunker on G14 (its words
    # are the longest a target has: "side 1's Bunker on G14 (armor 8): needs 8+ ...")
    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE)
    qtbot.mouseClick(window.game.panel.buttons["activate"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    qtbot.wait(50)
    dock, view = window.wizard_host.width(), window.view.width()
    wizard.unit.pick("tank")
    wizard.unit.attack_radio.setChecked(True)
    next_page(qtbot, wizard)
    qtbot.wait(300)  # the dock's room is made after the page shows
    boxes = list(wizard.attack_page.boxes.values())
    words = [b.itemText(i) for b in boxes for i in range(b.count())]
    assert any(w.startswith("side 1's Bunker on G14") for w in words)
    assert (window.wizard_host.width(), window.view.width()) == (dock, view)
    box = boxes[0]  # the whole words in the list it drops down and in the tooltip
    assert box.itemData(1, Qt.ItemDataRole.ToolTipRole) == box.itemText(1)
