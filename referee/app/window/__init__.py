"""The main window's shell (one for both game systems), its About box, what it remembers, the
report window and the PDF writer."""
