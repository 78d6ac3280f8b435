"""``referee match`` and ``referee replay``: drive and inspect a match file without the app.

Commands inside a step use the text-journal syntax (``referee/match/journal/journal_text.py``):
``fire shooter=tank target=grunts``, ``apply-damage``, ``agony step=2``, ``aftermath``,
``orders uid=tank turn=2 movement="F + F + -" gunnery="Fire + -"``,
``correct uid=grunts hex=E5 alive=3``, ``movement step=1``, ``assault contest=0``,
``advance`` / ``advance to=aftermath`` / ``advance skip=idle`` (on past every step with
nothing to do). At the orders step ``advance`` fails (exit status 1) naming the units without
orders for this turn or the next, unless given ``missing=confirm`` (the edition's rule for a
missing order applies to each; ``orders uid=U turn=T missing=confirm`` does it for one unit).
At a gunnery step ``advance`` fails (exit status 1) naming the units ordered to fire, with
something they may fire at, that have not fired, unless given ``unfired=pass`` (each holds its
fire, named in the step's text; ruling ``turn.unfired-fire-order``).
Before the first turn of a scenario: ``setup-roll``, ``place uid=tank hex=C8 facing=N
speed=slow``, ``setup-pass side=2`` and ``reveal``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

ENGINE = ("referee.match.games.systems",)
"""The modules every match command runs on."""
SHOW_ENGINE = (
    "referee.rules.orders.agenda",
    "referee.rules.orders.concealment",
    "referee.rules.orders.victory",
)
"""What ``match show`` of a match of written orders runs on, once the file says so."""


def add_parser(sub: Any, action: str | None = None) -> None:
    """``referee match`` with its actions (only ``action``'s parser when it is one of
    :data:`ACTIONS`: a command builds the parser it runs), and ``referee replay``."""
    match = sub.add_parser("match", help="create, drive and inspect a match file")
    match.set_defaults(engine=ENGINE)  # imported at the start (referee/cli/start.py)
    msub = match.add_subparsers(dest="match_command", metavar="ACTION")
    for name, add in ACTIONS.items():
        if action not in ACTIONS or name == action:
            add(msub)

    replay = sub.add_parser("replay", help="play a text journal and print the state as JSON")
    replay.add_argument(
        "journal", help="a text journal (format: referee/match/journal/journal_text.py)"
    )
    replay.add_argument("--keep", metavar="FILE", help="keep the match file written")
    replay.set_defaults(
        run=run_replay,
        engine=(*ENGINE, "referee.match.journal.journal_text", "referee.rules.orders.step"),
    )


def _new_parser(msub: Any) -> None:
    new = msub.add_parser("new", help="a new match file")
    new.add_argument("file")
    new.add_argument("--map", help="a map file or shipped map name (default: from --from)")
    new.add_argument(
        "--edition",
        "--ruleset",
        dest="edition",
        help="ruleset (default: the map's edition); --ruleset activation makes a "
        "match of the activation rules",
    )
    new.add_argument(
        "--mission",
        action="append",
        default=[],
        metavar="ID",
        help="activation rules: a mission offered for the bans (repeat; default: every mission)",
    )
    new.add_argument("--seed", type=int, help="seed of the app's dice (default: random)")
    new.add_argument(
        "--unit",
        action="append",
        default=[],
        metavar='"UID UNIT side=N hex=C2"',
        help='a unit of the set-up, e.g. "tank standard-tank side=1 hex=C2 facing=3" (repeat)',
    )
    new.add_argument(
        "--army",
        action="append",
        default=[],
        metavar="SIDE=FILE",
        help="an army list for a side, e.g. --army 1=vanguard.toml (its units are set up in "
        "the side's zone, front rows first)",
    )
    new.add_argument(
        "--from",
        dest="journal",
        metavar="JOURNAL",
        help="take map, edition, seed and units from a text journal's set-up",
    )
    new.add_argument("--ruling", action="append", default=[], metavar="ID=READING")
    new.add_argument("--title", default="")
    new.add_argument(
        "--scenario",
        help="a scenario (entrenched, standard-battle, or a file): its map and zones; a unit "
        "given without hex= waits for the scenario's setup procedure",
    )
    new.add_argument(
        "--victory", help="the victory condition: friendly, or fixed-time (with --minutes)"
    )
    new.add_argument("--minutes", type=int, help="the time limit of a fixed-time match")
    new.set_defaults(run=run_new)


def _show_parser(msub: Any) -> None:
    show = msub.add_parser("show", help="the match now: units, markers, pending damage, steps")
    show.add_argument("file")
    show.add_argument("--json", action="store_true")
    show.add_argument(
        "--view",
        type=int,
        choices=(1, 2),
        metavar="SIDE",
        help="as side SIDE sees it: the other side's hidden units as hidden "
        "tokens, a blind setup's placements kept until the reveal",
    )
    show.set_defaults(run=run_show)


def _step_parser(msub: Any) -> None:
    step = msub.add_parser("step", help="carry out one named step of commands")
    step.add_argument("file")
    step.add_argument("name", help='the step\'s name, e.g. "Gunnery 1: tank fires"')
    step.add_argument(
        "--command",
        "-c",
        action="append",
        default=[],
        required=True,
        metavar='"KIND key=value..."',
        help="a command (repeat, in order)",
    )
    step.add_argument(
        "--dice",
        nargs="*",
        type=int,
        default=[],
        help="dice rolled at the table, in the order asked (the app rolls the rest)",
    )
    step.add_argument("--json", action="store_true")
    step.set_defaults(run=run_step)


def _undo_parser(msub: Any, action: str = "undo") -> None:
    p = msub.add_parser(action, help=f"{action} the last step")
    p.add_argument("file")
    screen = p.add_mutually_exclusive_group()
    screen.add_argument(
        "--view",
        type=int,
        choices=(1, 2),
        metavar="SIDE",
        help=f"side SIDE is at a blind setup's screen: {action} its own entries only "
        "(ruling setup.blind-undo), the step named as SIDE sees it",
    )
    screen.add_argument(
        "--referee",
        action="store_true",
        help=f"only the referee reads this screen: {action} a blind setup's entry of either side",
    )
    p.set_defaults(run=run_undo_redo, action=action)


def _redo_parser(msub: Any) -> None:
    _undo_parser(msub, "redo")


def _report_parser(msub: Any) -> None:
    report = msub.add_parser("report", help="the journal as a readable HTML page")
    report.add_argument("file")
    report.add_argument("--output", "-o", help="where to write (default: FILE.html)")
    report.add_argument(
        "--force", action="store_true", help="replace an existing report (never a match file)"
    )
    report.set_defaults(run=run_report)


def _check_parser(msub: Any) -> None:
    check = msub.add_parser("check", help="replay the journal and compare every event")
    check.add_argument("file")
    check.set_defaults(run=run_check)


def _copy_parser(msub: Any) -> None:
    copy = msub.add_parser(
        "copy",
        help="write the match whole to a new file (every step, undone ones too), as the "
        "window's File > Save As does",
    )
    copy.add_argument("file")
    copy.add_argument("new", help="the new match file (never an existing file)")
    copy.set_defaults(run=run_copy)


ACTIONS: dict[str, Callable[[Any], None]] = {
    "new": _new_parser,
    "show": _show_parser,
    "step": _step_parser,
    "undo": _undo_parser,
    "redo": _redo_parser,
    "report": _report_parser,
    "check": _check_parser,
    "copy": _copy_parser,
}
"""The actions of ``referee match``, in the order of its help, each with what builds its
parser: ``referee match check FILE`` builds only check's (:func:`referee.cli.main.build_parser`);
an unknown action or ``--help`` builds them all, so the help and the refusal list every one."""


def _open(path: str) -> Any:
    from referee.match.games.systems import open_match

    return open_match(path)


def _system_view(system: str) -> Any:
    """The commands' own views of a game system's matches other than written orders (the
    activation rules), by the system of the match's ruleset; None: the views here (a
    match of written orders imports no other system's views, nor their engine)."""
    from referee.match.games.systems import ORDERS

    if system == ORDERS:
        return None
    from referee.cli import activation_match

    return {activation_match.SYSTEM: activation_match}.get(system)


