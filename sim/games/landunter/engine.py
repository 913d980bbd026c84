"""Land unter — the compiled batch engine.

`play_batch(rules, seats, seed, first_game, n_games)` plays games
``first_game .. first_game + n_games - 1`` and returns an `outputs.Batch` of
per-game arrays. Game ``g`` draws its cards only from ``game_stream(seed, g)``
and hands the bot in seat p the uniforms of ``bot_stream(seed, g, p)``, in the
order documented in `reference.py`, so every game's outcome is independent of
the thread count and of how the batch is split, and equals the reference
engine's.

Sealed bots: the kernel keeps the dealt hands in a private array; the view
``st`` a bot receives holds only its own hand (filled in for its call, cleared
after), and it is typed read-only, like the bot's parameter row. numba does
not compile a bot that writes either: the batch fails with an error naming
the bot (`refuse_writes`). The typing costs nothing at run time.

The kernel runs ``prange`` over chunks of games; each chunk allocates its
scratch once (the state view ``st``, hands, decks) and the games reuse it:
nothing is allocated per game or per turn (the `counter` and `sampler` bots
allocate their own scratch per decision). Bots are reached through the integer
switch `strategies.landunter.dispatch.decide_builtin`.

An illegal card (one not in the hand) does not crash the kernel: the game
stops, an error code is recorded, and the Python wrapper raises a ValueError
naming the bot, seat, seed, game index, deal and round.

User bots (no ``builtin_id``, e.g. loaded with ``--bot-file``) enter as
plug-ins (`sim.nb.plugin`, the one mechanism of both games): the kernel is
compiled for ``user_fns=None`` (built-in-only batches: the switch alone) and,
when a batch seats a user bot, once more for a tuple of `MAXP` plug-ins of
type `PLUGIN_TYPE`. Both specializations are cached; a new user bot or
parameter recompiles neither.

Rollouts from a position (hints and review at the play table) run through
the same loop: with a ``script`` (script.py) a game starts from a deal under
way, its seat under test playing a given card first; ``script=None`` (every
ordinary batch) compiles that branch away.

numba's ``cache=True`` checks only a function's own source file, so an edit in
core.py or a bot would leave this cached kernel stale: `refresh_stale_caches`
(run at import) fingerprints every source compiled in and flushes the caches
of all Land unter functions when one changed.
"""

from __future__ import annotations

from pathlib import Path

import numba
import numpy as np
from numba import njit, prange, types
from numba.extending import overload

import strategies.landunter
from sim import nb, plugins, rng
from sim._borrowed import borrow, borrow_row
from sim.games.landunter import chunk_sums, core, outputs, script as scripted
from sim.games.landunter.layout import (
    FLOOD_CARDS,
    FLOOD_MAX,
    HAND_SIZE,
    MAX_CARD,
    MAXP,
    R_N_CARDS,
    R_PLAYERS,
    R_TWO_PLAYED_OUT,
    RULE_FLAGS,
    S_CARD_HAND,
    S_CARD_WHEN,
    S_DEAL,
    S_FLOOD_HI,
    S_FLOOD_LEFT,
    S_FLOOD_LO,
    S_HAND_HI,
    S_HAND_ID,
    S_HAND_LO,
    S_HAND_N,
    S_IN,
    S_N_CARDS,
    S_N_IN,
    S_PLAYERS,
    S_RINGS,
    S_RINGS_FULL,
    S_ROUND,
    S_SCORE,
    S_TOP,
    STATE_SIZE,
)
from sim.games.landunter.reference import PLUGIN, illegal_message, seat_params
from sim.games.landunter.rules import Rules
from sim.nb import BOT_RAISED, read_only
from sim.registry import BotError
from strategies.landunter.dispatch import N_BUILTINS, decide_builtin

ERR_NONE = 0
ERR_ILLEGAL_CARD = 1
ERR_FIELDS = 5  # code, seat, deal, round, card
_MASK64 = (1 << 64) - 1

