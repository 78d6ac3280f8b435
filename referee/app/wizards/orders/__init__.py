"""The orders wizard: orders for a turn, unit by unit, with the order editor."""
