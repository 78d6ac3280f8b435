"""``referee tournament ...``: the tournament desk on the command line.

Every command takes the event first: a file, or a server URL
(``postgresql://user@host/dbname``; the password from PGPASSWORD or ~/.pgpass, never in the
URL). Writers take ``--who`` (default: user@host) for the trail. ``pair``, ``standings`` and
``pairings`` print JSON with ``--json``. ``copy SRC DST`` moves an event between a file and a
server, either way.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from referee.tournament.desk import Desk
    from referee.tournament.event import Event, Round
    from referee.tournament.scoring import MatchResult
    from referee.tournament.standings import Standings
    from referee.tournament.table_match import SentMatch


def _file(p: Any) -> None:
    p.add_argument(
        "file",
        metavar="FILE|URL",
        help="the event file, or its server's URL postgresql://user@host/dbname",
    )


def _who(p: Any) -> None:
    p.add_argument("--who", help="who is at the desk, for the trail (default: user@host)")


def add_parser(sub: Any) -> None:
    p = sub.add_parser("tournament", help="the tournament desk: players, pairings, results")
    t = p.add_subparsers(dest="tournament_command", metavar="ACTION")

    new = t.add_parser("new", help="a new event: a file, or a database on a server")
    _file(new)
    new.add_argument("--name", required=True, help="the event's name")
    new.add_argument("--rounds", type=int, default=5, help="rounds planned (default 5)")
    new.add_argument("--game", default="standard", help="game size (budgets.toml; standard)")
    new.add_argument("--round-minutes", type=int, default=120, help="a round's time (120)")
    new.add_argument("--seed", type=int, help="the seed of round 1's draw")
    new.add_argument(
        "--scenario",
        default="entrenched",
        help="what every table plays: a scenario id or file (entrenched)",
    )
    new.add_argument(
        "--ruling",
        action="append",
        default=[],
        metavar="ID=READING",
        help="a reading for the event, e.g. tournament.bye=nothing",
    )
    _who(new)
    new.set_defaults(run=run_new)

    add = t.add_parser("add-player", help="enter a player (after round 1: a late entry)")
    _file(add)
    add.add_argument("name", metavar="NAME")
    add.add_argument("--nation", default="", help="the player's nation")
    add.add_argument(
        "--club", default="", help="the player's club (kept apart from its players in round 1)"
    )
    _army_options(add)
    _who(add)
    add.set_defaults(run=run_add_player)

    checkin = t.add_parser("check-in", help="check in (or replace) a player's army list")
    _file(checkin)
    checkin.add_argument("name", metavar="NAME")
    checkin.add_argument("--army", required=True, metavar="ARMY.toml")
    checkin.add_argument(
        "--override",
        metavar="REASON",
        default="",
        help="accept an army that is not valid, for this reason (recorded)",
    )
    _who(checkin)
    checkin.set_defaults(run=run_check_in)

    players = t.add_parser("players", help="the players, their armies and huge units")
    _file(players)
    players.add_argument("--json", action="store_true")
    players.set_defaults(run=run_players)

    table = t.add_parser("match", help="a table's match file: both armies, the round's time")
    _file(table)
    _round_table(table)
    table.add_argument("-o", "--output", required=True, metavar="M.referee")
    table.add_argument("--force", action="store_true", help="replace an existing file")
    table.add_argument("--seed", type=int, help="seed of the app's dice (default: random)")
    table.set_defaults(run=run_table_match)

    drop = t.add_parser("drop", help="drop a player after the rounds paired so far")
    _file(drop)
    drop.add_argument("name", metavar="NAME")
    _who(drop)
    drop.set_defaults(run=run_drop)

    for verb, words in (
        ("present", "mark players present at the door for the next round"),
        ("absent", "mark players absent at the door: dropped when the next round is paired"),
    ):
        door = t.add_parser(verb, help=words)
        _file(door)
        door.add_argument("names", nargs="+", metavar="NAME")
        door.add_argument("--why", default="", help="the reason, kept in the trail")
        _who(door)
        door.set_defaults(run=run_attendance, present=verb == "present")

    penalty = t.add_parser(
        "penalty", help="a penalty: a warning, or points deducted (with why; in the standings)"
    )
    _file(penalty)
    penalty.add_argument("name", metavar="NAME")
    penalty.add_argument("--why", required=True, help="the reason, kept in the trail")
    penalty.add_argument(
        "--points", type=int, default=0, help="points deducted (default 0: a warning)"
    )
    penalty.add_argument(
        "--of", choices=("tvp", "mvp"), default="tvp", help="the total deducted from (tvp)"
    )
    _who(penalty)
    penalty.set_defaults(run=run_penalty)

    withdraw = t.add_parser(
        "withdraw", help="take back a player entered by mistake, before their first round"
    )
    _file(withdraw)
    withdraw.add_argument("name", metavar="NAME")
    withdraw.add_argument("--why", default="", help="the reason, kept in the trail")
    _who(withdraw)
    withdraw.set_defaults(run=run_withdraw)

    seed = t.add_parser("seed", help="the organiser's seeding for round 1, best first")
    _file(seed)
    seed.add_argument("names", nargs="+", metavar="NAME")
    _who(seed)
    seed.set_defaults(run=run_seed)

    tb = t.add_parser("tiebreakers", help="the standings' keys in order")
    _file(tb)
    tb.add_argument("keys", nargs="+", metavar="KEY", help="tvp, mvp, sos, h2h, destroyed")
    _who(tb)
    tb.set_defaults(run=run_tiebreakers)

    pair = t.add_parser("pair", help="pair the next round")
    _file(pair)
    pair.add_argument(
        "--round", type=int, help="the round meant: refused if another desk paired it already"
    )
    pair.add_argument("--json", action="store_true")
    _who(pair)
    pair.set_defaults(run=run_pair)

    pairings = t.add_parser("pairings", help="a round's pairing (default: the last)")
    _file(pairings)
    pairings.add_argument("--round", type=int, help="the round (default: the last paired)")
    pairings.add_argument("--json", action="store_true")
    pairings.set_defaults(run=run_pairings)

    swap = t.add_parser("swap", help="swap two players' seats (or a player and the bye)")
    _file(swap)
    swap.add_argument("--round", type=int, help="the round (default: the last paired)")
    swap.add_argument("a", metavar="NAME")
    swap.add_argument("b", metavar="NAME")
    swap.add_argument("--json", action="store_true")
    _who(swap)
    swap.set_defaults(run=run_swap)

    result = t.add_parser("result", help="a table's result")
    _file(result)
    _round_table(result)
    src = result.add_mutually_exclusive_group(required=True)
    src.add_argument("--result", metavar="RESULT.toml", help="a result file")
    src.add_argument("--match", metavar="M.referee", help="the table's finished match file")
    _result_override(result)
    _who(result)
    result.set_defaults(run=run_result)

    correct = t.add_parser("correct", help="correct a table's result (a new record, with why)")
    _file(correct)
    _round_table(correct)
    src = correct.add_mutually_exclusive_group(required=True)
    src.add_argument("--result", metavar="RESULT.toml")
    src.add_argument("--match", metavar="M.referee")
    correct.add_argument("--why", required=True, help="the reason, kept in the trail")
    _result_override(correct)
    _who(correct)
    correct.set_defaults(run=run_correct)

    scores = t.add_parser("scores", help="a round's results: each table's MVP and TVP, the bye")
    _file(scores)
    scores.add_argument("--round", type=int, help="the round (default: the last paired)")
    scores.add_argument("--json", action="store_true")
    scores.set_defaults(run=run_scores)

    st = t.add_parser("standings", help="the standings with their deciding numbers")
    _file(st)
    st.add_argument("--json", action="store_true")
    st.set_defaults(run=run_standings)

    trail = t.add_parser("trail", help="every result and correction, with who, when and why")
    _file(trail)
    trail.add_argument("--json", action="store_true")
    trail.set_defaults(run=run_trail)

    clock = t.add_parser("clock", help="the round clock: start, pause, resume, end, show")
    _file(clock)
    clock.add_argument("action", choices=("start", "pause", "resume", "end", "show"))
    clock.add_argument("--minutes", type=int, help="this round's time (default: the event's)")
    clock.add_argument("--json", action="store_true")
    _who(clock)
    clock.set_defaults(run=run_clock)

    export = t.add_parser("export", help="standings and pairings as CSV, HTML, PDF or a site")
    _file(export)
    export.add_argument("--format", required=True, choices=("csv", "html", "pdf", "site"))
    export.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="OUT",
        help="csv: a file NAME.csv (the four tables with a table column, or --table) or a "
        "folder of four files; site: a folder; html, pdf: a file",
    )
    export.add_argument(
        "--table",
        choices=("standings", "pairings", "results", "players"),
        help="csv to a file: only this table",
    )
    export.add_argument("--force", action="store_true", help="replace files that exist")
    export.set_defaults(run=run_export)

    export.add_argument(
        "--watch",
        action="store_true",
        help="stay, and write again whenever a result or change lands",
    )
    serve = t.add_parser("serve", help="serve the event to the room: pages for the players' phones")
    _file(serve)
    serve.add_argument(
        "--host", default="0.0.0.0", help="the address to listen on (default: every one)"
    )
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0: any)")
    serve.set_defaults(run=run_serve)

    codes = t.add_parser("codes", help="each player's code for reporting results (desk only)")
    _file(codes)
    codes.add_argument(
        "--renew",
        action="append",
        default=[],
        metavar="NAME",
        help="a new code for NAME (the old one stops working); may be repeated",
    )
    codes.add_argument("--json", action="store_true")
    _who(codes)
    codes.set_defaults(run=run_codes)

    slips = t.add_parser(
        "slips", help="a round's table slips as a PDF: two a page, with codes and a QR code"
    )
    _file(slips)
    slips.add_argument("--round", type=int, help="the round (default: the last paired)")
    slips.add_argument("-o", "--output", required=True, metavar="SLIPS.pdf")
    slips.add_argument(
        "--url",
        help="the served room's address the QR codes lead to (default: this machine's "
        "address on the network, port 8000, as tournament serve prints it)",
    )
    slips.add_argument("--force", action="store_true", help="replace an existing file")
    _who(slips)
    slips.set_defaults(run=run_slips)

    tables = t.add_parser(
        "tables",
        help="the venue's tables (name, terrain, fixed for a player, top table); "
        "without --table: list them and the last round's places",
    )
    _file(tables)
    tables.add_argument(
        "--table",
        action="append",
        default=[],
        metavar="NAME",
        help="a venue table, in the order they are used (may be repeated); replaces the list",
    )
    tables.add_argument(
        "--terrain", action="append", default=[], metavar="NAME=TEXT", help="a table's terrain"
    )
    tables.add_argument(
        "--fixed",
        action="append",
        default=[],
        metavar="NAME=PLAYER",
        help="a table a player plays every round at (a player who needs it)",
    )
    tables.add_argument(
        "--top", action="append", default=[], metavar="NAME", help="a top table (streamed)"
    )
    tables.add_argument("--clear", action="store_true", help="list no venue table any more")
    tables.add_argument("--json", action="store_true")
    _who(tables)
    tables.set_defaults(run=run_tables)

    cut = t.add_parser(
        "cut",
        help="the top cut after the Swiss rounds (4, 8 or 16, single elimination); "
        "without --size: its bracket",
    )
    _file(cut)
    cut.add_argument("--size", type=int, choices=(4, 8, 16), help="make the cut of this size")
    cut.add_argument("--json", action="store_true")
    _who(cut)
    cut.set_defaults(run=run_cut)

    queue = t.add_parser(
        "queue", help="results the players reported that wait for the desk (unconfirmed, disputed)"
    )
    _file(queue)
    queue.add_argument("--json", action="store_true")
    queue.set_defaults(run=run_queue)

    take = t.add_parser("take-report", help="take a player's waiting report as the table's result")
    _file(take)
    take.add_argument("report", type=int, metavar="REPORT", help="the report's id (see queue)")
    _who(take)
    take.set_defaults(run=run_take_report)

    dismiss = t.add_parser(
        "dismiss", help="dismiss a table's waiting reports (the players report again)"
    )
    _file(dismiss)
    _round_table(dismiss)
    dismiss.add_argument("--why", required=True, help="the reason, kept in the trail")
    _who(dismiss)
    dismiss.set_defaults(run=run_dismiss)

    vote = t.add_parser(
        "vote", help="enter a player's vote: painting, sportsmanship or favourite-opponent"
    )
    _file(vote)
    vote.add_argument("voter", metavar="VOTER", help="the player voting")
    vote.add_argument(
        "category", choices=("painting", "sportsmanship", "favourite-opponent"), metavar="CATEGORY"
    )
    vote.add_argument("choice", metavar="FOR", help="the player voted for")
    _who(vote)
    vote.set_defaults(run=run_vote)

    awards = t.add_parser(
        "awards", help="the awards from the votes and the standings (best overall's formula)"
    )
    _file(awards)
    for key in ("tvp", "painting", "sportsmanship", "favourite-opponent"):
        awards.add_argument(
            f"--{key}",
            type=int,
            metavar="W",
            dest=f"weight_{key.replace('-', '_')}",
            help=f"set best overall's weight of {key}"
            + (" (total TVP)" if key == "tvp" else " votes"),
        )
    awards.add_argument("--json", action="store_true")
    _who(awards)
    awards.set_defaults(run=run_awards)

    opener = t.add_parser("open", help="the tournament window on an event (file or server)")
    _file(opener)
    opener.set_defaults(run=run_open)

    copy = t.add_parser("copy", help="copy an event between a file and a server, unchanged")
    copy.add_argument("source", metavar="SRC", help="the event: a file or a server URL")
    copy.add_argument(
        "destination", metavar="DST", help="a new file, or a server database holding no event yet"
    )
    copy.set_defaults(run=run_copy)


def _army_options(p: Any) -> None:
    p.add_argument(
        "--army",
        metavar="ARMY.toml",
        help="the player's army list: checked, then frozen with its checksum",
    )
    p.add_argument(
        "--override",
        metavar="REASON",
        default="",
        help="accept an army that is not valid, for this reason (recorded)",
    )


def _result_override(p: Any) -> None:
    p.add_argument(
        "--override",
        metavar="REASON",
        default="",
        help="take a result that does not add up to the armies checked in, or whose match "
        "file the desk did not make for this table, for this reason (kept in the trail)",
    )


def _round_table(p: Any) -> None:
    p.add_argument("--round", type=int, required=True)
    p.add_argument("--table", type=int, required=True)


def _desk(args: argparse.Namespace) -> Desk:
    from referee.tournament.desk import Desk

    return Desk.open(args.file, getattr(args, "who", None))


def _reader(args: argparse.Namespace) -> Desk:
    """The event for a command that only reads it: an event file is opened read-only, so a
    reading command never changes it (not even its journal mode)."""
    from referee.tournament.desk import Desk

    return Desk.open(args.file, getattr(args, "who", None), read_only=True)


NOT_EVENT_SUFFIXES = frozenset(
    {".json", ".toml", ".csv", ".html", ".htm", ".pdf", ".referee", ".txt", ".md", ".xml"}
    | {".yaml", ".yml", ".zip", ".ini"}
)
"""Name endings of the files the program reads or writes as something else: a new event
under such a name is refused (an event file is an SQLite database, ``EVENT_SUFFIX``)."""


def _event_file_name(target: str) -> None:
    """Refuse a new event file named as another kind of file; warn of a name that does not
    end ``.db`` (the event is written all the same). A server's URL is not a file."""
    from pathlib import Path

    from referee.cli.main import CommandError
    from referee.tournament.targets import EVENT_SUFFIX, is_server_url

    if is_server_url(target):
        return
    path = Path(target)
    suffix = path.suffix.lower()
    if suffix == EVENT_SUFFIX:
        return
    if suffix in NOT_EVENT_SUFFIXES:
        raise CommandError(
            f"{target}: an event file is an SQLite database named *{EVENT_SUFFIX}, not "
            f"*{suffix} (try {path.with_suffix(EVENT_SUFFIX)}); nothing was written"
        )
    print(
        f"warning: {target}: an event file's name ends {EVENT_SUFFIX} (the window's Open "
        f"lists *{EVENT_SUFFIX}); the event is written under this name all the same",
        file=sys.stderr,
    )


