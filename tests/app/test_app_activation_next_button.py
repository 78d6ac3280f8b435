"""The activation game's Turn dock has the main game's Next step (N) button: a click does
what N (Turn > Next step) does, the wizard of what the game asks now."""

from __future__ import annotations

from PySide6.QtCore import Qt
from test_app_activation_more_wizards import sample_window
from test_app_activation_wizards import private_folders  # noqa: F401 (a fixture)


def test_the_turn_docks_next_step_button_opens_what_n_opens(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 0)
    assert window.session.match.state.phase == "presentation"
    panel = window.game.panel
    button = panel.next_button
    assert button.text() == window.tracker.next_button.text() == "Next step (N)"
    assert button.isVisible() and button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    assert wizard is not None, panel.outcome.text()
    # the presentation comes first (clause activation.presentation), as N opens it
    assert wizard.windowTitle() == "Present the armies"
