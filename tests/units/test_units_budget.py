"""An army's cost against its game size's budget (draft 004 "Build your army"; clauses
army.budgets, army.building; ruling army.budget-limit)."""

from __future__ import annotations

import pytest

from referee.errors import DataFileError
from referee.units.budget import (
    UnknownGame,
    army_cost,
    check_budget,
    load_budgets,
    parse_budgets,
)
from referee.units.catalogue import find_unit, unit_files

TANK = {"ip": 6}  # the Spartan standard tank's cost
HOPLITES = {"mp": 4, "cp": 2, "xp": 1}


def test_army_cost_totals_each_kind_times_the_count():
    # 2 tanks: ip 2*6 = 12; 3 hoplite bases: mp 3*4 = 12, cp 3*2 = 6, xp 3*1 = 3
    totals = army_cost([(TANK, 2), (HOPLITES, 3)])
    assert totals == {"ip": 12, "mp": 12, "cp": 6, "xp": 3, "com": 0}


def test_army_cost_of_catalogue_cards():
    # standard-tank ip 6, ork-grunts mp 3 + cp 1 (data/units/sample)
    tank, grunts = find_unit("standard-tank"), find_unit("ork-grunts")
    totals = army_cost([(tank.cost, 1), (grunts.cost, 2)])
    assert (totals["ip"], totals["mp"], totals["cp"]) == (6, 6, 2)


def test_a_standard_game_gives_each_side_24_of_ip_mp_cp_and_xp():
    standard = load_budgets().game("standard")
    assert dict(standard.allowance().points) == {"ip": 24, "mp": 24, "cp": 24, "xp": 24}
    assert load_budgets().game().id == "standard"  # the default game size


def test_the_other_game_sizes_of_draft_004():
    budgets = load_budgets()
    assert dict(budgets.game("pure-tank").allowance().points) == {"ip": 24}
    assert dict(budgets.game("infantry").allowance().points) == {"mp": 24, "cp": 24, "xp": 24}
    asym = budgets.game("asymmetric")
    assert dict(asym.allowance("manpower").points) == {"mp": 48, "cp": 48, "xp": 48}
    assert dict(asym.allowance("mixed").points) == {"mp": 36, "cp": 36, "xp": 36, "ip": 12}
    industry = asym.allowance("industry")
    assert dict(industry.points) == {"ip": 48}
    assert industry.pool is not None and industry.pool.points == 6
    assert set(industry.pool.kinds) == {"mp", "xp", "cp"}


def test_four_tanks_spend_a_pure_tank_game_exactly_under_the_default_reading():
    # 4 * 6 = 24 ip of 24: "at most" (the default reading of army.budget-limit) fits
    totals = army_cost([(TANK, 4)])
    check = check_budget(totals, load_budgets().game("pure-tank").allowance())
    assert not check.over
    assert check.text() == "IP 24/24"


def test_spending_the_budget_exactly_is_over_when_the_cost_must_be_less_than_it():
    # "less than the total amount of points": 24 is not less than 24
    totals = army_cost([(TANK, 4)])
    check = check_budget(totals, load_budgets().game("pure-tank").allowance(), limit="less-than")
    assert check.over and check.over_kinds == ("ip",)


def test_a_kind_the_game_does_not_give_is_over_as_soon_as_it_is_spent():
    # pure tank game: 24 ip only; one hoplite base spends mp 4, cp 2, xp 1 of 0
    totals = army_cost([(TANK, 2), (HOPLITES, 1)])
    check = check_budget(totals, load_budgets().game("pure-tank").allowance())
    assert check.over_kinds == ("mp", "cp", "xp")
    assert check.text() == "IP 12/24, MP 4/0 over, CP 2/0 over, XP 1/0 over"


def test_a_kind_not_spent_is_never_over_even_when_the_cost_must_be_less():
    totals = army_cost([(TANK, 1)])
    check = check_budget(totals, load_budgets().game("standard").allowance(), limit="less-than")
    assert not check.over


def test_the_industry_side_spends_its_pool_of_six_on_mp_xp_and_cp_together():
    industry = load_budgets().game("asymmetric").allowance("industry")
    # 40 ip of 48; mp 4 + cp 2 = 6 beyond their own 0: the pool of 6, spent exactly
    fits = check_budget({"ip": 40, "mp": 4, "cp": 2}, industry)
    assert not fits.over and fits.pool_spent == 6
    # mp 4 + xp 3 = 7 > 6: the pool is over, though each kind alone is within 6
    over = check_budget({"ip": 40, "mp": 4, "xp": 3}, industry)
    assert over.pool_over and over.over_kinds == ()
    assert over.over


def test_an_advanced_game_adds_24_command_and_12_manpower_to_each_side():
    budgets = load_budgets()
    standard = budgets.game("standard").allowance()
    # mp 36 = 24 + 12; com 24
    check = check_budget({"mp": 36, "com": 24}, standard, advanced=budgets.advanced)
    assert not check.over
    assert check.text() == "IP 0/24, MP 36/36, CP 0/24, XP 0/24, COM 24/24"
    assert check_budget({"mp": 36}, standard).over_kinds == ("mp",)  # 36 > 24 when not advanced


def test_the_advanced_manpower_comes_before_the_industry_sides_pool():
    budgets = load_budgets()
    industry = budgets.game("asymmetric").allowance("industry")
    # advanced: mp 12 of its own, then the pool of 6: mp 15 spends 3 of the pool, xp 3 the rest
    check = check_budget({"mp": 15, "xp": 3}, industry, advanced=budgets.advanced)
    assert check.pool_spent == 6 and not check.over


def test_asymmetric_sides_must_take_opposed_allowances():
    asym = load_budgets().game("asymmetric")
    assert asym.pairing_problem("industry", "mixed") is None
    assert asym.pairing_problem("manpower", "industry") is None
    problem = asym.pairing_problem("manpower", "mixed")
    assert problem is not None and "48 MP, 48 CP and 48 XP" in problem
    assert load_budgets().game("standard").pairing_problem("standard", "standard") is None


def test_an_unknown_game_size_names_the_known_ones():
    with pytest.raises(UnknownGame, match="pure-tank"):
        load_budgets().game("skirmish")


def test_an_unknown_limit_reading_is_refused():
    with pytest.raises(ValueError, match=r"army\.budget-limit"):
        check_budget({}, load_budgets().game().allowance(), limit="roughly")


def test_every_problem_of_a_budgets_file_names_its_game_and_key(tmp_path):
    doc = {
        "default": "huge",
        "game": [
            {"id": "small", "name": "Small", "points": {"ip": 12, "gold": 3}},
            {
                "id": "odd",
                "name": "Odd",
                "allowance": [
                    {"id": "a", "name": "A", "points": {"mp": -1}, "against": ["b"]},
                ],
            },
        ],
    }
    with pytest.raises(DataFileError) as err:
        parse_budgets(tmp_path / "budgets.toml", doc)
    problems = err.value.problems
    assert "game small.points.gold: not a cost kind (ip, mp, cp, xp, com)" in problems
    assert "game odd.allowance a.points.mp: expected a whole number 0 or more, got -1" in problems
    assert "game odd.allowance a.against: no allowance 'b'" in problems
    assert any(p.startswith("default: 'huge' is not a game id") for p in problems)


def test_the_budgets_file_is_not_read_as_a_unit_file():
    assert all(p.name != "budgets.toml" for p in unit_files())
