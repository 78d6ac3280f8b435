"""Reading ``data/rulesets/<id>/orders.toml``: an edition's order codes and its rulings on orders.

Clauses ``orders.movement-codes`` and ``orders.gunnery-codes`` (the codes the edition has),
``orders.default`` (the default gunnery action), ``orders.illegal`` (what an order that is not
allowed becomes), ``orders.missing`` (what a unit without orders does), ``orders.follow`` and
``orders.giving`` (rewriting orders written a round ahead). Schema: data/README.md, section
"Orders". Every problem is reported at once in a :class:`~referee.errors.DataFileError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, cast

import msgspec

from referee.rules.orders.model import OrderKind
from referee.rules.table_reader import TableReader
from referee.ruleset.readings import ruling_resolver
from referee.ruleset.tables import TableKind

if TYPE_CHECKING:
    from referee.ruleset import Ruleset

FILE_NAME = "orders.toml"

Illegal = Literal["nothing", "default"]
IllegalScope = Literal["step", "action"]
SpeedChange = Literal["next-step", "same-step"]
SpeedAnnotation = Literal["note", "illegal"]
FollowNeeds = Literal["leader", "leader-and-card"]

_KEYS = (
    "movement",
    "gunnery",
    "default_gunnery",
    "illegal",
    "illegal_scope",
    "speed_change",
    "speed_annotation",
    "follow",
    "rewrite",
    "missing",
)


class OrdersRules(msgspec.Struct, frozen=True):
    """One edition's orders table, with its rulings already read (see the module docstring)."""

    path: Path
    movement: tuple[str, ...]
    gunnery: tuple[str, ...]
    default_gunnery: str
    illegal: Illegal
    illegal_scope: IllegalScope
    speed_change: SpeedChange
    speed_annotation: SpeedAnnotation
    follow: FollowNeeds
    rewrite: bool
    """``True``: an order for the next turn may be rewritten until that turn starts."""
    missing: Illegal
    """What a unit without orders for a turn does: ``nothing`` or its ``default`` order
    (ruling ``orders.missing``; ``as-illegal`` there takes :attr:`illegal`)."""
    decided_by: Mapping[str, str]
    """key -> the ruling whose reading gave its value."""

    def codes(self, kind: OrderKind) -> tuple[str, ...]:
        return self.movement if kind == "movement" else self.gunnery

    def ruling(self, key: str) -> str | None:
        """The ruling that decided ``key`` (``None``: the edition's own text)."""
        return self.decided_by.get(key)


def _codes(
    r: TableReader, raw: Mapping[str, object], key: str, known: tuple[str, ...]
) -> tuple[str, ...]:
    codes = r.words(raw, "orders", key)
    if not codes:
        r.problem(f"orders.{key}", "expected a list of order codes")
    for code in codes:
        if code not in known:
            r.problem(f"orders.{key}", f"{code!r} is not an order code ({', '.join(known)})")
    if "-" not in codes:
        r.problem(f"orders.{key}", "'-' (no action) must be listed")
    return codes


def parse_orders_rules(
    path: Path, raw: Mapping[str, object], readings: Mapping[str, str]
) -> OrdersRules:
    """The orders table ``raw`` read from ``path`` under ``readings``."""
    from referee.rules.orders.notation import vocabulary

    vocab = vocabulary()
    r = TableReader(path, ruling_resolver(readings))
    r.keys(raw, "orders", _KEYS)
    movement = _codes(r, raw, "movement", tuple(dict.fromkeys(vocab.codes["movement"].values())))
    gunnery = _codes(r, raw, "gunnery", tuple(dict.fromkeys(vocab.codes["gunnery"].values())))
    default_gunnery = r.text(raw, "orders", "default_gunnery", "-", choices=gunnery or None)
    illegal = r.text(raw, "orders", "illegal", choices=("nothing", "default"))
    scope = r.text(raw, "orders", "illegal_scope", "step", choices=("step", "action"))
    change = r.text(raw, "orders", "speed_change", "next-step", choices=("next-step", "same-step"))
    annotation = r.text(raw, "orders", "speed_annotation", "note", choices=("note", "illegal"))
    follow = r.text(raw, "orders", "follow", "leader", choices=("leader", "leader-and-card"))
    rewrite = r.text(raw, "orders", "rewrite", "locked", choices=("locked", "until-start"))
    missing = r.text(
        raw, "orders", "missing", "as-illegal", choices=("as-illegal", "nothing", "default")
    )
    r.check()
    return OrdersRules(
        path=path,
        movement=movement,
        gunnery=gunnery,
        default_gunnery=default_gunnery,
        illegal=cast(Illegal, illegal),
        illegal_scope=cast(IllegalScope, scope),
        speed_change=cast(SpeedChange, change),
        speed_annotation=cast(SpeedAnnotation, annotation),
        follow=cast(FollowNeeds, follow),
        rewrite=rewrite == "until-start",
        missing=cast(Illegal, illegal if missing == "as-illegal" else missing),
        decided_by=MappingProxyType(
            {k.removeprefix("orders."): v for k, v in r.decided_by.items()}
        ),
    )


ORDERS: TableKind[OrdersRules] = TableKind(
    "orders",
    (FILE_NAME,),
    lambda src: parse_orders_rules(src.path(FILE_NAME), src.doc(FILE_NAME), src.readings),
)
"""The orders table of a ruleset (``orders.toml``)."""


def orders_rules(rules: Ruleset) -> OrdersRules:
    """The orders table of ``rules`` under its readings."""
    return rules.table(ORDERS)
