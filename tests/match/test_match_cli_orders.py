"""The orders step on the command line: ``match show --json`` lists the units without
orders in the agenda, ``match step ... -c advance`` fails with exit status 1 naming them
(and changes nothing) unless given ``missing=confirm``, and ``advance skip=idle`` passes the
steps with nothing in them as one step."""

from __future__ import annotations

import json
from pathlib import Path

from referee.cli.main import main


def new_match(tmp_path: Path, capsys) -> str:
    f = str(tmp_path / "o.referee")
    assert (
        main(
            [
                "match",
                "new",
                f,
                "--map",
                "entrenched",
                "--seed",
                "7",
                "--unit",
                "tank standard-tank side=1 hex=C2 facing=3",
                "--unit",
                "grunts ork-grunts side=2 hex=E6",
            ]
        )
        == 0
    )
    capsys.readouterr()
    return f


def show(f: str, capsys) -> dict:
    assert main(["match", "show", f, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def step(f: str, *commands: str) -> int:
    args = ["match", "step", f, "Step"]
    for c in commands:
        args += ["-c", c]
    return main(args)


def test_show_lists_the_units_without_orders_in_the_agenda(tmp_path, capsys):
    f = new_match(tmp_path, capsys)
    assert step(f, 'orders uid=tank turn=1 movement="- + - + -" gunnery="Fire + -"') == 0
    capsys.readouterr()
    shown = show(f, capsys)
    assert (shown["turn"], shown["step"]) == (1, "orders")
    assert shown["agenda"]["orders_missing"] == ["tank", "grunts"]  # turn 2 for the tank too
    assert main(["match", "show", f]) == 0
    assert "grunts: no orders for turns 1 and 2" in capsys.readouterr().out


def test_advance_at_the_orders_step_fails_naming_the_units(tmp_path, capsys):
    f = new_match(tmp_path, capsys)
    before = Path(f).read_bytes()
    assert step(f, "advance") == 1
    err = capsys.readouterr().err
    assert "orders missing for tank: no orders for turns 1 and 2; grunts" in err
    assert "missing=confirm" in err
    assert Path(f).read_bytes() == before
    assert step(f, "advance to=gunnery-2") == 1
    assert Path(f).read_bytes() == before


def test_advance_missing_confirm_applies_the_rule_and_the_journal_says_so(tmp_path, capsys):
    f = new_match(tmp_path, capsys)
    assert main(["match", "step", f, "No orders", "-c", "advance missing=confirm", "--json"]) == 0
    written = json.loads(capsys.readouterr().out)
    event = written["events"][0]
    assert "orders.missing" in event["clauses"] and "orders.missing" in event["rulings"]
    assert (
        "tank: no orders for turns 1 and 2; confirmed by the referee: tank does nothing"
        in event["text"]
    )
    shown = show(f, capsys)
    assert (shown["turn"], shown["step"]) == (1, "gunnery-1")
    assert shown["agenda"]["orders_missing"] == []
    assert shown["orders"]["grunts"]["2"]["missing"] == "nothing"
    assert main(["match", "check", f]) == 0


def test_one_unit_at_a_time(tmp_path, capsys):
    f = new_match(tmp_path, capsys)
    assert (
        step(
            f,
            "orders uid=grunts turn=1 missing=confirm",
            "orders uid=grunts turn=2 missing=confirm",
        )
        == 0
    )
    capsys.readouterr()
    assert show(f, capsys)["agenda"]["orders_missing"] == ["tank"]
    assert step(f, "advance") == 1
    assert "tank" in capsys.readouterr().err


def test_advance_skip_idle_is_one_step_to_the_next_with_something_in_it(tmp_path, capsys):
    f = new_match(tmp_path, capsys)
    assert step(f, "advance missing=confirm") == 0
    assert step(f, "advance skip=idle") == 0
    out = capsys.readouterr().out
    assert "nothing to do in 36 steps" in out
    shown = show(f, capsys)
    assert (shown["turn"], shown["step"]) == (2, "orders")
    assert [s["name"] for s in shown["steps"]] == ["Step", "Step"]
