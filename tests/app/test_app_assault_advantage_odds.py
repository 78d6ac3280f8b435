"""The assault wizard's pools page gives each side's exact odds of gaining the advantage
from the pools it shows (clauses ``assault.advantage``, ``assault.nation-order``,
``abilities.ork-assault``)."""

from __future__ import annotations

from test_app_wizard_assault import assault_window, next_page, open_wizard

from referee.app.wizards.assault.wizard import Page
from referee.rules.orders.commands import Correct

UNITS = [
    {"uid": "rangers", "unit": "elf-rangers", "side": 1, "hex": "C3", "facing": 3, "speed": "slow"},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "C5", "facing": 0, "speed": "slow"},
]
LOSSES = [Correct(uid="rangers", set={"alive": 2}), Correct(uid="grunts", set={"alive": 1})]


def test_two_rangers_against_one_grunt_show_the_advantage_odds(qtbot, tmp_path):
    # Two rangers, a die each at 5+: 0 hits 4/9, 1 hit 4/9, 2 hits 1/9. One grunt, a die at
    # 5+, a 6 counting twice: 0 4/6, 1 1/6, 2 1/6. Rangers more 7/18 (38.9%), grunts more
    # 2/9, equal 7/18 (38.9%) won by the Ork nation: grunts 11/18 (61.1%).
    window = assault_window(qtbot, tmp_path, units=UNITS, before=LOSSES)
    wizard = open_wizard(qtbot, window)
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.ROLL
    page = wizard.roll_page
    odds = page.odds
    assert odds.isVisible()
    assert odds.text() == (
        "Gains the advantage: side 1 38.9%, side 2 61.1% "
        "(equal hits 38.9%, won by side 2's higher nation)."
    )
    wizard.reject()
