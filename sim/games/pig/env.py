"""Pig's face for `sim.envs`: the reference engine played step by step.

What an environment needs of the game (see the Geteilte Luft face for the
same parts); the rules stay in `reference.py`. Pig hides nothing: every seat
sees the scores, the turn total and every roll.
"""

from __future__ import annotations

import numpy as np

from sim import nb
from sim.games.pig import layout, reference
from sim.games.pig.rules import Rules
from sim.registry import MAX_PARAMS, Bot, Seat

NAME = "pig"
TITLE = "Pig"
OPENSPIEL_NAME = "python_pig"
RULES = Rules
N_ACTIONS = 2  # hold (0), roll (1)
VIEW_SIZE = layout.STATE_SIZE
PHASES = ("roll or hold",)
SIMULTANEOUS = False


def proxy_seats(rules: Rules, decide) -> list[Seat]:
    """Seats whose bot hands each decision to ``decide(seat, view, phase, u)``."""

    def fn(seat, view, params, u):
        return decide(seat, view, 0, u)

    bot = Bot("env", nb.engine_side(fn), (), "a seat played from outside", -1)  # the engine calls it as it is
    return [Seat("env", bot, np.zeros(MAX_PARAMS)) for _ in range(rules.players)]


def play(table, seats, log, stream):
    return reference.play_game(table.rules, seats, table.seed, table.index, log, stream)


def legal(seat: int, view: np.ndarray, phase: int) -> tuple[int, ...]:
    return (layout.HOLD, layout.ROLL)


def call_bot(fn, point, params) -> int:
    return int(fn(point.seat, point.view, params, point.u))


def observe(table, seat: int, k: int | None = None) -> np.ndarray:
    """The latest decision point's view (public: every seat sees it); zeros before the first."""
    if not table.points:
        return np.zeros(VIEW_SIZE, np.int64)
    return table.points[-1 if k is None else k].view


def revealed(table, seat: int) -> tuple:
    """Every roll so far (face up; a pig that ends a turn shows in no view)."""
    return tuple(a for who, a in table.history if who < 0)


def outcome(record) -> tuple[list[float], list[int]]:
    return [w / 60 for w in record.win60], list(record.score)


def max_steps(rules: Rules) -> int:
    return layout.MAX_TURNS * (rules.goal + 2)


def max_chance_outcomes(rules: Rules) -> int:
    return max(6, rules.players)


def resample(table, seat: int, rand: np.random.Generator) -> list[tuple[int, int]]:
    """Nothing is hidden: the world is this one."""
    return list(table.history)
