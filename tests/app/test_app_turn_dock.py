"""The Turn dock says what the step at hand still asks of the referee."""

from referee.rules.orders.commands import Fire
from tests.app.app_window import demo_window


def test_a_unit_that_has_fired_in_this_gunnery_step_is_no_longer_listed_to_fire(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    # demo orders, gunnery 1: the tank and the wagon Fire
    before = window.tracker.agenda.toPlainText()
    assert "Fire: tank, wagon" in before
    # the tank fires and misses (typed 1): nothing on the table changes but the journal
    fire = [Fire(shooter="tank", target="wagon", weapon="Main gun")]
    assert window.run_step("Gunnery 1: tank fires", fire, typed=[1]) is not None
    after = window.tracker.agenda.toPlainText()
    assert "Fire: tank, wagon" not in after
    assert "wagon: Fire" in after
    assert "tank: has fired in this step" in after
    # undone, the tank has its shot again
    window.session.undo_stack.undo()
    assert "Fire: tank, wagon" in window.tracker.agenda.toPlainText()
