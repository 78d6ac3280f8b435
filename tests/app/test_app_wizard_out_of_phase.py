"""A wizard whose step the engine would refuse where the match's clock is does not open: the
engine's own check (ruling turn.step-outside-phase; a fire action, turn.fire-outside-gunnery)
is asked before the first page, and the refusal names the step and where the clock is, rather
than after every choice on the last page."""

from __future__ import annotations

from app_window import demo_window

from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import Advance


def steps(window) -> int:
    with MatchFile.open(window.session.path) as m:
        return len(m.steps())


def test_the_agony_wizard_at_gunnery_1_does_not_open_and_says_why(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)  # the demo stands at turn 1, Gunnery 1
    assert window.session.state.step == "gunnery-1"
    before = steps(window)
    window.agony_action.trigger()
    assert window.wizards.open_now is None and window.turn_driver.wizard is None
    assert window.last_error.startswith("agony step=0: carried out only when the match is at")
    assert 'turn 1, "Gunnery 1: ' in window.last_error
    assert window.statusBar().currentMessage().startswith("Refused: agony step=0")
    assert steps(window) == before


def test_the_movement_assault_and_aftermath_wizards_are_refused_at_gunnery_1(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    for action, start in [
        (window.movement_action, "movement step=1: "),
        (window.assault_action, "assault: "),
        (window.aftermath_action, "aftermath: "),
    ]:
        action.trigger()
        assert window.wizards.open_now is None, start
        assert window.last_error.startswith(start) and "Gunnery 1" in window.last_error


def test_the_gunnery_wizard_at_the_orders_step_is_refused_before_its_first_page(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    assert window.run_step("To turn 2", [Advance(to="orders", unfired="pass")]) is not None
    assert (window.session.state.turn, window.session.state.step) == (2, "orders")
    window.gunnery_action.trigger()
    assert window.wizards.open_now is None
    assert "a fire action is carried out at a gunnery step only" in window.last_error
    assert 'turn 2, "Orders: ' in window.last_error


def test_the_gunnery_wizard_opens_at_a_gunnery_step(qtbot, tmp_path):
    window = demo_window(qtbot, tmp_path)
    window.gunnery_action.trigger()
    wizard = window.wizards.open_now
    assert wizard is not None
    wizard.reject()
