"""PettingZoo environments of every registered game (`env`, `parallel_env`).

An agent is a seat (``seat_0`` ..). Its observation is exactly the view its
bot would get (`Dict` of the int64 ``observation`` and an ``action_mask``);
the reward, at the end, is the game's outcome (win share, 1/k on a k-way
tie), with the score in ``infos``. ``reset(seed=S)`` deals game 0 of stream
S, the game ``sim <game> trace --seed S --game 0`` shows.
"""

from __future__ import annotations

import functools

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from sim.envs.faces import face as face_of, rules_of
from sim.envs.table import Table

OBS_BOUND = 1 << 62  # the views hold counts, positions, card values and 60-bit hand masks


class _Seats:
    """What both APIs share: rules, spaces, the table, observations."""

    def _setup(self, game: str, players, rules, render_mode):
        self.face = face_of(game)
        self.rules = rules_of(self.face, players, rules)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not supported; use None or 'ansi'")
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(self.rules.players)]
        self.metadata = {"render_modes": ["ansi"], "name": f"{game}_v0", "is_parallelizable": self.face.SIMULTANEOUS}
        self.table = None

    @functools.lru_cache(maxsize=None)
    def observation_space(self, agent):
        return gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(-OBS_BOUND, OBS_BOUND, (self.face.VIEW_SIZE,), np.int64),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.face.N_ACTIONS,), np.int8),
            }
        )

    @functools.lru_cache(maxsize=None)
    def action_space(self, agent):
        return gymnasium.spaces.Discrete(self.face.N_ACTIONS)

    def _new_table(self, seed):
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
        self.table = Table(self.face, self.rules, int(seed), 0, trace=self.render_mode == "ansi")

    def _mask(self, seat: int, legal) -> np.ndarray:
        mask = np.zeros(self.face.N_ACTIONS, np.int8)
        mask[list(legal)] = 1
        return mask

    def _observation(self, seat: int, legal=()) -> dict:
        view = np.array(self.face.observe(self.table, seat, None), dtype=np.int64)
        return {"observation": view, "action_mask": self._mask(seat, legal)}

    def _check(self, seat: int, action, legal) -> int:
        if action is None or int(action) not in legal:
            raise ValueError(
                f"illegal action {action!r} for seat_{seat}: the action_mask allows only {list(legal)}"
                + " (see observe(agent)['action_mask'])"
            )
        return int(action)

    def _outcome(self):
        shares, scores = self.face.outcome(self.table.record)
        return shares, {f"seat_{s}": {"score": scores[s], "win_share": shares[s]} for s in range(len(scores))}

    def render(self):
        if self.render_mode == "ansi" and self.table is not None:
            return "\n".join(self.table.lines)
        return None

    def close(self):
        if self.table is not None:
            self.table.close()


class RawEnv(_Seats, AECEnv):
    """The turn-based PettingZoo environment of a game."""

    def __init__(self, game: str, players: int | None = None, rules: dict | None = None, render_mode=None):
        super().__init__()
        self._setup(game, players, rules, render_mode)

    def reset(self, seed=None, options=None):
        self._new_table(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = f"seat_{self.table.request.seat}"

    def observe(self, agent):
        seat = int(agent.split("_")[1])
        r = self.table.request
        return self._observation(seat, r.legal if r is not None and r.seat == seat else ())

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = int(agent.split("_")[1])
        self.table.apply(self._check(seat, action, self.table.request.legal))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.table.over:
            shares, self.infos = self._outcome()
            self.rewards = {a: shares[s] for s, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = f"seat_{self.table.request.seat}"
        self._accumulate_rewards()


class ParallelGameEnv(_Seats, ParallelEnv):
    """The simultaneous-move PettingZoo environment of a game whose seats
    choose without seeing each other (Land unter's rounds): one step = one
    round; every live seat gets an action mask, the seats out of the deal an
    empty one (their actions are ignored)."""

    def __init__(self, game: str, players: int | None = None, rules: dict | None = None, render_mode=None):
        self._setup(game, players, rules, render_mode)
        if not self.face.SIMULTANEOUS:
            raise ValueError(f"{self.face.TITLE} has no simultaneous choices; use env() (turn-based)")

    def _observations(self):
        to_act = set(self.face.to_act(self.table))
        obs = {}
        for s, agent in enumerate(self.agents):
            view = self.face.observe(self.table, s, None)
            obs[agent] = self._observation(s, self.face.legal(s, view, 0) if s in to_act else ())
        return obs

    def reset(self, seed=None, options=None):
        self._new_table(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions):
        this_round = self.face.round_of(self.table.request.view)
        while not self.table.over and self.face.round_of(self.table.request.view) == this_round:
            r = self.table.request
            self.table.apply(self._check(r.seat, actions.get(f"seat_{r.seat}"), r.legal))
        done = self.table.over
        agents = self.agents
        if done:
            shares, infos = self._outcome()
            rewards = {a: shares[s] for s, a in enumerate(agents)}
            obs = {a: self._observation(s) for s, a in enumerate(agents)}
            self.agents = []
        else:
            rewards, infos, obs = dict.fromkeys(agents, 0.0), {a: {} for a in agents}, self._observations()
        return obs, rewards, dict.fromkeys(agents, done), dict.fromkeys(agents, False), infos


def raw_env(game: str, **kw) -> RawEnv:
    return RawEnv(game, **kw)


def env(game: str, **kw):
    """The turn-based environment, wrapped as PettingZoo recommends (order enforced)."""
    return wrappers.OrderEnforcingWrapper(RawEnv(game, **kw))


def parallel_env(game: str, **kw) -> ParallelGameEnv:
    return ParallelGameEnv(game, **kw)
