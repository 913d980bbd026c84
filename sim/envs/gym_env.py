"""A Gymnasium single-agent environment: one seat learns, our bots play the others.

``single_agent("luft", seat=0, opponents="trained,dodge,…")``: the other
seats are bot specs (one for all, or one per other seat, in seat order),
playing exactly as in the engine (same view, same uniforms). Observation and
reward as in the PettingZoo environment. An illegal action ends the episode
with reward 0 and ``info["illegal_action"]`` (PettingZoo's
TerminateIllegalWrapper convention; Gymnasium has no action masks of its
own); ``action_masks()`` gives the mask for maskable learners.
"""

from __future__ import annotations

import gymnasium
import numpy as np

from sim.envs.pettingzoo_env import _Seats
from sim.games import get_game
from sim.registry import split_specs


class SingleAgentEnv(_Seats, gymnasium.Env):
    def __init__(self, game: str, seat: int = 0, opponents: str = "trained", players=None, rules=None, render_mode=None):
        self._setup(game, players, rules, render_mode)
        n = self.rules.players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not at a {n}-player table; choose 0..{n - 1}")
        specs = split_specs(opponents) if isinstance(opponents, str) else list(opponents)
        if len(specs) == 1:
            specs = specs * (n - 1)
        if len(specs) != n - 1:
            raise ValueError(f"got {len(specs)} opponent specs for {n - 1} other seats; give one for all or exactly {n - 1}")
        registry = get_game(game).registry
        others = iter(registry.parse(s, n) for s in specs)
        self.seat = seat
        self.seats = [None if s == seat else next(others) for s in range(n)]
        for s in self.seats:
            if s is not None and getattr(s.bot.fn, "plays_at_table", False):
                raise ValueError(f"opponent {s.spec!r} is an outside agent; choose our bots as opponents")
        self.observation_space = _Seats.observation_space(self, "seat")
        self.action_space = _Seats.action_space(self, "seat")

    def _play_others(self):
        t = self.table
        while not t.over and t.request.seat != self.seat:
            seat = self.seats[t.request.seat]
            t.apply(self.face.call_bot(seat.bot.fn, t.request, seat.params))

    def _obs(self):
        r = self.table.request
        return self._observation(self.seat, r.legal if r is not None else ())

    def action_masks(self) -> np.ndarray:
        return self._obs()["action_mask"].astype(bool)

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self._new_table(seed if seed is not None else int(self.np_random.integers(2**63)))
        self._play_others()
        return self._obs(), {}

    def step(self, action):
        r = self.table.request
        if r is None:
            raise ValueError("the episode is over; call reset()")
        if action is None or int(action) not in r.legal:
            self.table.close()
            info = {"illegal_action": int(action) if action is not None else None, "legal": list(r.legal)}
            return self._observation(self.seat), 0.0, True, False, info
        self.table.apply(int(action))
        self._play_others()
        if self.table.over:
            shares, infos = self._outcome()
            return self._observation(self.seat), float(shares[self.seat]), True, False, infos[f"seat_{self.seat}"]
        return self._obs(), 0.0, False, False, {}


def single_agent(game: str, seat: int = 0, opponents: str = "trained", **kw) -> SingleAgentEnv:
    return SingleAgentEnv(game, seat, opponents, **kw)
