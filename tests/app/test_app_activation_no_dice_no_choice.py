"""A step of the activation rules that rolls no die offers no choice between the app's dice
and the table's: its last page says "No dice: nothing in this step is left to chance." and
shows no "The app rolls the dice" / "Type the dice rolled at the table" buttons, which would
ask the referee to choose something that does not exist. A step with dice keeps both (the
presentation's d2 that draws who bans first, ruling activation.first-ban)."""

from __future__ import annotations

from test_app_activation_more_wizards import sample_window
from test_app_activation_start_wizards import press_n
from test_app_activation_wizards import finish, next_page, private_folders  # noqa: F401


def test_a_ban_rolls_no_die_and_offers_no_dice_choice(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 0)
    wizard = press_n(qtbot, window)
    assert wizard.windowTitle() == "Present the armies"
    next_page(qtbot, wizard)
    entry = wizard.dice.entry
    assert entry.digital.isVisible() and entry.typed.isVisible()  # the d2 of the first ban
    entry.set_typed(True)
    entry.type_values([1])
    finish(qtbot, wizard)

    wizard = press_n(qtbot, window)
    assert wizard.windowTitle() == "Ban a mission"
    next_page(qtbot, wizard)
    entry = wizard.dice.entry
    assert "No dice: nothing in this step is left to chance." in entry.status.text()
    assert not entry.digital.isVisible() and not entry.typed.isVisible()
    assert wizard.dice.isComplete()
    finish(qtbot, wizard)
    assert window.session.match.state.phase == "missions"
