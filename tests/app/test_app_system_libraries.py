"""Without the system libraries Qt's X11 platform needs (libxcb-cursor0 and friends),
``referee`` says which packages to install and prints the text demo, instead of letting Qt
abort the process; it asks before Qt is started."""

from __future__ import annotations

import sys

import pytest

from referee.app.start import system_libraries
from referee.app.start.system_libraries import (
    XCB_LIBRARIES,
    import_problem,
    missing_libraries,
    uses_xcb,
)
from referee.cli.main import main

NO_SUCH = "libreferee-no-such-library.so.0"


def test_a_library_that_does_not_load_is_named_with_its_package():
    def load(name: str) -> object:
        if name == "libxcb-cursor.so.0":
            raise OSError(f"{name}: cannot open shared object file: No such file or directory")
        return object()

    assert missing_libraries(load=load) == {"libxcb-cursor.so.0": "libxcb-cursor0"}


def test_libraries_are_really_loaded_by_their_names():
    # the C library is on every Linux system; the made-up one on none
    found = missing_libraries({"libc.so.6": "libc6", NO_SUCH: "referee-no-such0"})
    assert found == {NO_SUCH: "referee-no-such0"}


def test_the_table_names_libxcb_cursor0_and_the_keyboard_library():
    assert XCB_LIBRARIES["libxcb-cursor.so.0"] == "libxcb-cursor0"
    assert XCB_LIBRARIES["libxkbcommon-x11.so.0"] == "libxkbcommon-x11-0"


@pytest.mark.parametrize(
    ("environ", "platform", "xcb"),
    [
        ({"DISPLAY": ":0"}, "linux", True),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb"}, "linux", True),
        ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, "linux", False),
        (
            {"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"},
            "linux",
            False,
        ),
        ({}, "linux", False),  # no display: nothing to draw on anyway
        ({"DISPLAY": ":0"}, "darwin", False),
    ],
)
def test_the_libraries_are_asked_for_only_where_qt_would_use_x11(environ, platform, xcb):
    assert uses_xcb(environ, platform) is xcb


def without_a_library(monkeypatch) -> None:
    """A display, Qt left to choose X11, and one library of the plugin missing."""
    monkeypatch.setenv("DISPLAY", ":99")
    for name in ("QT_QPA_PLATFORM", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setitem(system_libraries.XCB_LIBRARIES, NO_SUCH, "referee-no-such0")
    from referee.app.start import app as app_module

    def run_app(path: object) -> int:
        raise AssertionError("Qt was started without its libraries")

    monkeypatch.setattr(app_module, "run_app", run_app)


def test_referee_says_what_to_install_and_prints_the_text_demo(monkeypatch, capsys):
    without_a_library(monkeypatch)
    assert main([]) == 0
    captured = capsys.readouterr()
    assert len(captured.err.strip().splitlines()) == 1
    assert f"missing ({NO_SUCH})" in captured.err
    assert "sudo apt-get install referee-no-such0" in captured.err
    assert "here is the text demo instead" in captured.err
    assert "demo on" in captured.out


def test_a_match_file_is_not_opened_without_the_libraries(monkeypatch, capsys, tmp_path):
    from referee.match.setup.demo import create_demo_match

    path = tmp_path / "m.referee"
    create_demo_match(path).close()
    without_a_library(monkeypatch)
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert "sudo apt-get install referee-no-such0" in err and "match show" in err


def test_pyside6_failing_to_load_a_system_library_names_its_package():
    error = ImportError("libEGL.so.1: cannot open shared object file: No such file or directory")
    assert "sudo apt-get install libegl1" in (import_problem(error) or "")
    odd = ImportError("libodd.so.3: cannot open shared object file: No such file or directory")
    assert "missing (libodd.so.3); install the packages of your system" in (
        import_problem(odd) or ""
    )
    assert import_problem(ImportError("No module named 'PySide6'")) is None
