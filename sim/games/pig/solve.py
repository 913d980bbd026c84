"""Exact values of 2-player Pig by value iteration (Neller & Presser, "Optimal
Play of the Dice Game Pig", 2004).

W[m, i, j, k] is the chance that seat m, to move with banked score i, the
other's j and turn total k, wins. Rolling: a 1 (1/6) hands the move over,
W = 1 - W[1-m, j, i, 0]; a face r of 2..6 gives W[m, i, j, k+r], or 1 when
i + k + r reaches the goal (banked at once). Holding (turn total >= 2):
1 - W[1-m, j, i+k, 0]. A seat either maximises (the optimal policy, or a
best response) or plays a fixed roll/hold table (policy evaluation).

Every transition keeps or raises i + j, so the states are solved layer by
layer from the highest score sum down; inside a layer only W[., ., ., 0] of
the two seats feed back (a turn scoring nothing), and a few dozen sweeps
settle them to 1e-13.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from sim.games.pig.layout import S_GOAL, S_PLAYERS, S_SCORE, S_TURN_TOTAL, STATE_SIZE
from sim.nb import read_only
from sim.sealed import refuse_writes

MAXIMISE, HOLD, ROLL = -1, 0, 1
MAX_SOLVE_GOAL = 200  # W holds 2·goal³ floats: 128 MB at 200
TOL = 1e-13


@njit(cache=True)
def _values(goal, policy, tol):
    """W for ``policy`` (int8 [2, goal, goal, goal]: per seat MAXIMISE, HOLD or ROLL)."""
    w = np.zeros((2, goal, goal, goal))
    for s in range(2 * goal - 2, -1, -1):
        lo, hi = max(0, s - goal + 1), min(goal - 1, s)
        while True:
            change = 0.0
            for m in range(2):
                for i in range(lo, hi + 1):
                    j = s - i
                    pig = (1.0 - w[1 - m, j, i, 0]) / 6.0
                    for k in range(goal - i - 1, -1, -1):
                        roll = pig
                        for r in range(2, 7):
                            roll += (1.0 if i + k + r >= goal else w[m, i, j, k + r]) / 6.0
                        v = roll
                        if k >= 2:
                            hold = 1.0 - w[1 - m, j, i + k, 0]
                            a = policy[m, i, j, k]
                            v = max(roll, hold) if a == MAXIMISE else (roll if a == ROLL else hold)
                        if k == 0:
                            change = max(change, abs(v - w[m, i, j, 0]))
                        w[m, i, j, k] = v
            if change < tol:
                break
    return w


@njit(cache=True)
def _best_moves(goal, w, m):
    """The roll/hold table of seat m maximising under ``w`` (roll on a tie)."""
    table = np.ones((goal, goal, goal), np.uint8)
    for i in range(goal):
        for j in range(goal):
            for k in range(2, goal - i):
                roll = w[1 - m, j, i, 0]
                roll = (1.0 - roll) / 6.0
                for r in range(2, 7):
                    roll += (1.0 if i + k + r >= goal else w[m, i, j, k + r]) / 6.0
                table[i, j, k] = ROLL if roll >= 1.0 - w[1 - m, j, i + k, 0] else HOLD
    return table


def _check_goal(goal: int) -> int:
    goal = int(goal)
    if not 1 <= goal <= MAX_SOLVE_GOAL:
        raise ValueError(f"the exact solution is computed for goals 1..{MAX_SOLVE_GOAL}, not {goal}; choose a smaller --goal")
    return goal


def values(goal: int, seat0=None, seat1=None) -> np.ndarray:
    """W with each seat's table fixed (a uint8/int8 [goal, goal, goal] roll/hold
    table) or maximising (None)."""
    goal = _check_goal(goal)
    policy = np.full((2, goal, goal, goal), MAXIMISE, np.int8)
    for m, table in enumerate((seat0, seat1)):
        if table is not None:
            policy[m] = table
    return _values(goal, policy, TOL)


@lru_cache(maxsize=4)
def _optimal(goal: int) -> tuple[float, np.ndarray]:
    w = values(goal)
    table = _best_moves(goal, w, 0)
    table.flags.writeable = False
    return float(w[0, 0, 0, 0]), table


def optimal_table(goal: int) -> np.ndarray:
    """The optimal policy's roll (1) / hold (0) table [own score, other's, turn total], read-only."""
    return _optimal(_check_goal(goal))[1]


def first_player_win(goal: int = 100) -> float:
    """Seat 0's chance to win when both play optimally and seat 0 moves first."""
    return _optimal(_check_goal(goal))[0]


def win_chance(goal: int, seat0=None, seat1=None) -> float:
    """Seat 0's chance to win (seat 0 moves first); each seat a fixed table or None (maximising)."""
    return float(values(goal, seat0, seat1)[0, 0, 0, 0])


def table_of(seat, goal: int, position: int) -> np.ndarray:
    """The roll/hold table of a deterministic bot (a registry `Seat`) sitting
    at ``position`` (0 or 1) of a 2-player table, read from its own decisions.
    A bot whose answer depends on its uniform ``u`` raises ValueError."""
    goal = _check_goal(goal)
    if seat.bot.name == "optimal":
        return optimal_table(goal)
    params = np.array(seat.params, np.float64)
    params.flags.writeable = False
    fn = seat.bot.fn
    with refuse_writes(seat.bot.name):
        if hasattr(fn, "py_func"):  # compiled: the whole table in one call
            tables = [_decisions(fn, goal, position, params, u) for u in (0.0, 0.5, 0.999)]
        else:
            tables = [_decisions_in_python(fn, goal, position, params, u) for u in (0.0, 0.5, 0.999)]
    if any((t != tables[0]).any() for t in tables):
        raise ValueError(f"bot {seat.spec!r} decides by chance (its answer depends on u); give a deterministic bot")
    bad = tables[0][(tables[0] != HOLD) & (tables[0] != ROLL)]
    if bad.size:
        raise ValueError(f"bot {seat.spec!r} answered {int(bad[0])}, which is neither roll (1) nor hold (0)")
    return tables[0].astype(np.int8)


def _decisions_in_python(fn, goal, position, params, u):
    """`_decisions` for a plain-Python bot (slow: one call per state)."""
    table = np.ones((goal, goal, goal), np.int64)
    for i in range(goal):
        for j in range(goal):
            for k in range(2, goal - i):
                st = np.zeros(STATE_SIZE, np.int64)
                st[S_PLAYERS], st[S_GOAL], st[S_TURN_TOTAL] = 2, goal, k
                st[S_SCORE + position], st[S_SCORE + 1 - position] = i, j
                st.flags.writeable = False
                table[i, j, k] = fn(position, st, params, u)
    return table


@njit
def _decisions(fn, goal, position, params, u):
    """fn's answers at every (own score, other's, turn total >= 2) below the goal."""
    st = np.zeros(STATE_SIZE, np.int64)
    st[S_PLAYERS], st[S_GOAL] = 2, goal
    table = np.ones((goal, goal, goal), np.int64)
    for i in range(goal):
        for j in range(goal):
            st[S_SCORE + position], st[S_SCORE + 1 - position] = i, j
            for k in range(2, goal - i):
                st[S_TURN_TOTAL] = k
                table[i, j, k] = fn(position, read_only(st), read_only(params), u)
    return table
