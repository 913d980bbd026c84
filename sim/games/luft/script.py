"""A rollout's script: how the compiled engine plays on from a position of a
real game (hints and review costs at the play table, `sim.games.luft.hint`).

A position lies mid-turn (after the breath, or after the swim), and what the
rest of the turn needs (where the diver started its swim, the idle count, the
value decks) is not in the view. So a rollout plays the real game again from
its start, in the engine's own turn loop (engine.py), on the game's own
stream and bot streams, with a *script*: the decisions made so far are fed
back instead of asking the bots (each seat still draws its uniform, so its
stream is where it was at the table); at the decision after them, the
position, the engine checks that it reached the view the person saw, draws
what nobody can know anew from the rollout's own stream (the order of the
undrawn value cards, then of the swim deck's cards left) and plays the
choice under test; from there the bots decide. Replaying the prefix costs a
few microseconds: no bot is asked.

A script is a tuple ``(moves, view, streams)``: ``moves`` (int64) the seat at
the position, the number of decisions before it, the number of choices, those
decisions, then the choices' actions; ``view`` the position's view; ``streams``
(uint64) the stream state rollout k draws from after the position. Game g of
a scripted batch is rollout ``g // choices`` of choice ``g % choices``, so
rollout k faces the same stream whatever the choice (common random numbers).
The engine takes ``script=None`` for ordinary games, and then these functions
compile to nothing.
"""

import numpy as np
from numba import njit

from sim import rng
from sim.games.luft import layout
from sim.games.luft.core import VSTRIDE
from sim.games.luft.rules import MAX_CARDS_PER_LEVEL

M_SEAT, M_DONE, M_CHOICES, M_FIRST = range(4)  # the head of ``moves``; decisions from M_FIRST
ASK_BOT = -1  # step's answer when the seat's bot decides
OFF_SCRIPT = -3  # step's answer when the game is not at the position: an illegal action, so the engine stops


def make(seat: int, history: list[int], actions: list[int], view: np.ndarray, streams: np.ndarray) -> tuple:
    """The script of rollouts of ``actions`` at the decision after ``history``.
    Its arrays are writable copies: a read-only view would be another type to
    numba and compile the whole kernel a second time."""
    moves = np.array([seat, len(history), len(actions), *history, *actions], dtype=np.int64)
    return moves, np.array(view, dtype=np.int64, order="C"), np.array(streams, dtype=np.uint64, order="C")


@njit(cache=True, inline="always")
def forget_hidden(state, vals, n_cards, swim_deck, swim_left):
    """Shuffle what no player can see, in place: each level's undrawn value
    cards (level 1 first), then the swim deck's cards left. Returns the stream."""
    for lv in range(4):
        base = lv * VSTRIDE
        drawn = vals[base + MAX_CARDS_PER_LEVEL]
        state = rng.shuffle(state, vals[base + drawn : base + n_cards], n_cards - drawn)
    if swim_left > 0:
        state = rng.shuffle(state, swim_deck[9 - swim_left :], swim_left)
    return state


@njit(cache=True, inline="always")
def step(script, made, g, s, st, state, vals, n_cards, swim_deck, swim_left):
    """Decision number ``made`` of game ``g``, seat ``s`` to decide: the
    scripted action (ASK_BOT after the position), the stream, ``made + 1``."""
    if script is None:
        return ASK_BOT, state, made
    moves, view, streams = script
    done = moves[M_DONE]
    if made < done:
        return moves[M_FIRST + made], state, made + 1
    if made > done:
        return ASK_BOT, state, made + 1
    if s != moves[M_SEAT]:
        return OFF_SCRIPT, state, made + 1
    for i in range(layout.SIZE):
        if st[i] != view[i]:
            return OFF_SCRIPT, state, made + 1
    choices = moves[M_CHOICES]
    state = forget_hidden(streams[g // choices], vals, n_cards, swim_deck, swim_left)
    return moves[M_FIRST + done + g % choices], state, made + 1


@njit(cache=True, inline="always")
def reached(script, made):
    """Whether the game got past its position (always, without a script)."""
    if script is None:
        return True
    return made > script[0][M_DONE]
