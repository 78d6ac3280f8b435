"""An army checked whole (draft 004 "Build your army"; clauses army.budgets, army.building,
army.costs, army.elite, army.elite-weapon, army.infantry-equipment, army.unit-base-weapon,
army.points, army.huge-units). Costs are worked by hand from the sample catalogues:

  standard-tank   ip 6            hoplite-phalanx  mp 4, cp 2, xp 1 (4 models, 1 elite)
  talos (huge)    ip 12, cp 2     peltast-skirmishers  mp 2, xp 2 (2 models)
  upgrades: veteran xp 2 (per model), long-rifle cp 2 (per elite), hand-cannon cp 3,
  scorpion cp 4 (unit-base weapons), pistols cp 1 (one-handed), hoplon cp 2 (one-handed),
  grenades cp 2, gas-masks cp 1 (independent), polemarch com 4 (advanced, per model).
"""

from __future__ import annotations

import pytest

from referee.army import Army, ArmyEntry, UpgradeChoice, validate_army
from referee.ruleset.shipped import ruleset


def entry(unit: str, count: int = 1, *upgrades: str | tuple[str, int]) -> ArmyEntry:
    choices = tuple(UpgradeChoice(u) if isinstance(u, str) else UpgradeChoice(*u) for u in upgrades)
    return ArmyEntry(unit, count, choices)


def army(
    *entries: ArmyEntry,
    game: str = "standard",
    nation: str = "spartan",
    allowance: str | None = None,
    advanced: bool = False,
) -> Army:
    return Army("Test", nation, game, entries, allowance, advanced)


def where(report) -> set[tuple[str | None, str | None, str]]:
    return {(e.unit, e.field, e.rule) for e in report.errors}


def test_the_issues_example_costs_and_budget_of_a_standard_game():
    # 2 hoplites: mp 2*4 = 8, cp 2*2 = 4, xp 2*1 = 2; 1 tank: ip 6
    report = validate_army(army(entry("hoplite-phalanx", 2), entry("standard-tank")))
    assert report.valid and report.errors == ()
    assert dict(report.cost) == {"ip": 6, "mp": 8, "cp": 4, "xp": 2, "com": 0}
    assert dict(report.budget) == {"ip": 24, "mp": 24, "cp": 24, "xp": 24, "com": 0}
    assert report.huge_units == ()


def test_upgrades_add_to_the_cost_of_every_base_of_the_entry():
    # one base: mp 4, cp 2 + long rifle 2 + hand cannon 3 = 7, xp 1 + veteran 2 = 3; two bases
    report = validate_army(
        army(entry("hoplite-phalanx", 2, "veteran", "long-rifle", "hand-cannon"))
    )
    assert report.valid, report.errors
    assert dict(report.cost) == {"ip": 0, "mp": 8, "cp": 14, "xp": 6, "com": 0}
    assert dict(report.entry_cost(0) or {}) == {"ip": 0, "mp": 8, "cp": 14, "xp": 6, "com": 0}


def test_a_pure_tank_game_is_24_ip_and_nothing_else():
    # 4 tanks = 24 ip: spent exactly (ruling army.budget-limit, at-most)
    assert validate_army(army(entry("standard-tank", 4), game="pure-tank")).valid
    # 5 tanks = 30 ip; a hoplite base spends mp 4, cp 2, xp 1 of 0
    report = validate_army(
        army(entry("standard-tank", 5), entry("hoplite-phalanx"), game="pure-tank")
    )
    assert where(report) == {(None, f"cost.{k}", "army.budgets") for k in ("ip", "mp", "cp", "xp")}
    assert dict(report.budget) == {"ip": 24, "mp": 0, "cp": 0, "xp": 0, "com": 0}


def test_an_infantry_battle_spends_24_mp_cp_and_xp():
    # 6 hoplites: mp 24, cp 12, xp 6
    report = validate_army(army(entry("hoplite-phalanx", 6), game="infantry"))
    assert report.valid and dict(report.cost)["mp"] == 24
    # a tank is 6 ip of 0
    assert where(validate_army(army(entry("standard-tank"), game="infantry"))) == {
        (None, "cost.ip", "army.budgets")
    }


def test_the_budget_limit_ruling_as_written_refuses_a_budget_spent_exactly():
    rules = ruleset("current").with_readings({"army.budget-limit": "less-than"})
    report = validate_army(army(entry("standard-tank", 4), game="pure-tank"), rules=rules)
    assert where(report) == {(None, "cost.ip", "army.budgets")}


