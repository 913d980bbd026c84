"""The PettingZoo environment of Geteilte Luft: `env(players=…, rules={…}, render_mode=None|"ansi")`."""

from functools import partial

from sim.envs import pettingzoo_env

env = partial(pettingzoo_env.env, "luft")
raw_env = partial(pettingzoo_env.raw_env, "luft")
