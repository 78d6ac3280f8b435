"""The app on a match of the activation rules (draft 002): :mod:`window` the window of one
match (map with tokens and fortification pips, whose turn it is, a command line, the
journal), :mod:`items` what it draws over the tiles, :mod:`new_dialog` File > New
activation match."""
