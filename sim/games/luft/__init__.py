"""Geteilte Luft: the card version of Deep Sea Adventure (rules/geteilte-luft.md)."""

from sim.game import lazy_game

TITLE = "Geteilte Luft"  # the CLI names the game with it before loading the engine

__getattr__ = lazy_game(__name__)
