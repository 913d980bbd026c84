"""Our games where game-AI people work: PettingZoo, Gymnasium and OpenSpiel.

``from sim.envs import <game>_v0`` for every registered game with a face,
e.g. ``from sim.envs import luft_v0, landunter_v0`` (PettingZoo environments,
``luft_v0.env(players=4, rules={...}, render_mode="ansi")``),
``sim.envs.single_agent("luft", seat=0, opponents="trained")`` (Gymnasium),
``import sim.envs.openspiel`` (registers ``python_geteilte_luft`` and
``python_land_unter`` with pyspiel). Needs the ``rl`` extra; importing this
package alone loads none of it.
"""

import importlib
import sys
import types
from functools import partial

from sim.games import GAMES

VERSION_SUFFIX = "_v0"


def versioned(game: str) -> types.ModuleType:
    """The PettingZoo module ``sim.envs.<game>_v0``: ``env``, ``raw_env`` and, for a
    game with simultaneous choices, ``parallel_env``; built once, then importable."""
    name = f"{__name__}.{game}{VERSION_SUFFIX}"
    if name not in sys.modules:
        # deferred: loads gymnasium, numba and pettingzoo, slow to import (python -X importtime), for this path only
        from sim.envs import pettingzoo_env
        from sim.envs.faces import face

        module = types.ModuleType(name, f"The PettingZoo environment of {face(game).TITLE}.")
        module.env = partial(pettingzoo_env.env, game)
        module.raw_env = partial(pettingzoo_env.raw_env, game)
        if face(game).SIMULTANEOUS:
            module.parallel_env = partial(pettingzoo_env.parallel_env, game)
        sys.modules[name] = module
    return sys.modules[name]


def __getattr__(name):
    game = name.removesuffix(VERSION_SUFFIX)
    if name.endswith(VERSION_SUFFIX) and game in GAMES:
        return versioned(game)
    if name in ("single_agent", "env", "parallel_env"):
        return getattr(importlib.import_module("sim.envs.pettingzoo_env" if name != "single_agent" else "sim.envs.gym_env"), name)
    raise AttributeError(f"module 'sim.envs' has no attribute {name!r}")
