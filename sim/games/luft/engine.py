"""Geteilte Luft, compiled: a numba kernel that plays a batch of games.

Same rules and same random stream as reference.py (read that first). The
rules themselves are core.py's, one compiled function per rule named after
its reference twin; this file is the loop that plays them, its bookkeeping
(turn order, outputs, air curves, errors) and the bots' way in. Outputs are
integers, so sums over games are exact and independent of chunking and
thread count.

How it is fast (figures: benchmarks/bench_luft.py):
- `_play_batch` runs `prange` over chunks; each chunk is one call of
  `_run_chunk`, which allocates its scratch once and plays its games in one
  loop whose body is the whole game: no call per game, no allocation per game.
- Every array the game loop touches is a *borrowed* view (`sim._borrowed.borrow`):
  no atomic NRT_incref/NRT_decref. Per-game rows are index arithmetic, never slices.
- The public state array `st` is the game state; rules are read once per
  chunk. Occupancy is a bit mask, and a swim of k steps is a few bit
  operations (`core.swim`), not a walk over fields.
- core.py's functions that take arrays are inlined by numba
  (`inline="always"`): no call boundary, so no reference counting; scalar
  helpers are plain functions that LLVM inlines.
- Index ranges are asserted to the compiler (`sim.nb.assume_range`), which then
  drops numba's negative-index fix-up on every state access (+10%).
- Branches the predictor cannot learn cost most: the k steps of a swim are
  one PDEP where the CPU has a fast one, else a fixed, branch-free chain
  (see `core.swim_down`): +25% over a loop, and the PDEP another ~1.25x.
- The air-curve counts are derived on the host from each dive's turn count;
  a turn only adds its air (and its square) to the chunk's sums.
- Each work unit counts the games it has just played into its own sums
  vector (`chunk_sums`: what the runner's Totals need), in parallel and
  cache-hot; the host combines 64 vectors instead of scanning per-game arrays
  on one thread while the other idles.

Rollouts from a position (hints and review at the play table) run through
the same loop with a ``script`` (script.py): the game's decisions so far fed
back, then the choice under test; ``script=None`` (every ordinary batch)
compiles it away.

Bots. Two ways into the turn loop:
- inlined: the cheap built-ins (`strategies.luft.dispatch.decide_inline`,
  ids in `INLINED`: threshold, random) are an integer switch compiled into
  the loop, no call at all;
- plug-in: every other bot, a user's (registered without `builtin_id`, e.g.
  from ``--bot-file``) or a heavier built-in, is compiled into a plug-in
  (`sim.nb.plugin`, the one mechanism of both games; `_plugin` is this
  game's adapter) and called as a first-class function of type `PLUGIN_TYPE`.
Sealed bots. Every bot, inlined or plugged in, reads `st` and the parameter
table through a read-only array type (`sim.nb.read_only`): a bot that writes to
either does not compile, and the batch stops with a one-line `BotError`
naming the bot (for plug-ins; the inlined built-ins are compiled the same
way, so a writing built-in does not compile at all). The type costs nothing
at run time (bench_luft/bench_dispatch figures unchanged within noise). A
bot's uniform `u` comes from its seat's own stream (`rng.bot_stream`), not
from the game's draws, exactly as in the reference engine. (A bot is native
code: one that forges pointers can still do anything; the wall is against
the bot API, and the differential and cheater tests guard it.)
`_play_batch` is compiled with ``user_fns=None`` for batches of inlined bots
only: the plug-in branch is removed at compile time, not one extra
instruction. `_play_batch_user` (the same Python function) is compiled once,
for a tuple of `MAX_SEATS` plug-ins, every one of type `PLUGIN_TYPE`. Both kernels are cached on disk, and a new
bot, a new mix of seats or a parameter change recompiles neither (a new bot
compiles only its own plug-in, once, cached too). Keeping the heavy bots out
of the kernels also keeps them small and quick to compile. Measured cost of a
plug-in call against the inlined switch: benchmarks/bench_dispatch.py.
"""

from __future__ import annotations

from pathlib import Path

import numba
import numpy as np
from numba import njit, prange, types

