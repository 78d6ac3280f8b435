"""What the referee must do at each kind of step (clause turn.sequence): the units involved,
whether dice are needed, and who chooses in what order (clause orders.choice-order)."""

from __future__ import annotations

import pytest
from turn_units import unit

from referee.board.hexgrid import Hex
from referee.rules.hexes.markers import HexEffects, HexMarker
from referee.rules.hexes.trigger import TriggerLog
from referee.rules.turn.agenda import AgendaInputError, agenda
from referee.rules.turn.clock import TurnPosition
from referee.rules.turn.involved import StepFacts
from referee.ruleset.shipped import load_ruleset
from referee.units.model import Ability

C4, D4, E4 = Hex(3, 2), Hex(4, 2), Hex(5, 2)
CLOUD = HexMarker("poison-cloud", 2, strength=4, level=4)
SMOKE = HexMarker("smoke", 1)
FIRE = HexMarker("fire", 2)


def at(rules, step_id: str, turn: int = 1) -> TurnPosition:
    return TurnPosition.at(rules, turn, step_id)


# --- gunnery -------------------------------------------------------------------------------


def test_gunnery_involves_units_with_an_action_and_needs_dice_to_fire(current):
    units = [
        unit("A1", "spartan"),
        unit("A2", "spartan"),
        unit("B1", "ork", side=2),
        unit("B2", "ork", side=2),
    ]
    actions = {"A1": ["Fire"], "A2": ["-"], "B1": ["Aim"], "B2": ["Spot"]}
    a = agenda(current, at(current, "gunnery-1"), units, actions=actions)
    assert a.uids == ("A1", "B1", "B2")  # A2's "-" is no action
    assert a.needs_dice  # Fire and Spot roll to hit
    # whom to fire at / spot: Ork (B2) chooses before Spartan (A1); Aim leaves no choice
    assert [g.uids for g in a.choices] == [("B2",), ("A1",)]
    assert "orders.choice-order" in a.clauses


def test_aim_and_load_need_no_dice(current):
    units = [unit("A1"), unit("A2")]
    a = agenda(current, at(current, "gunnery-2"), units, actions={"A1": ["Aim"], "A2": ["Load"]})
    assert a.uids == ("A1", "A2") and not a.needs_dice and a.choices == ()


def test_a_shaken_unit_does_no_gunnery_action(current):
    units = [unit("A1", shaken=2), unit("A2")]
    a = agenda(current, at(current, "gunnery-1"), units, actions={"A1": ["Fire"], "A2": ["Fire"]})
    assert a.uids == ("A2",)
    assert [(i.uid, i.why) for i in a.excluded] == [("A1", "shaken: no gunnery action")]


def test_actions_for_a_unit_not_on_the_table_are_refused(current):
    with pytest.raises(AgendaInputError, match="Z9"):
        agenda(current, at(current, "gunnery-1"), [unit("A1")], actions={"Z9": ["Fire"]})
    with pytest.raises(AgendaInputError, match="'A1' is given twice"):
        agenda(current, at(current, "gunnery-1"), [unit("A1"), unit("A1")])


# --- movement ------------------------------------------------------------------------------


def test_movement_involves_every_living_unit_with_its_actions(current):
    units = [
        unit("A1", "elf"),
        unit("A2", "elf", alive=0),
        unit("B1", "ork", side=2),
        unit("B2", "ork", side=2, shaken=1),
    ]
    actions = {"A1": ["360", "A"], "B1": ["F"], "B2": ["F"]}
    a = agenda(
        current,
        at(current, "movement-1"),
        units,
        actions=actions,
        facts=StepFacts(entering_assault=frozenset({"B1"})),
    )
    assert a.uids == ("A1", "B1", "B2")  # A2 is destroyed
    assert a.units[0].actions == ("360", "A") and a.units[0].why == "360, A"
    assert "shaken" in a.units[2].why
    assert not a.needs_dice
    # only 360° leaves a choice here (rotate to any direction)
    assert [g.uids for g in a.choices] == [("A1",)]


def test_movement_choices_put_units_entering_an_assault_last(current):
    units = [unit("S1", "spartan"), unit("O1", "ork", side=2)]
    a = agenda(
        current,
        at(current, "movement-2"),
        units,
        actions={"S1": ["Flee"], "O1": ["Chase"]},
        facts=StepFacts(entering_assault=frozenset({"O1"})),
    )
    # Spartan ranks higher, but the Ork enters an assault: the Ork chooses after
    assert [g.uids for g in a.choices] == [("S1",), ("O1",)]


# --- pre-assault steps ---------------------------------------------------------------------

RETREAT = Ability("pre-assault-retreat", ("4+",))
FEAR = Ability("fear", ("d6",))


