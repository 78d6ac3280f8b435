"""The issue's event from the command line, every player checked in with an army file:
24 players (23 at the start, one late entry with a huge unit), five rounds, a bye, a drop, a
corrected result, and round 1's first table played from its match file: made by the desk,
refereed with ``referee match step`` and its result sent back with ``result --match``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import tomli_w
from army_fixture import HUGE_PLAYERS, PLAYERS, write_armies
from table_play import ADA_MVP, BRIN_MVP, steps

from referee.cli.main import main
from referee.match.games.orders_file import MatchFile
from referee.tournament.desk import Desk

KINDS = ("ip", "mp", "cp", "xp")


def run(capsys, *args: str) -> str:
    assert main(list(args)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def result_file(path: Path, event, a: str, b: str, rng: random.Random) -> Path:
    """A result in which each player keeps part of their own army's points (its cost)."""
    players = []
    for name in (a, b):
        cost = event.players[name].army["cost"]
        lost = {k: rng.randint(0, cost[k]) for k in KINDS}
        players.append(
            {"name": name, "surviving": {k: cost[k] - lost[k] for k in KINDS}, "destroyed": lost}
        )
    path.write_text(tomli_w.dumps({"players": players}), encoding="utf-8")
    return path


def record_round(capsys, ev: str, tmp_path: Path, rng: random.Random, skip=()) -> None:
    with Desk.open(ev) as desk:
        event = desk.event()
    rnd = event.round(event.current_round)
    for t, (a, b) in enumerate(rnd.tables, 1):
        if t in skip:
            continue
        path = result_file(tmp_path / f"r{rnd.number}t{t}.toml", event, a, b, rng)
        run(
            capsys,
            "tournament",
            "result",
            ev,
            "--round",
            str(rnd.number),
            "--table",
            str(t),
            "--result",
            str(path),
        )


