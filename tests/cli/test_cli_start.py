"""A run of ``referee COMMAND`` builds only its command's parser, and that changes nothing
a user sees: the same commands, the same options, the same help."""

from __future__ import annotations

import argparse
import importlib

import pytest

from referee.cli.main import COMMAND_MODULES, COMMAND_OF, build_parser, command_names, main


def _commands_of(module_name: str) -> set[str]:
    parser = argparse.ArgumentParser()
    importlib.import_module(f"referee.cli.{module_name}").add_parser(parser.add_subparsers())
    return command_names(parser)


def test_each_command_is_listed_with_the_module_that_defines_it():
    for command, module_name in COMMAND_OF.items():
        assert module_name in COMMAND_MODULES
        assert command in _commands_of(module_name), (command, module_name)


def test_a_command_built_alone_parses_as_among_all():
    argv = ["visible", "standard", "D2", "--level", "1", "--smoke", "C4", "--json"]
    alone = vars(build_parser("visible").parse_args(argv))
    every = vars(build_parser().parse_args(argv))
    assert alone == every


def test_help_and_unknown_commands_still_list_every_command():
    assert command_names(build_parser()) >= set(COMMAND_OF)
    assert command_names(build_parser("no-such-command")) >= set(COMMAND_OF)


def test_an_unknown_command_is_refused_with_the_list_of_commands(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["no-such-command"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice" in err and "visible" in err and "tournament" in err


def _match_actions(parser: argparse.ArgumentParser) -> set[str]:
    match = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[
        "match"
    ]
    return command_names(match)


def test_a_match_action_builds_only_its_own_parser_and_parses_as_among_all():
    argv = ["match", "check", "game.referee"]
    assert _match_actions(build_parser("match", "check")) == {"check"}
    assert vars(build_parser("match", "check").parse_args(argv)) == vars(
        build_parser().parse_args(argv)
    )
    step = ["match", "step", "game.referee", "Next", "-c", "advance", "--dice", "3", "--json"]
    assert vars(build_parser("match", "step").parse_args(step)) == vars(
        build_parser().parse_args(step)
    )


def test_match_help_and_an_unknown_action_still_list_every_action(capsys):
    every = {"new", "show", "step", "undo", "redo", "report", "check", "copy"}
    assert _match_actions(build_parser("match", "--help")) == every
    assert _match_actions(build_parser("match", "chekc")) == every
    with pytest.raises(SystemExit) as exit_info:
        main(["match", "chekc", "game.referee"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'chekc'" in err and "'new'" in err and "'report'" in err
