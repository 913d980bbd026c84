"""Geteilte Luft: the card version of Deep Sea Adventure (rules/geteilte-luft.md)."""

from sim.game import lazy_game

__getattr__ = lazy_game(__name__)
