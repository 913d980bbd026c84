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

from sim.game import GameHelp, lazy_game

TITLE = "Land unter"  # the CLI names the game with it before loading the engine

HELP = GameHelp(
    bots="dodge or dodge,counter,sampler:k=16,random",
    rules="tie_simultaneous=false, end_before_cascade=false",
    rules_doc="docs/rules/land-unter.md",
    field="dodge or dodge,counter",
    per_round="per-deal",
)

__getattr__ = lazy_game(__name__)
