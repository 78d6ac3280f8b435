"""The clause catalogue (data/catalogue/clauses/*.toml): every heading of the drafts has its
clause, every difference of the reading guide shows both editions, every id the engine and
the data files cite exists, and a bad clause file is refused naming the file, clause and key."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from referee.catalogue.clauses import EDITIONS, Clause, clauses, load_clauses
from referee.errors import DataFileError
from referee.paths import data_dir
from referee.ruleset.rulings import register

DATA = data_dir()
REPO = Path(__file__).resolve().parents[2]


def norm(text: str) -> str:
    """A heading as a search box would compare it: lower case, letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


# --- the shipped catalogue -----------------------------------------------------------------


def test_every_clause_file_loads():
    catalogue = load_clauses()
    folder = DATA / "catalogue" / "clauses"
    assert len(catalogue) > 200
    assert {c.file for c in catalogue.values()} == set(folder.glob("*.toml"))
    for cid, clause in catalogue.items():
        assert clause.id == cid
        assert clause.title and clause.section and clause.text, cid
        assert set(clause.editions) <= set(EDITIONS), cid


def test_the_shipped_catalogue_is_loaded_once():
    assert clauses() is clauses()
    assert isinstance(clauses()["fire.aim"], Clause)


# (heading as the drafts print it, the clause a search for it must find)
HEADINGS = [
    # draft 004 (current edition)
    ("Build your army", "army.building"),
    ("Huge units", "army.huge-units"),
    ("Unit base weapons", "army.unit-base-weapon"),
    ("Terrain", "terrain.hex-map"),
    ("Clear", "terrain.clear"),
    ("Mountains", "terrain.mountain"),
    ("Hills", "terrain.hill"),
    ("Forest", "terrain.forest"),
    ("Burned Forrest", "terrain.burned-forest"),
    ("Ruins", "terrain.ruins"),
    ("Rough", "terrain.rough"),
    ("Sand Dunes", "terrain.sand-dunes"),
    ("Advanced terrain", "terrain.advanced"),
    ("Swamp", "terrain.swamp"),
    ("Building", "terrain.building"),
    ("Road", "terrain.road"),
    ("Smoke", "terrain.smoke"),
    ("River", "terrain.river"),
    ("Water", "terrain.water"),
    ("entering difficult terrain token", "move.difficult-terrain"),
    ("Line of Sight, both hexes at ground level", "los.ground-level"),
    ("Line of sight, both hexes at 1 height level", "los.both-level-1"),
    ("Line of sight, one hex at 1 height level and one at level 0", "los.level-1-to-0"),
    ("Line of sight, one hex at 2 height level and one at level 0", "los.level-2-to-0"),
    ("Flying", "los.flying"),
    ("Stacking Limit", "move.stacking"),
    ("Building battle ground", "board.battle-ground"),
    ("Scenario: ENTRENCHED!", "scenario.entrenched"),
    ("NoMansLand", "board.no-mans-land"),
    ("Setup", "setup.procedures"),
    ("Blind Setup", "setup.blind"),
    ("Victory Condition", "victory.conditions"),
    ("Friendly match", "victory.friendly"),
    ("Turnament style: FIXED TIME", "victory.fixed-time"),
    ("Match Victory Points (MVP)", "victory.mvp"),
    ("TVP", "victory.tvp"),
    ("Turn", "turn.sequence"),
    ("Apply damage", "turn.apply-damage"),
    ("Orders", "orders.giving"),
    ("Nation choice order", "orders.choice-order"),
    ("Movement orders", "orders.movement"),
    ("Forward", "orders.forward"),
    ("Brake", "orders.brake"),
    ("Accelerate", "orders.accelerate"),
    ("Rev", "orders.reverse"),
    ("Chase", "orders.chase"),
    ("Follow", "orders.follow"),
    ("360°", "orders.rotate-any"),
    ("Flee", "orders.flee"),
    ("Road", "orders.road"),
    ("Gunnery orders", "orders.gunnery-codes"),
    ("Default Gunnery", "orders.default"),
    ("Illegal orders", "orders.illegal"),
    ("Load", "orders.load"),
    ("Aim", "fire.aim"),
    ("Spot", "orders.spot"),
    ("Angles", "angles.sectors"),
    ("Firing angles", "angles.firing-arcs"),
    ("Fixed Weapons", "angles.fixed-weapons"),
    ("Fire", "fire.roll"),
    ("Basic to-hit", "fire.roll"),
    ("Speeds", "fire.speed"),
    ("Point-Blank", "fire.range.point-blank"),
    ("Normal range", "fire.range.normal"),
    ("Long range", "fire.range.long"),
    ("On-edge of firing-angle", "fire.on-edge"),
    ("HUGE", "fire.huge"),
    ("Weapon abilities", "fire.weapon-abilities"),
    ("Good Shot", "abilities.good-shot"),
    ("Excellent Shot", "abilities.excellent-shot"),
    ("Superb Shot", "abilities.superb-shot"),
    ("Bad Shot", "abilities.bad-shot"),
    ("Steady", "abilities.steady"),
    ("Camouflage[terrain]", "abilities.camouflage"),
    ("Optimal at point blank", "abilities.optimal-at-point-blank"),
    ("Enhanced Accuracy", "weapons.enhanced-accuracy"),
    ("Open ended dN", "dice.open-ended"),
    ("On-edge hexes", "angles.on-edge"),
    ("Area To-Hit", "fire.area"),
    ("Damage", "damage.method"),
    ("Armor", "damage.armor"),
    ("Damage Table", "damage.table"),
    ("Assault", "assault.trigger"),
    ("Multiple Units", "assault.multiple-units"),
    ("Assault Deflection", "assault.deflection"),
    ("Example", "assault.example"),
    ("Examples: Standard Tank", "assault.tank-example"),
    ("Special Damage types", "damage.special-types"),
    ("Fire damage", "damage.fire"),
    ("Acid", "agony.acid"),
    ("Minor Acid", "agony.minor-acid"),
    ("Continuous Fire Damage", "agony.fire"),
    ("Poisoned[n]", "agony.poison"),
    ("Bleeding", "agony.bleeding"),
    ("Unit Abilities and conditions", "abilities.overview"),
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
    ("Set on Fire, ranged weapons", "weapons.set-on-fire"),
    ("Set on Fire, assault weapons", "assault.set-on-fire"),
    ("(minor) Acid, ranged weapons", "weapons.acid"),
    ("(minor) Acid[1 for N], assault weapons", "assault.acid"),
    ("Poison[N], ranged weapons", "weapons.poison"),
    ("Poison[M][1 for N], assault weapons", "assault.poison"),
    ("[type] Resistances[n]", "damage.resistance"),
    ("Shaken", "conditions.shaken"),
    ("Misfire[N-]", "weapons.misfire"),
    ("Hex based effect", "hex.effects"),
    ("Poison Cloud [N]", "hex.poison-cloud"),
    ("Acid Cloud [Minor]", "hex.acid-cloud"),
    ("Acid Cloud [Major]", "hex.acid-cloud.major"),
    ("Poison & Acid Cloud [N, minor/major]", "hex.poison-acid-cloud"),
    ("Hex on Fire", "hex.on-fire"),
    ("AFTERMATH", "aftermath.step"),
    # draft 001 (its abilities belong to the current edition)
    ("Reroll Assault N", "abilities.reroll-assault"),
    ("Ork Assault", "abilities.ork-assault"),
    ("Elusive[speed, -N]", "abilities.elusive"),
    ("Evation[-1]", "abilities.evasion"),
    # drafts 000/003 (first draft)
    ("Setup order", "setup.order"),
    ("Area success modifiers", "fire.area-stacking"),
    ("Continuous Damage", "agony.schedule"),
    ("Unit on Fire", "agony.fire"),
    # draft 002 (activation rules)
    ("Starting the Game", "activation.starting"),
    ("Presentation Step", "activation.presentation"),
    ("Mission Choosing", "activation.mission-choosing"),
    ("Map Setup", "activation.map"),
    ("Set Player Order", "activation.player-order"),
    ("Deploy armies", "activation.deployment"),
    ("Starting Actions", "activation.starting-actions"),
    ("Main Phase", "activation.main-phase"),
    ("Tiles", "activation.tiles"),
    ("Unit Activation", "activation.activation"),
    ("Move Actions", "activation.move-actions"),
    ("Attack Actions", "activation.attack-actions"),
    ("Fortifications", "activation.fortifications"),
    ("Fortification Damage", "activation.fortification-damage"),
    ("Fortification Health Checks", "activation.fortification-health"),
    ("Extra Rules", "activation.movement"),
    ("Movement", "activation.movement"),
    ("Infantry", "activation.infantry"),
    ("Vehicles", "activation.vehicle-classes"),
    ("Aircraft", "activation.aircraft"),
    ("Hover", "activation.hover"),
    ("Rolling", "activation.rolling"),
    ("Rolling Up", "activation.rolling-up"),
    ("Rolling Down", "activation.rolling-down"),
]


