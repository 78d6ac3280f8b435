"""The wizards of a match of the activation rules, opened in the dock beside its map:
deploy, activate (move or attack) and capture. Each builds the command the window's command
line takes and hands it back as one step, which the window plays through the match file."""
