"""A value pasted whole into a command (a 100 KB argument) is quoted by the message as a short
excerpt with its length, never whole (issue 23): one excerpt function, used by the family of
errors (:func:`referee.errors.excerpt`, and :func:`referee.errors.shortened` under every
message of the family and argparse's)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cli.main import main
from referee.errors import EXCERPT_CHARS, RefereeError, excerpt
from referee.match.games.orders_file import MatchFile
from referee.tournament.desk import Desk

LONG = "x" * 100_000
MOST = 1000
"""The longest message any of these may print (the command's own words and an excerpt)."""


def test_an_excerpt_is_short_and_says_how_long_the_value_was():
    text = excerpt(LONG)
    assert text.startswith("'xxx") and text.endswith("… (100000 characters)")
    assert len(text) == EXCERPT_CHARS + len("… (100000 characters)")
    assert excerpt("C4") == "'C4'"  # a short value is quoted whole


def test_every_message_of_the_family_quotes_a_long_value_as_an_excerpt():
    error = RefereeError(f"no unit {LONG!r} in this match")
    assert len(str(error)) < 200 and str(error).endswith("in this match")


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    MatchFile.create(
        tmp_path / "m.referee",
        map_name="entrenched",
        seed=1,
        units=[
            {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2"},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
        ],
    ).close()
    Desk.create(tmp_path / "ev.db", name="Cup", seed=1, who="desk").close()
    return tmp_path


COMMANDS = [
    ["units", "show", LONG],
    ["rules", "show", LONG],
    ["los", "entrenched", LONG, "C2"],
    ["visible", "entrenched", LONG],
    ["shot", "entrenched", LONG, "ork-grunts@E6"],
    ["shot", "entrenched", "e34@C2", "ork-grunts@E6", "--ruling", f"{LONG}=y"],
    ["odds", "hit", "--need", LONG],
    ["army", "validate", LONG],
    ["army", "sheet", LONG, "-o", "{f}/s.html"],
    ["match", "show", LONG],
    ["match", "new", "{f}/n.referee", "--map", "entrenched", "--unit", LONG],
    ["match", "step", "{f}/m.referee", "X", "-c", LONG],
    ["match", "step", "{f}/m.referee", "X", "-c", f"correct uid=grunts shaken={LONG}"],
    ["match", "step", "{f}/m.referee", "X", "-c", f"orders uid=tank turn=2 movement={LONG}"],
    ["replay", LONG],
    ["tournament", "standings", LONG],
    ["tournament", "tiebreakers", "{f}/ev.db", LONG],
    ["tournament", "new", "{f}/ev2.db", "--name", "n", "--game", LONG],
    ["tournament", "new", "{f}/ev2.db", "--name", "n", "--ruling", LONG],
    ["activation", "capture", "--pips", LONG],
    ["activation", "health-check", "--pips", "ally=1", "--unit", LONG],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(a[:2]) for a in COMMANDS])
def test_a_100_kb_argument_gives_a_short_message(files, capsys, argv):
    try:
        status = main([a.replace("{f}", str(files)) for a in argv])
    except SystemExit as exc:  # argparse's refusal
        status = exc.code
    err = capsys.readouterr().err
    assert status == 2 and err.strip(), err[:300]
    last = err.strip().splitlines()[-1]
    assert len(last) <= MOST, last[:300]
    assert "characters)" in last, last[:300]  # the value's length is said
