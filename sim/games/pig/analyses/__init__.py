"""Pig's analyses: the exact answers of the 2-player game."""
