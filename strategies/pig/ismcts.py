"""ismcts: OpenSpiel's information-set MCTS, an agent written by others (sim.envs.outside)."""

from sim.envs import outside
from strategies.pig.registry import PIG_BOTS

outside.register(PIG_BOTS)
