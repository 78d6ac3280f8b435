"""The docks around the map: the journal, the turn tracker, the unit inspector, the line-of-sight
tool, the rules browser, the round's clock (the setup panel: :mod:`referee.app.setup`)."""
