"""What both setup procedures share: the board a placement is judged on, one placement
checked (the unit is waiting, the hex legal, the facing a facing, the speed one the rules let
the owner choose), and the outcome of a procedure's move.

Clauses ``setup.blind``, ``setup.order``, ``board.sides``.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from referee.board.hexgrid import DIRECTION_NAMES, Hex, hex_label, to_offset
from referee.board.maps import BattleMap
from referee.errors import RefereeError
from referee.ruleset import Ruleset
from referee.scenarios.battlefield import resolved
from referee.scenarios.model import Scenario
from referee.scenarios.placement import LegalHexes, Standing, legal_hexes
from referee.scenarios.progress import SetupProgress, Waiting
from referee.units.model import UnitType

NORTH, SOUTH = 0, 3


class SetupError(RefereeError):
    """A setup command the procedure does not allow now; the message says why and what is
    asked instead."""


class Placement(msgspec.Struct, frozen=True):
    """One unit set up: where, facing where, at what speed, and whether as a hidden token."""

    uid: str
    side: int
    unit: str
    hex: Hex
    facing: int
    speed: str
    hidden: bool

    def text(self) -> str:
        token = " as a hidden token" if self.hidden else ""
        return (
            f"{self.uid} at {hex_label(self.hex)}{token}, facing "
            f"{DIRECTION_NAMES[self.facing]}, {self.speed}"
        )


class SetupOutcome(msgspec.Struct, frozen=True):
    """A procedure's move: the progress after it, the units set up by it, and its working."""

    progress: SetupProgress
    text: str
    placed: tuple[Placement, ...] = ()
    clauses: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()


class SetupBoard(msgspec.Struct, frozen=True):
    """The match as setup sees it: rules, map (with the scenario's zones), scenario, the
    cards, and the units already standing (set up, or entered blind by their side)."""

    rules: Ruleset
    battle_map: BattleMap
    scenario: Scenario
    cards: Mapping[str, UnitType]
    standing: tuple[Standing, ...] = ()

    def card(self, waiting: Waiting) -> UnitType:
        return self.cards[waiting.unit]

    def forward_rule(self) -> str:
        return str(self.rules.reading("setup.forward-clash").value)

    def legal(
        self, waiting: Waiting, hex_rule: str = "zone", sight_ruling: str | None = None
    ) -> LegalHexes:
        return legal_hexes(
            self.rules,
            self.battle_map,
            waiting.uid,
            self.card(waiting),
            waiting.side,
            self.standing,
            hex_rule,
            self.forward_rule(),
            sight_ruling,
        )

    def speed_rule(self) -> tuple[str, str | None]:
        value, ruling = resolved(self.scenario.setup.speed, self.rules)
        return str(value), ruling


def facing_towards_enemy(battle_map: BattleMap, side: int) -> int:
    """North when the enemy's zone lies above the side's own zone, south otherwise."""
    own = battle_map.zones.get(f"side{side}", frozenset())
    enemy = battle_map.zones.get(f"side{3 - side}", frozenset())
    if not own or not enemy:
        return NORTH if side == 1 else SOUTH
    mean = [sum(to_offset(h)[1] for h in z) / len(z) for z in (own, enemy)]
    return NORTH if mean[1] < mean[0] else SOUTH


def check_placement(
    board: SetupBoard,
    progress: SetupProgress,
    command: Mapping[str, object],
    hex_rule: str = "zone",
    sight_ruling: str | None = None,
) -> tuple[Placement, list[str]]:
    """The placement ``command`` asks for (``uid``, ``hex``, ``facing``, ``speed``), checked;
    :class:`SetupError` says what is wrong. Also the rulings the check relied on."""
    uid = str(command.get("uid", ""))
    waiting = progress.waiting_unit(uid)
    if waiting is None:
        names = ", ".join(w.uid for w in progress.waiting) or "none"
        raise SetupError(
            f"place: {uid or '(no uid)'} is not waiting to be set up (waiting: {names})"
        )
    label = command.get("hex")
    if label is None:
        raise SetupError(f"place {uid}: give the hex (hex=C8)")
    try:
        h = board.battle_map.parse(str(label))
    except ValueError as exc:
        raise SetupError(f"place {uid}: {exc}") from None
    legal = board.legal(waiting, hex_rule, sight_ruling)
    rulings: list[str] = []
    if h not in legal:
        reason = legal.why_not(h)
        why = f"{reason.text} ({reason.clause})" if reason else "not a legal hex"
        raise SetupError(f"place {uid} at {hex_label(h)}: {why}")
    facing = command.get("facing", facing_towards_enemy(board.battle_map, waiting.side))
    if isinstance(facing, str) and facing.upper() in DIRECTION_NAMES:
        facing = DIRECTION_NAMES.index(facing.upper())
    if isinstance(facing, bool) or not isinstance(facing, int) or not 0 <= facing <= 5:
        raise SetupError(
            f"place {uid}: facing {facing!r} is not 0-5 ({', '.join(DIRECTION_NAMES)})"
        )
    card = board.card(waiting)
    speeds = [s.name for s in card.speeds] or ["slow"]
    rule, speed_ruling = board.speed_rule()
    if speed_ruling:
        rulings.append(speed_ruling)
    speed = command.get("speed")
    if rule == "slowest":
        if speed is not None and speed != speeds[0]:
            raise SetupError(
                f"place {uid}: units start at their slowest speed ({speeds[0]}), "
                f"not {speed} (ruling {speed_ruling or 'setup speed'})"
            )
        speed = speeds[0]
    elif speed is None:
        raise SetupError(
            f"place {uid}: give its speed, chosen at setup "
            f"(speed={'|'.join(speeds)}; clause {board.scenario.setup.clause})"
        )
    elif speed not in speeds:
        raise SetupError(f"place {uid}: a {card.name} has no speed {speed!r} ({', '.join(speeds)})")
    hidden = "hidden" in card.types
    return Placement(uid, waiting.side, waiting.unit, h, int(facing), str(speed), hidden), rulings