def test_pre_assault_retreat_involves_fighting_units_with_the_ability(current):
    units = [
        unit("A1", abilities=(RETREAT,)),
        unit("A2", abilities=(RETREAT,)),
        unit("B1", "ork", side=2, abilities=(FEAR,)),
        unit("B2", "ork", side=2),
    ]
    facts = StepFacts(entering_assault=frozenset({"B1"}), in_assault=frozenset({"A1", "B2"}))
    a = agenda(current, at(current, "movement-1.pre-assault-retreat"), units, facts=facts)
    # A2 fights no assault; Fear goes with the retreats in draft 004 (ruling turn.fear-step)
    assert [(i.uid, i.why) for i in a.units] == [
        ("A1", "pre-assault-retreat[4+]"),
        ("B1", "fear[d6]"),
    ]
    assert a.needs_dice
    assert [g.uids for g in a.choices] == [("A1",), ("B1",)]  # B1 enters the assault
    assert "turn.fear-step" in a.rulings


def test_pre_assault_abilities_take_fear_in_the_first_draft(first_draft):
    units = [unit("A1", abilities=(RETREAT,)), unit("B1", "ork", side=2, abilities=(FEAR,))]
    facts = StepFacts(in_assault=frozenset({"A1", "B1"}))
    retreat = agenda(
        first_draft, at(first_draft, "movement-3.pre-assault-retreat"), units, facts=facts
    )
    fear = agenda(
        first_draft, at(first_draft, "movement-3.pre-assault-abilities"), units, facts=facts
    )
    assert retreat.uids == ("A1",) and fear.uids == ("B1",)
    assert fear.needs_dice and fear.choices == ()


def test_no_assault_no_pre_assault_step(current):
    a = agenda(
        current, at(current, "movement-2.pre-assault-abilities"), [unit("A1", abilities=(FEAR,))]
    )
    assert a.is_empty and not a.needs_dice


# --- hex effects ---------------------------------------------------------------------------


def test_gunnery_hex_effects_only_where_an_effect_was_fired(current):
    hexes = HexEffects({C4: (CLOUD,), D4: (CLOUD,)})
    units = [unit("A1", hex=C4), unit("A2", hex=D4), unit("A3", hex=E4)]
    a = agenda(
        current,
        at(current, "gunnery-2.hex-effects"),
        units,
        hexes,
        facts=StepFacts(fired_into=frozenset({C4, E4})),
    )
    # A2 stands in an older cloud that was not fired at; E4 has no marker
    assert a.uids == ("A1",)
    assert a.units[0].why == f"poison cloud[4](4+) at {C4}"
    assert a.hexes == (C4,) and a.needs_dice


def test_movement_hex_effects_once_per_turn_and_contested_hexes(current):
    hexes = HexEffects({C4: (CLOUD, SMOKE), D4: (FIRE,), E4: (SMOKE,)})
    units = [
        unit("A1", hex=C4),
        unit("A2", hex=C4),
        unit("A3", hex=E4),
        unit("B1", "ork", side=2, hex=E4),
        unit("B2", "ork", side=2, hex=C4),
    ]
    # A2 already met C4's cloud this turn; B2 met it too but entered C4 again in this step;
    # B1 tries to enter the contested hex D4, which burns.
    log = TriggerLog().add("A2", C4, "poison-cloud").add("B2", C4, "poison-cloud")
    facts = StepFacts(log=log, entered=frozenset({"B2"}), contesting={"B1": D4})
    a = agenda(current, at(current, "movement-2.hex-effects"), units, hexes, facts=facts)
    assert a.uids == ("A1", "B1", "B2")  # smoke triggers nothing (A3)
    assert a.units[1].why == f"trying to enter contested hex {D4}: fire at {D4}"
    assert a.hexes == (C4, D4)


def test_standing_units_meet_no_effect_when_only_entering_counts():
    rules = load_ruleset("current", {"turn.hex-effects-standing": "on-entering"})
    hexes = HexEffects({C4: (CLOUD,)})
    units = [unit("A1", hex=C4), unit("A2", hex=C4)]
    a = agenda(
        rules,
        at(rules, "movement-1.hex-effects"),
        units,
        hexes,
        facts=StepFacts(entered=frozenset({"A2"})),
    )
    assert a.uids == ("A2",)
    assert "turn.hex-effects-standing" in a.rulings


def test_after_an_assault_hex_effects_for_units_that_retreated(current):
    hexes = HexEffects({C4: (CLOUD,)})
    units = [unit("A1", hex=C4), unit("B1", "ork", side=2, hex=C4)]
    a = agenda(
        current,
        at(current, "assault-1.hex-effects"),
        units,
        hexes,
        facts=StepFacts(entered=frozenset({"B1"})),
    )
    assert a.uids == ("B1",)


