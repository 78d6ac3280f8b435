"""The allocation page's odds of each damage roll count the rolls above it on the same base
and the damage already waiting in the step (clause ``damage.sequence``; ruling
``damage.pending-tokens``)."""

from __future__ import annotations

from test_app_wizard_assault import STEPS_ANY_TIME, UNITS, assault_window, to_allocation

from referee.app.window.main_window import MainWindow
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Fire, Movement, Orders


def odds_column(editor) -> list[str]:
    col = editor.rolls.columnCount() - 1
    return [editor.rolls.item(r, col).text() for r in range(editor.rolls.rowCount())]


def test_the_second_roll_on_the_grunts_counts_the_token_the_first_may_leave(qtbot, tmp_path):
    # The tank's two damaging hits on the grunts, d6-1, no armor (5 Bruised, 7 one killed).
    # Row 1: a 6 gives 5, Bruised (1/6); else nothing (5/6).
    # Row 2: after Bruised (1/6) d6-1+1: 5-6 Bruised (1/3); else only a 6 (1/6).
    # Bruised 1/6*1/3 + 5/6*1/6 = 7/36 (19%), nothing 29/36 (81%).
    window = assault_window(qtbot, tmp_path)
    editor = to_allocation(qtbot, window).allocation_page.editors[1]
    assert odds_column(editor) == ["83% nothing, 17% Bruised", "81% nothing, 19% Bruised"]


def test_at_apply_each_roll_has_the_odds_of_the_roll_alone(qtbot, tmp_path):
    # Ruling damage.pending-tokens = at-apply: row 2 rolls on the step's starting tokens.
    window = assault_window(qtbot, tmp_path, readings={"damage.pending-tokens": "at-apply"})
    editor = to_allocation(qtbot, window).allocation_page.editors[1]
    assert odds_column(editor) == ["83% nothing, 17% Bruised"] * 2


def test_the_odds_count_the_damage_already_waiting_in_the_step(qtbot, tmp_path):
    # A Bruised on the grunts from the tank's Main gun waits for 'apply damage' when the
    # assault's hits are rolled (clause damage.sequence, ruling damage.pending-tokens:
    # immediately): both rolls see one token more than the test above.
    # Row 1: d6-1+1 = d6: 5-6 Bruised (1/3), else nothing (2/3).
    # Row 2: after Bruised (1/3), d6+1: 5-6 Bruised (2/6), 7 one killed (1/6), else nothing
    # (3/6); after nothing (2/3), d6: Bruised 1/3. Nothing 1/6 + 4/9 = 11/18 (61%),
    # Bruised 1/9 + 2/9 = 1/3 (33%), one killed 1/18 (6%).
    readings = {**STEPS_ANY_TIME, "turn.fire-outside-gunnery": "any-step"}
    path = tmp_path / "waiting.referee"
    with MatchFile.create(path, map_name="entrenched", units=UNITS, seed=5, readings=readings) as m:
        m.run(
            "Orders",
            [
                Orders(uid=str(u["uid"]), turn=1, movement="F + - + -", gunnery="- + -")
                for u in UNITS
            ],
        )
        # needs 6: a 6 then a 1 hits; the Main gun's d6+1 rolls 4: 5, Bruised (pending)
        m.run("The tank fires", [Fire(shooter="tank", target="grunts")], typed=[6, 1, 4])
        m.run("Movement 1", [Movement(step=1)])
        assert [p["unit"] for p in m.state.pending] == ["grunts"]
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.open_match(path)
    window.show()
    qtbot.waitExposed(window)
    editor = to_allocation(qtbot, window).allocation_page.editors[1]
    assert odds_column(editor) == [
        "67% nothing, 33% Bruised",
        "61% nothing, 33% Bruised, 6% One model killed",
    ]
