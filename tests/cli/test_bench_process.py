"""The benches time the installed referee, whatever folder they are started from."""

from __future__ import annotations

import pytest

from referee.bench.process import process_ms


def test_a_timed_command_runs_the_installed_referee_not_the_working_folder_s(
    tmp_path, monkeypatch: pytest.MonkeyPatch
):
    # another checkout's folder: python -c / -m put the working folder first on the path
    checkout = tmp_path / "checkout"
    (checkout / "referee").mkdir(parents=True)
    (checkout / "referee" / "__init__.py").write_text("raise SystemExit(3)\n")
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.chdir(checkout)
    wall, cpu = process_ms(["-c", "import referee.paths"], home)
    assert wall > 0 and cpu >= 0


def test_a_timed_command_that_fails_says_so(tmp_path):
    with pytest.raises(RuntimeError, match="exit status 3"):
        process_ms(["-c", "raise SystemExit(3)"], tmp_path)
