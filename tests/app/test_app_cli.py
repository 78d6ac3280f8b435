"""How ``referee`` starts: the app on a demo or a file, the text demo without a window."""

from __future__ import annotations

import sys

from referee.cli.main import main


def test_referee_demo_prints_the_text_demo(capsys):
    assert main(["demo"]) == 0
    assert "demo on" in capsys.readouterr().out


def test_without_a_display_referee_prints_why_and_the_text_demo(monkeypatch, capsys):
    for name in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert main([]) == 0
    captured = capsys.readouterr()
    assert "no display" in captured.err
    assert len(captured.err.strip().splitlines()) == 1
    assert "demo on" in captured.out


def test_without_pyside6_referee_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "referee.app.start.app", None)  # import fails
    assert main([]) == 0
    err = capsys.readouterr().err
    assert "pip install 'PySide6-Essentials>=6.6'" in err


def test_a_file_that_is_no_match_is_refused(tmp_path, capsys, qtbot):
    junk = tmp_path / "notes.referee"
    junk.write_text("not a match")
    assert main([str(junk)]) == 2
    assert "not a match file" in capsys.readouterr().err


def test_a_command_name_is_never_taken_for_a_file(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "demo").write_text("a file named like a command")
    assert main(["demo"]) == 0
    assert "demo on" in capsys.readouterr().out


def test_referee_file_opens_the_app_on_it(tmp_path, monkeypatch, qtbot):
    from referee.app.start import app as app_module
    from referee.match.setup.demo import create_demo_match

    path = tmp_path / "d.referee"
    create_demo_match(path).close()
    opened = []
    monkeypatch.setattr(app_module, "run_app", lambda p: opened.append(p) or 0)
    assert main([str(path)]) == 0
    assert opened == [str(path)]
