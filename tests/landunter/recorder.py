"""A recording user bot: it copies every view and uniform it is handed into a
log, then decides as a built-in bot. It runs unchanged in both engines, so the
logs show decision by decision what each engine hands its bots.

It reaches its log through a raw address in its parameter vector: the view
and parameters are read-only, and numba does not police raw pointers, so
only a bot written this way (which no reviewer should accept) can keep a
record. Built for tests, not as a pattern.
"""

import numpy as np
from numba import carray, njit

from sim import _borrowed
from sim.games.landunter import engine, reference
from sim.games.landunter.layout import HAND_SIZE, STATE_SIZE
from sim.registry import MAX_PARAMS, Bot, Seat
from strategies.landunter import LANDUNTER_BOTS
from strategies.landunter.dispatch import decide_builtin

ROW = 2 + STATE_SIZE  # seat, u * 2**53 (exact), the view
U_SCALE = 9007199254740992.0  # 2**53: the engines' uniforms are multiples of 2**-53
P_BOT = MAX_PARAMS - 2  # parameter slot: built-in id to decide as
P_LOG = MAX_PARAMS - 1  # parameter slot: address of the log


@njit(cache=True)
def recorder(seat, st, params, u):
    """Append (seat, u, st) to the log, then play as built-in bot params[P_BOT]."""
    head = carray(_borrowed.voidptr(np.uintp(params[P_LOG])), (2,), np.int64)
    log = carray(_borrowed.voidptr(np.uintp(params[P_LOG])), (head[1] + 1, ROW), np.int64)
    i = log[0, 0] + 1
    log[0, 0] = i
    if i <= log[0, 1]:
        log[i, 0] = seat
        log[i, 1] = np.int64(u * U_SCALE)
        for k in range(STATE_SIZE):
            log[i, 2 + k] = st[k]
    return decide_builtin(np.int64(params[P_BOT]), seat, st, params, u)


def recording_seats(specs: str, players: int, log: np.ndarray) -> list[Seat]:
    """Seats that play the built-in bots ``specs`` and record into ``log``
    (shape (rows + 1, ROW); row 0 holds the decisions seen and the rows)."""
    seats = []
    for s in LANDUNTER_BOTS.parse_seats(specs, players):
        params = s.params.copy()
        params[P_BOT] = s.bot.builtin_id
        params[P_LOG] = float(log.ctypes.data)
        seats.append(Seat(s.spec, Bot(s.bot.name, recorder, (), "records", -1), params))
    return seats


def recorded(kind: str, rules, specs: str, seed: int, games: int):
    """Play ``games`` games with the reference or compiled engine; return the
    int64 log rows (seat, u * 2**53, view) in decision order."""
    max_rows = games * rules.players**2 * HAND_SIZE  # seats x deals x rounds
    log = np.zeros((max_rows + 1, ROW), np.int64)
    log[0, 1] = max_rows
    seats = recording_seats(specs, rules.players, log)
    if kind == "reference":
        for g in range(games):
            reference.play_game(rules, seats, seed, g)
    else:
        engine.play_batch(rules, seats, seed, 0, games, chunk=games)  # one chunk: in order
    n = int(log[0, 0])
    assert n <= max_rows, f"log full: {n} decisions, room for {max_rows}"
    return log[1 : n + 1]
