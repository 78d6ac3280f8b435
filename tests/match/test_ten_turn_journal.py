"""The shipped ten-turn journal (``data/journals/ten-turns.journal``, the replay benchmark's)
is a real match: the engine's own play of ten whole turns (``referee bench journal``), which
replays exactly."""

from __future__ import annotations

from referee.bench.long_match import play_journal
from referee.bench.replay_bench import default_journal
from referee.match.journal.journal_text import read_journal, replay_journal


def test_the_engine_plays_the_same_match_from_the_same_seed():
    # the shipped journal was written so (referee bench journal FILE --turns 10 --seed 2024);
    # it is not compared here: a change of a rule or of the demo's armies changes the play
    first = play_journal(turns=2, seed=3)
    assert first == play_journal(turns=2, seed=3)
    assert first.startswith("# 2 turns of the demo's armies") and "\nseed: 3\n" in first
    assert "\nformat: 8\n" in first  # the current format: gunnery orders at gunnery steps


def test_the_ten_turn_journal_replays_ten_whole_turns_exactly(tmp_path):
    journal = read_journal(default_journal())
    assert journal.format == 3  # written now: a fire action only at a gunnery step
    with replay_journal(journal, tmp_path / "ten.referee") as m:
        state = m.state
        assert (state.turn, state.step) == (11, "orders")  # ten turns over, the 11th begun
        kinds = {e.kind for s in m.steps() for e in s.events}
        assert {"orders", "fire", "movement", "apply-damage", "advance"} <= kinds
        assert m.replay_check() == []