_RULE_FLAG_R = np.array([r for r, _ in RULE_FLAGS], dtype=np.int64)
_RULE_FLAG_S = np.array([s for _, s in RULE_FLAGS], dtype=np.int64)


def _decide(bot_ids, user_fns, seat, st, params, u):
    """The seat's bot decides (compiled only: see the overload below)."""
    raise NotImplementedError


@overload(_decide, inline="always")
def _decide_overload(bot_ids, user_fns, seat, st, params, u):
    """``user_fns`` None: the built-in switch alone. Otherwise the switch for
    seats with a built-in id (>= 0), else the seat's plug-in. A built-in gets
    `st` and its row of ``params`` read-only; a plug-in, their addresses."""
    if isinstance(user_fns, types.NoneType):

        def builtin_only(bot_ids, user_fns, seat, st, params, u):
            return decide_builtin(bot_ids[seat], seat, read_only(st), read_only(borrow_row(params, seat, np.float64)), u)

        return builtin_only

    def with_user_bots(bot_ids, user_fns, seat, st, params, u):
        b = bot_ids[seat]
        if b >= 0:
            return decide_builtin(b, seat, read_only(st), read_only(borrow_row(params, seat, np.float64)), u)
        return user_fns[seat](0, seat, st.ctypes.data, params.ctypes.data, u)

    return with_user_bots