def run_new(args: argparse.Namespace) -> int:
    from referee.cli.common import parse_readings
    from referee.tournament.desk import Desk

    _event_file_name(str(args.file))
    with Desk.create(
        args.file,
        name=args.name,
        rounds=args.rounds,
        game=args.game,
        round_minutes=args.round_minutes,
        seed=args.seed,
        readings=parse_readings(args.ruling),
        who=args.who,
        scenario=args.scenario,
    ) as desk:
        e = desk.event()
    print(
        f"{args.file}: {e.name}, {e.rounds_planned} rounds of {e.round_minutes} minutes, "
        f"{e.game} game, {e.scenario}, seed {e.seed}"
    )
    return 0


def _print_checkin(name: str, checkin: dict[str, Any]) -> None:
    from referee.tournament.checkin import problems_of

    print(
        f"  army: {checkin['army_name']} ({checkin['nation']}, {checkin['game']} game), "
        f"frozen from {checkin['file']}"
    )
    print(f"  checksum: {checkin['checksum']}")
    if checkin["declaration"]:
        print(f"  {checkin['declaration']}")
    if not checkin["valid"]:
        print(f"  NOT valid, accepted by the organiser: {checkin['override']}")
        for p in problems_of(checkin):
            print(f"    {checkin['file']}: {p.text()}")