# --- assault, retreat, apply damage --------------------------------------------------------


def test_assault_involves_the_units_fighting(current):
    units = [unit("A1"), unit("A2"), unit("B1", "ork", side=2)]
    facts = StepFacts(entering_assault=frozenset({"B1"}), in_assault=frozenset({"A1"}))
    a = agenda(current, at(current, "assault-2"), units, facts=facts)
    assert a.uids == ("A1", "B1") and a.needs_dice and a.choices == ()


def test_post_assault_retreat_the_losers_choose_where(current):
    units = [unit("S1", "spartan"), unit("E1", "elf", side=2), unit("E2", "elf", side=2)]
    a = agenda(
        current,
        at(current, "assault-1.post-assault-retreat"),
        units,
        facts=StepFacts(retreating=frozenset({"S1", "E1"})),
    )
    assert a.uids == ("S1", "E1") and not a.needs_dice
    assert [g.uids for g in a.choices] == [("E1",), ("S1",)]  # Elf before Spartan


def test_apply_damage_involves_units_with_damage_rolled(current):
    units = [unit("A1"), unit("A2")]
    a = agenda(
        current,
        at(current, "movement-2.apply-damage"),
        units,
        facts=StepFacts(damaged=frozenset({"A2"})),
    )
    assert a.uids == ("A2",) and not a.needs_dice and a.step.applies_damage
    assert agenda(current, at(current, "assault-3.apply-damage"), units).is_empty


# --- agony ---------------------------------------------------------------------------------

TERROR = Ability("terror", ("range=2", "d6"))


def test_agony_0_of_draft_004_is_acid_and_terror(current):
    units = [
        unit("A1", acid=1),
        unit("A2", minor_acid=1),
        unit("B1", "ork", side=2, abilities=(TERROR,)),
    ]
    a = agenda(current, at(current, "agony-0"), units)
    assert [(i.uid, i.why) for i in a.units] == [
        ("A1", "acid x1"),
        ("B1", "terror[range=2][d6] (source)"),
    ]
    assert a.needs_dice
    assert "The damage rolled so far takes effect at the end of this step." in a.notes


def test_agony_3_poison_only_for_biological_units(current, first_draft):
    units = [
        unit("A1", poison=(8, 4)),
        unit("V1", types=("vehicle",), poison=(6,)),
        unit("A2", fire=1),
    ]
    a = agenda(current, at(current, "agony-3"), units)
    assert [(i.uid, i.why) for i in a.units] == [("A1", "poison d8, d4")]
    # the first draft burns at agony 3 too
    b = agenda(first_draft, at(first_draft, "agony-3"), units)
    assert b.uids == ("A1", "A2")


def test_first_draft_agony_4_burns_out_fires_without_dice(first_draft):
    hexes = HexEffects({C4: (FIRE, SMOKE), D4: (SMOKE,)})
    a = agenda(first_draft, at(first_draft, "agony-4"), [unit("A1")], hexes)
    assert a.uids == () and a.hexes == (C4,) and not a.needs_dice and not a.is_empty


def test_first_draft_agony_0_has_nothing_scheduled(first_draft):
    assert agenda(first_draft, at(first_draft, "agony-0"), [unit("A1", acid=2)]).is_empty


# --- aftermath -----------------------------------------------------------------------------


def test_aftermath_hexes_with_markers_and_shaken_units(current, first_draft):
    hexes = HexEffects({C4: (CLOUD,), D4: (FIRE,), E4: (SMOKE,)})
    units = [unit("A1", shaken=2), unit("A2")]
    a = agenda(current, at(current, "aftermath"), units, hexes)
    # draft 004: clouds and smoke go, and fires burn out in the aftermath
    assert a.hexes == tuple(sorted([C4, D4, E4]))
    assert [(i.uid, i.why) for i in a.units] == [("A1", "shaken x2")]
    assert not a.needs_dice
    # the first draft burns fires out at agony 4 instead
    b = agenda(first_draft, at(first_draft, "aftermath"), units, hexes)
    assert b.hexes == tuple(sorted([C4, E4]))


def test_the_agenda_explains_itself(current):
    a = agenda(current, at(current, "gunnery-1", turn=2), [unit("A1")], actions={"A1": ["Fire"]})
    text = a.explain()
    assert (
        text.splitlines()[0] == "Turn 2, Gunnery 1: carry out the first part of every gunnery order"
    )
    assert "A1: Fire" in text and "Dice needed." in text
    data = a.to_json()
    assert data["step"] == "gunnery-1" and data["needs_dice"] is True
    assert data["units"] == [{"uid": "A1", "why": "Fire", "actions": ["Fire"]}]
