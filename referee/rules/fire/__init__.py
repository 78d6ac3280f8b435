"""Fire: the to-hit number and its working, target legality, area attacks and evasion,
Burst, Misfire, Limited Ammo and Spot (clauses ``fire.*``).

The tables are data (``data/rulesets/<id>/to_hit.toml``, read by :mod:`.to_hit_table`);
every die comes from :class:`referee.dice.service.Dice`.
"""
