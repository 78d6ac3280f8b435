"""The demo match: a ready game a newcomer can open in one command (``referee``).

Played under the current edition (draft 004, :data:`DEMO_EDITION`) unless the caller names
another (File > New demo match, first draft), on the first draft's standard 7x9
battlefield (``data/maps/standard.toml``; every sample card of the Spartans and the Orks
reads under both editions), a tank, infantry and
cavalry on each side set up in their deployment zones facing each other, a fixed seed, and
one named step writing every unit's orders for turns 1 and 2 (clause ``orders.giving``:
orders are one round ahead, so the turn's orders step finds them written) and moving the
clock on to Gunnery 1; at turn 2's orders step the clock waits for turn 3's. The orders
are legal for each unit's speed (``tests/app/test_app_demo_match.py`` checks them with the
orders engine). Two turns show every kind of step a referee meets: the wagon's Gas lobba (an
area weapon) reaches the hoplites in the first gunnery step and its Wagon shootas (fixed
guns that may misfire) have targets in range, and the boars and the hoplites both enter E5 in
movement 2 of turn 1, an assault. Nothing here imports Qt.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.paths import matches_dir, safe_file_name
from referee.rules.orders.commands import Advance, Orders

if TYPE_CHECKING:  # the match file (and the engine) when a demo is written: the window's
    # first start reads the demo's map and units from here before loading the engine
    from referee.match.games.orders_file import MatchFile

DEMO_MAP = "standard"
DEMO_EDITION = "current"
"""The demo's ruleset unless the referee chooses another: the current edition."""
DEMO_SEED = 2024
DEMO_TITLE = "Demo: Spartans against Orks on the standard battlefield"

# Side 1 (Spartans) holds rows 7-9 at the bottom of the map and faces north (facing 0);
# side 2 (Orks) holds rows 1-3 at the top and faces south (facing 3).
DEMO_UNITS: tuple[dict[str, Any], ...] = (
    {
        "uid": "tank",
        "unit": "standard-tank",
        "side": 1,
        "hex": "C7",
        "facing": 0,
        "speed": "stand-still",
    },
    {
        "uid": "hoplites",
        "unit": "hoplite-phalanx",
        "side": 1,
        "hex": "E7",
        "facing": 0,
        "speed": "slow",
    },
    {
        "uid": "companions",
        "unit": "companion-cavalry",
        "side": 1,
        "hex": "G8",
        "facing": 0,
        "speed": "slow",
    },
    {
        "uid": "wagon",
        "unit": "battle-wagon",
        "side": 2,
        "hex": "D2",
        "facing": 3,
        "speed": "stand-still",
    },
    {"uid": "grunts", "unit": "ork-grunts", "side": 2, "hex": "B3", "facing": 3, "speed": "slow"},
    {"uid": "boars", "unit": "boar-riders", "side": 2, "hex": "E3", "facing": 3, "speed": "fast"},
)

DEMO_ARMIES = ("sample/spartan.toml", "sample/ork.toml")
"""The unit files of the demo's two armies (under ``data/units/``): the demo's cards are read
from these alone, never from the whole catalogue."""

# Turn 1's orders (movement over three steps, gunnery over two), in the drafts' notation.
DEMO_ORDERS: dict[str, tuple[str, str]] = {
    "tank": ("- + - + -", "Fire + Load"),
    "hoplites": ("F + F + -", "- + Fire"),
    "companions": ("F + F + F", "- + -"),
    "wagon": ("- + - + -", "Fire + Load"),
    "grunts": ("F + F + -", "- + Fire"),
    "boars": ("F + F + F", "- + -"),
}


# Turn 2's orders, written with turn 1's (one round ahead): the speeds do not change in
# turn 1, so they are judged at the same speeds.
DEMO_ORDERS_NEXT: dict[str, tuple[str, str]] = {
    "tank": ("- + - + -", "Fire + Load"),
    "hoplites": ("F + - + -", "- + Fire"),
    "companions": ("F + F + -", "- + -"),
    "wagon": ("- + - + -", "Fire + Load"),
    "grunts": ("F + - + -", "- + Fire"),
    "boars": ("F + - + -", "- + -"),
}


def demo_army_files() -> list[Path]:
    """The paths of :data:`DEMO_ARMIES`."""
    from referee.paths import data_dir

    return [data_dir() / "units" / name for name in DEMO_ARMIES]


def demo_cards() -> dict[str, dict[str, Any]]:
    """The card of each unit type of :data:`DEMO_UNITS`, by id, as a match file keeps a card
    (its nation, whether it is sample data, its ``[[unit]]`` table), read from the unit files
    of :data:`DEMO_ARMIES` alone; :class:`~referee.errors.DataFileError` when one is missing."""
    from referee.errors import DataFileError, read_toml
    from referee.units.parse_unit import kept_card

    wanted = list(dict.fromkeys(str(spec["unit"]) for spec in DEMO_UNITS))
    cards: dict[str, dict[str, Any]] = {}
    paths = demo_army_files()
    for path in paths:
        doc = read_toml(path)
        for uid in wanted:
            if uid not in cards and (card := kept_card(doc, uid)) is not None:
                cards[uid] = card
    missing = [uid for uid in wanted if uid not in cards]
    if missing:
        raise DataFileError(paths[0], [f"unit {uid}: in none of {DEMO_ARMIES}" for uid in missing])
    return cards


def demo_folder() -> Path:
    """Where ``referee`` with no arguments writes its demo matches: the matches folder of
    :mod:`referee.paths` (``$REFEREE_MATCHES``, else ``<user data>/matches``)."""
    return matches_dir()


def new_demo_path(folder: Path | None = None) -> Path:
    """A file name for a new demo match in ``folder`` that no file uses yet (the folder
    made if need be)."""
    folder = folder or demo_folder()
    folder.mkdir(parents=True, exist_ok=True)
    return unused_match_path(folder, "demo")


def unused_match_path(folder: Path, stem: str) -> Path:
    """``<stem>-<date>-<time>.referee`` in ``folder``, with ``-2``, ``-3``... added until
    no file has the name (``stem`` made a safe file name, :func:`referee.paths.safe_file_name`)."""
    from datetime import datetime  # here: the demo's preview (the app's first frame) is not

    stem = safe_file_name(stem, "match")
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stem}-{stamp}.referee"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{stamp}-{n}.referee"
        n += 1
    return path


def orders_commands(
    turn: int = 1, orders: dict[str, tuple[str, str]] | None = None
) -> list[Orders]:
    """The ``orders`` commands writing ``orders`` (:data:`DEMO_ORDERS`) for ``turn``."""
    return [
        Orders(uid=uid, turn=turn, movement=move, gunnery=guns)
        for uid, (move, guns) in (orders or DEMO_ORDERS).items()
    ]


def create_demo_match(path: Path | str, ruleset: str = DEMO_EDITION) -> MatchFile:
    """A new demo match file at ``path`` (never replacing a file) under ``ruleset`` (the
    current edition unless told), orders for turns 1 and 2 written, the clock at Gunnery 1
    of turn 1."""
    from referee.match.games.orders_file import MatchFile

    cards = demo_cards()  # the demo's armies' files, not the whole catalogue
    match = MatchFile.create(
        path,
        map_name=DEMO_MAP,
        units=[{**spec, "card": cards[spec["unit"]]} for spec in DEMO_UNITS],
        ruleset=ruleset,
        seed=DEMO_SEED,
        title=DEMO_TITLE,
    )
    match.run(
        "Orders for turns 1 and 2",
        [*orders_commands(1), *orders_commands(2, DEMO_ORDERS_NEXT), Advance()],
    )
    return match
