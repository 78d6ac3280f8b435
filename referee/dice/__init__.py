"""Dice: the one service every roll goes through, dice expressions and exact odds."""
