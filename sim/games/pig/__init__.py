"""Pig: the dice game of Neller & Presser's optimal-play study (rules/pig.md).

rules.py      Rules dataclass (players, goal, who moves first), RulesError
layout.py     the int64 state view bots decide on, rules-vector indices
core.py       one njit function per rule, shared by both engines
reference.py  pure-Python reference engine
engine.py     play_batch: the compiled batch kernel
outputs.py    the per-game arrays both engines fill
summary.py    metrics / histograms / summary for the runner
trace.py      readable turn-by-turn log of one game
solve.py      exact values by value iteration: the optimal policy, policy evaluation, best response
spec.py       GAME, the GameSpec the core drives
"""

from sim.game import GameHelp, lazy_game

TITLE = "Pig"  # the CLI names the game with it before loading the engine

HELP = GameHelp(
    bots="hold:n=20 or hold:n=20,optimal",
    rules="goal=50, first=random",
    rules_doc="docs/rules/pig.md",
    field="optimal or hold:n=20,random",
    per_round="per-game",
)

__getattr__ = lazy_game(__name__)
