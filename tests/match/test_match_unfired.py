"""An ordered fire never vanishes (ruling turn.unfired-fire-order, reading ``ask``; clauses
turn.gunnery, fire.decline): the clock does not leave a gunnery step while a unit ordered to
fire, with something it may fire at, has not fired. ``match show --json`` lists them in
``agenda.fire_pending``; a bare ``advance`` exits 1 naming them and writes nothing;
``advance unfired=pass`` moves on and its step's text (and the report) names each unit that
held its fire, passed by the referee. A unit ordered to fire with nothing loaded or nothing in
reach holds nothing up and is named with why, in one sentence. Match files of format 3 and
older and text journals without ``format: 4`` replay as they were played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.main import main
from referee.match.games.orders_file import MatchFile
from referee.match.journal.journal_text import JournalTextError, parse_journal, replay_journal
from referee.match.reports.match_report import match_report
from referee.rules.orders.advance import FirePendingError
from referee.rules.orders.agenda import match_agenda

UNITS = [
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
]
STILL = "- + - + -"
HIT = [5, 6]
"""The tank's Main gun at the grunts needs 3 (base 5, both standing still +1 +1): a 5 hits,
the d6+1 damage roll 6 + 1 = 7 waits for 'apply damage'."""


def at_gunnery_1(
    tmp_path: Path, tank: str = "Fire + -", grunts: str = "Fire + -", extra=(), units=UNITS
) -> Path:
    """A match of the current edition on ENTRENCHED! with orders for turns 1 and 2 (the
    gunnery orders given, both turns), ``extra`` corrections, the clock at Gunnery 1."""
    path = tmp_path / "m.referee"
    with MatchFile.create(path, map_name="entrenched", units=units, seed=7) as m:
        commands = [
            {"kind": "orders", "uid": uid, "turn": turn, "movement": STILL, "gunnery": guns}
            for turn in (1, 2)
            for uid, guns in (("tank", tank), ("grunts", grunts))
        ]
        m.run("Set-up", [*commands, *extra, {"kind": "advance"}])
        assert (m.state.turn, m.state.step) == (1, "gunnery-1")
    return path


def show(path: Path, capsys) -> dict:
    capsys.readouterr()
    assert main(["match", "show", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def step(path: Path, *commands: str, dice: list[int] | None = None) -> int:
    args = ["match", "step", str(path), "Step"]
    for c in commands:
        args += ["-c", c]
    if dice:
        args += ["--dice", *map(str, dice)]
    return main(args)


def test_show_lists_the_units_ordered_to_fire_that_have_not_fired(tmp_path, capsys):
    path = at_gunnery_1(tmp_path)
    # the tank's Main gun (range 6) and the grunts' Shoota (range 3, long range up to 6) reach
    # each other across C2-E6 (range 5): both may fire
    assert show(path, capsys)["agenda"]["fire_pending"] == ["tank", "grunts"]
    assert step(path, "fire shooter=tank target=grunts", dice=HIT) == 0
    assert show(path, capsys)["agenda"]["fire_pending"] == ["grunts"]


def test_fire_pending_is_an_empty_list_when_no_unit_waits(tmp_path, capsys):
    path = at_gunnery_1(tmp_path, tank="- + -", grunts="- + -")
    assert show(path, capsys)["agenda"]["fire_pending"] == []
    path2 = tmp_path / "o"
    path2.mkdir()
    with MatchFile.create(path2 / "o.referee", map_name="entrenched", units=UNITS, seed=7):
        pass
    shown = show(path2 / "o.referee", capsys)
    assert shown["step"] == "orders" and shown["agenda"]["fire_pending"] == []


def test_a_bare_advance_exits_1_naming_the_units_and_writes_nothing(tmp_path, capsys):
    path = at_gunnery_1(tmp_path)
    assert step(path, "fire shooter=tank target=grunts", dice=HIT) == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert step(path, "advance") == 1
    said = capsys.readouterr().err
    assert "grunts is ordered to fire" in said and "tank" not in said
    assert "advance unfired=pass" in said
    assert path.read_bytes() == before  # a command that fails changes no file
    assert step(path, "advance skip=idle") == 1
    assert step(path, "advance to=movement-1") == 1
    assert path.read_bytes() == before


def test_advance_unfired_pass_names_each_unit_that_held_its_fire(tmp_path, capsys):
    path = at_gunnery_1(tmp_path)
    capsys.readouterr()
    assert step(path, "advance unfired=pass") == 0
    out = capsys.readouterr().out
    for uid in ("tank", "grunts"):
        assert (
            f"{uid} held its fire in Gunnery 1: ordered to fire, it did not; passed by the "
            "referee (clause fire.decline)" in out
        )
    with MatchFile.open(path) as m:
        assert m.state.step == "gunnery-1.hex-effects"
        (event,) = m.steps()[-1].events
        assert [h["uid"] for h in event.detail["held"]] == ["tank", "grunts"]
        assert "turn.unfired-fire-order" in event.rulings and "fire.decline" in event.clauses
        report = match_report(m)
        assert m.replay_check() == []
    assert (
        report.count(
            "held its fire in Gunnery 1: ordered to fire, it did not; passed by the referee"
        )
        >= 2
    )


def test_a_unit_that_fired_is_waited_for_again_at_the_next_gunnery_step(tmp_path):
    path = at_gunnery_1(tmp_path, tank="Fire + Fire", grunts="- + -")
    with MatchFile.open(path) as m:
        m.run("Fire", [{"kind": "fire", "shooter": "tank", "target": "grunts"}], typed=HIT)
        assert m.state.fired == ("tank",)  # the fire event records its shooter
        assert match_agenda(m.state).fire_pending == ()
        m.run("On", [{"kind": "advance"}])  # it fired: the clock leaves Gunnery 1
        assert m.state.fired == ()
        m.run("To Gunnery 2", [{"kind": "advance", "to": "gunnery-2"}])
        # the Main gun is spent, the Hull machine gun (Burst(2), 2 loaded, range 3: the
        # grunts at range 5 are at long range, in its front arc) may fire
        assert match_agenda(m.state).fire_pending == ("tank",)


def test_advance_to_a_later_step_stops_at_a_gunnery_step_that_waits(tmp_path):
    path = at_gunnery_1(tmp_path, tank="- + Fire", grunts="- + -")
    with MatchFile.open(path) as m:
        # Gunnery 1 waits for nobody; Gunnery 2 waits for the tank
        with pytest.raises(FirePendingError) as refused:
            m.run("To the aftermath", [{"kind": "advance", "to": "aftermath"}])
        assert refused.value.uids == ("tank",)
        assert "Gunnery 2" in str(refused.value)
        m.run("To the aftermath", [{"kind": "advance", "to": "aftermath", "unfired": "pass"}])
        assert m.state.step == "aftermath"
        assert "tank held its fire in Gunnery 2" in m.steps()[-1].events[0].text


NOTHING_LOADED = (
    {"kind": "correct", "uid": "tank", "set": {"loaded": {"Main gun": 0, "Hull machine gun": 0}}},
)


def test_a_fire_order_with_nothing_loaded_says_why_and_holds_nothing_up(tmp_path, capsys):
    path = at_gunnery_1(tmp_path, grunts="- + -", extra=NOTHING_LOADED)
    agenda = show(path, capsys)["agenda"]
    assert agenda["fire_pending"] == []
    (unable,) = agenda["fire_unable"]
    assert unable["uid"] == "tank"
    # one sentence: each weapon's reason (clauses fire.load, fire.burst)
    assert unable["why"] == (
        "tank is ordered to fire but nothing is loaded: Main gun is not loaded (clause "
        "fire.load); Hull machine gun is Burst(2): it needs 2 ammo loaded, has 0 (clause "
        "fire.burst)."
    )
    assert step(path, "advance") == 0  # nothing to wait for
    out = capsys.readouterr().out
    assert "Gunnery 1: tank is ordered to fire but" in out and "Main gun is not loaded" in out


def test_a_fire_order_with_no_enemy_in_reach_says_why(tmp_path, capsys):
    # the grunts at G9, the tank at A1: range 9 (A1-G9), beyond twice the Shoota's 3 and
    # the Burna's 2; the grunts' fire order finds nothing it may fire at
    units = [
        {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "A1", "facing": 3},
        {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "G9"},
    ]
    path = at_gunnery_1(tmp_path, tank="- + -", units=units)
    agenda = show(path, capsys)["agenda"]
    assert agenda["fire_pending"] == []
    (unable,) = agenda["fire_unable"]
    assert unable["why"].startswith(
        "grunts is ordered to fire but has no enemy it may fire at (tank at A1: "
    )
    assert "beyond twice the range of Shoota (3 x 2 = 6)" in unable["why"]
    assert unable["why"].count(".") == 1  # one sentence


def test_a_shaken_unit_ordered_to_fire_is_not_waited_for(tmp_path, capsys):
    shaken = ({"kind": "correct", "uid": "grunts", "set": {"shaken": 2}},)
    path = at_gunnery_1(tmp_path, tank="- + -", extra=shaken)
    assert show(path, capsys)["agenda"]["fire_pending"] == []
    assert step(path, "advance") == 0


JOURNAL = """\
format: {format}
map: entrenched
seed: 7
unit: tank standard-tank side=1 hex=C2 facing=3
unit: grunts ork-grunts side=2 hex=E6

