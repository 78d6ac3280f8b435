"""A refusal in the status bar is about the action refused: it does not outlive the next
action (Next step, a wizard opened, a step played, Undo or Redo, another match opened), so
"Refused: ...truncated.referee..." is not left standing over the play that follows."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_window import demo_window

from referee.match.setup.demo import create_demo_match


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_MATCHES", str(tmp_path / "matches"))
    monkeypatch.setenv("REFEREE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))


def truncated(tmp_path: Path) -> Path:
    path = tmp_path / "truncated.referee"
    create_demo_match(path).close()
    path.write_bytes(path.read_bytes()[:3000])
    return path


@pytest.fixture
def refused(qtbot, tmp_path):
    """The demo window just after File > Open refused a truncated match file."""
    window = demo_window(qtbot, tmp_path)
    window.open_match(truncated(tmp_path))
    window.refused_open_dialog.close()
    assert window.statusBar().currentMessage().startswith("Refused: ")
    assert "truncated.referee" in window.statusBar().currentMessage()
    return window


def test_next_step_clears_the_refusal_of_the_open_before(refused):
    refused.next_in_game()  # N: the Gunnery wizard of the demo's first step opens
    assert "truncated.referee" not in refused.statusBar().currentMessage()


def test_a_step_played_says_itself_in_place_of_the_refusal(refused):
    step = refused.next_step(unfired="pass")
    assert step is not None, refused.last_error
    assert refused.statusBar().currentMessage() == f"Step {step.number}: {step.name}"


def test_undo_and_redo_clear_the_refusal(refused):
    assert refused.next_step(unfired="pass") is not None
    refused.report_error("a refusal of something else")
    refused.undo_action.trigger()
    message = refused.statusBar().currentMessage()
    assert message.startswith("Undone: step 2,"), message
    refused.report_error("a refusal of something else")
    refused.redo_action.trigger()
    assert refused.statusBar().currentMessage().startswith("Redone: step 2,")


def test_another_match_opened_clears_the_refusal(refused, tmp_path):
    other = tmp_path / "other.referee"
    create_demo_match(other).close()
    refused.open_match(other)
    assert "Refused" not in refused.statusBar().currentMessage()
    assert "other.referee" in refused.statusBar().currentMessage()


def test_a_later_message_is_not_cleared_by_the_next_action(refused):
    refused.say("The round clock: five minutes left.", 60000)
    refused.next_in_game()
    assert refused.statusBar().currentMessage() == "The round clock: five minutes left."
