"""The game of written orders (drafts 001 and 004), the main game, shaped like
:mod:`referee.rules.activation`:

* the orders themselves: :mod:`model` and :mod:`notation` (the drafts' notation),
  :mod:`edition` (what each speed allows), :mod:`legality`, :mod:`missing` (what an illegal
  or missing order becomes), :mod:`ahead` (orders written a round ahead);
* :mod:`state` the match state of a game (units, hex markers, terrain changes, pending
  damage, the clock), :mod:`serial` its units and markers as journal JSON, :mod:`memo`;
* :mod:`commands` its typed commands (one small frozen value per kind, read and written in
  pairs), :mod:`step` carrying one out on the state (the engine decides, the result is an
  event), :mod:`outcome` what a step did before it is written;
* the glue of each command: :mod:`setup_commands`, :mod:`advance` and :mod:`agenda` (the
  clock and what the referee must do now), :mod:`fire_orders`, :mod:`fire_conditions`,
  :mod:`fire_damage`, :mod:`movement_orders`, :mod:`assault_choices`, :mod:`assault_stages`,
  :mod:`corrections` (the referee mirrors the table), :mod:`concealment` (a side's view),
  :mod:`victory`, :mod:`board_now` (the board as line of sight sees it now).

How a match plugs in: :mod:`referee.match.games.orders_file` keeps a match of this game in
the journal file every game shares.
"""
