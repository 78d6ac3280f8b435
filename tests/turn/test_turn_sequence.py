"""The turn sequence of each edition (data/rulesets/<id>/turn.toml, clause turn.sequence),
written out by hand from the drafts' "Turn" sections, the rulings that add steps, and a bad
file refused with every problem named."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from referee.errors import DataFileError
from referee.paths import data_dir
from referee.rules.turn.sequence import parse_turn, turn_rules, turn_sequence
from referee.ruleset.shipped import load_ruleset


def movement(n: int, *, damage: bool) -> list[str]:
    # "- Movement N / Pre assault retreat / Trigger hex effect (including all units in
    # contested hexes) / Pre assault abilities [/ Apply damage]"
    steps = [
        f"movement-{n}",
        f"movement-{n}.pre-assault-retreat",
        f"movement-{n}.hex-effects",
        f"movement-{n}.pre-assault-abilities",
    ]
    return [*steps, f"movement-{n}.apply-damage"] if damage else steps


def assault(n: int, *, damage: bool) -> list[str]:
    # "- Assault N / Post assault retreat / Trigger hex effect [/ Apply damage]"
    steps = [f"assault-{n}", f"assault-{n}.post-assault-retreat", f"assault-{n}.hex-effects"]
    return [*steps, f"assault-{n}.apply-damage"] if damage else steps


AGONY_AND_AFTERMATH = ["agony-0", "agony-1", "agony-2", "agony-3", "agony-4", "aftermath"]

# Ruling turn.orders-step (reading "first"): orders are written one round ahead (Orders,
# "1 movement order and one fire order on the table when making a new order"), so each turn
# opens with the step where the next turn's orders are written. The drafts print no step.
ORDERS = ["orders"]

# Draft 004, "Turn": no "Apply damage" after Gunnery 1 nor in Movement 1; one after the
# pre-assault abilities of Movements 2 and 3, after each assault, and after Gunnery 2.
CURRENT = [
    *ORDERS,
    "gunnery-1",
    "gunnery-1.hex-effects",
    *movement(1, damage=False),
    *assault(1, damage=True),
    *movement(2, damage=True),
    *assault(2, damage=True),
    *movement(3, damage=True),
    *assault(3, damage=True),
    "gunnery-2",
    "gunnery-2.hex-effects",
    "gunnery-2.apply-damage",
    *AGONY_AND_AFTERMATH,
]

# Draft 000, "Turn": the same groups, the only "Apply damage" after Gunnery 2.
FIRST_DRAFT = [
    *ORDERS,
    "gunnery-1",
    "gunnery-1.hex-effects",
    *movement(1, damage=False),
    *assault(1, damage=False),
    *movement(2, damage=False),
    *assault(2, damage=False),
    *movement(3, damage=False),
    *assault(3, damage=False),
    "gunnery-2",
    "gunnery-2.hex-effects",
    "gunnery-2.apply-damage",
    *AGONY_AND_AFTERMATH,
]


def test_the_current_turn_is_draft_004s_list(current):
    assert [s.id for s in turn_sequence(current)] == CURRENT
    # orders + 2 + 4 + 4 + 5 + 4 + 5 + 4 + 3 + 5 agony steps + aftermath = 38
    assert len(CURRENT) == 38


def test_the_first_draft_turn_is_draft_000s_list(first_draft):
    assert [s.id for s in turn_sequence(first_draft)] == FIRST_DRAFT
    assert len(FIRST_DRAFT) == 33  # 1 + 2 + 4 + 3 + 4 + 3 + 4 + 3 + 3 + 5 + 1


@pytest.mark.parametrize("edition", ["current", "first-draft"])
def test_without_the_orders_step_the_turn_is_the_drafts_sheet_as_printed(edition):
    # ruling turn.orders-step, reading "none": the turn begins at Gunnery 1
    rules = load_ruleset(edition, {"turn.orders-step": "none"})
    expected = CURRENT if edition == "current" else FIRST_DRAFT
    assert [s.id for s in turn_sequence(rules)] == expected[1:]


@pytest.mark.parametrize("edition", ["current", "first-draft"])
def test_the_orders_step_writes_the_orders_one_round_ahead(edition):
    step = turn_sequence(load_ruleset(edition))[0]
    assert (step.id, step.kind, step.number, step.clause) == (
        "orders",
        "orders",
        None,
        "orders.giving",
    )
    assert {"turn.orders-step", "orders.missing"} <= set(step.rulings)
    assert step.dice.mode == "none" and step.choices.mode == "none"


@pytest.mark.parametrize("edition", ["current", "first-draft"])
def test_each_step_has_its_kind_number_and_clause(edition):
    steps = {s.id: s for s in turn_sequence(load_ruleset(edition))}
    m2 = steps["movement-2"]
    assert (m2.kind, m2.number, m2.clause) == ("movement", 2, "turn.movement")
    assert m2.label.startswith("Movement 2:")
    assert steps["gunnery-1"].number == 1 and steps["gunnery-1"].clause == "turn.gunnery"
    assert steps["agony-3"].kind == "agony" and steps["agony-3"].number == 3
    assert steps["agony-3"].clause == "agony.schedule"
    assert steps["aftermath"].number is None and steps["aftermath"].clause == "aftermath.step"
    hx = steps["movement-2.hex-effects"]
    assert (hx.kind, hx.number, hx.group, hx.clause) == (
        "hex-effects",
        2,
        "movement-2",
        "hex.trigger",
    )
    assert steps["assault-3.post-assault-retreat"].clause == "assault.retreat"


@pytest.mark.parametrize("edition", ["current", "first-draft"])
def test_where_each_hex_effects_step_looks(edition):
    steps = {s.id: s for s in turn_sequence(load_ruleset(edition))}
    # Gunnery: "if hex effect was fired in a hex you were standing".
    assert steps["gunnery-1.hex-effects"].hex_scope == "fired-into"
    assert steps["gunnery-2.hex-effects"].hex_scope == "fired-into"
    # Movement: "including all units in contested hexes"; standing units: ruling, each turn.
    m1 = steps["movement-1.hex-effects"]
    assert (m1.hex_scope, m1.contested) == ("unmet", True)
    assert "turn.hex-effects-standing" in m1.rulings
    # After the assault: units forced to retreat into the hex.
    assert steps["assault-1.hex-effects"].hex_scope == "entered"
    assert not steps["assault-1.hex-effects"].contested


def test_damage_takes_effect_at_apply_damage_and_each_agony_step(current):
    steps = turn_sequence(current)
    applying = [s.id for s in steps if s.applies_damage]
    assert applying == [s for s in CURRENT if s.endswith("apply-damage") or s.startswith("agony")]
    # ruling turn.agony-damage read literally: agony damage waits for the next apply damage
    literal = load_ruleset("current", {"turn.agony-damage": "next-apply-damage"})
    assert not any(s.applies_damage for s in turn_sequence(literal) if s.kind == "agony")


def test_draft_001s_apply_damage_after_gunnery_1_is_a_ruling():
    rules = load_ruleset("current", {"turn.gunnery-1-damage": "as-001"})
    ids = [s.id for s in turn_sequence(rules)]
    assert ids[:4] == ["orders", "gunnery-1", "gunnery-1.hex-effects", "gunnery-1.apply-damage"]
    assert len(ids) == 39


def test_apply_damage_before_assault_1_is_a_ruling():
    rules = load_ruleset("current", {"turn.movement-1-damage": "like-movements-2-3"})
    ids = [s.id for s in turn_sequence(rules)]
    assert ids[3:9] == [*movement(1, damage=True), "assault-1"]
    step = next(s for s in turn_sequence(rules) if s.id == "movement-1.apply-damage")
    assert "turn.movement-1-damage" in step.rulings


def test_first_draft_damage_after_each_assault_is_a_ruling():
    rules = load_ruleset("first-draft", {"turn.first-draft-damage": "after-each-assault"})
    ids = [s.id for s in turn_sequence(rules)]
    assert [i for i in ids if i.endswith("apply-damage")] == [
        "assault-1.apply-damage",
        "assault-2.apply-damage",
        "assault-3.apply-damage",
        "gunnery-2.apply-damage",
    ]


def test_fear_is_resolved_where_the_ruling_puts_it(current, first_draft):
    # draft 004, Assault: the pre-assault retreat step "includes ALL other pre-assault
    # retreat abilities, such as Fear" (default); draft 000: "Then apply any pre-assault
    # special effects such as fear", after the hex effects.
    assert turn_rules(current).abilities_of("pre-assault-retreat") == (
        "pre-assault-retreat",
        "fear",
    )
    assert turn_rules(first_draft).abilities_of("pre-assault-abilities") == ("fear",)
    sheet = load_ruleset("current", {"turn.fear-step": "abilities-step"})
    assert turn_rules(sheet).abilities_of("pre-assault-abilities") == ("fear",)


# --- a bad file ----------------------------------------------------------------------------

SHIPPED = data_dir() / "rulesets" / "current" / "turn.toml"


def parse(tmp_path: Path, text: str):
    path = tmp_path / "turn.toml"
    path.write_text(text, encoding="utf-8")
    return parse_turn(path, tomllib.loads(text), {}, 5)


def refused(tmp_path: Path, text: str) -> list[str]:
    with pytest.raises(DataFileError) as info:
        parse(tmp_path, text)
    assert info.value.path == tmp_path / "turn.toml"
    return info.value.problems


def test_a_copy_of_the_shipped_file_parses(tmp_path):
    assert len(parse(tmp_path, SHIPPED.read_text(encoding="utf-8")).steps) == 38


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        (
            'id = "movement-2"\n',
            'id = "movement-two"\n',
            "step[13].id: a movement step is called 'movement-2'",
        ),
        (
            'id = "movement-2.hex-effects"\n',
            'id = "movement-2.contested"\n',
            "step[15].id: inside movement-2 this step is called 'movement-2.hex-effects'",
        ),
        (
            'id = "assault-2"\nkind = "assault"\nnumber = 2\n',
            'id = "assault-3"\nkind = "assault"\nnumber = 3\n',
            "step[27].id: 'assault-3' is listed twice",
        ),
        (
            'kind = "pre-assault-abilities"\nnumber = 2\n',
            'kind = "pre-assault-abilities"\nnumber = 1\n',
            "step[16].number: 1 is not the number of movement-2",
        ),
        (
            'hex_scope = "entered"\n',
            'hex_scope = "nearby"\n',
            "step[11].hex_scope: 'nearby' is not one of",
        ),
        (
            'kind = "agony"\nnumber = 4\n',
            'kind = "agony"\nnumber = 5\n',
            "step: the agony steps must be agony-0 to agony-4",
        ),
        (
            'dice = ["Fire", "Spot"]\n',
            'dice = "sometimes"\n',
            'kind.gunnery.dice: expected "none", "involved" or a list',
        ),
        (
            'include = "@turn.gunnery-1-damage"\n',
            'include = "@turn.no-such-ruling"\n',
            "step[3].include: '@turn.no-such-ruling' names no ruling",
        ),
        (
            'label = "Aftermath:',
            'colour = "red"\nlabel = "Aftermath:',
            "step[39].colour: unknown key",
        ),
        (
            'fear = "@turn.fear-step"\n',
            'fear = "assault"\n',
            "abilities.fear: 'assault' is not one of",
        ),
    ],
)
def test_a_bad_turn_file_names_the_key(tmp_path, old, new, problem):
    text = SHIPPED.read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    found = refused(tmp_path, text.replace(old, new, 1))
    assert any(p.startswith(problem) for p in found), found


def test_the_turn_ends_with_the_aftermath(tmp_path):
    text = SHIPPED.read_text(encoding="utf-8").split('[[step]]\nid = "aftermath"')[0]
    found = refused(tmp_path, text)
    assert found == ["step: the turn must end with the aftermath, not 'agony-4'"]


def test_the_orders_step_comes_first(tmp_path):
    text = SHIPPED.read_text(encoding="utf-8")
    orders = text[
        text.index('[[step]]\nid = "orders"') : text.index('[[step]]\nid = "gunnery-1"\n')
    ]
    moved = text.replace(orders, "", 1).replace(
        '[[step]]\nid = "gunnery-2"\n', orders + '[[step]]\nid = "gunnery-2"\n', 1
    )
    found = refused(tmp_path, moved)
    assert found == ["step: the orders step, when the turn has one, is its first step"]


def test_every_problem_at_once(tmp_path):
    text = SHIPPED.read_text(encoding="utf-8")
    text = text.replace('hex_scope = "fired-into"\n', "", 1).replace(
        'todo = "Fight every', 'todo_ = "x"\ntodo = "Fight every', 1
    )
    found = refused(tmp_path, text)
    assert [p.split(":")[0] for p in found] == ["kind.assault.todo_", "step[2].hex_scope"]
