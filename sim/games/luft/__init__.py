"""Geteilte Luft: the card version of Deep Sea Adventure (rules/geteilte-luft.md)."""

from sim.game import GameHelp, lazy_game

TITLE = "Geteilte Luft"  # the CLI names the game with it before loading the engine

HELP = GameHelp(
    bots="threshold:t=2 or threshold:t=2,random,depth:level=3:count=2,air",
    rules="air=20, swim=d3, stack_size=2",
    rules_doc="docs/rules/geteilte-luft.md",
    field="greedy-value or greedy-value,air",
    per_round="per-dive",
)

__getattr__ = lazy_game(__name__)
