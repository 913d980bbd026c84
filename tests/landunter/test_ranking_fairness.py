"""sim landunter ranking / fairness: statistics from hand-built histograms,
a planted strong bot, CLI output and errors, small runs writing their report."""

from __future__ import annotations

import json

import numpy as np
import pytest
from scipy import stats
from typer.testing import CliRunner

from sim.cli import app
from sim.games.landunter.analyses import fairness as fa
from sim.games.landunter.reference import ring_count
from sim.games.landunter.summary import MAX_RINGS, POINTS_MIN, STRENGTH_BINS
from sim.metagame import pair_games, payoff

runner = CliRunner()
SHAPE = (MAX_RINGS + 1, STRENGTH_BINS, len(fa.POINTS))


def hist(entries) -> np.ndarray:
    """{(rings, strength bin, points): hands} as the engine's histogram."""
    H = np.zeros(SHAPE, dtype=np.int64)
    for (r, b, p), count in entries.items():
        H[r, b, p - POINTS_MIN] += count
    return H


def test_cell_means_and_cis_come_from_the_counts():
    # rings 3, bin 30: points 0, 2, 2, 4 -> mean 2, sd sqrt(8/3); rings 5, bin 31: all 1
    H = hist({(3, 30, 0): 1, (3, 30, 2): 2, (3, 30, 4): 1, (5, 31, 1): 6})
    rings = fa.by_rings(H).set_index("rings")
    assert list(rings.index) == [3, 5] and list(rings.hands) == [4, 6]
    lo, hi = stats.t.interval(0.95, 3, loc=2.0, scale=np.sqrt(8 / 3) / 2)
    assert rings.loc[3, "points"] == pytest.approx(2.0)
    assert (rings.loc[3, "points_lo"], rings.loc[3, "points_hi"]) == pytest.approx((lo, hi))
    assert rings.loc[5, ["points", "points_lo", "points_hi"]].tolist() == [1.0, 1.0, 1.0]
    strength = fa.by_strength(H, group=3).set_index("strength_lo")  # bins 30, 31 -> 300..329
    assert strength.loc[300, "hands"] == 10 and strength.loc[300, "strength_hi"] == 329
    assert strength.loc[300, "points"] == pytest.approx((8 + 6) / 10)
    assert len(fa.cells(H)) == 2


def test_regression_recovers_a_planted_plane_and_a_rings_worth():
    # points = 1 + 0.5 rings - 0.05 per 10 strength points, exactly, at bin middles
    a, c, b = 1.0, 0.5, -0.05
    entries = {}
    for r in range(2, 8):
        for k in range(20, 50):
            p = a + c * r + b * (10 * k + 4.5) / 10
            lo_p = int(np.floor(p))  # split the hands so the cell mean is exactly p
            w = round((p - lo_p) * 1000)
            entries[(r, k, lo_p)] = 1000 - w
            entries[(r, k, lo_p + 1)] = w
    reg = fa.regression(hist(entries))
    assert reg["per_ring"].mean == pytest.approx(c, abs=1e-3)
    assert reg["per_10_strength"].mean == pytest.approx(b, abs=1e-4)
    assert reg["ring_worth"].mean == pytest.approx(10 * c / b, rel=1e-2)  # -100 strength points
    assert reg["per_ring"].lo < c < reg["per_ring"].hi and reg["points"].n == 6 * 30 * 1000
    assert reg["spread"].mean > 1 and fa.verdict(reg) == "not flat: more rings and fewer high cards win"


def test_constant_points_are_flat():
    H = hist({(r, k, 1): 50 for r in range(1, 9) for k in range(25, 45)})
    reg = fa.regression(H)
    assert reg["spread"].mean == pytest.approx(0, abs=1e-9) and fa.verdict(reg) == "flat"