import strategies.luft
from sim import nb, plugins, rng
from sim._borrowed import borrow, borrow_shaped
from sim.games.luft import chunk_sums, core, layout, script as scripted
from sim.games.luft.core import N_SEAT_COLS
from sim.games.luft.outputs import (
    A_COUNT,
    A_END_COUNT,
    A_END_SUM,
    A_END_SUMSQ,
    A_SUM,
    A_SUMSQ,
    D_AIR_LEFT,
    D_AIR_OUT,
    D_DROWNED,
    D_HOLES,
    D_LAST_BACK,
    D_LEADER,
    D_PATH_LEN,
    D_STALLED,
    D_START,
    D_TURNS,
    DIVE_COLUMNS,
    HOLE_BLOCKED,
    HOLE_EMPTY_TURN_BACK,
    HOLE_SUB_TURN_BACK,
    HOLE_TIE_AT_ZERO,
    MAX_TURNS,
    Batch,
)
from sim.games.luft.reference import PLUGIN, IllegalAction
from sim.games.luft.rules import (
    MAX_CARDS_PER_LEVEL,
    MAX_DIVES,
    MAX_PLAYERS,
    MAX_STACK,
    R_AIR,
    R_CARDS,
    R_DIVES,
    R_PLAYERS,
    R_SINK,
    R_SINK_WITHIN,
    R_STACK,
    R_STALL,
    R_START,
    R_SWIM,
    R_TBNT,
    Rules,
)
from sim.nb import BOT_RAISED, PLUGIN_TYPE, assume_range, read_only
from sim.registry import MAX_PARAMS, BotError
from strategies.luft.dispatch import INLINED, NOT_INLINED, decide_inline

# Columns of the error output, one row per chunk (E_FLAG = 0: no error). The
# first illegal action stops its chunk; the wrapper reports the lowest game.
E_FLAG, E_GAME, E_SEAT, E_DIVE, E_TURN, E_PHASE, E_ACTION = range(7)
N_ERR = 7
N_CHUNKS = 64  # parallel work units; results do not depend on it

N_DIVE_COLS = len(DIVE_COLUMNS)
N_AIR_ROWS = 6  # A_SUM .. A_END_COUNT

# ----------------------------------------------------------------- low level
# Index ranges the kernel asserts to the compiler (`sim.nb.assume_range`).
_below8 = assume_range(8)
_below16 = assume_range(16)
_below64 = assume_range(64)
_nonneg = assume_range(2**62)
# What the kernel assumes of the rules (a false assumption would be undefined behaviour):
assert MAX_PLAYERS < 8 and MAX_DIVES < 16 and MAX_CARDS_PER_LEVEL < 16 and MAX_STACK < 8
assert 4 * MAX_CARDS_PER_LEVEL < 64 and layout.MAX_PATH <= 64  # fields, loads < 64


# ------------------------------------------------------------------- kernel
@njit(cache=True, inline="always")
def _ask(bot_ids, user_fns, one_fn, phase, s, view, params, st_addr, params_addr, bot_state, forced):
    """The seat's bot decides: inlined (tier 1), else its plug-in, with a
    uniform from the seat's own stream; a rollout's script may have decided
    already (``forced``: `script.step`'s answer). (`user_fns is not None` is
    decided at compile time, and without a script ``forced`` is a constant.)"""
    bot_state[s], u = rng.uniform(bot_state[s])
    if forced != scripted.ASK_BOT:
        return forced
    a = decide_inline(bot_ids[s], phase, s, view, params[s], u)
    if user_fns is not None and a == NOT_INLINED:
        if one_fn:
            a = user_fns[0](phase, s, st_addr, params_addr, u)
        else:
            a = user_fns[s](phase, s, st_addr, params_addr, u)
    return a


