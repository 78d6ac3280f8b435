"""An army's cost against the budget of its game size (clauses ``army.budgets``,
``army.building``).

The game sizes are data (``data/units/budgets.toml``, schema in ``data/README.md``, section
"Budgets"): a standard game gives each side 24 IP, 24 MP, 24 CP and 24 XP; an asymmetric game
gives the sides different *allowances*, one of them with a *pool* of points it may spend on
any of several kinds; an advanced game adds command points and manpower to every side.
:func:`army_cost` totals an army's cost per kind; :func:`check_budget` sets the totals against
an allowance, kind by kind, and says which kinds are over. Whether an army may spend its
budget exactly is the reading of ruling ``army.budget-limit`` (``at-most`` or ``less-than``),
which the caller passes in.

Clause ``army.costs``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

import msgspec

from referee.errors import DataFileError, RefereeError, read_toml
from referee.paths import data_dir
from referee.units.model import COST_KINDS

BUDGETS_FILE = "budgets.toml"
LIMITS = ("at-most", "less-than")
"""The readings of ruling ``army.budget-limit``."""

_GAME_KEYS = {"id", "name", "points", "allowance"}
_ALLOWANCE_KEYS = {"id", "name", "points", "pool", "against"}


class UnknownGame(RefereeError):
    """No game size (or allowance of it) has the id asked for; the message lists them."""


def _frozen(d: Mapping[str, int] | None = None) -> Mapping[str, int]:
    return MappingProxyType(dict(d or {}))


class Pool(msgspec.Struct, frozen=True):
    """Points a side may spend on any of ``kinds``, beyond those kinds' own points."""

    kinds: tuple[str, ...]
    points: int


class Allowance(msgspec.Struct, frozen=True):
    """One side's budget: points per cost kind (a kind not named is 0), maybe a pool."""

    id: str
    name: str
    points: Mapping[str, int] = msgspec.field(default_factory=_frozen)
    pool: Pool | None = None
    against: tuple[str, ...] = ()
    """The allowances the other side may take against this one (empty: the same one)."""

    def allowed(self, kind: str) -> int:
        return self.points.get(kind, 0)

    def plus(self, add: Mapping[str, int]) -> Allowance:
        """This allowance with ``add`` points more of each kind (an advanced game)."""
        points = {k: self.allowed(k) + add.get(k, 0) for k in COST_KINDS}
        return Allowance(
            self.id,
            self.name,
            _frozen({k: n for k, n in points.items() if n}),
            self.pool,
            self.against,
        )

    def text(self) -> str:
        """``24 IP, 24 MP`` and the pool, in the order of the cost kinds."""
        parts = [f"{self.points[k]} {k.upper()}" for k in COST_KINDS if self.points.get(k)]
        if self.pool is not None:
            kinds = "/".join(k.upper() for k in self.pool.kinds)
            parts.append(f"{self.pool.points} of {kinds}")
        return ", ".join(parts) or "no points"


class GameType(msgspec.Struct, frozen=True):
    """A game size: its allowances (one when both sides get the same budget)."""

    id: str
    name: str
    allowances: tuple[Allowance, ...]

    @property
    def symmetric(self) -> bool:
        return len(self.allowances) == 1

    def allowance(self, allowance_id: str | None = None) -> Allowance:
        """The allowance ``allowance_id``; the first one when ``None``."""
        if allowance_id is None:
            return self.allowances[0]
        for a in self.allowances:
            if a.id == allowance_id:
                return a
        known = ", ".join(a.id for a in self.allowances)
        raise UnknownGame(f"game {self.id}: no allowance {allowance_id!r} (known: {known})")

    def pairing_problem(self, first: str, second: str) -> str | None:
        """Why side 1 taking ``first`` and side 2 ``second`` is not a game of this size
        (``None`` when it is)."""
        a, b = self.allowance(first), self.allowance(second)
        if self.symmetric or (b.id in a.against and a.id in b.against):
            return None
        return f"{self.name}: a side with {a.name} plays against {_either(self, a.against)}"


def _either(game: GameType, ids: tuple[str, ...]) -> str:
    return " or ".join(game.allowance(i).name for i in ids) or "the same budget"


class Budgets(msgspec.Struct, frozen=True):
    """Every game size of a budgets file, the default one and what an advanced game adds."""

    games: Mapping[str, GameType]
    default: str
    advanced: Mapping[str, int]
    advanced_name: str = "Advanced game"
    path: Path | None = None

    def game(self, game_id: str | None = None) -> GameType:
        """The game size ``game_id`` (the default one when ``None``)."""
        try:
            return self.games[game_id or self.default]
        except KeyError:
            known = ", ".join(self.games)
            raise UnknownGame(f"no game size {game_id!r} (known: {known})") from None


# --- reading the file --------------------------------------------------------------------


