"""Hex effects: clouds, smoke and fire on a hex (clauses ``hex.*``).

:mod:`markers` holds the values (what lies on a hex, what to place), :mod:`rules` reads
``hex_effects.toml``, :mod:`placing` places an effect (two markers the first time, one after,
merging clouds), :mod:`trigger` makes a unit encounter the markers of its hex once per turn,
and :mod:`burn` takes fire tokens off burning hexes and burns their forests.
"""