def run_add_player(args: argparse.Namespace) -> int:
    from referee.cli.main import CommandError
    from referee.tournament.player_names import tidy_name

    if args.override and not args.army:
        raise CommandError("--override goes with --army: it accepts an army not valid")
    with _desk(args) as desk:
        checkin = desk.check_army(args.army, args.override) if args.army else None
        entered = desk.add_player(args.name, args.nation, checkin, args.club)
    name = tidy_name(args.name)
    late = f" (a late entry: from round {entered})" if entered > 1 else ""
    print(f"{name} entered{late}")
    if checkin is not None:
        _print_checkin(name, checkin)
    return 0


def run_check_in(args: argparse.Namespace) -> int:
    with _desk(args) as desk:
        desk.check_in_open(args.name)  # a frozen army is refused before its file is read
        name = desk.player_name(desk.event(), args.name)
        checkin = desk.check_army(args.army, args.override)
        desk.check_in(name, checkin)
    print(f"{name} checked in")
    _print_checkin(name, checkin)
    return 0


def run_players(args: argparse.Namespace) -> int:
    import sys

    from referee.cli.output import print_json, print_rulings
    from referee.ruleset.used import rulings_used
    from referee.tournament.checkin import listed_huge_units, players_json
    from referee.tournament.player_names import same_names_note

    with _reader(args) as desk:
        event = desk.event()
    rows = players_json(event)
    twice = same_names_note(event.players)
    if twice:  # an event written before names were compared so: reported, never rewritten
        print(f"note: {twice}", file=sys.stderr)
    used = rulings_used({"rulings": ["tournament.huge-units"]}, event.readings)
    for row in rows:  # a list, as it always was: each player with an army says the ruling
        if row["army"] is not None:
            row.update(used)
    if args.json:
        print_json(rows)
        return 0
    for row in rows:
        late = f", from round {row['entered']}" if row["entered"] > 1 else ""
        dropped = (
            f", dropped after round {row['dropped_after']}"
            if row["dropped_after"] is not None
            else ""
        )
        club = f", {row['club']}" if row["club"] else ""
        door = {True: ", present", False: ", ABSENT", None: ""}[row["present"]]
        army = row["army"]
        print(f"{row['name']} ({row['nation'] or 'no nation'}{club}{late}{dropped}{door})")
        if army is None:
            print("  no army checked in")
            continue
        print(f"  army: {army['army_name']}, checksum {army['checksum']}")
        huge = listed_huge_units(event, row["name"])
        if huge:
            print(f"  huge units: {huge}")
        if not army["valid"]:
            print(f"  NOT valid, accepted by the organiser: {army['override']}")
    print_rulings(used, "")
    return 0