@njit(cache=True, inline="always")
def _play_game(
    rules,
    bot_ids,
    user_fns,
    params,
    seed,
    first_game,
    st,
    deck,
    hand_masks_lo,
    hand_masks_hi,
    hand_strengths,
    hand_ring_counts,
    held,
    bot_rs,
    flood,
    plays,
    pts,
    g,
    score,
    win60,
    elim,
    early,
    n_elim,
    rounds,
    deal_pts,
    strength,
    hand_rings,
    holes,
    err,
    script,
):
    """Game ``first_game + g`` into row g of the output arrays; returns an
    error code. With a ``script`` (script.py), rollout g from its position.

    ``held``: the private hand masks of this deal, seat p's at [p] (cards
    1..60) and [MAXP + p] (61..72); ``bot_rs``: each seat's bot stream."""
    n = rules[R_PLAYERS]
    n_cards = rules[R_N_CARDS]
    if script is None:
        game = first_game + g
        state = rng.game_stream(seed, np.uint64(game))
        for p in range(n):
            bot_rs[p] = rng.bot_stream(seed, np.uint64(game), np.uint64(p))

        # ---- fresh public state
        for i in range(S_CARD_HAND, STATE_SIZE):
            st[i] = 0
        for p in range(n):
            st[S_SCORE + p] = 0
            score[g, p] = 0
            elim[g, p] = 0

        # ---- Setup: shuffle the weather cards, deal 12 to each (hand h to seat h)
        state = core.deal_hands(state, deck, n, n_cards, hand_masks_lo, hand_masks_hi, hand_strengths, hand_ring_counts)
        d0, r0, forced_seat, forced_card = 0, -1, -1, 0
    else:  # a deal under way: round r0 of deal d0, seat forced_seat plays forced_card first
        state, d0, r0, forced_seat, forced_card = scripted.set_up(
            script,
            seed,
            first_game,
            g,
            n,
            n_cards,
            st,
            held,
            hand_masks_lo,
            hand_masks_hi,
            hand_strengths,
            hand_ring_counts,
            flood,
            bot_rs,
            score,
            elim,
            strength,
            hand_rings,
        )

    for d in range(d0, n):
        if r0 >= 0 and d == d0:  # the script's deal is under way: play on from round r0
            ended = False
            r = r0
        else:
            # ---- deal d: seat p plays hand (p - d) mod n with its full rings
            st[S_DEAL] = d
            st[S_N_IN] = n
            for p in range(n):
                hid = (p - d) % n
                held[p] = hand_masks_lo[hid]
                held[MAXP + p] = hand_masks_hi[hid]
                st[S_HAND_N + p] = HAND_SIZE
                st[S_HAND_ID + p] = hid
                st[S_RINGS + p] = hand_ring_counts[hid]
                st[S_RINGS_FULL + p] = hand_ring_counts[hid]
                st[S_TOP + p] = 0
                st[S_IN + p] = 1
                strength[g, d, p] = hand_strengths[hid]
                hand_rings[g, d, p] = hand_ring_counts[hid]
            for i in range(FLOOD_CARDS):
                flood[i] = i // 2 + 1
            state = rng.shuffle(state, flood, FLOOD_CARDS)
            for v in range(1, FLOOD_MAX + 1):
                st[S_FLOOD_LEFT + v] = 2

            ended = n <= 2 and rules[R_TWO_PLAYED_OUT] == 0
            r = 0
        met = 0  # rule holes met in this deal
        played = r
        while not ended and r < HAND_SIZE:
            a = flood[2 * r]
            b = flood[2 * r + 1]
            st[S_ROUND] = r
            st[S_FLOOD_LO] = min(a, b)
            st[S_FLOOD_HI] = max(a, b)
            st[S_FLOOD_LEFT + a] -= 1
            st[S_FLOOD_LEFT + b] -= 1
            # step 2: simultaneous choice, seat order, one uniform each from
            # the seat's own stream. The seat sees its own hand for its call
            # only; its card leaves the private hand at once, the public hand
            # size and card memory change only after everyone has chosen.
            for p in range(n):
                if st[S_IN + p] == 1:
                    rs, u = rng.uniform(bot_rs[p])
                    bot_rs[p] = rs
                    st[S_HAND_LO + p] = held[p]
                    st[S_HAND_HI + p] = held[MAXP + p]
                    if script is not None and p == forced_seat:  # the choice under test
                        c = forced_card
                        forced_seat = -1
                    else:
                        c = _decide(bot_ids, user_fns, p, st, params, u)
                    st[S_HAND_LO + p] = 0
                    st[S_HAND_HI + p] = 0
                    plays[p] = c
                    if not core.take_from_mask(held, p, MAXP + p, c):
                        err[g, 0] = ERR_ILLEGAL_CARD
                        err[g, 1] = p
                        err[g, 2] = d
                        err[g, 3] = r
                        err[g, 4] = c
                        return ERR_ILLEGAL_CARD
            when = HAND_SIZE * d + r + 1
            for p in range(n):
                if st[S_IN + p] == 1:
                    c = plays[p]
                    st[S_HAND_N + p] -= 1
                    st[S_CARD_HAND + c] = st[S_HAND_ID + p] + 1
                    st[S_CARD_WHEN + c] = when
            # steps 3 and 4
            core.award_flood(st, n, plays, st[S_FLOOD_LO], st[S_FLOOD_HI])
            ended, step_holes = core.flip_step_counted(st, n)
            met |= step_holes
            r += 1
            played = r
        # ---- scoring
        core.score_deal(st, n, pts)
        holes[g, d] = met | core.score_holes(st, n)
        out = 0
        for p in range(n):
            deal_pts[g, d, p] = pts[p]
            score[g, p] += pts[p]
            st[S_SCORE + p] += pts[p]
            if st[S_IN + p] == 0:
                out += 1
                elim[g, p] += 1
        early[g, d] = 1 if ended else 0
        n_elim[g, d] = out
        rounds[g, d] = played

    best = score[g, 0]
    for p in range(1, n):
        if score[g, p] > best:
            best = score[g, p]
    k = 0
    for p in range(n):
        if score[g, p] == best:
            k += 1
    for p in range(n):
        win60[g, p] = 60 // k if score[g, p] == best else 0
    return ERR_NONE


