"""The rules of play: rulesets (editions) and, in later modules, fire, damage and assault."""
