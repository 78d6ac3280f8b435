"""What a unit card is checked against under a ruleset (:class:`CardRules`): the abilities'
register, the ruleset's terrain and its readings of rulings ``units.models-per-base`` and
``units.assault-acid``. A match file reads its units' cards with them; the catalogue
(:mod:`referee.units.catalogue`) reads every unit file with them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.ruleset.load import ruleset_readings, ruleset_terrain
from referee.ruleset.rulings import register as rulings_register
from referee.units.abilities import register
from referee.units.parse_unit import CardRules

if TYPE_CHECKING:
    from referee.ruleset import Ruleset


def card_rules(rules: Ruleset | None = None) -> CardRules:
    """What unit cards are checked against under ``rules`` (default: the current edition's
    terrain and readings)."""
    if rules is None:
        terrain, readings = ruleset_terrain("current"), ruleset_readings("current")
    else:
        terrain, readings = rules.terrain, rules.readings

    def value(ruling_id: str) -> object:
        return rulings_register()[ruling_id].option(readings[ruling_id]).value

    models = value("units.models-per-base")
    if not isinstance(models, list) or not all(isinstance(n, int) for n in models):
        raise ValueError(f"ruling units.models-per-base: {models!r} is not a list of numbers")
    return CardRules(
        register=register(),
        terrain=frozenset(terrain.terrain),
        models=frozenset(models),
        assault_acid=str(value("units.assault-acid")),
    )
