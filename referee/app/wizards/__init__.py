"""Step-by-step wizards, one folder per wizard, each in the order of the rules.

A wizard only asks and shows the engine's answers; it never writes to the match. When the
referee finishes it, the wizard dock runs what it chose as one named journal step; leaving
it writes nothing. Pages are named by an ``IntEnum``; a page that depends on earlier choices
sets itself up in ``initializePage``.

Where things are: each folder holds one wizard (``wizard.py``) and its own pages and
helpers: ``gunnery/`` (one fire action, the first; orders, movement, assault, agony, hex
effects and aftermath follow the same pattern), ``orders/``, ``movement/``, ``assault/``
(one module per page), ``agony/``, ``hex_effects/``, ``aftermath/``, and ``new_match/``
(File > New match). ``common/`` holds what several share: the dice entry, the outcome page,
the chosen step. :mod:`referee.app.wizards.opener` is the one place a step's wizard is made
and opened, for the Wizards menu and Next step alike.
"""
