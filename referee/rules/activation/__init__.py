"""The activation rules (draft 002): a second game played on the same kind of table.

One module per concern, each a set of pure functions taking what they need as arguments
(the small frozen tables of :mod:`tables`, the cards, the board, the dice service):

* :mod:`tables` reads the ruleset's tables (``start``, ``movement``, ``fortifications``,
  ``attack``) under its readings; :mod:`cards` the sample unit and structure cards;
  :mod:`missions` the sample missions and the map each sets up;
* :mod:`start` presentation, mission bans, the first player, "before the battle";
  :mod:`deployment` where a unit or structure may be deployed, capacity and reserves;
* :mod:`slots` the slots of a tile a unit occupies; :mod:`movement` the movement classes
  (free movers, vehicles, aircraft), the cost of a path and the search over (tile, facing)
  states; :mod:`collisions` aircraft meeting aircraft; :mod:`transport` embark, disembark;
* :mod:`shooting` targets in range and sight and the penetration roll;
  :mod:`pips` fortification damage (which pip goes) and capture; :mod:`fortification`
  the d12 rolls for the units inside and the health check;
* :mod:`state` the match state of a game, :mod:`commands` its typed commands,
  :mod:`step` the pure step function ``(game, state, command, dice) -> (state, decision)``.

Clauses ``activation.starting``, ``activation.main-phase``.
"""
