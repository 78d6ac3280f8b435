"""The tournament commands keep the issue's names and JSON keys."""

from __future__ import annotations

import json

from referee.cli.main import main

RESULT = """\
[[players]]
name = "{a}"
surviving = {{ ip = 12, mp = 6, cp = 3, xp = 0 }}
destroyed = {{ ip = 6, mp = 0, cp = 0, xp = 3 }}

[[players]]
name = "{b}"
surviving = {{ ip = 0, mp = 10, cp = 8, xp = 8 }}
destroyed = {{ ip = 24, mp = 2, cp = 4, xp = 0 }}
"""


def run(capsys, *args: str) -> str:
    assert main(list(args)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def test_a_round_from_the_command_line(tmp_path, capsys, event_target):
    ev = event_target
    run(
        capsys,
        "tournament",
        "new",
        ev,
        "--name",
        "CLI Cup",
        "--rounds",
        "2",
        "--seed",
        "4",
        "--round-minutes",
        "90",
    )
    for n in ("Ada", "Brin", "Cato"):
        run(capsys, "tournament", "add-player", ev, n, "--nation", "ork")
    pairing = json.loads(run(capsys, "tournament", "pair", ev, "--json"))
    assert set(pairing) >= {"round", "tables", "bye", "warnings"} and pairing["round"] == 1
    assert set(pairing["tables"][0]) == {"table", "players"}
    a, b = pairing["tables"][0]["players"]
    path = tmp_path / "r.toml"
    path.write_text(RESULT.format(a=a, b=b), encoding="utf-8")
    run(capsys, "tournament", "result", ev, "--round", "1", "--table", "1", "--result", str(path))
    assert (
        main(["tournament", "result", ev, "--round", "1", "--table", "1", "--result", str(path)])
        == 2
    )
    assert "correction" in capsys.readouterr().err
    out = run(
        capsys,
        "tournament",
        "correct",
        ev,
        "--round",
        "1",
        "--table",
        "1",
        "--result",
        str(path),
        "--why",
        "typed twice",
    )
    assert "typed twice" in out
    st = json.loads(run(capsys, "tournament", "standings", ev, "--json"))
    assert set(st) >= {"round", "standings", "warnings"}
    first = st["standings"][0]
    assert set(first) >= {"rank", "name", "tvp", "mvp", "tiebreakers"}
    assert (first["rank"], first["name"], first["mvp"]) == (1, a, 217)
    trail = json.loads(run(capsys, "tournament", "trail", ev, "--json"))
    assert [t["kind"] for t in trail] == ["result", "correction"]
    run(capsys, "tournament", "clock", ev, "start")
    clock = json.loads(run(capsys, "tournament", "clock", ev, "show", "--json"))
    assert clock["state"] == "running" and 0 < clock["left_seconds"] <= 90 * 60
    run(capsys, "tournament", "drop", ev, "Cato")


def test_a_laptop_at_a_table_sends_its_match_file_to_the_event(tmp_path, capsys, event_target):
    from test_scoring import finished_match

    run(capsys, "tournament", "new", event_target, "--name", "Laptop Cup", "--seed", "1")
    for n in ("Brin", "Ada"):
        run(capsys, "tournament", "add-player", event_target, n)
    run(capsys, "tournament", "pair", event_target)
    finished_match(tmp_path / "m.referee").close()  # Ada 44 MVP, Brin 18 MVP (test_scoring)
    sent = ["tournament", "result", event_target, "--round", "1", "--table", "1"]
    sent += ["--match", str(tmp_path / "m.referee"), "--who", "table 1 laptop"]
    # Not a match file the desk made for the table (issue 23): refused without a reason.
    assert main(sent) == 2
    assert "this match was not made by the desk" in capsys.readouterr().err
    out = run(capsys, *sent, "--override", "the table played on its own laptop's match")
    assert "Ada 44 MVP" in out and "Brin 18 MVP" in out
    trail = json.loads(run(capsys, "tournament", "trail", event_target, "--json"))
    assert [(t["who"], t["source"]) for t in trail] == [
        ("table 1 laptop", f"match file {tmp_path / 'm.referee'}")
    ]
    assert trail[0]["override"] == "the table played on its own laptop's match"
