"""Continuous damage: the agony steps 0 to 4 (clauses ``agony.*``).

:mod:`schedule` reads ``agony.toml``; :mod:`acid`, :mod:`minor_acid`, :mod:`fire`,
:mod:`poison`, :mod:`bleeding` and :mod:`terror` carry out one effect on one unit (or, for
terror, from one unit); :mod:`step` runs every effect of one agony step on every unit.
"""