@pytest.mark.parametrize(("heading", "clause_id"), HEADINGS)
def test_each_heading_of_the_drafts_names_its_clause(heading, clause_id):
    clause = clauses()[clause_id]
    names = {norm(clause.title)} | {norm(k) for k in clause.keywords}
    assert norm(heading) in names, (heading, clause.title, clause.keywords)


def test_a_title_belongs_to_one_clause():
    seen: dict[str, str] = {}
    for cid, clause in clauses().items():
        key = norm(clause.title)
        assert key not in seen, f"{cid} and {seen[key]} share the title {clause.title!r}"
        seen[key] = cid


def test_a_heading_that_is_a_title_is_the_title_of_its_own_clause():
    # "Road" is the terrain's title; the order finds it by keyword. No heading of the table
    # may be the exact title of a clause other than its own.
    by_title = {norm(c.title): cid for cid, c in clauses().items()}
    for heading, clause_id in HEADINGS:
        owner = by_title.get(norm(heading))
        if owner is not None and owner != clause_id:
            assert (heading, clause_id) in {("Road", "orders.road")}, (heading, owner)


# The differences listed by the reading guide (/work/shared/rulebook/README.md), by topic.
DIFFERENCES = {
    "terrain: ruins and rough cost 1 (first draft 2)": ["terrain.ruins", "terrain.rough"],
    "terrain: smoke only blocks line of sight (first draft +1 MP)": ["terrain.smoke"],
    "terrain: swamp's extra cost to enter (first draft: to exit)": ["terrain.swamp"],
    "terrain: current-only burned forest, dunes, road, river, water": [
        "terrain.burned-forest",
        "terrain.sand-dunes",
        "terrain.road",
        "terrain.river",
        "terrain.water",
    ],
    "terrain: building is level-0 blocking": ["terrain.building", "terrain.table"],
    "setup: blind setup against the six-step setup order": ["setup.procedures"],
    "orders: an illegal order does nothing (first draft: default)": ["orders.illegal"],
    "orders: Follow and Road": ["orders.follow", "orders.road", "orders.movement-codes"],
    "orders: a unit may decline to fire": ["fire.decline"],
    "fire: Superb Shot, Optimal at point blank, Enhanced Accuracy": [
        "fire.to-hit",
        "fire.to-hit.unit-abilities",
    ],
    "fire: terrain that grants evasion": ["fire.evasion", "fire.cover"],
    "fire: point blank is range 1, long range up to twice": ["fire.range"],
    "damage: range modifiers and armor dice against AP decay": [
        "damage.method",
        "damage.range",
        "damage.ap-decay",
        "damage.armor-dice",
        "damage.armor-outcome",
    ],
    "assault: advantage, both sides deal, damaging and support": [
        "assault.advantage",
        "assault.allocation",
        "assault.example",
    ],
    "assault: Stubborn at the board edge": ["assault.stubborn-edge", "assault.retreat"],
    "assault: psychic and real damage as separate entries": ["assault.psychic"],
    "agony: the schedule of the agony steps": ["agony.schedule", "agony.acid", "agony.fire"],
    "agony: removing fire tokens moved to the aftermath": ["aftermath.step", "aftermath.fire"],
    "shaken: two tokens, one more if already shaken": ["conditions.shaken"],
}


