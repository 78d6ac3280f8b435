"""Starting a game: the armies, presentation, mission bans and the first player.

* :func:`new_game`: the state before anything is decided, every piece of each army on its
  player's roster with its card's H (clause ``activation.starting``);
* :func:`presentation`: what each player shows the other (``activation.presentation``);
* :func:`first_to_ban` and :func:`ban`: who bans first (ruling ``activation.first-ban``)
  and one ban; the missions left after it, the last one left being played
  (``activation.mission-choosing``);
* :func:`draw_chooser`: the player drawn at random who chooses to go first or second
  (``activation.player-order``), a d2 through the dice service.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from referee.dice.service import Dice
from referee.errors import RefereeError
from referee.rules.activation.cards import Cards, UnknownCard
from referee.rules.activation.missions import Missions
from referee.rules.activation.state import ActivationState, Piece
from referee.rules.activation.tables import StartTable

ArmyEntry = tuple[str, str]
"""(uid, card id): one unit or structure of an army."""


class StartError(RefereeError):
    """Armies or missions a game cannot start with, naming the field."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def new_game(
    cards: Cards,
    missions: Missions,
    armies: Mapping[int, Sequence[ArmyEntry]],
    offered: Sequence[str] | None = None,
) -> ActivationState:
    """The state of a new game: both armies on their rosters, the missions ``offered``
    (every mission of the ruleset if None) left to ban."""
    if sorted(armies) != [1, 2]:
        raise StartError("a game needs the armies of side 1 and side 2", "armies")
    pieces: dict[str, Piece] = {}
    for side in (1, 2):
        for uid, card_id in armies[side]:
            if uid in pieces:
                raise StartError(f"{uid!r} names two pieces: give each its own uid", "uid")
            if not cards.is_structure(card_id) and card_id not in cards.units:
                known = ", ".join(sorted([*cards.units, *cards.structures]))
                raise UnknownCard(
                    f"no unit card {card_id!r} nor structure of that name (cards: {known})"
                )
            if cards.is_structure(card_id):
                cards.structure(card_id)
                pieces[uid] = Piece(uid, card_id, side, kind="structure")
            else:
                card = cards.unit(card_id)
                pieces[uid] = Piece(uid, card_id, side, health=card.health)
    left = tuple(offered) if offered is not None else missions.ids()
    if not left:
        raise StartError("no mission to play", "missions")
    for mid in left:
        missions.get(mid)
    if len(set(left)) != len(left):
        raise StartError("a mission is offered twice", "missions")
    return ActivationState(pieces=MappingProxyType(pieces), missions_left=left)


def presentation(cards: Cards, state: ActivationState) -> list[str]:
    """Each player's army as shown to the other (clause ``activation.presentation``)."""
    lines = []
    for side in (1, 2):
        names = []
        for p in sorted(state.of_side(side), key=lambda p: p.uid):
            card = cards.structures[p.card] if p.kind == "structure" else cards.unit(p.card)
            names.append(f"{p.uid} ({card.name})")
        lines.append(f"side {side} presents: {', '.join(names) or 'nothing'}")
    return lines


def first_to_ban(table: StartTable, dice: Dice) -> tuple[int, int | None]:
    """The side that bans first, and the d2 rolled for it (ruling ``activation.first-ban``)."""
    if table.first_ban == "side-1":
        return 1, None
    roll = dice.roll(table.order_die, "who bans the first mission (1: side 1, 2: side 2)")
    return roll, roll


def ban(left: Sequence[str], mission: str) -> tuple[str, ...]:
    """The missions left once ``mission`` is banned (clause ``activation.mission-choosing``)."""
    if mission not in left:
        raise StartError(
            f"{mission!r} cannot be banned: the missions left are {', '.join(left)}", "mission"
        )
    if len(left) == 1:
        raise StartError(f"{mission} is the last mission left: it is the one played", "mission")
    return tuple(m for m in left if m != mission)


def draw_chooser(table: StartTable, dice: Dice) -> int:
    """The player drawn at random to choose the order (clause ``activation.player-order``)."""
    return dice.roll(
        table.order_die, "the player who chooses to go first or second (1: side 1, 2: side 2)"
    )
