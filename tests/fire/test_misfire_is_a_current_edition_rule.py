"""Misfire[N-] is a rule of the current edition (draft 004, "Misfire[N-]: Before using any fire
action, roll a die. At N- replace the fire action with a do nothing action"); the first draft
(drafts 000/003) has no Misfire, so a first-draft match never rolls a misfire die (to_hit.toml
``[misfire]``; ruling ``fire.misfire-first-draft``, reading ``none``). A journal written before
(without ``format: 5``) replays as it was played, with the die (reading ``as-current``).

The sample Ork battle wagon's "Wagon shootas": fixed x2/x1/x1/-, Misfire[2-], range 3, AP 0,
d6-1. From D2 facing S (3) the target at D4 lies in front: two guns bear, two to-hit dice.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.main import main
from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_text import parse_journal, replay_journal


def shot(capsys, edition_map: str) -> dict:
    argv = ["shot", edition_map, "battle-wagon@D2", "ork-grunts@D4", "--shooter-facing", "3"]
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_first_draft_shot_has_no_misfire(capsys):
    """Standard battlefield (first draft): need 3 (base 5, the wagon standing still +1, the
    grunts standing still +1), p = 4/6 = 2/3 per die, two dice, no misfire:
    0 hits (1/3)^2 = 1/9, 1 hit 2 * 2/3 * 1/3 = 4/9, 2 hits (2/3)^2 = 4/9."""
    data = shot(capsys, "standard")
    assert data["dice"] == 2 and data["misfire"] == 0
    assert data["action"][0]["hits_exact"] == ["1/9", "4/9", "4/9"]
    assert "fire.misfire-first-draft" in data["rulings"]
    assert data["readings"]["fire.misfire-first-draft"] == "none"


def test_a_current_edition_shot_still_misfires(capsys):
    """ENTRENCHED! (current edition): the same shot, Misfire on 1-2: 1/3; then
    0 hits 1/3 + 2/3 * 1/9 = 11/27, 1 hit 2/3 * 4/9 = 8/27, 2 hits 8/27."""
    data = shot(capsys, "entrenched")
    assert data["action"][0]["misfire_exact"] == "1/3"
    assert data["action"][0]["hits_exact"] == ["11/27", "8/27", "8/27"]
    assert "fire.misfire-first-draft" not in data["rulings"]


def test_the_text_says_the_first_draft_rolls_no_misfire_die(capsys):
    assert (
        main(["shot", "standard", "battle-wagon@D2", "ork-grunts@D4", "--shooter-facing", "3"]) == 0
    )
    out = capsys.readouterr().out
    assert "misfire[2-]: not in this edition, no misfire die" in out
    assert "the whole action: 2 dice\n" in out
    assert "rulings: damage.pending-tokens (immediately), fire.misfire-first-draft (none)" in out


UNITS = [
    {"uid": "wagon", "unit": "battle-wagon", "side": 2, "hex": "D2", "facing": 3},
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "D4"},
]
FIRE_ANY_STEP = {"turn.fire-outside-gunnery": "any-step"}


def test_a_first_draft_match_fires_without_a_misfire_die(tmp_path: Path):
    """The match's fire on the standard battlefield: the dice asked are the two to-hit dice
    only (need 3 on the tank: a 1 and a 2 miss); nothing is rolled for a misfire."""
    with MatchFile.create(
        tmp_path / "m.referee", map_name="standard", units=UNITS, seed=3, readings=FIRE_ANY_STEP
    ) as m:
        step = m.run(
            "fire",
            [{"kind": "fire", "shooter": "wagon", "target": "tank", "weapon": "Wagon shootas"}],
            typed=[1, 2],
        )
        (event,) = step.events
        assert [r.purpose for r in event.dice] == ["to hit tank (Wagon shootas)"] * 2
        assert "not in this edition, no misfire die" in event.text
        assert "fire.misfire-first-draft" in event.rulings
        assert m.replay_check() == []


JOURNAL = """\
map: standard
seed: 3
{format}
ruling: turn.fire-outside-gunnery=any-step
unit: wagon battle-wagon side=2 hex=D2 facing=3
unit: tank standard-tank side=1 hex=D4

step: The wagon fires its shootas at the tank
fire shooter=wagon target=tank weapon="Wagon shootas"
dice: {dice}
"""


@pytest.mark.parametrize("older", ["format: 4", "format: 3", ""])
def test_a_journal_written_before_format_5_replays_with_its_misfire_die(tmp_path: Path, older):
    """A text journal without 'format: 5' was played when the first draft rolled the card's
    Misfire: its typed 2 is the misfire die (2 or less: the action does nothing)."""
    old = parse_journal(JOURNAL.format(format=older, dice="2"))
    with replay_journal(old, tmp_path / "old.referee") as m:
        (event,) = m.steps()[0].events
        assert [r.purpose for r in event.dice] == ["misfire Wagon shootas"]
        assert "misfire: the action does nothing" in event.text
        assert m.rules.readings["fire.misfire-first-draft"] == "as-current"
        assert m.replay_check() == []
    new = parse_journal(JOURNAL.format(format="format: 5", dice="1 2"))
    with replay_journal(new, tmp_path / "new.referee") as m:
        (event,) = m.steps()[0].events
        assert [r.purpose for r in event.dice] == ["to hit tank (Wagon shootas)"] * 2
