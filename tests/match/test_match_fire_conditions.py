"""The fire, acid and poison a fire action places are changes of its journal event: in the
unit states it changes (ruling ``fire.condition-timing``, reading ``at-once``) or waiting
for the 'apply damage' step (reading ``apply-damage``), with the clause ids in the event,
undone and replayed with it.

The current edition on ENTRENCHED!: the Ork battle wagon at C3 facing south carries the
Gas lobba (Area(4+), d4, Poison[8], crew damage[d4]); the grunts at D3 the Burna (Set on
Fire); the four hoplites (biological infantry) stand in the open at C6."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from referee.cli.main import main
from referee.match.games.orders_file import MatchFile
from referee.rules.orders.commands import ApplyDamage, Correct, Fire

UNITS = [
    {"uid": "wagon", "unit": "battle-wagon", "side": 2, "hex": "C3", "facing": 3},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "D3", "facing": 3},
    {"uid": "hoplites", "unit": "hoplite-phalanx", "side": 1, "hex": "C6"},
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "E6"},
]
GAS = Fire(shooter="wagon", target="hoplites", weapon="Gas lobba")
# four area dice at 4+: 6, 4, 6, 3 = three hits; three d4 of damage: 1, 3, 4
GAS_DICE = [6, 4, 6, 3, 1, 3, 4]

FIRE_ANY_STEP = {"turn.fire-outside-gunnery": "any-step"}
"""These tests fire without first moving the clock to a gunnery step (ruling
turn.fire-outside-gunnery); the refusal has its own tests (test_match_fire_step.py)."""
STEPS_ANY_TIME = {"turn.step-outside-phase": "any-step"}
"""These tests run steps of the turn without first moving the clock to them (ruling
turn.step-outside-phase); the refusal has its own tests (test_match_step_phase.py)."""


def match(tmp_path: Path, readings=None) -> MatchFile:
    return MatchFile.create(
        tmp_path / "f.referee",
        map_name="entrenched",
        units=UNITS,
        seed=5,
        readings={**FIRE_ANY_STEP, **STEPS_ANY_TIME, **(readings or {})},
    )


def test_three_gas_hits_put_three_poison_8_on_the_hoplites_at_once(tmp_path):
    with match(tmp_path) as m:
        step = m.run("Gunnery 1: the wagon gasses the hoplites", [GAS], typed=GAS_DICE)
        (event,) = step.events
        # "apply one Poison[n] per hit": three hits, three Poison[8], in the event's changes
        assert event.changes.units["hoplites"]["poison"] == [8, 8, 8]
        assert m.state.unit("hoplites").poison == (8, 8, 8)
        assert m.state.unit("hoplites").alive == 4  # the damage itself waits
        assert "weapons.poison" in event.clauses
        assert "fire.condition-timing" in event.rulings
        (placed,) = event.detail["conditions"]
        assert (placed["kind"], placed["count"], placed["die"]) == ("poison", 3, 8)
        assert "Gas lobba: 3 x Poison[8] on hoplites (one per hit)" in event.text
        assert m.replay_check() == []


def test_undo_takes_the_poison_off_and_redo_puts_it_back(tmp_path):
    with match(tmp_path) as m:
        m.run("gas", [GAS], typed=GAS_DICE)
        m.undo()
        assert m.state.unit("hoplites").poison == ()
        m.redo()
        assert m.state.unit("hoplites").poison == (8, 8, 8)


def test_a_burna_hit_sets_the_hoplites_on_fire_and_a_second_adds_a_token(tmp_path):
    with match(tmp_path) as m:
        # Burna needs 6 (its working in the event): an open-ended 6, then 1, hits; d4 = 2
        fire = Fire(shooter="grunts", target="hoplites", weapon="Burna")
        (event,) = m.run("burna", [fire], typed=[6, 1, 2]).events
        assert m.state.unit("hoplites").fire == 1
        assert "weapons.set-on-fire" in event.clauses
        assert "Burna sets hoplites on fire (hit once): one fire token" in event.text
        m.run("reload", [Correct(uid="grunts", set={"loaded": {"Burna": 1}})])
        (again,) = m.run("burna again", [fire], typed=[6, 1, 2]).events
        assert m.state.unit("hoplites").fire == 2
        assert "another fire token (already on fire)" in again.text


def test_a_miss_places_nothing_and_the_event_is_as_before(tmp_path):
    with match(tmp_path) as m:
        (event,) = m.run("gas", [GAS], typed=[1, 2, 3, 1]).events
        assert m.state.unit("hoplites").poison == ()
        assert "conditions" not in event.detail
        assert not any(c.startswith("weapons.") for c in event.clauses)


def test_a_vehicle_hit_by_the_gas_gets_no_poison(tmp_path):
    units = [*UNITS[:2], {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C6"}]
    with MatchFile.create(
        tmp_path / "v.referee",
        map_name="entrenched",
        units=units,
        seed=5,
        readings={**FIRE_ANY_STEP, **STEPS_ANY_TIME},
    ) as m:
        gas = replace(GAS, target="tank")
        # one area die on the one tank: a 5 hits; AP 0 against armor 4 at the front: four
        # armor dice, 1s, penetrated; d4 damage 2, then its crew damage[d4] 3 on the crew
        # table (the tank has one: vehicles take the gas as crew damage, not as poison)
        (event,) = m.run("gas the tank", [gas], typed=[5, 1, 1, 1, 1, 2, 3]).events
        assert [r.purpose for r in event.dice][-2:] == ["damage", "crew damage"]
        assert m.state.unit("tank").poison == ()
        assert "no Poison[8] on tank: not biological: it ignores poison" in event.text
        assert "fire.poison-unaffected" in event.rulings


def test_by_ruling_the_poison_waits_for_the_apply_damage_step(tmp_path):
    with match(tmp_path, {"fire.condition-timing": "apply-damage"}) as m:
        (event,) = m.run("gas", [GAS], typed=GAS_DICE).events
        assert "hoplites" not in event.changes.units
        assert m.state.unit("hoplites").poison == ()
        assert len(m.state.pending_conditions) == 1
        assert "goes on at the 'apply damage' step" in event.text
        assert "hoplites" in m.state.facts().damaged  # the apply-damage step has work
        (applied,) = m.run("apply damage", [ApplyDamage()]).events
        hoplites = m.state.unit("hoplites")
        assert hoplites.poison == (8, 8, 8) and hoplites.damage_tokens == 1
        assert m.state.pending_conditions == ()
        assert "weapons.poison" in applied.clauses
        assert m.replay_check() == []


def test_by_ruling_a_unit_destroyed_before_they_go_on_takes_none(tmp_path):
    with match(tmp_path, {"fire.condition-timing": "apply-damage"}) as m:
        m.run("gas", [GAS], typed=GAS_DICE)
        fall = Correct(uid="hoplites", set={"alive": 0})
        m.run("the last hoplites fall", [fall])
        (applied,) = m.run("apply damage", [ApplyDamage()]).events
        assert m.state.unit("hoplites").poison == ()
        assert "Poison[8] from Gas lobba not placed: hoplites is destroyed" in applied.text


def test_match_show_json_lists_the_waiting_conditions(tmp_path, capsys):
    with match(tmp_path, {"fire.condition-timing": "apply-damage"}) as m:
        m.run("gas", [GAS], typed=GAS_DICE)
    assert main(["match", "show", str(tmp_path / "f.referee"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (waiting,) = data["pending_conditions"]
    assert (waiting["target"], waiting["kind"], waiting["count"]) == ("hoplites", "poison", 3)


def test_a_match_made_before_weapons_placed_tokens_keeps_the_rules_of_its_day(tmp_path):
    import sqlite3

    path = tmp_path / "f.referee"
    match(tmp_path).close()
    with sqlite3.connect(path) as conn:  # a file from before stamps: version 1 of everything
        conn.execute("DELETE FROM meta WHERE key = 'versions'")
    conn.close()
    with MatchFile.open(path) as m:
        assert m.rules.version == 1  # rulesets/current/history/1: no [conditions] yet
        (event,) = m.run("gas", [GAS], typed=GAS_DICE).events
        assert m.state.unit("hoplites").poison == ()
        assert "conditions" not in event.detail
        assert m.replay_check() == []