@pytest.mark.parametrize("topic", sorted(DIFFERENCES))
def test_every_reading_guide_difference_shows_both_editions(topic):
    for cid in DIFFERENCES[topic]:
        clause = clauses()[cid]
        assert {"current", "first-draft"} <= set(clause.editions_text), cid
        assert clause.difference, cid
        current, first = clause.editions_text["current"], clause.editions_text["first-draft"]
        assert current != first, cid
        sides = [w.edition for w in clause.wordings()]
        assert sides[:2] == ["current", "first-draft"], cid


def test_related_ids_exist():
    catalogue = clauses()
    for cid, clause in catalogue.items():
        for rid in clause.related:
            assert rid in catalogue, (cid, rid)


def test_the_activation_rules_are_their_own_game():
    for cid, clause in clauses().items():
        if cid.startswith("activation."):
            assert clause.editions == ("activation",), cid
        elif "activation" in clause.editions:
            assert cid == "board.labels", cid  # hex labels are the product's, for every map


# --- every id cited elsewhere exists -------------------------------------------------------

# Cited by the engine before the catalogue existed (issue list), and by the rules modules.
ENGINE_IDS = (
    "los.both-level-1",
    "terrain.smoke",
    "los.level-2-to-0",
    "terrain.swamp",
    "terrain.mountain",
    "terrain.hill",
    "move.difficult-terrain",
    "los.ground-level",
    "los.flying",
    "assault.retreat",
    "terrain.water",
    "terrain.road",
    "terrain.river",
    "terrain.building",
    "los.level-1-to-0",
    "fire.range.point-blank",
    "fire.range",
    "fire.range.normal",
    "fire.range.long",
    "angles.sectors",
    "angles.on-edge",
    "angles.armor",
    "angles.fixed-weapons",
    "terrain.ruins",
    "terrain.rough",
    "terrain.forest",
    "terrain.clear",
    "terrain.burned-forest",
    "terrain.sand-dunes",
    "orders.flee",
    "orders.chase",
    "move.stacking",
    "setup.order",
    "setup.blind",
    "los.straight-line",
    "dice.open-ended",
    "dice.expression",
    "damage.resistance",
    "damage.previous",
    "damage.table",
    "damage.model-death",
    "damage.special-types",
    "conditions.shaken",
    "agony.bleeding",
    "army.unit-base",
    "angles.facing",
    "board.labels",
    "fire.evasion",
    "army.unit-base-weapon",
    "assault.stats",
    "fire.weapon-abilities",
    "damage.range",
    "activation.tiles",
    "activation.fortifications",
)