def run_table_match(args: argparse.Namespace) -> int:
    with _desk(args) as desk:
        made = desk.make_match(
            args.round, args.table, args.output, force=args.force, seed=args.seed
        )
    print("\n".join(made.lines()))
    return 0


def run_drop(args: argparse.Namespace) -> int:
    with _desk(args) as desk:
        name = desk.player_name(desk.event(), args.name)
        after = desk.drop(name)
    print(f"{name} dropped" + (f" after round {after}" if after else " before round 1"))
    return 0


def run_withdraw(args: argparse.Namespace) -> int:
    with _desk(args) as desk:
        name = desk.player_name(desk.event(), args.name)
        desk.withdraw(name, args.why)
    print(f"{name} withdrawn: in no listing from now on (the trail keeps the record)")
    return 0


def run_attendance(args: argparse.Namespace) -> int:
    with _desk(args) as desk:
        for typed in args.names:
            name = desk.player_name(desk.event(), typed)
            number = desk.mark_attendance(name, args.present, args.why)
            print(
                f"{name}: present for round {number}"
                if args.present
                else f"{name}: absent for round {number}; dropped when round {number} is "
                "paired (`tournament present` before then undoes it)"
            )
    return 0


def run_penalty(args: argparse.Namespace) -> int:
    with _desk(args) as desk:
        name = desk.player_name(desk.event(), args.name)
        record = desk.penalise(name, args.why, args.points, args.of)
    what = (
        f"{args.points} {args.of.upper()} deducted"
        if record.data["penalty"] == "points"
        else "a warning"
    )
    print(
        f"{name}: {what} (round {record.data['round']}, by {record.who} at "
        f"{record.at}): {record.why}"
    )
    return 0


def run_seed(args: argparse.Namespace) -> int:
    with _desk(args) as desk:
        event = desk.event()
        names = [desk.player_name(event, n) for n in args.names]
        desk.seed_players(names)
    print("seeding for round 1: " + ", ".join(names))
    return 0


def run_tiebreakers(args: argparse.Namespace) -> int:
    with _desk(args) as desk:
        desk.set_tiebreakers(args.keys)
    print("standings by " + ", ".join(args.keys) + ", then name")
    return 0


def _declare(event: Event, data: dict[str, Any]) -> None:
    """Add to a pairing's ``data`` the ``declarations``: what each player whose opponent
    has huge units is told (by name, clause ``army.huge-units``), and the rulings it used:
    a bye's score (ruling ``tournament.bye``); the army rules are imported only when a
    player of the round has an army checked in."""
    from referee.cli.output import with_rulings

    tables = [(str(t["players"][0]), str(t["players"][1])) for t in data["tables"]]
    seated = (event.players.get(name) for pair in tables for name in pair)
    data["declarations"] = {}
    if any(p is not None and p.army is not None for p in seated):
        from referee.tournament.checkin import table_declarations

        data["declarations"] = table_declarations(event, tables)
    rnd = event.round(int(data["round"]))
    used: tuple[str, ...] = ("tournament.bye",) if data["bye"] else ()
    if rnd is not None and rnd.places:  # the venue's tables (``venue``), as recorded
        places = event.places(rnd.number)
        for t in data["tables"]:
            if t["table"] in places:
                t["place"] = places[t["table"]].name
        data["warnings"] = list(rnd.warnings)
        used += ("tournament.top-table",)
    with_rulings(data, event.readings, used)


