"""The app's file dialogs list a folder without opening the files in it (issue 23, a second
line of defence: the match and event files no longer depend on the locks such an opening
drops, tests/app/test_app_writes_seen_whatever_opens_the_file.py).

Whether a file was opened is read from its access time: made old, a read moves it on (Linux's
relatime); a file system that keeps no access times skips the test."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QFileSystemModel

from referee.app.widgets.save_dialog import save_dialog
from referee.match.setup.demo import create_demo_match

LONG_AGO = time.time() - 3 * 86400


def made_old(path: Path) -> Path:
    os.utime(path, (LONG_AGO, LONG_AGO))
    return path


def read_since(path: Path) -> bool:
    return os.stat(path).st_atime != LONG_AGO


@pytest.fixture
def access_times_kept(tmp_path):
    probe = tmp_path / "probe"  # made old, then read: does its access time move on?
    probe.write_bytes(b"x")
    made_old(probe)
    probe.read_bytes()
    if not read_since(probe):
        pytest.skip("this file system keeps no access times")
    probe.unlink()


def test_the_export_dialog_lists_the_event_folder_without_opening_the_match_file_in_it(
    qtbot, tmp_path, access_times_kept
):
    match = tmp_path / "table-1.referee"
    create_demo_match(match).close()
    made_old(match)
    dialog = save_dialog(None, "Export to file", tmp_path / "Cup.pdf", "PDF (*.pdf)", ".pdf")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setViewMode(QFileDialog.ViewMode.Detail)  # the Type column too
    qtbot.addWidget(dialog)
    dialog.show()
    model = dialog.findChild(QFileSystemModel)
    assert model is not None
    qtbot.waitUntil(lambda: model.type(model.index(str(match))) != "", timeout=10000)
    assert model.type(model.index(str(match))) == "REFEREE file"  # told by its name
    assert not read_since(match)
    dialog.reject()