def run_new(args: argparse.Namespace) -> int:
    from referee.cli.common import parse_readings
    from referee.cli.main import CommandError
    from referee.match.games.orders_file import MatchFile
    from referee.match.journal.journal_text import parse_unit_line, read_journal

    units = [parse_unit_line(u, f"--unit {u!r}") for u in args.unit]
    map_name, edition, seed = args.map, args.edition, args.seed
    readings = parse_readings(args.ruling)
    scenario = args.scenario
    victory: dict[str, Any] | None = None
    if args.victory:
        victory = {"condition": args.victory}
        if args.minutes is not None:
            victory["minutes"] = args.minutes
    elif args.minutes is not None:
        raise CommandError("match new: --minutes goes with --victory fixed-time")
    if args.journal:
        j = read_journal(args.journal)
        units = j.units + units
        map_name = map_name or j.map
        edition = edition or j.edition
        seed = seed if seed is not None else j.seed
        readings = {**j.readings, **readings}
        scenario = scenario or j.scenario
        victory = victory or j.victory
    from referee.match.games.systems import match_class

    view = _system_view(match_class(edition).SYSTEM)
    if view is not None:
        missions = args.mission or (j.missions if args.journal else [])
        return int(view.run_new(args, units, edition, seed, readings, missions))
    if not map_name and not scenario:
        raise CommandError("match new: give --map or --scenario (or --from JOURNAL)")
    if args.army:
        units += _army_units(args.army, map_name, edition, readings, units, scenario)
    if not units:
        raise CommandError("match new: give the units with --unit or --army (or --from JOURNAL)")
    with MatchFile.create(
        args.file,
        map_name=map_name or "",
        units=units,
        ruleset=edition,
        readings=readings,
        seed=seed,
        title=args.title,
        scenario=scenario,
        victory=victory,
    ) as m:
        print(
            f"{args.file}: new match on {m.battle_map.name} ({m.rules.name}), "
            f"{len(units)} units, seed {m.seed}"
        )
        _print_setup(m)
    return 0


