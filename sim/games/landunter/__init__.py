"""Land unter (Stefan Dorra): rules, engines, trace (rules/land-unter.md).

rules.py      Rules dataclass (every [D] option), RulesError
layout.py     the int64 state view bots decide on, rules-vector indices
reference.py  pure-Python reference engine, one small function per rule
core.py       the same rules compiled, acting on the state view
engine.py     play_batch: the compiled batch kernel
trace.py      readable round-by-round log of one game
summary.py    metrics / histograms / summary for the runner
spec.py       GAME, the GameSpec the core drives
"""

from sim.game import lazy_game

TITLE = "Land unter"  # the CLI names the game with it before loading the engine

__getattr__ = lazy_game(__name__)
