"""The gunnery wizard: one fire action, its odds and the shot drawn on the map."""