def _points(raw: object, where: str, problems: list[str]) -> dict[str, int]:
    if not isinstance(raw, dict):
        problems.append(f"{where}: expected a table of cost kinds ({', '.join(COST_KINDS)})")
        return {}
    points: dict[str, int] = {}
    for kind, n in raw.items():
        if kind not in COST_KINDS:
            problems.append(f"{where}.{kind}: not a cost kind ({', '.join(COST_KINDS)})")
        elif not isinstance(n, int) or isinstance(n, bool) or n < 0:
            problems.append(f"{where}.{kind}: expected a whole number 0 or more, got {n!r}")
        else:
            points[kind] = n
    return points


def _pool(raw: object, where: str, problems: list[str]) -> Pool | None:
    if not isinstance(raw, dict):
        problems.append(f"{where}: expected a table with kinds and points")
        return None
    for key in sorted(set(raw) - {"kinds", "points"}):
        problems.append(f"{where}.{key}: unknown key")
    kinds, points = raw.get("kinds"), raw.get("points")
    ok = True
    if not isinstance(kinds, list) or not kinds or any(k not in COST_KINDS for k in kinds):
        problems.append(f"{where}.kinds: expected a list of cost kinds ({', '.join(COST_KINDS)})")
        ok = False
    if not isinstance(points, int) or isinstance(points, bool) or points < 1:
        problems.append(f"{where}.points: expected a whole number 1 or more, got {points!r}")
        ok = False
    if not ok or not isinstance(kinds, list) or not isinstance(points, int):
        return None
    return Pool(tuple(kinds), points)


def _allowance(raw: object, where: str, problems: list[str], fallback_id: str) -> Allowance | None:
    """One allowance; ``where`` is ``game G.allowance[i]`` (``game G`` for a game's points)."""
    if not isinstance(raw, dict):
        problems.append(f"{where}: expected a table")
        return None
    allowance_id = raw.get("id", fallback_id)
    if "id" in raw:
        where = f"{where.partition('[')[0]} {allowance_id}"
    for key in sorted(set(raw) - _ALLOWANCE_KEYS):
        problems.append(f"{where}.{key}: unknown key")
    name = raw.get("name", "")
    if not isinstance(allowance_id, str) or not allowance_id or not isinstance(name, str):
        problems.append(f"{where}: id and name must be text")
        return None
    points = _points(raw.get("points", {}), f"{where}.points", problems)
    pool = _pool(raw["pool"], f"{where}.pool", problems) if "pool" in raw else None
    against = raw.get("against", [])
    if not isinstance(against, list) or not all(isinstance(a, str) for a in against):
        problems.append(f"{where}.against: expected a list of allowance ids")
        against = []
    return Allowance(allowance_id, name, _frozen(points), pool, tuple(against))


def _game(raw: object, index: int, problems: list[str]) -> GameType | None:
    where = f"game[{index}]"
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
        problems.append(f"{where}.id: missing")
        return None
    game_id = raw["id"]
    where = f"game {game_id}"
    for key in sorted(set(raw) - _GAME_KEYS):
        problems.append(f"{where}.{key}: unknown key")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        problems.append(f"{where}.name: missing")
        name = game_id
    allowances: list[Allowance] = []
    if ("points" in raw) == ("allowance" in raw):
        problems.append(f"{where}: give either points or [[game.allowance]] tables")
    elif "points" in raw:
        found = _allowance({"name": name, "points": raw["points"]}, where, problems, game_id)
        allowances += [found] if found is not None else []
    else:
        raw_list = raw["allowance"] if isinstance(raw["allowance"], list) else [None]
        for j, item in enumerate(raw_list):
            found = _allowance(item, f"{where}.allowance[{j}]", problems, "")
            allowances += [found] if found is not None else []
    ids = [a.id for a in allowances]
    for a in allowances:
        if ids.count(a.id) > 1:
            problems.append(f"{where}.allowance {a.id}: defined twice")
        for other in a.against:
            if other not in ids:
                problems.append(f"{where}.allowance {a.id}.against: no allowance {other!r}")
    if not allowances:
        return None
    return GameType(game_id, name, tuple(allowances))


