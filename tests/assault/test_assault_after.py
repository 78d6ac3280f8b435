"""An assault's outcome carried out on the table (clause assault.retreat): a loser retreats
to the hex the referee chose among the legal ones, by default the first, and may keep its
facing or take one the retreat allows; with no legal hex it stays."""

from __future__ import annotations

import pytest
from assault_units import state

from referee.board.hexgrid import parse_label
from referee.board.retreat import Retreat
from referee.rules.assault.after import retreat_chosen
from referee.rules.assault.contest import AssaultError

C4, D4 = parse_label("C4"), parse_label("D4")
BACK = Retreat("closest", (C4, D4), (0, 1, 3, 5), C4, (), (), "moves out backwards")


def test_a_loser_retreats_by_default_into_the_first_legal_hex_keeping_its_facing() -> None:
    grunts = state("grunts", "elf-rangers", 2, "C5", facing=1)
    after = retreat_chosen(grunts, BACK)
    assert (after.hex, after.facing) == (C4, 1)


def test_the_referee_chooses_the_hex_and_the_facing_among_the_legal_ones() -> None:
    grunts = state("grunts", "elf-rangers", 2, "C5")
    after = retreat_chosen(grunts, BACK, (D4, 3))
    assert (after.hex, after.facing) == (D4, 3)
    with pytest.raises(AssaultError, match="grunts may retreat to C4, D4, not E5"):
        retreat_chosen(grunts, BACK, (parse_label("E5"), None))
    with pytest.raises(AssaultError, match="grunts may face 0, 1, 3, 5, not 2"):
        retreat_chosen(grunts, BACK, (C4, 2))


def test_a_loser_with_no_legal_hex_stays() -> None:
    grunts = state("grunts", "elf-rangers", 2, "C5")
    nowhere = Retreat("nowhere", (), (), C4, (), (), "no hex to go to")
    assert retreat_chosen(grunts, nowhere) == grunts
