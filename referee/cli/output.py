"""Printing results: JSON for scripts, plain lines for people."""

from __future__ import annotations

import json
import sys
from typing import Any


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
