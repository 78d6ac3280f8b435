"""Loading a ruleset with every kind of table the rules know.

The :class:`~referee.ruleset.Ruleset` and its loader sit on the lowest floor
(:mod:`referee.ruleset`); the parsers of the tables live here, in the rules that use them.
This module hands the loader every kind (:data:`TABLE_KINDS`): a ruleset's system
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

from referee.rules.activation.cards import CARDS
from referee.rules.activation.missions import MISSIONS
from referee.rules.activation.tables import ACTIVATION
from referee.rules.agony.schedule import AGONY
from referee.rules.assault.table import ASSAULT
from referee.rules.damage.method import DAMAGE
from referee.rules.fire.to_hit_table import TO_HIT
from referee.rules.hexes.rules import HEX_EFFECTS
from referee.rules.nations import NATIONS
from referee.rules.orders.edition import ORDERS
from referee.rules.turn.sequence import TURN
from referee.ruleset import Ruleset, TableKind
from referee.ruleset.load import UnknownRuleset, available_rulesets
from referee.ruleset.load import load_ruleset as load_whole

__all__ = [
    "TABLE_KINDS", "Ruleset", "UnknownRuleset", "available_rulesets", "load_ruleset", "ruleset",
]

TABLE_KINDS: tuple[TableKind[object], ...] = (  # type: ignore[assignment]
    # the game of written orders (drafts 001 and 004)
    TO_HIT, DAMAGE, ASSAULT, HEX_EFFECTS, AGONY, ORDERS, TURN, NATIONS,
    # the activation rules (draft 002)
    ACTIVATION, CARDS, MISSIONS,
)
"""Every kind of table beside terrain and line of sight, as the rules read them."""


def load_ruleset(
    ruleset_id: str = "current",
    readings: Mapping[str, str] | None = None,
    version: int | None = None,
) -> Ruleset:
    """Load ``data/rulesets/<ruleset_id>`` whole; ``readings`` overrides its chosen readings;
    ``version`` picks an older version of the ruleset (None: the version shipped now)."""
    return load_whole(ruleset_id, TABLE_KINDS, readings, version)


@cache
def ruleset(ruleset_id: str = "current") -> Ruleset:
    """The shipped ruleset with its own readings, loaded once."""
    return load_ruleset(ruleset_id)
