"""The assault (clauses ``assault.*``): one module per stage.

:mod:`contest` the input (units, roles, sectors); :mod:`table` the edition's
``assault.toml``; :mod:`pre_assault` Pre-Assault Retreat and Fear; :mod:`pools` the dice
pools; :mod:`roll` rolling them with Ork Assault and Reroll Assault; :mod:`advantage` who
gains it; :mod:`deflection` which hits the deflections cancel; :mod:`dealing` a dealing of the hits
as values, :mod:`hits` what the hits do, :mod:`allocation` checking a dealing;
:mod:`proposal` a sensible dealing; :mod:`damage` the
damage rolls; :mod:`retreats` and :mod:`outcome` the retreat, Stubborn and overcrowded
winners; :mod:`flow` drives them stage by stage. :mod:`estimate` and :mod:`matching` serve
the proposals and the deflection check.

The package imports none of them, so that reading the edition's table (as loading a ruleset
does, for every command) does not bring in the whole assault: import ``Assault`` from
:mod:`referee.rules.assault.flow`, the contest's types from :mod:`referee.rules.assault.contest`.
"""