def test_the_ids_the_engine_cited_first_exist():
    missing = [cid for cid in ENGINE_IDS if cid not in clauses()]
    assert not missing


def cited_in_data() -> dict[str, set[str]]:
    """Clause ids named by a ``clause``, ``clauses`` or ``*_clause`` key of the data files."""
    found: dict[str, set[str]] = {}

    def walk(value: object, path: Path, key: str | None = None) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, path, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, path, key)
        elif (
            isinstance(value, str)
            and key
            and (key in ("clause", "clauses") or key.endswith("_clause"))
        ):
            found.setdefault(value, set()).add(path.name)

    for path in sorted(DATA.rglob("*.toml")):
        if "clauses" not in path.parts:
            walk(tomllib.loads(path.read_text(encoding="utf-8")), path)
    return found


def test_every_clause_a_data_file_names_exists():
    cited = cited_in_data()
    assert "terrain.forest" in cited and "los.smoke" not in cited  # a terrain's clause
    missing = {cid: sorted(files) for cid, files in cited.items() if cid not in clauses()}
    assert not missing


def cited_in_code() -> dict[str, set[str]]:
    """Ids a docstring of the engine cites as ``clause ``x.y`` `` or ``clauses ``x``, ``y`` ``."""
    areas = {cid.split(".")[0] for cid in clauses()}
    found: dict[str, set[str]] = {}
    for path in sorted((REPO / "referee").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(
            r"[Cc]lauses?:?\s+((?:``[^`]+``(?:,\s*|\s+and\s+|\s*/\s*)?)+)", text
        ):
            for cid in re.findall(r"``([a-z0-9.-]+)``", match.group(1)):
                if cid.split(".")[0] in areas and not cid.endswith((".toml", ".py")):
                    found.setdefault(cid, set()).add(path.name)
    return found


def test_every_clause_the_engine_docstrings_cite_exists():
    cited = cited_in_code()
    assert "los.straight-line" in cited  # referee/board/line.py
    missing = {cid: sorted(files) for cid, files in cited.items() if cid not in clauses()}
    assert not missing


def test_a_procedure_clause_is_never_cited_by_the_engine():
    cited = set(cited_in_data()) | set(cited_in_code())
    assert not [cid for cid, c in clauses().items() if c.procedure and cid in cited]


def cited_anywhere() -> set[str]:
    """Every clause id the engine cites: in data files, docstrings, the rulings it applies,
    or as a string in its code (``Term(..., "damage.previous")``)."""
    known = clauses()
    cited = set(cited_in_data()) | set(cited_in_code())
    cited |= {c for r in register().values() for c in r.clauses}
    for path in sorted((REPO / "referee").rglob("*.py")):
        for m in re.finditer(r'"([a-z0-9-]+\.[a-z0-9.-]+)"', path.read_text(encoding="utf-8")):
            if m.group(1) in known:
                cited.add(m.group(1))
    return cited


def test_every_clause_is_cited_by_the_engine_or_a_table_procedure():
    cited = cited_anywhere()
    neither = sorted(cid for cid, c in clauses().items() if not c.procedure and cid not in cited)
    assert not neither


def test_every_clause_a_ruling_touches_exists():
    missing = [(r.id, c) for r in register().values() for c in r.clauses if c not in clauses()]
    assert not missing


def test_every_id_quoted_in_a_clause_text_is_a_ruling():
    rulings = register()
    for cid, clause in clauses().items():
        texts = [clause.text, clause.difference or "", *clause.editions_text.values()]
        for quoted in re.findall(r"`([^`]+)`", " ".join(texts)):
            assert quoted in rulings, (cid, quoted)


# --- a bad clause file ---------------------------------------------------------------------

GOOD = """\
[[clause]]
id = "test.one"
title = "One"
section = "Tests"
editions = ["current", "first-draft"]
related = ["test.two"]
keywords = ["first"]
procedure = true
source = { current = "draft 004, Tests" }
text = "The common text."
[clause.editions_text]
current = "Current wording."
first-draft = "First-draft wording."
difference = "They differ."

[[clause]]
id = "test.two"
title = "Two"
section = "Tests"
editions = ["activation"]
text = "Another rule."
"""


def load_text(tmp_path: Path, text: str, name: str = "test.toml") -> dict[str, Clause]:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return load_clauses(tmp_path)


def refused(tmp_path: Path, text: str, name: str = "test.toml") -> list[str]:
    with pytest.raises(DataFileError) as info:
        load_text(tmp_path, text, name)
    assert info.value.path == tmp_path / name
    return info.value.problems


def test_a_good_file_loads(tmp_path):
    one = load_text(tmp_path, GOOD)["test.one"]
    assert one.related == ("test.two",)
    assert one.keywords == ("first",)
    assert one.procedure is True
    assert one.editions_text == {
        "current": "Current wording.",
        "first-draft": "First-draft wording.",
    }
    assert one.difference == "They differ."
    assert one.source == {"current": "draft 004, Tests"}
    assert one.file == tmp_path / "test.toml"
    assert one.wording("first-draft") == "First-draft wording."
    assert [(w.edition, w.source) for w in one.wordings()] == [
        ("current", "draft 004, Tests"),
        ("first-draft", None),
    ]
    two = load_text(tmp_path, GOOD)["test.two"]
    assert (two.related, two.procedure, two.difference, dict(two.editions_text)) == (
        (),
        False,
        None,
        {},
    )
    assert two.wording("activation") == "Another rule."


def test_difference_and_source_may_sit_at_clause_level(tmp_path):
    moved = GOOD.replace('source = { current = "draft 004, Tests" }\n', "").replace(
        'difference = "They differ."\n',
        'difference = "They differ."\nsource = { current = "draft 004, Tests" }\n',
    )
    assert load_text(tmp_path, moved)["test.one"].source == {"current": "draft 004, Tests"}
    top = GOOD.replace('difference = "They differ."\n', "").replace(
        'text = "The common text."\n', 'text = "The common text."\ndifference = "They differ."\n'
    )
    assert load_text(tmp_path, top)["test.one"].difference == "They differ."


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('title = "One"\n', "", "clause test.one.title:"),
        ('section = "Tests"\n', 'section = ""\n', "clause test.one.section:"),
        ('text = "The common text."\n', "", "clause test.one.text:"),
        ('editions = ["current", "first-draft"]\n', "", "clause test.one.editions:"),
        (
            'editions = ["current", "first-draft"]\n',
            'editions = ["current", "second"]\n',
            "clause test.one.editions:",
        ),
        ('keywords = ["first"]\n', 'keyword = ["first"]\n', "clause test.one.keyword:"),
        ('keywords = ["first"]\n', 'keywords = "first"\n', "clause test.one.keywords:"),
        ("procedure = true\n", 'procedure = "yes"\n', "clause test.one.procedure:"),
        ('related = ["test.two"]\n', 'related = ["test.three"]\n', "clause test.one.related:"),
        ('related = ["test.two"]\n', 'related = ["test.one"]\n', "clause test.one.related:"),
        (
            'first-draft = "First-draft wording."\n',
            'second = "x"\n',
            "clause test.one.editions_text.second:",
        ),
        ('first-draft = "First-draft wording."\n', "", "clause test.one.editions_text:"),
        ('difference = "They differ."\n', "", "clause test.one.difference:"),
        (
            'current = "Current wording."\n',
            'activation = "x"\n',
            "clause test.one.editions_text.activation:",
        ),
        (
            'source = { current = "draft 004, Tests" }\n',
            'source = { fourth = "x" }\n',
            "clause test.one.source.fourth:",
        ),
        ('id = "test.one"\n', 'id = "Test One"\n', "clause Test One.id:"),
        ('id = "test.one"\n', 'id = "testone"\n', "clause testone.id:"),
        ('id = "test.one"\n', "", "clause[0].id:"),
    ],
)
def test_a_bad_clause_is_refused_naming_the_clause_and_key(tmp_path, old, new, key):
    assert old in GOOD
    found = refused(tmp_path, GOOD.replace(old, new, 1))
    assert any(p.startswith(key) for p in found), found


