"""The assault wizard says what the table sees: the facing a base fights with (the one the
movement page gave it), whose hit each damage die is, and whose hits go where, in a
referee's words (clauses ``assault.facing``, ``assault.allocation``, ``assault.damage``)."""

from __future__ import annotations

from pathlib import Path

from test_app_wizard_assault import (
    STEPS_ANY_TIME,
    assault_window,
    choose_typed,
    next_page,
    open_wizard,
    to_allocation,
)

from referee.app.window.main_window import MainWindow
from referee.app.wizards.assault.side_editor import hits_sentence
from referee.app.wizards.assault.wizard import Page
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Movement, Orders

CHASE = [
    # the boars face S at E5; the hoplites stand at F5, across E5's SE hexside: a Chase
    # takes the boars into F5, turned towards it
    {"uid": "boars", "unit": "boar-riders", "side": 2, "hex": "E5", "facing": 3, "speed": "fast"},
    {"uid": "hoplites", "unit": "hoplite-phalanx", "side": 1, "hex": "F5", "facing": 0},
]


def chase_window(qtbot, tmp_path: Path) -> MainWindow:
    path = tmp_path / "chase.referee"
    with MatchFile.create(
        path, map_name="standard", units=CHASE, seed=1, ruleset="current", readings=STEPS_ANY_TIME
    ) as m:
        m.run(
            "Orders",
            [
                Orders(uid="boars", turn=1, movement="Chase + - + -", gunnery="- + -"),
                Orders(uid="hoplites", turn=1, movement="- + - + -", gunnery="- + -"),
            ],
        )
        m.run("Movement 1", [Movement(step=1)])
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.open_match(path)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_a_chasing_base_fights_with_the_facing_the_movement_page_gave_it(qtbot, tmp_path):
    # E5 to F5 is E5's SE hexside: the boars enter F5 facing SE, as the movement step
    # says; they stood facing S before
    window = chase_window(qtbot, tmp_path)
    step = window.session.steps()[-1]
    assert "boars (side 2, ork) entering E5->F5, facing SE" in step.events[0].text
    contest = window.session.state.contests[0]
    boars = next(p for p in contest["participants"] if p["uid"] == "boars")
    assert boars["facing"] == 2  # SE, as the engine's contest has it
    wizard = open_wizard(qtbot, window)
    page = wizard.contest_page
    rows = {
        page.bases.item(r, 1).text().split()[0]: page.bases.item(r, 3).text()
        for r in range(page.bases.rowCount())
    }
    assert rows["boars"] == "SE\nfights with front"
    assert rows["hoplites"].startswith("N\n")
    wizard.reject()


def test_the_allocation_says_who_hit_and_who_places_the_hits(qtbot, tmp_path):
    # the current edition (the ENTRENCHED! map): a side places its own hits on the enemy
    # (clause assault.allocation); the tank scored 2 hits, the grunts none
    window = assault_window(qtbot, tmp_path)
    wizard = to_allocation(qtbot, window)
    side1 = wizard.allocation_page.editors[1].header.text()
    side2 = wizard.allocation_page.editors[2].header.text()
    assert side1 == (
        "<b>Side 1 (blue) hit 2 times</b> (tank 2); side 1 (blue) places them on "
        "side 2 (red)&#x27;s bases."
    )
    assert side2 == "<b>Side 2 (red)</b> scored no hit: nothing to place."
    assert "dealt by" not in side1
    wizard.reject()


def test_the_first_draft_winner_places_both_sides_hits():
    # the first draft: the winner (side 1) deals the hits of both sides, so side 2's hits
    # land on side 1's bases where side 1 says (clause assault.allocation)
    assert hits_sentence(2, 1, {"boars": 2, "grunts": 1}) == (
        "<b>Side 2 (red) hit 3 times</b> (boars 2, grunts 1); side 1 (blue), the winner, "
        "places them on its own bases."
    )
    assert hits_sentence(1, 1, {"hoplites": 1}).startswith("<b>Side 1 (blue) hit 1 time</b>")


def test_each_damage_die_says_whose_hit_it_is(qtbot, tmp_path):
    # two damaging hits of the tank on the grunts: each d6 listed as the tank's hit on the
    # grunts, before the first is typed
    window = assault_window(qtbot, tmp_path)
    wizard = to_allocation(qtbot, window)
    next_page(qtbot, wizard)
    assert wizard.currentId() == Page.DAMAGE
    box = wizard.damage_page.dice
    if not box.is_typed():
        choose_typed(qtbot, box)
    assert [s.request.purpose for s in box.slots] == ["damage", "damage"]
    assert all(s.request.note.startswith("side 1: tank's hit on grunts") for s in box.slots)
    # the app's own dice say it too
    box.digital.click()
    assert not box.is_typed() and len(box.slots) == 2
    assert all(s.request.note.startswith("side 1: tank's hit on grunts") for s in box.slots)
    wizard.reject()