@njit(cache=True, error_model="numpy")
def _run_chunk(
    rules, bot_ids, user_fns, one_fn, params_arr, seed, first_game, g0, g1, seat_arr, dive_arr, err_arr, air_arr, script
):
    """Games g0 .. g1-1 of the batch, one after the other, on one scratch set;
    outputs at their rows of seat_arr/dive_arr, air curve sums into air_arr.
    The rules are core.py's; this is the loop and its bookkeeping.
    ``one_fn``: every plugged-in seat has the plug-in ``user_fns[0]`` (then
    the call needs no switch over the tuple: -6% time per game).
    ``script``: None, or every game is a rollout of game ``first_game``
    from a position (script.py)."""
    n = _below8(rules[R_PLAYERS])  # (ranges: see sim.nb.assume_range; Rules checks them)
    air0 = rules[R_AIR]
    n_dives = _below16(rules[R_DIVES])
    n_cards = _below16(rules[R_CARDS])
    stack_size = _below8(rules[R_STACK])
    swim_mode = rules[R_SWIM]
    needs_treasure = rules[R_TBNT]
    start_rule = rules[R_START]
    farthest_first = rules[R_SINK]
    reverse_within = rules[R_SINK_WITHIN]
    stall_rounds = rules[R_STALL]
    st_own = np.zeros(layout.SIZE, np.int64)
    vals_own = np.zeros(4 * core.VSTRIDE, np.int64)
    swim_own = np.zeros(9, np.int64)
    order_own = np.zeros(layout.MAX_SEATS, np.int64)
    trace_own = np.zeros(MAX_TURNS, np.int64)
    bot_own = np.zeros(layout.MAX_SEATS, np.uint64)
    st = borrow(st_own, np.int64)  # borrowed: no reference counting below
    vals = borrow(vals_own, np.int64)
    swim_deck = borrow(swim_own, np.int64)
    order = borrow(order_own, np.int64)
    trace = borrow(trace_own, np.int64)  # air after each turn of the current dive
    bot_state = borrow(bot_own, np.uint64)  # each seat's stream of uniforms (rng.bot_stream)
    # What a bot reads: the state and its seat's parameter row (`params[s]`), typed read-only.
    view = read_only(st)
    params = read_only(borrow_shaped(params_arr, np.float64))
    seat_out = borrow(seat_arr, np.int32)
    dive_out = borrow(dive_arr, np.int16)
    err = borrow(err_arr, np.int64)
    curves = borrow(air_arr, np.int64)  # [A_* row, dive, turn bin]: the chunk's air sums
    arow = n_dives * (MAX_TURNS + 1)  # one A_* row
    st_addr = st_own.ctypes.data  # what a plug-in gets instead of the arrays
    params_addr = params_arr.ctypes.data
    failed = False
    phase = 0
    a = 0
    for g in range(g0, g1):
        game = first_game + g if script is None else first_game
        state = rng.game_stream(seed, game)
        for s in range(n):
            bot_state[s] = rng.bot_stream(seed, game, s)
        made = 0  # decisions so far (a script's cursor)
        srow = g * n * N_SEAT_COLS
        state = core.new_game(st, vals, rules, n, n_cards, state)
        path_len = 4 * n_cards
        swim_left = 0
        start = 0
        for dive in range(n_dives):
            path_len = _below64(path_len)
            air = air0
            core.new_dive(st, n, dive, start, air)
            drow = (g * n_dives + dive) * N_DIVE_COLS
            dive_out[drow + D_START] = start
            dive_out[drow + D_PATH_LEN] = path_len
            acc = dive * (MAX_TURNS + 1)  # this dive's part of each air-curve row
            occ = np.int64(0)  # bit f set: a diver in the water is on field f
            in_water = n
            last_back = -1
            turn = 0
            idle_turns = 0
            air_out = False
            stalled = False
            holes = 0
            s = start
            water = (np.int64(1) << n) - 1  # bit s: seat s still in the water
            while True:
                if (water >> s) & 1:
                    s = _below8(s)
                    st[layout.TURN] = turn
                    load = _below64(st[layout.N_CARRIED + s])
                    # 1. Breathe (air > 0 here: it never starts a turn at 0)
                    air, air_out = core.breathe(st, air, load)
                    # 2. Turn back?
                    up = st[layout.HEADING_UP + s]
                    if core.may_turn_back(up, load, needs_treasure):
                        forced, state, made = scripted.step(script, made, g, s, st, state, vals, n_cards, swim_deck, swim_left)
                        a = _ask(
                            bot_ids,
                            user_fns,
                            one_fn,
                            layout.PHASE_TURN_BACK,
                            s,
                            view,
                            params,
                            st_addr,
                            params_addr,
                            bot_state,
                            forced,
                        )
                        legal, up = core.turn_back(st, s, a)
                        if not legal:
                            failed = True
                            phase = layout.PHASE_TURN_BACK
                            break
                        if up == 1 and st[layout.POS + s] == 0:
                            holes |= HOLE_SUB_TURN_BACK
                        if up == 1 and load == 0:
                            holes |= HOLE_EMPTY_TURN_BACK
                    # 3. Swim
                    state, value, swim_left = core.draw_swim(state, swim_mode, swim_deck, swim_left)
                    if swim_mode == core.DECK_NO_RESHUFFLE:
                        core.show_swim_draw(st, value, swim_left)
                    before = _below64(st[layout.POS + s])
                    pos = before
                    steps = value - load
                    if steps > 0:
                        occ &= ~(np.int64(1) << pos)
                        pos = _below64(core.swim(occ, pos, up, steps, path_len))
                        st[layout.POS + s] = pos
                        occ |= (np.int64(1) << pos) & ~np.int64(1)
                        if up == 0 and pos == before:
                            holes |= HOLE_BLOCKED
                    acted = False
                    if pos == 0:
                        if up == 1:  # back in the submarine
                            st[layout.BACK + s] = 1
                            water ^= np.int64(1) << s
                            in_water -= 1
                            last_back = s
                            acted = True
                    elif st[layout.PATH + pos - 1] != 0 or load > 0:
                        # 4. Treasure
                        forced, state, made = scripted.step(script, made, g, s, st, state, vals, n_cards, swim_deck, swim_left)
                        a = _ask(
                            bot_ids,
                            user_fns,
                            one_fn,
                            layout.PHASE_TREASURE,
                            s,
                            view,
                            params,
                            st_addr,
                            params_addr,
                            bot_state,
                            forced,
                        )
                        legal, acted = core.treasure(st, s, pos, load, a)
                        if not legal:
                            failed = True
                            phase = layout.PHASE_TREASURE
                            break
                    if turn < MAX_TURNS:
                        trace[_nonneg(turn)] = air
                    turn += 1
                    if load == 0 and pos == before and not acted:
                        idle_turns += 1
                    else:
                        idle_turns = 0
                    if air_out or in_water == 0:
                        break
                    if idle_turns >= in_water * stall_rounds:
                        stalled = True
                        break
                s += 1
                if s == n:
                    s = 0
            if failed:
                err[E_FLAG], err[E_GAME], err[E_SEAT], err[E_DIVE] = 1, g, s, dive
                err[E_TURN], err[E_PHASE], err[E_ACTION] = turn, phase, a
                break
            st[layout.AIR] = air
            st[layout.TURN] = turn
            for t in range(min(turn, MAX_TURNS)):  # the dive's air curve into the sums
                x = trace[t]
                curves[A_SUM * arow + acc + t] += x
                curves[A_SUMSQ * arow + acc + t] += x * x
            end = acc + min(turn, MAX_TURNS)  # (bin MAX_TURNS: all longer dives)
            curves[A_END_COUNT * arow + end] += 1
            curves[A_END_SUM * arow + end] += air
            curves[A_END_SUMSQ * arow + end] += air * air
            # End of the dive: 1. score, 3. (first, as it commutes) close
            # gaps, 2. sink, the leader, 5. next start player.
            core.score(st, n, vals, seat_out, srow)
            path_len = core.close_gaps(st, path_len)
            path_len, drowned = core.sink(st, n, path_len, stack_size, farthest_first, reverse_within, order, seat_out, srow)
            for f in range(path_len, 4 * n_cards):
                st[layout.PATH + f] = 0
            st[layout.PATH_LEN] = path_len
            dive_out[drow + D_TURNS] = turn
            dive_out[drow + D_AIR_OUT] = air_out
            dive_out[drow + D_AIR_LEFT] = air
            dive_out[drow + D_DROWNED] = drowned
            dive_out[drow + D_LAST_BACK] = last_back
            dive_out[drow + D_STALLED] = stalled
            if last_back < 0:
                at_zero = True
                for t in range(n):
                    at_zero = at_zero and st[layout.POS + t] == 0
                if at_zero:
                    holes |= HOLE_TIE_AT_ZERO
            dive_out[drow + D_HOLES] = holes
            dive_out[drow + D_LEADER] = core.sole_leader(seat_out, srow, n)
            start = core.next_starter(st, n, last_back, start_rule, start)
        if failed:
            break
        if not scripted.reached(script, made):  # the game ended before the script's position
            err[E_FLAG], err[E_GAME], err[E_ACTION] = 1, g, scripted.OFF_SCRIPT
            break
        core.share_win(seat_out, srow, n)
    # The owners must outlive their borrowed views: touch them last.
    st_own[0] += vals_own[0] + swim_own[0] + order_own[0] + trace_own[0] + np.int64(bot_own[0])


