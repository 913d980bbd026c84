"""Geteilte Luft, compiled: a numba kernel that plays a batch of games.

Same rules and same random stream as reference.py (read that first); this file
is shaped for speed: the public state array `st` is the game state, occupancy
is a bit mask, scratch arrays are allocated once per chunk, and the game body
stays inside the chunk loop. Outputs are integers, so sums over games are
exact and independent of chunking and thread count.
"""
from __future__ import annotations

import numpy as np
from numba import njit, prange

from sim import rng
from sim.games.luft import view as v
from sim.games.luft.outputs import (D_AIR_LEFT, D_AIR_OUT, D_DROWNED, D_LAST_BACK, D_PATH_LEN,
                                    D_STALLED, D_START, D_TURNS, DIVE_COLUMNS, MAX_TURNS,
                                    S_DROWNED, S_HOME, S_SCORE, S_WIN60, SEAT_COLUMNS, Batch)
from sim.games.luft.reference import SWIM_DECK, IllegalAction
from sim.games.luft.rules import (MAX_CARDS_PER_LEVEL, R_AIR, R_CARDS, R_DIVES, R_PLAYERS,
                                  R_SINK, R_STACK, R_STALL, R_START, R_SWIM, R_TBNT,
                                  R_VALUES, Rules)
from strategies.luft.dispatch import decide_builtin

# Columns of the error output (E_FLAG = 0: no error)
E_FLAG, E_SEAT, E_DIVE, E_TURN, E_PHASE, E_ACTION = range(6)

_SWIM_DECK = np.array(SWIM_DECK, dtype=np.int64)
N_CHUNKS = 64   # parallel work units; results do not depend on it


@njit(cache=True, inline="always")
def _ask(phase, seat, st, bot_ids, params, state):
    state, u = rng.uniform(state)
    return state, decide_builtin(bot_ids[seat], phase, seat, st, params, u)


