"""A game of the activation rules set up for one test: the shipped ruleset (or one read
differently), and a state in the main phase with pieces placed directly."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from referee.board.hexgrid import DIRECTION_NAMES, parse_label
from referee.dice.service import Dice
from referee.rules.activation.commands import parse_command
from referee.rules.activation.game import ActivationGame
from referee.rules.activation.pips import Pips
from referee.rules.activation.record import Outcome
from referee.rules.activation.state import ActivationState, Fortification, Piece
from referee.rules.activation.step import step
from referee.ruleset.shipped import load_ruleset, ruleset


def game(**readings: str) -> ActivationGame:
    """The activation game, with rulings read as ``readings`` (``activation_slots="tiles"``
    for ``activation.slots``)."""
    if not readings:
        return ActivationGame.of(ruleset("activation"))
    named = {
        "activation." + k.removeprefix("activation_").replace("_", "-"): v
        for k, v in readings.items()
    }
    return ActivationGame.of(load_ruleset("activation", named))


def unit(
    uid: str,
    card: str,
    side: int,
    where: str,
    g: ActivationGame,
    *,
    health: int | None = None,
    ammunition: int | None = None,
    status: str = "deployed",
    carrier: str | None = None,
) -> Piece:
    """A unit on the map at ``where`` (``H12:N``, or ``H12`` facing N)."""
    label, _, facing = where.partition(":")
    c = g.cards.unit(card)
    return Piece(
        uid,
        card,
        side,
        "unit",
        status,  # type: ignore[arg-type]
        parse_label(label) if status == "deployed" else None,
        DIRECTION_NAMES.index(facing or "N"),
        c.health if health is None else health,
        c.ammunition if ammunition is None else ammunition,
        carrier,
    )


def fort(
    where: str,
    structure: str = "bunker",
    *,
    side1: int = 0,
    side2: int = 0,
    neutral: int = 0,
    owner: int | None = None,
) -> Fortification:
    return Fortification(parse_label(where), structure, Pips(side1, side2, neutral), owner)


def main_phase(
    pieces: Sequence[Piece],
    forts: Sequence[Fortification] = (),
    *,
    turn: int = 1,
    mission: str = "open-field",
) -> ActivationState:
    """A state in the main phase with ``pieces`` and ``forts``, ``turn``'s turn."""
    return ActivationState(
        phase="main",
        pieces=MappingProxyType({p.uid: p for p in pieces}),
        fortifications=MappingProxyType({f.hex: f for f in forts}),
        missions_left=(mission,),
        mission=mission,
        first=1,
        turn=turn,
    )


def play(g: ActivationGame, state: ActivationState, text: str, dice: Sequence[int] = ()) -> Outcome:
    """Carry out the command ``text`` with ``dice`` typed in (every die must be typed)."""
    d = Dice(seed=0, ask=lambda request: _untyped(request))
    d.type_in(dice)
    out = step(g, state, parse_command(text), d)
    assert d.pending == (), f"dice typed but not used: {d.pending}"
    return out


def _untyped(request: object) -> int:
    raise AssertionError(f"a die was asked that the test did not type: {request}")


def hexes(*labels: str) -> set[object]:
    return {parse_label(x) for x in labels}


def pieces_json(state: ActivationState) -> Mapping[str, dict[str, object]]:
    return {p["uid"]: p for p in state.to_json()["pieces"]}  # type: ignore[index, union-attr]
