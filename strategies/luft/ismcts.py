"""ismcts: OpenSpiel's information-set MCTS, an agent written by others (sim.envs.outside)."""

from sim.envs import outside
from strategies.luft.registry import LUFT_BOTS

outside.register(LUFT_BOTS)
