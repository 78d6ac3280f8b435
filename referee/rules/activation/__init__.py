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

How a match plugs in (:mod:`referee.match.games.activation_file` does it): a match of the
activation rules keeps the ruleset id and readings (``ActivationGame.of(ruleset)``), the
initial state (``start.new_game(cards, missions, armies)``, as
``ActivationState.to_json()``) and, per journal step, the command (``Command.text()`` /
``to_json()``, read back by ``commands.parse_command`` / ``command_from_json``) with its
``Decision.to_json()`` (working, clauses, rulings, dice, changes).
``step.step(game, state, command, dice)`` decides a step;
``step.replay(game, state, [(command, dice values)])`` re-decides a journal. A window reads
the phase and whose turn it is from the state, redraws ``Decision.changes`` and draws each
fortification's ``pips`` from ``ActivationState.fortifications``.

Clauses ``activation.starting``, ``activation.main-phase``.
"""
