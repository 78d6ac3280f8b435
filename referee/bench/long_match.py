"""A long match played by the engine, written as a text journal: the benchmark of replay.

:func:`play_journal` sets up the demo's armies (:mod:`referee.match.setup.demo`) on the standard
battlefield and plays ``turns`` whole turns through the real match file: at each orders step
it writes every unit's orders for the next turn, picked at random among the orders the
engine accepts for the unit's speed; at a gunnery step each unit carries out its order (fire
at the nearest enemy it may fire at, load, aim); movement, assaults, damage, agony and the
aftermath are the engine's own commands; ``advance skip=idle`` moves the clock on (passing the
units ordered to fire that did not, ``unfired=pass``: they hold their fire). The dice
are the app's, from the seed, so the journal has no ``dice:`` lines and replays exactly.
Commands the engine refuses are not written (the match file keeps nothing of them).

``referee bench journal FILE`` writes one; ``data/journals/ten-turns.journal`` was written
so (seed 2024, 10 turns) and is the default journal of ``referee bench replay``.
"""

from __future__ import annotations

import random
import shlex
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from referee.board.hexgrid import distance as hex_distance
from referee.errors import RefereeError
from referee.match.games.orders_file import MatchFile
from referee.match.journal.formats import CURRENT
from referee.match.journal.journal_text import parse_journal, replay_journal
from referee.match.setup.demo import DEMO_MAP, DEMO_ORDERS, DEMO_ORDERS_NEXT, DEMO_UNITS
from referee.rules.orders.advance import FirePendingError, OrdersMissingError, plan_advance
from referee.rules.orders.agenda import match_agenda
from referee.rules.turn.clock import TurnPosition

MOVEMENT_ORDERS = (
    "- + - + -",
    "F + - + -",
    "F + F + -",
    "F + F + F",
    "L + F + -",
    "R + F + -",
    "F + L + F",
    "F + R + F",
    "- + L + -",
    "- + R + -",
)
GUNNERY_ORDERS = ("Fire + Load", "- + Fire", "Fire + -", "Aim + Fire", "Load + Fire", "- + -")


def _word(value: Any) -> str:
    text = str(value)
    return shlex.quote(text) if any(c in text for c in " \"'#{[") or not text else text


def command_line(command: Mapping[str, Any]) -> str:
    """``command`` as a journal line (:func:`referee.match.journal.journal_text.parse_command`)."""
    words = [str(command["kind"])]
    words += [f"{k}={_word(v)}" for k, v in command.items() if k != "kind"]
    return " ".join(words)


def _header(seed: int) -> str:
    lines = [f"format: {CURRENT}", f"map: {DEMO_MAP}", f"seed: {seed}"]
    for u in DEMO_UNITS:
        extra = " ".join(f"{k}={_word(v)}" for k, v in u.items() if k not in ("uid", "unit"))
        lines.append(f"unit: {u['uid']} {u['unit']} {extra}")
    return "\n".join(lines) + "\n"


