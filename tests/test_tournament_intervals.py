"""The tournament's reported SEs match the spread of replicated tournaments.

Statistics rule: verify intervals by replication. Each case plays the same
small tournament on 20 seeds; for every win share and head-to-head cell the
replicates' deviations from their mean, in units of the reported SE, must
have an RMS (pooled over the figures) within 0.8–1.25 — also for the
bootstrap the meta-game resamples.
"""

import numpy as np
import pytest

from sim import api
from sim.tournament import play

pytestmark = pytest.mark.slow

SEEDS = range(20)
CASES = [
    ("luft", 2, ["depth", "threshold:t=2"], 400),
    ("luft", 4, ["depth", "threshold:t=2", "air", "drain"], 480),
    ("luft", 6, ["depth", "threshold:t=2", "air", "drain", "threshold:t=4", "random"], 600),
    ("landunter", 3, ["dodge", "low", "high"], 300),
    ("landunter", 4, ["dodge", "low", "high", "mid"], 480),
    ("landunter", 5, ["dodge", "low", "high", "mid", "random"], 600),
]


def _replicates(game_name, players, bots, games):
    game = api.get_game(game_name)
    rules = api.make_rules(game, None, players)
    entrants = [game.registry.parse(b) for b in bots]
    return [play(game, rules, entrants, games, seed, progress=False)[0] for seed in SEEDS]


def _z_rms(estimates: np.ndarray, ses: np.ndarray) -> float:
    """RMS over figures of (estimate − replicate mean) / reported SE, with the
    replicate mean's own df taken out (divisor R − 1)."""
    dev = estimates - estimates.mean(axis=0)
    return float(np.sqrt((dev**2 / ses**2).sum(axis=0).sum() / ((len(estimates) - 1) * estimates.shape[1])))


@pytest.mark.parametrize("game_name, players, bots, games", CASES)
def test_reported_se_matches_the_spread_of_replicated_tournaments(game_name, players, bots, games):
    reps = _replicates(game_name, players, bots, games)
    k = len(bots)
    wins, win_se, cells, cell_se, boot_se = [], [], [], [], []
    for st in reps:
        summary = st.summary()
        by_bot = {r["bot"]: r["win_share"] for r in summary["ranking"]}
        wins.append([by_bot[b]["mean"] for b in bots])
        win_se.append([(by_bot[b]["ci95"][1] - by_bot[b]["ci95"][0]) / (2 * 1.96) for b in bots])
        iu = np.triu_indices(k, 1)
        n, s, ss = (st.pair_sums[..., c][iu] for c in range(3))
        mean = s / n
        cells.append(mean)
        cell_se.append(np.sqrt((ss / n - mean**2) / (n - 1)))
        resampled = st.payoff_resamples(list(range(k)))
        boot_se.append(resampled[:, iu[0], iu[1]].std(axis=0))
    for est, se in ((wins, win_se), (cells, cell_se), (cells, boot_se)):
        ratio = _z_rms(np.array(est), np.array(se))
        assert 0.8 <= ratio <= 1.25, ratio
