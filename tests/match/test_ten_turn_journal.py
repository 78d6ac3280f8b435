"""The shipped ten-turn journal (``data/journals/ten-turns.journal``, the replay benchmark's)
is a real match: the engine's own play of ten whole turns, which replays exactly."""

from __future__ import annotations

from referee.bench.long_match import play_journal
from referee.bench.replay_bench import default_journal
from referee.match.journal_text import read_journal, replay_journal


def test_the_shipped_ten_turn_journal_is_the_engines_own_play():
    assert default_journal().read_text(encoding="utf-8") == play_journal(turns=10, seed=2024)


def test_the_ten_turn_journal_replays_ten_whole_turns_exactly(tmp_path):
    journal = read_journal(default_journal())
    with replay_journal(journal, tmp_path / "ten.referee") as m:
        state = m.state
        assert (state.turn, state.step) == (11, "orders")  # ten turns over, the 11th begun
        kinds = {e.kind for s in m.steps() for e in s.events}
        assert {"orders", "fire", "movement", "apply-damage", "aftermath", "advance"} <= kinds
        assert m.replay_check() == []