@njit(cache=True)
def _play_chunk(
    rules,
    bot_ids,
    user_fns,
    params,
    seed,
    first_game,
    g0,
    g1,
    flag_r,
    flag_s,
    score,
    win60,
    elim,
    early,
    n_elim,
    rounds,
    deal_pts,
    strength,
    hand_rings,
    holes,
    err,
    script,
):
    """Games g0 .. g1-1 of the batch (rollouts with a ``script``), with
    scratch allocated once for them all."""
    n = rules[R_PLAYERS]
    st_owner = np.zeros(STATE_SIZE, np.int64)
    st = borrow(st_owner, np.int64)  # no reference counting in the hot loop
    st[S_PLAYERS] = n
    st[S_N_CARDS] = rules[R_N_CARDS]
    for i in range(flag_r.shape[0]):
        st[flag_s[i]] = rules[flag_r[i]]
    deck = np.empty(MAX_CARD, np.int64)
    hand_masks_lo = np.empty(MAXP, np.int64)
    hand_masks_hi = np.empty(MAXP, np.int64)
    hand_strengths = np.empty(MAXP, np.int64)
    hand_ring_counts = np.empty(MAXP, np.int64)
    held = np.zeros(2 * MAXP, np.int64)
    bot_rs = np.empty(MAXP, np.uint64)
    flood = np.empty(FLOOD_CARDS, np.int64)
    plays = np.zeros(MAXP, np.int64)
    pts = np.zeros(MAXP, np.int64)
    for g in range(g0, g1):
        _play_game(
            rules,
            bot_ids,
            user_fns,
            params,
            seed,
            first_game,
            st,
            deck,
            hand_masks_lo,
            hand_masks_hi,
            hand_strengths,
            hand_ring_counts,
            held,
            bot_rs,
            flood,
            plays,
            pts,
            g,
            score,
            win60,
            elim,
            early,
            n_elim,
            rounds,
            deal_pts,
            strength,
            hand_rings,
            holes,
            err,
            script,
        )
    st_owner[0] = st[0]  # keeps st_owner alive while st is in use


@njit(cache=True, parallel=True)
def _kernel(
    rules,
    bot_ids,
    user_fns,
    params,
    seed,
    first_game,
    n_games,
    chunk,
    flag_r,
    flag_s,
    score,
    win60,
    elim,
    early,
    n_elim,
    rounds,
    deal_pts,
    strength,
    hand_rings,
    holes,
    err,
    sums,
    script,
):
    """prange over chunks of games; the chunk body is a plain njit function, so
    the parallel passes see a tiny loop (fast to compile). Each chunk then
    counts its own games into its row of ``sums`` (`chunk_sums`). ``script``:
    None, or the games are rollouts from a position (script.py; not counted)."""
    n_chunks = (n_games + chunk - 1) // chunk
    for c in prange(n_chunks):
        g0, g1 = c * chunk, min((c + 1) * chunk, n_games)
        _play_chunk(
            rules,
            bot_ids,
            user_fns,
            params,
            seed,
            first_game,
            g0,
            g1,
            flag_r,
            flag_s,
            score,
            win60,
            elim,
            early,
            n_elim,
            rounds,
            deal_pts,
            strength,
            hand_rings,
            holes,
            err,
            script,
        )
        if script is None and sums.shape[1] > 0:  # (no columns: a caller that wants no counts)
            chunk_sums.count_games(score, win60, elim, early, n_elim, rounds, deal_pts, strength, hand_rings, g0, g1, sums[c])


# ---------------------------------------------------------------- stale caches
def refresh_stale_caches() -> bool:
    """Flush this engine's numba cache when any source compiled into it changed (`sim.nb`)."""
    sources = nb.compiled_sources(Path(__file__).parent, [Path(strategies.landunter.__file__).parent])
    return nb.refresh_stale_caches("landunter", _kernel, ("sim.games.landunter", "strategies.landunter"), sources)


refresh_stale_caches()


