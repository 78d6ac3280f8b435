"""Shared fixtures: the shipped rulesets and maps."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.paths import data_dir

# The app's tests (tests/app/) never need a display: Qt draws offscreen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

DATA = data_dir()


@pytest.fixture(scope="session")
def current():
    from referee.rules.ruleset import ruleset

    return ruleset("current")


@pytest.fixture(scope="session")
def first_draft():
    from referee.rules.ruleset import ruleset

    return ruleset("first-draft")


def map_path(name: str) -> Path:
    return DATA / "maps" / f"{name}.toml"
