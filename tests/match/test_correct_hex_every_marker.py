"""``correct-hex`` puts any marker the table can hold on a hex (clause ``hex.markers``): an acid
cloud with its grade (draft 004, "Acid Cloud [Minor]", "Acid Cloud [Major]"), and a hex on
fire with its smoke as one correction ("When setting a hex on fire, place a smoke and fire
token in the hex", clause ``hex.on-fire``; hex_effects.toml ``[effects.hex-fire]``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.board.hexgrid import parse_label
from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_text import parse_command
from referee.rules.orders.commands import CorrectionError

UNITS = [{"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3}]


def new_match(tmp_path: Path) -> MatchFile:
    return MatchFile.create(tmp_path / "m.referee", map_name="entrenched", units=UNITS, seed=7)


def test_an_acid_cloud_with_its_grade_goes_on_a_hex(tmp_path):
    """Two markers of Acid Cloud [Minor] on D5 (first placing: two markers); its (4+) is the
    current edition's level for a cloud placed without one."""
    with new_match(tmp_path) as m:
        m.run(
            "acid", [parse_command("correct-hex hex=D5 marker=acid-cloud count=2 strength=minor")]
        )
        cloud = m.state.hexes.get(parse_label("D5"), "acid-cloud")
        assert (cloud.count, cloud.strength, cloud.level) == (2, "minor", 4)
        m.run("one off", [parse_command("correct-hex hex=D5 marker=acid-cloud count=1")])
        cloud = m.state.hexes.get(parse_label("D5"), "acid-cloud")
        assert (cloud.count, cloud.strength) == (1, "minor")  # the grade is kept
        assert m.replay_check() == []


def test_a_hex_on_fire_is_one_correction_of_fire_and_smoke(tmp_path):
    """marker=hex-fire count=2: two fire markers and two smoke markers on E5, one step;
    count=0 takes both off again."""
    with new_match(tmp_path) as m:
        step = m.run("fire", [parse_command("correct-hex hex=E5 marker=hex-fire count=2")])
        e5 = parse_label("E5")
        assert (m.state.hexes.count(e5, "fire"), m.state.hexes.count(e5, "smoke")) == (2, 2)
        assert len(step.events) == 1
        assert "hex on fire: fire markers 0 -> 2, smoke markers 0 -> 2" in step.events[0].text
        m.run("out", [parse_command("correct-hex hex=E5 marker=hex-fire count=0")])
        assert m.state.hexes.at(e5) == ()


def test_a_poison_and_acid_cloud_takes_both_grades(tmp_path):
    with new_match(tmp_path) as m:
        m.run(
            "cloud",
            [
                parse_command(
                    "correct-hex hex=D4 marker=poison-acid-cloud count=2"
                    """ strength='[6, "major"]' level=5"""
                )
            ],
        )
        d4 = parse_label("D4")
        poison = m.state.hexes.get(d4, "poison-cloud")
        acid = m.state.hexes.get(d4, "acid-cloud")
        assert (poison.strength, poison.level, acid.strength, acid.level) == (6, 5, "major", 5)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (
            "correct-hex hex=D5 marker=acid-cloud count=2",
            "needs a strength [N] of minor, major, none given",
        ),
        ("correct-hex hex=D5 marker=acid-cloud count=2 strength=huge", "not 'huge'"),
        ("correct-hex hex=D5 marker=hex-fire count=2 strength=6", "takes 0 strength"),
        ("correct-hex hex=D5 marker=hex-fire count=2 level=3", "has no level"),
        ("correct-hex hex=D5 marker=poison-acid-cloud count=2 strength=6", "takes 2 strength"),
    ],
)
def test_what_the_table_cannot_hold_is_refused(tmp_path, line, words):
    with new_match(tmp_path) as m:
        with pytest.raises(CorrectionError, match=words.replace("[", r"\[").replace("]", r"\]")):
            m.run("bad", [parse_command(line)])
        assert m.steps() == []
