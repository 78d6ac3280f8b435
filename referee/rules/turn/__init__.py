"""The turn: its steps as data, where a match stands in it, and what each step asks.

Clause ``turn.sequence``. :mod:`sequence` reads ``turn.toml`` (the ordered steps of one
edition's turn), :mod:`clock` is a position in that sequence across turns, :mod:`choices`
orders the units whose choices depend on each other (clause ``orders.choice-order``),
:mod:`involved` finds the units a step concerns, and :mod:`agenda` says what the referee
must do at a position. Nothing here rolls dice or changes a unit.
"""
