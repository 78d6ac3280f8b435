"""The board: hex grid, maps, terrain, line of sight, facing, range and movement.

Pure Python: nothing under this package imports Qt.
"""