def parse_budgets(path: Path, doc: Mapping[str, object]) -> Budgets:
    """Check a parsed budgets file; every problem names its game, allowance and key."""
    problems: list[str] = []
    for key in sorted(set(doc) - {"default", "advanced", "game"}):
        problems.append(f"{key}: unknown key")
    games: dict[str, GameType] = {}
    raw_games = doc.get("game", [])
    if not isinstance(raw_games, list) or not raw_games:
        problems.append("game: expected one or more [[game]] tables")
        raw_games = []
    for i, raw in enumerate(raw_games):
        game = _game(raw, i, problems)
        if game is not None and game.id in games:
            problems.append(f"game {game.id}: defined twice")
        elif game is not None:
            games[game.id] = game
    default = doc.get("default")
    if not isinstance(default, str) or default not in games:
        problems.append(f"default: {default!r} is not a game id ({', '.join(games)})")
    advanced = doc.get("advanced", {})
    add: dict[str, int] = {}
    advanced_name = "Advanced game"
    if isinstance(advanced, dict):
        for key in sorted(set(advanced) - {"name", "add"}):
            problems.append(f"advanced.{key}: unknown key")
        add = _points(advanced.get("add", {}), "advanced.add", problems)
        advanced_name = str(advanced.get("name", advanced_name))
    else:
        problems.append("advanced: expected a table with name and add")
    if problems:
        raise DataFileError(path, problems)
    return Budgets(MappingProxyType(games), str(default), _frozen(add), advanced_name, path)


def budgets_path() -> Path:
    return data_dir() / "units" / BUDGETS_FILE


@cache
def _load(path: Path) -> Budgets:
    return parse_budgets(path, read_toml(path))


def load_budgets(path: Path | None = None) -> Budgets:
    """The budgets file (the shipped ``data/units/budgets.toml`` by default), read once."""
    return _load(path or budgets_path())


# --- costing an army ---------------------------------------------------------------------


def army_cost(costs: Iterable[tuple[Mapping[str, int], int]]) -> dict[str, int]:
    """The total of each cost kind of an army given as (a unit's cost, how many) pairs; every
    kind is listed, in the order of :data:`COST_KINDS` (clause ``army.budgets``)."""
    totals = dict.fromkeys(COST_KINDS, 0)
    for cost, count in costs:
        for kind, n in cost.items():
            totals[kind] = totals.get(kind, 0) + n * count
    return totals


class KindLine(msgspec.Struct, frozen=True):
    """One cost kind of an army: spent, its own points, what it may reach with the pool."""

    kind: str
    spent: int
    allowed: int
    cap: int
    over: bool

    def text(self) -> str:
        return f"{self.kind.upper()} {self.spent}/{self.allowed}" + (" over" if self.over else "")


class BudgetCheck(msgspec.Struct, frozen=True):
    """An army's totals against an allowance (clauses ``army.budgets``, ``army.building``)."""

    allowance: Allowance
    lines: tuple[KindLine, ...]
    pool_spent: int = 0
    pool_over: bool = False
    limit: str = "at-most"
    ruling: str = "army.budget-limit"

    @property
    def over(self) -> bool:
        return self.pool_over or any(line.over for line in self.lines)

    @property
    def over_kinds(self) -> tuple[str, ...]:
        return tuple(line.kind for line in self.lines if line.over)

    def text(self) -> str:
        """``IP 12/24, MP 30/24 over`` and the pool's share."""
        parts = [line.text() for line in self.lines]
        pool = self.allowance.pool
        if pool is not None:
            kinds = "/".join(k.upper() for k in pool.kinds)
            parts.append(
                f"{kinds} beyond their own {self.pool_spent}/{pool.points}"
                + (" over" if self.pool_over else "")
            )
        return ", ".join(parts)


def _fits(spent: int, points: int, limit: str) -> bool:
    """Whether ``spent`` stays within ``points`` under ruling ``army.budget-limit``: at most
    the points, or less than them (nothing spent always fits)."""
    if limit == "less-than":
        return spent == 0 or spent < points
    return spent <= points


def check_budget(
    totals: Mapping[str, int],
    allowance: Allowance,
    *,
    advanced: Mapping[str, int] | None = None,
    limit: str = "at-most",
) -> BudgetCheck:
    """Set an army's ``totals`` (per cost kind) against ``allowance``, plus ``advanced`` points
    when the game is an advanced one. A kind is over when its total does not fit its own
    points and the pool together; the pool is over when what the pool's kinds spend beyond
    their own points does not fit it. ``limit`` is the reading of ruling
    ``army.budget-limit`` (clauses ``army.budgets``, ``army.building``)."""
    if limit not in LIMITS:
        raise ValueError(f"ruling army.budget-limit: {limit!r} is not one of {', '.join(LIMITS)}")
    side = allowance.plus(advanced) if advanced else allowance
    pool = side.pool
    pooled = set(pool.kinds) if pool is not None else set()
    lines = []
    for kind in COST_KINDS:
        spent, own = totals.get(kind, 0), side.allowed(kind)
        if not (spent or own or kind in pooled):
            continue
        cap = own + (pool.points if pool is not None and kind in pooled else 0)
        lines.append(KindLine(kind, spent, own, cap, not _fits(spent, cap, limit)))
    beyond = sum(max(0, totals.get(k, 0) - side.allowed(k)) for k in pooled)
    pool_over = pool is not None and not _fits(beyond, pool.points, limit)
    return BudgetCheck(side, tuple(lines), beyond, pool_over, limit)
