"""The army builder: its own window, reached from File in the main window."""
