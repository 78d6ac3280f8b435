"""The new-match wizard (File > New match): ruleset, scenario and map, armies, setup."""
