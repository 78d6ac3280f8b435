"""referee: a companion for the referee of a hex-based miniature wargame."""

__version__ = "0.1.0"
