"""Loading a ruleset with every kind of table the rules know.

The :class:`~referee.ruleset.Ruleset` and its loader sit on the lowest floor
(:mod:`referee.ruleset`); the parsers of the tables live here, in the rules that use them.
This module hands the loader every kind (:data:`TABLE_KINDS`, each by where it lives, so
that its module is imported only when a ruleset first reads that table): a ruleset's system
(``data/rulesets/systems.toml``) says which of them it must have. A new game system adds
its kinds here and its list of tables there; nothing asks which ruleset it is.

``data/rulesets/<id>/`` holds ``ruleset.toml`` (name, system, drafts, chosen readings) and
the files of its tables. A referee may switch any ruling's reading for a match (house rules)
with :meth:`Ruleset.with_readings`. A match made with an older version of a ruleset loads
that version (``version``, :func:`referee.versions.ruleset_folder`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from referee.ruleset import Ruleset, TableHome
from referee.ruleset.load import UnknownRuleset, available_rulesets
from referee.ruleset.load import load_ruleset as load_whole

__all__ = [
    "TABLE_KINDS",
    "Ruleset",
    "UnknownRuleset",
    "available_rulesets",
    "check_ruleset",
    "load_ruleset",
    "ruleset",
]

TABLE_KINDS: tuple[TableHome, ...] = (
    # the game of written orders (drafts 001 and 004)
    TableHome("to_hit", ("to_hit.toml",), "referee.rules.fire.to_hit_table:TO_HIT"),
    TableHome("damage", ("damage.toml",), "referee.rules.damage.method:DAMAGE"),
    TableHome("assault", ("assault.toml",), "referee.rules.assault.table:ASSAULT"),
    TableHome("hex_effects", ("hex_effects.toml",), "referee.rules.hexes.rules:HEX_EFFECTS"),
    TableHome("agony", ("agony.toml",), "referee.rules.agony.schedule:AGONY"),
    TableHome("orders", ("orders.toml",), "referee.rules.orders.edition:ORDERS"),
    TableHome("turn", ("turn.toml",), "referee.rules.turn.sequence:TURN"),
    TableHome("nations", ("nations.toml",), "referee.rules.nations:NATIONS"),
    # the activation rules (draft 002)
    TableHome(
        "activation",
        ("start.toml", "movement.toml", "fortifications.toml", "attack.toml"),
        "referee.rules.activation.tables:ACTIVATION",
    ),
    TableHome(
        "activation_cards",
        ("units.toml", "structures.toml"),
        "referee.rules.activation.cards:CARDS",
    ),
    TableHome(
        "activation_missions", ("missions.toml",), "referee.rules.activation.missions:MISSIONS"
    ),
)
"""Every kind of table beside terrain and line of sight, by where its parser lives: a
ruleset imports a kind's module when it first reads that table, so a command imports the
parsers of only the tables it reads (tests/ruleset/test_ruleset_lazy.py)."""


def load_ruleset(
    ruleset_id: str = "current",
    readings: Mapping[str, str] | None = None,
    version: int | None = None,
) -> Ruleset:
    """Load ``data/rulesets/<ruleset_id>``, each table read when first used; ``readings``
    overrides its chosen readings; ``version`` picks an older version of the ruleset (None:
    the version shipped now)."""
    return load_whole(ruleset_id, TABLE_KINDS, readings, version)


def check_ruleset(
    ruleset_id: str = "current",
    readings: Mapping[str, str] | None = None,
    version: int | None = None,
) -> Ruleset:
    """Load ``data/rulesets/<ruleset_id>`` and read every table now: a missing file or a
    problem in any file refuses it, every problem of every file named at once."""
    return load_whole(ruleset_id, TABLE_KINDS, readings, version, whole=True)


@cache
def ruleset(ruleset_id: str = "current") -> Ruleset:
    """The shipped ruleset with its own readings, loaded once."""
    return load_ruleset(ruleset_id)
