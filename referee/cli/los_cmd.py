"""``referee los`` and ``referee visible``: line of sight on a map, with its working."""

from __future__ import annotations

import argparse
from typing import Any


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("map", help="a map file (TOML) or the name of a shipped map (standard, ...)")
    p.add_argument("--edition", help="ruleset to use (default: the map's own edition)")
    p.add_argument(
        "--smoke",
        default="",
        metavar="HEXES",
        help="comma-separated hexes holding a smoke marker, e.g. C4,D5",
    )
    p.add_argument(
        "--ruling",
        action="append",
        default=[],
        metavar="ID=READING",
        help="read a ruling differently (house rule), e.g. los.edge-run=either-side",
    )
    p.add_argument("--json", action="store_true", help="print JSON")


def add_parser(sub: Any) -> None:
    los = sub.add_parser("los", help="line of sight between two hexes, with the working")
    _common(los)
    los.add_argument("frm", metavar="FROM", help="hex label, e.g. B3")
    los.add_argument("to", metavar="TO", help="hex label, e.g. F6")
    los.add_argument(
        "--from-level",
        type=int,
        choices=(0, 1, 2),
        help="height level at FROM (default: its terrain; flying = 2)",
    )
    los.add_argument(
        "--to-level",
        type=int,
        choices=(0, 1, 2),
        help="height level at TO (default: its terrain; flying = 2)",
    )
    los.set_defaults(run=run_los)

    vis = sub.add_parser("visible", help="the hexes seen from a hex (or from every hex)")
    _common(vis)
    vis.add_argument("frm", metavar="FROM", nargs="?", help="hex label (omit with --all)")
    vis.add_argument(
        "--level",
        type=int,
        choices=(0, 1, 2),
        help="height level at FROM (default: its terrain; flying = 2)",
    )
    vis.add_argument("--all", action="store_true", help="every hex of the map")
    vis.set_defaults(run=run_visible)


def run_los(args: argparse.Namespace) -> int:
    from referee.board.los import line_of_sight
    from referee.cli.common import rules_and_board
    from referee.cli.output import print_json, print_rulings, with_rulings

    rules, board = rules_and_board(args)
    bm = board.battle_map
    sight = line_of_sight(
        board, bm.parse(args.frm), bm.parse(args.to), args.from_level, args.to_level
    )
    data = with_rulings(sight.to_json(), rules.readings)
    if args.json:
        print_json(data)
        return 0
    verdict = "visible" if sight.visible else ("blind" if sight.blind else "blocked")
    print(f"{data['from']} -> {data['to']}: {verdict}")
    for line in sight.working:
        print(f"  {line}")
    print_rulings(data)
    return 0


# Up to this many hexes, ``visible FROM`` asks the reference tracer line by line: quicker
# than loading the array engines (numpy) for one answer.
REFERENCE_HEXES = 300


def run_visible(args: argparse.Namespace) -> int:
    from itertools import chain

    from referee.board.hexgrid import hex_label
    from referee.cli.common import rules_and_board
    from referee.cli.main import CommandError
    from referee.cli.output import print_rulings
    from referee.ruleset.used import rulings_used

    if args.all == bool(args.frm):
        raise CommandError("visible: give FROM, or --all (not both)")
    if args.all and args.level is not None:
        raise CommandError("visible --all uses each hex's own level; --level needs FROM")
    rules, board = rules_and_board(args)
    bm = board.battle_map
    labels = [hex_label(h) for h in bm.hexes]
    levels = {board.height(h) for h in bm.hexes}
    columns = {c for h in bm.hexes for c in board.columns(h)}
    if args.all:
        sources = levels
    else:
        sources = {args.level if args.level is not None else board.height(bm.parse(args.frm))}
    pairs = [(a, b) for a in sources for b in levels]
    used = rulings_used({"rulings": rules.los.table_rulings(pairs, columns)}, rules.readings)

    def listing(seen: Any, blind: Any) -> dict[str, list[str]]:
        return {"visible": [labels[i] for i in seen], "blind": [labels[i] for i in blind]}

    if not args.all and len(bm) <= REFERENCE_HEXES:
        from referee.board.los import seen_from

        source = bm.parse(args.frm)
        seen_hexes, blind_hexes = seen_from(board, source, args.level)
        index = bm.index
        found = listing([index[h] for h in seen_hexes], [index[h] for h in blind_hexes])
        _print_visible({"from": hex_label(source), **found, **used}, args.json)
        return 0

    from referee.board.visibility import Visibility
    from referee.paths import cache_dir

    vis = Visibility(board, cache=cache_dir())
    if args.all:
        # a source at a time, so that a map of any size streams in bounded memory
        rows = vis.rows()
        if args.json:
            hexes = ((labels[i], listing(seen, blind)) for i, seen, blind in rows)
            _stream_json(chain(hexes, used.items()))  # the rulings after the last hex
        else:
            for i, seen, blind in rows:
                print(f"{labels[i]}: sees {len(seen)}, blind {len(blind)}")
            print_rulings(used, indent="")
        return 0
    source = bm.parse(args.frm)
    seen1, blind1 = vis.from_hex(source, args.level)
    seen_list = listing(seen1.nonzero()[0], blind1.nonzero()[0])
    _print_visible({"from": hex_label(source), **seen_list, **used}, args.json)
    return 0


def _print_visible(result: dict[str, Any], as_json: bool) -> None:
    from referee.cli.output import print_json, print_rulings

    if as_json:
        print_json(result)
    else:
        print(
            f"from {result['from']}: {len(result['visible'])} visible, {len(result['blind'])} blind"
        )
        print(f"  visible: {' '.join(result['visible']) or '-'}")
        print(f"  blind:   {' '.join(result['blind']) or '-'}")
        print_rulings(result)


def _stream_json(items: Any) -> None:
    """A JSON object written one member at a time, as ``print_json`` would write it whole."""
    import json
    import sys
    from itertools import chain

    out = sys.stdout
    items = iter(items)
    head = next(items, None)  # the first answer worked out before anything is written:
    # a command refused at its start (a bad setting) prints no half object
    out.write("{")
    first = True
    for key, value in chain([head], items) if head is not None else ():
        body = json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n  ")
        out.write(f"{'' if first else ','}\n  {json.dumps(key, ensure_ascii=False)}: {body}")
        first = False
    out.write("\n}\n" if not first else "}\n")
