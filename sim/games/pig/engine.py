"""Pig — the compiled batch engine.

`play_batch(rules, seats, seed, first_game, n_games)` plays games
``first_game .. first_game + n_games - 1`` and returns an `outputs.Batch`.
Game ``g`` rolls its dice only from ``game_stream(seed, g)`` and hands the
bot in seat p the uniforms of ``bot_stream(seed, g, p)``, in the order
documented in `reference.py`, so every game equals the reference engine's
whatever the thread count or the split of the batch.

Built-in bots are reached through the integer switch
`strategies.pig.dispatch.decide_builtin`; the `optimal` bot reads its solved
table (`solve.optimal_table`), handed in as one more array. User bots enter
as plug-ins (`sim.nb.plugin`, the mechanism of every game). A bot gets the
state view and its parameter row read-only. An answer other than roll or
hold stops the game with an error code; the wrapper raises naming the bot.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from numba import njit, prange, types
from numba.extending import overload

import strategies.pig
from sim import nb, plugins, rng
from sim._borrowed import borrow_row
from sim.games.pig import core, outputs
from sim.games.pig.layout import (
    HOLD,
    MAX_TURNS,
    MAXP,
    R_FIRST_RANDOM,
    R_GOAL,
    R_PLAYERS,
    ROLL,
    S_FIRST,
    S_GOAL,
    S_PLAYERS,
    S_ROLLS,
    S_SCORE,
    S_TURN,
    S_TURN_TOTAL,
    STATE_SIZE,
)
from sim.games.pig.reference import PLUGIN, IllegalAction, endless_message, illegal_message
from sim.games.pig.rules import Rules
from sim.games.pig.solve import optimal_table
from sim.nb import BOT_RAISED, read_only
from sim.registry import BotError
from sim.sealed import seat_params
from strategies.pig.dispatch import N_BUILTINS, decide_builtin
from strategies.pig.optimal import OPTIMAL_ID

ERR_NONE, ERR_ILLEGAL, ERR_ENDLESS = 0, 1, 2
ERR_FIELDS = 4  # code, seat, turn, answer
_MASK64 = (1 << 64) - 1
_NO_TABLE = np.zeros((1, 1, 1), np.uint8)


def _decide(bot_ids, user_fns, seat, st, params, u, table):
    """The seat's bot decides (compiled only: see the overload below)."""
    raise NotImplementedError


@overload(_decide, inline="always")
def _decide_overload(bot_ids, user_fns, seat, st, params, u, table):
    if isinstance(user_fns, types.NoneType):

        def builtin_only(bot_ids, user_fns, seat, st, params, u, table):
            return decide_builtin(bot_ids[seat], seat, read_only(st), read_only(borrow_row(params, seat, np.float64)), u, table)

        return builtin_only

    def with_user_bots(bot_ids, user_fns, seat, st, params, u, table):
        b = bot_ids[seat]
        if b >= 0:
            return decide_builtin(b, seat, read_only(st), read_only(borrow_row(params, seat, np.float64)), u, table)
        return user_fns[seat](0, seat, st.ctypes.data, params.ctypes.data, u)

    return with_user_bots


@njit(cache=True, inline="always")
def _play_game(rules, bot_ids, user_fns, params, table, seed, game, st, bot_rs, g, score, win60, turns, rolls, first, err):
    """Game ``game`` into row g of the outputs; returns an error code."""
    n = rules[R_PLAYERS]
    goal = rules[R_GOAL]
    state = rng.game_stream(seed, np.uint64(game))
    for p in range(n):
        bot_rs[p] = rng.bot_stream(seed, np.uint64(game), np.uint64(p))
        st[S_SCORE + p] = 0
    state, p = core.first_seat(state, n, rules[R_FIRST_RANDOM] == 1)
    st[S_FIRST] = p
    first[g] = p
    n_rolls = 0
    turn = 0
    won = False
    while not won:
        if turn >= MAX_TURNS:
            err[g, 0] = ERR_ENDLESS
            return ERR_ENDLESS
        st[S_TURN] = turn
        st[S_TURN_TOTAL] = 0
        st[S_ROLLS] = 0
        while True:
            state, face = core.roll_die(state, st)
            n_rolls += 1
            if face == 1:
                break
            if core.reaches_goal(st, p, goal):
                won = True
                break
            rs, u = rng.uniform(bot_rs[p])
            bot_rs[p] = rs
            a = _decide(bot_ids, user_fns, p, st, params, u, table)
            if a == HOLD:
                break
            if a != ROLL:
                err[g, 0] = ERR_ILLEGAL
                err[g, 1] = p
                err[g, 2] = turn
                err[g, 3] = a
                return ERR_ILLEGAL
        core.bank(st, p)
        turn += 1
        if not won:
            p = (p + 1) % n
    for s in range(n):
        score[g, s] = st[S_SCORE + s]
        win60[g, s] = 60 if s == p else 0
    turns[g] = turn
    rolls[g] = n_rolls
    return ERR_NONE


