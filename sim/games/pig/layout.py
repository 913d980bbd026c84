"""Index constants of the two small int64 arrays the Pig engines share.

``R_*``  the rules vector (`Rules.to_array()`), read by the kernel.
``S_*``  the game-state view ``st`` every bot decision receives. Pig has no
hidden information: the view is the whole public state (the dice to come
are in no view).

Scalars::

    st[S_PLAYERS]      players at the table (n)
    st[S_GOAL]         the score that wins
    st[S_TURN_TOTAL]   points rolled this turn, not yet banked (>= 2 when a bot decides)
    st[S_ROLLS]        rolls made this turn
    st[S_LAST_ROLL]    the face just rolled (2..6 when a bot decides)
    st[S_TURN]         turns finished before this one (all seats)
    st[S_FIRST]        the seat that moved first

Per seat ``p`` (0 .. n-1; slots n .. MAXP-1 are 0)::

    st[S_SCORE + p]    p's banked score

A decision is ``ROLL`` (1) or ``HOLD`` (0).
"""

from numba import njit

MAXP = 6

R_VERSION, R_PLAYERS, R_GOAL, R_FIRST_RANDOM = range(4)
R_SIZE = 4

S_PLAYERS, S_GOAL, S_TURN_TOTAL, S_ROLLS, S_LAST_ROLL, S_TURN, S_FIRST = range(7)
S_SCORE = 8
STATE_SIZE = S_SCORE + MAXP

HOLD, ROLL = 0, 1
#: A game that lasts this many turns has bots that never hold: the engines stop it with an error.
MAX_TURNS = 100_000


@njit(cache=True)
def other_best(st, seat):
    """The highest banked score of the other seats."""
    best = 0
    for p in range(st[S_PLAYERS]):
        if p != seat and st[S_SCORE + p] > best:
            best = st[S_SCORE + p]
    return best
