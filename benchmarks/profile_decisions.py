"""Where a search bot's decision time goes: search against features.

Logs the decisions of 4-player self-play on the reference engine (the bot's
own games), then times, in compiled loops over those recorded views, the whole
decision and its parts; microseconds per decision, the best of --repeat:

- `trained` (Geteilte Luft): the whole decision; the same kernel with its
  search weights 0 (`distilled`'s computation: the features); the search is
  the difference, and planner's and rollout's gains alone are timed beside;
- `rollout:k=32` and `planner`: the whole decision; what is not search
  there is finding the legal candidates and the value carried
  (`forecast.rollout_candidates`, `forecast.carried_value`), timed alone;
- `sampler:k=64` (Land unter): the whole decision and reading the view into
  the world sampler's constraints (`worlds.prepare`, its features); the rest
  is sampling worlds and playing them out.

    .venv/bin/python benchmarks/profile_decisions.py [--games N] [--repeat R] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
from numba import njit  # noqa: E402

PLAYERS = 4


def logged(game_name: str, spec: str, games: int):
    """The bot calls of ``games`` games of ``spec``'s self-play: (args without params, the seat's params)."""
    from sim import api
    from sim.registry import Seat

    game = api.get_game(game_name)
    rules = api.make_rules(game, {}, PLAYERS)
    seat = game.registry.parse(spec, PLAYERS)
    calls = []

    def record(*args):
        calls.append(tuple(np.array(a) if isinstance(a, np.ndarray) else a for a in args))
        return seat.bot.fn(*args)

    game.reference_batch(rules, [Seat(spec, replace(seat.bot, fn=record), seat.params)] * PLAYERS, 1, 0, games)
    return calls


@njit
def _luft_loop(fn, phases, seats, states, params, us):
    total = 0.0
    for i in range(len(phases)):
        total += fn(phases[i], seats[i], states[i], params, us[i])
    return total


@njit
def _lu_loop(fn, seats, states, params, us):
    total = 0.0
    for i in range(len(seats)):
        total += fn(seats[i], states[i], params, us[i])
    return total


def best_us(run, n: int, repeat: int) -> float:
    run()  # compile
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - t)
    return best / n * 1e6


def luft_profile(games: int, repeat: int) -> list[dict]:
    from sim import api
    from sim.games.luft import forecast
    from strategies.luft import planner as pl, policy as po

    game = api.get_game("luft")
    calls = logged("luft", "trained", games)
    phases = np.array([c[0] for c in calls], np.int64)
    seats = np.array([c[1] for c in calls], np.int64)
    states = np.stack([c[2] for c in calls])
    us = np.array([c[4] for c in calls])
    n = len(calls)
    t_ = po.ROLL_T[PLAYERS - po.FIRST_PLAYERS]

    @njit
    def plan_only(phase, seat, st, params, u):
        return pl.plan_gain(phase, seat, st, po.PLAN_EXTRA)

    @njit
    def roll_only(phase, seat, st, params, u):
        return forecast.rollout_gain(phase, seat, st, po.ROLL_K, t_, u)

    @njit
    def legal_only(phase, seat, st, params, u):
        return forecast.rollout_candidates(phase, seat, st)[1] + forecast.carried_value(st, seat)

    def spec_row(spec):
        return game.registry.parse(spec, PLAYERS).params

    trained = spec_row("trained")
    layout = game.registry.get("distilled").options.__self__
    no_search = trained.copy()
    for b in range(len(layout.players)):
        no_search[b * layout.size : (b + 1) * layout.size][list(layout.fixed)] = 0.0

    def time_fn(fn, params):
        return best_us(lambda: _luft_loop(fn, phases, seats, states, params, us), n, repeat)

    whole = time_fn(po.policy, trained)
    features = time_fn(po.policy, no_search)
    plan = time_fn(plan_only, trained)
    roll = time_fn(roll_only, trained)
    legal = time_fn(legal_only, trained)
    rollout_whole = time_fn(game.registry.get("rollout").fn, spec_row("rollout:k=32"))
    planner_whole = time_fn(game.registry.get("planner").fn, spec_row("planner"))
    return [
        {
            "bot": "trained",
            "decisions": n,
            "us_per_decision": whole,
            "features_us": features,
            "search_us": whole - features,
            "parts": {"planner.plan_gain": plan, f"forecast.rollout_gain (k={po.ROLL_K}, t={t_})": roll},
        },
        {
            "bot": "rollout:k=32",
            "decisions": n,
            "us_per_decision": rollout_whole,
            "search_us": rollout_whole - legal,
            "features_us": legal,
        },
        {
            "bot": "planner",
            "decisions": n,
            "us_per_decision": planner_whole,
            "search_us": planner_whole - legal,
            "features_us": legal,
        },
    ]


def landunter_profile(games: int, repeat: int) -> list[dict]:
    from sim import api
    from strategies.landunter.worlds import prepare

    game = api.get_game("landunter")
    spec = "sampler:k=64"
    calls = logged("landunter", spec, games)
    seats = np.array([c[0] for c in calls], np.int64)
    states = np.stack([c[1] for c in calls])
    us = np.array([c[3] for c in calls])
    n = len(calls)
    params = game.registry.parse(spec, PLAYERS).params

    @njit
    def prepare_only(seat, st, params, u):
        return prepare(seat, st)[1][0]

    whole = best_us(lambda: _lu_loop(game.registry.get("sampler").fn, seats, states, params, us), n, repeat)
    feats = best_us(lambda: _lu_loop(prepare_only, seats, states, params, us), n, repeat)
    return [{"bot": spec, "decisions": n, "us_per_decision": whole, "features_us": feats, "search_us": whole - feats}]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games of self-play whose decisions are timed")
    ap.add_argument("--repeat", type=int, default=3, help="timed passes (best kept)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rows = [*luft_profile(args.games, args.repeat), *landunter_profile(args.games, args.repeat)]
    if args.json:
        print(json.dumps({"players": PLAYERS, "games": args.games, "load_average": os.getloadavg(), "rows": rows}, indent=1))
        return
    print(
        f"{PLAYERS} players, the decisions of {args.games} games of each bot's self-play, best of {args.repeat}; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    print(f"{'bot':<14}{'decisions':>10}{'us/decision':>13}{'search':>10}{'features':>10}{'search share':>14}")
    for r in rows:
        share = r["search_us"] / r["us_per_decision"]
        print(
            f"{r['bot']:<14}{r['decisions']:>10}{r['us_per_decision']:>13.1f}{r['search_us']:>10.1f}{r['features_us']:>10.1f}{share:>14.0%}"
        )
        for part, us in r.get("parts", {}).items():
            print(f"  {part}: {us:.1f} us")


if __name__ == "__main__":
    main()
