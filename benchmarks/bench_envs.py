"""Agent steps per second of each game's PettingZoo environment (random legal
actions, one core), and random playouts per second of its OpenSpiel game;
RLCard's published Leduc Hold'em figure (29,447 actions/s) is the yardstick.

    .venv/bin/python benchmarks/bench_envs.py [--seconds S] [--players N]

Both wall clock and process CPU time are printed (the CPU figure is disturbed
less by other processes on a shared machine), with the load average.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

RLCARD_LEDUC = 29_447  # actions/s, RLCard's paper (Zha et al. 2019), Leduc Hold'em


def pettingzoo_steps(game: str, players: int, seconds: float) -> tuple[int, float, float]:
    """(agent steps, wall s, CPU s) of random legal play for about ``seconds``."""
    from sim.envs.pettingzoo_env import env

    e, rand, steps, seed = env(game, players=players), np.random.default_rng(0), 0, 0
    _warm_up(e, rand)
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        e.reset(seed=seed)
        seed += 1
        for agent in e.agent_iter():
            obs, _, done, _, _ = e.last()
            e.step(None if done else int(rand.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps, time.perf_counter() - wall, time.process_time() - cpu


def _warm_up(e, rand):
    """One game first: the first call of each compiled helper compiles it (or loads its cache)."""
    e.reset(seed=-1 % 2**64)
    for agent in e.agent_iter():
        obs, _, done, _, _ = e.last()
        e.step(None if done else int(rand.choice(np.flatnonzero(obs["action_mask"]))))


def openspiel_playouts(game: str, players: int, seconds: float) -> tuple[int, int, float, float]:
    """(playouts, actions incl. draws, wall s, CPU s) of uniform random playouts."""
    import pyspiel

    import sim.envs.openspiel  # noqa: F401  (registers the games)
    from sim.envs.faces import face

    g = pyspiel.load_game(face(game).OPENSPIEL_NAME, {"players": players})
    rand, games, actions = np.random.default_rng(0), 0, 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        state = g.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rand.integers(len(legal))])
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - wall, time.process_time() - cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; {args.players} players; yardstick RLCard Leduc {RLCARD_LEDUC:,} actions/s")
    for game in ("luft", "landunter"):
        steps, wall, cpu = pettingzoo_steps(game, args.players, args.seconds)
        print(
            f"{game:10s} PettingZoo   {steps / wall:9,.0f} agent steps/s ({steps / cpu:,.0f} per CPU-s); "
            f"{steps / cpu / RLCARD_LEDUC:.2f} x the yardstick per CPU-s"
        )
        games, actions, wall, cpu = openspiel_playouts(game, args.players, args.seconds)
        print(
            f"{game:10s} OpenSpiel    {games / wall:9,.1f} random playouts/s ({games / cpu:,.1f} per CPU-s; "
            f"{actions / cpu:,.0f} actions incl. draws per CPU-s)"
        )


if __name__ == "__main__":
    main()
