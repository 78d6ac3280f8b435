"""The agony wizard: continuous damage at the agony step, its dice typed or the app's."""
