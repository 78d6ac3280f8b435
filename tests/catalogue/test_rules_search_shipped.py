"""Search over the shipped catalogue: each heading of the drafts finds its clause first.

The headings are typed here as the drafts print them (draft 004, the current edition;
000/003, the first draft; 002, the activation rules), punctuation, typos and all.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rules_search_data import isolate

from referee.catalogue.clauses import clauses
from referee.catalogue.rules_search import search
from referee.catalogue.synonyms import match_key, words_of
from referee.cli.main import main

HEADINGS = [
    ("Build your army.", "army.building"),
    ("Huge units", "army.huge-units"),
    ("Terrain", "terrain.hex-map"),
    ("Line of Sight, both hexes at ground level", "los.ground-level"),
    ("Stacking Limit:", "move.stacking"),
    ("Building battle ground.", "board.battle-ground"),
    ("Setup", "setup.procedures"),
    ("Victory Condition", "victory.conditions"),
    ("Turn", "turn.sequence"),
    ("Orders", "orders.giving"),
    ("Angles", "angles.sectors"),
    ("Fixed Weapons", "angles.fixed-weapons"),
    ("Fire", "fire.roll"),
    ("On-edge hexes", "angles.on-edge"),
    ("Area To-Hit", "fire.area"),
    ("Damage", "damage.method"),
    ("Armor", "damage.armor"),
    ("Damage Table:", "damage.table"),
    ("Assault", "assault.trigger"),
    ("Examples: Standard Tank", "assault.tank-example"),
    ("Special Damage types", "damage.special-types"),
    ("Fire damage:", "damage.fire"),
    ("Minor Acid:", "agony.minor-acid"),
    ("Continuous Fire Damage", "agony.fire"),
    ("Poisoned[n]", "agony.poison"),
    ("Bleeding:", "agony.bleeding"),
    ("Unit Abilities and conditions:", "abilities.overview"),
    ("Evation[N+]", "abilities.evasion"),
    ("Improve Evation[+N]", "abilities.improve-evasion"),
    ("Take Cover[speed, -N]", "abilities.take-cover"),
    ("Forward Position[N]", "abilities.forward-position"),
    ("Pre-Assault retreat[N+]", "abilities.pre-assault-retreat"),
    ("Stuborn", "abilities.stubborn"),
    ("Terror[range=n][dN]", "abilities.terror"),
    ("Fear[N]", "abilities.fear"),
    ("Cunning Assault[1 per N]", "abilities.cunning-assault"),
    ("Burst(N)", "weapons.burst"),
    ("Limited Ammo(N)", "weapons.limited-ammo"),
    ("Shaken:", "conditions.shaken"),
    ("Misfire[N-]", "weapons.misfire"),
    ("Poison Cloud [N]", "hex.poison-cloud"),
    ("Acid Cloud [Minor]", "hex.acid-cloud"),
    ("Acid Cloud [Major]", "hex.acid-cloud.major"),
    ("Hex on Fire", "hex.on-fire"),
    ("AFTERMATH:", "aftermath.step"),
    ("Continuous Damage", "agony.schedule"),
    ("Hex based effect.", "hex.effects"),
    ("Area success modifiers", "fire.area-stacking"),
    ("Starting the Game", "activation.starting"),
    ("Deploy armies", "activation.deployment"),
    ("Unit Activation", "activation.activation"),
    ("Rolling Down", "activation.rolling-down"),
]


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.mark.parametrize(("heading", "clause_id"), HEADINGS)
def test_each_heading_of_the_drafts_finds_its_clause_first(heading, clause_id):
    assert search(heading).hits[0].id == clause_id


def test_each_clause_title_finds_a_clause_of_that_title_first():
    missed = []
    for clause in clauses().values():
        first = search(clause.title).hits[0]
        if first.kind != "clause" or match_key(words_of(first.title)) != match_key(
            words_of(clause.title)
        ):
            missed.append(f"{clause.title!r} -> {first.id}")
    assert missed == []


def test_line_of_sight_finds_a_los_clause_first():
    assert search("line of sight").hits[0].id.startswith("los.")
    assert search("LOS").hits[0].id.startswith("los.")


def test_morale_finds_the_shaken_clause_first():
    assert search("morale").hits[0].id == "conditions.shaken"


def test_first_draft_only_clauses_are_kept_out_of_current(capsys):
    # The first draft's six-step setup order is not a rule of the current edition.
    ids = {h.id for h in search("setup order", edition="first-draft", limit=None).hits}
    current = {h.id for h in search("setup order", edition="current", limit=None).hits}
    first_only = {c.id for c in clauses().values() if c.editions == ("first-draft",)}
    assert ids & first_only and not current & first_only


def test_show_a_shipped_ruling_lists_its_readings_and_switch(capsys):
    assert main(["rules", "show", "los.smoke"]) == 0
    out = capsys.readouterr().out
    assert "* blocks-always (default):" in out and "level-0:" in out
    assert '[rulings] "los.smoke" = "level-0"' in out
    assert "--ruling los.smoke=level-0" in out
    assert "current: blocks-always" in out and "first-draft: blocks-always" in out


def test_show_a_main_game_ruling_says_it_does_not_apply_to_the_activation_rules(capsys):
    # assault.tie-rank cites assault.advantage, of the current and first-draft editions only.
    assert main(["rules", "show", "assault.tie-rank"]) == 0
    out = capsys.readouterr().out
    assert "activation: does not apply (a ruling of current, first-draft)" in out
    assert "current: roll-off (the default)" in out
    assert main(["rules", "show", "assault.tie-rank", "--json"]) == 0
    assert '"editions": [' in capsys.readouterr().out


def test_a_success_number_is_read_as_that_number_or_higher():
    # dice.success: '5+' is 5 or more; the activation rules call it rolling up.
    assert search("what does 5+ mean", context="current").hits[0].id == "dice.success"
    assert search("what does 9+ mean", context="activation").hits[0].id == ("activation.rolling-up")
    assert search("what does 2- mean", context="activation").hits[0].id == (
        "activation.rolling-down"
    )


def test_players_words_for_rules_the_drafts_only_imply_find_them():
    # Issue 25's gaps: no reaction fire, units never block a line, the standings' order.
    assert search("overwatch", context="current").hits[0].id == "fire.no-reaction"
    assert search("can they shoot back", context="activation").hits[0].id == (
        "activation.no-reaction"
    )
    assert search("do units block LOS", context="current").hits[0].id == ("los.units-do-not-block")
    assert search("tie-breakers", context="current").hits[0].id == "tournament.tie-breaks"


# --- the edition filter: a ruling of other editions is kept out as their clauses are, and an
# --- id typed exactly is never kept out


def test_a_clause_id_typed_exactly_shows_under_another_editions_filter_marked_not_in_it():
    # assault.advantage is a clause of the current and first-draft editions only; a player in
    # an activation match who types its id sees it, marked as not of the activation edition.
    result = search("assault.advantage", edition="activation")
    assert [h.id for h in result.hits] == ["assault.advantage"]
    hit = result.hits[0]
    assert hit.kind == "clause"
    assert "not in the activation edition" in hit.reason()


def test_a_ruling_id_typed_exactly_shows_under_another_editions_filter_marked_not_in_it():
    # assault.tie-rank cites assault.advantage only: a ruling of the main game's editions.
    hits = search("assault.tie-rank", edition="activation").hits
    assert [h.id for h in hits] == ["assault.tie-rank"]
    assert "not in the activation edition" in hits[0].reason()


def test_the_edition_filter_keeps_out_rulings_of_other_editions_as_it_keeps_out_their_clauses():
    # Typed as words, neither the clause assault.advantage nor the ruling about it
    # (assault.tie-rank) is of the activation edition: the filter shows neither.
    ids = {h.id for h in search("assault advantage", edition="activation", limit=None).hits}
    assert "assault.advantage" not in ids and "assault.tie-rank" not in ids
    # ... and a ruling of the activation rules only (activation.pass cites
    # activation.activation) is kept out of the current edition.
    current = {h.id for h in search("activation pass", edition="current", limit=None).hits}
    assert "activation.pass" not in current
    assert "activation.pass" in {
        h.id for h in search("activation pass", edition="activation", limit=None).hits
    }


def test_how_many_of_one_unit_finds_that_the_drafts_limit_none():
    """s7-user defect 8: three "Talos, the bronze giant" were taken, none refused; the drafts
    ("Build your army in any way you like, as long as the total cost ...") limit no unit to
    one per army, and the clause says so where a dispute looks."""
    for words in ("can I take Talos twice", "unique unit"):
        assert search(words).hits[0].id == "army.building", words
