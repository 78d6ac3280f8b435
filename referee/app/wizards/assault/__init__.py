"""The assault wizard: one contest, one module per page, and the plan the pages share."""
