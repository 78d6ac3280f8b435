"""Where the project's data files live."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def data_dir() -> Path:
    """The ``data/`` folder: ``$REFEREE_DATA``, the checkout's, or the installed copy."""
    env = os.environ.get("REFEREE_DATA")
    if env:
        return Path(env)
    checkout = Path(__file__).resolve().parent.parent / "data"
    if checkout.is_dir():
        return checkout
    return Path(sys.prefix) / "share" / "referee" / "data"


def cache_dir() -> Path:
    """A folder for derived files that can always be rebuilt (map geometry)."""
    env = os.environ.get("REFEREE_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "referee"
