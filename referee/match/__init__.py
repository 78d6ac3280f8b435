"""The match: what every game shares around its rules, in rooms named by their job.

* :mod:`journal` the SQLite journal file (:mod:`journal.journal_file`: its tables, each step
  written in one transaction, undo and redo), the formats of earlier versions, text journals;
* :mod:`games` one match file per game system (:mod:`games.orders_file`,
  :mod:`games.activation_file`) and which plays a ruleset (:mod:`games.systems`);
* :mod:`reports` the printed report of a match, the turn story, phase reports, the output
  file;
* :mod:`setup` a match set up from army lists, units placed, the demo match.
"""