@njit(cache=True, parallel=True)
def _play_batch(
    rules, bot_ids, user_fns, one_fn, params, seed, first_game, n_games, seat_out, dive_out, err, curves, sums, bins, script
):
    """Play the batch in `N_CHUNKS` work units; each unit then counts its own
    games into its row of ``sums`` (`chunk_sums`; not for a script's rollouts)."""
    n_chunks = curves.shape[0]
    chunk = (n_games + n_chunks - 1) // n_chunks
    for c in prange(n_chunks):
        g0, g1 = c * chunk, min(n_games, (c + 1) * chunk)
        _run_chunk(
            rules, bot_ids, user_fns, one_fn, params, seed, first_game, g0, g1, seat_out, dive_out, err[c], curves[c], script
        )
        if script is None and sums.shape[1] > 0:  # (no columns: a caller that wants no counts)
            chunk_sums.count_games(seat_out, dive_out, g0, g1, sums[c], bins[0], bins[1])


# ------------------------------------------------------------------ plug-ins
# The user kernel: the same Python function as `_play_batch`, compiled once
# (and cached) for a tuple of MAX_SEATS plug-ins of PLUGIN_TYPE, then closed
# to further compilation. Every plug-in has that type, so any tuple of them
# runs without a recompile, whichever bots they are. Scripted batches (a
# hint's rollouts) have a kernel of their own, compiled the same way.
_play_batch_user = njit(cache=True, parallel=True)(_play_batch.py_func)
_rollouts_user = njit(cache=True, parallel=True)(_play_batch.py_func)