def test_the_issues_event_with_every_army_checked_in(tmp_path, capsys, event_target):
    rng = random.Random(13)
    armies = write_armies(tmp_path / "armies")
    ev = event_target  # a file, then a server
    run(capsys, "tournament", "new", ev, "--name", "Army Cup", "--rounds", "5", "--seed", "7")
    starters = [p for p in PLAYERS if p != "Xia"]
    for name in starters:
        out = run(capsys, "tournament", "add-player", ev, name, "--army", str(armies[name]))
        shown = json.loads(run(capsys, "army", "validate", str(armies[name]), "--json"))
        assert f"checksum: {shown['checksum']}" in out  # the army's own checksum, shown
        assert ("Huge units" in out) == (name in HUGE_PLAYERS)
    players = json.loads(run(capsys, "tournament", "players", ev, "--json"))
    assert len(players) == 23 and all(p["army"]["valid"] for p in players)
    brin = next(p for p in players if p["name"] == "Brin")
    assert brin["army"]["huge_units"] == [
        {"type": "talos", "name": "Talos, the bronze giant", "count": 1}
    ]
    # The players' files change after check-in: the event keeps what was checked.
    armies["Ada"].write_text(
        armies["Ada"].read_text("utf-8").replace("count = 2", "count = 9"), encoding="utf-8"
    )

    # Round 1 seeded so that Ada meets Brin at table 1: first half v second half, 22 seated.
    order = [p for p in starters if p not in ("Ada", "Brin")]
    order = ["Ada", *order[:10], "Brin", *order[10:]]
    run(capsys, "tournament", "seed", ev, *order)
    pairing = json.loads(run(capsys, "tournament", "pair", ev, "--json"))
    assert pairing["tables"][0]["players"] == ["Ada", "Brin"] and pairing["bye"] == order[-1]
    assert pairing["declarations"]["Ada"] == "Brin's army has huge units: Talos, the bronze giant"
    assert "Brin" not in pairing["declarations"]  # Ada has no huge unit to declare
    text = run(capsys, "tournament", "pairings", ev)
    assert "Ada, before you play: Brin's army has huge units: Talos, the bronze giant" in text

    # From table to desk: the match file of table 1, with the round's clock of 100 minutes.
    run(capsys, "tournament", "clock", ev, "start", "--minutes", "100")
    match = str(tmp_path / "r1t1.referee")
    out = run(
        capsys,
        "tournament",
        "match",
        ev,
        "--round",
        "1",
        "--table",
        "1",
        "-o",
        match,
        "--seed",
        "5",
    )
    assert "fixed time: 100 minutes" in out
    with MatchFile.open(match) as m:
        assert m.meta["victory"] == {"condition": "fixed-time", "minutes": 100}
        assert m.scenario is not None and m.scenario.id == "entrenched"
        roster = m.meta["setup_roster"]
        # Ada's frozen army, not the edited file: 2 tanks, 2 phalanxes, peltasts, cavalry.
        assert len([u for u in roster if u["side"] == 1]) == 6
        assert len([u for u in roster if u["side"] == 2]) == 5
    for name, rest in steps():
        run(capsys, "match", "step", match, name, *rest)
    run(capsys, "tournament", "result", ev, "--round", "1", "--table", "1", "--match", match)
    record_round(capsys, ev, tmp_path, rng, skip=(1,))
    with Desk.open(ev) as desk:
        first = desk.event().round(1).results[1]
    assert [(s.name, s.mvp) for s in first.scores] == [("Ada", ADA_MVP), ("Brin", BRIN_MVP)]
    assert first.record.data["source"] == f"match file {match}"

    # A late entry with a huge unit; an army frozen at round 1 cannot be checked in again.
    out = run(capsys, "tournament", "add-player", ev, "Xia", "--army", str(armies["Xia"]))
    assert "from round 2" in out and "Gargant squiggoth" in out
    assert main(["tournament", "check-in", ev, "Ada", "--army", str(armies["Ada"])]) == 2
    assert "frozen" in capsys.readouterr().err

    run(capsys, "tournament", "pair", ev)
    record_round(capsys, ev, tmp_path, rng)
    run(capsys, "tournament", "drop", ev, "Emil")
    for number in (3, 4, 5):
        pairing = json.loads(run(capsys, "tournament", "pair", ev, "--json"))
        assert pairing["round"] == number and pairing["bye"] is not None  # 23 players again
        record_round(capsys, ev, tmp_path, rng)
        if number == 3:
            path = result_file(
                tmp_path / "fix.toml", Desk.open(ev).event(), *pairing["tables"][1]["players"], rng
            )
            out = run(
                capsys,
                "tournament",
                "correct",
                ev,
                "--round",
                "3",
                "--table",
                "2",
                "--result",
                str(path),
                "--why",
                "the table counted a fled unit twice",
            )
            assert "the table counted a fled unit twice" in out

    with Desk.open(ev) as desk:
        event = desk.event()
    assert len(event.rounds) == 5 and len(event.players) == 24
    met = [frozenset(t) for r in event.rounds for t in r.tables]
    assert len(met) == len(set(met))  # no rematch in five rounds of 11 or 12 tables
    byes = [r.bye for r in event.rounds if r.bye]
    assert len(byes) == 4 and len(set(byes)) == 4  # rounds 1, 3, 4, 5; nobody twice
    assert all("Emil" not in t for r in event.rounds[2:] for t in r.tables)
    assert event.round(3).results[2].corrected
    standings = json.loads(run(capsys, "tournament", "standings", ev, "--json"))
    assert len(standings["standings"]) == 24
    # The exports show the armies: checksums and huge units.
    run(capsys, "tournament", "export", ev, "--format", "csv", "-o", str(tmp_path / "csv"))
    rows = (tmp_path / "csv" / "players.csv").read_text("utf-8")
    assert "Talos, the bronze giant" in rows and brin["army"]["checksum"] in rows
