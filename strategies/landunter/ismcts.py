"""ismcts: OpenSpiel's information-set MCTS, an agent written by others (sim.envs.outside)."""

from sim.envs import outside
from strategies.landunter.registry import LANDUNTER_BOTS

outside.register(LANDUNTER_BOTS)
