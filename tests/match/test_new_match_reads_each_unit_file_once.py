"""A new match copies each unit's card from its unit file (the file holds the card the match
was made with): each unit file is read once for the whole army, not once a unit."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

from referee.match.games import orders_file
from referee.match.setup.demo import DEMO_UNITS, create_demo_match
from referee.units.catalogue import find_unit


def test_a_new_match_reads_each_unit_file_of_its_cards_once(tmp_path, monkeypatch):
    sources = {find_unit(spec["unit"]).source for spec in DEMO_UNITS}  # the catalogue, loaded
    assert len(sources) < len(DEMO_UNITS)  # the demo's six units come from fewer files
    read: Counter[Path] = Counter()
    real = orders_file.read_toml

    def counted(path):
        read[Path(path)] += 1
        return real(path)

    monkeypatch.setattr(orders_file, "read_toml", counted)
    match = create_demo_match(tmp_path / "demo.referee")
    cards = dict(match.cards)
    match.close()
    assert {p: n for p, n in read.items() if p in sources} == {p: 1 for p in sources}
    for spec in DEMO_UNITS:  # every unit's card copied all the same, whole (the file
        # holds no path to the unit file it came from)
        assert cards[spec["unit"]] == replace(find_unit(spec["unit"]), source=None)
