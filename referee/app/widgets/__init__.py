"""Small widgets and Qt helpers every window uses: plain text, the colours, a flow layout, the
wheel guard, the undo keys, file and save dialogs, the unsaved-changes question."""
