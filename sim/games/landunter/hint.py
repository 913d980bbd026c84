"""Hints at the Land unter table: each legal card's win chance, by compiled
rollouts from the deciding seat's own view.

A rollout never starts from the real game: the other hands and the order of
the flood cards still face down are drawn uniformly among the worlds
consistent with everything that seat has seen (`strategies.landunter.worlds`),
and the round is played from its start, so the cards the seats before it
have already chosen this round (hidden, as the plays are simultaneous) are
chosen anew by their bots. From there the compiled engine plays the game to
its end (how: script.py): the seat under test plays the card, then the hint
bot; people's seats the hint bot; the other seats their bots, on a fresh
random stream. So a hint never uses hidden information.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from sim import rng
from sim.games.landunter import script as scripted
from sim.games.landunter.engine import play_batch
from sim.games.landunter.layout import FLOOD_CARDS, HAND_SIZE, MAXP
from strategies.landunter.worlds import prepare, sample_world


@njit(cache=True)
def sample_worlds(seed, first_game, rollouts, seat, st, known, nknown, unseen, target, pool, npool, ways):
    """World k drawn from stream (seed, first_game + k), one after the other
    (each draw reorders ``pool``): every world's hands and flood order, and
    the stream state after it. Arguments from ``st`` on as `prepare` returns them."""
    hands = np.zeros((rollouts, MAXP, HAND_SIZE), np.int64)
    floods = np.zeros((rollouts, FLOOD_CARDS), np.int64)
    streams = np.zeros(rollouts, np.uint64)
    for k in range(rollouts):
        state = rng.game_stream(seed, np.uint64(first_game + k))
        streams[k], _ = sample_world(state, seat, st, known, nknown, unseen, target, pool, npool, ways, hands[k], floods[k])
    return hands, floods, streams


def rollout_wins(rules, seats, seed: int, seat: int, st: np.ndarray, choices, hint_bot, rollouts: int) -> list[list[float]]:
    """Win share of ``seat`` in each of ``rollouts`` games after each choice,
    played on from the view ``st`` of ``seat`` alone. Rollout k faces the same
    world and stream whatever the choice (common random numbers)."""
    # deferred: loads pandas and scipy, slow to import (python -X importtime), for this path only
    from sim.play.table import HUMAN, ROLLOUT_GAMES

    st = np.array(st, dtype=np.int64)
    st.flags.writeable = False  # as a bot's view in the kernel: one compiled `prepare` serves both
    known, nknown, unseen, target, pool, npool, ways, ok = prepare(seat, st)
    if not ok:
        raise ValueError("no deal of the cards agrees with this view; the log does not come from a real game")
    seed64 = np.uint64(int(seed) & ((1 << 64) - 1))
    worlds = sample_worlds(seed64, ROLLOUT_GAMES, rollouts, seat, st, known, nknown, unseen, target, pool, npool, ways)
    script = scripted.make(seat, st, [c.action for c in choices], *worlds)
    players = [hint_bot if s.spec == HUMAN else s for s in seats]
    batch = play_batch(rules, players, seed, ROLLOUT_GAMES, rollouts * len(choices), script=script)
    wins = batch.win60[:, seat].reshape(rollouts, len(choices)) / 60
    return wins.T.tolist()
