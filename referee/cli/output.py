"""Printing results: JSON for scripts, plain lines for people."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping
from typing import Any


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def with_rulings(
    data: dict[str, Any], readings: Mapping[str, str] | None = None, also: Iterable[str] = ()
) -> dict[str, Any]:
    """``data`` with the rulings its parts name (and ``also``) at its top: ``rulings``, the
    ids, and ``readings``, the reading ``readings`` (a ruleset's) takes of each. Every
    answer lists the rulings it used (:mod:`referee.ruleset.used`)."""
    from referee.ruleset.used import rulings_used

    data.update(rulings_used(data, readings, also))
    return data


def print_rulings(data: Mapping[str, Any], indent: str = "  ") -> None:
    """The answer's rulings line (``rulings: none`` when it used none)."""
    from referee.ruleset.used import rulings_text

    print(f"{indent}{rulings_text(data)}")
