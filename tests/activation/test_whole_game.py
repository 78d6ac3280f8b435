"""A whole game of the activation rules, from the presentation of the armies to the battle,
as the match file journals it: every step a command and its dice, and the journal's replay
check (the one re-decide loop, ``JournalFile.replay_check``) gives the same states and
decisions."""

from __future__ import annotations

import json
import sqlite3

from activation_factory import game

from referee.dice.service import Dice
from referee.match.games.activation_file import ActivationMatch
from referee.rules.activation.commands import parse_command
from referee.rules.activation.start import new_game
from referee.rules.activation.state import ActivationState
from referee.rules.activation.step import step

ARMIES = {
    1: [
        ("tank", "battle-tank"),
        ("rifles", "rifle-squad"),
        ("bunker", "bunker"),
        ("carrier", "carrier"),
        ("extra", "siege-tank"),
    ],
    2: [
        ("buggy", "scout-buggy"),
        ("grunts", "rifle-squad"),
        ("fighter", "fighter"),
        ("bomber", "bomber"),
    ],
}

# (command, dice typed from the table)
GAME = [
    ("present", [1]),  # side 1 bans first
    ("ban side=1 mission=open-field", []),
    ("ban side=2 mission=twin-towers", []),
    ("ban side=1 mission=last-stand", []),  # crossroads is played
    ("roll-order", [2]),  # side 2 chooses
    ("choose-order side=2 go=second", []),  # side 1 goes first
    ("deploy side=1 uid=tank hex=H15 facing=N ammunition=3", []),
    ("deploy side=2 uid=buggy hex=H1 facing=S", []),
    ("deploy side=1 uid=rifles hex=H14", []),
    ("deploy side=2 uid=fighter hex=I2 facing=S", []),
    ("deploy side=1 uid=bunker hex=G14", []),
    ("deploy-pass side=2", []),
    ("deploy side=1 uid=carrier hex=G15 facing=N", []),
    ("deploy-pass side=1", []),
    ("reserves side=1 uids=extra", []),
    ("reserves side=2 uids=grunts", []),  # the bomber is out of the battle
    ("before-battle side=2 uid=buggy action=scout-move path=H2:S,H3:S", []),
    ("move uid=tank path=H14:N,H13:N,H12:N,H11:N", []),
    ("move uid=fighter path=I3:S,I4:S,I5:S,I6:S,I7:S", []),
    ("move uid=tank path=H10:N", []),
    ("move uid=fighter path=I8:S shots=guns>tank", [10]),  # 10 + 1 against 9+: 1 H
    ("move uid=rifles path=H13,H12,H11", []),
    ("move uid=buggy path=H4:S,H5:S,H6:S,H7:S,H8:S", []),  # into the citadel
    ("shoot uid=tank shots=cannon>fighter,mg>@H8", [12, 10, 9]),
    ("capture uid=buggy hex=H8", []),
]


def play_game(g):
    state = new_game(g.cards, g.missions, ARMIES)
    start = state
    record = []
    for text, values in GAME:
        dice = Dice(seed=0)
        dice.type_in(values)
        out = step(g, state, parse_command(text), dice)
        assert dice.pending == ()
        record.append((out.decision.command, [r.value for r in out.decision.rolls]))
        state = out.state
    return start, state, record


def test_a_whole_game_from_the_presentation_to_the_battle():
    g = game()
    _, state, _ = play_game(g)
    assert (state.phase, state.mission, state.first, state.turn) == ("main", "crossroads", 1, 1)
    pieces = {p.uid: p for p in state.pieces.values()}
    assert pieces["bomber"].status == "out" and pieces["extra"].status == "reserve"
    assert pieces["tank"].health == 5 and pieces["tank"].ammunition == 2
    assert pieces["fighter"].health == 2  # the cannon: 12 + 2 against armor 6
    assert pieces["buggy"].health == 1  # a 9 on the d12 for the pip removed
    # the citadel: 6 neutral, one pip shot off, then the buggy turned two neutral ones
    citadel = next(f for f in state.fortifications.values() if f.structure == "citadel")
    assert citadel.pips.to_json() == {"side1": 0, "side2": 2, "neutral": 3}
    assert state.activations == 8  # 4 each: side 2's capture was the last
    assert ActivationState.from_json(state.to_json(), 99) == state


def play_match(path):
    """The same game played into a match file (one step per command, its dice typed)."""
    units = [
        {"uid": uid, "unit": card, "side": side}
        for side, pieces in ARMIES.items()
        for uid, card in pieces
    ]
    m = ActivationMatch.create(path, units=units, seed=0)
    for text, values in GAME:
        m.run(text, [parse_command(text)], values)
    return m


def test_the_same_commands_and_dice_replay_the_same_game(tmp_path):
    _, end, _ = play_game(game())
    with play_match(tmp_path / "game.referee") as m:
        assert m.state == end
        assert m.replay_check() == []  # the journal's one re-decide loop: every event again


def test_a_replay_with_a_die_missing_is_refused(tmp_path):
    path = tmp_path / "game.referee"
    play_match(path).close()
    with sqlite3.connect(path) as conn:  # the roll for the order loses its die
        (number,) = conn.execute("SELECT number FROM steps WHERE name = 'roll-order'").fetchone()
        (data,) = conn.execute("SELECT data FROM events WHERE step = ?", (number,)).fetchone()
        row = json.loads(data)
        row["dice"] = []
        conn.execute("UPDATE events SET data = ? WHERE step = ?", (json.dumps(row), number))
    conn.close()
    with ActivationMatch.open(path) as m:
        assert m.replay_check() == [
            f"step {number} (roll-order), event 0 (roll-order): replays differently: "
            "0 dice recorded, the replay rolls 1"
        ]