def _user_kernel(args):
    """The user kernel (of scripted batches if the last of ``args``, the
    script, is not None), compiled (or loaded from the cache) on first use
    for the types of ``args`` with a tuple of PLUGIN_TYPE in the plug-in slot."""
    kernel = _play_batch_user if args[-1] is None else _rollouts_user
    if not kernel.signatures:
        sig = tuple(types.UniTuple(PLUGIN_TYPE, layout.MAX_SEATS) if i == 2 else numba.typeof(a) for i, a in enumerate(args))
        kernel.compile(sig)
        kernel.disable_compile()
    return kernel


def sealed(bot):
    """The function both engines run for ``bot`` (`sim.plugins.sealed`)."""
    return plugins.sealed(bot, PLUGIN)


def _plugged(seat) -> bool:
    """Whether a seat's bot runs as a plug-in (a user bot or a tier-2 built-in)."""
    return seat.bot.builtin_id not in INLINED


def user_functions(seats) -> tuple[tuple, bool]:
    """The plug-ins of a batch, one per seat (`MAX_SEATS` long): the seat's
    bot where it is not inlined in the kernel, a placeholder elsewhere; and
    whether all plugged-in seats share one plug-in (then it is also put
    first, and the kernel calls it without selecting by seat)."""
    placeholder = nb.no_bot()
    fns = [plugins.plugin_of(s.bot, PLUGIN) if _plugged(s) else placeholder for s in seats]
    plugged = {id(f): f for f, s in zip(fns, seats) if _plugged(s)}
    one = len(plugged) == 1
    if one:
        fns[0] = next(iter(plugged.values()))
    return tuple(fns + [placeholder] * (layout.MAX_SEATS - len(fns))), one


