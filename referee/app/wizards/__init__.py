"""Step-by-step wizards, one per kind of step, each in the order of the rules.

A wizard only asks and shows the engine's answers; it never writes to the match. When the
referee finishes it, the main window runs what it chose as one named journal step; leaving
it writes nothing. Pages are named by an ``IntEnum``; a page that depends on earlier choices
sets itself up in ``initializePage``. :mod:`gunnery_wizard` is the first; orders, movement,
assault, agony and aftermath follow the same pattern.
"""
