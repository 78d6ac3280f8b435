"""The ruleset: one edition's (or one game system's) tables, each read when first used (or all
checked at once), with the reading it takes of every ruling. It sits on the lowest floor
beside the hex grid: the board, the units and the dice are handed a :class:`Ruleset` and
import nothing above them.

* :mod:`rulings` the register of rulings (the unclear passages and their readings);
  :mod:`readings` the readings a ruleset takes and the one resolver of ``"@ruling-id"``;
* :mod:`terrain` and :mod:`los_rules` the two tables every ruleset has (the board reads them);
* :mod:`tables` the kinds of table (their parsers live in the rules that use them);
* :mod:`load` loading a ruleset (``data/rulesets/systems.toml`` lists the tables of each
  game system); :mod:`table_set` its tables, each read on first use or all at once to check
  it whole; :mod:`model` the :class:`Ruleset`.

Code above the rules loads a ruleset with :func:`referee.ruleset.shipped.load_ruleset`, which
hands in every kind of table the rules know.
"""

from referee.ruleset.model import MissingTable, Ruleset
from referee.ruleset.tables import TableHome, TableKind, TableSource

__all__ = ["MissingTable", "Ruleset", "TableHome", "TableKind", "TableSource"]