# ------------------------------------------------------------- Python layer
def play_batch(rules: Rules, seats, seed: int, first_game: int, n_games: int, script=None) -> Batch:
    """Play games first_game .. first_game + n_games - 1 of master ``seed``;
    with a ``script`` (script.py), n_games rollouts of game ``first_game``
    from a position instead."""
    n = rules.players
    if len(seats) != n:
        raise ValueError(f"got {len(seats)} seats for {n} players")
    bot_ids = np.array([s.bot.builtin_id for s in seats], dtype=np.int64)
    params = np.zeros((layout.MAX_SEATS, MAX_PARAMS), np.float64)  # rows of absent seats: 0
    for i, s in enumerate(seats):
        params[i, : len(s.params)] = s.params
    seat_out = np.zeros((n_games, n, N_SEAT_COLS), np.int32)
    dive_out = np.zeros((n_games, rules.dives, N_DIVE_COLS), np.int16)
    n_chunks = max(1, min(N_CHUNKS, n_games))
    err = np.zeros((n_chunks, N_ERR), np.int64)
    # Air-curve sums per chunk, one turn bin more than reported: the last bin
    # counts the dives longer than MAX_TURNS (for the count of games still diving).
    curves = np.zeros((n_chunks, N_AIR_ROWS, rules.dives, MAX_TURNS + 1), np.int64)
    bins = np.array([chunk_sums.score_bins(rules), chunk_sums.TURN_BINS], np.int64)
    size = chunk_sums.offsets(n, rules.dives, bins[0], bins[1])[-1] if script is None else 0
    sums = np.zeros((n_chunks, size), np.int64)  # each work unit's sums vector
    if n_games:
        args = (
            rules.to_array(),
            bot_ids,
            None,
            False,
            params,
            np.uint64(seed),
            np.int64(first_game),
            np.int64(n_games),
            seat_out,
            dive_out,
            err,
            curves,
            sums,
            bins,
            script,
        )
        if not any(_plugged(s) for s in seats):
            _play_batch(*args)
        else:
            args = args[:2] + user_functions(seats) + args[4:]
            with nb.first_class_calls():
                nb.call_kernel(_user_kernel(args), *args)
    bad = np.flatnonzero(err[:, E_FLAG])
    if bad.size:
        e = err[bad[0]]
        s = int(e[E_SEAT])
        game = first_game + (0 if script is not None else int(e[E_GAME]))  # a rollout plays on game first_game
        if e[E_ACTION] == scripted.OFF_SCRIPT:
            raise RuntimeError(
                f"a rollout of game {first_game} did not reach the position of its script; the decisions so far do not replay"
            )
        if e[E_ACTION] == BOT_RAISED:
            raise BotError(
                f"bot {seats[s].spec!r} in seat {s} raised an exception (seed {seed}, "
                f"game {game}, dive {int(e[E_DIVE]) + 1}, "
                f"turn {int(e[E_TURN]) + 1})"
            )
        raise IllegalAction(seats[s].spec, s, seed, game, int(e[E_DIVE]), int(e[E_TURN]), int(e[E_PHASE]), int(e[E_ACTION]))
    air = curves.sum(axis=0)
    # Games still diving at turn t: the dives that ended after it.
    air[A_COUNT] = air[A_END_COUNT][:, ::-1].cumsum(axis=1)[:, ::-1]
    air[A_COUNT, :, :-1] = air[A_COUNT, :, 1:]
    batch = Batch(seat_out, dive_out, np.ascontiguousarray(air[:, :, :MAX_TURNS]))
    if script is not None:
        return batch
    return chunk_sums.counted(batch, chunk_sums.combine(sums, n, rules.dives), (int(bins[0]), int(bins[1])))


def refresh_stale_caches() -> bool:
    """Flush this engine's numba cache when any source compiled into it changed
    (`sim.nb`): the built-in bots behind the switch live in other files."""
    sources = nb.compiled_sources(Path(__file__).parent, [Path(strategies.luft.__file__).parent])
    return nb.refresh_stale_caches("luft", _play_batch, ("sim.games.luft", "strategies.luft"), sources)


refresh_stale_caches()
