"""Pig's rules compiled: one njit function per rule, named like its
`reference.py` twin; the kernel (`engine.py`) strings them together."""

from numba import njit

from sim import rng
from sim.games.pig.layout import S_LAST_ROLL, S_ROLLS, S_SCORE, S_TURN_TOTAL


@njit(cache=True, inline="always")
def first_seat(state, n, random_first):
    """Seat 0 moves first, or (rule ``first=random``) a seat drawn from the game's stream."""
    if random_first:
        return rng.randbelow(state, n)
    return state, 0


@njit(cache=True, inline="always")
def roll_die(state, st):
    """One roll of the six-sided die: a 1 loses the turn total, any other face adds to it.
    Returns (state, face)."""
    state, face = rng.randbelow(state, 6)
    face += 1
    st[S_ROLLS] += 1
    st[S_LAST_ROLL] = face
    if face == 1:
        st[S_TURN_TOTAL] = 0
    else:
        st[S_TURN_TOTAL] += face
    return state, face


@njit(cache=True, inline="always")
def reaches_goal(st, seat, goal):
    """Banking the turn total would win: the engines bank it at once."""
    return st[S_SCORE + seat] + st[S_TURN_TOTAL] >= goal


@njit(cache=True, inline="always")
def bank(st, seat):
    """Hold: the turn total joins the seat's score."""
    st[S_SCORE + seat] += st[S_TURN_TOTAL]
    st[S_TURN_TOTAL] = 0
