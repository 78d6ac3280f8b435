"""The map: the hex scene and view, the items drawn on it (hexes, units, markers, moves, shots),
its overlays and its picture for far zoom."""
