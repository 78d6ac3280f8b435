"""What several commands share: house-rule readings, and a map with its ruleset and smoke."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.board.los import LosBoard
    from referee.ruleset import Ruleset


def parse_readings(items: list[str]) -> dict[str, str]:
    """``--ruling ID=READING`` options as a mapping (house rules for one command)."""
    from referee.cli.main import CommandError

    readings: dict[str, str] = {}
    for item in items:
        rid, sep, option = item.partition("=")
        if not sep or not rid.strip() or not option.strip():
            raise CommandError(f"--ruling {item!r}: expected ID=READING, e.g. los.edge-run=blocks")
        readings[rid.strip()] = option.strip()
    return readings


def rules_and_board(args: argparse.Namespace) -> tuple[Ruleset, LosBoard]:
    """The ruleset (``--edition``, ``--ruling``) and line-of-sight board of ``args.map``
    with ``--smoke`` markers; the map's own edition unless ``--edition`` names another."""
    from referee.board.los import los_board
    from referee.board.maps import find_map, load_map
    from referee.ruleset.shipped import ruleset

    path = find_map(args.map)
    bm = load_map(path)
    readings = parse_readings(args.ruling)
    shipped = ruleset(args.edition or bm.edition)  # cached: load_map has read it already
    rules = shipped.with_readings(readings) if readings else shipped
    if args.edition and args.edition != bm.edition:
        bm = load_map(path, rules.terrain)
    smoke = [bm.parse(x) for x in args.smoke.split(",") if x.strip()]
    return rules, los_board(bm, rules, smoke)
