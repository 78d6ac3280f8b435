"""``referee`` command: dispatch to one module per subcommand.

Command modules import the engine inside their ``run`` so that ``referee los`` loads
only what line of sight needs (a whole ``referee los`` process stays under 0.5 s).
``referee`` alone opens the app on the match of last time (a new demo match when there is
none) and ``referee FILE`` on a match file; without PySide6, a display or the system
libraries the window needs, ``referee`` alone says what is missing and prints the text demo
(``referee demo``).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from pathlib import Path

from referee.errors import RefereeError, one_line

# Modules under referee.cli, each defining add_parser(subparsers); a parser sets
# ``run`` (a function of the parsed args returning the exit status) as its default.
# One module a line, so that adding a command merges cleanly.
COMMAND_MODULES: tuple[str, ...] = (
    "map_cmd",
    "los_cmd",
    "bench_cmd",
    "odds_cmd",
    "units_cmd",
    "rules_cmd",
    "fire_cmd",
    "shot_cmd",
    "match_cmd",
    "orders_cmd",
    "demo",
    "screenshots_cmd",
    "army_cmd",
    "score_cmd",
    "tournament_cmd",
    "smoke_cmd",
    "activation_cmd",
)


# The module of each command, so that a run imports and builds only the parser it needs
# (argparse for every command costs more than most commands themselves). A command missing
# here still works, by building them all; tests/cli/test_cli_start.py checks the entries.
COMMAND_OF: dict[str, str] = {
    "los": "los_cmd",
    "visible": "los_cmd",
    "map": "map_cmd",
    "bench": "bench_cmd",
    "odds": "odds_cmd",
    "units": "units_cmd",
    "rules": "rules_cmd",
    "hit": "fire_cmd",
    "shot": "shot_cmd",
    "match": "match_cmd",
    "replay": "match_cmd",
    "orders": "orders_cmd",
    "demo": "demo",
    "screenshots": "screenshots_cmd",
    "army": "army_cmd",
    "score": "score_cmd",
    "tournament": "tournament_cmd",
    "smoke": "smoke_cmd",
    "activation": "activation_cmd",
}


class CommandError(RefereeError):
    """A command line the CLI cannot take (an option missing, two that clash): printed as
    one clear message, exit status 2, never a traceback."""


def build_parser(command: str | None = None, action: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser: every command, or only ``command`` (when it is one); of a
    command with actions (its module's ``ACTIONS``: ``referee match``), only ``action``'s
    parser when it is one of them."""
    from referee import __version__
    from referee.cli.start import CommandParser

    parser = CommandParser(
        prog="referee",
        description="A companion for the referee of a hex-based miniature wargame.",
    )
    parser.add_argument("--version", action="version", version=f"referee {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = (COMMAND_OF[command],) if command in COMMAND_OF else COMMAND_MODULES
    for module_name in modules:
        module = importlib.import_module(f"referee.cli.{module_name}")
        if action is not None and action in getattr(module, "ACTIONS", ()):
            module.add_parser(sub, action)
        else:
            module.add_parser(sub)
    return parser


def command_names(parser: argparse.ArgumentParser) -> set[str]:
    """The subcommands ``parser`` knows (argparse keeps them on its subparsers action)."""
    return set(_actions_of(parser))


def _actions_of(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The subcommands (or actions) of ``parser`` by name, in the order of its help."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def group_refusal(parser: argparse.ArgumentParser, argv: Sequence[str]) -> None:
    """Refuse, as argparse refuses (usage, one line, exit status 2), a group of actions
    named without one of its actions where its action goes: ``referee map FILE``, whose one
    action is said with the file (``referee map check FILE``). A word that is none of
    several actions is left to argparse, which lists them."""
    chosen = parser
    for i, word in enumerate(argv):
        actions = _actions_of(chosen)
        if not actions or word.startswith("-"):
            return
        if word in actions:
            chosen = actions[word]
            continue
        if i and len(actions) == 1:
            (only,) = actions
            chosen.error(
                f"{word!r} is not an action of '{chosen.prog}': its one action is {only!r} "
                f"('{chosen.prog} {only} {word}')"
            )
        return


def no_action(parser: argparse.ArgumentParser, argv: Sequence[str]) -> int:
    """A group of actions named without one (``referee odds``): its help and a refusal on
    standard error, exit status 2 (as argparse refuses a command line it cannot take)."""
    chosen = parser
    for word in argv:
        actions = _actions_of(chosen)
        if word not in actions:
            break
        chosen = actions[word]
    sys.stderr.write(chosen.format_help())
    sys.stderr.write(
        f"{chosen.prog}: error: name one of the actions listed above "
        f"('{chosen.prog} ACTION --help' for its options)\n"
    )
    return 2


def open_app(path: str | None) -> int:
    """The app on ``path`` (None: the match of last time, or a new demo match); without
    PySide6, a display or the system libraries Qt's X11 platform needs, one line saying why
    (and what to install), then the text demo (or, for a file, exit status 2)."""
    # The engine's modules that the window's first frame draws (the demo's preview) before
    # Qt: PySide checks every module imported after it (its source read and searched), which
    # about doubles the time of importing them.
    import referee.app.start.demo_preview  # noqa: F401
    from referee.app.start.system_libraries import import_problem, xcb_problem

    try:
        from referee.app.start.app import binding_problem, can_show_window, run_app
    except ImportError as exc:
        why = import_problem(exc) or (
            f"the app needs PySide6 ({exc}): install it with pip install 'PySide6-Essentials>=6.6'"
        )
    else:
        problem = binding_problem()
        if problem is None and can_show_window():
            problem = xcb_problem()  # before Qt, which would abort the process
        if problem is None and can_show_window():
            if path is not None:
                from referee.match.games.systems import open_match

                open_match(path).close()  # a file that is no match is refused here
            return run_app(path)
        why = problem or "no display to open the window on (set DISPLAY, or QT_QPA_PLATFORM)"
    if path is not None:
        print(f"referee: {why}; 'referee match show {path}' prints the match", file=sys.stderr)
        return 2
    print(f"referee: {why}; here is the text demo instead.", file=sys.stderr)
    from referee.cli.demo import run_demo

    return run_demo()


def main(argv: Sequence[str] | None = None) -> int:
    from referee.cli.start import command_start, import_engine

    args_list = list(sys.argv[1:] if argv is None else argv)
    app_file = False
    args = argparse.Namespace()
    if args_list:  # no arguments: the app, and no parser to build (a quicker start)
        with command_start(own_process=argv is None):
            parser = build_parser(args_list[0], args_list[1] if len(args_list) > 1 else None)
            group_refusal(parser, args_list)
            app_file = (
                len(args_list) == 1
                and not args_list[0].startswith("-")
                and args_list[0] not in command_names(parser)
                and Path(args_list[0]).is_file()
            )
            args = argparse.Namespace() if app_file else parser.parse_args(args_list)
            if not app_file and getattr(args, "run", None) is None:
                return no_action(parser, args_list)
            import_engine(getattr(args, "engine", ()))
    try:
        if app_file or not args_list:
            return open_app(args_list[0] if app_file else None)
        status: int = args.run(args)
        return status
    except BrokenPipeError:  # output piped into head and friends
        sys.stderr.close()
        return 0
    except RefereeError as exc:
        # the whole family: DataFileError, LabelError, MatchFileError and friends already
        # name the file, line, field or unit. Anything else is a bug and shows a traceback.
        print(f"referee: {one_line(exc)}", file=sys.stderr)
        return 2
    except OSError as exc:
        # the file system refused a path the user gave (no such folder, no permission, a
        # full disk): the path and the refusal in words
        print(f"referee: {one_line(exc)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