def test_an_asymmetric_army_takes_an_allowance_and_may_spend_the_pool():
    # industry: 48 ip + 6 of mp/xp/cp. 2 talos = ip 24, cp 4; 4 tanks = ip 24 -> ip 48, cp 4
    # of the pool's 6
    industry = army(
        entry("talos", 2), entry("standard-tank", 4), game="asymmetric", allowance="industry"
    )
    report = validate_army(industry)
    assert report.valid, report.errors
    assert dict(report.budget)["ip"] == 48 and report.to_json()["pool"] == {
        "kinds": ["mp", "xp", "cp"],
        "points": 6,
    }
    # one peltast base more: mp 2 + xp 2 + cp 4 = 8 beyond their own 0: over the pool of 6
    over = validate_army(industry.with_(entries=(*industry.entries, entry("peltast-skirmishers"))))
    assert (None, "cost.pool", "army.budgets") in where(over)


def test_an_asymmetric_army_without_an_allowance_or_with_a_foreign_one_is_told_so():
    assert where(validate_army(army(entry("standard-tank"), game="asymmetric"))) == {
        (None, "allowance", "army.budgets")
    }
    assert where(
        validate_army(army(entry("standard-tank"), game="asymmetric", allowance="gold"))
    ) == {(None, "allowance", "army.budgets")}
    assert where(validate_army(army(entry("standard-tank"), allowance="industry"))) == {
        (None, "allowance", "army.budgets")
    }


def test_asymmetric_allowances_are_paired_industry_against_manpower_or_mixed():
    industry = army(entry("standard-tank"), game="asymmetric", allowance="industry")
    manpower = army(entry("hoplite-phalanx"), game="asymmetric", allowance="manpower")
    assert validate_army(industry, opponent=manpower).valid
    assert validate_army(manpower, opponent=industry).valid
    report = validate_army(manpower, opponent=manpower)
    assert where(report) == {(None, "allowance", "army.budgets")}


def test_an_advanced_game_adds_24_com_and_12_mp_and_allows_officers():
    # 7 hoplites with a polemarch: mp 7*4 = 28 of 24 + 12 = 36, com 7*4 = 28 of 24 -> over;
    # 6 of them: mp 24, com 24: within
    officers = army(entry("hoplite-phalanx", 6, "polemarch"), advanced=True)
    report = validate_army(officers)
    assert report.valid, report.errors
    assert dict(report.budget) == {"ip": 24, "mp": 36, "cp": 24, "xp": 24, "com": 24}
    assert dict(report.cost)["com"] == 24
    # the same army in a game that is not advanced: the officer is refused, and mp/com are
    # not reported twice
    plain = validate_army(officers.with_(advanced=False))
    assert where(plain) == {("unit[0]", "upgrades[0]", "army.points")}


def test_a_bad_army_tells_every_problem_at_once_with_entry_field_and_clause():
    report = validate_army(
        army(
            entry(
                "hoplite-phalanx",
                3,
                "hand-cannon",
                "scorpion",
                "hoplon",
                "polemarch",
                ("long-rifle", 2),
                "hand-canon",
            ),
            entry("ork-grunts"),
            entry("talos", 2),
            entry("standard-tank", 1, "grenades"),
            entry("hoplite-phalanks"),
        )
    )
    assert not report.valid
    assert where(report) == {
        ("unit[0]", "upgrades[5]", "army.costs"),  # no such upgrade
        ("unit[0]", "upgrades[4]", "army.elite-weapon"),  # 3 elite weapons for 2 elites
        ("unit[0]", "upgrades[2]", "army.infantry-equipment"),  # musket + shield: 3 hands
        ("unit[0]", "upgrades[1]", "army.unit-base-weapon"),  # two unit-base weapons
        ("unit[0]", "upgrades[3]", "army.points"),  # officer outside advanced
        ("unit[1]", "type", "army.building"),  # an ork unit
        ("unit[3]", "upgrades[0]", "army.costs"),  # grenades need infantry
        ("unit[4]", "type", "army.building"),  # unknown unit
        (None, "cost.ip", "army.budgets"),  # 2*12 + 6 = 30 ip
        (None, "cost.cp", "army.budgets"),  # see below
    }
    # cp: hoplites 3 * (2 + 3 + 4 + 2 + 2*2) = 45, talos 2*2 = 4, tank grenades 2 -> 51
    assert dict(report.cost)["cp"] == 51
    messages = {e.field: e.message for e in report.errors if e.unit == "unit[4]"}
    assert "did you mean hoplite-phalanx" in messages["type"]


