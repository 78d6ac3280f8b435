"""The nations' orders of precedence (draft 004 and 000, Orders and Assault)."""

from __future__ import annotations

import pytest

from referee.errors import DataFileError, read_toml
from referee.rules.nations import nations, parse_nations


@pytest.mark.parametrize("edition", ["current", "first-draft"])
def test_the_three_lists_of_the_drafts(edition):
    from referee.ruleset.shipped import ruleset

    n = nations(ruleset(edition))
    # Orders: "The highest rank choices last: Spartan, Elf, Dark-Elf, Dwarf, Ork".
    assert n.choice.order == ("spartan", "elf", "dark-elf", "dwarf", "ork")
    # Assault: melee skill and assault winning power, "Spartan, Dark_Elf, Ork, Dwarf, Elf".
    assert n.melee.order == ("spartan", "dark-elf", "ork", "dwarf", "elf")
    assert n.assault_tie.order == n.melee.order


def test_ties_go_to_the_higher_rank(current):
    tie = nations(current).assault_tie
    assert tie.highest(["elf", "dark-elf"]) == "dark-elf"  # the draft's example nations
    assert tie.highest(["ork", "dwarf"]) == "ork"
    assert tie.rank("unknown") == 5


def test_a_bad_file_names_every_problem(tmp_path):
    bad = tmp_path / "nations.toml"
    bad.write_text('[choice]\norder = ["elf", "elf"]\nclause = "x"\n[melee]\norder = 3\n[bogus]\n')
    with pytest.raises(DataFileError) as err:
        parse_nations(bad, read_toml(bad))
    text = str(err.value)
    assert "bogus: unknown section" in text
    assert "choice.order: a nation is listed twice" in text
    assert "melee.order: expected a list" in text
    assert "assault_tie: missing" in text
