"""The agony wizard's first page gives each unit's exact odds for the step (clauses
``agony.fire``, ``agony.acid``, ``agony.terror``), before any die is rolled."""

from __future__ import annotations

import math
import re

from app_window import demo_window
from PySide6.QtCore import Qt

from referee.app.window.main_window import MainWindow
from referee.app.wizards.agony.wizard import Page
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Advance, Correct, Orders


def test_fire_two_with_a_token_shows_the_grunts_odds(qtbot, tmp_path):
    # Current edition, Agony 2: two fire tokens, one previous-damage token on the grunts
    # (tests/agony/test_agony_odds.py works it by hand): one model killed 13/36 (36.1%),
    # Bruised read at least once 20/36 (55.6%).
    window = demo_window(qtbot, tmp_path, "current")
    commands = [
        Correct(uid="grunts", set={"fire": 2, "damage_tokens": 1}),
        Advance(to="agony-2", unfired="pass"),
    ]
    assert window.run_step("Fire", commands) is not None, window.last_error
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    wizard = window.turn_driver.wizard
    qtbot.waitExposed(wizard)
    assert wizard.currentId() == Page.EFFECTS
    text = wizard.effects_page.text.toPlainText()
    assert "Odds for each unit, exactly" in text
    assert "grunts: 36.1% 1 model killed" in text
    assert "55.6% Bruised" in text
    wizard.reject()


UNITS = [
    {"uid": "rangers", "unit": "elf-rangers", "side": 1, "hex": "C3", "facing": 3, "speed": "slow"},
    {"uid": "riders", "unit": "nightmare-riders", "side": 2, "hex": "C5", "facing": 0},
]


def test_acid_and_terror_show_their_odds(qtbot, tmp_path):
    # Agony 0 (clauses agony.acid, agony.terror). The riders' one acid: no acid left with
    # 1 - (3 - sqrt(5)) = 23.6% (tests/agony/test_agony_odds.py), shown for the rounds
    # weighed, the longer rounds named. Their Terror[range=2][d6] reaches the rangers two
    # hexes away: "Dismayed: shaken" at 6, 1/6 (16.7%).
    path = tmp_path / "terror.referee"
    with MatchFile.create(path, map_name="entrenched", units=UNITS, seed=5) as m:
        m.run(
            "Orders",
            [
                Orders(uid=str(u["uid"]), turn=1, movement="- + - + -", gunnery="- + -")
                for u in UNITS
            ],
        )
        m.run("Acid", [Correct(uid="riders", set={"acid": 1})])
        m.run("To agony 0", [Advance(to="agony-0", unfired="pass", missing="confirm")])
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.open_match(path)
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_N)
    wizard = window.turn_driver.wizard
    qtbot.waitExposed(wizard)
    assert wizard.currentId() == Page.EFFECTS
    text = wizard.effects_page.text.toPlainText()
    odds = text.split("Odds for each unit, exactly")[1].splitlines()
    rangers = next(line for line in odds if line.startswith("rangers:"))
    assert "16.7% Dismayed" in rangers and "terror of riders counted" in rangers
    riders = next(line for line in odds if line.startswith("riders:"))
    gone = float(re.search(r"([\d.]+)% no acid left", riders).group(1))
    rest = float(re.search(r"rolls \(([\d.]+)%, exactly", riders).group(1))
    assert gone - 0.05 <= 100 * (1 - (3 - math.sqrt(5))) <= gone + rest + 0.05
    assert "acid rounds of more than" in riders
    wizard.reject()
