"""referee: a companion for the referee of a hex-based miniature wargame."""

__version__ = "0.1.0"

# Before any class of referee is made: the compiled code of dataclasses' generated methods
# kept between runs (see referee/dataclass_code.py for why, and when it stays off).
from referee import dataclass_code

dataclass_code.install()