def test_one_two_handed_or_two_one_handed_items_fit_an_infantry_base():
    # the heavy musket (standard, two-handed) and a one-handed shield: 3 hands
    assert where(validate_army(army(entry("hoplite-phalanx", 1, "hoplon")))) == {
        ("unit[0]", "upgrades[0]", "army.infantry-equipment")
    }
    # pistols replace the muskets: pistol + shield = 2 hands; independent items take none
    assert validate_army(
        army(entry("hoplite-phalanx", 1, "pistols", "hoplon", "grenades", "gas-masks"))
    ).valid


def test_a_base_has_at_most_one_unit_base_weapon_its_card_s_included():
    # dwarf ironbreakers carry a hand cannon on their card already
    report = validate_army(
        army(entry("ironbreakers", 1, "flame-cannon"), nation="dwarf", game="infantry")
    )
    assert where(report) == {("unit[0]", "upgrades[0]", "army.unit-base-weapon")}


def test_a_whole_base_upgrade_is_bought_once():
    report = validate_army(army(entry("hoplite-phalanx", 1, ("hand-cannon", 2))))
    assert where(report) == {("unit[0]", "upgrades[0]", "army.costs")}


def test_models_made_elite_are_at_most_the_regular_models():
    # a hoplite base has 4 models, 1 elite: 3 may be made elite, not 4
    assert validate_army(army(entry("hoplite-phalanx", 1, ("veteran", 3)))).valid
    report = validate_army(army(entry("hoplite-phalanx", 1, ("veteran", 4))))
    assert where(report) == {("unit[0]", "upgrades[0]", "army.elite")}


def test_an_elite_weapon_needs_an_elite_without_one_under_the_default_reading():
    # the hoplites' one elite carries the card's Captain's pistol already
    lone = army(entry("hoplite-phalanx", 1, "long-rifle"))
    assert where(validate_army(lone)) == {("unit[0]", "upgrades[0]", "army.elite-weapon")}
    # with a veteran there are 2 elites for 2 elite weapons
    assert validate_army(army(entry("hoplite-phalanx", 1, "veteran", "long-rifle"))).valid
    # the other reading counts each kind of elite weapon on its own
    rules = ruleset("current").with_readings({"army.elite-weapons": "per-upgrade"})
    assert validate_army(lone, rules=rules).valid


def test_a_requirement_names_the_upgrade_and_what_is_missing():
    report = validate_army(army(entry("companion-cavalry", 1, "pistols")))
    [problem] = report.errors
    assert (problem.unit, problem.field, problem.rule) == ("unit[0]", "upgrades[0]", "army.costs")
    assert "hoplite-phalanx only" in problem.message


def test_an_upgrade_of_another_nation_is_foreign():
    report = validate_army(army(entry("hoplite-phalanx", 1, "nob")))
    [problem] = report.errors
    assert problem.field == "upgrades[0]" and "ork catalogue" in problem.message


def test_an_army_with_a_huge_unit_carries_its_declaration():
    report = validate_army(army(entry("talos"), entry("standard-tank")))
    assert [(h.type, h.count) for h in report.huge_units] == [("talos", 1)]
    assert "Talos, the bronze giant" in report.declaration
    assert report.to_json()["huge_units"] == [
        {"type": "talos", "name": "Talos, the bronze giant", "count": 1}
    ]


def test_the_json_has_the_issues_keys():
    report = validate_army(army(entry("standard-tank")))
    data = report.to_json()
    assert list(data)[:8] == [
        "valid",
        "name",
        "nation",
        "game",
        "cost",
        "budget",
        "errors",
        "checksum",
    ]
    assert data["valid"] is True and data["checksum"] == report.army.checksum()
    assert len(data["checksum"]) == 64


def test_another_game_can_be_asked_for():
    # the issue's example as a pure tank game: the hoplites spend mp, cp and xp of 0
    report = validate_army(
        army(entry("hoplite-phalanx", 2), entry("standard-tank")), game="pure-tank"
    )
    assert report.game == "pure-tank" and not report.valid


@pytest.mark.parametrize("nation", ["spartan", "elf", "dark-elf", "dwarf", "ork"])
def test_one_base_of_every_sample_unit_reads_and_costs_its_card(nation):
    from referee.units.catalogue import catalogue

    units = catalogue().of_nation(nation)
    report = validate_army(
        army(*(entry(u.id) for u in units), nation=nation, game="standard", advanced=True)
    )
    assert all(c is not None and c.card is not None for c in report.cards)
    expected = {k: sum(u.cost.get(k, 0) for u in units) for k in ("ip", "mp", "cp", "xp")}
    assert {k: report.cost[k] for k in expected} == expected
