"""Match files of format 4, written before weapons fired as the drafts write them (format 5:
rulings ``fire.misfire-first-draft``, ``fire.optimal-weapon``, ``fire.elite-model-weapon``),
open with the readings they were played under (``as-current``, ``unit-only``,
``elite-too``; referee/match/journal/formats.py), replay exactly and are not rewritten.

Both files were written by referee at main 01c8170 (format 4, ruleset version 2), each fire
rolled by the app from the seed:
- ``first-draft-wagon-format-4.referee``: the standard battlefield (first draft), two battle
  wagons fire their Wagon shootas at a tank; each fire action begins with a misfire die;
- ``entrenched-weapons-format-4.referee``: ENTRENCHED!, the grunts fire the Shoota at the
  hoplites at point blank (needs 5, the nob firing it too: four dice), the hoplites the
  Captain's pistol (needs 4), the Dark-Elf warriors the Repeater crossbow (eight dice).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.match.games.orders_file import MatchFile

FILES = Path(__file__).parent / "files"
OLD_READINGS = {
    "fire.misfire-first-draft": "as-current",
    "fire.optimal-weapon": "unit-only",
    "fire.elite-model-weapon": "elite-too",
}


@pytest.mark.parametrize(
    "name", ["first-draft-wagon-format-4.referee", "entrenched-weapons-format-4.referee"]
)
def test_a_format_4_file_opens_with_the_readings_it_was_played_under(tmp_path, name):
    path = tmp_path / name
    shutil.copy(FILES / name, path)
    before = path.read_bytes()
    with MatchFile.open(path) as m:
        assert m.meta["format_version"] == 4
        for ruling, reading in OLD_READINGS.items():
            assert m.rules.readings[ruling] == reading
        assert m.rules.readings["turn.unfired-fire-order"] == "ask"  # format 4's own
        assert m.replay_check() == []
    assert path.read_bytes() == before  # reading and checking it changes nothing


def test_the_first_draft_wagons_rolled_their_misfire_die_as_played(tmp_path):
    path = tmp_path / "w.referee"
    shutil.copy(FILES / "first-draft-wagon-format-4.referee", path)
    with MatchFile.open(path) as m:
        for step in m.steps():
            (event,) = step.events
            assert event.dice[0].purpose == "misfire Wagon shootas"


def test_the_entrenched_weapons_fired_as_played(tmp_path):
    """As played then: the Shoota needs 5 at point blank (base 5, point blank +1, Bad Shot
    -1: its Optimal at point blank counted nothing) with 4 to-hit dice (the nob too); the
    pistol needs 4 (base 5, point blank +1); the crossbow 8 dice (4 models x Burst(2))."""
    path = tmp_path / "e.referee"
    shutil.copy(FILES / "entrenched-weapons-format-4.referee", path)
    with MatchFile.open(path) as m:
        shoota, pistol, crossbow = (s.events[0] for s in m.steps())
    assert "needs 5: base 5, point blank +1, Bad Shot -1\n" in shoota.text
    assert [r.purpose for r in shoota.dice].count("to hit hoplites (Shoota)") == 4
    assert "needs 4: base 5, point blank +1\n" in pistol.text
    to_hit = [r for r in crossbow.dice if r.purpose.startswith("to hit grunts")]
    assert len([r for r in to_hit if "open-ended" not in r.purpose]) == 8