@njit(cache=True)
def _play_game(rules, bot_ids, params, state, st, vals, swim, order, seat_out, dive_out, err,
               air_sum, air_count):
    n = rules[R_PLAYERS]
    n_cards = rules[R_CARDS]
    stack_size = rules[R_STACK]
    swim_mode = rules[R_SWIM]
    # Reset the state left by the chunk's previous game: carried items, then
    # header, seats and path (the carried block is large; clear only what's used).
    for s in range(v.MAX_SEATS):
        for k in range(st[v.N_CARRIED + s]):
            st[v.CARRIED + s * v.MAX_PATH + k] = 0
    for i in range(v.CARRIED):
        st[i] = 0
    st[v.N_PLAYERS] = n
    st[v.MAX_AIR] = rules[R_AIR]
    st[v.TURN_BACK_NEEDS_TREASURE] = rules[R_TBNT]
    st[v.STACK_SIZE] = stack_size
    st[v.DIVES] = rules[R_DIVES]
    st[v.SWIM_MODE] = swim_mode
    for k in range(5):
        st[v.SWIM_LEFT + k] = (1, 2, 3, 2, 1)[k]
    path_len = 4 * n_cards
    for f in range(path_len):
        st[v.PATH + f] = f // n_cards + 1
    st[v.PATH_LEN] = path_len
    # Value decks, shuffled once; vals[level, 15] holds the next card's index.
    for lv in range(4):
        for i in range(n_cards):
            vals[lv, i] = rules[R_VALUES + lv * MAX_CARDS_PER_LEVEL + i]
        state = rng.shuffle(state, vals[lv], n_cards)
        vals[lv, MAX_CARDS_PER_LEVEL] = 0
    swim_left = 0
    start = 0
    for dive in range(rules[R_DIVES]):
        air = rules[R_AIR]
        st[v.DIVE] = dive
        st[v.START] = start
        for s in range(n):
            for k in range(st[v.N_CARRIED + s]):
                st[v.CARRIED + s * v.MAX_PATH + k] = 0
            st[v.HEADING_UP + s] = 0
            st[v.BACK + s] = 0
            st[v.POS + s] = 0
            st[v.N_CARRIED + s] = 0
        dive_out[dive, D_START] = start
        dive_out[dive, D_PATH_LEN] = path_len
        occ = 0            # bit f set: a diver in the water stands on field f
        in_water = n
        last_back = -1
        turn = 0
        idle_turns = 0
        air_out = False
        stalled = False
        s = start
        while True:
            if st[v.BACK + s] == 0:
                st[v.AIR] = air
                st[v.TURN] = turn
                load = st[v.N_CARRIED + s]
                # 1. Breathe
                if load > 0:
                    air = max(0, air - load)
                    st[v.AIR] = air
                    air_out = air == 0
                # 2. Turn back?
                if st[v.HEADING_UP + s] == 0 and (load > 0 or rules[R_TBNT] == 0):
                    state, a = _ask(v.PHASE_TURN_BACK, s, st, bot_ids, params, state)
                    if a == v.TURN_BACK:
                        st[v.HEADING_UP + s] = 1
                    elif a != v.STAY_DOWN:
                        err[E_FLAG], err[E_SEAT], err[E_DIVE] = 1, s, dive
                        err[E_TURN], err[E_PHASE], err[E_ACTION] = turn, v.PHASE_TURN_BACK, a
                        return
                # 3. Swim
                if swim_mode == 0:
                    state, i = rng.randbelow(state, 9)
                    value = _SWIM_DECK[i]
                elif swim_mode == 1:
                    state, a1 = rng.randbelow(state, 3)
                    state, a2 = rng.randbelow(state, 3)
                    value = a1 + a2 + 2
                elif swim_mode == 2:
                    state, a1 = rng.randbelow(state, 6)
                    state, a2 = rng.randbelow(state, 6)
                    value = a1 // 2 + a2 // 2 + 2
                else:
                    if swim_left == 0:
                        for k in range(9):
                            swim[k] = _SWIM_DECK[k]
                        state = rng.shuffle(state, swim, 9)
                        swim_left = 9
                    value = swim[9 - swim_left]
                    swim_left -= 1
                    st[v.SWIM_LEFT + value - 2] -= 1
                    if swim_left == 0:      # used up: the next draw reshuffles all 9
                        for k in range(5):
                            st[v.SWIM_LEFT + k] = (1, 2, 3, 2, 1)[k]
                pos = st[v.POS + s]
                before = pos
                steps = value - load
                if steps > 0:
                    occ &= ~(1 << pos)
                    if st[v.HEADING_UP + s] == 1:
                        for _ in range(steps):
                            pos = max(pos - 1, 0)
                            while pos > 0 and (occ >> pos) & 1:
                                pos -= 1
                            if pos == 0:
                                break
                    else:
                        for _ in range(steps):
                            f = pos + 1
                            while f <= path_len and (occ >> f) & 1:
                                f += 1
                            if f > path_len:
                                break
                            pos = f
                    st[v.POS + s] = pos
                    if pos > 0:
                        occ |= 1 << pos
                acted = False
                if pos == 0 and st[v.HEADING_UP + s] == 1:
                    st[v.BACK + s] = 1
                    in_water -= 1
                    last_back = s
                    acted = True
                elif pos > 0:
                    # 4. Treasure
                    item = st[v.PATH + pos - 1]
                    if item != 0 or load > 0:
                        state, a = _ask(v.PHASE_TREASURE, s, st, bot_ids, params, state)
                        if a == v.PICK_UP and item != 0:
                            st[v.CARRIED + s * v.MAX_PATH + load] = item
                            st[v.N_CARRIED + s] = load + 1
                            st[v.PATH + pos - 1] = 0
                            acted = True
                        elif a >= v.DROP and item == 0 and a < v.DROP + load:
                            base = v.CARRIED + s * v.MAX_PATH
                            k = a - v.DROP
                            st[v.PATH + pos - 1] = st[base + k]
                            for j in range(k, load - 1):
                                st[base + j] = st[base + j + 1]
                            st[base + load - 1] = 0
                            st[v.N_CARRIED + s] = load - 1
                            acted = True
                        elif a != v.NOTHING:
                            err[E_FLAG], err[E_SEAT], err[E_DIVE] = 1, s, dive
                            err[E_TURN], err[E_PHASE], err[E_ACTION] = turn, v.PHASE_TREASURE, a
                            return
                if turn < MAX_TURNS:
                    air_sum[dive, turn] += air
                    air_count[dive, turn] += 1
                turn += 1
                if load == 0 and pos == before and not acted:
                    idle_turns += 1
                else:
                    idle_turns = 0
                if air_out or in_water == 0:
                    break
                if idle_turns >= in_water * rules[R_STALL]:
                    stalled = True
                    break
            s += 1
            if s == n:
                s = 0
        st[v.AIR] = air
        st[v.TURN] = turn
        # End of the dive. 1. Scoring, seat order, carried order, stack order.
        for s in range(n):
            if st[v.BACK + s] == 1:
                base = v.CARRIED + s * v.MAX_PATH
                for k in range(st[v.N_CARRIED + s]):
                    item = st[base + k]
                    while item > 0:
                        lv = (item & 7) - 1
                        seat_out[s, S_SCORE] += vals[lv, vals[lv, MAX_CARDS_PER_LEVEL]]
                        vals[lv, MAX_CARDS_PER_LEVEL] += 1
                        seat_out[s, S_HOME + lv] += 1
                        item >>= 3
                st[v.SCORE + s] = seat_out[s, S_SCORE]
        # 3. (first, as it commutes) blanks removed, gaps closed.
        kept = 0
        for f in range(path_len):
            if st[v.PATH + f] != 0:
                st[v.PATH + kept] = st[v.PATH + f]
                kept += 1
        path_len = kept
        # 2. Divers in the water sink their cards in stacks, in distance order.
        _sink_order(st, n, rules[R_SINK], order)
        stack = 0
        in_stack = 0
        drowned = 0
        deepest = -1
        for i in range(n):
            s = order[i]
            if s < 0:
                break
            drowned += 1
            seat_out[s, S_DROWNED] += 1
            base = v.CARRIED + s * v.MAX_PATH
            for k in range(st[v.N_CARRIED + s]):
                item = st[base + k]
                while item > 0:
                    stack |= (item & 7) << (3 * in_stack)
                    in_stack += 1
                    item >>= 3
                    if in_stack == stack_size:
                        st[v.PATH + path_len] = stack
                        path_len += 1
                        stack = 0
                        in_stack = 0
        if in_stack > 0:
            st[v.PATH + path_len] = stack
            path_len += 1
        for f in range(path_len, 4 * n_cards):
            st[v.PATH + f] = 0
        st[v.PATH_LEN] = path_len
        dive_out[dive, D_TURNS] = turn
        dive_out[dive, D_AIR_OUT] = air_out
        dive_out[dive, D_AIR_LEFT] = air
        dive_out[dive, D_DROWNED] = drowned
        dive_out[dive, D_LAST_BACK] = last_back
        dive_out[dive, D_STALLED] = stalled
        # 5. Next start player: last back; else deepest / same / next [D].
        if last_back >= 0:
            start = last_back
        elif rules[R_START] == 0:
            for s in range(n):
                if deepest < 0 or st[v.POS + s] > st[v.POS + deepest]:
                    deepest = s
            start = deepest
        elif rules[R_START] == 2:
            start = (start + 1) % n
    # End of the game: points, then level-4, 3, 2 cards; else a shared win.
    best = _leader(seat_out, n)
    n_win = 0
    for s in range(n):
        if _compare(seat_out, s, best) == 0:
            n_win += 1
    for s in range(n):
        if _compare(seat_out, s, best) == 0:
            seat_out[s, S_WIN60] = 60 // n_win


