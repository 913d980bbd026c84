"""Hints at the Land unter table: each legal card's win chance, by rollouts.

A rollout starts from the deciding seat's own view, never from the real game:
the other hands and the order of the flood cards still face down are drawn
uniformly among the worlds consistent with everything that seat has seen
(`strategies.landunter.worlds`), and the round is played from its start, so
the cards the seats before it have already chosen this round (hidden, as the
plays are simultaneous) are chosen anew by their bots. From there the game is
played to its end in the reference engine: the seat under test plays the
choice, then the hint bot; people's seats the hint bot; the other seats their
bots, on a fresh random stream. So a hint never uses hidden information.
"""

from __future__ import annotations

import numpy as np

from sim import rng
from sim.games.landunter import layout as L
from sim.games.landunter.reference import DealState, Memory, Position, play_on
from sim.registry import Bot, Seat
from strategies.landunter.worlds import prepare, sample_world

ROLLOUT_GAMES = 1 << 40  # rollout k draws from stream (seed, ROLLOUT_GAMES + k)


def played_this_deal(st: np.ndarray, hand: int) -> list[int]:
    """The cards hand ``hand`` has shown this deal (public)."""
    return [v for v in range(1, int(st[L.S_N_CARDS]) + 1) if st[L.S_CARD_HAND + v] == hand + 1 and L.played_this_deal(st, v)]


def position_of(st: np.ndarray, seat: int, hands_now: np.ndarray, flood: np.ndarray) -> Position:
    """The game at the start of the view's round, in a world where seat t
    holds ``hands_now[t]`` (``seat``: its own hand from the view) and the
    flood cards still face down come in the order ``flood``."""
    n, rnd = int(st[L.S_PLAYERS]), int(st[L.S_ROUND])
    hand_id = [int(x) for x in st[L.S_HAND_ID : L.S_HAND_ID + n]]
    still_in = [bool(x) for x in st[L.S_IN : L.S_IN + n]]
    held = []
    for t in range(n):
        size = int(st[L.S_HAND_N + t]) if t == seat else L.HAND_SIZE - len(played_this_deal(st, hand_id[t]))
        held.append(sorted(int(L.hand_card(st, seat, k)) if t == seat else int(hands_now[t, k]) for k in range(size)))
    hands = [[] for _ in range(n)]
    for t in range(n):
        hands[hand_id[t]] = sorted(held[t] + played_this_deal(st, hand_id[t]))
    ds = DealState(
        [held[t] if still_in[t] else [] for t in range(n)],
        [int(x) for x in st[L.S_RINGS : L.S_RINGS + n]],
        [int(x) for x in st[L.S_TOP : L.S_TOP + n]],
        still_in,
        [int(x) for x in st[L.S_RINGS_FULL : L.S_RINGS_FULL + n]],
        hand_id,
    )
    lo, hi = int(st[L.S_FLOOD_LO]), int(st[L.S_FLOOD_HI])
    flood_left = [int(x) for x in st[L.S_FLOOD_LEFT : L.S_FLOOD_LEFT + L.FLOOD_MAX + 1]]
    flood_left[lo] += 1  # the position is before the round's reveal
    flood_left[hi] += 1
    mem = Memory(
        int(st[L.S_N_CARDS]),
        [int(x) for x in st[L.S_SCORE : L.S_SCORE + n]],
        st[L.S_CARD_HAND : L.S_CARD_HAND + L.MAX_CARD + 1].copy(),
        st[L.S_CARD_WHEN : L.S_CARD_WHEN + L.MAX_CARD + 1].copy(),
    )
    return Position(hands, mem, int(st[L.S_DEAL]), rnd, ds, [0] * (2 * rnd) + [lo, hi] + [int(x) for x in flood], flood_left)


def forced(card: int, then: Seat) -> Seat:
    """``then``'s seat, but its first decision is ``card``."""
    queue = [card]

    def decide(seat, st, params, u):
        return queue.pop() if queue else then.bot.fn(seat, st, params, u)

    return Seat(then.spec, Bot(then.bot.name, decide, (), then.bot.doc, -1), then.params)


def rollout_wins(rules, seats, seed: int, seat: int, st: np.ndarray, choices, hint_bot, rollouts: int) -> list[list[float]]:
    """Win share of ``seat`` in each of ``rollouts`` games after each choice,
    played on from the view ``st`` of ``seat`` alone. Rollout k faces the same
    world and stream whatever the choice (common random numbers)."""
    from sim.play.table import HUMAN

    known, nknown, unseen, target, pool, npool, ways, ok = prepare(seat, st)
    if not ok:
        raise ValueError("no deal of the cards agrees with this view; the log does not come from a real game")
    players = [hint_bot if s.spec == HUMAN else s for s in seats]
    wins: list[list[float]] = [[] for _ in choices]
    hands = np.zeros((L.MAXP, L.HAND_SIZE), np.int64)
    flood = np.zeros(L.FLOOD_CARDS, np.int64)
    seed64 = np.uint64(int(seed) & ((1 << 64) - 1))
    for k in range(rollouts):
        game = np.uint64(ROLLOUT_GAMES + k)
        rs, nflood = sample_world(
            rng.Stream(seed64, game).state, seat, st, known, nknown, unseen, target, pool, npool, ways, hands, flood
        )
        for choice, won in zip(choices, wins):
            stream = rng.Stream(seed64, game)
            stream.state = np.uint64(rs)  # the later deals' flood cards: drawn on after the world
            trial = players[:seat] + [forced(choice.action, players[seat])] + players[seat + 1 :]
            record = play_on(rules, trial, position_of(st, seat, hands, flood[:nflood]), stream, seed, ROLLOUT_GAMES + k)
            won.append(record.win60[seat] / 60)
    return wins