step: Orders
orders uid=tank turn=1 movement="- + - + -" gunnery="Fire + -"
orders uid=grunts turn=1 movement="- + - + -" gunnery="Fire + -"
orders uid=tank turn=2 movement="- + - + -" gunnery="- + -"
orders uid=grunts turn=2 movement="- + - + -" gunnery="- + -"

step: To Gunnery 1
advance

step: The tank fires
fire shooter=tank target=grunts weapon="Main gun"
dice: 5 6

step: On, the grunts not firing
advance
"""


def test_a_journal_of_format_3_advances_past_an_unfired_unit_as_it_was_played(tmp_path):
    with replay_journal(parse_journal(JOURNAL.format(format=3)), tmp_path / "j.referee") as m:
        assert m.rules.readings["turn.unfired-fire-order"] == "silent"
        assert m.state.step == "gunnery-1.hex-effects"
        fire, advance = (s.events[0] for s in m.steps()[-2:])
        assert "fired" not in fire.to_row()["changes"]  # as format 3 wrote it
        assert advance.to_row() == {
            "kind": "advance",
            "command": {"kind": "advance"},
            "changes": {"turn": 1, "step": "gunnery-1.hex-effects"},
            "text": "turn 1: Gunnery 1: trigger hex effects",
            "dice": [],
            "clauses": ["turn.sequence"],
            "rulings": [],
            "detail": {},
        }
        assert m.replay_check() == []


def test_a_journal_of_format_4_refuses_to_pass_the_grunts_silently(tmp_path):
    with pytest.raises(JournalTextError, match=r"line 20.*grunts is ordered to fire"):
        replay_journal(parse_journal(JOURNAL.format(format=4)), tmp_path / "j.referee")
    text = JOURNAL.format(format=4).replace(
        "step: On, the grunts not firing\nadvance", "step: On\nadvance unfired=pass"
    )
    with replay_journal(parse_journal(text), tmp_path / "k.referee") as m:
        fire = m.steps()[-2].events[0]
        assert fire.changes.fired == ("tank",)
        assert "grunts held its fire in Gunnery 1" in m.steps()[-1].events[0].text
        assert m.replay_check() == []
