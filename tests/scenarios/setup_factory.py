"""A setup board on a shipped scenario's own map, with sample unit cards, for the setup
procedure tests."""

from __future__ import annotations

from collections.abc import Mapping

from referee.board.maps import find_map, load_map
from referee.ruleset.shipped import ruleset
from referee.scenarios.battlefield import scenario_map
from referee.scenarios.loader import scenario
from referee.scenarios.progress import Waiting
from referee.scenarios.setup_board import SetupBoard
from referee.units.catalogue import find_unit


def setup_board(
    scenario_id: str,
    units: Mapping[str, tuple[str, int]],
    readings: Mapping[str, str] | None = None,
) -> tuple[SetupBoard, tuple[Waiting, ...]]:
    """The board of ``scenario_id`` under ``readings``, and ``units`` (uid -> (card, side))
    waiting to be set up."""
    sc = scenario(scenario_id)
    rules = ruleset(sc.edition).with_readings(readings or {})
    battle_map = scenario_map(load_map(find_map(sc.map), rules.terrain), sc, rules)
    cards = {card: find_unit(card) for card, _ in units.values()}
    waiting = tuple(Waiting(uid, card, side) for uid, (card, side) in units.items())
    return SetupBoard(rules, battle_map, sc, cards), waiting


class Driver:
    """Runs a procedure as the match does: each placement joins the units standing."""

    def __init__(self, board: SetupBoard, progress) -> None:  # type: ignore[no-untyped-def]
        self.board = board
        self.progress = progress
        self.placed: dict[str, object] = {}
        self.texts: list[str] = []

    def _take(self, outcome):  # type: ignore[no-untyped-def]
        from msgspec.structs import replace

        from referee.scenarios.placement import Standing

        for p in outcome.placed:
            card = self.board.cards[p.unit]
            standing = Standing(p.uid, p.side, p.hex, card.size, "scout" in card.types, p.hidden)
            self.board = replace(self.board, standing=(*self.board.standing, standing))
            self.placed[p.uid] = p
        self.progress = outcome.progress
        self.texts.append(outcome.text)
        return outcome

    def place(self, uid: str, label: str, speed: str = "slow", **extra: object):  # type: ignore[no-untyped-def]
        from referee.scenarios import blind, ordered

        command = {"uid": uid, "hex": label, "speed": speed, **extra}
        if self.progress.procedure == "blind":
            return self._take(blind.enter(self.board, self.progress, command))
        return self._take(ordered.place(self.board, self.progress, command))

    def roll(self, *typed: int):  # type: ignore[no-untyped-def]
        from referee.dice.service import Dice
        from referee.scenarios import ordered

        dice = Dice(seed=1)
        dice.type_in(typed)
        outcome = self._take(ordered.roll_advantage(self.board, self.progress, dice))
        assert not dice.pending
        return outcome

    def pass_step(self, side: int):  # type: ignore[no-untyped-def]
        from referee.scenarios import ordered

        return self._take(ordered.pass_step(self.board, self.progress, side))

    def reveal(self):  # type: ignore[no-untyped-def]
        from referee.scenarios import blind

        return self._take(blind.reveal(self.board, self.progress))

    def step_id(self) -> str | None:
        from referee.scenarios import ordered

        step = ordered.current_step(self.board, self.progress)
        return None if step is None or self.progress.done else step.id