def _seat_arrays(rules: Rules, seats) -> tuple[np.ndarray, np.ndarray]:
    n = rules.players
    if len(seats) != n:
        raise ValueError(f"got {len(seats)} seats for {n} players")
    bot_ids = np.empty(n, dtype=np.int64)
    for p, seat in enumerate(seats):
        bid = seat.bot.builtin_id
        if bid >= N_BUILTINS:
            raise ValueError(f"bot {seat.bot.name!r} at seat {p} has builtin_id {bid}, but the switch knows 0..{N_BUILTINS - 1}")
        bot_ids[p] = bid if bid >= 0 else -1
    return bot_ids, seat_params(seats)


# ---------------------------------------------------------------- user bots
def sealed(bot):
    """The function both engines run for ``bot`` (`sim.plugins.sealed`)."""
    return plugins.sealed(bot, PLUGIN)


def user_functions(seats):
    """None if every seat has a built-in bot; else the plug-in tuple of the
    batch, always `MAXP` long (`sim.plugins.plugin_slots`)."""
    return plugins.plugin_slots(seats, PLUGIN, MAXP)


def play_batch(
    rules: Rules, seats, seed: int, first_game: int, n_games: int, chunk: int | None = None, script=None
) -> outputs.Batch:
    """Play games ``first_game .. first_game + n_games - 1`` of master ``seed``
    (with a ``script``, script.py: n_games rollouts from its position).

    ``seats``: one registry `Seat` per player (built-in bots through the
    switch, user bots as first-class functions). ``chunk``: games
    per parallel work item (default: about 8 per thread, at most 4096); the
    results do not depend on it.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a landunter Rules, not {type(rules).__name__}")
    n_games = int(n_games)
    if n_games < 0:
        raise ValueError(f"n_games must be >= 0, got {n_games}")
    bot_ids, params = _seat_arrays(rules, seats)
    batch = outputs.empty_batch(n_games, rules.players)
    err = np.zeros((n_games, ERR_FIELDS), np.int64)
    if n_games == 0:
        return batch
    if chunk is None:
        chunk = default_chunk(n_games)
    n_chunks = -(-n_games // chunk)
    sums = np.zeros((n_chunks, chunk_sums.offsets(rules.players, rules.deals)[-1] if script is None else 0), np.int64)
    user_fns = user_functions(seats)
    with nb.first_class_calls():
        nb.call_kernel(
            _kernel,
            rules.to_array(),
            bot_ids,
            user_fns,
            params,
            np.uint64(int(seed) & _MASK64),
            np.int64(first_game),
            np.int64(n_games),
            np.int64(chunk),
            _RULE_FLAG_R,
            _RULE_FLAG_S,
            *batch,
            err,
            sums,
            script,
        )
    raise_on_error(err, seats, seed, first_game)
    if script is not None:
        return batch
    return chunk_sums.counted(batch, chunk_sums.combine(sums, rules.players, rules.deals))


def default_chunk(n_games: int) -> int:
    """Games per parallel work item: a multiple of the thread count of
    items, at least 8 per thread and at most 4096 games each (an odd count
    left one thread idle while the other played the last item)."""
    threads = numba.get_num_threads()
    items = threads * max(8, -(-n_games // (4096 * threads)))
    return max(64, -(-n_games // items))


def raise_on_error(err: np.ndarray, seats, seed: int, first_game: int) -> None:
    """Raise for the first game whose error code is set: BotError if its bot
    raised, else ValueError (illegal card); naming the bot, seat, seed, game
    index, deal and round."""
    bad = np.flatnonzero(err[:, 0])
    if bad.size:
        i = int(bad[0])
        _, p, d, r, card = (int(x) for x in err[i])
        if card == BOT_RAISED:
            raise BotError(
                f"bot {seats[p].bot.name!r} in seat {p} raised an exception (seed {seed}, "
                f"game {int(first_game) + i}, deal {d + 1}, round {r + 1})"
            )
        raise ValueError(illegal_message(seats[p].bot.name, p, card, seed, int(first_game) + i, d, r))
