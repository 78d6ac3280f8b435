"""Malformed maps and unit files: every one gives a message naming the file and the key, or
is taken; none gives a traceback or keeps referee busy without end (issue 11)."""

from __future__ import annotations

from typing import Any

from hostile_data import garbled, mutated, shipped, toml_text, write
from hostile_harness import HOSTILE, own_folders, run_cli  # noqa: F401 (autouse fixture)
from hypothesis import given
from hypothesis import strategies as st

STANDARD = shipped("maps/standard.toml")
ORKS = shipped("units/sample/ork.toml")
STANDARD_TEXT = toml_text(STANDARD)
ORKS_TEXT = toml_text(ORKS)


@st.composite
def map_files(draw: Any) -> str:
    if draw(st.booleans()):
        return toml_text(mutated(STANDARD, draw))
    return garbled(STANDARD_TEXT, draw)


@st.composite
def unit_files(draw: Any) -> str:
    if draw(st.booleans()):
        return toml_text(mutated(ORKS, draw))
    return garbled(ORKS_TEXT, draw)


@HOSTILE
@given(text=map_files())
def test_a_malformed_map_is_refused_with_its_key_or_taken(tmp_path_factory, text):
    folder = tmp_path_factory.mktemp("map")
    path = write(folder, "hostile.toml", text)
    for argv in (
        ["map", "check", str(path)],
        ["map", "check", str(path), "--json"],
        ["los", str(path), "A1", "C3", "--json"],
        [
            "match",
            "new",
            str(folder / "m.referee"),
            "--map",
            str(path),
            "--unit",
            "tank standard-tank side=1 hex=C8",
            "--unit",
            "grunts ork-grunts side=2 hex=C2",
        ],
    ):
        run_cli(argv, "maps", watch=folder)


@HOSTILE
@given(text=unit_files())
def test_a_malformed_unit_file_is_refused_with_its_unit_and_field_or_taken(tmp_path_factory, text):
    folder = tmp_path_factory.mktemp("units")
    path = write(folder, "hostile.toml", text)
    run_cli(["units", "check", str(path)], "units", watch=folder)
    run_cli(["units", "check", str(path), "--json"], "units", watch=folder)
