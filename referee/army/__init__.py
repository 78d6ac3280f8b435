"""Army lists: an army file (TOML) read and written, checked against its nation's catalogue
and its game size's budget, identified by a checksum, printed as an army sheet, and turned
into the units a match puts on the table with their upgrades applied to the cards.

Clauses ``army.building``, ``army.budgets``, ``army.costs``, ``army.huge-units``; the file's
schema is ``data/README.md``, section "Army lists".

    army = load_army("vanguard.toml")          # ArmyFileError: file, unit entry, field, rule
    report = validate_army(army)               # every problem at once, the cost, the checksum
    units = table_units(army)                  # the cards the army puts on the table
"""

from referee.army.cards import TableUnit, table_units
from referee.army.load import ArmyFileError, dump_army, load_army, parse_army
from referee.army.model import Army, ArmyEntry, UpgradeChoice
from referee.army.problems import ArmyProblem
from referee.army.validate import ArmyReport, HugeUnit, validate_army

__all__ = [
    "Army",
    "ArmyEntry",
    "ArmyFileError",
    "ArmyProblem",
    "ArmyReport",
    "HugeUnit",
    "TableUnit",
    "UpgradeChoice",
    "dump_army",
    "load_army",
    "parse_army",
    "table_units",
    "validate_army",
]
