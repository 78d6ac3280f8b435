"""Unit types: the model (what a unit card says) and the catalogue files that hold them."""
