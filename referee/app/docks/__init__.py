"""The docks around the map: the journal, the turn tracker, the unit inspector, the line-of-sight
tool, the rules browser, the setup panel, the round's clock."""
