"""What several wizards share: the chosen step, the dice entry, the outcome page, the step
number."""
