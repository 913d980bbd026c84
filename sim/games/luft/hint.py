"""Hints at the Geteilte Luft table: each legal choice's win chance, by
compiled rollouts from the position.

A rollout plays the game on in the compiled engine (how it gets to a
mid-turn position: script.py): the choice under test is made, and from there
every seat is played by its bot (a person's seat by the hint bot). What the
players cannot know is drawn anew from the rollout's own stream: the order of
the undrawn value cards and of the swim deck's remaining cards. So a hint
never peeks at the real game's future.
"""

from __future__ import annotations

import numpy as np

from sim import rng
from sim.games.luft import script as scripted
from sim.games.luft.engine import play_batch
from sim.games.luft.outputs import S_WIN60


def rollout_wins(
    rules, seats, seed: int, history: list[int], seat: int, st: np.ndarray, choices, hint_bot, rollouts: int
) -> list[list[float]]:
    """Win share of ``seat`` in each of ``rollouts`` games after each choice.

    Rollout k draws from the same stream whatever the choice (common random
    numbers), so two choices' wins can be compared game by game. ``history``:
    every decision of the game so far, which lead to the view ``st``.
    """
    # deferred: loads pandas and scipy, slow to import (python -X importtime), for this path only
    from sim.play.table import HUMAN, ROLLOUT_GAMES

    players = [hint_bot if s.spec == HUMAN else s for s in seats]
    streams = np.array([rng.game_stream(seed, ROLLOUT_GAMES + k) for k in range(rollouts)], dtype=np.uint64)
    script = scripted.make(seat, history, [c.action for c in choices], st, streams)
    batch = play_batch(rules, players, seed, 0, rollouts * len(choices), script)
    wins = batch.seat[:, seat, S_WIN60].reshape(rollouts, len(choices)) / 60
    return wins.T.tolist()