def test_regression_se_clustered_by_game_matches_the_sandwich_on_per_hand_data():
    # 400 games x 3 deals x 3 players; the hands of a game share part of their rings and
    # of their points, so the clustered SE differs clearly from the independent-hands one
    from sim.games.landunter.outputs import Batch
    from sim.games.landunter.summary import histograms

    rng = np.random.default_rng(5)
    g, d, p = 400, 3, 3
    rings = rng.integers(0, 5, (g, 1, 1)) + rng.integers(0, 5, (g, d, p))
    strength = rng.integers(200, 520, (g, d, p))
    shared = rng.integers(-1, 3, (g, 1, 1))
    points = np.clip(rings // 2 - strength // 200 + shared + rng.integers(0, 2, (g, d, p)), -1, 13)
    zeros = np.zeros((g, d), np.int8)
    batch = Batch(
        np.zeros((g, p), np.int32),
        np.zeros((g, p), np.int16),
        np.zeros((g, p), np.int16),
        zeros,
        zeros,
        zeros,
        points.astype(np.int8),
        strength.astype(np.int16),
        rings.astype(np.int8),
    )
    h = histograms(batch, None)
    reg = fa.regression(h[fa.HIST], h[fa.MOMENTS])
    X = np.column_stack([np.ones(points.size), (strength // 10).ravel(), rings.ravel()])
    y = points.ravel().astype(float)
    bread = np.linalg.inv(X.T @ X)
    beta = bread @ X.T @ y
    scores = (X * (y - X @ beta)[:, None]).reshape(g, d * p, 3).sum(1)
    se = np.sqrt(np.diag(bread @ scores.T @ scores @ bread))
    half = (reg["per_ring"].hi - reg["per_ring"].lo) / 2
    assert reg["per_ring"].mean == pytest.approx(beta[2]) and half == pytest.approx(fa.Z * se[2])
    assert (reg["per_10_strength"].hi - reg["per_10_strength"].lo) / 2 == pytest.approx(fa.Z * se[1])
    assert reg["cluster_se_ratio"] > 1.3


def test_payoff_and_pair_counts_from_a_tournament_summary():
    summary = {
        "ranking": [{"bot": "a"}, {"bot": "b"}],
        "head_to_head": [[None, {"mean": 0.7, "ci95": [0.6, 0.8]}], [{"mean": 0.3, "ci95": [0.2, 0.4]}, None]],
    }
    A, lo, hi = payoff(summary)
    assert A.tolist() == [[0.5, 0.7], [0.3, 0.5]] and lo[0, 1] == 0.6 and hi[1, 0] == 0.4
    cnt = pair_games(["b", "a", "c"], ["a", "b", "c"], [(0, 1), (1, 2)], 10)
    assert cnt[0, 1] == 10 and cnt[0, 2] == 10 and cnt[1, 2] == 0


def test_planted_strong_bot_ranks_first_and_json_shape():
    res = runner.invoke(app, ["landunter", "ranking", "-n", "3", "-g", "600", "-b", "random,dodge,mid", "--json"])
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    t = summary["tournaments"][0]
    assert t["players"] == 3 and [r["bot"] for r in t["ranking"]][0] == "dodge"
    assert t["ranking"][0]["win_share"]["ci95"][0] > 1 / 3
    assert t["equilibrium"]["dodge"] == pytest.approx(1.0) and t["best_response"]["random"]["bot"] == "dodge"
    assert set(t) >= {"games", "seatings", "payoff", "support_share", "value"}


def test_fairness_json_shape():
    res = runner.invoke(app, ["landunter", "fairness", "-n", "3", "-g", "300", "-b", "low,dodge", "--json"])
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert [r["mix"] for r in summary["results"]] == ["low", "dodge", "mixed"]
    r = summary["results"][0]
    assert r["hands"] == 3 * 3 * r["games"]  # three hands per deal, three deals per game
    assert {"verdict", "spread", "ring_worth", "per_ring", "per_10_strength", "by_rings"} <= set(r)


@pytest.mark.parametrize(
    "command,args,message",
    [
        ("ranking", ["-n", "2"], "3..6"),
        ("ranking", ["-n", "3-x"], "--players"),
        ("ranking", ["-b", "dodge,nosuch"], "unknown bot 'nosuch'"),
        ("fairness", ["-n", "7"], "3..6"),
        ("fairness", ["-b", "nosuch"], "unknown bot"),
        ("ranking", ["-b", "low"], "at least two"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(command, args, message):
    res = runner.invoke(app, ["landunter", command, "-g", "10", *args])
    assert res.exit_code == 2, res.output
    assert message in res.output and "Traceback" not in res.output and len(res.output.strip().splitlines()) == 1


def test_small_runs_write_report_tables_and_plots(tmp_path):
    from sim.games.landunter.analyses.fairness import fairness
    from sim.games.landunter.analyses.ranking import ranking

    ranking(players_list=[3], bots=["low", "high", "dodge"], games=300, out=tmp_path / "r", progress=False)
    fairness(players_list=[3], bots=["low", "high"], games=300, out=tmp_path / "f", progress=False)
    for name in ("report.md", "summary.json", "ranking_3p.csv", "ranking_3p.png", "payoff_3p.png", "equilibrium_3p.csv"):
        assert (tmp_path / "r" / name).is_file(), name
    for name in (
        "report.md",
        "regression.csv",
        "cells.csv",
        "cells_mixed_3p.png",
        "strength_mixed_3p.png",
        "spread_3p.png",
        "rings_3p.png",
    ):
        assert (tmp_path / "f" / name).is_file(), name
    assert "95% CI" in (tmp_path / "f" / "report.md").read_text()


@pytest.mark.parametrize("n_cards", [60, 72])
def test_rings_and_strength_are_uncorrelated_by_mirror_symmetry(n_cards):
    """Mirroring every card keeps a hand's rings and mirrors its strength, so the
    correlation is 0 by construction (stated, not estimated)."""
    assert fa.rings_strength_correlation(n_cards) == 0.0
    rng = np.random.default_rng(1)
    for _ in range(200):
        hand = rng.choice(np.arange(1, n_cards + 1), 12, replace=False)
        mirror = n_cards + 1 - hand
        assert ring_count(hand, n_cards) == ring_count(mirror, n_cards)
        assert hand.sum() + mirror.sum() == 12 * (n_cards + 1)


def test_an_asymmetric_deck_is_not_declared_uncorrelated(monkeypatch):
    monkeypatch.setattr(fa, "ring_halves", lambda card, n_cards: int(card > 50))
    with pytest.raises(ValueError, match="not mirror-symmetric"):
        fa.rings_strength_correlation(60)
