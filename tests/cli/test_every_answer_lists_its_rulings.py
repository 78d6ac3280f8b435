"""Every answer lists the rulings it used (README, "Rules and rulings"), through one mechanism
(:mod:`referee.ruleset.used`): a ``rulings`` key (ids) and ``readings`` (the reading taken of
each) at the top of its JSON, a ``rulings:`` line in its text (``rulings: none`` when it used
none). Each case names a ruling the answer must list, worked from the drafts and the
register.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.main import main

CASES = [
    # los: both ends at ground level, smoke on C4 between them: "Smoke: Blocks line of sight";
    # at which heights is ruling los.smoke (default blocks-always).
    (["los", "entrenched", "C3", "C5", "--smoke", "C4"], "los.smoke"),
    # visible from the hill C2 (level 1) to ground hexes past level-0 blocking terrain
    # (forests): draft 004 gives no rule for level-0 blocking between levels 1 and 0: ruling
    # los.level0-from-level1.
    (["visible", "entrenched", "C2"], "los.level0-from-level1"),
    # hit at range 1: "Point-Blank +1 (range = 1)": range 1 is point blank, ruling
    # fire.point-blank.
    (["hit", "entrenched", "C3", "C4", "--weapon-range", "3"], "fire.point-blank"),
    # shot of the wagon's Misfire[2-] shootas under the first draft: ruling
    # fire.misfire-first-draft (no misfire die).
    (
        ["shot", "standard", "battle-wagon@D2", "ork-grunts@D4", "--shooter-facing", "3"],
        "fire.misfire-first-draft",
    ),
    # an open-ended d8: the dice rolled on are d6 or d8, ruling dice.open-ended-follow-die.
    (["odds", "open-ended", "--sides", "8"], "dice.open-ended-follow-die"),
    (["odds", "hit", "--need", "1"], "fire.natural-one"),
    # armor 4, AP 1: 3 armor dice; what a success is: ruling damage.armor-success.
    (["odds", "armor", "--armor", "4", "--ap", "1"], "damage.armor-success"),
    (["odds", "damage", "--dice", "d6", "--armor", "4", "--ap", "1"], "damage.armor-success"),
    (["odds", "roll", "--need", "9+", "--dice", "d12"], None),
    # one acid: a 5 reads "As 6", taken as "As 4" (ruling agony.acid-five).
    (["odds", "agony", "--unit", "ork-grunts", "--step", "0", "--acid", "1"], "agony.acid-five"),
    (["activation", "damage-fortification", "--pips", "ally=1,enemy=2", "--hits", "1"], None),
    (
        ["activation", "move", "fighter", "H12:N", "--steps", "F,F", "--other", "bomber@H10:N"],
        "activation.aircraft-collision",
    ),
    (["activation", "reach", "fighter", "H12:N"], "activation.aircraft-minimum"),
    (["activation", "capture", "--pips", "neutral=3"], "activation.capture-neutral"),
    (
        ["activation", "penetration", "--penetration", "d12+2", "--armor", "9"],
        "activation.penetration",
    ),
    (
        ["activation", "deploy-tiles", "--mission", "crossroads", "--side", "1"],
        "activation.deploy-depth",
    ),
    # a fast tank ordered to accelerate: an illegal order does nothing (current edition),
    # ruling orders.illegal.
    (
        ["orders", "check", "A + - + -", "--unit", "standard-tank", "--speed", "fast"],
        "orders.illegal",
    ),
    (["map", "check", "entrenched", "--scenario", "entrenched"], "setup.entrenched-zones"),
]


def run(capsys, argv: list[str], *, ok: tuple[int, ...] = (0,)) -> str:
    status = main(argv)
    captured = capsys.readouterr()
    assert status in ok, captured.err
    return captured.out


def check(capsys, argv: list[str], ruling: str | None) -> None:
    data = json.loads(run(capsys, [*argv, "--json"]))
    assert isinstance(data["rulings"], list) and isinstance(data["readings"], dict)
    assert set(data["readings"]) == set(data["rulings"])
    text = run(capsys, argv)
    lines = [line.strip() for line in text.splitlines() if line.strip().startswith("rulings:")]
    assert lines, f"no rulings line in: {text}"
    if ruling is None:
        assert data["rulings"] == [] and lines[-1] == "rulings: none"
    else:
        assert ruling in data["rulings"]
        assert f"{ruling} ({data['readings'][ruling]})" in lines[-1]


@pytest.mark.parametrize(
    ("argv", "ruling"), CASES, ids=lambda v: " ".join(v) if isinstance(v, list) else str(v)
)
def test_the_answer_lists_the_rulings_it_used(capsys, argv, ruling):
    check(capsys, argv, ruling)


def test_a_house_rule_shows_in_the_readings(capsys):
    """--ruling fire.point-blank=...: the reading named is the one taken."""
    data = json.loads(
        run(
            capsys,
            ["odds", "hit", "--need", "1", "--ruling", "fire.natural-one=always-misses", "--json"],
        )
    )
    assert data["readings"] == {"fire.natural-one": "always-misses"}
    assert data["p"] == 5 / 6  # a natural 1 misses: 5/6


def test_match_step_show_and_score_list_their_rulings(tmp_path: Path, capsys):
    """A match on ENTRENCHED!: the tank at C3 fires at the grunts at C4, range 1: point
    blank (ruling fire.point-blank); the match then waits at the orders step for orders
    (ruling turn.orders-step); scoring a match counts each cost kind (ruling
    victory.mixed-cost)."""
    path = tmp_path / "m.referee"
    run(
        capsys,
        [
            "match",
            "new",
            str(path),
            "--map",
            "entrenched",
            "--unit",
            "tank standard-tank side=1 hex=C3 facing=3",
            "--unit",
            "grunts ork-grunts side=2 hex=C4",
            "--ruling",
            "turn.fire-outside-gunnery=any-step",
        ],
    )
    step = json.loads(
        run(
            capsys,
            [
                "match",
                "step",
                str(path),
                "Fire",
                "-c",
                "fire shooter=tank target=grunts weapon='Main gun'",
                "--json",
            ],
        )
    )
    assert "fire.point-blank" in step["rulings"]
    run(capsys, ["match", "undo", str(path)])  # the same shot again, in words
    text = run(
        capsys,
        [
            "match",
            "step",
            str(path),
            "Again",
            "-c",
            "fire shooter=tank target=grunts weapon='Main gun'",
        ],
    )
    assert "rulings: fire.point-blank (" in text
    shown = json.loads(run(capsys, ["match", "show", str(path), "--json"]))
    assert "turn.orders-step" in shown["rulings"]
    assert "rulings: turn.orders-step (first)" in run(capsys, ["match", "show", str(path)])
    score = json.loads(run(capsys, ["score", str(path), "--json"]))
    assert score["rulings"] == ["victory.mixed-cost", "victory.command-points"]
    assert "rulings: victory.mixed-cost (each-kind)" in run(capsys, ["score", str(path)])


def test_a_pairing_with_a_bye_and_the_standings_list_their_rulings(tmp_path: Path, capsys):
    """Three players: one has the bye, scored by ruling tournament.bye; the standings break
    ties by strength of schedule (ruling tournament.strength-of-schedule) among their keys."""
    ev = str(tmp_path / "cup.db")
    run(capsys, ["tournament", "new", ev, "--name", "Cup", "--rounds", "2", "--seed", "4"])
    for name in ("Ada", "Brin", "Cato"):
        run(capsys, ["tournament", "add-player", ev, name, "--nation", "ork"])
    pairing = json.loads(run(capsys, ["tournament", "pair", ev, "--json"]))
    assert pairing["bye"] and "tournament.bye" in pairing["rulings"]
    assert "rulings: tournament.bye (" in run(capsys, ["tournament", "pairings", ev])
    standings = json.loads(run(capsys, ["tournament", "standings", ev, "--json"]))
    assert "sos" in standings["keys"]
    assert "tournament.strength-of-schedule" in standings["rulings"]


def test_units_check_lists_the_rulings_cards_are_read_under(capsys):
    data = json.loads(run(capsys, ["units", "check", "--json"]))
    assert all("units.models-per-base" in r["rulings"] for r in data)
    assert "rulings: units.models-per-base (typical)" in run(capsys, ["units", "check"])


def test_the_text_demo_lists_the_rulings_of_each_line(capsys):
    """The demo's line from the hill C2 (level 1) to A3 (level 0) crosses the forest B2
    (level-0 blocking): how many blind hexes level-0 terrain leaves seen from level 1 is
    ruling los.level0-from-level1 (default: one, so A3 is blind)."""
    out = run(capsys, ["demo"])
    block = out.split("C2 (level 1) to A3", 1)[1].split("\n\n", 1)[0]
    assert "rulings: los.blind-count (steps), los.level0-from-level1 (blind-1)" in block


def test_a_fire_step_lists_the_rulings_of_its_damage_roll(tmp_path: Path, capsys):
    """The tank (standing still, C3) fires its Main gun (range 6, AP 2, d6+1) at the wagon
    (standing still, C5 in rough, armor 3/3/2/2, hit in front): need 5 - 1 - 1 + 1 = 4; an
    open-ended 6 then a 3: 6, a hit. Armor 3 - AP 2 = 1 armor die at 5+ (what a success is:
    ruling damage.armor-success): a 5, one success, -3 to damage; d6+1: 5 + 1 - 3 = 3, below
    the wagon's table. The step lists the armor roll's ruling, and the event keeps it (the
    journal's why)."""
    path = tmp_path / "m.referee"
    units = [
        "tank standard-tank side=1 hex=C3 facing=3",
        "wagon battle-wagon side=2 hex=C5 facing=0",
    ]
    argv = ["match", "new", str(path), "--map", "entrenched"]
    argv += [w for u in units for w in ("--unit", u)]
    run(capsys, [*argv, "--ruling", "turn.fire-outside-gunnery=any-step"])
    fire = ["fire shooter=tank target=wagon weapon='Main gun'"]
    out = run(
        capsys, ["match", "step", str(path), "Fire", "-c", *fire, "--dice", "6", "3", "5", "5"]
    )
    assert "1 dice at 5+: 5 -> 1 success: partly blocked, -3 to damage" in out
    assert "rulings: damage.armor-success (five-plus)" in out
    from referee.match.games.orders_file import MatchFile

    with MatchFile.open(path) as m:
        (event,) = m.steps()[-1].events
        assert "damage.armor-success" in event.rulings
        assert m.replay_check() == []


REPLAYED = """\
format: 5
map: standard
seed: 3
ruling: turn.fire-outside-gunnery=any-step
unit: wagon battle-wagon side=2 hex=D2 facing=3
unit: tank standard-tank side=1 hex=D4

step: The wagon fires its shootas at the tank
fire shooter=wagon target=tank weapon="Wagon shootas"
dice: 1 2
"""


def test_a_replayed_journal_lists_the_rulings_its_play_took(tmp_path: Path, capsys):
    """``referee replay``: the wagon's Misfire[2-] shootas on the standard battlefield (first
    draft, which has no Misfire): the two dice are to-hit dice (need 3: a 1 and a 2 miss),
    no misfire die, by ruling fire.misfire-first-draft, reading none."""
    journal = tmp_path / "wagon.journal"
    journal.write_text(REPLAYED, encoding="utf-8")
    data = json.loads(run(capsys, ["replay", str(journal)]))
    assert data["turn"] == 1 and "fire.misfire-first-draft" in data["rulings"]
    assert data["readings"]["fire.misfire-first-draft"] == "none"