def test_difference_without_editions_text_is_refused(tmp_path):
    text = GOOD + 'difference = "Nothing to compare."\n'  # lands in test.two
    assert any(p.startswith("clause test.two.difference:") for p in refused(tmp_path, text))


def test_a_clause_is_defined_once_in_a_file(tmp_path):
    found = refused(
        tmp_path, GOOD + GOOD.split("\n\n")[1].replace('title = "Two"', 'title = "Again"')
    )
    assert found == ["clause test.two: already defined in this file"]


def test_a_clause_is_defined_once_across_files(tmp_path):
    (tmp_path / "a.toml").write_text(GOOD, encoding="utf-8")
    found = refused(tmp_path, GOOD.split("\n\n")[1], name="b.toml")
    assert found == ["clause test.two: already defined in a.toml"]


def test_an_unknown_table_of_a_file_is_refused(tmp_path):
    found = refused(tmp_path, GOOD + "\n[ruling]\nid = 'x'\n")
    assert any(p.startswith("ruling: unknown key") for p in found), found


def test_every_problem_of_a_file_at_once(tmp_path):
    text = GOOD.replace('title = "One"\n', "").replace(
        'editions = ["activation"]', 'editions = ["fifth"]'
    )
    found = refused(tmp_path, text)
    assert [p.split(":")[0] for p in found] == ["clause test.one.title", "clause test.two.editions"]


def test_a_syntax_error_names_the_file(tmp_path):
    found = refused(tmp_path, GOOD.replace('title = "One"', "title = One"))
    assert found[0].startswith("not valid TOML")


def test_an_empty_folder_has_no_clauses(tmp_path):
    assert load_clauses(tmp_path) == {}