class _Player:
    def __init__(self, match: MatchFile, rng: random.Random) -> None:
        self.match = match
        self.rng = rng
        self.steps: list[tuple[str, list[dict[str, Any]]]] = []

    def run(self, name: str, commands: Sequence[dict[str, Any]]) -> bool:
        try:
            self.match.run(name, commands)
        except RefereeError:
            return False
        self.steps.append((name, list(commands)))
        return True

    def orders(self, turn: int) -> None:
        state = self.match.state
        for uid, unit in sorted(state.units.items()):
            if unit.destroyed or str(turn) in state.orders.get(uid, {}):
                continue
            moves = list(MOVEMENT_ORDERS)
            guns = list(GUNNERY_ORDERS)
            self.rng.shuffle(moves)
            self.rng.shuffle(guns)
            for move in moves:
                if any(
                    self.run(
                        f"Orders: {uid}, turn {turn}",
                        [
                            {
                                "kind": "orders",
                                "uid": uid,
                                "turn": turn,
                                "movement": move,
                                "gunnery": gun,
                            }
                        ],
                    )
                    for gun in guns
                ):
                    break

    def gunnery(self, number: int) -> None:
        state = self.match.state
        for item in match_agenda(state).units:
            shooter = state.units[item.uid]
            for action in item.actions:
                if action == "Fire":
                    enemies = sorted(
                        (
                            u
                            for u in state.units.values()
                            if u.side != shooter.side and not u.destroyed
                        ),
                        key=lambda u: (hex_distance(u.hex, shooter.hex), u.uid),
                    )
                    for enemy in enemies:
                        if self.run(
                            f"Gunnery {number}: {item.uid} fires at {enemy.uid}",
                            [
                                {
                                    "kind": "fire",
                                    "shooter": item.uid,
                                    "target": enemy.uid,
                                    "gunnery": number,
                                }
                            ],
                        ):
                            break
                elif action == "Load":
                    self.run(
                        f"Gunnery {number}: {item.uid} loads", [{"kind": "load", "uid": item.uid}]
                    )
                elif action == "Aim":
                    self.run(
                        f"Gunnery {number}: {item.uid} aims",
                        [{"kind": "aim", "uid": item.uid, "gunnery": number}],
                    )

    def step(self) -> None:
        """Carry out what the step the match is at asks, then move the clock on."""
        state = self.match.state
        position = TurnPosition.at(state.rules, state.turn, state.step)
        step = position.step
        label = step.label
        if step.kind == "orders":
            self.orders(state.turn + 1)
        elif step.kind == "gunnery":
            self.gunnery(step.number or 1)
        elif step.kind == "movement":
            self.run(label, [{"kind": "movement", "step": step.number or 1}])
        elif step.kind == "assault":
            while self.match.state.contests and self.run(label, [{"kind": "assault"}]):
                pass
        elif step.kind == "apply-damage":
            if state.pending:
                self.run(label, [{"kind": "apply-damage"}])
        elif step.kind == "agony":
            self.run(label, [{"kind": "agony", "step": step.number or 0}])
        elif step.kind == "aftermath":
            self.run(label, [{"kind": "aftermath"}])
        elif step.kind == "hex-effects":
            self.run(label, [{"kind": "hex-effects"}])
        state = self.match.state
        advance: dict[str, Any] = {"kind": "advance", "skip": "idle"}
        name = ""
        for _ in range(3):
            try:
                name = plan_advance(
                    state,
                    skip="idle",
                    confirm="missing" in advance,
                    unfired=advance.get("unfired"),
                ).name()
                break
            except OrdersMissingError:  # the rule for a missing order applies
                advance["missing"] = "confirm"
            except FirePendingError:  # a unit that fired none of its first weapon's shots
                advance["unfired"] = "pass"
        if not self.run(name, [advance]):
            raise RefereeError(f"the long match is stuck at turn {state.turn}, {label}")


def play_journal(turns: int = 10, seed: int = 2024) -> str:
    """A text journal of ``turns`` whole turns of the demo's armies played by the engine."""
    header = _header(seed)
    with tempfile.TemporaryDirectory() as tmp:
        match = replay_journal(parse_journal(header, "<long match>"), Path(tmp) / "long.referee")
        try:
            player = _Player(match, random.Random(seed))
            orders = [
                {"kind": "orders", "uid": uid, "turn": turn, "movement": m, "gunnery": g}
                for turn, table in ((1, DEMO_ORDERS), (2, DEMO_ORDERS_NEXT))
                for uid, (m, g) in table.items()
            ]
            if not player.run("Orders for turns 1 and 2", orders):
                raise RefereeError("the demo's orders were refused")
            while match.state.turn <= turns:
                player.step()
        finally:
            match.close()
    lines = [
        f"# {turns} turns of the demo's armies on the standard battlefield, played by the "
        f"engine (referee bench journal, seed {seed}): orders picked at random among the "
        "legal ones, each unit firing at the nearest enemy it may; dice from the seed.",
        header,
    ]
    for name, commands in player.steps:
        lines.append(f"step: {name}")
        lines += [command_line(c) for c in commands]
    return "\n".join(lines) + "\n"
