"""The hex-effects wizard: clouds, smoke and fire at a 'trigger hex effects' step."""