def _army_units(
    given: list[str],
    map_name: str,
    edition: str | None,
    readings: dict[str, str],
    others: list[dict[str, Any]],
    scenario: str | None = None,
) -> list[dict[str, Any]]:
    """The set-up of ``--army SIDE=FILE`` options; an army that is not valid is refused with
    every problem (its file, unit entry, field and clause). With a scenario the units wait
    for its setup procedure instead of standing front rows first."""
    import tomllib

    from referee.army import Army, load_army, validate_army
    from referee.board.maps import find_map, load_map
    from referee.cli.main import CommandError
    from referee.match.setup.army_setup import army_units
    from referee.ruleset.shipped import load_ruleset

    armies: dict[int, Army] = {}
    for text in given:
        word, sep, path = text.partition("=")
        if not sep or word.strip() not in ("1", "2") or not path:
            raise CommandError(f"match new: --army {text!r}: write SIDE=FILE, SIDE 1 or 2")
        if int(word) in armies:
            raise CommandError(f"match new: two armies for side {word}")
        armies[int(word)] = load_army(path)
    chosen = None
    if scenario:
        from referee.scenarios.loader import find_scenario

        chosen = find_scenario(scenario)
        map_name, edition = map_name or chosen.map, edition or chosen.edition
    map_path = find_map(map_name)
    edition = edition or str(tomllib.loads(map_path.read_text("utf-8")).get("edition", "current"))
    rules = load_ruleset(edition, readings)
    problems = []
    for side, army in sorted(armies.items()):
        other = armies.get(3 - side)
        report = validate_army(army, rules=rules, opponent=other)
        problems += [f"side {side}: {army.path}: {e.text()}" for e in report.errors]
    if problems:
        raise CommandError(
            "match new: an army is not valid (referee army validate FILE):\n  "
            + "\n  ".join(problems)
        )
    battle_map = load_map(map_path, rules.terrain)
    if chosen is not None:
        from referee.scenarios.battlefield import scenario_map

        battle_map = scenario_map(battle_map, chosen, rules)
    placed = army_units(battle_map, rules, armies, [o for o in others if o.get("hex")])
    if chosen is None:
        return placed
    return [{k: v for k, v in u.items() if k not in ("hex", "facing")} for u in placed]


