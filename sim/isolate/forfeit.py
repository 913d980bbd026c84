"""A forfeit is a loss: how a forfeited game is scored.

The game is played to its end (the built-in ``random`` stands in for the
forfeiting seat from its failed decision on, so every other seat's game and
figures stay whole), then the forfeiting seat's result is set to a loss:

- its win share is 0; the share it would have had goes to the seats that
  did not forfeit and finished best among them (the game's own order, its
  head-to-head columns), split equally on a tie as the game splits a tied
  win; when every seat forfeits, nobody wins that game;
- it loses every head-to-head pair against a seat that did not forfeit;
  two seats that both forfeited tie their pair;
- its other figures (score, ...) are those of the game as played out.

This works on the per-game metric columns every game has (``seat{s}.win``,
optionally ``seat{s}.win60``, and ``pair{a}.{b}``), so it needs no game's rules.
"""

from __future__ import annotations

import numpy as np


def score_forfeits(cols: dict[str, np.ndarray], lost: np.ndarray) -> dict[str, np.ndarray]:
    """``cols`` (a batch's metric columns) with every forfeit scored as a loss;
    ``lost[game, seat]`` is True where that seat forfeited that game."""
    lost = np.asarray(lost, dtype=bool)
    games, players = lost.shape
    if not lost.any():
        return cols
    out = dict(cols)
    ahead = np.full((games, players, players), 0.5)  # [g, a, b]: 1 a ahead of b, 1/2 a tie, 0 behind
    for a in range(players):
        for b in range(a + 1, players):
            pair = cols.get(f"pair{a}.{b}")
            if pair is None:
                continue
            ahead[:, a, b], ahead[:, b, a] = pair, 1.0 - np.asarray(pair, dtype=np.float64)
            la, lb = lost[:, a], lost[:, b]
            out[f"pair{a}.{b}"] = np.where(la & lb, 0.5, np.where(la, 0.0, np.where(lb, 1.0, pair)))
    win = np.stack([np.asarray(cols[f"seat{s}.win"], dtype=np.float64) for s in range(players)], axis=1)
    freed = np.where(lost, win, 0.0).sum(axis=1)
    win[lost] = 0.0
    alive = ~lost
    behind = ((ahead < 0.5) & alive[:, None, :]).any(axis=2)  # behind some seat that did not forfeit
    best = alive & ~behind
    n_best = best.sum(axis=1)
    share = np.divide(freed, n_best, out=np.zeros(games), where=n_best > 0)
    win += np.where(best, share[:, None], 0.0)
    for s in range(players):
        out[f"seat{s}.win"] = win[:, s]
        if f"seat{s}.win60" in cols:
            out[f"seat{s}.win60"] = np.rint(win[:, s] * 60).astype(np.asarray(cols[f"seat{s}.win60"]).dtype)
    return out


def lost_games(forfeits, seed: int, first_game: int, n_games: int, players: int) -> np.ndarray:
    """[game, seat] True where a forfeit of ``forfeits`` (`sim.isolate.play.Forfeit`)
    fell in the batch of games ``first_game .. first_game + n_games - 1`` of ``seed``."""
    lost = np.zeros((n_games, players), dtype=bool)
    for f in forfeits:
        if f.seed == seed and first_game <= f.game < first_game + n_games:
            lost[f.game - first_game, f.seat] = True
    return lost
