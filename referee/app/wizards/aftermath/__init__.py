"""The aftermath wizard: what the last step of the turn will remove, before it is removed."""
