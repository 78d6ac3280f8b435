"""The hostile tests' surroundings: caches and imported rulebooks in a folder of their own."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(scope="module", autouse=True)
def own_folders(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """``REFEREE_CACHE`` and ``REFEREE_HOME`` under a temporary folder for the module."""
    root = tmp_path_factory.mktemp("hostile-home")
    saved = {k: os.environ.get(k) for k in ("REFEREE_CACHE", "REFEREE_HOME")}
    os.environ["REFEREE_CACHE"] = str(root / "cache")
    os.environ["REFEREE_HOME"] = str(root / "home")
    yield root
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
