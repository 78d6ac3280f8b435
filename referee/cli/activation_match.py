"""``referee match ...`` on a match of the activation rules: what differs from a match of
written orders (``match_cmd``): making one (its armies and the missions offered), showing it
(whose turn it is, the pieces, the fortifications' pips) and its report. Stepping, undo,
redo and the check are the same commands on the same file.

``referee match new FILE --ruleset activation --unit "tank battle-tank side=1" ...
[--mission crossroads ...] [--seed N]``: both armies on their rosters (no hex: units are
deployed in the game); ``referee match step FILE NAME -c "deploy side=1 uid=tank hex=H15"``
takes the activation rules' commands (``referee/rules/activation/commands.py``).
"""

from __future__ import annotations

import argparse
from typing import Any

from referee.match.games.activation_file import ActivationMatch

SYSTEM = ActivationMatch.SYSTEM


def run_new(
    args: argparse.Namespace,
    units: list[dict[str, Any]],
    ruleset: str,
    seed: int | None,
    readings: dict[str, str],
    missions: list[str],
) -> int:
    from referee.cli.main import CommandError

    if args.army or args.scenario or args.victory or args.map:
        raise CommandError(
            "match new: a match of the activation rules takes its armies with "
            '--unit "UID CARD side=N" and its missions with --mission; its '
            "map is the mission's (no --map, --army, --scenario or --victory)"
        )
    if not units:
        raise CommandError(
            'match new: give both armies with --unit "UID CARD side=N" '
            "(referee activation units lists the cards)"
        )
    with ActivationMatch.create(
        args.file,
        units=units,
        ruleset=ruleset,
        missions=missions or None,
        readings=readings,
        seed=seed,
        title=args.title,
    ) as m:
        print(
            f"{args.file}: new match of {m.rules.name}, {len(units)} units and structures, "
            f"seed {m.seed}"
        )
        print(f"  missions: {', '.join(m.state.missions_left)}")
        print(f"  now: {m.system.agenda(m.state)}")
    return 0


def show_json(m: ActivationMatch) -> dict[str, Any]:
    """What ``match show --json`` prints: the state's JSON form, what the game asks now, the
    ruleset and the steps."""
    state = m.state
    data: dict[str, Any] = {"system": m.SYSTEM, "ruleset": m.rules.id, **state.to_json()}
    data["asked"] = m.system.agenda(state)
    data["steps"] = [
        {"number": s.number, "name": s.name, "undone": s.undone}
        for s in m.steps(include_undone=True)
    ]
    return data


def run_show(m: ActivationMatch, args: argparse.Namespace) -> int:
    from referee.board.edge_words import sides_edges_words
    from referee.board.hexgrid import DIRECTION_NAMES, hex_label
    from referee.cli.output import print_json, print_rulings, with_rulings

    data = with_rulings(show_json(m), m.rules.readings)
    if args.json:
        print_json(data)
        return 0
    state = m.state
    mission = f", mission {state.mission}" if state.mission else ""
    print(
        f"{m.meta.get('title') or m.path.name}: {m.rules.name}{mission}, {state.phase} "
        f"phase, {state.activations} activations"
    )
    if state.mission:  # where each side deploys, as the map shows it
        edges = m.game.mission(state).edges
        print(f"  edges: {sides_edges_words(m.game.maps[state.mission], edges)}")
    print(f"  now: {m.system.agenda(state)}")
    for p in sorted(state.pieces.values(), key=lambda p: (p.side, p.uid)):
        where = "" if p.hex is None else f" at {hex_label(p.hex)}"
        if p.hex is not None and p.kind == "unit":
            where += f" facing {DIRECTION_NAMES[p.facing]}"
        aboard = f" in {p.carrier}" if p.carrier else ""
        stats = f"; {p.health} H, {p.ammunition} ammunition" if p.kind == "unit" else ""
        print(f"  {p.uid:<14} {p.card:<16} side {p.side} {p.status}{where}{aboard}{stats}")
    for h, f in sorted(state.fortifications.items()):
        owner = f"side {f.owner}'s" if f.owner is not None else "the mission's"
        print(f"  {hex_label(h)}: {f.structure} ({owner}), pips {f.pips.text()}")
    print("steps:")
    for s in m.steps(include_undone=True):
        print(f"  {s.number:>3}. {s.name}{'  (undone)' if s.undone else ''}")
    print_rulings(data, "")
    return 0


def report(m: ActivationMatch) -> str:
    from referee.match.reports.activation_report import activation_report

    return activation_report(m)