@njit(cache=True)
def _play_chunk(rules, bot_ids, user_fns, params, table, seed, first_game, g0, g1, score, win60, turns, rolls, first, err):
    """Games g0 .. g1-1, with scratch allocated once for them all."""
    st = np.zeros(STATE_SIZE, np.int64)
    st[S_PLAYERS] = rules[R_PLAYERS]
    st[S_GOAL] = rules[R_GOAL]
    bot_rs = np.empty(MAXP, np.uint64)
    for g in range(g0, g1):
        _play_game(
            rules, bot_ids, user_fns, params, table, seed, first_game + g, st, bot_rs, g, score, win60, turns, rolls, first, err
        )


@njit(cache=True, parallel=True)
def _kernel(rules, bot_ids, user_fns, params, table, seed, first_game, n_games, chunk, score, win60, turns, rolls, first, err):
    """prange over chunks of games; the chunk body is a plain njit function."""
    n_chunks = (n_games + chunk - 1) // chunk
    for c in prange(n_chunks):
        g0, g1 = c * chunk, min((c + 1) * chunk, n_games)
        _play_chunk(rules, bot_ids, user_fns, params, table, seed, first_game, g0, g1, score, win60, turns, rolls, first, err)


def refresh_stale_caches() -> bool:
    """Flush this engine's numba cache when any source compiled into it changed (`sim.nb`)."""
    sources = nb.compiled_sources(Path(__file__).parent, [Path(strategies.pig.__file__).parent])
    return nb.refresh_stale_caches("pig", _kernel, ("sim.games.pig", "strategies.pig"), sources)


refresh_stale_caches()


def _seat_arrays(rules: Rules, seats) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Bot ids, the parameter table and the optimal bot's table (a dummy without one)."""
    n = rules.players
    if len(seats) != n:
        raise ValueError(f"got {len(seats)} seats for {n} players")
    bot_ids = np.empty(n, dtype=np.int64)
    for p, seat in enumerate(seats):
        bid = seat.bot.builtin_id
        if bid >= N_BUILTINS:
            raise ValueError(f"bot {seat.bot.name!r} at seat {p} has builtin_id {bid}, but the switch knows 0..{N_BUILTINS - 1}")
        bot_ids[p] = bid if bid >= 0 else -1
    table = _NO_TABLE
    if (bot_ids == OPTIMAL_ID).any():
        if n != 2:
            raise BotError(f"optimal is solved for 2 players only, not {n}; play it with --players 2")

        try:
            table = optimal_table(rules.goal)
        except ValueError as e:
            raise BotError(f"optimal: {e}") from None
    return bot_ids, seat_params(seats), table


def sealed(bot):
    """The function both engines run for ``bot`` (`sim.plugins.sealed`)."""
    return plugins.sealed(bot, PLUGIN)


def user_functions(seats):
    """None if every seat has a built-in bot; else the plug-in tuple of the
    batch, `MAXP` long (`sim.plugins.plugin_slots`)."""
    return plugins.plugin_slots(seats, PLUGIN, MAXP)


def play_batch(rules: Rules, seats, seed: int, first_game: int, n_games: int, chunk: int | None = None) -> outputs.Batch:
    """Play games ``first_game .. first_game + n_games - 1`` of master ``seed``.
    ``chunk``: games per parallel work item; the results do not depend on it."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a pig Rules, not {type(rules).__name__}")
    n_games = int(n_games)
    if n_games < 0:
        raise ValueError(f"n_games must be >= 0, got {n_games}")
    bot_ids, params, table = _seat_arrays(rules, seats)
    batch = outputs.empty_batch(n_games, rules.players)
    if n_games == 0:
        return batch
    err = np.zeros((n_games, ERR_FIELDS), np.int64)
    chunk = chunk or max(64, -(-n_games // 64))
    with nb.first_class_calls():
        nb.call_kernel(
            _kernel,
            rules.to_array(),
            bot_ids,
            user_functions(seats),
            params,
            table,
            np.uint64(int(seed) & _MASK64),
            np.int64(first_game),
            np.int64(n_games),
            np.int64(chunk),
            *batch,
            err,
        )
    raise_on_error(err, seats, seed, first_game)
    return batch


def raise_on_error(err: np.ndarray, seats, seed: int, first_game: int) -> None:
    """Raise for the first game whose error code is set, naming the bot, seat, seed, game and turn."""
    bad = np.flatnonzero(err[:, 0])
    if bad.size:
        i = int(bad[0])
        code, p, turn, answer = (int(x) for x in err[i])
        game = int(first_game) + i
        if code == ERR_ENDLESS:
            raise ValueError(endless_message(seed, game))
        if answer == BOT_RAISED:
            raise BotError(
                f"bot {seats[p].bot.name!r} in seat {p} raised an exception (seed {seed}, game {game}, turn {turn + 1})"
            )
        raise IllegalAction(illegal_message(seats[p].bot.name, p, answer, seed, game, turn))