@njit(cache=True, inline="always")
def _compare(seat_out, a, b):
    """Sign of (a's final standing - b's): points, then level 4, 3, 2 cards."""
    for col in (S_SCORE, S_HOME + 3, S_HOME + 2, S_HOME + 1):
        if seat_out[a, col] != seat_out[b, col]:
            return 1 if seat_out[a, col] > seat_out[b, col] else -1
    return 0


@njit(cache=True, inline="always")
def _leader(seat_out, n):
    best = 0
    for s in range(1, n):
        if _compare(seat_out, s, best) > 0:
            best = s
    return best


@njit(cache=True, inline="always")
def _sink_order(st, n, farthest_first, order):
    """Fill ``order`` with the seats still in the water, nearest first (or
    farthest first); ties at the submarine by lowest seat; -1 pads the rest."""
    order[:] = -1
    m = 0
    for s in range(n):
        if st[v.BACK + s] == 0:
            key = st[v.POS + s]
            j = m
            while j > 0:
                other = st[v.POS + order[j - 1]]
                if (other > key) if farthest_first == 0 else (other < key):
                    order[j] = order[j - 1]
                    j -= 1
                else:
                    break
            order[j] = s
            m += 1


@njit(cache=True, parallel=True)
def _play_batch(rules, bot_ids, params, seed, first_game, n_games, seat_out, dive_out, err,
                air_sum, air_count):
    n_chunks = min(N_CHUNKS, n_games)
    chunk = (n_games + n_chunks - 1) // n_chunks
    for c in prange(n_chunks):
        st = np.zeros(v.SIZE, np.int64)
        vals = np.zeros((4, MAX_CARDS_PER_LEVEL + 1), np.int64)
        swim = np.zeros(9, np.int64)
        order = np.zeros(v.MAX_SEATS, np.int64)
        for g in range(c * chunk, min(n_games, (c + 1) * chunk)):
            state = rng.game_stream(seed, first_game + g)
            _play_game(rules, bot_ids, params, state, st, vals, swim, order, seat_out[g], dive_out[g],
                       err[g], air_sum[c], air_count[c])


def play_batch(rules: Rules, seats, seed: int, first_game: int, n_games: int) -> Batch:
    """Play games first_game .. first_game + n_games - 1 of master ``seed``."""
    n = rules.players
    bot_ids = np.array([s.bot.builtin_id for s in seats], dtype=np.int64)
    params = np.stack([s.params for s in seats]).astype(np.float64)
    seat_out = np.zeros((n_games, n, len(SEAT_COLUMNS)), np.int32)
    dive_out = np.zeros((n_games, rules.dives, len(DIVE_COLUMNS)), np.int16)
    err = np.zeros((n_games, 6), np.int64)
    n_chunks = max(1, min(N_CHUNKS, n_games))
    air_sum = np.zeros((n_chunks, rules.dives, MAX_TURNS), np.int64)
    air_count = np.zeros((n_chunks, rules.dives, MAX_TURNS), np.int64)
    if n_games:
        _play_batch(rules.to_array(), bot_ids, params, np.uint64(seed), first_game, n_games,
                    seat_out, dive_out, err, air_sum, air_count)
    bad = np.flatnonzero(err[:, E_FLAG])
    if bad.size:
        g = int(bad[0])
        e = err[g]
        raise IllegalAction(seats[e[E_SEAT]].spec, int(e[E_SEAT]), seed, first_game + g,
                            int(e[E_DIVE]), int(e[E_TURN]), int(e[E_PHASE]), int(e[E_ACTION]))
    return Batch(seat_out, dive_out, air_sum.sum(axis=0), air_count.sum(axis=0))
