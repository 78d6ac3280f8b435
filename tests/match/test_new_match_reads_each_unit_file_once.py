"""A new match copies each unit's card from its unit file (the file holds the card the match
was made with): each unit file is read once for the whole army, not once a unit; the demo
reads its two armies' files once each and nothing of the rest of the catalogue."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from msgspec.structs import replace

import referee.errors
from referee.match.games import orders_file
from referee.match.games.orders_file import MatchFile
from referee.match.setup.demo import (
    DEMO_MAP,
    DEMO_UNITS,
    create_demo_match,
    demo_army_files,
)
from referee.units.catalogue import find_unit


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Counter[Path]:
    """Every data file read through the engine's TOML reader, counted by path."""
    read: Counter[Path] = Counter()
    real = referee.errors.read_toml

    def counted(path):
        read[Path(path)] += 1
        return real(path)

    monkeypatch.setattr(orders_file, "read_toml", counted)
    monkeypatch.setattr(referee.errors, "read_toml", counted)
    return read


def _cards_copied_whole(match: MatchFile) -> None:
    cards = dict(match.cards)
    match.close()
    for spec in DEMO_UNITS:  # every unit's card copied all the same, whole (the file
        # holds no path to the unit file it came from)
        assert cards[spec["unit"]] == replace(find_unit(spec["unit"]), source=None)


def test_a_new_match_reads_each_unit_file_of_its_cards_once(tmp_path, reads):
    sources = {find_unit(spec["unit"]).source for spec in DEMO_UNITS}  # the catalogue, loaded
    assert len(sources) < len(DEMO_UNITS)  # the six units come from fewer files
    reads.clear()
    match = MatchFile.create(tmp_path / "army.referee", map_name=DEMO_MAP, units=DEMO_UNITS)
    assert {p: n for p, n in reads.items() if p in sources} == {p: 1 for p in sources}
    _cards_copied_whole(match)


def test_the_demo_reads_its_two_armies_files_once_each(tmp_path, reads):
    match = create_demo_match(tmp_path / "demo.referee")
    armies = set(demo_army_files())
    units_read = {p: n for p, n in reads.items() if "units" in p.parts}
    assert units_read == {p: 1 for p in armies}
    _cards_copied_whole(match)
