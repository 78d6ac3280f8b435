"""Every file named after a name stays in its folder (issue 23): ``referee.paths.safe_file_name``
is the one place a name becomes a file name (backups, exports, players' pages, army sheets,
maps, demo and new matches)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from referee.paths import SAFE_NAME_MAX_CHARS, safe_file_name

FOLDER = Path("/srv/referee/backups")


@given(st.text(max_size=300))
def test_any_name_makes_a_file_name_inside_its_folder(name):
    stem = safe_file_name(name, "event")
    path = FOLDER / f"{stem}-before-round-1.db"
    assert path.parent == FOLDER and Path(stem).name == stem
    assert stem and not stem.startswith((".", "-", "_")) and ".." not in stem
    assert len(stem) <= SAFE_NAME_MAX_CHARS
    assert all(c.isascii() and (c.isalnum() or c in "-_") for c in stem)


def test_names_keep_their_letters_and_digits():
    assert safe_file_name("Open 2027", "event") == "Open-2027"
    assert safe_file_name("../../x", "event") == "x"
    assert safe_file_name("..", "event") == "event"
    assert safe_file_name("a\\b/c", "event") == "a-b-c"
    assert safe_file_name("Zoë's army", "army") == "Zo-s-army"


def test_a_name_windows_reserves_is_not_a_file_name():
    assert safe_file_name("con", "event") == "event"
    assert safe_file_name("LPT1", "event") == "event"
