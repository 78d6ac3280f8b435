"""``referee`` command: dispatch to one module per subcommand.

Command modules import the engine inside their ``run`` so that ``referee los`` loads
only what line of sight needs (a whole ``referee los`` process stays under 0.5 s).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# Modules under referee.cli, each defining add_parser(subparsers); a parser sets
# ``run`` (a function of the parsed args returning the exit status) as its default.
COMMAND_MODULES: tuple[str, ...] = (
    "map_cmd", "los_cmd", "bench_cmd", "odds_cmd", "units_cmd", "rules_cmd", "fire_cmd",
    "shot_cmd", "match_cmd", "orders_cmd",
)


class CommandError(Exception):
    """A user error: printed as one clear message, exit status 2, never a traceback."""


def build_parser() -> argparse.ArgumentParser:
    from referee import __version__

    parser = argparse.ArgumentParser(
        prog="referee",
        description="A companion for the referee of a hex-based miniature wargame.",
    )
    parser.add_argument("--version", action="version", version=f"referee {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in COMMAND_MODULES:
        importlib.import_module(f"referee.cli.{module_name}").add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(args_list)
    if args_list and getattr(args, "run", None) is None:
        parser.parse_args([*args_list, "--help"])
        return 0
    try:
        if not args_list:
            from referee.cli.demo import run_demo

            return run_demo()
        status: int = args.run(args)
        return status
    except BrokenPipeError:  # output piped into head and friends
        sys.stderr.close()
        return 0
    except (CommandError, ValueError, OSError) as exc:
        # DataFileError, LabelError and friends already name the file, key or hex.
        print(f"referee: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
