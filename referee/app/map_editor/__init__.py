"""The map editor: its own window (File > Map editor) to paint terrain, roads and rivers on
a new or shipped map, see the zones and the scenario's constraints checked live, and save the
map file."""
