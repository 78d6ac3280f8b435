"""Typos end in one clear line naming what was typed, never a traceback (issue 23): a folder
that does not exist, a number of models a unit does not have, ``--1``, and digits that are
no number a referee typed (``²``: ``str.isdigit`` says yes, ``int`` says no), in commands,
text journals and the activation rules' lookups; and every number typed is read by one
parser (:func:`referee.errors.whole_number`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cli.main import main
from referee.errors import whole_number
from referee.match.games.orders_file import MatchFile

JOURNALS = Path(__file__).parent.parent / "match" / "journals"


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], *words: str) -> str:
    """``referee ARGV`` refused in one line ``referee: ...`` holding ``words``."""
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert "Traceback" not in err and len(lines) == 1 and lines[0].startswith("referee: "), err
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


@pytest.fixture
def match(tmp_path: Path) -> Path:
    path = tmp_path / "x.referee"
    MatchFile.create(
        path,
        map_name="entrenched",
        seed=3,
        units=[
            {"uid": "tank", "unit": "standard-tank", "side": 1, "hex": "C2"},
            {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "E6"},
        ],
    ).close()
    return path


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("7", 7),
        (" -12 ", -12),
        ("+3", 3),
        ("²", None),  # a superscript: isdigit() says yes, int() refuses it
        ("-²", None),
        ("--1", None),
        ("\u0661", None),  # an Arabic-Indic one: int() takes it; no referee typed it
        ("1_000", None),  # int() takes it too
        ("1.5", None),
        ("", None),
        ("9" * 19, None),  # longer than any number a file keeps (below 2^63)
    ],
)
def test_a_number_typed_is_ascii_digits_with_a_sign_or_nothing(text, number):
    assert whole_number(text) == number


def test_a_new_match_in_a_folder_that_does_not_exist_names_the_folder(tmp_path, capsys):
    target = tmp_path / "no-such-folder" / "x.referee"
    unit = "tank standard-tank side=1 hex=C2"
    refused(
        capsys, ["match", "new", str(target), "--map", "entrenched", "--unit", unit], "no folder"
    )
    assert not target.parent.exists()


@pytest.mark.parametrize("alive", ["5", "-1", "99999999999999999999"])
def test_a_shot_at_more_models_than_the_target_has_is_refused(capsys, alive):
    refused(
        capsys,
        ["shot", "entrenched", "e34@C2", "ork-grunts@E6", "--alive", alive],
        f"--alive {alive}",
        "has 4 models",
    )


@pytest.mark.parametrize(
    ("command", "field"),
    [
        ("orders uid=tank turn=--1 movement=F", "turn"),
        ("orders uid=tank turn=² movement=F", "turn"),
        ("correct-hex hex=D5 marker=smoke count=²", "count"),
        ("correct-hex hex=D5 marker=smoke count=--1", "count"),
        ("correct uid=grunts shaken=²", "shaken"),
        ("correct uid=grunts facing=³", "facing"),
    ],
)
def test_a_number_that_is_no_number_in_a_command_names_its_field(match, capsys, command, field):
    before = match.read_bytes()
    refused(capsys, ["match", "step", str(match), "Typo", "-c", command], field)
    assert match.read_bytes() == before


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("seed: ²", ("seed",)),
        ("dice: 4 ²", ("dice",)),
    ],
)
def test_a_number_that_is_no_number_in_a_journal_names_its_line(tmp_path, capsys, line, words):
    text = (JOURNALS / "tank-and-grunts.journal").read_text(encoding="utf-8").splitlines()
    at = next(i for i, t in enumerate(text) if t.startswith("step:")) + 1
    text.insert(at, line)
    journal = tmp_path / "typo.journal"
    journal.write_text("\n".join(text) + "\n", encoding="utf-8")
    refused(capsys, ["replay", str(journal)], str(journal), f"line {at + 1}", *words)


def test_a_command_in_a_journal_with_a_superscript_names_its_step(tmp_path, capsys):
    text = (JOURNALS / "tank-and-grunts.journal").read_text(encoding="utf-8").splitlines()
    at = next(i for i, t in enumerate(text) if t.startswith("step:")) + 1
    text.insert(at, "correct-hex hex=D5 marker=smoke count=²")
    journal = tmp_path / "typo.journal"
    journal.write_text("\n".join(text) + "\n", encoding="utf-8")
    refused(capsys, ["replay", str(journal)], str(journal), "count")


@pytest.mark.parametrize(
    "argv",
    [
        ["activation", "capture", "--pips", "ally=²"],
        ["activation", "capture", "--pips", "ally=--1"],
        ["activation", "damage-fortification", "--pips", "ally=²,enemy=1", "--hits", "1"],
        ["activation", "health-check", "--pips", "ally=²", "--unit", "rifles:1:3"],
        ["activation", "health-check", "--pips", "ally=3", "--unit", "rifles:1:²"],
        ["activation", "health-check", "--pips", "ally=3", "--unit", "rifles:1:-1"],
    ],
)
def test_the_activation_lookups_refuse_a_number_that_is_no_number(capsys, argv):
    refused(capsys, argv)
