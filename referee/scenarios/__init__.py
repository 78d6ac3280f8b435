"""Scenarios and the setup procedures: what happens before the first turn.

A scenario (``data/scenarios/*.toml``) gives the battlefield's size and zones (by the reading
of a ruling where the drafts are unclear), what no man's land may not hold, the setup
procedure, the victory conditions offered and the game size. ``loader`` reads scenarios,
``battlefield`` checks a map against one, ``placement`` says where a unit may be set up, and
``ordered`` and ``blind`` carry out the two procedures step by step (``progress`` is their
state). Pure: no Qt, no files written; the match keeps the journal.
"""
