"""The PettingZoo environment of Land unter: `env(players=…, rules={…}, render_mode=None|"ansi")`."""

from functools import partial

from sim.envs import pettingzoo_env

env = partial(pettingzoo_env.env, "landunter")
raw_env = partial(pettingzoo_env.raw_env, "landunter")
parallel_env = partial(pettingzoo_env.parallel_env, "landunter")
