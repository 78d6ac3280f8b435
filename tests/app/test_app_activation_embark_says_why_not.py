"""The embark / disembark wizard with no unit able to embark or disembark says why each
unit cannot, in the engine's own words, as the capture wizard does (clause
activation.embark: "Embark into a transport, by moving up to 1 tile"; the transport carries
only its types): a referee sees what is missing, not only "None can"."""

from __future__ import annotations

from PySide6.QtCore import Qt
from test_app_activation_more_wizards import CARRIER_ARMIES, TO_BATTLE, sample_window
from test_app_activation_wizards import private_folders  # noqa: F401 (a fixture)


def test_with_nobody_able_to_embark_the_wizard_says_why_each_unit_cannot(qtbot, tmp_path):
    # the rifles step from H14 to H13: the carrier on G15 is now 2 tiles away; side 2's
    # buggy moves, and it is side 1's turn again
    commands = [*TO_BATTLE, ("move uid=rifles path=H13", []), ("move uid=buggy path=H4:S", [])]
    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=commands)
    qtbot.mouseClick(window.game.panel.buttons["embark"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    assert wizard is not None and wizard.unit.list.count() == 0
    said = wizard.unit.subTitle()
    assert said.startswith("No unit of side 1 can embark or disembark now:")
    assert "rifles cannot embark: carrier at G15 is more than 1 tile from H13" in said
    assert "tank cannot embark: Armoured carrier carries infantry, not vehicle" in said
    assert not wizard.button(wizard.WizardButton.NextButton).isEnabled()


def test_with_a_unit_able_to_embark_the_page_asks_which(qtbot, tmp_path):
    window = sample_window(qtbot, tmp_path, 0, units=CARRIER_ARMIES, commands=TO_BATTLE)
    qtbot.mouseClick(window.game.panel.buttons["embark"], Qt.MouseButton.LeftButton)
    wizard = window.wizard_host.wizard
    assert wizard.unit.subTitle().startswith("Which unit?")
