"""The referee's desktop app (PySide6): a thin window over the engine.

The app shows the match and collects the referee's choices; every ruling comes from the
engine and lands in the match journal (:mod:`referee.match`). Nothing outside this package
imports Qt (``tests/test_architecture.py``). One widget class per module:
:mod:`main_window` holds the map (:mod:`map_view`, :mod:`map_scene`), the turn tracker, the
unit inspector, the journal and the line-of-sight panel as docks; :mod:`session` is the open
match file with its undo stack; :mod:`wizards` walks the referee through a step.
"""
