"""The match file: steps written whole, undo/redo, reopening, replay, refusals."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import pytest

from referee.dice.service import DieOutOfRange
from referee.match.games.orders_file import FORMAT_VERSION, MatchFile, MatchFileError
from referee.match.journal.journal_text import (
    JournalTextError,
    parse_journal,
    read_journal,
    replay_journal,
)
from referee.rules.command import CommandError
from referee.rules.orders.agenda import match_agenda
from referee.rules.orders.commands import (
    Advance,
    Aftermath,
    Agony,
    Aim,
    ApplyDamage,
    Assault,
    Command,
    Correct,
    CorrectHex,
    Fire,
    HexEffects,
    Load,
    Movement,
    Orders,
    Spot,
)

JOURNALS = Path(__file__).parent / "journals"

UNITS = [
    {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2", "facing": 3},
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
]

FIRE_ANY_STEP = {"turn.fire-outside-gunnery": "any-step"}
"""These tests fire without first moving the clock to a gunnery step (ruling
turn.fire-outside-gunnery); the refusal has its own tests (test_match_fire_step.py)."""
STEPS_ANY_TIME = {"turn.step-outside-phase": "any-step"}
"""These tests run steps of the turn without first moving the clock to them (ruling
turn.step-outside-phase); the refusal has its own tests (test_match_step_phase.py)."""
ORDERS_ANY_STEP = {"turn.gunnery-order-outside-gunnery": "any-step"}
"""These tests load, aim and spot without first moving the clock to a gunnery step (ruling
turn.gunnery-order-outside-gunnery); the refusal has its own tests
(test_match_gunnery_orders_phase.py)."""


def new_match(
    tmp_path: Path, name: str = "m.referee", readings: dict[str, str] | None = None, **kw: object
) -> MatchFile:
    return MatchFile.create(
        tmp_path / name,
        map_name="entrenched",
        units=UNITS,
        seed=7,
        readings={**FIRE_ANY_STEP, **STEPS_ANY_TIME, **ORDERS_ANY_STEP, **(readings or {})},
        **kw,
    )


def test_the_fixture_journal_replays_to_the_hand_worked_state(tmp_path):
    # Need 3, a 5 hits; 6 on the d6+1 gives 7: one grunt killed (4 -> 3). The referee moves
    # the grunts to E5; nothing else ails them; the aftermath ends turn 1.
    m = replay_journal(read_journal(JOURNALS / "tank-and-grunts.journal"), tmp_path / "r.referee")
    with m:
        grunts = m.state.unit("grunts")
        assert grunts.alive == 3
        assert str(grunts.hex) == "E5"
        assert m.state.turn == 2
        assert m.state.pending == ()
        assert m.replay_check() == []


def test_damage_waits_for_the_apply_damage_step(tmp_path):
    with new_match(tmp_path) as m:
        m.run("Gunnery 1", [Fire(shooter="tank", target="grunts")], typed=[5, 6])
        assert m.state.unit("grunts").alive == 4  # rolled, not yet applied
        assert len(m.state.pending) == 1
        m.run("Apply damage", [ApplyDamage()])
        assert m.state.unit("grunts").alive == 3
        assert m.state.pending == ()


def test_the_tank_spent_its_load(tmp_path):
    # Ruling setup.loaded: weapons start loaded; firing spends the load.
    with new_match(tmp_path) as m:
        assert m.state.unit("tank").ammo("Main gun") == 1
        m.run("Fire", [Fire(shooter="tank", target="grunts")], typed=[1])
        assert m.state.unit("tank").ammo("Main gun") == 0
        with pytest.raises(CommandError, match="not loaded"):
            m.run("Fire again", [Fire(shooter="tank", target="grunts")])
        assert len(m.steps()) == 1  # the refused step wrote nothing


def test_undo_redo_and_a_new_step_drops_the_redo(tmp_path):
    with new_match(tmp_path) as m:
        m.run("Move grunts", [Correct(uid="grunts", set={"hex": "E5"})])
        m.run("Shake tank", [Correct(uid="tank", set={"shaken": 2})])
        assert m.undo().name == "Shake tank"
        assert m.state.unit("tank").shaken == 0
        assert m.redo().name == "Shake tank"
        assert m.state.unit("tank").shaken == 2
        m.undo()
        m.run("Turn tank", [Correct(uid="tank", set={"facing": 2})])
        assert m.redo() is None
        assert [s.name for s in m.steps(include_undone=True)] == ["Move grunts", "Turn tank"]


def test_reopening_restores_the_exact_state(tmp_path):
    with new_match(tmp_path) as m:
        m.run("Fire", [Fire(shooter="tank", target="grunts")])
        m.run("Apply", [ApplyDamage()])
        for k in range(5):
            m.run(f"Agony {k}", [Agony(step=k)])
        before = m.state.to_json()
    with MatchFile.open(tmp_path / "m.referee") as again:
        assert again.state.to_json() == before


def test_a_typed_die_out_of_range_is_refused_and_nothing_is_written(tmp_path):
    with new_match(tmp_path) as m:
        with pytest.raises(DieOutOfRange, match="7"):
            m.run("Fire", [Fire(shooter="tank", target="grunts")], typed=[7])
        assert m.steps() == []
        assert m.state.unit("tank").ammo("Main gun") == 1


def test_dice_left_over_are_refused(tmp_path):
    with new_match(tmp_path) as m, pytest.raises(MatchFileError, match="left over"):
        m.run("Agony", [Agony(step=0)], typed=[3])


def test_an_existing_file_is_never_overwritten(tmp_path):
    new_match(tmp_path).close()
    with pytest.raises(MatchFileError, match="already exists"):
        new_match(tmp_path)


def test_a_file_from_a_newer_version_is_refused_untouched(tmp_path):
    new_match(tmp_path).close()
    path = tmp_path / "m.referee"
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(
            "UPDATE meta SET value = ? WHERE key = 'format_version'",
            [json.dumps(FORMAT_VERSION + 1)],
        )
    conn.close()
    before = path.read_bytes()
    with pytest.raises(MatchFileError, match="newer referee"):
        MatchFile.open(path)
    assert path.read_bytes() == before


def test_a_damaged_file_is_refused_untouched(tmp_path):
    path = tmp_path / "junk.referee"
    path.write_bytes(b"this is not a match file at all" * 100)
    before = path.read_bytes()
    with pytest.raises(MatchFileError, match=r"junk\.referee"):
        MatchFile.open(path)
    assert path.read_bytes() == before


def test_a_sqlite_file_that_is_not_a_match(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (x)")
    conn.close()
    with pytest.raises(MatchFileError, match="not a match file"):
        MatchFile.open(path)


def test_bad_set_up_names_the_unit(tmp_path):
    with pytest.raises(MatchFileError, match=r"units\[1\]: Z9 is not on the map"):
        MatchFile.create(
            tmp_path / "x.referee",
            map_name="entrenched",
            units=[UNITS[0], {"uid": "g", "unit": "ork-grunts", "side": 2, "hex": "Z9"}],
        )
    assert not (tmp_path / "x.referee").exists()


def test_text_journal_errors_name_the_line():
    with pytest.raises(JournalTextError, match="line 3"):
        parse_journal("map: entrenched\nstep: one\nfire shooter\n")
    with pytest.raises(JournalTextError, match="line 2: a command before"):
        parse_journal("map: entrenched\nfire shooter=tank\n")


def test_a_refused_command_in_a_journal_names_its_step_and_line(tmp_path):
    j = parse_journal(
        "map: entrenched\nseed: 1\nunit: t standard-tank side=1 hex=C2\n"
        "step: wrong\ncorrect uid=t alive=9\n",
        "j.txt",
    )
    with pytest.raises(JournalTextError, match=r"j.txt, step 'wrong' \(line 4\)"):
        replay_journal(j, tmp_path / "j.referee", "j.txt")


def _random_commands(rng: random.Random, m: MatchFile) -> list[Command]:
    state = m.state
    uids = list(state.units)
    kind = rng.choice(["fire", "fire", "apply-damage", "agony", "correct", "aftermath"])
    if kind == "fire":
        shooter = rng.choice(uids)
        target = rng.choice([u for u in uids if state.units[u].side != state.units[shooter].side])
        return [
            Correct(
                uid=shooter, set={"loaded": {w.name: 2 for w in state.units[shooter].unit.weapons}}
            ),
            Fire(shooter=shooter, target=target),
        ]
    if kind == "agony":
        return [Agony(step=rng.randrange(5))]
    if kind == "correct":
        uid = rng.choice(uids)
        field = rng.choice(["fire", "acid", "minor_acid", "poison", "bleeding", "shaken"])
        value: object = [rng.choice([4, 6, 8])] if field in ("poison", "bleeding") else 1
        return [Correct(uid=uid, set={field: value})]
    return [{"apply-damage": ApplyDamage, "aftermath": Aftermath}[kind]()]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_long_random_matches_replay_exactly(tmp_path, seed):
    rng = random.Random(seed)
    units = [
        {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C3", "facing": 3},
        {"uid": "hoplites", "unit": "hoplite-phalanx", "side": 1, "hex": "D3", "facing": 3},
        {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "C6"},
        {"uid": "wagon", "unit": "battle-wagon", "side": 2, "hex": "D6"},
    ]
    m = MatchFile.create(
        tmp_path / "long.referee",
        map_name="entrenched",
        units=units,
        seed=seed,
        readings=STEPS_ANY_TIME,
    )
    with m:
        written = 0
        while written < 60:
            try:
                m.run(f"step {written}", _random_commands(rng, m))
            except (CommandError, MatchFileError):
                continue  # an illegal shot (no line of sight...) writes nothing
            written += 1
            if rng.random() < 0.1:
                m.undo()
        assert m.replay_check() == []
        final = m.state.to_json()
    with MatchFile.open(tmp_path / "long.referee") as again:
        assert again.state.to_json() == final


def test_orders_are_kept_normalised_and_a_malformed_order_is_refused(tmp_path):
    with new_match(tmp_path) as m:
        m.run(
            "Orders",
            [Orders(uid="tank", turn=2, movement="360°, A + f + F", gunnery="aim + -")],
        )
        assert m.state.orders["tank"]["2"] == {"movement": "360,A + F + F", "gunnery": "Aim + -"}
        with pytest.raises(CommandError, match="orders for tank, movement"):
            m.run("Bad", [Orders(uid="tank", turn=2, movement="F + + -")])
        with pytest.raises(CommandError, match="turn 0 is over"):
            m.run("Late", [Orders(uid="tank", turn=0, gunnery="- + -")])


def test_advance_walks_the_turn_sequence(tmp_path):
    with new_match(tmp_path) as m:
        # the turn opens with the orders step (ruling turn.orders-step); nobody has orders,
        # so the referee confirms the rule for a missing order to move on
        assert (m.state.turn, m.state.step) == (1, "orders")
        m.run("Next", [Advance(missing="confirm")])
        assert (m.state.turn, m.state.step) == (1, "gunnery-1")
        m.run("To the aftermath", [Advance(to="aftermath")])
        assert (m.state.turn, m.state.step) == (1, "aftermath")
        m.run("Next turn", [Advance()])
        assert (m.state.turn, m.state.step) == (2, "orders")
        with pytest.raises(CommandError, match="no step 'warp-9'"):
            m.run("Bad", [Advance(to="warp-9")])


def test_the_agenda_reads_the_orders_on_the_table(tmp_path):
    with new_match(tmp_path) as m:
        m.run(
            "Orders",
            [
                Orders(uid="tank", turn=1, movement="- + - + -", gunnery="Fire + -"),
                Orders(uid="grunts", turn=1, movement="- + - + -", gunnery="Aim + -"),
                Advance(missing="confirm"),  # none for turn 2 yet
            ],
        )
        now = match_agenda(m.state).to_json()
        assert now["step"] == "gunnery-1"
        assert {u["uid"]: u["actions"] for u in now["units"]} == {
            "tank": ["Fire"],
            "grunts": ["Aim"],
        }
        assert now["needs_dice"] is True  # the tank fires; aiming rolls nothing


def test_movement_steps_from_the_orders_on_the_table(tmp_path):
    units = [
        {
            "uid": "tank",
            "unit": "standard-tank",
            "side": 1,
            "hex": "C2",
            "facing": 3,
            "speed": "slow",
        },
        {
            "uid": "grunts",
            "unit": "ork-grunts",
            "side": 2,
            "hex": "C6",
            "facing": 0,
            "speed": "slow",
        },
    ]
    with MatchFile.create(
        tmp_path / "mv.referee", map_name="entrenched", units=units, seed=5, readings=STEPS_ANY_TIME
    ) as m:
        m.run(
            "Orders",
            [
                Orders(uid="tank", turn=1, movement="F + F + A", gunnery="- + -"),
                Orders(uid="grunts", turn=1, movement="F + F + -", gunnery="- + -"),
            ],
        )
        # Movement 1: the tank (facing S) goes C2 -> C3, the grunts (facing N) C6 -> C5.
        m.run("Movement 1", [Movement(step=1)])
        assert str(m.state.unit("tank").hex) == "C3" and str(m.state.unit("grunts").hex) == "C5"
        # Movement 2: both try to enter C4 at once: an assault over C4, nobody moves in yet.
        m.run("Movement 2", [Movement(step=2)])
        (contest,) = m.state.contests
        assert contest["hexes"] == ["C4"]
        assert {p["uid"]: p["role"] for p in contest["participants"]} == {
            "tank": "entering",
            "grunts": "entering",
        }
        # Movement 3: the tank accelerates from slow to fast.
        m.run("Movement 3", [Movement(step=3)])
        assert m.state.unit("tank").speed == "fast"
        assert m.replay_check() == []


def test_an_assault_from_a_movement_step_with_typed_dice(tmp_path):
    units = [
        {
            "uid": "tank",
            "unit": "standard-tank",
            "side": 1,
            "hex": "C3",
            "facing": 3,
            "speed": "slow",
        },
        {
            "uid": "grunts",
            "unit": "ork-grunts",
            "side": 2,
            "hex": "C5",
            "facing": 0,
            "speed": "slow",
        },
    ]
    with MatchFile.create(
        tmp_path / "as.referee", map_name="entrenched", units=units, seed=5, readings=STEPS_ANY_TIME
    ) as m:
        m.run(
            "Orders",
            [
                Orders(uid=u, turn=1, movement="F + - + -", gunnery="- + -")
                for u in ("tank", "grunts")
            ],
        )
        m.run("Movement 1", [Movement(step=1)])
        # Tank: 4 front assault dice at 5+ (5 5 2 2: 2 successes), 2 deflection dice
        # (1 1: none). Grunts: 1 die per model, 4 models (2 2 2 2: none). The tank's side
        # has 2 hits to the grunts' 0: the advantage. Both hits are damaging (4 models
        # alive). Damage d6-1, no armor on the grunts: 6-1 = 5 "Bruised" (+1 token), then
        # 6-1+1 = 6 (the first token already counts): "Bruised" again.
        m.run("Assault 1", [Assault()], typed=[5, 5, 2, 2, 1, 1, 2, 2, 2, 2, 6, 6])
        assert str(m.state.unit("tank").hex) == "C4"  # the winner enters
        assert str(m.state.unit("grunts").hex) == "C5"  # the loser stays where it was
        assert len(m.state.pending) == 2 and m.state.contests == ()
        m.run("Apply damage", [ApplyDamage()])
        grunts = m.state.unit("grunts")
        assert (grunts.alive, grunts.damage_tokens) == (4, 2)
        assert m.replay_check() == []


def test_a_whole_turn_of_two_armies_on_the_standard_map(tmp_path):
    m = replay_journal(read_journal(JOURNALS / "full-turn.journal"), tmp_path / "t.referee")
    with m:
        s = m.state
        assert (s.turn, s.step) == (2, "gunnery-1")
        # F + F from C8 and C2 facing each other: C8 -> C7 -> C6 and C2 -> C3 -> C4.
        assert str(s.unit("tank").hex) == "C6" and str(s.unit("wagon").hex) == "C4"
        # F + F + F from E8 and E2: both reach E6 and E4, then both try E5 in movement 3:
        # an assault; the winner enters E5, the loser stays where it was.
        where = {str(s.unit("hoplites").hex), str(s.unit("grunts").hex)}
        assert where in ({"E5", "E4"}, {"E6", "E5"})
        assert s.contests == () and s.pending == ()
        kinds = [e.kind for step in m.steps() for e in step.events]
        for kind in (
            "orders",
            "fire",
            "movement",
            "assault",
            "apply-damage",
            "agony",
            "aftermath",
            "advance",
        ):
            assert kind in kinds
        assert m.replay_check() == []


def _tank_meets_grunts(tmp_path: Path, readings: dict[str, str] | None = None) -> MatchFile:
    units = [
        {
            "uid": "tank",
            "unit": "standard-tank",
            "side": 1,
            "hex": "C3",
            "facing": 3,
            "speed": "slow",
        },
        {
            "uid": "grunts",
            "unit": "ork-grunts",
            "side": 2,
            "hex": "C5",
            "facing": 0,
            "speed": "slow",
        },
    ]
    m = MatchFile.create(
        tmp_path / "as.referee",
        map_name="entrenched",
        units=units,
        seed=5,
        readings={**STEPS_ANY_TIME, **(readings or {})},
    )
    m.run(
        "Orders",
        [Orders(uid=u, turn=1, movement="F + - + -", gunnery="- + -") for u in ("tank", "grunts")],
    )
    m.run("Movement 1", [Movement(step=1)])
    return m


SUPPORT = {"1": {"rolls": [{"source": "tank", "target": "grunts", "support": {"tank": 1}}]}}


def test_a_support_hit_while_enemy_models_lack_a_damaging_hit_is_refused(tmp_path):
    # Ruling assault.damaging-first (fill-first): 2 hits on 4 grunts must both be damaging.
    with _tank_meets_grunts(tmp_path) as m:
        with pytest.raises(ValueError, match="every hit must be damaging"):
            m.run(
                "Assault 1",
                [Assault(allocation=SUPPORT)],
                typed=[5, 5, 2, 2, 1, 1, 2, 2, 2, 2, 6],
            )
        assert [s.name for s in m.steps()] == ["Orders", "Movement 1"]


def test_the_referee_allocates_a_support_hit_under_the_free_reading(tmp_path):
    # The same dice give the tank 2 hits; with assault.damaging-first = free the referee makes
    # one damaging and one support: d6-1+1 with a 6 = 6, "Bruised" (+1 token); one roll only.
    with _tank_meets_grunts(tmp_path, {"assault.damaging-first": "free"}) as m:
        m.run(
            "Assault 1",
            [Assault(allocation=SUPPORT)],
            typed=[5, 5, 2, 2, 1, 1, 2, 2, 2, 2, 6],
        )
        assert len(m.state.pending) == 1 and m.state.pending[0]["result"] == 6
        m.run("Apply damage", [ApplyDamage()])
        assert m.state.unit("grunts").damage_tokens == 1
        assert m.replay_check() == []


def test_an_allocation_of_more_hits_than_scored_is_refused(tmp_path):
    with _tank_meets_grunts(tmp_path) as m:
        allocation = {"1": {"rolls": [{"source": "tank", "target": "grunts"}] * 3}}
        with pytest.raises(ValueError, match="tank"):
            m.run(
                "Assault 1",
                [Assault(allocation=allocation)],
                typed=[5, 5, 2, 2, 1, 1, 2, 2, 2, 2, 6, 6, 6],
            )
        assert [s.name for s in m.steps()] == ["Orders", "Movement 1"]


def test_hex_effects_trigger_once_per_unit_per_hex_per_turn(tmp_path):
    with new_match(tmp_path) as m:
        m.run(
            "A poison cloud on the grunts",
            [
                CorrectHex(hex="E6", marker="poison-cloud", count=2, strength=6),
            ],
        )
        # Poison Cloud [6]: one die per biological model (4 grunts), Poison[6] on each 4+.
        m.run("Trigger", [HexEffects()], typed=[4, 1, 6, 3])
        assert m.state.unit("grunts").poison == (6, 6)
        # The same turn, the same hex: it does not trigger again (no dice asked).
        m.run("Trigger again", [HexEffects()])
        assert m.state.unit("grunts").poison == (6, 6)
        # Next turn it triggers anew.
        m.run(
            "Next turn",
            [
                Advance(to="aftermath", missing="confirm"),
                Advance(to="gunnery-1", missing="confirm"),
            ],
        )
        assert (m.state.turn, m.state.step) == (2, "gunnery-1")
        m.run("Trigger in turn 2", [HexEffects()], typed=[1, 1, 1, 5])
        assert m.state.unit("grunts").poison == (6, 6, 6)
        assert m.replay_check() == []


def test_the_drafts_assault_example_replays_as_the_draft_tells_it(tmp_path):
    # Draft 004: "Elf rolls 3 times on infantry damage table, but manage to kill only 2
    # models. Dark Elf also rolled 3 times on infantry damage table, but managed to kill all
    # 3 infantry. Then he roll for damage once versus the Elf's tanks, but the elf's armor
    # provides to difficult to penetrate. Then the Elf retreats from the hex."
    j = read_journal(JOURNALS / "assault-example-004.journal")
    with replay_journal(j, tmp_path / "x.referee") as m:
        s = m.state
        assert s.unit("DW").alive == 2  # 4 warriors, 2 killed
        assert s.unit("ER").destroyed  # all 3 rangers killed
        assert s.unit("E34").alive == 1 and s.unit("E34").damage_tokens == 0  # not penetrated
        assert str(s.unit("E34").hex) == str(s.unit("ER").hex) == "C4"  # the Elf retreats
        assert str(s.unit("DT").hex) == str(s.unit("DW").hex) == "C3"  # the Dark Elves enter
        assert m.replay_check() == []


def test_a_pre_assault_retreat_leaves_the_hex_to_the_enemy(tmp_path):
    # Peltasts have Pre-Assault Retreat[4+]. They stand in C4 facing S; the grunts come in
    # from C5. A 4 succeeds: they retreat backwards, into C3, before any assault die is
    # rolled; stand-still becomes slow; nobody is left to fight, so the grunts enter C4.
    units = [
        {
            "uid": "peltasts",
            "unit": "peltast-skirmishers",
            "side": 1,
            "hex": "C4",
            "facing": 3,
            "speed": "stand-still",
        },
        {
            "uid": "grunts",
            "unit": "ork-grunts",
            "side": 2,
            "hex": "C5",
            "facing": 0,
            "speed": "slow",
        },
    ]
    with MatchFile.create(
        tmp_path / "pr.referee", map_name="entrenched", units=units, seed=3, readings=STEPS_ANY_TIME
    ) as m:
        m.run(
            "Orders",
            [
                Orders(uid="grunts", turn=1, movement="F + - + -", gunnery="- + -"),
            ],
        )
        m.run("Movement 1", [Movement(step=1)])
        assert len(m.state.contests) == 1
        m.run("Assault 1", [Assault(pre_assault_retreats=("peltasts",))], typed=[4])
        peltasts = m.state.unit("peltasts")
        assert (str(peltasts.hex), peltasts.speed) == ("C3", "slow")
        assert str(m.state.unit("grunts").hex) == "C4"
        assert m.state.contests == () and m.replay_check() == []
        m.undo()  # back to the contest: the grunts have no Pre-Assault Retreat to try
        with pytest.raises(ValueError, match="grunts may not try a Pre-Assault Retreat"):
            m.run("Assault", [Assault(pre_assault_retreats=("grunts",))])


def test_load_and_aim_orders(tmp_path):
    with new_match(tmp_path) as m:
        m.run("Fire", [Fire(shooter="tank", target="grunts")], typed=[1])
        assert m.state.unit("tank").ammo("Main gun") == 0
        # Ruling fire.load-weapons (every weapon) and fire.load-amount (fill): the main gun
        # gets its Load[1], the hull machine gun keeps 2 (its Burst(2) needs 2).
        m.run("Load", [Load(uid="tank")])
        tank = m.state.unit("tank")
        assert (tank.ammo("Main gun"), tank.ammo("Hull machine gun")) == (1, 2)
        m.run("Aim", [Aim(uid="tank", gunnery=2)])
        aim = m.state.unit("tank").aim
        assert aim is not None and (str(aim.hex), aim.turn, aim.gunnery) == ("C2", 1, 2)
        m.run("Shake", [Correct(uid="grunts", set={"shaken": 2})])
        with pytest.raises(CommandError, match="shaken"):
            m.run("Load", [Load(uid="grunts")])


def test_loads_add_up_under_the_add_reading(tmp_path):
    with new_match(tmp_path, readings={"fire.load-amount": "add"}) as m:
        m.run("Load", [Load(uid="tank")])
        assert m.state.unit("tank").ammo("Main gun") == 2  # 1 at set-up + Load[1]


def test_spot_reveals_a_hidden_unit_on_a_hit(tmp_path):
    with new_match(tmp_path) as m:
        m.run("Hidden", [Correct(uid="grunts", set={"hidden": True})])
        with pytest.raises(CommandError, match="hidden"):
            m.run("Fire", [Fire(shooter="tank", target="grunts")])
        # A normal to-hit roll: need 3 as for the shot (both standing still); a 2 misses.
        m.run("Spot", [Spot(uid="tank", target="grunts")], typed=[2])
        assert m.state.unit("grunts").hidden
        m.run("Spot again", [Spot(uid="tank", target="grunts")], typed=[3])
        assert not m.state.unit("grunts").hidden
        with pytest.raises(CommandError, match="not hidden"):
            m.run("Spot a seen unit", [Spot(uid="tank", target="grunts")])


def test_undo_back_to_takes_back_every_later_step_in_one_go(tmp_path):
    with new_match(tmp_path) as m:
        for facing in (1, 2, 3, 4):
            m.run(f"Facing {facing}", [Correct(uid="tank", set={"facing": facing})])
        undone = m.undo_back_to(2)
        assert [s.name for s in undone] == ["Facing 3", "Facing 4"]
        assert m.state.unit("tank").facing == 2
        assert [s.undone for s in m.steps(include_undone=True)] == [False, False, True, True]
        assert m.undo_back_to(2) == []  # nothing after it any more
        m.redo()  # the earliest undone step comes back first
        assert m.state.unit("tank").facing == 3
        assert m.replay_check() == []
