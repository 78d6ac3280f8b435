"""Damage: armor, the damage roll, damage tables and what their rows do to a unit."""