def _print_pairing(data: dict[str, Any]) -> None:
    from referee.cli.output import print_rulings

    print(f"Round {data['round']}")
    told = data.get("declarations", {})
    for t in data["tables"]:
        at = f" (at {t['place']})" if t.get("place") else ""
        print(f"  table {t['table']:>2}: {t['players'][0]} v {t['players'][1]}{at}")
        for name in t["players"]:
            if name in told:
                print(f"            {name}, before you play: {told[name]}")
    if data["bye"]:
        print(f"  bye: {data['bye']}")
    for w in data["warnings"]:
        print(f"  warning: {w}")
    print_rulings(data)


def run_pair(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json

    with _desk(args) as desk:
        pairing = desk.pair(args.round)
        event = desk.event()
    data = pairing.to_json()
    _declare(event, data)
    print_json(data) if args.json else _print_pairing(data)
    return 0


def run_pairings(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json
    from referee.tournament.pairing import Pairing

    with _reader(args) as desk:
        event = desk.event()
    rnd = _asked_round(args, event)
    data = Pairing(rnd.number, rnd.tables, rnd.bye, rnd.warnings, rnd.how).to_json()
    _declare(event, data)
    data["results"] = {str(t): [s.to_json() for s in r.scores] for t, r in rnd.results.items()}
    print_json(data) if args.json else _print_pairing(data)
    return 0


def run_swap(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json

    with _desk(args) as desk:
        pairing = desk.swap(args.round or desk.event().current_round, args.a, args.b)
        event = desk.event()
    data = pairing.to_json()
    _declare(event, data)
    print_json(data) if args.json else _print_pairing(data)
    return 0


def _result(args: argparse.Namespace) -> tuple[MatchResult, str, SentMatch | None]:
    """The result given, its source in words, and its match file's origin (checked by the
    desk: a match file it made for this event, round and table)."""
    from referee.tournament.result_file import load_result
    from referee.tournament.table_match import sent_match

    if args.match:
        result, sent = sent_match(args.match)
        return result, f"match file {args.match}", sent
    return load_result(args.result), f"result file {args.result}", None


def _overridden(args: argparse.Namespace, data: Mapping[str, Any]) -> None:
    if data.get("override"):
        print(f"  taken with the desk's reason: {data['override']}")
        for p in data.get("problems", ()):
            print(f"    {p}")


def run_result(args: argparse.Namespace) -> int:
    from referee.cli.output import print_rulings
    from referee.ruleset.used import rulings_used

    result, source, sent = _result(args)
    with _desk(args) as desk:
        tr = desk.record_result(
            args.round, args.table, result, source, override=args.override, match=sent
        )
    a, b = tr.scores
    print(
        f"round {args.round}, table {args.table}: {a.name} {a.mvp} MVP ({a.tvp:.2f} TVP), "
        f"{b.name} {b.mvp} MVP ({b.tvp:.2f} TVP)"
    )
    _overridden(args, tr.record.data)
    print_rulings(rulings_used({}, result.readings, result.rulings))  # a match file's scoring
    return 0


def run_correct(args: argparse.Namespace) -> int:
    result, source, sent = _result(args)
    with _desk(args) as desk:
        report = desk.correct(
            args.round, args.table, result, args.why, source, override=args.override, match=sent
        )
        counting = desk.event().round(args.round)
    print("\n".join(report.lines()))
    if counting is not None and args.table in counting.results:
        _overridden(args, counting.results[args.table].record.data)
    return 0


def _asked_round(args: argparse.Namespace, event: Event) -> Round:
    """The round ``--round`` names, or the last paired without it (``pairings``,
    ``scores``); a round not paired is refused, saying which are."""
    from referee.cli.main import CommandError

    number = event.current_round if args.round is None else args.round
    rnd = event.round(number) if number >= 1 else None
    if rnd is None and args.round is None:
        raise CommandError(f"{args.file}: no round is paired yet")
    if rnd is None:
        paired = f"rounds 1 to {event.current_round}" if event.current_round else "no round"
        raise CommandError(f"{args.file}: round {args.round} is not paired ({paired} paired)")
    return rnd


def run_scores(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json, print_rulings, with_rulings
    from referee.tournament.scoring import bye_score

    with _reader(args) as desk:
        event = desk.event()
    rnd = _asked_round(args, event)
    tables = []
    for t, (a, b) in enumerate(rnd.tables, 1):
        row: dict[str, Any] = {"table": t, "players": [a, b], "result": None}
        if t in rnd.results:
            tr = rnd.results[t]
            row["result"] = {
                "scores": [
                    {"name": s.name, "mvp": s.mvp, "tvp": round(s.tvp, 4)} for s in tr.scores
                ],
                "corrected": tr.corrected,
                "who": tr.record.who,
                "at": tr.record.at,
            }
        tables.append(row)
    bye = None
    if rnd.bye:
        score = bye_score(rnd.bye, int(str(event.reading("tournament.bye"))))
        bye = {"name": rnd.bye, "mvp": score.mvp, "tvp": round(score.tvp, 4)}
    data = with_rulings(
        {"round": rnd.number, "tables": tables, "bye": bye, "missing": rnd.missing},
        event.readings,
        ["tournament.bye"] if bye else [],
    )
    if args.json:
        print_json(data)
        return 0
    print(f"Round {rnd.number} results")
    for row in tables:
        a, b = row["players"]
        res = row["result"]
        if res is None:
            print(f"  table {row['table']:>2}: {a} v {b}: no result yet")
            continue
        x, y = res["scores"]
        corrected = " (corrected)" if res["corrected"] else ""
        print(
            f"  table {row['table']:>2}: {x['name']} {x['mvp']} MVP ({x['tvp']:.2f} TVP) v "
            f"{y['name']} {y['mvp']} MVP ({y['tvp']:.2f} TVP){corrected}"
        )
    if bye:
        counts = "" if rnd.complete else " once every table has its result"
        print(f"  bye: {bye['name']} {bye['mvp']} MVP ({bye['tvp']:.2f} TVP){counts}")
    print_rulings(data)
    return 0


def _print_standings(st: Standings, used: Mapping[str, Any], held: str) -> None:
    """The standings in words: ``held`` says which rounds' results they hold
    (``standings.held``); every tie-breaker with decimals shows at least four."""
    from referee.cli.output import print_rulings

    print(f"Standings {held} (by {', '.join(st.keys)}, then name)")
    for s in st.standings:
        extra = ", ".join(f"{k} {s.text(k, 4)}" for k in s.tiebreakers if k not in ("tvp", "mvp"))
        dropped = " (dropped)" if s.dropped else ""
        decided = f"  [ahead by {s.decided_by}]" if s.decided_by else ""
        penalty = f"  penalty: {s.penalty_text()}" if s.penalties else ""
        print(
            f"  {s.rank:>2}. {s.name}{dropped}: {s.text('tvp')} TVP, {s.mvp} MVP ({extra})"
            f"{decided}{penalty}"
        )
        for p in s.penalties:
            what = (
                f"-{p['points']} {str(p['of']).upper()}" if p["penalty"] == "points" else "warning"
            )
            print(f"        {what} in round {p['round']} by {p['who']} at {p['at']}: {p['why']}")
    for w in st.warnings:
        print(f"  warning: {w}")
    print_rulings(used)


def run_standings(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json, with_rulings

    with _reader(args) as desk:
        st = desk.standings()
        event = desk.event()
    used = ["tournament.strength-of-schedule"] if "sos" in st.keys else []
    used += ["tournament.bye"] if any(r.bye for r in event.rounds) else []
    if "sos" in st.keys and any(p.data["penalty"] == "points" for p in event.penalties):
        used.append("tournament.penalty-schedule")
    data = with_rulings(st.to_json(), event.readings, used)
    if args.json:
        print_json(data)
    else:
        from referee.tournament.standings import held

        _print_standings(st, data, held(event))
    return 0


def run_trail(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json

    with _reader(args) as desk:
        event = desk.event()
    rows: list[dict[str, Any]] = []
    for r in event.records:
        if r.kind in ("result", "correction"):
            row = {
                "id": r.id,
                "kind": r.kind,
                "round": r.data["round"],
                "table": r.data["table"],
                "who": r.who,
                "at": r.at,
                "why": r.why,
                "result": r.data["result"],
                "source": r.data.get("source", ""),
            }
            if r.data.get("override"):
                row["override"] = r.data["override"]
                row["problems"] = list(r.data.get("problems", ()))
            rows.append(row)
        elif r.kind in ("report", "dispute", "dismiss"):
            from referee.tournament.room import trail_line

            rows.append(
                {
                    "id": r.id,
                    "kind": r.kind,
                    "round": r.data["round"],
                    "table": r.data["table"],
                    "who": r.who,
                    "at": r.at,
                    "why": r.why,
                    "text": trail_line(r),
                }
            )
        elif r.kind in ("attendance", "penalty") or (r.kind == "drop" and "no_show" in r.data):
            from referee.tournament.event import trail_text

            rows.append(
                {
                    "id": r.id,
                    "kind": r.kind,
                    "name": r.data["name"],
                    "who": r.who,
                    "at": r.at,
                    "why": r.why,
                    "text": trail_text(r),
                    **{k: v for k, v in r.data.items() if k != "name"},
                }
            )
        elif r.kind == "withdraw":
            rows.append(
                {
                    "id": r.id,
                    "kind": r.kind,
                    "name": r.data["name"],
                    "who": r.who,
                    "at": r.at,
                    "why": r.why,
                }
            )
    if args.json:
        print_json(rows)
        return 0
    for row in rows:
        why = f": {row['why']}" if row["why"] else ""
        if row["kind"] == "withdraw":
            print(f"#{row['id']} {row['at']} {row['who']}: withdrew {row['name']}{why}")
            continue
        if "text" in row:
            print(f"#{row['id']} {row['at']} {row['who']}: {row['text']}{why}")
            continue
        names = " v ".join(p["name"] for p in row["result"]["players"])
        print(
            f"#{row['id']} {row['at']} {row['who']}: {row['kind']} round {row['round']} "
            f"table {row['table']} ({names}){why}"
        )
        if "override" in row:
            print(f"    taken with the desk's reason: {row['override']}")
            for p in row["problems"]:
                print(f"      {p}")
    return 0


def run_clock(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json

    with _reader(args) if args.action == "show" else _desk(args) as desk:
        clock = (
            desk.clock() if args.action == "show" else desk.clock_action(args.action, args.minutes)
        )
    now = datetime.now(UTC)
    if args.json:
        print_json(
            {
                "round": clock.round,
                "state": clock.state,
                "minutes": clock.minutes,
                "left_seconds": int(clock.left(now).total_seconds()),
                "warning": clock.warning(now),
            }
        )
    else:
        print(clock.describe(now))
    return 0


def run_export(args: argparse.Namespace) -> int:
    from pathlib import Path

    from referee.cli.main import CommandError
    from referee.paths import write_asking
    from referee.tournament.export import export
    from referee.tournament.stores import wait_for_change

    if args.table and args.format != "csv":
        raise CommandError(f"tournament export: --table goes with --format csv, not {args.format}")
    csv_file = args.format == "csv" and Path(args.output).suffix.casefold() == ".csv"
    if args.format in ("csv", "site") and Path(args.output).is_file() and not csv_file:
        raise CommandError(
            f"tournament export: {args.output}: is a file; {args.format} writes a folder"
        )

    def refuse(clashes: list[Path]) -> bool:
        if args.force:
            return True
        names = ", ".join(map(str, clashes))
        raise CommandError(f"tournament export: {names} already exist(s) (--force replaces)")

    with _reader(args) as desk:
        listener = desk.store.listen() if args.watch else None
        try:
            # the first time as asked; then the pages are the watch's own to replace
            replace: Callable[[list[Path]], bool] = refuse
            while True:
                event = desk.event()

                def write(out: Path, event: Event = event) -> list[Path]:
                    if args.format == "pdf":
                        from referee.app.tournament.pdf_export import write_pdf

                        return write_pdf(event, out)
                    return export(event, args.format, out, args.table)

                written = write_asking(args.output, write, replace)
                if not args.watch:
                    for path in written:
                        print(path)
                    return 0
                replace = lambda clashes: True  # noqa: E731
                print(
                    f"revision {event.revision}: wrote {len(written)} file(s) to "
                    f"{args.output}; waiting for changes (Ctrl+C stops)",
                    flush=True,
                )
                while wait_for_change(desk.store, event.revision, 60, listener) == (event.revision):
                    pass
        except KeyboardInterrupt:
            return 0
        finally:
            if listener is not None:
                listener.close()


def run_copy(args: argparse.Namespace) -> int:
    from referee.tournament.stores import copy_event

    done = copy_event(args.source, args.destination)
    print(
        f"{done.destination}: {done.records} records copied from {done.source} "
        f"(revision {done.revision}), each with its id, time, who and why"
    )
    return 0


def run_open(args: argparse.Namespace) -> int:
    from referee.app.tournament.run import run_tournament_window

    _reader(args).close()  # a file that is no event file is refused here
    return run_tournament_window(args.file)


def run_codes(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json
    from referee.tournament.room import issue_codes

    with _desk(args) as desk:
        codes = issue_codes(desk, args.renew)
    if args.json:
        print_json({"codes": codes})
        return 0
    for name, code in codes.items():
        print(f"{name}: {code}")
    if not codes:
        print("no player is entered yet")
    return 0


def run_serve(args: argparse.Namespace) -> int:
    import sys

    import segno

    from referee.cli.main import CommandError
    from referee.tournament.room import issue_codes
    from referee.tournament.room_server import RoomServer, lan_address

    if not 0 <= args.port <= 65535:
        raise CommandError(f"--port {args.port}: expected 0 to 65535")
    with _desk(args) as desk:
        codes = issue_codes(desk)
        name = desk.event().name
    try:
        server = RoomServer(args.file, args.host, args.port)
    except OSError as exc:
        raise CommandError(f"--host {args.host} --port {args.port}: {exc.strerror}") from None
    host = lan_address() if args.host in ("0.0.0.0", "") else args.host
    url = f"http://{'[' + host + ']' if ':' in host else host}:{server.port}/"
    print(f"Serving {name} at {url} (Ctrl+C to stop)", flush=True)
    print(
        f"{len(codes)} players have a code: `referee tournament codes {args.file}` lists them",
        flush=True,
    )
    segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped")
    finally:
        server.close()
    return 0


def run_slips(args: argparse.Namespace) -> int:
    from pathlib import Path

    from referee.cli.main import CommandError
    from referee.tournament.room import issue_codes
    from referee.tournament.room_server import lan_address
    from referee.tournament.slips import table_slips

    out = Path(args.output)
    if out.exists() and not args.force:
        raise CommandError(f"tournament slips: {out} already exists (--force replaces)")
    url = args.url or f"http://{lan_address()}:8000/"
    if not url.startswith(("http://", "https://")):
        raise CommandError(f"--url {url}: expected an address starting http:// or https://")
    with _desk(args) as desk:
        event = desk.event()
        number = args.round if args.round is not None else event.current_round
        table_slips(event, number, url, {})  # an unpaired round is refused before any write
        codes = issue_codes(desk)
        event = desk.event()
    slips = table_slips(event, number, url, codes)
    from referee.app.tournament.slips_pdf import write_slips

    write_slips(slips, out, f"{event.name}: round {number}, table slips")
    print(f"{out}: {len(slips)} table slip(s) of round {number}, two a page; QR codes to {url}")
    return 0


def _venue_args(args: argparse.Namespace) -> list[Any]:
    from referee.cli.main import CommandError
    from referee.tournament.venue import VenueTable

    def pairs(option: str, values: list[str]) -> dict[str, str]:
        out = {}
        for v in values:
            name, eq, value = v.partition("=")
            if not eq or name.strip() not in args.table:
                raise CommandError(
                    f"--{option} {v}: expected NAME=VALUE, NAME one of the --table names"
                )
            out[name.strip()] = value.strip()
        return out

    terrain = pairs("terrain", args.terrain)
    fixed = pairs("fixed", args.fixed)
    for name in args.top:
        if name not in args.table:
            raise CommandError(f"--top {name}: not one of the --table names")
    return [
        VenueTable(n, terrain.get(n, ""), fixed.get(n) or None, n in args.top) for n in args.table
    ]


def run_tables(args: argparse.Namespace) -> int:
    from referee.cli.main import CommandError
    from referee.cli.output import print_json

    if args.clear and args.table:
        raise CommandError("tournament tables: --clear or --table, not both")
    if not args.table and (args.terrain or args.fixed or args.top):
        raise CommandError("tournament tables: --terrain, --fixed and --top go with --table")
    if args.table or args.clear:
        tables = _venue_args(args)
        with _desk(args) as desk:
            desk.set_venue(tables)
            event = desk.event()
    else:
        with _reader(args) as desk:
            event = desk.event()
    places = event.places(event.current_round)
    if args.json:
        print_json(
            {
                "tables": [t.to_json() for t in event.venue],
                "round": event.current_round,
                "places": {str(t): v.name for t, v in places.items()},
            }
        )
        return 0
    if not event.venue:
        print("no venue table is listed: tables are numbered only")
    for t in event.venue:
        notes = [f"terrain: {t.terrain}"] if t.terrain else []
        notes += [f"fixed for {t.fixed}"] if t.fixed else []
        notes += ["top table"] if t.top else []
        print(f"{t.name}" + (f" ({'; '.join(notes)})" if notes else ""))
    rnd = event.round(event.current_round)
    if rnd is not None and places:
        print(f"round {rnd.number}:")
        for i, (a, b) in enumerate(rnd.tables, start=1):
            where = places[i].name if i in places else "no venue table"
            print(f"  table {i} at {where}: {a} v {b}")
    return 0


def run_cut(args: argparse.Namespace) -> int:
    from referee.cli.main import CommandError
    from referee.cli.output import print_json
    from referee.tournament.top_cut import champion, cut_rounds, stage, winner

    if args.size is not None:
        with _desk(args) as desk:
            desk.start_cut(args.size)
            event = desk.event()
    else:
        with _reader(args) as desk:
            event = desk.event()
    cut = event.cut
    if cut is None:
        raise CommandError(f"{args.file}: no top cut yet (--size 4, 8 or 16 makes it)")
    rounds: list[dict[str, Any]] = []
    for number in range(cut.after + 1, cut.after + cut_rounds(cut.size) + 1):
        rnd = event.round(number)
        tables = []
        if rnd is not None:
            for t, pair in enumerate(rnd.tables, start=1):
                won = winner(cut, rnd, t, str(event.reading("tournament.cut-tie")))
                tables.append({"table": t, "players": list(pair), "winner": won})
        rounds.append({"round": number, "stage": stage(cut, number), "tables": tables})
    data: dict[str, Any] = {
        "size": cut.size,
        "after": cut.after,
        "seeds": list(cut.seeds),
        "rounds": rounds,
        "champion": champion(event),
    }
    if args.json:
        print_json(data)
        return 0
    print(f"Top cut of {cut.size} after round {cut.after}, seeded by the standings:")
    print("  " + ", ".join(f"{i}. {n}" for i, n in enumerate(cut.seeds, start=1)))
    for r in rounds:
        print(f"round {r['round']} ({r['stage']}):" + ("" if r["tables"] else " not paired yet"))
        for t in r["tables"]:
            won = f": {t['winner']} goes through" if t["winner"] else ""
            print(f"  table {t['table']}: {t['players'][0]} v {t['players'][1]}{won}")
    if data["champion"]:
        print(f"{data['champion']} wins the event")
    return 0


def run_queue(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json
    from referee.tournament.room import queue

    with _desk(args) as desk:
        waiting = queue(desk.event())
    if args.json:
        print_json({"queue": [w.to_json() for w in waiting]})
        return 0
    if not waiting:
        print("no reported result waits for the desk")
    for w in waiting:
        print(f"round {w.round}, table {w.table} ({w.players[0]} v {w.players[1]}): {w.describe()}")
        for r in w.reports:
            sides = "; ".join(
                f"{p.name} "
                + " ".join(
                    f"{k.upper()} {p.surviving.get(k)}/{p.destroyed.get(k)}"
                    for k in ("ip", "mp", "cp", "xp")
                )
                for p in r.result.players
            )
            print(f"  report #{r.id} by {r.by} at {r.at}: {sides} (surviving/destroyed)")
    return 0


def run_take_report(args: argparse.Namespace) -> int:
    from referee.tournament.room import take_report

    with _desk(args) as desk:
        taken = take_report(desk, args.report)
    a, b = taken.scores
    print(
        f"round {taken.round}, table {taken.table}: report #{args.report} taken as the result "
        f"({a.name} {a.mvp} MVP, {b.name} {b.mvp} MVP)"
    )
    return 0


def run_dismiss(args: argparse.Namespace) -> int:
    from referee.tournament.room import dismiss

    with _desk(args) as desk:
        dismiss(desk, args.round, args.table, args.why)
    print(
        f"round {args.round}, table {args.table}: the reports are dismissed; the players "
        "report again"
    )
    return 0


def run_vote(args: argparse.Namespace) -> int:
    from referee.tournament.awards import cast_vote

    with _desk(args) as desk:
        record = cast_vote(desk, args.voter, args.category, args.choice)
    d = record.data
    print(f"{d['voter']} votes for {d['for']} ({d['category']}), entered by {record.who}")
    return 0


def run_awards(args: argparse.Namespace) -> int:
    from referee.cli.output import print_json
    from referee.tournament.awards import WEIGHT_KEYS, awards, set_weights
    from referee.tournament.standings import provisional

    given = {
        k: getattr(args, f"weight_{k.replace('-', '_')}")
        for k in WEIGHT_KEYS
        if getattr(args, f"weight_{k.replace('-', '_')}") is not None
    }
    if given:
        with _desk(args) as desk:
            set_weights(desk, given)
            event = desk.event()
    else:
        with _reader(args) as desk:
            event = desk.event()
    found = awards(event)
    if args.json:
        print_json(found.to_json())
        return 0
    print(found.formula)
    not_final = provisional(event)
    if not_final and found.awards:
        print(f"These awards are {not_final}.")
    if not found.awards:
        print("no award yet: no result and no vote")
    for a in found.awards:
        print(f"{a.title}: {', '.join(a.winners)} ({a.why})")
    for category, tally in found.votes_text().items():
        print(f"{category} votes: {tally}")
    return 0
