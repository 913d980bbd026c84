"""Our games where game-AI people work: PettingZoo, Gymnasium and OpenSpiel.

``from sim.envs import luft_v0, landunter_v0`` (PettingZoo environments,
``luft_v0.env(players=4, rules={...}, render_mode="ansi")``),
``sim.envs.single_agent("luft", seat=0, opponents="trained")`` (Gymnasium),
``import sim.envs.openspiel`` (registers ``python_geteilte_luft`` and
``python_land_unter`` with pyspiel). Needs the ``rl`` extra; importing this
package alone loads none of it.
"""

import importlib

_LAZY = {"luft_v0": "sim.envs.luft_v0", "landunter_v0": "sim.envs.landunter_v0"}


def __getattr__(name):
    if name in _LAZY:
        return importlib.import_module(_LAZY[name])
    if name in ("single_agent", "env", "parallel_env"):
        return getattr(importlib.import_module("sim.envs.pettingzoo_env" if name != "single_agent" else "sim.envs.gym_env"), name)
    raise AttributeError(f"module 'sim.envs' has no attribute {name!r}")
