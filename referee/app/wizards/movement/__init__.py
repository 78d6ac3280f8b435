"""The movement wizard: one movement step, its choices picked from lists or the map."""