def _print_setup(m: Any) -> None:
    """The scenario, the victory condition and what the setup asks now, if any."""
    from referee.rules.orders.setup_commands import setup_board
    from referee.rules.orders.victory import eliminated
    from referee.scenarios.procedure import setup_asked

    if m.scenario is not None:
        print(f"  scenario: {m.scenario.name}")
    victory = m.victory
    if victory is not None:
        minutes = f", {victory['minutes']} minutes" if victory.get("minutes") else ""
        gone = eliminated(m.state)
        out = "".join(f"; side {side} is eliminated" for side in gone)
        print(f"  victory: {victory.get('name', victory['condition'])}{minutes}{out}")
    state = m.state
    if state.setup is not None and not state.setup.done:
        print(f"  setup: {setup_asked(setup_board(state), state.setup)}")


def run_show(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json, print_rulings, with_rulings

    with _open(args.file) as m:
        view = _system_view(m.SYSTEM)
        if view is not None:
            return int(view.run_show(m, args))
        # a match of written orders: its agenda, its hidden units, its victory condition
        from referee.cli.start import import_engine_later

        import_engine_later(SHOW_ENGINE)
        from referee.rules.orders.agenda import match_agenda
        from referee.rules.orders.concealment import (
            conceal_steps,
            concealed_uids,
            hidden_tokens,
            seen_state,
        )
        from referee.rules.orders.victory import eliminated

        full = m.state
        others = () if args.view is None else (3 - args.view,)
        state = seen_state(full, others)
        hidden = concealed_uids(full, others)
        steps = conceal_steps(m.steps(include_undone=True), full, others)
        if args.json:
            data = state.to_json()
            data["orders"] = {u: o for u, o in data["orders"].items() if u not in hidden}
            data["agenda"] = match_agenda(state).to_json()
            data["victory"] = m.victory
            if data["victory"] is not None:
                data["victory"]["eliminated"] = list(eliminated(full))
            data["setup"] = _setup_json(m, args.view)
            data["steps"] = [
                {"number": s.number, "name": s.name, "undone": s.undone} for s in steps
            ]
            if args.view is not None:
                data["view"] = args.view
                data["hidden_tokens"] = hidden_tokens(full, others)
            print_json(with_rulings(data, m.rules.readings, _waiting_rulings(state)))
            return 0
        print(
            f"{m.meta.get('title') or m.path.name}: {m.rules.name}, map "
            f"{m.battle_map.name}, turn {state.turn}, step {state.step}"
            + (f" (as side {args.view} sees it)" if args.view is not None else "")
        )
        _print_setup(m)
        if state.setup is None or state.setup.done:
            for line in match_agenda(state).explain().splitlines():
                print(f"  {line}")
        for u in state.units.values():
            extra = [
                f"{k} {getattr(u, k)}"
                for k in ("damage_tokens", "shaken", "fire", "acid", "minor_acid")
                if getattr(u, k)
            ]
            extra += [
                f"{k.capitalize()}[{d}]" for k in ("poison", "bleeding") for d in getattr(u, k)
            ]
            print(
                f"  {u.uid:<14} {u.unit.name:<22} side {u.side} at {u.hex} facing {u.facing} "
                f"{u.speed}; {u.alive}/{u.unit.models} alive"
                + (f"; {', '.join(extra)}" if extra else "")
            )
        for token in hidden_tokens(full, others):
            print(f"  {'(hidden)':<14} {'hidden token':<22} side {token['side']} at {token['hex']}")
        for h in state.hexes.hexes():
            marks = ", ".join(f"{mk.kind}{mk.notation()} x{mk.count}" for mk in state.hexes.at(h))
            print(f"  {h}: {marks}")
        if state.pending:
            print(
                f"  pending damage: {len(state.pending)} roll(s), applied at the next "
                "'apply damage'"
            )
        if state.pending_conditions:
            print(
                f"  pending conditions: {len(state.pending_conditions)} (fire, acid, poison), "
                "placed at the next 'apply damage'"
            )
        print("steps:")
        for s in steps:
            print(f"  {s.number:>3}. {s.name}{'  (undone)' if s.undone else ''}")
        agenda = {"agenda": match_agenda(state).to_json(), "setup": _setup_json(m, args.view)}
        print_rulings(with_rulings(agenda, m.rules.readings, _waiting_rulings(state)), "")
    return 0


def _waiting_rulings(state: Any) -> tuple[str, ...]:
    """Why fire, acid or poison waits for 'apply damage': ruling ``fire.condition-timing``."""
    return ("fire.condition-timing",) if state.pending_conditions else ()


def _setup_json(m: Any, view: int | None = None) -> dict[str, Any] | None:
    """The setup's progress with what it asks now and which units may be placed, each with
    its legal hexes (seen by side ``view``: only its own placements entered and units to
    place)."""
    from referee.board.hexgrid import hex_label
    from referee.rules.orders.setup_commands import setup_board
    from referee.scenarios.procedure import legal_now, may_place_now, setup_asked

    state = m.state
    if state.setup is None:
        return None
    board = setup_board(state)
    data: dict[str, Any] = state.setup.to_json()
    data["asked"] = setup_asked(board, state.setup)
    data["may_place"] = {
        uid: sorted(hex_label(h) for h in legal_now(board, state.setup, uid).hexes)
        for uid in may_place_now(board, state.setup)
    }
    if view is not None:
        mine = {w.uid for w in state.setup.waiting if w.side == view}
        data["entered"] = {u: e for u, e in data["entered"].items() if u in mine}
        data["may_place"] = {u: h for u, h in data["may_place"].items() if u in mine}
    return data


def run_step(args: argparse.Namespace) -> int:
    import sys

    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.cli.start import import_engine_later
    from referee.match.journal.journal_text import parse_command
    from referee.rules.orders.advance import ClockHeldError
    from referee.ruleset.used import rulings_text, rulings_used

    with _open(args.file) as m:
        import_engine_later(m.STEP_ENGINE)
        commands = [parse_command(c, f"--command {c!r}", m.SYSTEM) for c in args.command]
        for command in commands:  # typed now: what its journal form may leave out, said
            m.system.check_typed(m.state, command)
        try:
            step = m.run(args.name, commands, typed=args.dice)
        except ClockHeldError as exc:  # the clock waits for orders or fire: not a usage error
            print(f"referee: {exc}", file=sys.stderr)
            return 1
        events = [e.to_row() for e in step.events]
        data = {"number": step.number, "name": step.name, "events": events}
        with_rulings(data, m.rules.readings)
        if args.json:
            print_json(data)
            return 0
        print(f"{step.number}. {step.name}")
        for e, row in zip(step.events, events, strict=True):
            for line in m.system.shown(e).text.splitlines():  # today's words
                print(f"  {line}")
            if e.clauses:
                print(f"  why: {', '.join(e.clauses)}")
            used = rulings_used(row, m.rules.readings)
            if used["rulings"] and len(events) > 1:
                print(f"  {rulings_text(used)}")
        print_rulings(data)
    return 0


def _behind_screen(m: Any, args: argparse.Namespace) -> None:
    """Refuse an undo or redo (``args.action``) that would take back or bring back a blind
    setup's entry the side at the screen may not see (ruling ``setup.blind-undo``): with
    ``--view SIDE`` as the window's Edit > Undo does; with neither ``--view`` nor
    ``--referee``, any blind entry, saying whose it is (no screen here says who looks)."""
    if m.SYSTEM != "orders" or args.referee:
        return
    from referee.rules.orders.blind_screen import screen_refusal, screen_up, unscreened_refusal

    state = m.state
    if not screen_up(state):
        return
    steps = m.steps(include_undone=True)
    undone = [s for s in steps if s.undone]  # redo brings back the first of them
    moving = undone[:1] if args.action == "redo" else [s for s in steps if not s.undone][-1:]
    if args.view is not None:
        why = screen_refusal(moving, state, args.view, args.action, f"--view {3 - args.view}")
    else:
        why = unscreened_refusal(moving, state, args.action)
        if why is not None:
            why += (
                "; say which side is at the screen (--view SIDE: its own entries only), or "
                "that only the referee reads this (--referee)"
            )
    if why is not None:
        from referee.errors import RefereeError

        raise RefereeError(f"{args.file}: {why}")


def run_undo_redo(args: argparse.Namespace) -> int:
    with _open(args.file) as m:
        _behind_screen(m, args)
        before = m.state
        step = m.undo() if args.action == "undo" else m.redo()
        if step is None:
            print(f"nothing to {args.action}")
            return 1
        if args.view is not None and m.SYSTEM == "orders":  # named as side VIEW sees it
            from referee.rules.orders.concealment import conceal_steps

            step = conceal_steps([step], before, (3 - args.view,))[0]
        print(f"{args.action}: {step.number}. {step.name}")
    return 0


def run_report(args: argparse.Namespace) -> int:
    from pathlib import Path

    from referee.match.reports.output_file import write_output

    with _open(args.file) as m:
        view = _system_view(m.SYSTEM)
        if view is not None:
            html = view.report(m)
        else:
            from referee.match.reports.match_report import match_report

            html = match_report(m)
    out = write_output(
        Path(args.output or f"{args.file}.html"), html, force=args.force, keep=(Path(args.file),)
    )
    print(f"report written to {out}")
    return 0


def run_check(args: argparse.Namespace) -> int:
    from referee.cli.start import import_engine_later

    with _open(args.file) as m:
        import_engine_later(m.STEP_ENGINE)  # the handlers the steps run on again
        problems = m.replay_check()
        for p in problems:
            print(p)
        if not problems:
            print(f"{args.file}: {m.step_count()} steps replay exactly")
    return 1 if problems else 0


def run_copy(args: argparse.Namespace) -> int:
    """``match copy FILE NEW``: the match written whole to NEW through its journal
    (:mod:`referee.match.journal.match_copy`), never over an existing file."""
    from referee.match.journal.match_copy import write_copy

    with _open(args.file) as m:
        steps = m.steps(include_undone=True)
        written = write_copy(m, args.new, steps)
    undone = sum(1 for s in steps if s.undone)
    print(
        f"{args.file}: copied to {written}: {len(steps) - undone} steps"
        + (f" and {undone} undone (redo brings them back)" if undone else "")
    )
    return 0


def run_replay(args: argparse.Namespace) -> int:
    import tempfile
    from pathlib import Path

    from referee.cli.output import print_json, with_rulings
    from referee.match.journal.journal_text import read_journal, replay_journal

    journal = read_journal(args.journal)
    if not args.keep:
        with tempfile.TemporaryDirectory() as tmp:
            m = replay_journal(journal, Path(tmp) / "replay.referee", args.journal)
            try:
                # the state, and the rulings its events took (every answer lists its rulings)
                used = [r for step in m.steps() for event in step.events for r in event.rulings]
                print_json(with_rulings(m.state.to_json(), m.rules.readings, used))
            finally:
                m.close()
        return 0
    import os

    from referee.match.journal.journal_file import MatchFileError
    from referee.paths import staging_path

    keep = Path(args.keep)
    if keep.exists() or keep.is_symlink():
        raise MatchFileError(f"{keep}: already exists; a match file is never overwritten")
    if not keep.parent.is_dir():
        raise MatchFileError(f"{keep}: no folder {str(keep.parent)!r} to write it in")
    # played aside, then moved into place whole: an interrupted replay (Ctrl+C, a crash)
    # leaves no file at KEEP that would look like a match of fewer steps
    partial = staging_path(keep)
    try:
        m = replay_journal(journal, partial, args.journal)
        try:
            state = m.state.to_json()
            # the rulings its events took (every answer lists its rulings)
            used = [r for step in m.steps() for event in step.events for r in event.rulings]
            with_rulings(state, m.rules.readings, used)
        finally:
            m.close()
        try:
            os.link(partial, keep)  # refused if another program made KEEP meanwhile
        except FileExistsError:
            raise MatchFileError(
                f"{keep}: already exists; a match file is never overwritten"
            ) from None
        except OSError:  # a file system without hard links (a FAT stick)
            if keep.exists():
                raise
            os.replace(partial, keep)
    finally:
        partial.unlink(missing_ok=True)
    print_json(state)
    return 0
